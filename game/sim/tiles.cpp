// Tile solidity and the level schema (tile type names, placeable prefab names from the roster).
#include "game/sim/tiles.hpp"

#include "game/sim/roster.hpp"

namespace qs {

const LevelSchema& level_schema() {
    static const LevelSchema schema = [] {
        LevelSchema s;
        s.tile_types = {"empty", "ground", "oneway", "spikes", "ice"};
        s.music_tracks = {"day", "dusk", "cave", "snow", "title"};  // assets/music/<name>.wav
        for_each_entity_type([&]<class T>() {
            if constexpr (T::placeable) s.prefabs.emplace_back(T::type_name);
        });
        return s;
    }();
    return schema;
}

bool tile_is_solid(std::uint8_t tile) {
    auto type = static_cast<TileType>(tile);
    return type == TileType::ground || type == TileType::spikes || type == TileType::ice;
}

}  // namespace qs
