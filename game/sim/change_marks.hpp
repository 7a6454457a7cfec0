// Change marks: which SlotMap slots the world changed since the rewind recording last looked (an entity
// written, spawned or erased), so recording a tick costs the entities that changed, not every entity.
//
// Who marks (the rule is "whoever may write an entity"): World::step marks every entity it lets think,
// every entity whose Box2D body moved it, and every entity that reacts unless its type says it marks its
// own changes (MarksOwnChanges); a mutable lookup (World::get, get_entity, player) marks what it returns;
// spawns and erases mark their slot and the layout; restore() marks everything; rebuild_canonical() marks
// nothing (it changes no saved field, slot or free list entry).
// RewindBuffer's cross-check mode compares every entity each tick to find a change nobody marked.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace qs {

class ChangeMarks {
   public:
    /// Slot `index` may have changed (its entity's fields, or whether and what it holds).
    void mark(std::uint32_t index) {
        if (index >= marked_.size()) marked_.resize(index + 1, 0);
        if (marked_[index]) return;
        marked_[index] = 1;
        slots_.push_back(index);
    }
    /// Slot `index` was taken or freed: the slot table and the free list changed too.
    void mark_layout(std::uint32_t index) {
        mark(index);
        layout_ = true;
    }
    /// Anything may have changed (the world was restored or replaced).
    void mark_all() { all_ = true; }

    /// The marked slots, each once, in the order they were first marked.
    const std::vector<std::uint32_t>& slots() const { return slots_; }
    /// The marked slots in increasing index order (memory order, for whoever walks them), into `out`.
    void sorted_slots(std::vector<std::uint32_t>& out) const {
        out.clear();
        if (slots_.size() * 16 > marked_.size()) {  // dense: one pass over the flags
            for (std::uint32_t index = 0; index < marked_.size(); ++index) {
                if (marked_[index]) out.push_back(index);
            }
        } else {
            out = slots_;
            std::sort(out.begin(), out.end());
        }
    }
    bool layout_changed() const { return layout_ || all_; }
    bool all() const { return all_; }

    /// Forgets every mark (after the recording has taken them in). O(marked slots).
    void clear() {
        for (std::uint32_t index : slots_) marked_[index] = 0;
        slots_.clear();
        layout_ = all_ = false;
    }

   private:
    std::vector<std::uint32_t> slots_;
    std::vector<std::uint8_t> marked_;  ///< by slot index
    bool layout_ = false;
    bool all_ = false;
};

}  // namespace qs
