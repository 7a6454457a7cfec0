// SlotMap: a generational container that hands out stable, checkable keys for the world's entities.
// Header-only template; the exact slot table and free list can be exported and imported (snapshots).
/*
 * Design
 * ------
 * A key is a 32-bit slot index plus a 32-bit generation. Each slot in the slot table remembers its
 * generation and whether it is alive; an alive slot points into dense storage (a plain vector of values,
 * so iteration is a linear scan), a dead slot points to the next dead slot in the free list.
 *
 *   - A new slot starts at generation 1, so generation 0 is never valid: Key{} is the null key.
 *   - erase() swaps the last dense value into the hole, fixes that value's slot, increments the erased
 *     slot's generation at once (the dead slot's generation is the one its next occupant gets) and
 *     appends the slot to the BACK of a FIFO free list.
 *   - insert() takes the FRONT of the free list only when the free list holds MORE than
 *     min_free_before_reuse entries, else it appends a new slot. Spreading reuse over several slots
 *     keeps one slot's generation from being burned through.
 *   - max_generation is the retirement mark and never a live generation: live generations are
 *     1 .. max_generation-1. When erase would raise a slot's generation to max_generation the slot is
 *     retired: dead, stored with generation == max_generation, never in the free list, never reused.
 *     So no key is ever handed out twice (no wrap-around).
 *   - export_layout() / import_layout() give and take the exact slot table and free list order, and a
 *     copy keeps them too, so a restored or copied map hands out exactly the keys the original would.
 *
 * Use
 * ---
 *   qs::SlotMap<Entity> entities;                  // reuse after more than 4 free slots
 *   auto key = entities.insert(Coin{.value = 5});   // key.index, key.generation
 *   if (Entity* e = entities.get(key)) ...          // nullptr once erased (stale key)
 *   entities.erase(key);                            // false for a stale or null key
 *   for (Entity& e : entities) ...                  // dense order
 *   entities.for_each([](auto key, Entity& e) { ... });
 *
 *   auto layout = entities.export_layout();         // snapshot: slots + free list ...
 *   restored.import_layout(layout, [&](auto key) { return rebuild(key); });   // ... alive slots by index
 *
 * Pointers and references to values are invalidated by insert, erase, clear and import; keys are not.
 */
#pragma once

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "engine/page_populate.hpp"

namespace qs {

/// A generational container of T with O(1) insert, get and erase, dense iteration and exact layout
/// export/import. Keys are typed per map (SlotMap<A>::Key is not SlotMap<B>::Key).
template <class T>
class SlotMap {
   public:
    /// Names one value: slot index + generation. Generation 0 is the null key and never valid.
    struct Key {
        std::uint32_t index = 0;       ///< slot index
        std::uint32_t generation = 0;  ///< must equal the slot's generation to be valid; 0 = null
        bool operator==(const Key&) const = default;
        /// True unless this is the null key (it may still be stale: ask contains()).
        explicit operator bool() const { return generation != 0; }
    };

    /// One slot of the exported layout. Alive: generation of its current key. Dead and free: the
    /// generation its next occupant gets. Retired: alive == false and generation == max_generation.
    struct SlotState {
        std::uint32_t generation = 0;  ///< never 0 in a valid layout
        bool alive = false;            ///< holds a value
        bool operator==(const SlotState&) const = default;
    };

    /// The exact state of the slot table: what a snapshot stores and --dump-state prints.
    struct Layout {
        std::vector<SlotState> slots;          ///< by index
        std::vector<std::uint32_t> free_list;  ///< in reuse order: front is reused first
        bool operator==(const Layout&) const = default;
    };

    /// An empty map. A free slot is reused only while more than min_free_before_reuse slots are free.
    /// max_generation is the retirement mark (live generations are 1..max_generation-1); it must be at
    /// least 2, else std::invalid_argument.
    explicit SlotMap(std::uint32_t min_free_before_reuse = 4, std::uint32_t max_generation = 0xFFFFFFFFu)
        : min_free_(min_free_before_reuse), max_generation_(max_generation) {
        if (max_generation_ < 2) throw std::invalid_argument("SlotMap: max_generation must be at least 2");
    }

    /// Copies keep everything: values, dense order, slot table and free list order.
    SlotMap(const SlotMap&) = default;
    /// Copies everything, including the free list order and the two settings.
    SlotMap& operator=(const SlotMap&) = default;
    /// Takes everything from `other`, which is left empty (no slots) with its settings.
    SlotMap(SlotMap&& other) noexcept
        : min_free_(other.min_free_),
          max_generation_(other.max_generation_),
          slots_(std::move(other.slots_)),
          values_(std::move(other.values_)),
          dense_to_slot_(std::move(other.dense_to_slot_)),
          free_head_(std::exchange(other.free_head_, kNone)),
          free_tail_(std::exchange(other.free_tail_, kNone)),
          free_count_(std::exchange(other.free_count_, 0)) {
        other.reset_storage();
    }
    /// Takes everything from `other`, which is left empty (no slots) with its settings.
    SlotMap& operator=(SlotMap&& other) noexcept {
        if (this != &other) {
            min_free_ = other.min_free_;
            max_generation_ = other.max_generation_;
            slots_ = std::move(other.slots_);
            values_ = std::move(other.values_);
            dense_to_slot_ = std::move(other.dense_to_slot_);
            free_head_ = std::exchange(other.free_head_, kNone);
            free_tail_ = std::exchange(other.free_tail_, kNone);
            free_count_ = std::exchange(other.free_count_, 0);
            other.reset_storage();
        }
        return *this;
    }
    ~SlotMap() = default;

    /// Makes room for `count` values and slots (and an eighth more) at once, its pages present: inserting
    /// that many then allocates nothing.
    void reserve(std::size_t count) {
        reserve_with_room(slots_, count);
        reserve_with_room(values_, count);
        reserve_with_room(dense_to_slot_, count);
    }

    /// Stores `value` and returns its key. Reuses the front of the free list when it holds more than
    /// min_free_before_reuse slots, else appends a slot at generation 1. Strong exception guarantee.
    Key insert(T value) { return emplace(std::move(value)); }

    /// Constructs a value in place from `args` and returns its key (same slot choice as insert()).
    template <class... A>
    Key emplace(A&&... args) {
        const bool reuse = free_count_ > min_free_;
        if (!reuse && slots_.size() >= kMaxSlots) throw std::length_error("SlotMap: out of slot indices");
        const auto index = reuse ? free_head_ : static_cast<std::uint32_t>(slots_.size());
        const auto dense = static_cast<std::uint32_t>(values_.size());
        // Storage grows with its pages present, so that room a vector has is memory it can write without a
        // page fault (what spare_fits() counts on once this storage is an import's spare).
        grow_for_one(values_);
        grow_for_one(dense_to_slot_);
        if (!reuse) grow_for_one(slots_);
        values_.emplace_back(
            std::forward<A>(args)...);  // each step below undoes the ones before if it throws
        try {
            dense_to_slot_.push_back(index);
        } catch (...) {
            values_.pop_back();
            throw;
        }
        if (reuse) {
            pop_free_front();
        } else {
            try {
                slots_.push_back(Slot{1, kNone, false});  // a brand-new slot starts at generation 1
            } catch (...) {
                dense_to_slot_.pop_back();
                values_.pop_back();
                throw;
            }
        }
        Slot& slot = slots_[index];
        slot.alive = true;
        slot.link = dense;
        return Key{index, slot.generation};
    }

    /// The value for `key`, or nullptr if the key is null, stale or out of range.
    T* get(Key key) {
        const std::uint32_t dense = dense_index_of(key);
        return dense == kNone ? nullptr : &values_[dense];
    }
    /// The value for `key`, or nullptr if the key is null, stale or out of range.
    const T* get(Key key) const {
        const std::uint32_t dense = dense_index_of(key);
        return dense == kNone ? nullptr : &values_[dense];
    }
    /// True if `key` names a live value.
    bool contains(Key key) const { return dense_index_of(key) != kNone; }
    /// Where `key`'s value is in dense order (0 <= position < size()), or npos if the key is null, stale
    /// or out of range.
    std::size_t dense_position(Key key) const {
        const std::uint32_t dense = dense_index_of(key);
        return dense == kNone ? npos : dense;
    }
    static constexpr std::size_t npos = static_cast<std::size_t>(-1);

    /// Destroys the value for `key`; false (and nothing changes) for a null, stale or out-of-range key.
    /// The last dense value moves into the hole. The slot's generation advances now; the slot goes to the
    /// back of the free list, or is retired if its generation reaches max_generation.
    bool erase(Key key) {
        const std::uint32_t dense = dense_index_of(key);
        if (dense == kNone) return false;
        remove_dense(dense);
        kill_slot(key.index);
        return true;
    }

    /// Number of live values.
    std::size_t size() const { return values_.size(); }
    /// True if no value is alive.
    bool empty() const { return values_.empty(); }
    /// Erases every live value, slot by slot in increasing index order: generations advance and the slots
    /// go to the back of the free list in that order (or retire). Slot count is unchanged.
    void clear() {
        values_.clear();
        dense_to_slot_.clear();
        for (std::uint32_t i = 0; i < slots_.size(); ++i)
            if (slots_[i].alive) kill_slot(i);
    }

    /// Number of slots ever created, including dead and retired ones (the layout's slot count).
    std::size_t slot_count() const { return slots_.size(); }
    /// Number of slots in the free list.
    std::size_t free_count() const { return free_count_; }
    /// The reuse threshold given to the constructor.
    std::uint32_t min_free_before_reuse() const { return min_free_; }
    /// The retirement generation given to the constructor.
    std::uint32_t max_generation() const { return max_generation_; }

    /// Dense iteration over live values (order unspecified but deterministic: it depends only on the
    /// sequence of operations). Iterators are invalidated by insert, erase, clear and import.
    auto begin() { return values_.begin(); }
    /// End of dense iteration.
    auto end() { return values_.end(); }
    /// Dense iteration over live values, read-only.
    auto begin() const { return values_.begin(); }
    /// End of read-only dense iteration.
    auto end() const { return values_.end(); }

    /// Key of the dense_index-th value (0 <= dense_index < size()).
    Key key_at_dense(std::size_t dense_index) const {
        assert(dense_index < values_.size());
        const std::uint32_t index = dense_to_slot_[dense_index];
        return Key{index, slots_[index].generation};
    }
    /// The dense_index-th value (0 <= dense_index < size()).
    T& value_at_dense(std::size_t dense_index) {
        assert(dense_index < values_.size());
        return values_[dense_index];
    }
    /// The dense_index-th value (0 <= dense_index < size()).
    const T& value_at_dense(std::size_t dense_index) const {
        assert(dense_index < values_.size());
        return values_[dense_index];
    }

    /// Key of the value in slot `index`, which must hold one (index < slot_count()).
    Key key_at_slot(std::uint32_t index) const {
        assert(index < slots_.size() && slots_[index].alive);
        return Key{index, slots_[index].generation};
    }
    /// The value in slot `index`, which must hold one: get(key_at_slot(index)) without the checks.
    T& value_at_slot(std::uint32_t index) {
        assert(index < slots_.size() && slots_[index].alive);
        return values_[slots_[index].link];
    }
    /// The value in slot `index`, which must hold one.
    const T& value_at_slot(std::uint32_t index) const {
        assert(index < slots_.size() && slots_[index].alive);
        return values_[slots_[index].link];
    }
    /// Whether slot `index` holds a value (index < slot_count()).
    bool slot_alive(std::uint32_t index) const { return slots_[index].alive; }

    /// Calls f(Key, T&) for every live value in dense order. f must not insert or erase.
    template <class F>
    void for_each(F&& f) {
        for (std::size_t i = 0; i < values_.size(); ++i) f(key_at_dense(i), values_[i]);
    }
    /// Calls f(Key, const T&) for every live value in dense order.
    template <class F>
    void for_each(F&& f) const {
        for (std::size_t i = 0; i < values_.size(); ++i) f(key_at_dense(i), values_[i]);
    }

    /// The exact slot table and free list (front = reused first). Retired slots show as
    /// alive == false, generation == max_generation, and are not in the free list.
    Layout export_layout() const {
        Layout layout;
        export_layout_into(layout);
        return layout;
    }
    /// export_layout() written over `layout`, reusing its storage (fresh storage is made present at once;
    /// the free list gets room for every slot, so a later export of as many slots fits whatever is free).
    void export_layout_into(Layout& layout) const {
        layout.slots.clear();
        if (layout.slots.capacity() < slots_.size()) {
            layout.slots = {};
            layout.slots.reserve(slots_.size());
            populate_pages(layout.slots.data(), slots_.size() * sizeof(SlotState));
        }
        for (const Slot& slot : slots_) layout.slots.push_back(SlotState{slot.generation, slot.alive});
        layout.free_list.clear();
        if (layout.free_list.capacity() < free_count_) {
            layout.free_list = {};
            layout.free_list.reserve(slots_.size());
            populate_pages(layout.free_list.data(), slots_.size() * sizeof(std::uint32_t));
        }
        for (std::uint32_t i = free_head_; i != kNone; i = slots_[i].link) layout.free_list.push_back(i);
    }

    /// One slot of export_layout() without copying the table (index < slot_count()).
    SlotState slot_state(std::uint32_t index) const {
        return SlotState{slots_[index].generation, slots_[index].alive};
    }
    /// export_layout().free_list without copying the slot table: O(free slots).
    std::vector<std::uint32_t> export_free_list() const {
        std::vector<std::uint32_t> free_list;
        free_list.reserve(free_count_);
        for (std::uint32_t i = free_head_; i != kNone; i = slots_[i].link) free_list.push_back(i);
        return free_list;
    }

    /// Checks that `layout` could be the state of a SlotMap with this max_generation. nullopt if so, else
    /// one sentence saying what is wrong. Rules: at most 2^32-1 slots; no generation is 0 or above
    /// max_generation; an alive slot's generation is below max_generation; a dead slot with generation
    /// max_generation is retired and must not be in the free list; every other dead slot is in the free
    /// list exactly once; free list entries are in range, dead and unique.
    static std::optional<std::string> validate_layout(const Layout& layout,
                                                      std::uint32_t max_generation = 0xFFFFFFFFu) {
        using std::to_string;
        if (max_generation < 2) return "max_generation " + to_string(max_generation) + " is below 2.";
        if (layout.slots.size() > kMaxSlots)
            return "The layout has " + to_string(layout.slots.size()) + " slots, more than a key can index.";
        for (std::size_t i = 0; i < layout.slots.size(); ++i) {
            const SlotState& s = layout.slots[i];
            if (s.generation == 0) return "Slot " + to_string(i) + " has generation 0.";
            if (s.generation > max_generation)
                return "Slot " + to_string(i) + " has generation " + to_string(s.generation) +
                       ", above max_generation " + to_string(max_generation) + ".";
            if (s.alive && s.generation == max_generation)
                return "Alive slot " + to_string(i) + " has the retired generation " +
                       to_string(max_generation) + ".";
        }
        std::vector<bool> in_free(layout.slots.size(), false);
        for (std::size_t k = 0; k < layout.free_list.size(); ++k) {
            const std::uint32_t i = layout.free_list[k];
            const std::string where = "Free list entry " + to_string(k) + " (slot " + to_string(i) + ")";
            if (i >= layout.slots.size())
                return where + " is out of range: there are " + to_string(layout.slots.size()) + " slots.";
            if (layout.slots[i].alive) return where + " is alive.";
            if (layout.slots[i].generation == max_generation) return where + " is retired.";
            if (in_free[i]) return where + " is a duplicate.";
            in_free[i] = true;
        }
        for (std::size_t i = 0; i < layout.slots.size(); ++i) {
            const SlotState& s = layout.slots[i];
            if (!s.alive && s.generation != max_generation && !in_free[i])
                return "Dead slot " + to_string(i) + " is missing from the free list.";
        }
        return std::nullopt;
    }

    /// Replaces everything: the slot table and free list become exactly `layout`; for every alive slot, in
    /// increasing index order, make_value(Key) is called and its result stored (so dense order == index
    /// order afterwards). Throws std::invalid_argument (with validate_layout's sentence) if the layout is
    /// not valid for this map's max_generation. If it throws, or make_value throws, the map is unchanged.
    template <class Make>
    void import_layout(const Layout& layout, Make&& make_value) {
        if (auto error = validate_layout(layout, max_generation_)) throw std::invalid_argument(*error);
        // Built in the spare storage kept from the last import or reorder (no fresh pages per import), then
        // swapped in; the old contents become the spare storage.
        std::vector<Slot>& slots = spare_slots_;
        std::vector<T>& values = spare_values_;
        std::vector<std::uint32_t>& dense_to_slot = spare_dense_to_slot_;
        slots.clear();
        values.clear();
        dense_to_slot.clear();
        std::size_t alive = 0;
        for (const SlotState& s : layout.slots) alive += s.alive ? 1 : 0;
        // Room to grow, so that the next imports of a slightly larger map still fit; new pages faulted in
        // at once.
        reserve_with_room(slots, layout.slots.size());
        reserve_with_room(values, alive);
        reserve_with_room(dense_to_slot, alive);
        try {
            for (std::uint32_t i = 0; i < layout.slots.size(); ++i) {
                const SlotState& s = layout.slots[i];
                slots.push_back(Slot{s.generation, kNone, s.alive});
                if (!s.alive) continue;
                slots.back().link = static_cast<std::uint32_t>(values.size());
                values.push_back(make_value(Key{i, s.generation}));
                dense_to_slot.push_back(i);
            }
        } catch (...) {
            values.clear();
            throw;
        }
        for (std::size_t k = 0; k < layout.free_list.size(); ++k)
            slots[layout.free_list[k]].link =
                k + 1 < layout.free_list.size() ? layout.free_list[k + 1] : kNone;
        // Nothing below throws.
        slots_.swap(slots);
        values_.swap(values);
        dense_to_slot_.swap(dense_to_slot);
        values.clear();  // the old values; their storage is kept for the next import
        free_count_ = layout.free_list.size();
        free_head_ = layout.free_list.empty() ? kNone : layout.free_list.front();
        free_tail_ = layout.free_list.empty() ? kNone : layout.free_list.back();
    }

    /// import_layout() for a map that already equals `layout` in every slot but those in `changed` (and
    /// those at or beyond the smaller of the two slot counts): the slot table and the free list become
    /// exactly `layout` in O(changed + free list) instead of O(slots). A slot that dies loses its value;
    /// one that comes alive gets make_value(Key); one alive in both with the same generation keeps its
    /// value. `changed` may repeat an index. The caller vouches for the layout and for the unchanged
    /// slots (a rewind's step back: the recording knows which slots its undone ticks touched); nothing is
    /// validated. Dense order is not index order afterwards. If make_value throws, the map is left valid
    /// but part way.
    template <class Make>
    void patch_layout(const Layout& layout, const std::vector<std::uint32_t>& changed, Make&& make_value) {
        const auto count = static_cast<std::uint32_t>(layout.slots.size());
        const auto before = static_cast<std::uint32_t>(slots_.size());
        for (std::uint32_t i = count; i < before; ++i)
            if (slots_[i].alive) drop_value(i);
        slots_.resize(count, Slot{1, kNone, false});
        auto set = [&](std::uint32_t i) {
            const SlotState& want = layout.slots[i];
            if (slots_[i].alive && (!want.alive || slots_[i].generation != want.generation)) drop_value(i);
            slots_[i].generation = want.generation;
            if (want.alive && !slots_[i].alive) {
                values_.push_back(make_value(Key{i, want.generation}));
                dense_to_slot_.push_back(i);
                slots_[i].alive = true;
                slots_[i].link = static_cast<std::uint32_t>(values_.size() - 1);
            } else if (!want.alive) {
                slots_[i].link = kNone;
            }
        };
        for (std::uint32_t i : changed)
            if (i < count) set(i);
        for (std::uint32_t i = before; i < count; ++i) set(i);
        for (std::size_t k = 0; k < layout.free_list.size(); ++k)
            slots_[layout.free_list[k]].link =
                k + 1 < layout.free_list.size() ? layout.free_list[k + 1] : kNone;
        free_count_ = layout.free_list.size();
        free_head_ = layout.free_list.empty() ? kNone : layout.free_list.front();
        free_tail_ = layout.free_list.empty() ? kNone : layout.free_list.back();
    }

    /// Calls f(Key, const T&) for every live value in increasing slot index order (the order a snapshot
    /// lists them in, and dense order after an import). O(slots), no sorting.
    template <class F>
    void for_each_by_index(F&& f) const {
        for (std::uint32_t i = 0; i < slots_.size(); ++i) {
            if (slots_[i].alive) f(Key{i, slots_[i].generation}, values_[slots_[i].link]);
        }
    }

   private:
    static constexpr std::uint32_t kNone = 0xFFFFFFFFu;  // "no index": end of free list, no dense value
    static constexpr std::size_t kMaxSlots = kNone;      // indices 0 .. kNone-1

    struct Slot {
        std::uint32_t generation;  // alive: current; dead: next occupant's; retired: max_generation_
        std::uint32_t link;        // alive: dense index; free: next free slot (kNone = last); retired: kNone
        bool alive;
    };

   public:
    /// Storage for import_layout() to build in, made ahead of time: make_spare() runs on any thread (it
    /// touches no map) and leaves the pages present; adopt_spare() on the map's thread takes it. Then the
    /// next import of up to `slots` slots and `alive` values writes only present memory.
    struct Spare {
        std::vector<Slot> slots;
        std::vector<T> values;  ///< empty: only its room counts
        std::vector<std::uint32_t> dense_to_slot;
    };
    /// Room for `slots` slots and `alive` values (and an eighth more), its pages faulted in.
    static Spare make_spare(std::size_t slots, std::size_t alive) {
        Spare spare;
        reserve_with_room(spare.slots, slots);
        reserve_with_room(spare.values, alive);
        reserve_with_room(spare.dense_to_slot, alive);
        return spare;
    }
    /// Takes each part of `spare` that has more room than the map's own spare storage; returns what it
    /// replaced and what it did not take (for the caller to free where it likes). Values stay untouched.
    Spare adopt_spare(Spare&& spare) noexcept {
        if (spare.slots.capacity() > spare_slots_.capacity()) spare_slots_.swap(spare.slots);
        if (spare.values.capacity() > spare_values_.capacity()) spare_values_.swap(spare.values);
        if (spare.dense_to_slot.capacity() > spare_dense_to_slot_.capacity())
            spare_dense_to_slot_.swap(spare.dense_to_slot);
        return std::move(spare);
    }
    /// Whether the next import_layout() of up to `slots` slots and `alive` values builds without allocating.
    bool spare_fits(std::size_t slots, std::size_t alive) const {
        return spare_slots_.capacity() >= slots && spare_values_.capacity() >= alive &&
               spare_dense_to_slot_.capacity() >= alive;
    }

   private:
    // Dense index for a valid key, kNone otherwise. Alive generations are never 0, so the null key fails.
    std::uint32_t dense_index_of(Key key) const {
        if (key.index >= slots_.size()) return kNone;
        const Slot& slot = slots_[key.index];
        return slot.alive && slot.generation == key.generation ? slot.link : kNone;
    }

    // Makes room for `count` elements in `v`: when it must grow, an eighth more, its new pages faulted in
    // at once (populate_pages) rather than one page fault per page as they are first written.
    template <class V>
    static void reserve_with_room(std::vector<V>& v, std::size_t count) {
        if (v.capacity() >= count) return;
        v.reserve(count + count / 8);
        populate_pages(v.data(), v.capacity() * sizeof(V));
    }

    // Room for one more element in `v`: when it is full, half as much again, its new pages faulted in at
    // once.
    template <class V>
    static void grow_for_one(std::vector<V>& v) {
        if (v.size() < v.capacity()) return;
        v.reserve(std::max<std::size_t>(64, v.capacity() + v.capacity() / 2));
        populate_pages(v.data(), v.capacity() * sizeof(V));
    }

    // Removes the value at dense index `dense`: the last dense value moves into the hole and its slot is
    // pointed at its new place. The slot that held `dense` is left for the caller to mark.
    void remove_dense(std::uint32_t dense) {
        const std::size_t last = values_.size() - 1;
        if (dense != last) {
            values_[dense] = std::move(values_[last]);
            dense_to_slot_[dense] = dense_to_slot_[last];
            slots_[dense_to_slot_[dense]].link = dense;
        }
        values_.pop_back();
        dense_to_slot_.pop_back();
    }

    // Removes an alive slot's value (the last dense value moves into the hole); the slot is left dead with
    // its generation and out of the free list (patch_layout sets both).
    void drop_value(std::uint32_t index) {
        remove_dense(slots_[index].link);
        slots_[index].alive = false;
        slots_[index].link = kNone;
    }

    // Marks an alive slot dead: advance its generation, then free list back or retirement.
    void kill_slot(std::uint32_t index) {
        Slot& slot = slots_[index];
        slot.alive = false;
        slot.link = kNone;
        ++slot.generation;  // generation < max_generation_ while alive, so no overflow
        if (slot.generation == max_generation_) return;  // retired
        if (free_tail_ == kNone)
            free_head_ = index;
        else
            slots_[free_tail_].link = index;
        free_tail_ = index;
        ++free_count_;
    }

    void pop_free_front() {
        const std::uint32_t index = free_head_;
        free_head_ = slots_[index].link;
        if (free_head_ == kNone) free_tail_ = kNone;
        --free_count_;
    }

    void reset_storage() noexcept {
        slots_.clear();
        values_.clear();
        dense_to_slot_.clear();
    }

    std::uint32_t min_free_;
    std::uint32_t max_generation_;
    std::vector<Slot> slots_;                   // by index
    std::vector<T> values_;                     // dense storage
    std::vector<std::uint32_t> dense_to_slot_;  // dense index -> slot index
    std::uint32_t free_head_ = kNone;           // front of the FIFO free list (reused first)
    std::uint32_t free_tail_ = kNone;           // back of the free list (erase appends here)
    std::size_t free_count_ = 0;
    // Storage kept for the next import_layout() to build in (no values alive).
    std::vector<Slot> spare_slots_;
    std::vector<T> spare_values_;
    std::vector<std::uint32_t> spare_dense_to_slot_;
};

}  // namespace qs
