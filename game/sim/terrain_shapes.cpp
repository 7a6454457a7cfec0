// Terrain from the merged rectangles: the outline of the solid ones, one-way runs, spike rectangles.
#include "game/sim/terrain_shapes.hpp"

#include <algorithm>

#include "game/sim/tiles.hpp"

namespace qs {

std::shared_ptr<const TerrainShapes> TerrainShapes::build(const LevelData& level) {
    auto shapes = std::make_shared<TerrainShapes>();
    const auto one_way = static_cast<std::uint8_t>(TileType::oneway);
    const auto spikes = static_cast<std::uint8_t>(TileType::spikes);

    // The union of the solid rectangles, painted with their types, and its outline.
    TileGrid solid(level.tiles.width, level.tiles.height);
    for (const TileRect& rect : level.rects) {
        if (!tile_is_solid(rect.type)) continue;
        for (int y = rect.y; y < rect.y + rect.h; ++y) {
            std::fill_n(solid.tiles.begin() + static_cast<std::ptrdiff_t>(y) * solid.width + rect.x, rect.w,
                        rect.type);
        }
    }
    shapes->outline = split_outlines(
        trace_outlines(solid, [](std::uint8_t t) { return t != 0; }), solid,
        [](std::uint8_t t) -> std::uint8_t { return t == static_cast<std::uint8_t>(TileType::ice) ? 1 : 0; });

    // One-way surfaces: on each grid line, the tops of one-way rectangles minus the bottoms of one-way
    // rectangles right above them, joined into maximal runs (rectangles come in (y, x) order).
    std::vector<TileRect> bottoms;
    for (const TileRect& rect : level.rects) {
        if (rect.type == one_way) bottoms.push_back({rect.x, rect.y + rect.h, rect.w, 0, one_way});
        if (rect.type == spikes) shapes->spikes.push_back(rect);
    }
    std::sort(bottoms.begin(), bottoms.end(),
              [](const TileRect& a, const TileRect& b) { return a.y != b.y ? a.y < b.y : a.x < b.x; });
    auto covered = bottoms.begin();
    for (const TileRect& rect : level.rects) {
        if (rect.type != one_way) continue;
        while (covered != bottoms.end() &&
               (covered->y < rect.y || (covered->y == rect.y && covered->x + covered->w <= rect.x))) {
            ++covered;
        }
        int x = rect.x;
        const int end = rect.x + rect.w;
        for (auto below = covered; x < end; ++below) {
            const bool overlaps = below != bottoms.end() && below->y == rect.y && below->x < end;
            const int stop = overlaps ? std::max(x, below->x) : end;
            if (stop > x) {
                auto& runs = shapes->one_way_runs;
                if (!runs.empty() && runs.back().y == rect.y && runs.back().x1 == x) {
                    runs.back().x1 = stop;
                } else {
                    runs.push_back({rect.y, x, stop});
                }
            }
            if (!overlaps) break;
            x = std::max(x, below->x + below->w);
        }
    }
    return shapes;
}

}  // namespace qs
