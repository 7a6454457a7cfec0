// Merges a tile grid into axis-aligned rectangles of one tile type each: the exact minimum partition
// (chords between concave corners, Hopcroft–Karp) and the scanline merge (equal runs of a row extend the
// rectangle above) as fallback/reference.
#pragma once

#include <cstddef>
#include <vector>

#include "engine/tile_grid.hpp"

namespace qs {

/// Covers every non-empty tile of `grid` exactly once with rectangles of a single type, sorted by (y, x).
///
/// Each row is split into maximal runs of equal non-empty tiles. A run continues the open rectangle
/// directly above it when that rectangle has the same left end, right end and type (found by binary
/// search among the previous row's open rectangles, sorted by x); an open rectangle that is not
/// continued is finished. Θ(N·M·log M) time for an N-row, M-column grid and Θ(M) extra space besides
/// the output. Empty tiles (type 0) are never covered. `bands` threads each take a band of rows, joined at
/// the seams exactly as one pass continues rectangles (0: two on grids of 2^20 tiles and more, else one);
/// the result is the same for any number.
std::vector<TileRect> partition_rectangles(const TileGrid& grid, int bands = 0);

/// What minimum_rectangles() found, for tests and benchmarks.
struct MinimumPartitionStats {
    std::size_t concave_corners = 0;    ///< vertices with exactly three of their four cells of one type
    std::size_t horizontal_chords = 0;  ///< segments inside one type's region joining two concave corners
    std::size_t vertical_chords = 0;
    std::size_t crossings = 0;           ///< edges of the bipartite chord graph (crossing or sharing an end)
    std::size_t independent_chords = 0;  ///< the largest set of chords no two of which meet
};

/// The minimum number of rectangles covering every non-empty tile exactly once, each of a single type,
/// sorted by (y, x).
///
/// Per tile type: a concave corner is a grid vertex with exactly three of its four cells of that type;
/// a chord joins two concave corners on one grid line through the region's inside. A maximum matching
/// (Hopcroft–Karp) of the bipartite graph of horizontal and vertical chords that meet gives, by König's
/// theorem, a largest set S of pairwise disjoint chords. Cutting along S and then once from every concave
/// corner no chord of S ends at (horizontally, to the first cut or boundary) leaves exactly
/// concave corners − |S| + regions − holes rectangles, the minimum. Regions without chords come out as
/// the scanline merge would cut them. O(P + C·√K) time for P pixels, K chords and C crossings.
std::vector<TileRect> minimum_rectangles(const TileGrid& grid, MinimumPartitionStats* stats = nullptr);

/// Largest grid (in tiles) the level loader partitions exactly; larger ones use the scanline merge.
inline constexpr std::size_t exact_partition_max_tiles = std::size_t{1} << 20;

/// The partition a level uses: minimum_rectangles() up to `exact_max_tiles` tiles, else the scanline
/// merge (both sorted by (y, x)).
std::vector<TileRect> level_rectangles(const TileGrid& grid,
                                       std::size_t exact_max_tiles = exact_partition_max_tiles);

}  // namespace qs
