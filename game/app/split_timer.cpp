// The level run's splits, from the simulation's events, passed on to LiveSplit.
#include "game/app/split_timer.hpp"

#include <algorithm>

#include "game/sim/game_state.hpp"
#include "game/sim/sound.hpp"
#include "game/sim/world_event.hpp"

namespace qs {

void SplitTimer::use_livesplit(const std::optional<LiveSplitAddress>& address) {
    if (livesplit_ && address && livesplit_->address().text() == address->text()) return;
    if (livesplit_) livesplit_->drop_pending();
    livesplit_.reset();
    if (address) livesplit_ = std::make_unique<LiveSplitClient>(*address);
}

void SplitTimer::start_run() {
    reached_.clear();
    splits_.clear();
    finished_ = false;
    if (livesplit_) livesplit_->start_run();
}

bool SplitTimer::on_event(const WorldEvent& event, const GameState& game) {
    if (finished_) return false;
    if (event.kind == WorldEvent::Kind::completed) {
        finished_ = true;
    } else if (event.kind == WorldEvent::Kind::sound && event.text == sound_name(Sound::checkpoint)) {
        // The checkpoint just touched is the game's active one: a split the first time it is reached.
        if (!game.checkpoint ||
            std::find(reached_.begin(), reached_.end(), game.checkpoint) != reached_.end())
            return false;
        reached_.push_back(game.checkpoint);
    } else {
        return false;
    }
    splits_.push_back(game.timer_ticks);
    if (livesplit_) livesplit_->split(game.timer_ticks);
    return true;
}

}  // namespace qs
