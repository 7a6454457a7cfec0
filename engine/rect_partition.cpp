// The scanline rectangle partition: runs of equal tiles per row, merged downward into open rectangles.
#include "engine/rect_partition.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <future>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <limits>
#include <stdexcept>

#include "engine/thread_or_here.hpp"

namespace qs {
namespace {

/// A rectangle that reached the previous row and may grow into this one. Its height is not stored: it is
/// the current row minus the top row, written into the result when the rectangle is finished.
struct OpenRect {
    int left = 0, right = 0;         ///< columns [left, right)
    std::uint32_t output_index = 0;  ///< where it lives in the result
    std::uint8_t type = 0;
};

/// Sets bit x of `starts` (one bit per column, 64 per word) when column x begins a run of equal tiles:
/// x == 0 or row[x] != row[x - 1]. Sixteen columns per step with SSE2, one at a time otherwise.
void mark_run_starts(const std::uint8_t* row, int width, std::uint64_t* starts) {
    const int words = (width + 63) / 64;
    std::fill(starts, starts + words, 0);
    starts[0] = 1;
    int x = 1;
#if defined(__SSE2__)
    for (; x + 16 <= width; x += 16) {
        const __m128i here = _mm_loadu_si128(reinterpret_cast<const __m128i*>(row + x));
        const __m128i left = _mm_loadu_si128(reinterpret_cast<const __m128i*>(row + x - 1));
        const auto changed =
            static_cast<std::uint64_t>(~_mm_movemask_epi8(_mm_cmpeq_epi8(here, left)) & 0xffff);
        if (changed == 0) continue;
        const int bit = x & 63;
        starts[x >> 6] |= changed << bit;
        if (bit > 48) starts[(x >> 6) + 1] |= changed >> (64 - bit);
    }
#endif
    for (; x < width; ++x) {
        if (row[x] != row[x - 1]) starts[x >> 6] |= std::uint64_t{1} << (x & 63);
    }
}

/// First open rectangle in [first, last) whose left end is not before `x` (sorted by left end). A binary
/// search, galloping from `first` so the usual case, a match right at `first`, costs one comparison.
const OpenRect* find_first_not_left_of(const OpenRect* first, const OpenRect* last, int x) {
    if (first == last || first->left >= x) return first;
    // Invariant: first->left < x. Double the step until an element at or past x (or the end) is bracketed.
    std::ptrdiff_t step = 1;
    while (step < last - first && first[step].left < x) {
        first += step;
        step *= 2;
    }
    const OpenRect* bound = step < last - first ? first + step : last;
    return std::lower_bound(first + 1, bound, x,
                            [](const OpenRect& open, int left) { return open.left < left; });
}

/// Grows the result to what the remaining rows will probably need (the count so far scaled by the rows
/// left, with a quarter more), at least doubling: one or two reallocations instead of a dozen for large
/// grids. The count is scaled only once a sixteenth of the rows is done (the first rows, often a border,
/// say little about the rest); before, it doubles. Capacity never used costs nothing: its pages are
/// never touched.
void grow_for_rows_left(std::vector<TileRect>& rects, int row, int height) {
    const std::size_t doubled = std::max<std::size_t>(2 * rects.capacity(), 256);
    if (static_cast<std::int64_t>(row + 1) * 16 < height) {
        rects.reserve(doubled);
        return;
    }
    const double projected = static_cast<double>(rects.size()) * height / (row + 1) * 1.25;
    rects.reserve(std::max(doubled, static_cast<std::size_t>(projected)));
}

/// The partition of rows [y_begin, y_end) alone, appended to `rects` (rectangles open at y_end end there);
/// `rects` is grown for rows up to `projected_end` (>= y_end: more rows will be joined onto it).
void partition_rows(const TileGrid& grid, int y_begin, int y_end, std::vector<TileRect>& rects,
                    int projected_end) {
    // Rectangles are appended when they start, row by row and left to right, which is (y, x) order.
    // A row has at most width / 1 runs, so the two open lists never need to grow.
    std::vector<OpenRect> open_lists(2 * static_cast<std::size_t>(grid.width));
    OpenRect* above = open_lists.data();
    OpenRect* current = open_lists.data() + grid.width;
    std::size_t above_count = 0;

    int y = y_begin;
    // Rectangles in [first, last) end above row y: their height is now known.
    const auto finish = [&rects, &y](const OpenRect* first, const OpenRect* last) {
        for (; first != last; ++first) {
            TileRect& rect = rects[first->output_index];
            rect.h = y - rect.y;
        }
    };
    std::vector<std::uint64_t> run_starts((static_cast<std::size_t>(grid.width) + 63) / 64);
    for (; y < y_end; ++y) {
        const std::uint8_t* row = grid.tiles.data() + static_cast<std::size_t>(y) * grid.width;
        const OpenRect* const above_end = above + above_count;
        // Open rectangles above are sorted by left end and runs come left to right, so each search
        // starts after the previous match; everything it skips over can no longer be continued.
        const OpenRect* search_from = above;
        std::size_t current_count = 0;

        // One run [x, end) of equal tiles: continue the rectangle above or start a new one.
        const auto take_run = [&](int x, int end) {
            const std::uint8_t type = row[x];
            if (type == 0) return;
            const OpenRect* found = find_first_not_left_of(search_from, above_end, x);
            finish(search_from, found);
            search_from = found;
            bool continued = false;
            if (found != above_end && found->left == x) {
                ++search_from;  // no later run starts at x, so `found` is decided now either way
                continued = found->right == end && found->type == type;
                if (continued) {
                    current[current_count++] = *found;
                } else {
                    finish(found, found + 1);
                }
            }
            if (!continued) {
                current[current_count++] = {x, end, static_cast<std::uint32_t>(rects.size()), type};
                if (rects.size() == rects.capacity())
                    grow_for_rows_left(rects, y - y_begin, projected_end - y_begin);
                rects.push_back({x, y, end - x, 0, type});
            }
        };

        mark_run_starts(row, grid.width, run_starts.data());
        int run_start = 0;
        for (std::size_t word = 0; word < run_starts.size(); ++word) {
            std::uint64_t bits = run_starts[word];
            if (word == 0) bits &= ~std::uint64_t{1};  // column 0 starts the first run
            while (bits != 0) {
                const int x = static_cast<int>(word * 64) + std::countr_zero(bits);
                bits &= bits - 1;
                take_run(run_start, x);
                run_start = x;
            }
        }
        take_run(run_start, grid.width);

        finish(search_from, above_end);
        std::swap(above, current);
        above_count = current_count;
    }
    finish(above, above + above_count);
}

/// Joins the rectangles of the band starting at row `seam` to `rects` (the bands above): a band rectangle
/// starting at the seam continues the rectangle above that ends there with the same columns and type, as
/// the one-pass partition continues it; the others are appended, keeping (y, x) order.
void join_band(std::vector<TileRect>& rects, const std::vector<TileRect>& band, int seam) {
    std::vector<std::uint32_t> ending;  // rectangles of `rects` that end at the seam, by x
    for (std::uint32_t i = 0; i < rects.size(); ++i) {
        if (rects[i].y + rects[i].h == seam) ending.push_back(i);
    }
    std::sort(ending.begin(), ending.end(),
              [&](std::uint32_t a, std::uint32_t b) { return rects[a].x < rects[b].x; });
    std::size_t at = 0, starting = 0;
    rects.reserve(rects.size() + band.size());
    for (; starting < band.size() && band[starting].y == seam; ++starting) {
        const TileRect& lower = band[starting];
        while (at < ending.size() && rects[ending[at]].x < lower.x) ++at;
        if (at < ending.size()) {
            TileRect& upper = rects[ending[at]];
            if (upper.x == lower.x && upper.w == lower.w && upper.type == lower.type) {
                upper.h += lower.h;
                continue;
            }
        }
        rects.push_back(lower);
    }
    rects.insert(rects.end(), band.begin() + static_cast<std::ptrdiff_t>(starting), band.end());
}

/// Grids of this many tiles and more are partitioned in two bands of rows on two threads.
constexpr std::size_t kTwoBandTiles = std::size_t{1} << 20;

}  // namespace

std::vector<TileRect> partition_rectangles(const TileGrid& grid, int bands) {
    std::vector<TileRect> rects;
    if (grid.width <= 0 || grid.height <= 0) return rects;
    if (grid.tiles.size() > std::numeric_limits<std::uint32_t>::max()) {
        throw std::length_error("partition_rectangles: grid over 2^32 tiles");
    }
    if (bands <= 0) bands = grid.tiles.size() >= kTwoBandTiles ? 2 : 1;
    bands = std::clamp(bands, 1, grid.height);
    const auto band_begin = [&](int band) {
        return static_cast<int>(static_cast<std::int64_t>(grid.height) * band / bands);
    };
    // Band 0 on this thread, the others on their own; then joined top to bottom.
    std::vector<std::vector<TileRect>> band_rects(static_cast<std::size_t>(bands));
    std::vector<std::future<void>> others;
    for (int band = 1; band < bands; ++band) {
        others.push_back(std::async(thread_or_here, [&, band] {
            partition_rows(grid, band_begin(band), band_begin(band + 1), band_rects[band],
                           band_begin(band + 1));
        }));
    }
    // Band 0's result becomes the whole result: grown for every row, so joining the other bands onto it
    // rarely moves it (a move writes it again into fresh pages).
    partition_rows(grid, 0, band_begin(1), rects, grid.height);
    for (int band = 1; band < bands; ++band) {
        others[band - 1].get();
        join_band(rects, band_rects[band], band_begin(band));
    }
    return rects;
}

}  // namespace qs
