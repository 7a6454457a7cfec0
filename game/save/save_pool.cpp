// SavePool: reuses saves that the quicksave ring and the rewind buffer have let go, makes a spare with
// present pages on a helper thread when none is let go, and frees surplus saves there, so an F5 neither
// faults pages in nor unmaps old ones on the game's thread.
#include "game/save/save_pool.hpp"

#include <algorithm>
#include <atomic>

namespace qs {

namespace {

bool has_room(const SavedGame& save, std::size_t entities, std::size_t slots) {
    const EntityMap::Layout& layout = save.snapshot.layout;
    return save.snapshot.entities.capacity() >= entities && layout.slots.capacity() >= slots &&
           layout.free_list.capacity() >= slots;
}

/// Only the pool holds it: no reader (the file writer's thread included) can still see its contents.
bool let_go(const std::shared_ptr<SavedGame>& save) {
    if (save.use_count() != 1) return false;
    // Pairs with the release of the last other owner's reference: its reads happened before.
    std::atomic_thread_fence(std::memory_order_acquire);
    return true;
}

}  // namespace

std::shared_ptr<SavedGame> SavePool::acquire(std::size_t entities, std::size_t slots) {
    entities_ = entities;
    for (auto it = watched_.begin(); it != watched_.end(); ++it) {
        if (let_go(*it) && has_room(**it, entities, slots)) {
            std::shared_ptr<SavedGame> save = std::move(*it);
            watched_.erase(it);
            return save;
        }
    }
    // A spare being made is waited for rather than faulting a new save's pages in here: it was started at
    // the last F5 or level start, so in play it is ready long before; only a run faster than real time
    // (headless) can press F5 again before the helper thread got to it.
    if (spare_.valid()) {
        std::shared_ptr<SavedGame> spare = spare_.get();
        if (has_room(*spare, entities, slots)) return spare;
        to_free_.push_back(std::move(spare));
    }
    // Made here, as a spare is: once let go, it serves captures of a world grown a little too, its pages
    // present.
    ++made_;
    return new_save(room_for(entities), room_for(slots));
}

void SavePool::keep(std::shared_ptr<SavedGame> save) {
    watched_.push_back(std::move(save));
    free_surplus();
    if (watched_.size() > max_watched_) {
        if (let_go(watched_.front())) to_free_.push_back(std::move(watched_.front()));
        watched_.erase(watched_.begin());
    }
    // The surplus goes with the next spare's job (prepare()); while a spare is made already (a ready one
    // can wait through many F5s, let-go saves are taken first) it goes in a job of its own, so it never
    // piles up.
    if (to_free_.size() > free_limit() && spare_.valid()) free_in_own_job();
}

void SavePool::free_surplus() {
    // Beyond free_limit() saves ready (let go, and the spare), the oldest let-go ones go to be freed.
    const std::size_t limit = free_limit();
    // The rewind's newest keyframe the next capture can take back counts as one of them.
    const std::size_t others = (spare_.valid() ? 1 : 0) + reclaimable_;
    const std::size_t kept = limit > others ? limit - others : 0;
    std::size_t free_seen = 0;
    for (auto it = watched_.end(); it != watched_.begin();) {
        --it;
        if (let_go(*it) && ++free_seen > kept) {
            to_free_.push_back(std::move(*it));
            it = watched_.erase(it);
        }
    }
}

void SavePool::free_in_own_job() {
    if (to_free_.empty()) return;
    std::future<void> freed = helper_.run([surplus = std::move(to_free_)]() mutable { surplus.clear(); });
    to_free_.clear();
}

std::size_t SavePool::ready(std::size_t entities, std::size_t slots) const {
    std::size_t count = spare_.valid() ? 1 : 0;
    for (const auto& save : watched_)
        if (let_go(save) && has_room(*save, entities, slots)) ++count;
    return count;
}

void SavePool::prepare(std::size_t entities, std::size_t slots, std::size_t reclaimable) {
    entities_ = entities;
    reclaimable_ = one_fills_budget() ? reclaimable : 0;
    // No thread to be had: the next F5 allocates on the game's thread, as without a pool.
    if (!helper_.threaded()) {
        to_free_.clear();
        return;
    }
    // A restart or a quickload lets go of the recording's keyframes at once: only free_limit() of them stay.
    free_surplus();
    // A spare only when fewer than free_limit() saves with room are ready: a let-go save's pages are present
    // already, so a second copy of the world made ahead would only sit there.
    const std::size_t counted = ready(entities, slots) + reclaimable_;
    if (spare_.valid() || counted >= free_limit()) {
        free_in_own_job();
        return;
    }
    start_spare(room_for(entities), room_for(slots));
}

void SavePool::start_spare(std::size_t entities, std::size_t slots) {
    ++made_;
    spare_ = helper_.run([entities, slots, surplus = std::move(to_free_)]() mutable {
        surplus.clear();  // freed here, not on the game's thread
        return new_save(entities, slots);
    });
    to_free_.clear();
}

std::shared_ptr<SavedGame> SavePool::new_save(std::size_t entities, std::size_t slots) {
    auto save = std::make_shared<SavedGame>();
    // Made to size, every page written (small blocks too): the capture then only assigns
    // (World::begin_copy), and the slot table and free list it exports fit in present pages
    // (SlotMap::export_layout_into).
    save->snapshot.entities.resize(entities);
    EntityMap::Layout& layout = save->snapshot.layout;
    layout.slots.resize(slots);
    layout.slots.clear();
    layout.free_list.resize(slots);
    layout.free_list.clear();
    return save;
}

}  // namespace qs
