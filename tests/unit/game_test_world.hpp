// Builds Worlds for game tests from ASCII maps: '#' ground, '=' oneway, '^' spikes, '~' ice, '.' empty,
// and one letter per entity (P player, c coin, w walker, d door, s switch, m platform, t turret,
// k checkpoint, g goal, j spring, x crumble, e gem, v conveyor, z saw). Entities sit at the centre of their
// cell, exactly as a sprites layer at k = 1.
#pragma once

#include <initializer_list>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine/rect_partition.hpp"
#include "game/levels/level_identity.hpp"
#include "game/levels/prefabs.hpp"
#include "game/sim/simulation_version.hpp"
#include "game/sim/world.hpp"

namespace qs::test {

/// A play identity for saves made in tests (every component `n`, this build's simulation version).
inline PlayIdentity test_play(std::uint64_t n) {
    return PlayIdentity{n, n, n, n, simulation_version};
}

/// Options for the ASCII map: configure entities after they are made.
struct MapLevel {
    std::shared_ptr<LevelData> level = std::make_shared<LevelData>();
    std::vector<Entity> entities;
};

inline MapLevel make_map_level(const std::vector<std::string>& rows) {
    MapLevel out;
    LevelData& level = *out.level;
    level.folder_name = "test_map";
    level.name = "Test map";
    int height = static_cast<int>(rows.size());
    int width = 0;
    for (const auto& row : rows) width = std::max(width, static_cast<int>(row.size()));
    level.tiles = TileGrid(width, height);
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < static_cast<int>(rows[y].size()); ++x) {
            char c = rows[y][x];
            TileType type = c == '#'   ? TileType::ground
                            : c == '=' ? TileType::oneway
                            : c == '^' ? TileType::spikes
                            : c == '~' ? TileType::ice
                                       : TileType::empty;
            level.tiles.set(x, y, static_cast<std::uint8_t>(type));
            static const std::map<char, const char*> type_of = {
                {'P', "player"},   {'c', "coin"},   {'w', "walker"},     {'d', "door"}, {'s', "switch"},
                {'m', "platform"}, {'t', "turret"}, {'k', "checkpoint"}, {'g', "goal"}, {'j', "spring"},
                {'x', "crumble"},  {'e', "gem"},    {'v', "conveyor"},   {'z', "saw"}};
            auto prefab = type_of.find(c);
            if (prefab == type_of.end()) continue;
            Entity entity = *make_entity(prefab->second);
            body_state(entity).x = x + 0.5;
            body_state(entity).y = y + 0.5;
            out.entities.push_back(entity);
        }
    }
    level.rects = level_rectangles(level.tiles);
    return out;
}

/// A world for `rows`; `configure` may change the entities (placement order) before the world is built.
template <class Configure>
std::unique_ptr<World> make_world(const std::vector<std::string>& rows, Configure&& configure) {
    MapLevel map = make_map_level(rows);
    configure(map.entities);
    return std::make_unique<World>(map.level, Tuning{}, map.entities);
}

inline std::unique_ptr<World> make_world(const std::vector<std::string>& rows) {
    return make_world(rows, [](std::vector<Entity>&) {});
}

/// Drives a world tick by tick with the actions held on each tick (press edges as a script makes them).
struct Driver {
    World& world;
    ActionState actions{};

    /// One tick with exactly `held` held.
    void tick(std::initializer_list<Action> held = {}) {
        actions.begin_tick();
        actions.release_all();
        for (Action a : held) actions.press(a);
        world.step(actions);
    }
    /// `n` ticks with the same actions held.
    void ticks(int n, std::initializer_list<Action> held = {}) {
        for (int i = 0; i < n; ++i) tick(held);
    }
};

/// The first entity of type T and its ref.
template <class T>
T* first(World& world, EntityRef* ref_out = nullptr) {
    for (std::size_t i = 0; i < world.entities.size(); ++i) {
        if (auto* e = std::get_if<T>(&world.entities.value_at_dense(i))) {
            if (ref_out) *ref_out = to_ref(world.entities.key_at_dense(i));
            return e;
        }
    }
    return nullptr;
}

template <class T>
int count(World& world) {
    int n = 0;
    for (const Entity& e : world.entities) n += std::holds_alternative<T>(e) ? 1 : 0;
    return n;
}

}  // namespace qs::test
