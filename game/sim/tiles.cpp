// The level schema: tile type names from kTileTypes, placeable prefab names and their editable fields from
// the roster, music tracks.
#include "game/sim/tiles.hpp"

#include "game/sim/roster.hpp"

namespace qs {

const LevelSchema& level_schema() {
    static const LevelSchema schema = [] {
        LevelSchema s;
        for (const TileProperties& tile : kTileTypes) s.tile_types.emplace_back(tile.name);
        s.music_tracks = {"day", "dusk", "cave", "snow", "works", "title"};  // assets/music/<name>.ogg
        for_each_entity_type([&]<class T>() {
            if constexpr (T::placeable) {
                s.prefabs.emplace_back(T::type_name);
                std::vector<std::string>& names = s.prefab_fields[T::type_name];
                for (const FieldInfo& field : list_fields(T{})) {
                    if (field.editable) names.push_back(field.name);
                }
            }
        });
        return s;
    }();
    return schema;
}

}  // namespace qs
