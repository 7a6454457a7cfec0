// The level run's splits: every checkpoint the first time it is reached, and the goal, at the level time
// (ticks / 60 s) they were reached; each one is passed on to LiveSplit when a LiveSplit Server is set.
// The game tells it what the simulation's events say (a checkpoint's sound, the level completed).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "game/app/livesplit_client.hpp"
#include "game/sim/entity_ref.hpp"

namespace qs {

struct GameState;
struct WorldEvent;

class SplitTimer {
   public:
    /// Sends every run from now on to the LiveSplit Server at `address`; nullopt: to none (an open
    /// connection is closed, what it had queued dropped). The same address keeps the connection.
    void use_livesplit(const std::optional<LiveSplitAddress>& address);
    /// A level run starts at its beginning: no splits yet (LiveSplit: reset and start the timer).
    void start_run();
    /// One event of the tick just stepped, with the game state after it: a checkpoint reached for the first
    /// time in this run, or the goal, makes a split. Returns true when it made one.
    bool on_event(const WorldEvent& event, const GameState& game);
    /// The level times (ticks) of this run's splits so far, in order.
    const std::vector<std::int64_t>& splits() const { return splits_; }
    /// The LiveSplit client's one message about a server that cannot be reached, once.
    std::optional<std::string> take_problem() {
        return livesplit_ ? livesplit_->take_problem() : std::nullopt;
    }

   private:
    std::vector<EntityRef> reached_;    ///< checkpoints reached in this run
    std::vector<std::int64_t> splits_;  ///< level ticks of each split
    bool finished_ = false;             ///< the goal was reached
    std::unique_ptr<LiveSplitClient> livesplit_;
};

}  // namespace qs
