// Terrain tracing: outlines of solid tiles (Box2D chain loops later) and one-way runs.
#include "game/sim/terrain_shapes.hpp"

#include "game/sim/tiles.hpp"

namespace qs {

std::shared_ptr<const TerrainShapes> TerrainShapes::trace(const TileGrid& tiles) {
    auto shapes = std::make_shared<TerrainShapes>();
    shapes->loops = trace_outlines(tiles, [](std::uint8_t t) { return tile_is_solid(t); });
    auto one_way = static_cast<std::uint8_t>(TileType::oneway);
    for (int y = 0; y < tiles.height; ++y) {
        for (int x = 0; x < tiles.width;) {
            auto is_top = [&](int cx) {
                return tiles.at(cx, y) == one_way && tiles.at(cx, y - 1) != one_way;
            };
            if (!is_top(x)) {
                ++x;
                continue;
            }
            int end = x;
            while (end < tiles.width && is_top(end)) ++end;
            shapes->one_way_runs.push_back({y, x, end});
            x = end;
        }
    }
    return shapes;
}

}  // namespace qs
