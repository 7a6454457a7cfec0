// Terrain from the merged rectangles: the outline of the solid ones, one-way runs, spike rectangles, and
// the same cut into parts listed by chunk (whole edges, never split) for the terrain window.
#include "game/sim/terrain_shapes.hpp"

#include <algorithm>
#include <cmath>
#include <future>
#include <span>

#include "engine/thread_or_here.hpp"
#include "game/sim/tiles.hpp"

namespace qs {

namespace {

int chunk_of(int tile) {
    return tile / TerrainShapes::chunk_size;  // terrain coordinates are >= 0
}

TerrainShapes::ChunkSpan span_of(OutlinePoint a, OutlinePoint b) {
    return {chunk_of(std::min(a.x, b.x)), chunk_of(std::min(a.y, b.y)), chunk_of(std::max(a.x, b.x)),
            chunk_of(std::max(a.y, b.y))};
}

/// Cuts each outline piece of `pieces` (the pieces from index `first_piece` of the outline on) into runs of
/// consecutive edges touching the same chunks, appended to `parts`.
void add_outline_parts(std::span<const OutlinePiece> pieces, std::uint32_t first_piece,
                       std::vector<TerrainShapes::Part>& parts) {
    using Part = TerrainShapes::Part;
    std::vector<TerrainShapes::ChunkSpan> spans;
    for (std::size_t index = 0; index < pieces.size(); ++index) {
        const OutlinePiece& piece = pieces[index];
        const std::vector<OutlinePoint>& points = piece.points;
        const std::size_t n = points.size();
        if (n < (piece.closed ? 3u : 2u)) continue;  // as create_outline_body: no fixture
        const std::size_t edges = piece.closed ? n : n - 1;
        spans.resize(edges);
        for (std::size_t i = 0; i + 1 < n; ++i) spans[i] = span_of(points[i], points[i + 1]);
        if (piece.closed) spans[n - 1] = span_of(points[n - 1], points[0]);
        Part part;
        part.outline_kind = piece.kind;
        part.piece = first_piece + static_cast<std::uint32_t>(index);
        // A closed piece starts its runs where the span changes (one loop if it never does).
        std::size_t start = 0;
        if (piece.closed) {
            while (start < n && spans[start] == spans[start == 0 ? n - 1 : start - 1]) ++start;
            if (start == n) {
                part.kind = Part::Kind::loop;
                part.first = 0;
                part.count = static_cast<std::uint32_t>(n);
                part.chunks = spans[0];
                parts.push_back(part);
                continue;
            }
        }
        part.kind = Part::Kind::chain;
        for (std::size_t k = 0; k < edges;) {
            // Edges k, k + 1, ... after `start`, wrapping around a closed piece.
            const std::size_t a = start + k < n ? start + k : start + k - n;
            std::size_t b = k + 1;
            while (b < edges && spans[start + b < n ? start + b : start + b - n] == spans[a]) ++b;
            part.first = static_cast<std::uint32_t>(a);
            part.count = static_cast<std::uint32_t>(b - k + 1);  // edges k .. b - 1: one point more
            part.chunks = spans[a];
            parts.push_back(part);
            k = b;
        }
    }
}

/// Lists every part in each chunk its box touches.
void list_parts_by_chunk(TerrainShapes& shapes, const TileGrid& tiles) {
    shapes.chunk_columns = chunk_of(tiles.width) + 1;
    shapes.chunk_rows = chunk_of(tiles.height) + 1;
    const auto chunks = static_cast<std::size_t>(shapes.chunk_columns) * shapes.chunk_rows;
    shapes.chunk_start.assign(chunks + 1, 0);
    const auto each_chunk = [&](const TerrainShapes::Part& part, auto&& f) {
        for (int cy = part.chunks.y0; cy <= part.chunks.y1; ++cy)
            for (int cx = part.chunks.x0; cx <= part.chunks.x1; ++cx)
                f(static_cast<std::size_t>(cy) * shapes.chunk_columns + cx);
    };
    for (const auto& part : shapes.parts)
        each_chunk(part, [&](std::size_t c) { ++shapes.chunk_start[c + 1]; });
    for (std::size_t c = 0; c < chunks; ++c) shapes.chunk_start[c + 1] += shapes.chunk_start[c];
    shapes.chunk_parts.resize(shapes.chunk_start[chunks]);
    std::vector<std::uint32_t> fill(shapes.chunk_start.begin(), shapes.chunk_start.end() - 1);
    for (std::uint32_t id = 0; id < shapes.parts.size(); ++id)
        each_chunk(shapes.parts[id], [&](std::size_t c) { shapes.chunk_parts[fill[c]++] = id; });
}

}  // namespace

OutlinePoint TerrainShapes::ghost_before(const Part& part) const {
    const OutlinePiece& piece = outline[part.piece];
    if (piece.closed) return piece.points[part.first == 0 ? piece.points.size() - 1 : part.first - 1];
    return part.first == 0 ? piece.ghost_before : piece.points[part.first - 1];
}

OutlinePoint TerrainShapes::ghost_after(const Part& part) const {
    const OutlinePiece& piece = outline[part.piece];
    const std::size_t after = std::size_t{part.first} + part.count;  // the point after the last
    if (piece.closed) return piece.points[after < piece.points.size() ? after : after - piece.points.size()];
    return after == piece.points.size() ? piece.ghost_after : piece.points[after];
}

TerrainShapes::ChunkSpan TerrainShapes::chunks_touching(double x0, double y0, double x1, double y1) const {
    if (!(x0 <= x1) || !(y0 <= y1)) return {};  // also NaN
    const auto chunk = [](double v) {
        // Clamped before the conversion, so a box far outside the level is safe too.
        return static_cast<int>(std::floor(std::clamp(v, -1.0e6, 1.0e6) / chunk_size));
    };
    ChunkSpan span{std::max(chunk(x0), 0), std::max(chunk(y0), 0), std::min(chunk(x1), chunk_columns - 1),
                   std::min(chunk(y1), chunk_rows - 1)};
    return span.empty() ? ChunkSpan{} : span;
}

std::shared_ptr<const TerrainShapes> TerrainShapes::build(const TileGrid& tiles,
                                                          const std::vector<TileRect>& rects) {
    auto shapes = std::make_shared<TerrainShapes>();
    const auto one_way = [](std::uint8_t t) { return tile_properties(t).one_way; };

    // The outline of the union of the solid rectangles, split where the friction changes.
    shapes->outline = trace_outline_pieces(
        tiles.width, tiles.height, rects, [](std::uint8_t t) { return tile_is_solid(t); },
        [](std::uint8_t t) { return static_cast<std::uint8_t>(tile_properties(t).friction); });

    // One-way surfaces: on each grid line, the tops of one-way rectangles minus the bottoms of one-way
    // rectangles right above them, joined into maximal runs (rectangles come in (y, x) order).
    std::vector<TileRect> bottoms;
    for (const TileRect& rect : rects) {
        if (one_way(rect.type)) bottoms.push_back({rect.x, rect.y + rect.h, rect.w, 0, rect.type});
        if (tile_properties(rect.type).hurts) shapes->spikes.push_back(rect);
    }
    std::sort(bottoms.begin(), bottoms.end(),
              [](const TileRect& a, const TileRect& b) { return a.y != b.y ? a.y < b.y : a.x < b.x; });
    auto covered = bottoms.begin();
    for (const TileRect& rect : rects) {
        if (!one_way(rect.type)) continue;
        while (covered != bottoms.end() &&
               (covered->y < rect.y || (covered->y == rect.y && covered->x + covered->w <= rect.x))) {
            ++covered;
        }
        int x = rect.x;
        const int end = rect.x + rect.w;
        for (auto below = covered; x < end; ++below) {
            const bool overlaps = below != bottoms.end() && below->y == rect.y && below->x < end;
            const int stop = overlaps ? std::max(x, below->x) : end;
            if (stop > x) {
                auto& runs = shapes->one_way_runs;
                if (!runs.empty() && runs.back().y == rect.y && runs.back().x1 == x) {
                    runs.back().x1 = stop;
                } else {
                    runs.push_back({rect.y, x, stop});
                }
            }
            if (!overlaps) break;
            x = std::max(x, below->x + below->w);
        }
    }

    // Parts by chunk: outline runs, one-way runs, spike rectangles, in that order. On a large level the
    // second half of the pieces is cut on another thread, its parts then moved behind the first half's.
    const bool big = static_cast<std::int64_t>(tiles.width) * tiles.height >= std::int64_t{1} << 20;
    const std::size_t shares = big ? 2 : 1;
    const std::span<const OutlinePiece> pieces(shapes->outline);
    // At most one part per edge, reserved once for every share (untouched pages cost nothing).
    std::size_t edges_total = 0;
    for (const OutlinePiece& piece : pieces) edges_total += piece.points.size();
    shapes->parts.reserve(edges_total + shapes->one_way_runs.size() + shapes->spikes.size());
    const std::size_t half = pieces.size() / shares;
    std::vector<Part> later_parts;
    std::future<void> later;
    if (shares == 2) {
        later = std::async(thread_or_here, [&] {
            later_parts.reserve(edges_total);
            add_outline_parts(pieces.subspan(half), static_cast<std::uint32_t>(half), later_parts);
        });
    }
    add_outline_parts(pieces.first(shares == 2 ? half : pieces.size()), 0, shapes->parts);
    if (later.valid()) {
        later.get();
        shapes->parts.insert(shapes->parts.end(), later_parts.begin(), later_parts.end());
    }
    for (std::size_t i = 0; i < shapes->one_way_runs.size(); ++i) {
        const OneWayRun& run = shapes->one_way_runs[i];
        Part part;
        part.kind = Part::Kind::one_way;
        part.first = static_cast<std::uint32_t>(i);
        part.chunks = span_of({run.x0, run.y}, {run.x1, run.y});
        shapes->parts.push_back(part);
    }
    for (std::size_t i = 0; i < shapes->spikes.size(); ++i) {
        const TileRect& rect = shapes->spikes[i];
        Part part;
        part.kind = Part::Kind::spike;
        part.first = static_cast<std::uint32_t>(i);
        part.chunks = span_of({rect.x, rect.y}, {rect.x + rect.w, rect.y + rect.h});
        shapes->parts.push_back(part);
    }
    list_parts_by_chunk(*shapes, tiles);
    return shapes;
}

}  // namespace qs
