// A grid of small tile-type numbers (0 = empty) and the rectangles it merges into.
#pragma once

#include <cstdint>
#include <vector>

namespace qs {

/// Tile types by number; the meaning of each number is the game's (index into its tile type names).
struct TileGrid {
    int width = 0, height = 0;
    std::vector<std::uint8_t> tiles;  ///< row-major, width * height

    TileGrid() = default;
    TileGrid(int w, int h) : width(w), height(h), tiles(static_cast<std::size_t>(w) * h, 0) {}
    bool inside(int x, int y) const { return x >= 0 && y >= 0 && x < width && y < height; }
    /// Tile at (x, y); 0 (empty) outside the grid.
    std::uint8_t at(int x, int y) const {
        return inside(x, y) ? tiles[static_cast<std::size_t>(y) * width + x] : 0;
    }
    void set(int x, int y, std::uint8_t t) { tiles[static_cast<std::size_t>(y) * width + x] = t; }
};

/// An axis-aligned rectangle of tiles that all have one type.
struct TileRect {
    int x = 0, y = 0, w = 0, h = 0;
    std::uint8_t type = 0;
    bool operator==(const TileRect&) const = default;
};

}  // namespace qs
