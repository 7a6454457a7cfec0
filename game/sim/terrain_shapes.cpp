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

/// Cuts each outline piece of `pieces` into runs of consecutive edges touching the same chunks, appended to
/// `parts`, their points to `part_points` (Part::first counts from the start of `part_points`).
void add_outline_parts(std::span<const OutlinePiece> pieces, std::vector<TerrainShapes::Part>& parts,
                       std::vector<OutlinePoint>& part_points) {
    using Part = TerrainShapes::Part;
    // At most one part per edge and two points per edge (the caller may have reserved for more).
    std::size_t edges_total = 0;
    for (const OutlinePiece& piece : pieces) edges_total += piece.points.size();
    parts.reserve(parts.size() + edges_total);
    part_points.reserve(part_points.size() + 2 * edges_total);
    std::vector<TerrainShapes::ChunkSpan> spans;
    for (const OutlinePiece& piece : pieces) {
        const std::vector<OutlinePoint>& points = piece.points;
        const std::size_t n = points.size();
        if (n < (piece.closed ? 3u : 2u)) continue;  // as create_outline_body: no fixture
        const std::size_t edges = piece.closed ? n : n - 1;
        spans.clear();
        for (std::size_t i = 0; i < edges; ++i) spans.push_back(span_of(points[i], points[(i + 1) % n]));
        // A closed piece starts its runs where the span changes (one loop if it never does).
        std::size_t start = 0;
        if (piece.closed) {
            while (start < n && spans[start] == spans[(start + n - 1) % n]) ++start;
            if (start == n) {
                Part part;
                part.kind = Part::Kind::loop;
                part.outline_kind = piece.kind;
                part.first = static_cast<std::uint32_t>(part_points.size());
                part.count = static_cast<std::uint32_t>(n);
                part.chunks = spans[0];
                part_points.insert(part_points.end(), points.begin(), points.end());
                parts.push_back(part);
                continue;
            }
        }
        const auto point = [&](std::size_t i) { return points[i % n]; };
        for (std::size_t k = 0; k < edges;) {
            const std::size_t a = start + k;  // first edge of the run (mod n for a closed piece)
            std::size_t b = k + 1;
            while (b < edges && spans[(start + b) % n] == spans[a % n]) ++b;
            const std::size_t end = start + b;  // the run's edges are [a, end): points a .. end
            Part part;
            part.kind = Part::Kind::chain;
            part.outline_kind = piece.kind;
            part.first = static_cast<std::uint32_t>(part_points.size());
            part.count = static_cast<std::uint32_t>(end - a + 1);
            part.chunks = spans[a % n];
            if (piece.closed) {
                part.ghost_before = point(a + n - 1);
                part.ghost_after = point(end + 1);
            } else {
                part.ghost_before = a == 0 ? piece.ghost_before : points[a - 1];
                part.ghost_after = end == n - 1 ? piece.ghost_after : points[end + 1];
            }
            for (std::size_t i = a; i <= end; ++i) part_points.push_back(point(i));
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
    const auto one_way = static_cast<std::uint8_t>(TileType::oneway);
    const auto spikes = static_cast<std::uint8_t>(TileType::spikes);

    // The outline of the union of the solid rectangles, split where ice starts and ends.
    shapes->outline = trace_outline_pieces(
        tiles.width, tiles.height, rects, [](std::uint8_t t) { return tile_is_solid(t); },
        [](std::uint8_t t) -> std::uint8_t { return t == static_cast<std::uint8_t>(TileType::ice) ? 1 : 0; });

    // One-way surfaces: on each grid line, the tops of one-way rectangles minus the bottoms of one-way
    // rectangles right above them, joined into maximal runs (rectangles come in (y, x) order).
    std::vector<TileRect> bottoms;
    for (const TileRect& rect : rects) {
        if (rect.type == one_way) bottoms.push_back({rect.x, rect.y + rect.h, rect.w, 0, one_way});
        if (rect.type == spikes) shapes->spikes.push_back(rect);
    }
    std::sort(bottoms.begin(), bottoms.end(),
              [](const TileRect& a, const TileRect& b) { return a.y != b.y ? a.y < b.y : a.x < b.x; });
    auto covered = bottoms.begin();
    for (const TileRect& rect : rects) {
        if (rect.type != one_way) continue;
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
    // At most one part and two points per edge, reserved once for every share (untouched pages cost nothing).
    std::size_t edges_total = 0;
    for (const OutlinePiece& piece : pieces) edges_total += piece.points.size();
    shapes->parts.reserve(edges_total + shapes->one_way_runs.size() + shapes->spikes.size());
    shapes->part_points.reserve(2 * edges_total);
    const std::size_t half = pieces.size() / shares;
    std::vector<Part> later_parts;
    std::vector<OutlinePoint> later_points;
    std::future<void> later;
    if (shares == 2) {
        later = std::async(thread_or_here,
                           [&] { add_outline_parts(pieces.subspan(half), later_parts, later_points); });
    }
    add_outline_parts(pieces.first(shares == 2 ? half : pieces.size()), shapes->parts, shapes->part_points);
    if (later.valid()) {
        later.get();
        const auto offset = static_cast<std::uint32_t>(shapes->part_points.size());
        for (Part& part : later_parts) part.first += offset;
        shapes->parts.insert(shapes->parts.end(), later_parts.begin(), later_parts.end());
        shapes->part_points.insert(shapes->part_points.end(), later_points.begin(), later_points.end());
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
