// Outline tracing over the tile grid's pixel edges, and the Box2D chain-loop body built from the loops.
#include "engine/outline.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <future>
#include <iterator>
#include <span>

#include <box2d/box2d.h>

#include "engine/thread_or_here.hpp"

namespace qs {
namespace {

// Directions in clockwise order on screen (y down): a right turn is +1, a left turn +3.
enum Direction : int { kEast = 0, kSouth = 1, kWest = 2, kNorth = 3 };
constexpr std::array<int, 4> kStepX = {1, 0, -1, 0};
constexpr std::array<int, 4> kStepY = {0, 1, 0, -1};

/// Solid flags with a one-cell empty border, so the neighbours of any vertex can be read directly.
class SolidMask {
   public:
    SolidMask(const TileGrid& grid, const std::function<bool(std::uint8_t)>& is_solid)
        : width_(grid.width + 2),
          height_(grid.height + 2),
          cells_(static_cast<std::size_t>(width_) * height_, 0) {
        std::array<std::uint8_t, 256> solid_by_type{};
        for (int type = 0; type < 256; ++type)
            solid_by_type[type] = is_solid(static_cast<std::uint8_t>(type)) ? 1 : 0;
        for (int y = 0; y < grid.height; ++y) {
            const std::uint8_t* row = grid.tiles.data() + static_cast<std::size_t>(y) * grid.width;
            std::uint8_t* out = &cells_[static_cast<std::size_t>(y + 1) * width_ + 1];
            for (int x = 0; x < grid.width; ++x) out[x] = solid_by_type[row[x]];
        }
    }
    /// Whether grid cell (x, y) is solid; -1 and width/height are the empty border.
    bool solid(int x, int y) const { return cells_[static_cast<std::size_t>(y + 1) * width_ + (x + 1)] != 0; }
    /// Grid row y's flags (0 or 1), from cell x = 0; rows -1 and height are the empty border.
    const std::uint8_t* row(int y) const { return &cells_[static_cast<std::size_t>(y + 1) * width_ + 1]; }

   private:
    int width_, height_;
    std::vector<std::uint8_t> cells_;
};

/// Whether the boundary edge leaving vertex (vx, vy) in `direction` exists with the orientation rule:
/// solid on the right-hand side on screen, empty on the side of (e.y, -e.x).
bool has_outgoing_edge(const SolidMask& mask, int vx, int vy, int direction) {
    switch (direction) {
        case kEast:
            return mask.solid(vx, vy) && !mask.solid(vx, vy - 1);  // below solid, above empty
        case kSouth:
            return mask.solid(vx - 1, vy) && !mask.solid(vx, vy);  // left solid, right empty
        case kWest:
            return mask.solid(vx - 1, vy - 1) && !mask.solid(vx - 1, vy);  // above solid
        default:
            return mask.solid(vx, vy - 1) && !mask.solid(vx - 1, vy - 1);  // right solid
    }
}

/// Traces the loops whose first horizontal edge in row-major order lies in edge rows [row_begin, row_end)
/// into `loops`, in that order. A loop found in these rows that reaches higher is left to the rows above.
void trace_band(const TileGrid& grid, const SolidMask& mask, int row_begin, int row_end,
                std::vector<OutlineLoop>& loops) {
    // Horizontal edge (x, y) runs from vertex (x, y) to (x + 1, y); every loop has at least one, so
    // scanning them finds every loop. Marks which have been walked (a byte each: cheaper than bits here).
    const std::size_t edges_per_row = static_cast<std::size_t>(grid.width);
    std::vector<std::uint8_t> walked(edges_per_row * (grid.height + 1), 0);

    for (int y = row_begin; y < row_end; ++y) {
        const std::uint8_t* row_above = mask.row(y - 1);
        const std::uint8_t* row_below = mask.row(y);
        for (int x = 0; x < grid.width; ++x) {
            // Eight edges at a time where the rows above and below agree (no boundary between them).
            if (x + 8 <= grid.width) {
                std::uint64_t above8, below8;
                std::memcpy(&above8, row_above + x, 8);
                std::memcpy(&below8, row_below + x, 8);
                if (above8 == below8) {
                    x += 7;
                    continue;
                }
            }
            const bool above = row_above[x] != 0, below = row_below[x] != 0;
            if (above == below || walked[y * edges_per_row + x]) continue;

            // Eastward when the solid cell is below, westward when above.
            const int start_direction = below ? kEast : kWest;
            const int start_x = below ? x : x + 1;
            OutlineLoop loop;
            int vx = start_x, vy = y, direction = start_direction, top = y;
            while (true) {
                if (direction == kEast) walked[vy * edges_per_row + vx] = 1;
                if (direction == kWest) walked[vy * edges_per_row + vx - 1] = 1;
                vx += kStepX[direction];
                vy += kStepY[direction];
                top = std::min(top, vy);
                // Prefer the right turn: at a corner shared by two diagonal cells it keeps following
                // the same cell, so the two cells get separate loops.
                int next = direction;
                for (const int turn : {1, 0, 3}) {
                    const int candidate = (direction + turn) & 3;
                    if (has_outgoing_edge(mask, vx, vy, candidate)) {
                        next = candidate;
                        break;
                    }
                }
                if (next != direction) loop.push_back({vx, vy});
                if (vx == start_x && vy == y && next == start_direction) break;
                direction = next;
            }
            // Its topmost row holds a horizontal edge: a loop reaching above row_begin starts up there.
            if (top < row_begin) continue;
            // Start the loop at its first corner on the starting edge's row when that corner was last.
            if (loop.size() > 1 && loop.back() == OutlinePoint{start_x, y}) {
                loop.insert(loop.begin(), loop.back());
                loop.pop_back();
            }
            loops.push_back(std::move(loop));
        }
    }
}

/// Grids of this many cells and more are traced and split by two threads.
constexpr std::int64_t kTwoThreadCells = 1 << 20;

}  // namespace

std::vector<OutlineLoop> trace_outlines(const TileGrid& grid, const std::function<bool(std::uint8_t)>& is_solid,
                                        int bands) {
    std::vector<OutlineLoop> loops;
    if (grid.width <= 0 || grid.height <= 0) return loops;
    const SolidMask mask(grid, is_solid);
    const int edge_rows = grid.height + 1;
    if (bands <= 0) bands = static_cast<std::int64_t>(grid.width) * grid.height >= kTwoThreadCells ? 2 : 1;
    bands = std::clamp(bands, 1, edge_rows);
    const auto band_begin = [&](int band) {
        return static_cast<int>(static_cast<std::int64_t>(edge_rows) * band / bands);
    };
    // Each band on its own thread (the first on this one); their loops joined in band order are the
    // loops of one scan over every row.
    std::vector<std::vector<OutlineLoop>> band_loops(static_cast<std::size_t>(bands));
    std::vector<std::future<void>> others;
    for (int band = 1; band < bands; ++band) {
        others.push_back(std::async(thread_or_here, [&, band] {
            trace_band(grid, mask, band_begin(band), band_begin(band + 1), band_loops[band]);
        }));
    }
    trace_band(grid, mask, band_begin(0), band_begin(1), loops);
    for (int band = 1; band < bands; ++band) {
        others[band - 1].get();
        std::move(band_loops[band].begin(), band_loops[band].end(), std::back_inserter(loops));
    }
    return loops;
}

b2Body* create_outline_body(b2World& world, const std::vector<OutlineLoop>& loops, float friction) {
    b2BodyDef body_def;
    body_def.type = b2_staticBody;
    b2Body* body = world.CreateBody(&body_def);
    std::vector<b2Vec2> vertices;
    for (const OutlineLoop& loop : loops) {
        if (loop.size() < 3) continue;
        vertices.clear();
        for (const OutlinePoint& point : loop) {
            vertices.emplace_back(static_cast<float>(point.x), static_cast<float>(point.y));
        }
        b2ChainShape chain;
        chain.CreateLoop(vertices.data(), static_cast<int32>(vertices.size()));
        b2FixtureDef fixture_def;
        fixture_def.shape = &chain;
        fixture_def.friction = friction;
        body->CreateFixture(&fixture_def);
    }
    return body;
}

namespace {

/// split_outlines over `loops`, appending to `pieces`, with the kind of each tile type from `kind_by_type`.
void split_loops(std::span<const OutlineLoop> loops, const TileGrid& grid,
                 const std::array<std::uint8_t, 256>& kind_by_type, std::vector<OutlinePiece>& pieces) {
    pieces.reserve(pieces.size() + loops.size());
    struct UnitEdge {
        OutlinePoint from;
        int direction;
        std::uint8_t kind;
    };
    // Calls f(from, direction, kind) for each unit edge of `loop`, in order.
    const auto each_unit_edge = [&](const OutlineLoop& loop, auto&& f) {
        for (std::size_t i = 0; i < loop.size(); ++i) {
            const OutlinePoint a = loop[i], b = loop[(i + 1) % loop.size()];
            const int direction = b.x > a.x ? kEast : b.y > a.y ? kSouth : b.x < a.x ? kWest : kNorth;
            for (OutlinePoint v = a; v != b; v = {v.x + kStepX[direction], v.y + kStepY[direction]}) {
                // The solid cell is on the right-hand side on screen of the edge leaving v.
                const int cx = direction == kEast || direction == kNorth ? v.x : v.x - 1;
                const int cy = direction == kEast || direction == kSouth ? v.y : v.y - 1;
                if (!f(v, direction, kind_by_type[grid.at(cx, cy)])) return;
            }
        }
    };
    std::vector<UnitEdge> edges;
    for (const OutlineLoop& loop : loops) {
        // Most loops run along cells of one kind: found without listing their unit edges.
        bool first = true, one_kind = true;
        std::uint8_t loop_kind = 0;
        each_unit_edge(loop, [&](OutlinePoint, int, std::uint8_t kind) {
            if (first) loop_kind = kind, first = false;
            one_kind = kind == loop_kind;
            return one_kind;
        });
        if (one_kind || loop.size() < 3) {  // one closed piece, of its first unit edge's kind
            pieces.push_back({loop, {}, {}, true, loop_kind});
            continue;
        }
        edges.clear();
        each_unit_edge(loop, [&](OutlinePoint v, int direction, std::uint8_t kind) {
            edges.push_back({v, direction, kind});
            return true;
        });
        std::size_t start = 0;  // the first unit edge of a piece: where the kind changes (it does)
        while (edges[start].kind == edges[(start + edges.size() - 1) % edges.size()].kind) ++start;
        const std::size_t n = edges.size();
        const auto edge = [&](std::size_t k) -> const UnitEdge& { return edges[(start + k) % n]; };
        const auto end_of = [](const UnitEdge& e) {
            return OutlinePoint{e.from.x + kStepX[e.direction], e.from.y + kStepY[e.direction]};
        };
        for (std::size_t k = 0; k < n;) {
            OutlinePiece piece;
            piece.kind = edge(k).kind;
            piece.ghost_before = edge(k + n - 1).from;
            piece.points.push_back(edge(k).from);
            std::size_t last = k;
            while (last + 1 < n && edge(last + 1).kind == piece.kind) {
                if (edge(last + 1).direction != edge(last).direction)
                    piece.points.push_back(edge(last + 1).from);
                ++last;
            }
            piece.points.push_back(end_of(edge(last)));
            piece.ghost_after = end_of(edge(last + 1));
            pieces.push_back(std::move(piece));
            k = last + 1;
        }
    }
}

}  // namespace

std::vector<OutlinePiece> split_outlines(const std::vector<OutlineLoop>& loops, const TileGrid& grid,
                                         const std::function<std::uint8_t(std::uint8_t)>& kind_of, int threads) {
    std::array<std::uint8_t, 256> kind_by_type{};
    for (int type = 0; type < 256; ++type) kind_by_type[type] = kind_of(static_cast<std::uint8_t>(type));
    if (threads <= 0) threads = static_cast<std::int64_t>(grid.width) * grid.height >= kTwoThreadCells ? 2 : 1;
    threads = std::clamp(threads, 1, static_cast<int>(std::max<std::size_t>(loops.size(), 1)));
    // The loops cut into `threads` consecutive shares, the first split on this thread; pieces joined in order.
    const auto share = [&](int i) {
        const std::size_t begin = loops.size() * static_cast<std::size_t>(i) / threads;
        const std::size_t end = loops.size() * static_cast<std::size_t>(i + 1) / threads;
        return std::span<const OutlineLoop>(loops.data() + begin, end - begin);
    };
    std::vector<std::vector<OutlinePiece>> share_pieces(static_cast<std::size_t>(threads));
    std::vector<std::future<void>> others;
    for (int i = 1; i < threads; ++i) {
        others.push_back(std::async(thread_or_here,
                                    [&, i] { split_loops(share(i), grid, kind_by_type, share_pieces[i]); }));
    }
    std::vector<OutlinePiece> pieces;
    split_loops(share(0), grid, kind_by_type, pieces);
    for (int i = 1; i < threads; ++i) {
        others[i - 1].get();
        std::move(share_pieces[i].begin(), share_pieces[i].end(), std::back_inserter(pieces));
    }
    return pieces;
}

b2Body* create_outline_body(b2World& world, const std::vector<OutlinePiece>& pieces,
                            const std::function<float(std::uint8_t)>& friction_of) {
    b2BodyDef body_def;
    body_def.type = b2_staticBody;
    b2Body* body = world.CreateBody(&body_def);
    std::vector<b2Vec2> vertices;
    const auto vec = [](OutlinePoint p) { return b2Vec2(static_cast<float>(p.x), static_cast<float>(p.y)); };
    for (const OutlinePiece& piece : pieces) {
        if (piece.points.size() < (piece.closed ? 3u : 2u)) continue;
        vertices.clear();
        for (const OutlinePoint& point : piece.points) vertices.push_back(vec(point));
        b2ChainShape chain;
        if (piece.closed) {
            chain.CreateLoop(vertices.data(), static_cast<int32>(vertices.size()));
        } else {
            chain.CreateChain(vertices.data(), static_cast<int32>(vertices.size()), vec(piece.ghost_before),
                              vec(piece.ghost_after));
        }
        b2FixtureDef fixture_def;
        fixture_def.shape = &chain;
        fixture_def.friction = friction_of(piece.kind);
        body->CreateFixture(&fixture_def);
    }
    return body;
}

}  // namespace qs
