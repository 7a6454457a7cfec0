// Fuzzer: rectangle merge and outline tracing on arbitrary grids, with their invariants checked here:
// the rectangles cover every non-empty tile exactly once with one type each; the outlines are closed
// axis-aligned loops whose signed areas add up to the number of solid tiles and whose edges are exactly the
// solid/empty boundary.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <utility>
#include <vector>

#include "engine/outline.hpp"
#include "engine/rect_partition.hpp"

namespace {
[[noreturn]] void broken() {
    __builtin_trap();
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 2) return 0;
    int width = 1 + data[0] % 48, height = 1 + data[1] % 48;
    qs::TileGrid grid(width, height);
    for (int i = 0; i < width * height; ++i) {
        std::size_t at = 2 + static_cast<std::size_t>(i);
        grid.tiles[static_cast<std::size_t>(i)] = at < size ? static_cast<std::uint8_t>(data[at] % 5) : 0;
    }
    // Exact cover, no overlap, one type per rectangle.
    std::vector<int> covered(grid.tiles.size(), 0);
    for (const qs::TileRect& r : qs::partition_rectangles(grid)) {
        if (r.w <= 0 || r.h <= 0 || r.x < 0 || r.y < 0 || r.x + r.w > width || r.y + r.h > height) broken();
        for (int y = r.y; y < r.y + r.h; ++y) {
            for (int x = r.x; x < r.x + r.w; ++x) {
                if (grid.at(x, y) != r.type || r.type == 0) broken();
                ++covered[static_cast<std::size_t>(y) * width + x];
            }
        }
    }
    for (std::size_t i = 0; i < covered.size(); ++i) {
        if (covered[i] != (grid.tiles[i] != 0 ? 1 : 0)) broken();
    }
    // Outlines of the solid tiles (types 1, 3, 4 as in the game).
    auto solid = [](std::uint8_t t) { return t == 1 || t == 3 || t == 4; };
    long long area2 = 0, edge_length = 0;
    for (const qs::OutlineLoop& loop : qs::trace_outlines(grid, solid)) {
        if (loop.size() < 4) broken();
        for (std::size_t i = 0; i < loop.size(); ++i) {
            const qs::OutlinePoint& a = loop[i];
            const qs::OutlinePoint& b = loop[(i + 1) % loop.size()];
            if ((a.x != b.x) == (a.y != b.y)) broken();  // axis-aligned, distinct
            area2 += static_cast<long long>(a.x) * b.y - static_cast<long long>(b.x) * a.y;
            edge_length += std::abs(b.x - a.x) + std::abs(b.y - a.y);
        }
    }
    long long solid_tiles = 0, boundary = 0;
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            if (!solid(grid.at(x, y))) continue;
            ++solid_tiles;
            boundary += !solid(grid.at(x - 1, y)) + !solid(grid.at(x + 1, y)) + !solid(grid.at(x, y - 1)) +
                        !solid(grid.at(x, y + 1));
        }
    }
    // y points down, so the documented positive area of outer loops is the shoelace sum as written.
    if (area2 != 2 * solid_tiles || edge_length != boundary) broken();
    return 0;
}
