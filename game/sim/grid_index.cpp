// GridIndex: the flat grid build (counting sort of box-cell pairs).
#include "game/sim/grid_index.hpp"

#include <algorithm>
#include <utility>

namespace qs {

namespace {

/// Cells of 4 tiles, coarser on large levels so that the cells stay under 16 per box (at least 2^12, at
/// most 2^18): the offset table costs per cell at every build, a cell's boxes at every query (walkers ask
/// every tick: coarser cells cost them more than the build saves).
std::size_t max_cells(std::size_t boxes) {
    return std::clamp<std::size_t>(16 * boxes, std::size_t{1} << 12, std::size_t{1} << 18);
}

}  // namespace

void GridIndex::build(int width, int height, std::vector<Item>& items) {
    width_ = std::max(width, 1);
    height_ = std::max(height, 1);
    int cell = 4;
    auto count_of = [&](int size) { return (size + cell - 1) / cell; };
    const std::size_t most = max_cells(items.size());
    while (static_cast<std::size_t>(count_of(width_)) * static_cast<std::size_t>(count_of(height_)) > most)
        cell *= 2;
    columns_ = count_of(width_);
    rows_ = count_of(height_);
    inverse_cell_ = 1.0 / cell;
    items_.swap(items);
    items.clear();
    extra_.clear();

    const std::size_t cells = static_cast<std::size_t>(columns_) * static_cast<std::size_t>(rows_);
    offsets_.assign(cells + 1, 0);
    auto for_each_cell = [&](const Item& item, auto&& f) {
        const int cx0 = cell_x(item.x0), cx1 = cell_x(item.x1), cy0 = cell_y(item.y0), cy1 = cell_y(item.y1);
        for (int cy = cy0; cy <= cy1; ++cy) {
            for (int cx = cx0; cx <= cx1; ++cx) {
                f(static_cast<std::size_t>(cy) * static_cast<std::size_t>(columns_) +
                  static_cast<std::size_t>(cx));
            }
        }
    };
    for (const Item& item : items_) for_each_cell(item, [&](std::size_t c) { ++offsets_[c + 1]; });
    for (std::size_t c = 0; c < cells; ++c) offsets_[c + 1] += offsets_[c];
    members_.assign(offsets_[cells], 0);
    next_.assign(offsets_.begin(), offsets_.end() - 1);
    for (std::size_t i = 0; i < items_.size(); ++i) {
        for_each_cell(items_[i],
                      [&](std::size_t c) { members_[next_[c]++] = static_cast<std::uint32_t>(i); });
    }
}

void GridIndex::add(const Item& item) {
    extra_.push_back(item);
    if (extra_.size() > 64 + items_.size() / 8) {
        std::vector<Item> all = std::move(items_);
        all.insert(all.end(), extra_.begin(), extra_.end());
        build(width_, height_, all);
    }
}

void GridIndex::clear() {
    items_.clear();
    extra_.clear();
    offsets_.clear();
    members_.clear();
}

void GridIndex::clear_into(std::vector<Item>& into) {
    if (into.capacity() < items_.capacity()) into.swap(items_);
    into.clear();
    clear();
}

}  // namespace qs
