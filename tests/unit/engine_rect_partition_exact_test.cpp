// Tests for the exact minimum rectangle partition: brute force on small grids, the counting formula
// (concave corners − disjoint chords + Euler characteristic), exact cover on random grids, scanline
// agreement.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "engine/rect_partition.hpp"
#include "rect_test_grids.hpp"

namespace {

using qs::TileGrid;
using qs::TileRect;

using qs::test::check_exact_cover;
using qs::test::grid_from_rows;

/// The minimum by exhaustive search: the first uncovered tile in row-major order is the top-left corner
/// of some rectangle; try each, with branch and bound.
class BruteForce {
   public:
    explicit BruteForce(const TileGrid& grid) : grid_(grid), covered_(grid.tiles.size(), false) {}
    int minimum() {
        best_ = static_cast<int>(grid_.tiles.size()) + 1;
        search(0, 0);
        return best_;
    }

   private:
    bool free_cell(int x, int y, std::uint8_t type) const {
        return grid_.inside(x, y) && grid_.at(x, y) == type && !covered_[index(x, y)];
    }
    std::size_t index(int x, int y) const { return static_cast<std::size_t>(y) * grid_.width + x; }
    void mark(int x0, int y0, int w, int h, bool value) {
        for (int y = y0; y < y0 + h; ++y)
            for (int x = x0; x < x0 + w; ++x) covered_[index(x, y)] = value;
    }
    void search(std::size_t from, int count) {
        if (count >= best_) return;
        std::size_t i = from;
        while (i < grid_.tiles.size() && (grid_.tiles[i] == 0 || covered_[i])) ++i;
        if (i == grid_.tiles.size()) {
            best_ = count;
            return;
        }
        const int x0 = static_cast<int>(i % grid_.width), y0 = static_cast<int>(i / grid_.width);
        const std::uint8_t type = grid_.tiles[i];
        int max_w = 0;
        while (free_cell(x0 + max_w, y0, type)) ++max_w;
        for (int w = max_w; w >= 1; --w) {
            for (int h = 1;; ++h) {
                bool row_free = true;
                for (int x = x0; x < x0 + w; ++x) row_free = row_free && free_cell(x, y0 + h - 1, type);
                if (!row_free) break;
                mark(x0, y0, w, h, true);
                search(i + 1, count + 1);
                mark(x0, y0, w, h, false);
            }
        }
    }

    const TileGrid& grid_;
    std::vector<bool> covered_;
    int best_ = 0;
};

/// Sum over types of the Euler characteristic of the 4-connected region (regions − holes): cells −
/// adjacent pairs + full 2x2 blocks.
long euler_characteristic(const TileGrid& grid) {
    long chi = 0;
    for (int y = 0; y < grid.height; ++y) {
        for (int x = 0; x < grid.width; ++x) {
            const std::uint8_t t = grid.at(x, y);
            if (t == 0) continue;
            ++chi;
            if (grid.at(x + 1, y) == t) --chi;
            if (grid.at(x, y + 1) == t) --chi;
            if (grid.at(x + 1, y) == t && grid.at(x, y + 1) == t && grid.at(x + 1, y + 1) == t) ++chi;
        }
    }
    return chi;
}

TileGrid random_grid(std::mt19937& random, int width, int height, int types, double keep_left,
                     double keep_above) {
    std::uniform_int_distribution<int> type_of(0, types);
    std::uniform_real_distribution<double> chance(0.0, 1.0);
    TileGrid grid(width, height);
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            auto type = static_cast<std::uint8_t>(type_of(random));
            if (x > 0 && chance(random) < keep_left) type = grid.at(x - 1, y);
            if (y > 0 && chance(random) < keep_above) type = grid.at(x, y - 1);
            grid.set(x, y, type);
        }
    }
    return grid;
}

/// The exact partition with every check that does not need brute force; returns it.
std::vector<TileRect> minimum_checked(const TileGrid& grid) {
    qs::MinimumPartitionStats stats;
    std::vector<TileRect> rects = qs::minimum_rectangles(grid, &stats);
    check_exact_cover(grid, rects);
    const long formula = static_cast<long>(stats.concave_corners) -
                         static_cast<long>(stats.independent_chords) + euler_characteristic(grid);
    REQUIRE(static_cast<long>(rects.size()) == formula);
    REQUIRE(rects.size() <= qs::partition_rectangles(grid).size());
    // Without chords every cut is horizontal from a concave corner: the scanline merge's rectangles.
    if (stats.horizontal_chords + stats.vertical_chords == 0)
        REQUIRE(rects == qs::partition_rectangles(grid));
    return rects;
}

}  // namespace

TEST_CASE("exact rects: empty, full and single tiles") {
    CHECK(qs::minimum_rectangles(TileGrid{}).empty());
    CHECK(minimum_checked(TileGrid(7, 5)).empty());
    TileGrid full(9, 4);
    for (auto& tile : full.tiles) tile = 3;
    CHECK(minimum_checked(full) == std::vector<TileRect>{{0, 0, 9, 4, 3}});
    CHECK(minimum_checked(grid_from_rows({"x.x", ".x.", "x.x"})).size() == 5);
}

TEST_CASE("exact rects: a chord between two concave corners saves a rectangle") {
    // A plus sign: no chord, three rectangles either way.
    const TileGrid plus = grid_from_rows({".x.", "xxx", ".x."});
    CHECK(minimum_checked(plus).size() == 3);
    // Two notches facing each other on one row: one horizontal chord joins them.
    const TileGrid notches = grid_from_rows({"xxxxx", "x...x", "xxxxx", "xx.xx", "xxxxx"});
    CHECK(minimum_checked(notches).size() == BruteForce(notches).minimum());
    // A bump on the side: the scanline merge cuts it into 3 rows, the vertical chord gives 2.
    const TileGrid bump = grid_from_rows({"xx.", "xxx", "xx."});
    CHECK(qs::partition_rectangles(bump).size() == 3);
    CHECK(minimum_checked(bump) == std::vector<TileRect>{{0, 0, 2, 3, 1}, {2, 1, 1, 1, 1}});
    CHECK(BruteForce(bump).minimum() == 2);
}

TEST_CASE("exact rects: a frame with a hole and a ring of two types") {
    const TileGrid frame = grid_from_rows({"xxxx", "x..x", "x..x", "xxxx"});
    CHECK(minimum_checked(frame).size() == 4);
    const TileGrid ring = grid_from_rows({"xxyy", "x..y", "y..x", "yyxx"});
    CHECK(minimum_checked(ring).size() == static_cast<std::size_t>(BruteForce(ring).minimum()));
}

TEST_CASE("exact rects: corners touching diagonally") {
    for (const auto& rows : std::vector<std::vector<std::string>>{{"xx.", "xx.", "..x"},
                                                                  {"x.x", ".x.", "x.x"},
                                                                  {"xxx", "x.x", "xx."},
                                                                  {"xxxx", "x.xx", "xx.x", "xxxx"}}) {
        const TileGrid grid = grid_from_rows(rows);
        CHECK(static_cast<int>(minimum_checked(grid).size()) == BruteForce(grid).minimum());
    }
}

TEST_CASE("exact rects: equal to brute force on thousands of small random grids") {
    std::mt19937 random(2026);
    for (int round = 0; round < 3000; ++round) {
        const int width = std::uniform_int_distribution<int>(1, 6)(random);
        const int height = std::uniform_int_distribution<int>(1, 6)(random);
        const int types = std::uniform_int_distribution<int>(1, 3)(random);
        const double keep_left = std::uniform_real_distribution<double>(0.0, 0.9)(random);
        const double keep_above = std::uniform_real_distribution<double>(0.0, 0.9)(random);
        const TileGrid grid = random_grid(random, width, height, types, keep_left, keep_above);
        const std::vector<TileRect> rects = minimum_checked(grid);
        REQUIRE(static_cast<int>(rects.size()) == BruteForce(grid).minimum());
    }
}

TEST_CASE("exact rects: exact cover and the counting formula on larger random grids") {
    std::mt19937 random(77);
    for (int round = 0; round < 600; ++round) {
        const int width = std::uniform_int_distribution<int>(1, 90)(random);
        const int height = std::uniform_int_distribution<int>(1, 60)(random);
        const int types = std::uniform_int_distribution<int>(1, 4)(random);
        const double keep_left = std::uniform_real_distribution<double>(0.3, 0.97)(random);
        const double keep_above = std::uniform_real_distribution<double>(0.3, 0.97)(random);
        minimum_checked(random_grid(random, width, height, types, keep_left, keep_above));
    }
}

TEST_CASE("exact rects: level_rectangles switches to the scanline merge above the limit") {
    const TileGrid bump = grid_from_rows({"xx.", "xxx", "xx."});
    CHECK(qs::level_rectangles(bump).size() == 2);
    CHECK(qs::level_rectangles(bump, 8) == qs::partition_rectangles(bump));
    CHECK(qs::level_rectangles(bump, 9).size() == 2);
}
