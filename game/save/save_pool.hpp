// Saves for F5 to capture into without waiting for fresh memory: a save nothing else holds any more (its
// pages are present already), else a spare made ready, pages and all, on a second thread after the last F5.
#pragma once

#include <chrono>
#include <cstddef>
#include <future>
#include <memory>
#include <vector>

#include "game/save/save_codec.hpp"

namespace qs {

class SavePool {
   public:
    /// Up to `max_kept` handed-out saves are watched for reuse (the oldest dropped first).
    explicit SavePool(std::size_t max_kept = 8) : max_kept_(max_kept) {}
    ~SavePool() = default;  // the spare's future waits for its thread
    SavePool(const SavePool&) = delete;
    SavePool& operator=(const SavePool&) = delete;

    /// A save to capture `entities` entities into: a kept save nobody else holds with room for them, else the
    /// spare if it is ready and has room, else a new one. Its fields are stale; the caller overwrites them
    /// all (World::capture_into, level, hash, tick, sequence).
    std::shared_ptr<SavedGame> acquire(std::size_t entities);
    /// Watches `save` (filled and handed to the ring, the rewind buffer...) for reuse once it is let go.
    void keep(std::shared_ptr<SavedGame> save);
    /// Starts making a spare with room for `entities` (and some growth) on a second thread, unless one is
    /// ready or being made.
    void prepare(std::size_t entities);

    /// For tests: saves watched, whether a spare is ready or being made, whether it is ready.
    std::size_t kept() const { return kept_.size(); }
    bool has_spare() const { return spare_.valid(); }
    bool spare_ready() const {
        return spare_.valid() && spare_.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
    }

   private:
    std::vector<std::shared_ptr<SavedGame>> kept_;  ///< oldest first
    std::future<std::shared_ptr<SavedGame>> spare_;
    std::size_t max_kept_;
};

}  // namespace qs
