// Outline tracing over the tile grid's pixel edges, and the Box2D chain-loop body built from the loops.
#include "engine/outline.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <future>
#include <iterator>
#include <span>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <box2d/box2d.h>

#include "engine/thread_or_here.hpp"

namespace qs {
namespace {

// Directions in clockwise order on screen (y down): a right turn is +1, a left turn +3.
enum Direction : int { kEast = 0, kSouth = 1, kWest = 2, kNorth = 3 };
constexpr std::array<int, 4> kStepX = {1, 0, -1, 0};
constexpr std::array<int, 4> kStepY = {0, 1, 0, -1};

/// Tile types with a one-cell empty border (0: empty, any other value: solid), so the four cells around
/// any vertex can be read directly.
class SolidMask {
   public:
    /// The cells of `grid` for which is_solid is true, as 1.
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
    /// The rectangles whose type is solid (and not 0) painted with their type, in order, on an empty
    /// width x height grid; rectangles are clipped to the grid.
    SolidMask(int width, int height, std::span<const TileRect> rects,
              const std::function<bool(std::uint8_t)>& is_solid)
        : width_(width + 2), height_(height + 2), cells_(static_cast<std::size_t>(width_) * height_, 0) {
        std::array<bool, 256> solid_by_type{};
        for (int type = 1; type < 256; ++type)
            solid_by_type[type] = is_solid(static_cast<std::uint8_t>(type));
        for (const TileRect& rect : rects) {
            if (!solid_by_type[rect.type]) continue;
            const int x0 = std::max(rect.x, 0), x1 = std::min(rect.x + rect.w, width);
            const int y0 = std::max(rect.y, 0), y1 = std::min(rect.y + rect.h, height);
            if (x0 >= x1) continue;
            for (int y = y0; y < y1; ++y)
                std::memset(&cells_[static_cast<std::size_t>(y + 1) * width_ + x0 + 1], rect.type,
                            static_cast<std::size_t>(x1 - x0));
        }
    }
    int width() const { return width_ - 2; }
    int height() const { return height_ - 2; }
    /// Cells per row in memory (the grid's width and the two border cells).
    int stride() const { return width_; }
    /// Whether grid cell (x, y) is solid; -1 and width/height are the empty border.
    bool solid(int x, int y) const { return cells_[static_cast<std::size_t>(y + 1) * width_ + (x + 1)] != 0; }
    /// Grid row y's cells, from cell x = 0; rows -1 and height are the empty border.
    const std::uint8_t* row(int y) const { return &cells_[static_cast<std::size_t>(y + 1) * width_ + 1]; }
    /// The cell up and to the left of vertex (vx, vy), that is cell (vx - 1, vy - 1); the other three
    /// around the vertex follow it at +1, +stride() and +stride() + 1.
    const std::uint8_t* around(int vx, int vy) const {
        return &cells_[static_cast<std::size_t>(vy) * width_ + vx];
    }

   private:
    int width_, height_;
    std::vector<std::uint8_t> cells_;
};

/// Whether the boundary edge leaving a vertex in `direction` exists with the orientation rule (solid on
/// the right-hand side on screen, empty on the side of (e.y, -e.x)), from the four cells around the vertex
/// as bits: 1 up-left, 2 up-right, 4 down-left, 8 down-right.
constexpr bool has_outgoing_edge(int around, int direction) {
    const bool up_left = around & 1, up_right = around & 2, down_left = around & 4, down_right = around & 8;
    switch (direction) {
        case kEast:
            return down_right && !up_right;  // below solid, above empty
        case kSouth:
            return down_left && !down_right;  // left solid, right empty
        case kWest:
            return up_left && !down_left;  // above solid
        default:
            return up_right && !up_left;  // right solid
    }
}

/// The direction a walk arriving in `direction` at a vertex with the cells `around` leaves in: the right
/// turn first (at a corner shared by two diagonal cells it keeps following the same cell, so the two cells
/// get separate loops), then straight on, then the left turn.
constexpr std::array<std::array<std::uint8_t, 4>, 16> kNextDirection = [] {
    std::array<std::array<std::uint8_t, 4>, 16> next{};
    for (int around = 0; around < 16; ++around) {
        for (int direction = 0; direction < 4; ++direction) {
            next[around][direction] = static_cast<std::uint8_t>(direction);
            for (const int turn : {1, 0, 3}) {
                const int candidate = (direction + turn) & 3;
                if (has_outgoing_edge(around, candidate)) {
                    next[around][direction] = static_cast<std::uint8_t>(candidate);
                    break;
                }
            }
        }
    }
    return next;
}();

/// Bit i set when exactly one of above[i] and below[i] is solid (not 0), for i < min(64, count): the
/// boundary edges between two rows of cells.
std::uint64_t boundary_bits(const std::uint8_t* above, const std::uint8_t* below, int count) {
    std::uint64_t bits = 0;
    int i = 0;
#if defined(__SSE2__)
    if (count >= 64) {
        const __m128i zero = _mm_setzero_si128();
        for (; i < 64; i += 16) {
            const __m128i a =
                _mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(above + i)), zero);
            const __m128i b =
                _mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(below + i)), zero);
            bits |=
                static_cast<std::uint64_t>(static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_xor_si128(a, b))))
                << i;
        }
        return bits;
    }
#endif
    for (const int end = std::min(count, 64); i < end; ++i)
        bits |= static_cast<std::uint64_t>((above[i] != 0) != (below[i] != 0)) << i;
    return bits;
}

/// Traces the loops whose first horizontal edge in row-major order lies in edge rows [row_begin, row_end)
/// and hands each to `on_loop(loop, one_kind, kind)` in that order (`loop` is reused afterwards). With
/// `kind_by_type`, `one_kind` tells whether the solid cells along the whole loop have one kind, `kind`,
/// that of the cell along its first edge; without, they are true and 0. A loop found in these rows that
/// reaches higher is left to the rows above.
template <class OnLoop>
void trace_band(const SolidMask& mask, int row_begin, int row_end,
                const std::array<std::uint8_t, 256>* kind_by_type, OnLoop&& on_loop) {
    const int width = mask.width(), height = mask.height();
    const std::ptrdiff_t stride = mask.stride();
    // Horizontal edge (x, y) runs from vertex (x, y) to (x + 1, y); every loop has at least one, so
    // scanning them finds every loop. One bit each marks those walked, each edge row in whole words.
    const std::size_t words_per_row = (static_cast<std::size_t>(width) + 63) / 64;
    std::vector<std::uint64_t> walked(words_per_row * (static_cast<std::size_t>(height) + 1), 0);
    const auto mark = [&](int x, int y) {
        walked[static_cast<std::size_t>(y) * words_per_row + (static_cast<unsigned>(x) >> 6)] |=
            std::uint64_t{1} << (x & 63);
    };
    // The cell on the right-hand side of the edge leaving a vertex in each direction, from around().
    const std::array<std::ptrdiff_t, 4> right_cell = {stride + 1, stride, 0, 1};
    OutlineLoop loop;

    for (int y = row_begin; y < row_end; ++y) {
        const std::uint8_t* row_above = mask.row(y - 1);
        const std::uint8_t* row_below = mask.row(y);
        for (std::size_t word = 0; word < words_per_row; ++word) {
            // The boundary edges among these 64 (solid on one side only) not walked yet, lowest first.
            const int word_x = static_cast<int>(word * 64);
            std::uint64_t starts = boundary_bits(row_above + word_x, row_below + word_x, width - word_x) &
                                   ~walked[static_cast<std::size_t>(y) * words_per_row + word];
            for (; starts != 0; starts &= starts - 1) {
                // A walk below may have marked this edge since the word was read.
                const int x = word_x + std::countr_zero(starts);
                if ((walked[static_cast<std::size_t>(y) * words_per_row + word] >> (x & 63)) & 1) continue;
                const bool below = row_below[x] != 0;
                // Eastward when the solid cell is below, westward when above.
                const int start_direction = below ? kEast : kWest;
                const int start_x = below ? x : x + 1;
                loop.clear();
                int vx = start_x, vy = y, direction = start_direction, top = y;
                const std::uint8_t* cells = mask.around(vx, vy);
                const std::uint8_t first_kind =
                    kind_by_type ? (*kind_by_type)[cells[right_cell[direction]]] : 0;
                bool one_kind = true;
                while (true) {
                    if (direction == kEast) mark(vx, vy);
                    if (direction == kWest) mark(vx - 1, vy);
                    vx += kStepX[direction];
                    vy += kStepY[direction];
                    top = std::min(top, vy);
                    cells = mask.around(vx, vy);
                    const int around = (cells[0] != 0) | (cells[1] != 0) << 1 | (cells[stride] != 0) << 2 |
                                       (cells[stride + 1] != 0) << 3;
                    const int next = kNextDirection[around][direction];
                    if (next != direction) loop.push_back({vx, vy});
                    if (vx == start_x && vy == y && next == start_direction) break;
                    if (kind_by_type)
                        one_kind = one_kind && (*kind_by_type)[cells[right_cell[next]]] == first_kind;
                    direction = next;
                }
                // Its topmost row holds a horizontal edge: a loop reaching above row_begin starts up there.
                if (top < row_begin) continue;
                // Start the loop at its first corner on the starting edge's row when that corner was last.
                if (loop.size() > 1 && loop.back() == OutlinePoint{start_x, y}) {
                    loop.insert(loop.begin(), loop.back());
                    loop.pop_back();
                }
                on_loop(loop, one_kind, first_kind);
            }
        }
    }
}

/// Grids of this many cells and more are traced and split by two threads.
constexpr std::int64_t kTwoThreadCells = 1 << 20;

}  // namespace

namespace {

/// Runs `trace(row_begin, row_end, out)` over `bands` bands of the mask's edge rows (0: two on grids of
/// 2^20 cells and more, else one), each on its own thread (the first on this one), and joins what they
/// append in band order: what one scan over every row gives.
template <class T, class Trace>
std::vector<T> in_bands(const SolidMask& mask, int bands, const Trace& trace) {
    std::vector<T> joined;
    if (mask.width() <= 0 || mask.height() <= 0) return joined;
    const int edge_rows = mask.height() + 1;
    if (bands <= 0)
        bands = static_cast<std::int64_t>(mask.width()) * mask.height() >= kTwoThreadCells ? 2 : 1;
    bands = std::clamp(bands, 1, edge_rows);
    const auto band_begin = [&](int band) {
        return static_cast<int>(static_cast<std::int64_t>(edge_rows) * band / bands);
    };
    std::vector<std::vector<T>> band_out(static_cast<std::size_t>(bands));
    std::vector<std::future<void>> others;
    for (int band = 1; band < bands; ++band) {
        others.push_back(std::async(
            thread_or_here, [&, band] { trace(band_begin(band), band_begin(band + 1), band_out[band]); }));
    }
    trace(band_begin(0), band_begin(1), joined);
    for (int band = 1; band < bands; ++band) {
        others[band - 1].get();
        std::move(band_out[band].begin(), band_out[band].end(), std::back_inserter(joined));
    }
    return joined;
}

}  // namespace

std::vector<OutlineLoop> trace_outlines(const TileGrid& grid,
                                        const std::function<bool(std::uint8_t)>& is_solid, int bands) {
    if (grid.width <= 0 || grid.height <= 0) return {};
    const SolidMask mask(grid, is_solid);
    return in_bands<OutlineLoop>(
        mask, bands, [&](int row_begin, int row_end, std::vector<OutlineLoop>& loops) {
            trace_band(mask, row_begin, row_end, nullptr,
                       [&](const OutlineLoop& loop, bool, std::uint8_t) { loops.push_back(loop); });
        });
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

/// Appends the pieces of one traced loop to `pieces`: the whole loop as one closed piece when the solid
/// cells along it have one kind, else one open piece per stretch of one kind. `kind_at(cx, cy)` is the kind
/// of solid cell (cx, cy).
template <class KindAt>
void split_loop(const OutlineLoop& loop, const KindAt& kind_at, std::vector<OutlinePiece>& pieces) {
    struct UnitEdge {
        OutlinePoint from;
        int direction;
        std::uint8_t kind;
    };
    // Calls f(from, direction, kind) for each unit edge of `loop`, in order, while f returns true.
    const auto each_unit_edge = [&](auto&& f) {
        for (std::size_t i = 0; i < loop.size(); ++i) {
            const OutlinePoint a = loop[i], b = loop[(i + 1) % loop.size()];
            const int direction = b.x > a.x ? kEast : b.y > a.y ? kSouth : b.x < a.x ? kWest : kNorth;
            for (OutlinePoint v = a; v != b; v = {v.x + kStepX[direction], v.y + kStepY[direction]}) {
                // The solid cell is on the right-hand side on screen of the edge leaving v.
                const int cx = direction == kEast || direction == kNorth ? v.x : v.x - 1;
                const int cy = direction == kEast || direction == kSouth ? v.y : v.y - 1;
                if (!f(v, direction, kind_at(cx, cy))) return;
            }
        }
    };
    // Most loops run along cells of one kind: found without listing their unit edges.
    bool first = true, one_kind = true;
    std::uint8_t loop_kind = 0;
    each_unit_edge([&](OutlinePoint, int, std::uint8_t kind) {
        if (first) loop_kind = kind, first = false;
        one_kind = kind == loop_kind;
        return one_kind;
    });
    if (one_kind || loop.size() < 3) {  // one closed piece, of its first unit edge's kind
        pieces.push_back({loop, {}, {}, true, loop_kind});
        return;
    }
    std::vector<UnitEdge> edges;
    each_unit_edge([&](OutlinePoint v, int direction, std::uint8_t kind) {
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
            if (edge(last + 1).direction != edge(last).direction) piece.points.push_back(edge(last + 1).from);
            ++last;
        }
        piece.points.push_back(end_of(edge(last)));
        piece.ghost_after = end_of(edge(last + 1));
        pieces.push_back(std::move(piece));
        k = last + 1;
    }
}

/// split_outlines over `loops`, appending to `pieces`, with the kind of each tile type from `kind_by_type`.
void split_loops(std::span<const OutlineLoop> loops, const TileGrid& grid,
                 const std::array<std::uint8_t, 256>& kind_by_type, std::vector<OutlinePiece>& pieces) {
    pieces.reserve(pieces.size() + loops.size());
    const auto kind_at = [&](int cx, int cy) { return kind_by_type[grid.at(cx, cy)]; };
    for (const OutlineLoop& loop : loops) split_loop(loop, kind_at, pieces);
}

}  // namespace

std::vector<OutlinePiece> split_outlines(const std::vector<OutlineLoop>& loops, const TileGrid& grid,
                                         const std::function<std::uint8_t(std::uint8_t)>& kind_of,
                                         int threads) {
    std::array<std::uint8_t, 256> kind_by_type{};
    for (int type = 0; type < 256; ++type) kind_by_type[type] = kind_of(static_cast<std::uint8_t>(type));
    if (threads <= 0)
        threads = static_cast<std::int64_t>(grid.width) * grid.height >= kTwoThreadCells ? 2 : 1;
    threads = std::clamp(threads, 1, static_cast<int>(std::max<std::size_t>(loops.size(), 1)));
    // The loops cut into `threads` consecutive shares, the first split on this thread; pieces joined in
    // order.
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

std::vector<OutlinePiece> trace_outline_pieces(int width, int height, std::span<const TileRect> rects,
                                               const std::function<bool(std::uint8_t)>& is_solid,
                                               const std::function<std::uint8_t(std::uint8_t)>& kind_of,
                                               int bands) {
    if (width <= 0 || height <= 0) return {};
    const SolidMask mask(width, height, rects, is_solid);
    std::array<std::uint8_t, 256> kind_by_type{};
    for (int type = 0; type < 256; ++type) kind_by_type[type] = kind_of(static_cast<std::uint8_t>(type));
    const auto kind_at = [&](int cx, int cy) { return kind_by_type[*mask.around(cx + 1, cy + 1)]; };
    return in_bands<OutlinePiece>(
        mask, bands, [&](int row_begin, int row_end, std::vector<OutlinePiece>& pieces) {
            trace_band(mask, row_begin, row_end, &kind_by_type,
                       [&](const OutlineLoop& loop, bool one_kind, std::uint8_t kind) {
                           if (one_kind) {
                               pieces.push_back({loop, {}, {}, true, kind});
                           } else {
                               split_loop(loop, kind_at, pieces);
                           }
                       });
        });
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
