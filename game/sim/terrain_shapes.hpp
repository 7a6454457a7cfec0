// TerrainShapes: the level's static collision shapes, made once per level from its merged rectangles and
// shared read-only by a world and the worlds rebuilt from its snapshots (also on worker threads): solid
// outline pieces, one-way edges, spikes, and the same cut into chunk-sized parts for the terrain window.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "engine/level_data.hpp"
#include "engine/outline.hpp"
#include "engine/tile_grid.hpp"

namespace qs {

struct TerrainShapes {
    /// The top edge of a horizontal run of one-way tiles: row y, columns [x0, x1).
    struct OneWayRun {
        int y, x0, x1;
    };
    /// The outline around the union of the solid rectangles, split where the tiles' friction changes: each
    /// piece's kind is the TileFriction of the tiles along it.
    std::vector<OutlinePiece> outline;
    /// The tops of the one-way rectangles that have no one-way tile above, joined into maximal runs.
    std::vector<OneWayRun> one_way_runs;
    /// The rectangles of tiles that hurt (spikes): one sensor each.
    std::vector<TileRect> spikes;

    // ---- the same shapes by chunk, for the terrain window (terrain_window.hpp) ----
    /// Side of a chunk in tiles. 16: the window (the player's box plus 12 tiles each way) then spans at
    /// most 3 chunks per axis, and a chunk entering it adds only a few dozen edges.
    static constexpr int chunk_size = 16;
    /// A rectangle of chunks, inclusive; empty when x0 > x1 or y0 > y1.
    struct ChunkSpan {
        int x0 = 0, y0 = 0, x1 = -1, y1 = -1;
        bool empty() const { return x0 > x1 || y0 > y1; }
        bool meets(const ChunkSpan& o) const {
            return !empty() && !o.empty() && x0 <= o.x1 && o.x0 <= x1 && y0 <= o.y1 && o.y0 <= y1;
        }
        bool contains(const ChunkSpan& o) const {
            return o.empty() || (!empty() && x0 <= o.x0 && o.x1 <= x1 && y0 <= o.y0 && o.y1 <= y1);
        }
        bool operator==(const ChunkSpan&) const = default;
    };
    /// What becomes one Box2D fixture. Geometry is never cut: an outline part is a run of consecutive
    /// edges of one piece whose boxes touch the same chunks, with the piece's neighbouring points as its
    /// ghost vertices (each child edge is exactly the one the whole piece's chain has); a one-way run and
    /// a spike rectangle are whole. A part is listed in every chunk its box (closed) touches. An outline
    /// part names its points in the piece rather than copying them (part_point, ghost_before/after).
    struct Part {
        enum class Kind : std::uint8_t { chain, loop, one_way, spike };
        Kind kind = Kind::chain;
        std::uint8_t outline_kind = 0;  ///< chain, loop: the piece's kind (friction)
        std::uint32_t piece = 0;        ///< chain, loop: index in `outline`
        std::uint32_t first = 0;  ///< chain, loop: its first point in the piece; else the run or spike index
        std::uint32_t count = 0;  ///< chain, loop: points (a closed piece's wrap around its end)
        ChunkSpan chunks;
    };
    /// Outline parts (in piece order), then one-way runs, then spikes: the order fixtures are made in.
    std::vector<Part> parts;

    /// Point i (0 <= i < count) of an outline part.
    OutlinePoint part_point(const Part& part, std::uint32_t i) const {
        const std::vector<OutlinePoint>& points = outline[part.piece].points;
        const std::size_t at = std::size_t{part.first} + i;
        return points[at < points.size() ? at : at - points.size()];
    }
    /// A chain part's ghost vertices: the piece's points just before and after it (an open piece's own
    /// ghosts at its ends).
    OutlinePoint ghost_before(const Part& part) const;
    OutlinePoint ghost_after(const Part& part) const;

    /// Chunks cover [0, columns * chunk_size) x [0, rows * chunk_size), the level and its far border lines.
    int chunk_columns = 0, chunk_rows = 0;
    /// The parts touching chunk (cx, cy), ascending: chunk_parts[chunk_start[c] .. chunk_start[c + 1]),
    /// c = cy * chunk_columns + cx.
    std::vector<std::uint32_t> chunk_start, chunk_parts;

    /// The chunks a box in tile units touches, clipped to the chunk grid (empty when outside it).
    ChunkSpan chunks_touching(double x0, double y0, double x1, double y1) const;

    /// The shapes of a level from its tiles and their merged rectangles (level.tiles, level.rects).
    static std::shared_ptr<const TerrainShapes> build(const TileGrid& tiles,
                                                      const std::vector<TileRect>& rects);
    static std::shared_ptr<const TerrainShapes> build(const LevelData& level) {
        return build(level.tiles, level.rects);
    }
};

}  // namespace qs
