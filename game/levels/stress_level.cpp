// Stress level generation: terrain rows with platforms and pits, entities scattered over the open cells.
#include "game/levels/stress_level.hpp"

#include <algorithm>
#include <map>
#include <random>
#include <sstream>

#include "engine/rect_partition.hpp"
#include "game/levels/prefabs.hpp"
#include "game/sim/world.hpp"

namespace qs {

namespace {

/// What a stress level places where, before it becomes either entities or sprite pixels.
struct Plan {
    TileGrid tiles;
    struct Spot {
        int x, y;
        char kind;  // P c w m t k d s g
    };
    std::vector<Spot> spots;
};

Plan make_plan(int entity_count, std::uint32_t seed) {
    std::mt19937 rng(seed);
    // Bands of 8 rows: a floor with pits, open air above it with ledges. Width grows with the count.
    int width = std::clamp(entity_count / 6, 64, 4000);
    // Open cells per band are about 1.1 x width; plan for half as many again as wanted.
    int bands = std::clamp((entity_count * 3 / 2) / (width + width / 10) + 1, 2, 120);
    int height = bands * 8 + 2;
    Plan plan{TileGrid(width, height), {}};
    for (int x = 0; x < width; ++x) plan.tiles.set(x, height - 1, 1);
    for (int band = 0; band < bands; ++band) {
        int floor = band * 8 + 8;
        for (int x = 0; x < width; ++x) {
            bool pit = band + 1 < bands && (x / 7) % 5 == 3;
            if (!pit)
                plan.tiles.set(
                    x, floor,
                    static_cast<std::uint8_t>((x / 11) % 4 == 0 ? TileType::ice : TileType::ground));
        }
        for (int x = 4; x + 4 < width; x += 13) {
            for (int dx = 0; dx < 4; ++dx)
                plan.tiles.set(x + dx, floor - 4, static_cast<std::uint8_t>(TileType::oneway));
        }
    }
    plan.spots.push_back({2, 6, 'P'});
    plan.spots.push_back({width - 3, height - 2, 'g'});
    std::vector<std::pair<int, int>> open;
    for (int y = 1; y < height - 1; ++y) {
        for (int x = 1; x < width - 1; ++x) {
            if (plan.tiles.at(x, y) == 0 && plan.tiles.at(x, y + 1) != 0 && !(x < 4 && y < 8))
                open.emplace_back(x, y);
        }
    }
    std::shuffle(open.begin(), open.end(), rng);
    int wanted = std::max(0, entity_count - 2);
    for (int i = 0; i < wanted && i < static_cast<int>(open.size()); ++i) {
        int roll = static_cast<int>(rng() % 100);
        char kind = roll < 70   ? 'c'
                    : roll < 85 ? 'w'
                    : roll < 90 ? 'k'
                    : roll < 94 ? 't'
                    : roll < 97 ? 'd'
                                : 's';
        plan.spots.push_back({open[i].first, open[i].second - (kind == 'c' ? 1 : 0), kind});
    }
    return plan;
}

}  // namespace

StressLevel make_stress_level(int entity_count, std::uint32_t seed) {
    Plan plan = make_plan(entity_count, seed);
    auto level = std::make_shared<LevelData>();
    level->folder_name = "stress_" + std::to_string(entity_count);
    level->name = "Stress " + std::to_string(entity_count);
    level->tiles = plan.tiles;
    level->rects = level_rectangles(level->tiles);
    StressLevel out;
    EntityRef last_door;
    const std::map<char, const char*> type_of = {{'P', "player"},     {'c', "coin"},   {'w', "walker"},
                                                 {'k', "checkpoint"}, {'t', "turret"}, {'d', "door"},
                                                 {'s', "switch"},     {'g', "goal"}};
    for (const Plan::Spot& spot : plan.spots) {
        auto type = type_of.find(spot.kind);
        if (type == type_of.end()) continue;
        Entity entity = *make_entity(type->second);
        if (auto* turret = std::get_if<Turret>(&entity)) turret->interval = 120;
        if (std::holds_alternative<Door>(entity))
            last_door = {static_cast<std::uint32_t>(out.entities.size()), 1};
        if (auto* s = std::get_if<Switch>(&entity); s && last_door) s->targets.refs.push_back(last_door);
        body_state(entity).x = spot.x + 0.5;
        body_state(entity).y = spot.y + 0.5;
        out.entities.push_back(std::move(entity));
    }
    out.identity = level_identity(*level, out.entities);
    out.level = level;
    return out;
}

StressLevelFiles make_stress_level_files(int entity_count, std::uint32_t seed) {
    Plan plan = make_plan(entity_count, seed);
    StressLevelFiles files;
    RgbaImage& geometry = files.geometry;
    geometry = {plan.tiles.width, plan.tiles.height, {}};
    geometry.pixels.assign(static_cast<std::size_t>(geometry.width) * geometry.height, 0);
    const std::uint32_t tile_colours[] = {0, 0x000000FF, 0x808080FF, 0xFF0000FF, 0x9AD0FFFF};
    for (int y = 0; y < geometry.height; ++y) {
        for (int x = 0; x < geometry.width; ++x) {
            geometry.pixels[static_cast<std::size_t>(y) * geometry.width + x] =
                tile_colours[plan.tiles.at(x, y)];
        }
    }
    files.sprites = {geometry.width, geometry.height, std::vector<std::uint32_t>(geometry.pixels.size(), 0)};
    const std::string kinds = "PcwktdsG";
    const std::uint32_t sprite_colours[] = {0x0000FFFF, 0xFFFF00FF, 0xFF8000FF, 0x00FFFFFF,
                                            0x804000FF, 0x00C000FF, 0x00FF00FF, 0xFF00FFFF};
    for (const Plan::Spot& spot : plan.spots) {
        std::size_t kind = kinds.find(spot.kind == 'g' ? 'G' : spot.kind);
        if (kind == std::string::npos) continue;
        files.sprites.pixels[static_cast<std::size_t>(spot.y) * files.sprites.width + spot.x] =
            sprite_colours[kind];
    }
    std::ostringstream lvl;
    lvl << "{ \"name\": \"Stress " << entity_count << "\",\n"
        << "  \"obj_colors\": [\"#000000\", \"#808080\", \"#ff0000\", \"#9ad0ff\"],\n"
        << "  \"obj_prefabs\": [\"ground\", \"oneway\", \"spikes\", \"ice\"],\n"
        << "  \"spr_colors\": [\"#0000ff\", \"#ffff00\", \"#ff8000\", \"#00ffff\", \"#804000\", \"#00c000\", "
           "\"#00ff00\", \"#ff00ff\"],\n"
        << "  \"spr_prefabs\": [\"player\", \"coin\", \"walker\", \"checkpoint\", {\"prefab\": \"turret\", "
           "\"interval\": 120}, \"door\", \"switch\", \"goal\"] }\n";
    files.lvl_text = lvl.str();
    return files;
}

}  // namespace qs
