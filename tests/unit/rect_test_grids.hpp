// Shared by the rectangle partition tests: grids written as rows of characters, and the exact-cover check
// every partition (scanline or minimum) must pass.
#pragma once

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "engine/rect_partition.hpp"

namespace qs::test {

/// Builds a grid from rows of characters: '.' is empty, 'a'.. are types 1.., 'x' 1 and 'y' 2.
inline TileGrid grid_from_rows(const std::vector<std::string>& rows) {
    TileGrid grid(rows.empty() ? 0 : static_cast<int>(rows[0].size()), static_cast<int>(rows.size()));
    for (int y = 0; y < grid.height; ++y) {
        for (int x = 0; x < grid.width; ++x) {
            const char c = rows[y][x];
            grid.set(x, y,
                     c == '.'   ? 0
                     : c == 'x' ? 1
                     : c == 'y' ? 2
                                : static_cast<std::uint8_t>(c - 'a' + 1));
        }
    }
    return grid;
}

/// Every non-empty tile covered exactly once by a rectangle of its type, nothing else covered, rectangles in
/// (y, x) order.
inline void check_exact_cover(const TileGrid& grid, const std::vector<TileRect>& rects) {
    std::vector<int> cover(grid.tiles.size(), 0);
    for (std::size_t i = 0; i < rects.size(); ++i) {
        const TileRect& r = rects[i];
        REQUIRE(r.w > 0);
        REQUIRE(r.h > 0);
        REQUIRE(r.x >= 0);
        REQUIRE(r.y >= 0);
        REQUIRE(r.x + r.w <= grid.width);
        REQUIRE(r.y + r.h <= grid.height);
        REQUIRE(r.type != 0);
        if (i > 0) {
            const TileRect& p = rects[i - 1];
            REQUIRE((p.y < r.y || (p.y == r.y && p.x < r.x)));
        }
        for (int y = r.y; y < r.y + r.h; ++y) {
            for (int x = r.x; x < r.x + r.w; ++x) {
                REQUIRE(grid.at(x, y) == r.type);
                ++cover[static_cast<std::size_t>(y) * grid.width + x];
            }
        }
    }
    for (std::size_t i = 0; i < cover.size(); ++i) REQUIRE(cover[i] == (grid.tiles[i] != 0 ? 1 : 0));
}

}  // namespace qs::test
