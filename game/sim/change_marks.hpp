// Change marks: which SlotMap slots the world changed since the rewind recording last looked (an entity
// written, spawned or erased), so recording a tick costs the entities that changed, not every entity.
//
// Who marks (the rule is "whoever may write an entity"): World::step marks every entity it lets think,
// every entity whose Box2D body moved it, and every entity that reacts unless its type says it marks its
// own changes (MarksOwnChanges); a mutable lookup (World::get, get_entity, player) marks what it returns;
// spawns and erases mark their slot and the layout; restore() marks everything; rebuild_canonical() marks
// nothing (it changes no saved field, slot or free list entry).
// RewindBuffer's cross-check mode compares every entity each tick to find a change nobody marked.
// The marks also add up, from one restart_since() on, into the slots changed since then (a quickload of
// the quicksave the world was at then writes only those: World::keep_for_quickload).
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "engine/page_populate.hpp"

namespace qs {

class ChangeMarks {
   public:
    /// Slot `index` may have changed (its entity's fields, or whether and what it holds).
    void mark(std::uint32_t index) {
        if (index >= marked_.size()) marked_.resize(index + 1, 0);
        if (marked_[index] & tick_mark) return;
        marked_[index] |= tick_mark;
        slots_.push_back(index);
    }
    /// Slot `index` was taken or freed: the slot table and the free list changed too.
    void mark_layout(std::uint32_t index) {
        mark(index);
        layout_ = true;
    }
    /// Anything may have changed (the world was restored or replaced).
    void mark_all() { all_ = since_all_ = true; }

    /// The marked slots, each once, in the order they were first marked.
    const std::vector<std::uint32_t>& slots() const { return slots_; }
    /// The marked slots in increasing index order (memory order, for whoever walks them), into `out`.
    void sorted_slots(std::vector<std::uint32_t>& out) const {
        out.clear();
        if (slots_.size() * 16 > marked_.size()) {  // dense: one pass over the flags
            for (std::uint32_t index = 0; index < marked_.size(); ++index) {
                if (marked_[index] & tick_mark) out.push_back(index);
            }
        } else {
            out = slots_;
            std::sort(out.begin(), out.end());
        }
    }
    bool layout_changed() const { return layout_ || all_; }
    bool all() const { return all_; }

    /// Forgets every mark (after the recording has taken them in); they still count as changed since the
    /// last restart_since(). O(marked slots).
    void clear() {
        for (std::uint32_t index : slots_) {
            if (!(marked_[index] & since_mark)) since_.push_back(index);
            marked_[index] = since_mark;
        }
        slots_.clear();
        layout_ = all_ = false;
    }

    /// Room for marks of `slots` slots, its pages present: marking a slot, a tick's clear() and the first
    /// restart_since() then write memory made ready here, not fresh pages (World::room_beside calls this as
    /// the entity map grows).
    void room(std::size_t slots) {
        reserve_present(marked_, slots);
        reserve_present(slots_, slots);
        reserve_present(since_, slots);
    }

    /// From now on, what is marked counts as changed since now (the marks of the moment count too).
    /// O(slots marked since the last restart).
    void restart_since() {
        for (std::uint32_t index : since_) marked_[index] &= static_cast<std::uint8_t>(~since_mark);
        since_.clear();
        since_all_ = false;
        if (since_.capacity() < marked_.size()) {  // room for every slot marked so far, its pages present
            since_.reserve(marked_.size() + marked_.size() / 8);
            populate_pages(since_.data(), since_.capacity() * sizeof(std::uint32_t));
        }
    }
    /// Whether anything may have changed since restart_since() (mark_all() came after it).
    bool all_since() const { return since_all_; }
    /// The slots marked since restart_since(), each once, in increasing index order, into `out`.
    void since_slots(std::vector<std::uint32_t>& out) const {
        out.clear();
        if ((since_.size() + slots_.size()) * 16 > marked_.size()) {  // dense: one pass over the flags
            for (std::uint32_t index = 0; index < marked_.size(); ++index) {
                if (marked_[index]) out.push_back(index);
            }
            return;
        }
        out = since_;
        for (std::uint32_t index : slots_) {
            if (!(marked_[index] & since_mark)) out.push_back(index);
        }
        std::sort(out.begin(), out.end());
    }

   private:
    static constexpr std::uint8_t tick_mark = 1;   ///< marked since clear()
    static constexpr std::uint8_t since_mark = 2;  ///< in since_ (marked before a clear(), since the restart)
    std::vector<std::uint32_t> slots_;
    std::vector<std::uint8_t> marked_;  ///< by slot index: tick_mark | since_mark
    std::vector<std::uint32_t> since_;  ///< slots cleared with a mark since restart_since()
    bool layout_ = false;
    bool all_ = false;
    bool since_all_ = true;  ///< no restart_since() yet, or mark_all() since
};

}  // namespace qs
