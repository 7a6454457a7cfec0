// The level run's splits: every checkpoint the first time it is reached, and the goal, at the level time
// (ticks / 60 s) they were reached, each compared with the personal best (split_record.hpp) and passed on
// to LiveSplit when a LiveSplit Server is set. The game tells it what the simulation's events say (a
// checkpoint's sound, the level completed).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "game/app/livesplit_client.hpp"
#include "game/app/menu.hpp"
#include "game/app/split_record.hpp"
#include "game/sim/entity_ref.hpp"

namespace qs {

struct GameState;
struct WorldEvent;

class SplitTimer {
   public:
    /// Sends every run from now on to the LiveSplit Server at `address`; nullopt: to none (an open
    /// connection is closed, what it had queued dropped). The same address keeps the connection.
    void use_livesplit(const std::optional<LiveSplitAddress>& address);
    /// A level run starts at its beginning: no splits yet, each one compared with `record` (empty: with
    /// nothing). LiveSplit: reset and start the timer.
    void start_run(SplitRecord record = {});
    /// One event of the tick just stepped, with the game state after it: a checkpoint reached for the first
    /// time in this run, or the goal, makes a split. Returns true when it made one.
    bool on_event(const WorldEvent& event, const GameState& game);
    /// This run's splits so far, in order, each compared with the record.
    const std::vector<SplitResult>& results() const { return results_; }
    /// This run's splits so far.
    std::vector<Split> run() const;
    /// The HUD's speedrun timer at `level_ticks` of level time, with the last split for 3 seconds after it.
    HudTimer hud(std::int64_t level_ticks) const;
    /// The HUD's live split list at `level_ticks` of level time: the splits of this run reached by then
    /// (the last `max_lines` - 1 of them when there are more), each with its time and its delta, then the
    /// personal best's next split with the personal best's time there (upcoming).
    std::vector<HudSplitLine> split_list(std::int64_t level_ticks, std::size_t max_lines = 8) const;
    /// What this run is compared with.
    const SplitRecord& record() const { return record_; }
    /// The LiveSplit client's one message about a server that cannot be reached, once.
    std::optional<std::string> take_problem() {
        return livesplit_ ? livesplit_->take_problem() : std::nullopt;
    }

   private:
    std::vector<EntityRef> reached_;    ///< checkpoints reached in this run
    std::vector<SplitResult> results_;  ///< each split of this run
    SplitRecord record_;
    bool finished_ = false;  ///< the goal was reached
    std::unique_ptr<LiveSplitClient> livesplit_;
};

/// The results screen's lines for a finished run: each split (checkpoints numbered in the order reached,
/// then the goal) with its time and its delta, coloured by its mark; then the sum of best segments and the
/// personal best of `kept` (the record with this run added), with "new" and the time it beat when the run
/// became it.
std::vector<MenuNote> split_result_lines(const std::vector<SplitResult>& results, const SplitRecord& kept,
                                         bool new_best);

}  // namespace qs
