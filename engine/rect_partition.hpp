// Merges a tile grid into axis-aligned rectangles of one tile type each (the scanline algorithm of
// DESIGN §3): rows are split into runs, and a run extends the rectangle above it when both match exactly.
#pragma once

#include <vector>

#include "engine/tile_grid.hpp"

namespace qs {

/// Covers every non-empty tile of `grid` exactly once with rectangles of a single type, sorted by (y, x).
///
/// Each row is split into maximal runs of equal non-empty tiles. A run continues the open rectangle
/// directly above it when that rectangle has the same left end, right end and type (found by binary
/// search among the previous row's open rectangles, sorted by x); an open rectangle that is not
/// continued is finished. Θ(N·M·log M) time for an N-row, M-column grid and Θ(M) extra space besides
/// the output. Empty tiles (type 0) are never covered.
std::vector<TileRect> partition_rectangles(const TileGrid& grid);

}  // namespace qs
