// Solid-tile outlines: the boundary between solid and empty cells traced along pixel edges into closed
// loops of corner points, and a static Box2D body made of one chain loop per outline (no seams to snag on).
//
//   auto loops = qs::trace_outlines(level.tiles, [](std::uint8_t t) { return t != 0 && t != oneway; });
//   b2Body* ground = qs::create_outline_body(world, loops, 0.6f);
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "engine/tile_grid.hpp"

class b2Body;
class b2World;

namespace qs {

/// A corner of an outline, in tile units (x to the right, y down, origin at the grid's top-left).
struct OutlinePoint {
    int x = 0, y = 0;
    bool operator==(const OutlinePoint&) const = default;
};

/// A closed loop of corner points; the last point connects back to the first. Consecutive points are
/// distinct and no three consecutive points are collinear.
using OutlineLoop = std::vector<OutlinePoint>;

/// Traces the boundary of the cells for which `is_solid(tile)` is true (outside the grid is empty).
/// Every edge v1 -> v2 has the solid cell on one side and the empty cell on the side of (e.y, -e.x),
/// e = v2 - v1 (Box2D's one-sided edge normal), so outer loops have a positive shoelace area and holes a
/// negative one. Two solid cells touching only at a corner belong to separate loops (or to one loop that
/// passes the shared corner twice, never consecutively). Loops come in the order of their first
/// horizontal edge in row-major order and start at that edge's left or right end. `bands` threads share the
/// scan, each over a band of rows (0: two on grids of 2^20 cells and more, else one); the loops are the same
/// for any number.
std::vector<OutlineLoop> trace_outlines(const TileGrid& grid,
                                        const std::function<bool(std::uint8_t)>& is_solid, int bands = 0);

/// Creates one static body at the origin with one b2ChainShape::CreateLoop fixture per loop (tile units
/// used as Box2D units, as they are). The body belongs to `world`. Loops with fewer than 3 points are
/// skipped.
b2Body* create_outline_body(b2World& world, const std::vector<OutlineLoop>& loops, float friction);

/// A stretch of an outline loop along solid cells of one kind: the whole loop when all its cells are of one
/// kind (closed), else an open chain whose ghost vertices are the loop's points just before and after it,
/// so bodies slide over the joint between two pieces as over the loop itself (no seam to snag on).
struct OutlinePiece {
    std::vector<OutlinePoint> points;        ///< corners, plus the two ends of an open piece
    OutlinePoint ghost_before, ghost_after;  ///< open pieces only
    bool closed = false;
    std::uint8_t kind = 0;
};

/// Splits each loop (from trace_outlines over `grid`) where `kind_of(tile)` of the solid cell along the
/// edge changes. Pieces keep the loops' order and orientation; a loop of one kind stays one closed piece.
/// `threads` share the loops (0: two on grids of 2^20 cells and more, else one); the pieces are the same.
std::vector<OutlinePiece> split_outlines(const std::vector<OutlineLoop>& loops, const TileGrid& grid,
                                         const std::function<std::uint8_t(std::uint8_t)>& kind_of,
                                         int threads = 0);

/// The outline pieces of the union of the rectangles whose type is solid (`is_solid`, never type 0),
/// painted in order over an empty width x height grid: exactly split_outlines(trace_outlines(painted,
/// non-empty), painted, kind_of). One pass reads each loop's kinds while tracing it (from bit planes painted
/// from the rectangles, as the solid cells are) and lists unit edges only for loops along cells of several
/// kinds. `bands` as for trace_outlines.
std::vector<OutlinePiece> trace_outline_pieces(int width, int height, std::span<const TileRect> rects,
                                               const std::function<bool(std::uint8_t)>& is_solid,
                                               const std::function<std::uint8_t(std::uint8_t)>& kind_of,
                                               int bands = 0);

/// Creates one static body at the origin with one chain fixture per piece (CreateLoop for a closed piece,
/// CreateChain with its ghost vertices for an open one), each with `friction_of(piece.kind)`.
b2Body* create_outline_body(b2World& world, const std::vector<OutlinePiece>& pieces,
                            const std::function<float(std::uint8_t)>& friction_of);

}  // namespace qs
