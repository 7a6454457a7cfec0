// GridIndex: boxes in tile units, each naming an entity, bucketed in a uniform grid so that "which boxes
// overlap this one" costs the cells it covers, not one look at every box. What the World asks it
// instead of Box2D's broad phase, and instead of a scan over every entity (world_index.cpp).
//
//   GridIndex index;
//   index.build(level_width, level_height, {{x0, y0, x1, y1, ref}, ...});   // once, O(boxes + cells)
//   index.add({x0, y0, x1, y1, ref});                                     // later ones (a short list)
//   index.query(x0, y0, x1, y1, [&](const GridIndex::Item& item) { ... });  // each overlapping box once
//
// The cells are stored flat (counting sort): one offset per cell and one array of item numbers. Boxes
// outside the grid fall into its border cells, so any box can be stored and found. Boxes are never removed:
// the caller checks that an item's entity is still alive (stale references do not resolve).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "game/sim/entity_ref.hpp"

namespace qs {

class GridIndex {
   public:
    /// A closed box (its edges belong to it) and the entity it stands for.
    struct Item {
        float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
        EntityRef ref;
    };

    /// Replaces the contents with `items`, bucketed over a grid covering [0, width) x [0, height) tiles.
    void build(int width, int height, std::vector<Item>&& items) { build(width, height, items); }
    /// The same, taking the items out of `items`, which is left empty holding the previous contents'
    /// storage (to be filled for the next build without allocating).
    void build(int width, int height, std::vector<Item>& items);
    /// Adds one box after the build (scanned by every query until the next build; folded in once many).
    void add(const Item& item);
    /// Forgets everything.
    void clear();
    /// Forgets everything, handing the storage of its boxes to `into` (left empty) when that has less room:
    /// a scan listing the boxes of the next build() then fills memory that is present, not fresh pages.
    void clear_into(std::vector<Item>& into);
    /// Number of boxes stored (including those of entities erased since).
    std::size_t size() const { return items_.size() + extra_.size(); }

    /// Calls f(item) once for every stored box that overlaps the closed box [x0, x1] x [y0, y1], i.e.
    /// item.x0 <= x1 && x0 <= item.x1 (and so in y), as b2TestOverlap decides (also for x0 > x1).
    template <class F>
    void query(double x0, double y0, double x1, double y1, F&& f) const {
        if (!items_.empty()) {
            const int cx0 = cell_x(std::min(x0, x1)), cx1 = cell_x(std::max(x0, x1));
            const int cy0 = cell_y(std::min(y0, y1)), cy1 = cell_y(std::max(y0, y1));
            for (int cy = cy0; cy <= cy1; ++cy) {
                const std::size_t row = static_cast<std::size_t>(cy) * static_cast<std::size_t>(columns_);
                for (int cx = cx0; cx <= cx1; ++cx) {
                    const std::size_t cell = row + static_cast<std::size_t>(cx);
                    for (std::uint32_t k = offsets_[cell]; k < offsets_[cell + 1]; ++k) {
                        const Item& item = items_[members_[k]];
                        if (!overlaps(item, x0, y0, x1, y1)) continue;
                        // A box in several cells is reported from the first cell both boxes share.
                        if ((cx != cx0 && cell_x(item.x0) != cx) || (cy != cy0 && cell_y(item.y0) != cy))
                            continue;
                        f(item);
                    }
                }
            }
        }
        for (const Item& item : extra_) {
            if (overlaps(item, x0, y0, x1, y1)) f(item);
        }
    }

   private:
    static bool overlaps(const Item& item, double x0, double y0, double x1, double y1) {
        return item.x0 <= x1 && x0 <= item.x1 && item.y0 <= y1 && y0 <= item.y1;
    }
    int cell_x(double x) const { return clamp_cell(x, columns_); }
    int cell_y(double y) const { return clamp_cell(y, rows_); }
    int clamp_cell(double coordinate, int count) const {
        const double cell = std::floor(coordinate * inverse_cell_);
        if (!(cell > 0)) return 0;  // also NaN
        return cell >= count ? count - 1 : static_cast<int>(cell);
    }

    int width_ = 0, height_ = 0;
    int columns_ = 1, rows_ = 1;
    double inverse_cell_ = 1;
    std::vector<Item> items_;             ///< bucketed at the last build
    std::vector<std::uint32_t> offsets_;  ///< cell c holds members_[offsets_[c] .. offsets_[c + 1])
    std::vector<std::uint32_t> members_;  ///< item numbers, cell after cell
    std::vector<Item> extra_;             ///< added since the last build
    std::vector<std::uint32_t> next_;     ///< build()'s fill position per cell (kept for its storage)
};

}  // namespace qs
