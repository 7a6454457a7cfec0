// SavePool: reuses saves that the quicksave ring and the rewind buffer have let go, and keeps a spare with
// present pages made on a second thread, so an F5 copies the world into memory that costs no page faults.
#include "game/save/save_pool.hpp"

#include <atomic>

#include "engine/page_populate.hpp"

namespace qs {

namespace {

bool has_room(const SavedGame& save, std::size_t entities) {
    return save.snapshot.entities.capacity() >= entities;
}

}  // namespace

std::shared_ptr<SavedGame> SavePool::acquire(std::size_t entities) {
    for (auto it = kept_.begin(); it != kept_.end(); ++it) {
        // Only this pool holds it: no reader (the file writer thread included) can still see its contents.
        if (it->use_count() == 1 && has_room(**it, entities)) {
            // Pairs with the release of the last other owner's reference: its reads happened before.
            std::atomic_thread_fence(std::memory_order_acquire);
            std::shared_ptr<SavedGame> save = std::move(*it);
            kept_.erase(it);
            return save;
        }
    }
    if (spare_ready()) {
        std::shared_ptr<SavedGame> spare = spare_.get();
        if (has_room(*spare, entities)) return spare;
    }
    return std::make_shared<SavedGame>();
}

void SavePool::keep(std::shared_ptr<SavedGame> save) {
    kept_.push_back(std::move(save));
    if (kept_.size() > max_kept_) kept_.erase(kept_.begin());
}

void SavePool::prepare(std::size_t entities) {
    if (spare_.valid()) return;
    const std::size_t room = entities + entities / 8 + 64;  // a few spawns later it still fits
    spare_ = std::async(std::launch::async, [room] {
        auto save = std::make_shared<SavedGame>();
        save->snapshot.entities.reserve(room);
        populate_pages(save->snapshot.entities.data(), room * sizeof(Entity));
        save->snapshot.layout.slots.reserve(room);
        populate_pages(save->snapshot.layout.slots.data(), room * sizeof(save->snapshot.layout.slots[0]));
        return save;
    });
}

}  // namespace qs
