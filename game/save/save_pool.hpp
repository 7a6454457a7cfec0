// Saves for F5 to capture into without waiting for fresh memory: a save nothing else holds any more (its
// pages are present already), else a spare made ready, pages and all, on a helper thread (engine/worker.hpp)
// after the last F5. Saves let go beyond the few kept for reuse are freed there too, never on the game's.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <future>
#include <memory>
#include <vector>

#include "engine/worker.hpp"
#include "game/save/save_codec.hpp"

namespace qs {

class SavePool {
   public:
    /// Up to `max_watched` handed-out saves are watched. At most `max_free` saves are kept ready for the next
    /// capture, the spare counted, and fewer when they are big: no more than `ready_bytes` of them, but
    /// always one (free_limit()). Of those nothing else holds any more, the newest are kept for reuse and
    /// the others freed on `helper`'s thread, which also makes the spares (it must outlive the pool; a
    /// spare's job owns everything it touches). The session's keyframes need one: each capture lets go of
    /// the keyframe before it (the rewind encodes a keyframe it keeps as soon as it is taken, so it is
    /// compact by then), so the save it took is replaced by the one let go. A second one ready lets an F5
    /// right after another, or right after an F9, capture without waiting for a spare; in a big world it
    /// would be a whole copy of the world held in reserve.
    explicit SavePool(Worker& helper, std::size_t max_watched = 64, std::size_t max_free = 2,
                      std::size_t ready_bytes = 32u << 20)
        : helper_(helper), max_watched_(max_watched), max_free_(max_free), ready_bytes_(ready_bytes) {}
    SavePool(const SavePool&) = delete;
    SavePool& operator=(const SavePool&) = delete;

    /// A save to capture a world of `entities` live entities in `slots` slots into: a watched save nobody
    /// else holds with room for them (entities, the slot table and a free list as long), else the spare if
    /// it has room (waiting for it when it is still being made), else a new one. Its fields are stale; the
    /// caller overwrites them all (World::capture_into, level, hash, tick, sequence).
    std::shared_ptr<SavedGame> acquire(std::size_t entities, std::size_t slots);
    /// Watches `save` (filled and handed to the ring, the rewind buffer...) for reuse once it is let go.
    void keep(std::shared_ptr<SavedGame> save);
    /// Starts making a spare with room for `entities` in `slots` (and some growth of both) on a second
    /// thread, which also frees the saves let go beyond max_free; nothing is started while a spare is ready
    /// or being made, nor while max_free let-go saves with that room are ready (their pages are present).
    /// `reclaimable` saves held whole by the rewind's newest keyframe and nothing else count as ready when
    /// one save fills ready_bytes (one_fills_budget()): the next capture takes that one back.
    void prepare(std::size_t entities, std::size_t slots, std::size_t reclaimable = 0);
    /// Whether a save for the world last asked for fills ready_bytes alone (a big world): a second whole
    /// copy of it would only sit there beside the newest keyframe.
    bool one_fills_budget() const { return entities_ > 0 && ready_bytes_ / save_bytes(entities_) < 2; }

    /// The entities (or slots) a spare made for `entities` (or slots) has room for (a few spawns later it
    /// still fits).
    static constexpr std::size_t room_for(std::size_t entities) { return entities + entities / 8 + 64; }

    /// For tests: saves watched, waiting to be freed, whether a spare is ready or being made, and ready.
    std::size_t watched() const { return watched_.size(); }
    std::size_t to_free() const { return to_free_.size(); }
    bool has_spare() const { return spare_.valid(); }
    /// Saves ready for a capture: watched ones nothing else holds, and the spare.
    std::size_t ready_saves() const { return ready(0, 0); }
    /// The memory a save for a world of `entities` holds (room_for() entities and slots).
    static constexpr std::size_t save_bytes(std::size_t entities) {
        return room_for(entities) * (sizeof(Entity) + sizeof(EntityMap::SlotState) + sizeof(std::uint32_t));
    }
    /// How many saves are kept ready for a world of the size last asked for: max_free, as many as fit in
    /// ready_bytes, but at least one (none when max_free is 0).
    std::size_t free_limit() const {
        if (max_free_ == 0) return 0;
        const std::size_t fit = ready_bytes_ / save_bytes(entities_);
        return fit < 1 ? 1 : fit > max_free_ ? max_free_ : fit;
    }
    /// Tests: the memory of saves kept ready (see the constructor).
    void set_ready_bytes(std::size_t bytes) { ready_bytes_ = bytes; }
    /// For tests: saves the pool has made so far (fresh in acquire() and spares), none reused counted.
    std::size_t made() const { return made_; }
    bool spare_ready() const {
        return spare_.valid() && spare_.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
    }

   private:
    void start_spare(std::size_t entities, std::size_t slots);
    /// A save with room for `entities` and `slots`, every page of it written (a spare, or one made in
    /// acquire() when none is ready).
    static std::shared_ptr<SavedGame> new_save(std::size_t entities, std::size_t slots);
    /// Moves the let-go saves beyond max_free ready ones (the spare counted) to to_free_, oldest first.
    void free_surplus();
    /// Frees to_free_ in a job of its own on the helper's thread.
    void free_in_own_job();
    /// Saves ready for a capture of `entities` in `slots`: let go with that room, and the spare.
    std::size_t ready(std::size_t entities, std::size_t slots) const;

    std::vector<std::shared_ptr<SavedGame>> watched_;  ///< oldest first
    std::vector<std::shared_ptr<SavedGame>> to_free_;  ///< let go, freed by the next spare's thread
    std::future<std::shared_ptr<SavedGame>> spare_;
    Worker& helper_;
    std::size_t max_watched_, max_free_, ready_bytes_;
    std::size_t entities_ = 0;     ///< the world size last asked for (acquire, prepare)
    std::size_t reclaimable_ = 0;  ///< of the last prepare(), counted when one save fills the budget
    std::size_t made_ = 0;
};

}  // namespace qs
