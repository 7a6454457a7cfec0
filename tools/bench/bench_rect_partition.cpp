// Google Benchmark for the scanline merge and the exact minimum partition on random-blob, platformer-like and
// cave grids; reports ns per pixel, rectangles, and the scanline count over the minimum.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "engine/rect_partition.hpp"
#include "game/levels/cave_level.hpp"

namespace {

using qs::TileGrid;

/// Random discs and boxes of types 1..4 scattered over an empty grid.
TileGrid make_random_blobs(int side) {
    TileGrid grid(side, side);
    std::mt19937 random(42);
    std::uniform_int_distribution<int> coordinate(0, side - 1);
    std::uniform_int_distribution<int> radius(2, 24);
    std::uniform_int_distribution<int> type(1, 4);
    const long blob_count = static_cast<long>(side) * side / 300;
    for (long blob = 0; blob < blob_count; ++blob) {
        const int cx = coordinate(random), cy = coordinate(random), r = radius(random);
        const auto t = static_cast<std::uint8_t>(type(random));
        const bool disc = (blob & 1) != 0;
        for (int y = std::max(0, cy - r); y <= std::min(side - 1, cy + r); ++y) {
            for (int x = std::max(0, cx - r); x <= std::min(side - 1, cx + r); ++x) {
                if (!disc || (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r) grid.set(x, y, t);
            }
        }
    }
    return grid;
}

/// Ground with hills, caves cut into it, ice and spike patches, and floating one-way platforms.
TileGrid make_platformer_terrain(int side) {
    constexpr std::uint8_t kGround = 1, kOneway = 2, kSpikes = 3, kIce = 4;
    TileGrid grid(side, side);
    std::mt19937 random(7);
    const double base = side * 0.6;
    for (int x = 0; x < side; ++x) {
        const double hills = 0.08 * side * std::sin(x * 0.013) + 0.03 * side * std::sin(x * 0.051 + 1.0) +
                             6.0 * std::sin(x * 0.21);
        const int surface = std::clamp(static_cast<int>(base - hills), 1, side - 1);
        for (int y = surface; y < side; ++y) {
            const double cave = std::sin(x * 0.045 + y * 0.017) * std::sin(y * 0.06 - x * 0.011);
            if (y > surface + 8 && cave > 0.55) continue;  // cave
            std::uint8_t type = kGround;
            if (y == surface && (x / 64) % 5 == 2) type = kIce;
            if (y == surface && (x / 40) % 9 == 4) type = kSpikes;
            grid.set(x, y, type);
        }
    }
    std::uniform_int_distribution<int> coordinate(0, side - 1);
    std::uniform_int_distribution<int> length(3, 24);
    const long platform_count = static_cast<long>(side) * side / 2000;
    for (long platform = 0; platform < platform_count; ++platform) {
        const int x0 = coordinate(random), y = coordinate(random) * 6 / 10, n = length(random);
        const std::uint8_t type = (platform % 3 == 0) ? kGround : kOneway;
        for (int x = x0; x < std::min(side, x0 + n); ++x) {
            grid.set(x, y, type);
            if (type == kGround && y + 1 < side) grid.set(x, y + 1, type);
        }
    }
    return grid;
}

/// The cave levels' geometry (game/levels/cave_level.hpp), square.
TileGrid make_caves(int side) {
    return qs::make_cave_tiles(side, side);
}

void run_partition(benchmark::State& state, TileGrid (*make)(int)) {
    const int side = static_cast<int>(state.range(0));
    const TileGrid grid = make(side);
    std::size_t rect_count = 0;
    for (auto _ : state) {
        auto rects = qs::partition_rectangles(grid);
        rect_count = rects.size();
        benchmark::DoNotOptimize(rects.data());
        benchmark::ClobberMemory();
    }
    const double pixels = static_cast<double>(side) * side;
    // Iteration-invariant rate, inverted: seconds per pixel, shown as e.g. "1.3ns".
    state.counters["per_pixel"] = benchmark::Counter(
        pixels, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
    state.counters["rects"] = static_cast<double>(rect_count);
}

/// The exact minimum; "ratio" is the scanline merge's count over the minimum.
void run_minimum(benchmark::State& state, TileGrid (*make)(int)) {
    const int side = static_cast<int>(state.range(0));
    const TileGrid grid = make(side);
    std::size_t rect_count = 0;
    qs::MinimumPartitionStats stats;
    for (auto _ : state) {
        auto rects = qs::minimum_rectangles(grid, &stats);
        rect_count = rects.size();
        benchmark::DoNotOptimize(rects.data());
        benchmark::ClobberMemory();
    }
    const double pixels = static_cast<double>(side) * side;
    state.counters["per_pixel"] = benchmark::Counter(
        pixels, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
    state.counters["rects"] = static_cast<double>(rect_count);
    state.counters["scanline/min"] =
        static_cast<double>(qs::partition_rectangles(grid).size()) / static_cast<double>(rect_count);
    state.counters["concave"] = static_cast<double>(stats.concave_corners);
    state.counters["chords"] = static_cast<double>(stats.horizontal_chords + stats.vertical_chords);
    state.counters["crossings"] = static_cast<double>(stats.crossings);
}

void BM_PartitionRandomBlobs(benchmark::State& state) {
    run_partition(state, make_random_blobs);
}
void BM_PartitionPlatformerTerrain(benchmark::State& state) {
    run_partition(state, make_platformer_terrain);
}

void BM_PartitionCaves(benchmark::State& state) {
    run_partition(state, make_caves);
}
void BM_MinimumRandomBlobs(benchmark::State& state) {
    run_minimum(state, make_random_blobs);
}
void BM_MinimumPlatformerTerrain(benchmark::State& state) {
    run_minimum(state, make_platformer_terrain);
}
void BM_MinimumCaves(benchmark::State& state) {
    run_minimum(state, make_caves);
}

}  // namespace

BENCHMARK(BM_PartitionRandomBlobs)->Arg(256)->Arg(1024)->Arg(4096)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PartitionPlatformerTerrain)->Arg(256)->Arg(1024)->Arg(4096)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PartitionCaves)->Arg(256)->Arg(1024)->Arg(2048)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MinimumRandomBlobs)->Arg(256)->Arg(1024)->Arg(2048)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MinimumPlatformerTerrain)->Arg(256)->Arg(1024)->Arg(2048)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MinimumCaves)->Arg(256)->Arg(1024)->Arg(2048)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
