// The exact minimum rectangle partition: concave corners, chords, Hopcroft–Karp matching, König's
// theorem for the largest set of disjoint chords, then cuts marked on the grid and read out row by row.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <stdexcept>

#include "engine/rect_partition.hpp"

namespace qs {
namespace {

/// A concave corner at grid vertex (x, y): the corner of cells (x-1|x, y-1|y) whose fourth cell is missing.
struct Concave {
    int x = 0, y = 0;
    std::uint8_t type = 0;
    bool east = false;   ///< its inside horizontal edge leads east (else west)
    bool south = false;  ///< its inside vertical edge leads south (else north)
};

/// A chord on one grid line: horizontal ones at y = line from x = from to x = to (from < to), vertical
/// ones at x = line from y = from to y = to.
struct Chord {
    int line = 0, from = 0, to = 0;
};

/// Per-cell cut flags: a cut along the cell's left edge or along its top edge.
constexpr std::uint8_t kCutLeft = 1, kCutTop = 2;

/// Hopcroft–Karp maximum matching of a bipartite graph given as CSR adjacency from left vertices.
/// Returns match_left (right vertex or -1 per left vertex) and fills match_right.
class BipartiteMatcher {
   public:
    BipartiteMatcher(const std::vector<std::uint32_t>& offsets, const std::vector<std::uint32_t>& targets,
                     std::size_t right_count)
        : offsets_(offsets),
          targets_(targets),
          left_count_(offsets.size() - 1),
          match_left_(left_count_, kNone),
          match_right_(right_count, kNone),
          distance_(left_count_),
          next_edge_(left_count_) {}

    void run() {
        greedy();
        while (layer()) {
            for (std::size_t u = 0; u < left_count_; ++u) next_edge_[u] = offsets_[u];
            for (std::size_t u = 0; u < left_count_; ++u) {
                if (match_left_[u] == kNone) augment(static_cast<std::uint32_t>(u));
            }
        }
    }

    /// König: left vertices reachable from free left vertices by alternating paths (Z ∩ L), and right
    /// vertices reachable likewise (Z ∩ R). The largest independent set is (L ∩ Z) ∪ (R \ Z).
    void reachable(std::vector<bool>& left_reached, std::vector<bool>& right_reached) const {
        left_reached.assign(left_count_, false);
        right_reached.assign(match_right_.size(), false);
        std::vector<std::uint32_t> queue;
        queue.reserve(left_count_);
        for (std::size_t u = 0; u < left_count_; ++u) {
            if (match_left_[u] == kNone) {
                left_reached[u] = true;
                queue.push_back(static_cast<std::uint32_t>(u));
            }
        }
        for (std::size_t head = 0; head < queue.size(); ++head) {
            const std::uint32_t u = queue[head];
            for (std::uint32_t e = offsets_[u]; e < offsets_[u + 1]; ++e) {
                const std::uint32_t v = targets_[e];
                if (right_reached[v]) continue;
                right_reached[v] = true;
                const std::uint32_t w = match_right_[v];
                if (w != kNone && !left_reached[w]) {
                    left_reached[w] = true;
                    queue.push_back(w);
                }
            }
        }
    }

   private:
    static constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

    /// A greedy matching first: most augmenting paths are then short or absent.
    void greedy() {
        for (std::size_t u = 0; u < left_count_; ++u) {
            for (std::uint32_t e = offsets_[u]; e < offsets_[u + 1]; ++e) {
                const std::uint32_t v = targets_[e];
                if (match_right_[v] == kNone) {
                    match_right_[v] = static_cast<std::uint32_t>(u);
                    match_left_[u] = v;
                    break;
                }
            }
        }
    }

    /// BFS layers from the free left vertices; true when some free right vertex is reachable.
    bool layer() {
        queue_.clear();
        for (std::size_t u = 0; u < left_count_; ++u) {
            if (match_left_[u] == kNone) {
                distance_[u] = 0;
                queue_.push_back(static_cast<std::uint32_t>(u));
            } else {
                distance_[u] = kNone;
            }
        }
        bool found = false;
        for (std::size_t head = 0; head < queue_.size(); ++head) {
            const std::uint32_t u = queue_[head];
            for (std::uint32_t e = offsets_[u]; e < offsets_[u + 1]; ++e) {
                const std::uint32_t w = match_right_[targets_[e]];
                if (w == kNone) {
                    found = true;
                } else if (distance_[w] == kNone) {
                    distance_[w] = distance_[u] + 1;
                    queue_.push_back(w);
                }
            }
        }
        return found;
    }

    /// One augmenting path from free left vertex `root` along the BFS layers (iterative DFS).
    void augment(std::uint32_t root) {
        stack_.clear();
        stack_.push_back(root);
        while (!stack_.empty()) {
            const std::uint32_t u = stack_.back();
            bool advanced = false;
            for (; next_edge_[u] < offsets_[u + 1]; ++next_edge_[u]) {
                const std::uint32_t v = targets_[next_edge_[u]];
                const std::uint32_t w = match_right_[v];
                if (w == kNone) {
                    // Flip the path: every left vertex on the stack takes the right vertex it went through.
                    std::uint32_t take = v;
                    for (std::size_t i = stack_.size(); i-- > 0;) {
                        const std::uint32_t left = stack_[i];
                        const std::uint32_t previous = match_left_[left];
                        match_left_[left] = take;
                        match_right_[take] = left;
                        take = previous;
                    }
                    for (const std::uint32_t left : stack_) distance_[left] = kNone;
                    return;
                }
                if (distance_[w] == distance_[u] + 1) {
                    stack_.push_back(w);
                    advanced = true;
                    break;
                }
            }
            if (!advanced) {
                distance_[u] = kNone;  // a dead end for this phase
                stack_.pop_back();
                if (!stack_.empty()) ++next_edge_[stack_.back()];
            }
        }
    }

    const std::vector<std::uint32_t>& offsets_;
    const std::vector<std::uint32_t>& targets_;
    std::size_t left_count_;
    std::vector<std::uint32_t> match_left_, match_right_, distance_, next_edge_, queue_, stack_;
};

/// The grid with a one-cell empty border, so every vertex's four cells can be read without bounds checks.
class PaddedGrid {
   public:
    explicit PaddedGrid(const TileGrid& grid)
        : stride_(static_cast<std::size_t>(grid.width) + 2),
          cells_(stride_ * (static_cast<std::size_t>(grid.height) + 2), 0) {
        for (int y = 0; y < grid.height; ++y) {
            std::copy_n(grid.tiles.data() + static_cast<std::size_t>(y) * grid.width, grid.width,
                        cells_.data() + (static_cast<std::size_t>(y) + 1) * stride_ + 1);
        }
    }
    /// Row y of the grid (y from -1 to height), indexable from -1 to width.
    const std::uint8_t* row(int y) const {
        return cells_.data() + (static_cast<std::size_t>(y) + 1) * stride_ + 1;
    }
    std::size_t stride() const { return stride_; }

   private:
    std::size_t stride_;
    std::vector<std::uint8_t> cells_;
};

}  // namespace

std::vector<TileRect> minimum_rectangles(const TileGrid& grid, MinimumPartitionStats* stats) {
    std::vector<TileRect> rects;
    const int width = grid.width, height = grid.height;
    if (width <= 0 || height <= 0) return rects;
    if (grid.tiles.size() >= std::numeric_limits<std::uint32_t>::max() / 4) {
        throw std::length_error("minimum_rectangles: grid too large");
    }
    const PaddedGrid padded(grid);

    // 1. Concave corners, row by row (so in (y, x) order).
    std::vector<Concave> concave;
    for (int y = 0; y <= height; ++y) {
        const std::uint8_t* above = padded.row(y - 1);
        const std::uint8_t* below = padded.row(y);
        for (int x = 0; x <= width; ++x) {
            const std::uint8_t a = above[x - 1], b = above[x], c = below[x - 1], d = below[x];
            if (a == b && c == d && a == c) continue;  // the usual case: all four equal
            if (b == c && c == d && b != 0 && a != b)
                concave.push_back({x, y, b, true, true});
            else if (a == c && c == d && a != 0 && b != a)
                concave.push_back({x, y, a, false, true});
            else if (a == b && b == d && a != 0 && c != a)
                concave.push_back({x, y, a, true, false});
            else if (a == b && b == c && a != 0 && d != a)
                concave.push_back({x, y, a, false, false});
        }
    }

    // 2. Chords: from each concave corner east (horizontal) and south (vertical) through the inside of
    // its type's region to the first vertex that is not inside; a chord when that vertex is concave.
    std::vector<Chord> horizontal, vertical;
    std::vector<std::uint32_t> horizontal_of(concave.size(), UINT32_MAX),
        vertical_of(concave.size(), UINT32_MAX);
    // Vertical chords end at a concave corner further down: remember each open column's start corner.
    for (std::size_t i = 0; i < concave.size(); ++i) {
        const Concave& corner = concave[i];
        const std::uint8_t t = corner.type;
        if (corner.east) {
            const std::uint8_t* above = padded.row(corner.y - 1);
            const std::uint8_t* below = padded.row(corner.y);
            int x = corner.x + 1;
            while (above[x] == t && below[x] == t) ++x;
            // (x, y) has its two western cells of type t and not both eastern ones: concave when one is.
            if (above[x] == t || below[x] == t) {
                horizontal_of[i] = static_cast<std::uint32_t>(horizontal.size());
                horizontal.push_back({corner.y, corner.x, x});
            }
        }
        if (corner.south) {
            int y = corner.y + 1;
            while (padded.row(y)[corner.x - 1] == t && padded.row(y)[corner.x] == t) ++y;
            if (padded.row(y)[corner.x - 1] == t || padded.row(y)[corner.x] == t) {
                vertical_of[i] = static_cast<std::uint32_t>(vertical.size());
                vertical.push_back({corner.x, corner.y, y});
            }
        }
    }
    // The far ends: the corner at the other end of each chord (found by binary search in (y, x) order).
    const auto corner_index = [&concave](int x, int y) {
        const auto found = std::lower_bound(concave.begin(), concave.end(), std::pair{y, x},
                                            [](const Concave& c, std::pair<int, int> key) {
                                                return c.y != key.first ? c.y < key.first : c.x < key.second;
                                            });
        return static_cast<std::size_t>(found - concave.begin());
    };
    std::vector<std::uint32_t> horizontal_far(horizontal.size()), vertical_far(vertical.size());
    for (std::size_t h = 0; h < horizontal.size(); ++h) {
        horizontal_far[h] = static_cast<std::uint32_t>(corner_index(horizontal[h].to, horizontal[h].line));
    }
    for (std::size_t v = 0; v < vertical.size(); ++v) {
        vertical_far[v] = static_cast<std::uint32_t>(corner_index(vertical[v].line, vertical[v].to));
    }

    // 3. The bipartite graph: horizontal chord h meets vertical chord v when they cross or share an end.
    // Sweep rows; `active[x]` is the vertical chord on column line x (at most one covers any vertex).
    std::vector<std::uint32_t> offsets(horizontal.size() + 1, 0), targets;
    {
        std::vector<std::uint32_t> active(static_cast<std::size_t>(width) + 1, UINT32_MAX);
        std::size_t next_vertical = 0;  // vertical chords are sorted by their top end
        for (std::size_t h = 0; h < horizontal.size(); ++h) {
            const Chord& chord = horizontal[h];
            while (next_vertical < vertical.size() && vertical[next_vertical].from <= chord.line) {
                active[vertical[next_vertical].line] = static_cast<std::uint32_t>(next_vertical);
                ++next_vertical;
            }
            for (int x = chord.from; x <= chord.to; ++x) {
                const std::uint32_t v = active[x];
                if (v != UINT32_MAX && vertical[v].to >= chord.line) targets.push_back(v);
            }
            offsets[h + 1] = static_cast<std::uint32_t>(targets.size());
        }
    }

    // 4. Largest set of disjoint chords: maximum matching, then König's theorem.
    std::vector<bool> keep_horizontal, vertical_reached;
    {
        BipartiteMatcher matcher(offsets, targets, vertical.size());
        matcher.run();
        matcher.reachable(keep_horizontal, vertical_reached);
    }

    // 5. Cuts on the grid: the chosen chords, then one horizontal cut from every corner still concave.
    std::vector<std::uint8_t> cuts(grid.tiles.size(), 0);
    const auto cut_at = [&cuts, width](int x, int y) -> std::uint8_t& {
        return cuts[static_cast<std::size_t>(y) * width + x];
    };
    std::vector<bool> resolved(concave.size(), false);
    std::size_t independent = 0;
    for (std::size_t v = 0; v < vertical.size(); ++v) {
        if (vertical_reached[v]) continue;
        ++independent;
        for (int y = vertical[v].from; y < vertical[v].to; ++y) cut_at(vertical[v].line, y) |= kCutLeft;
    }
    for (std::size_t h = 0; h < horizontal.size(); ++h) {
        if (!keep_horizontal[h]) continue;
        ++independent;
        for (int x = horizontal[h].from; x < horizontal[h].to; ++x) cut_at(x, horizontal[h].line) |= kCutTop;
    }
    for (std::size_t i = 0; i < concave.size(); ++i) {
        if (horizontal_of[i] != UINT32_MAX && keep_horizontal[horizontal_of[i]]) {
            resolved[i] = resolved[horizontal_far[horizontal_of[i]]] = true;
        }
        if (vertical_of[i] != UINT32_MAX && !vertical_reached[vertical_of[i]]) {
            resolved[i] = resolved[vertical_far[vertical_of[i]]] = true;
        }
    }
    for (std::size_t i = 0; i < concave.size(); ++i) {
        if (resolved[i]) continue;
        const Concave& corner = concave[i];
        const std::uint8_t t = corner.type;
        const std::uint8_t* above = padded.row(corner.y - 1);
        const std::uint8_t* below = padded.row(corner.y);
        // Walk the inside edges; stop at a vertex that is not inside or that a vertical cut passes.
        if (corner.east) {
            int x = corner.x;
            do {
                cut_at(x, corner.y) |= kCutTop;
                ++x;
            } while (above[x] == t && below[x] == t && !(cut_at(x, corner.y) & kCutLeft));
        } else {
            int x = corner.x;
            do {
                --x;
                cut_at(x, corner.y) |= kCutTop;
            } while (above[x - 1] == t && below[x - 1] == t && !(cut_at(x, corner.y) & kCutLeft));
        }
    }

    // 6. Read the rectangles out row by row: a run of one type between cuts either continues the
    // rectangle above it (no cut on its top edge) or starts one. `open_at[x]` is the rectangle whose left
    // end is column x in the previous row.
    std::vector<std::uint32_t> open_at(static_cast<std::size_t>(width), 0);
    std::vector<int> open_row(static_cast<std::size_t>(width), -2);
    rects.reserve(concave.size() / 2 + 16);
    for (int y = 0; y < height; ++y) {
        const std::uint8_t* row = padded.row(y);
        const std::uint8_t* above = padded.row(y - 1);
        const std::uint8_t* row_cuts = &cuts[static_cast<std::size_t>(y) * width];
        int x = 0;
        while (x < width) {
            const std::uint8_t t = row[x];
            int end = x + 1;
            while (end < width && row[end] == t && !(row_cuts[end] & kCutLeft)) ++end;
            if (t != 0) {
                if (above[x] == t && !(row_cuts[x] & kCutTop) && open_row[x] == y - 1) {
                    ++rects[open_at[x]].h;
                } else {
                    open_at[x] = static_cast<std::uint32_t>(rects.size());
                    rects.push_back({x, y, end - x, 1, t});
                }
                open_row[x] = y;
            }
            x = end;
        }
    }

    if (stats) {
        stats->concave_corners = concave.size();
        stats->horizontal_chords = horizontal.size();
        stats->vertical_chords = vertical.size();
        stats->crossings = targets.size();
        stats->independent_chords = independent;
    }
    return rects;
}

std::vector<TileRect> level_rectangles(const TileGrid& grid, std::size_t exact_max_tiles) {
    if (grid.tiles.size() <= exact_max_tiles) return minimum_rectangles(grid);
    return partition_rectangles(grid);
}

}  // namespace qs
