// Outline tracing over the tile grid's pixel edges, and the Box2D chain-loop body built from the loops.
#include "engine/outline.hpp"

#include <algorithm>
#include <array>
#include <bit>
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

static_assert(std::endian::native == std::endian::little,
              "SolidMask reads its bit rows through bytes as well as 64-bit words");

/// One bit per cell, set for solid cells, with a one-cell empty border so the four cells around any vertex
/// can be read directly; each row a whole number of 64-bit words (and one spare, for reads across the end).
/// An eighth of a byte grid: it stays in the cache while loops are walked.
class SolidMask {
   public:
    /// The cells of `grid` for which is_solid is true.
    SolidMask(const TileGrid& grid, const std::function<bool(std::uint8_t)>& is_solid)
        : SolidMask(grid.width, grid.height) {
        std::array<bool, 256> solid_by_type{};
        for (int type = 0; type < 256; ++type)
            solid_by_type[type] = is_solid(static_cast<std::uint8_t>(type));
        for (int y = 0; y < grid.height; ++y) {
            const std::uint8_t* row = grid.tiles.data() + static_cast<std::size_t>(y) * grid.width;
            for (int x = 0; x < grid.width; ++x) {
                if (solid_by_type[row[x]]) set_run(y, x, x + 1);
            }
        }
    }
    /// The cells of the rectangles whose type is solid (`is_solid`; never type 0), clipped to a width x
    /// height grid.
    SolidMask(int width, int height, std::span<const TileRect> rects,
              const std::function<bool(std::uint8_t)>& is_solid)
        : SolidMask(width, height) {
        std::array<Paint, 256> paint{};
        for (int type = 1; type < 256; ++type)
            paint[type] = is_solid(static_cast<std::uint8_t>(type)) ? Paint::set : Paint::skip;
        paint_rects(rects, paint);
    }
    /// Bit `bit` of `index_of(type)` painted by each rectangle whose type is solid, in order (a later
    /// rectangle paints over an earlier one), clipped to a width x height grid.
    SolidMask(int width, int height, std::span<const TileRect> rects,
              const std::function<bool(std::uint8_t)>& is_solid,
              const std::array<std::uint8_t, 256>& index_of, int bit)
        : SolidMask(width, height) {
        std::array<Paint, 256> paint{};
        for (int type = 1; type < 256; ++type) {
            if (is_solid(static_cast<std::uint8_t>(type)))
                paint[type] = (index_of[type] >> bit) & 1 ? Paint::set : Paint::clear;
        }
        paint_rects(rects, paint);
    }
    int width() const { return width_; }
    int height() const { return height_; }
    /// The solid bits of cells x .. x + 63 of row y (0 <= x < width, x a multiple of 64); rows -1 and
    /// height, and cells from width on, are empty.
    std::uint64_t cells_from(int y, int x) const {
        const std::size_t at = row_start(y) + (static_cast<std::size_t>(x) >> 6);
        return (bits_[at] >> 1) | (bits_[at + 1] << 63);
    }
    /// Whether cell (x, y) is set (-1 and width/height: the empty border).
    bool cell(int x, int y) const {
        const auto bit = static_cast<std::size_t>(x) + 1;
        return (bits_[row_start(y) + (bit >> 6)] >> (bit & 63)) & 1;
    }
    /// The four cells around vertex (vx, vy) as bits: 1 up-left, 2 up-right, 4 down-left, 8 down-right
    /// (cells (vx - 1, vy - 1), (vx, vy - 1), (vx - 1, vy), (vx, vy)).
    int around(int vx, int vy) const {
        // Cells vx - 1 and vx are bits vx and vx + 1 of the row with its border: two bits of a 16-bit read.
        const auto pair = [&](int y) {
            std::uint16_t two_bytes;
            std::memcpy(&two_bytes, bytes() + row_start(y) * 8 + (static_cast<unsigned>(vx) >> 3), 2);
            return (two_bytes >> (vx & 7)) & 3;
        };
        return pair(vy - 1) | pair(vy) << 2;
    }

   private:
    SolidMask(int width, int height)
        : width_(width),
          height_(height),
          words_per_row_((static_cast<std::size_t>(width) + 2 + 63) / 64 + 1),
          bits_(words_per_row_ * (static_cast<std::size_t>(height) + 2), 0) {}
    /// First word of cell row y (-1 .. height).
    std::size_t row_start(int y) const { return static_cast<std::size_t>(y + 1) * words_per_row_; }
    const unsigned char* bytes() const { return reinterpret_cast<const unsigned char*>(bits_.data()); }
    enum class Paint : std::uint8_t { skip, set, clear };
    /// Sets (or clears) cells [x0, x1) of row y.
    void set_run(int y, int x0, int x1, bool set = true) {
        std::uint64_t* row = &bits_[row_start(y)];
        for (std::size_t bit = static_cast<std::size_t>(x0) + 1, end = static_cast<std::size_t>(x1) + 1;
             bit < end;) {
            const std::size_t in_word = bit & 63, count = std::min<std::size_t>(64 - in_word, end - bit);
            const std::uint64_t ones = (count == 64 ? ~std::uint64_t{0} : ((std::uint64_t{1} << count) - 1))
                                       << in_word;
            row[bit >> 6] = set ? row[bit >> 6] | ones : row[bit >> 6] & ~ones;
            bit += count;
        }
    }
    void paint_rects(std::span<const TileRect> rects, const std::array<Paint, 256>& paint) {
        for (const TileRect& rect : rects) {
            if (paint[rect.type] == Paint::skip) continue;
            const int x0 = std::max(rect.x, 0), x1 = std::min(rect.x + rect.w, width_);
            const int y0 = std::max(rect.y, 0), y1 = std::min(rect.y + rect.h, height_);
            if (x0 >= x1) continue;
            for (int y = y0; y < y1; ++y) set_run(y, x0, x1, paint[rect.type] == Paint::set);
        }
    }

    int width_, height_;
    std::size_t words_per_row_;
    std::vector<std::uint64_t> bits_;
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

/// The kinds of solid cells, for tracing, painted from the rectangles like the mask: each kind numbered
/// 0 .. n - 1 in order of first use by a type, one bit plane per bit of that number (none when every solid
/// type has one kind).
class CellKinds {
   public:
    CellKinds(int width, int height, std::span<const TileRect> rects,
              const std::function<bool(std::uint8_t)>& is_solid,
              const std::array<std::uint8_t, 256>& kind_by_type) {
        std::array<std::uint8_t, 256> index_of{};
        int kinds = 0;
        std::array<int, 256> index_of_kind;
        index_of_kind.fill(-1);
        for (int type = 1; type < 256; ++type) {
            if (!is_solid(static_cast<std::uint8_t>(type))) continue;
            int& index = index_of_kind[kind_by_type[type]];
            if (index < 0) {
                index = kinds++;
                kind_of_index_[static_cast<std::size_t>(index)] = kind_by_type[type];
            }
            index_of[type] = static_cast<std::uint8_t>(index);
        }
        for (int bit = 0; (1 << bit) < kinds; ++bit)
            planes_.emplace_back(width, height, rects, is_solid, index_of, bit);
    }
    /// The kind of solid cell (x, y).
    std::uint8_t at(int x, int y) const {
        unsigned index = 0;
        for (std::size_t bit = 0; bit < planes_.size(); ++bit)
            index |= unsigned{planes_[bit].cell(x, y)} << bit;
        return kind_of_index_[index];
    }

   private:
    std::vector<SolidMask> planes_;
    std::array<std::uint8_t, 256> kind_of_index_{};
};

/// Traces the loops whose first horizontal edge in row-major order lies in edge rows [row_begin, row_end)
/// and hands each to `on_loop(points, one_kind, kind)` in that order (`points` is reused afterwards). With
/// `kinds`, `one_kind` tells whether the solid cells along the whole loop have one kind, `kind`, that of the
/// cell along its first edge; without, they are true and 0. A loop found in these rows that reaches higher
/// is left to the rows above.
template <class OnLoop>
void trace_band(const SolidMask& mask, int row_begin, int row_end, const CellKinds* kinds, OnLoop&& on_loop) {
    const int width = mask.width(), height = mask.height();
    // Horizontal edge (x, y) runs from vertex (x, y) to (x + 1, y); every loop has at least one, so
    // scanning them finds every loop. One bit each marks those walked, each edge row in whole words (and a
    // spare word, which the walk's unconditional marking of vertical steps at x = width may touch).
    const std::size_t words_per_row = (static_cast<std::size_t>(width) + 63) / 64 + 1;
    std::vector<std::uint64_t> walked(words_per_row * (static_cast<std::size_t>(height) + 1), 0);
    // The cell on the right-hand side of the edge leaving vertex (vx, vy) in each direction is cell
    // (vx, vy) + these.
    constexpr std::array<int, 4> right_x = {0, -1, -1, 0}, right_y = {0, 0, -1, -1};
    const auto kind_at = [&](int vx, int vy, int direction) {
        return kinds->at(vx + right_x[direction], vy + right_y[direction]);
    };
    // The loop's corners: written at `corners` for every step and kept only where the walk turns.
    std::vector<OutlinePoint> points(256);
    std::size_t corners = 0;

    for (int y = row_begin; y < row_end; ++y) {
        std::uint64_t* walked_row = &walked[static_cast<std::size_t>(y) * words_per_row];
        for (int word_x = 0; word_x < width; word_x += 64) {
            // The boundary edges among these 64 (solid on one side only) not walked yet, lowest first.
            const std::uint64_t below_cells = mask.cells_from(y, word_x);
            std::uint64_t starts = (mask.cells_from(y - 1, word_x) ^ below_cells) & ~walked_row[word_x >> 6];
            for (; starts != 0; starts &= starts - 1) {
                const int bit = std::countr_zero(starts);
                // A walk from an earlier edge of this word may have marked this one.
                if ((walked_row[word_x >> 6] >> bit) & 1) continue;
                const int x = word_x + bit;
                const bool below = (below_cells >> bit) & 1;
                // Eastward when the solid cell is below, westward when above.
                const int start_direction = below ? kEast : kWest;
                const int start_x = below ? x : x + 1;
                corners = 0;
                int vx = start_x, vy = y, direction = start_direction, top = y;
                const std::uint8_t first_kind = kinds ? kind_at(vx, vy, direction) : 0;
                bool one_kind = true;
                while (true) {
                    // The edge leaving (vx, vy) is walked: marked when horizontal (x - 1 for westward).
                    const int marked_x = vx - (direction == kWest);
                    walked[static_cast<std::size_t>(vy) * words_per_row +
                           (static_cast<unsigned>(marked_x) >> 6)] |=
                        static_cast<std::uint64_t>((direction & 1) ^ 1) << (marked_x & 63);
                    vx += kStepX[direction];
                    vy += kStepY[direction];
                    top = std::min(top, vy);
                    const int next = kNextDirection[mask.around(vx, vy)][direction];
                    points[corners] = {vx, vy};
                    corners += next != direction;
                    if (corners == points.size()) points.resize(points.size() * 2);
                    if (vx == start_x && vy == y && next == start_direction) break;
                    if (kinds) one_kind &= kind_at(vx, vy, next) == first_kind;
                    direction = next;
                }
                // Its topmost row holds a horizontal edge: a loop reaching above row_begin starts up there.
                if (top < row_begin) continue;
                // Start the loop at its first corner on the starting edge's row when that corner was last.
                if (corners > 1 && points[corners - 1] == OutlinePoint{start_x, y})
                    std::rotate(points.begin(), points.begin() + static_cast<std::ptrdiff_t>(corners - 1),
                                points.begin() + static_cast<std::ptrdiff_t>(corners));
                on_loop(std::span<const OutlinePoint>(points.data(), corners), one_kind, first_kind);
            }
        }
    }
}

/// Grids of this many cells and more are traced and split by two threads.
constexpr std::int64_t kTwoThreadCells = 1 << 20;

/// kind_of for every tile type, as a table.
std::array<std::uint8_t, 256> kind_table(const std::function<std::uint8_t(std::uint8_t)>& kind_of) {
    std::array<std::uint8_t, 256> kind_by_type{};
    for (int type = 0; type < 256; ++type) kind_by_type[type] = kind_of(static_cast<std::uint8_t>(type));
    return kind_by_type;
}

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
    return in_bands<OutlineLoop>(mask, bands,
                                 [&](int row_begin, int row_end, std::vector<OutlineLoop>& loops) {
                                     trace_band(mask, row_begin, row_end, nullptr,
                                                [&](std::span<const OutlinePoint> loop, bool, std::uint8_t) {
                                                    loops.emplace_back(loop.begin(), loop.end());
                                                });
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
void split_loop(std::span<const OutlinePoint> loop, const KindAt& kind_at,
                std::vector<OutlinePiece>& pieces) {
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
        pieces.push_back({OutlineLoop(loop.begin(), loop.end()), {}, {}, true, loop_kind});
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
    const std::array<std::uint8_t, 256> kind_by_type = kind_table(kind_of);
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
    const std::array<std::uint8_t, 256> kind_by_type = kind_table(kind_of);
    // The mask and the kind planes on two threads when the level is large.
    std::future<CellKinds> kinds_made = std::async(
        static_cast<std::int64_t>(width) * height >= kTwoThreadCells ? thread_or_here : std::launch::deferred,
        [&] { return CellKinds(width, height, rects, is_solid, kind_by_type); });
    const SolidMask mask(width, height, rects, is_solid);
    const CellKinds kinds = kinds_made.get();
    const auto kind_at = [&](int cx, int cy) { return kinds.at(cx, cy); };
    return in_bands<OutlinePiece>(
        mask, bands, [&](int row_begin, int row_end, std::vector<OutlinePiece>& pieces) {
            trace_band(mask, row_begin, row_end, &kinds,
                       [&](std::span<const OutlinePoint> loop, bool one_kind, std::uint8_t kind) {
                           if (one_kind) {
                               pieces.push_back({OutlineLoop(loop.begin(), loop.end()), {}, {}, true, kind});
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
