// Tests for the scanline rectangle partition: exact output on small shapes, and coverage / overlap /
// merging invariants on thousands of random grids against a straightforward reference. The dev test tier
// (test_sizing.hpp) joins 100 random grids' bands instead of 400.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "engine/rect_partition.hpp"
#include "rect_test_grids.hpp"
#include "test_sizing.hpp"

namespace {

using qs::TileGrid;
using qs::TileRect;

using qs::test::grid_from_rows;

/// The same scanline merge written the slow, obvious way (linear search, sort at the end).
std::vector<TileRect> reference_partition(const TileGrid& grid) {
    std::vector<TileRect> done, open;
    for (int y = 0; y < grid.height; ++y) {
        std::vector<TileRect> next;
        for (int x = 0; x < grid.width;) {
            const std::uint8_t type = grid.at(x, y);
            int end = x + 1;
            while (end < grid.width && grid.at(end, y) == type) ++end;
            if (type != 0) {
                bool continued = false;
                for (TileRect& above : open) {
                    if (above.x == x && above.x + above.w == end && above.type == type && above.h > 0) {
                        ++above.h;
                        next.push_back(above);
                        above.h = 0;  // taken
                        continued = true;
                        break;
                    }
                }
                if (!continued) next.push_back({x, y, end - x, 1, type});
            }
            x = end;
        }
        for (const TileRect& above : open) {
            if (above.h > 0) done.push_back(above);
        }
        open = next;
    }
    done.insert(done.end(), open.begin(), open.end());
    std::sort(done.begin(), done.end(),
              [](const TileRect& a, const TileRect& b) { return a.y != b.y ? a.y < b.y : a.x < b.x; });
    return done;
}

/// Every non-empty tile covered exactly once by a rectangle of its type; no empty tile covered; rows of a
/// rectangle are maximal runs; a rectangle is never directly continued by an identical-width run below.
void check_partition_invariants(const TileGrid& grid, const std::vector<TileRect>& rects) {
    qs::test::check_exact_cover(grid, rects);
    for (const TileRect& r : rects) {
        for (int y = r.y; y < r.y + r.h; ++y) {
            REQUIRE(grid.at(r.x - 1, y) != r.type);    // the run is maximal on the left
            REQUIRE(grid.at(r.x + r.w, y) != r.type);  // and on the right
        }
    }
    // Merged downward as far as the rule allows: no rectangle starts right below an equal one.
    for (const TileRect& a : rects) {
        for (const TileRect& b : rects) {
            if (b.y == a.y + a.h && b.x == a.x && b.w == a.w) REQUIRE(b.type != a.type);
        }
    }
}

std::vector<TileRect> partition_checked(const TileGrid& grid) {
    std::vector<TileRect> rects = qs::partition_rectangles(grid);
    check_partition_invariants(grid, rects);
    return rects;
}

}  // namespace

TEST_CASE("rects: empty and full images") {
    CHECK(qs::partition_rectangles(TileGrid{}).empty());
    CHECK(partition_checked(TileGrid(7, 5)).empty());
    TileGrid full(9, 4);
    for (auto& tile : full.tiles) tile = 3;
    CHECK(partition_checked(full) == std::vector<TileRect>{{0, 0, 9, 4, 3}});
    TileGrid wide(1000, 3);
    for (auto& tile : wide.tiles) tile = 200;
    CHECK(partition_checked(wide) == std::vector<TileRect>{{0, 0, 1000, 3, 200}});
}

TEST_CASE("rects: single pixels") {
    CHECK(partition_checked(grid_from_rows({"x"})) == std::vector<TileRect>{{0, 0, 1, 1, 1}});
    CHECK(partition_checked(grid_from_rows({"...", ".y.", "..."})) == std::vector<TileRect>{{1, 1, 1, 1, 2}});
    CHECK(partition_checked(grid_from_rows({"x.x", ".x.", "x.x"})) ==
          std::vector<TileRect>{
              {0, 0, 1, 1, 1}, {2, 0, 1, 1, 1}, {1, 1, 1, 1, 1}, {0, 2, 1, 1, 1}, {2, 2, 1, 1, 1}});
}

TEST_CASE("rects: x x / x y and x y / x x") {
    CHECK(partition_checked(grid_from_rows({"xx", "xy"})) ==
          std::vector<TileRect>{{0, 0, 2, 1, 1}, {0, 1, 1, 1, 1}, {1, 1, 1, 1, 2}});
    CHECK(partition_checked(grid_from_rows({"xy", "xx"})) ==
          std::vector<TileRect>{{0, 0, 1, 1, 1}, {1, 0, 1, 1, 2}, {0, 1, 2, 1, 1}});
}

TEST_CASE("rects: L-shapes and staircases") {
    CHECK(partition_checked(grid_from_rows({"x.", "x.", "xx"})) ==
          std::vector<TileRect>{{0, 0, 1, 2, 1}, {0, 2, 2, 1, 1}});
    CHECK(partition_checked(grid_from_rows({"xx", "x.", "x."})) ==
          std::vector<TileRect>{{0, 0, 2, 1, 1}, {0, 1, 1, 2, 1}});
    CHECK(partition_checked(grid_from_rows({"x..", "xx.", "xxx"})) ==
          std::vector<TileRect>{{0, 0, 1, 1, 1}, {0, 1, 2, 1, 1}, {0, 2, 3, 1, 1}});
    CHECK(partition_checked(grid_from_rows({"..x", ".xx", "xxx"})) ==
          std::vector<TileRect>{{2, 0, 1, 1, 1}, {1, 1, 2, 1, 1}, {0, 2, 3, 1, 1}});
}

TEST_CASE("rects: a rectangle ends at a gap and a new one starts below it") {
    CHECK(partition_checked(grid_from_rows({"xx", "..", "xx"})) ==
          std::vector<TileRect>{{0, 0, 2, 1, 1}, {0, 2, 2, 1, 1}});
    CHECK(partition_checked(grid_from_rows({"xxyy", "xxyy", "yyxx"})) ==
          std::vector<TileRect>{{0, 0, 2, 2, 1}, {2, 0, 2, 2, 2}, {0, 2, 2, 1, 2}, {2, 2, 2, 1, 1}});
    // Equal ends but a different type below: not merged.
    CHECK(partition_checked(grid_from_rows({"xxx", "yyy", "yyy"})) ==
          std::vector<TileRect>{{0, 0, 3, 1, 1}, {0, 1, 3, 2, 2}});
}

TEST_CASE("rects: runs longer than eight tiles end at every offset") {
    for (int width = 1; width <= 40; ++width) {
        for (int split = 0; split <= width; ++split) {
            TileGrid grid(width, 2);
            for (int x = 0; x < width; ++x) {
                grid.set(x, 0, x < split ? 1 : 2);
                grid.set(x, 1, x < split ? 1 : 0);
            }
            CHECK(partition_checked(grid) == reference_partition(grid));
        }
    }
}

TEST_CASE("rects: thousands of random grids match the reference and keep the invariants") {
    std::mt19937 random(12345);
    int grids = 0;
    for (int round = 0; round < 4000; ++round) {
        const int width = std::uniform_int_distribution<int>(1, round % 10 == 0 ? 80 : 24)(random);
        const int height = std::uniform_int_distribution<int>(1, 24)(random);
        const int types = std::uniform_int_distribution<int>(1, 4)(random);  // types 0..types
        const double keep_left = std::uniform_real_distribution<double>(0.0, 0.95)(random);
        const double keep_above = std::uniform_real_distribution<double>(0.0, 0.95)(random);
        std::uniform_int_distribution<int> type_of(0, types);
        std::uniform_real_distribution<double> chance(0.0, 1.0);
        TileGrid grid(width, height);
        for (int y = 0; y < height; ++y) {
            for (int x = 0; x < width; ++x) {
                std::uint8_t type = static_cast<std::uint8_t>(type_of(random));
                if (x > 0 && chance(random) < keep_left) type = grid.at(x - 1, y);
                if (y > 0 && chance(random) < keep_above) type = grid.at(x, y - 1);
                grid.set(x, y, type);
            }
        }
        const std::vector<TileRect> rects = partition_checked(grid);
        REQUIRE(rects == reference_partition(grid));
        ++grids;
    }
    CHECK(grids == 4000);
}

TEST_CASE("rects: bands of rows on their own threads, joined at the seams, give what one pass gives") {
    std::mt19937 random(3);
    const int rounds = qs::test::tiered(400, 100);
    for (int round = 0; round < rounds; ++round) {
        const int width = std::uniform_int_distribution<int>(1, 40)(random);
        const int height = std::uniform_int_distribution<int>(1, 60)(random);
        TileGrid grid(width, height);
        // Tall stripes of one type (rectangles crossing every seam) with random blocks over them.
        const int stripe = std::uniform_int_distribution<int>(1, 6)(random);
        std::uniform_int_distribution<int> type(0, 3);
        std::bernoulli_distribution noise(std::uniform_real_distribution<double>(0.0, 0.5)(random));
        for (int x = 0; x < width; ++x) {
            const auto stripe_type = static_cast<std::uint8_t>((x / stripe) % 3);
            for (int y = 0; y < height; ++y)
                grid.set(x, y, noise(random) ? static_cast<std::uint8_t>(type(random)) : stripe_type);
        }
        const std::vector<TileRect> one_pass = qs::partition_rectangles(grid, 1);
        for (const int bands : {2, 3, 5, 60}) {
            CAPTURE(bands);
            CHECK(qs::partition_rectangles(grid, bands) == one_pass);
        }
    }
}
