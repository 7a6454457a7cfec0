// The level run's splits, from the simulation's events, compared with the record and passed on to
// LiveSplit.
#include "game/app/split_timer.hpp"

#include <algorithm>

#include "game/sim/game_state.hpp"
#include "game/sim/sound.hpp"
#include "game/sim/world_event.hpp"

namespace qs {

namespace {

/// "Checkpoint N" (N: its place among the checkpoints of the run) or "Goal" for the i-th split.
std::string split_name(const std::vector<SplitResult>& results, std::size_t i) {
    return results[i].split.at == split_at_goal ? "Goal" : "Checkpoint " + std::to_string(i + 1);
}

}  // namespace

void SplitTimer::use_livesplit(const std::optional<LiveSplitAddress>& address) {
    if (livesplit_ && address && livesplit_->address().text() == address->text()) return;
    if (livesplit_) livesplit_->drop_pending();
    livesplit_.reset();
    if (address) livesplit_ = std::make_unique<LiveSplitClient>(*address);
}

void SplitTimer::start_run(SplitRecord record) {
    reached_.clear();
    results_.clear();
    record_ = std::move(record);
    finished_ = false;
    if (livesplit_) livesplit_->start_run();
}

std::vector<Split> SplitTimer::run() const {
    std::vector<Split> splits;
    for (const SplitResult& result : results_) splits.push_back(result.split);
    return splits;
}

bool SplitTimer::on_event(const WorldEvent& event, const GameState& game) {
    if (finished_) return false;
    Split split{split_at_goal, game.timer_ticks};
    if (event.kind == WorldEvent::Kind::completed) {
        finished_ = true;
    } else if (event.kind == WorldEvent::Kind::sound && event.text == sound_name(Sound::checkpoint)) {
        // The checkpoint just touched is the game's active one: a split the first time it is reached.
        if (!game.checkpoint ||
            std::find(reached_.begin(), reached_.end(), game.checkpoint) != reached_.end())
            return false;
        reached_.push_back(game.checkpoint);
        split.at = game.checkpoint.index;
    } else {
        return false;
    }
    const Split previous = results_.empty() ? Split{split_at_start, 0} : results_.back().split;
    results_.push_back(compare_split(split, previous, record_));
    if (livesplit_) livesplit_->split(game.timer_ticks);
    return true;
}

HudTimer SplitTimer::hud(std::int64_t level_ticks) const {
    HudTimer timer{level_ticks, std::nullopt};
    if (results_.empty()) return timer;
    const SplitResult& last = results_.back();
    const std::int64_t since = level_ticks - last.split.ticks;
    if (since < 0 || since >= 180) return timer;  // shown for 3 seconds (not after a rewind to before it)
    std::string text = split_name(results_, results_.size() - 1) + " ";
    text += last.has_delta ? format_delta(last.delta) : format_split_time(last.split.ticks);
    timer.last_split = HudTimer::LastSplit{std::move(text), last.mark};
    return timer;
}

std::vector<HudSplitLine> SplitTimer::split_list(std::int64_t level_ticks, std::size_t max_lines) const {
    // Reached by now: a rewind to before a split takes it off the list.
    std::size_t reached = 0;
    while (reached < results_.size() && results_[reached].split.ticks <= level_ticks) ++reached;
    std::vector<HudSplitLine> lines;
    const Split* next = nullptr;
    if (!finished_ || reached < results_.size()) {
        for (const Split& split : record_.best_run) {
            bool passed = false;
            for (std::size_t i = 0; i < reached; ++i) passed = passed || results_[i].split.at == split.at;
            if (!passed) {
                next = &split;
                break;
            }
        }
    }
    const std::size_t room = max_lines > 0 ? max_lines - (next ? 1 : 0) : 0;
    for (std::size_t i = reached > room ? reached - room : 0; i < reached; ++i) {
        const SplitResult& result = results_[i];
        lines.push_back({split_name(results_, i), format_split_time(result.split.ticks),
                         result.has_delta ? format_delta(result.delta) : "", result.mark, false});
    }
    if (next) {
        lines.push_back({next->at == split_at_goal ? "Goal" : "Checkpoint " + std::to_string(reached + 1),
                         format_split_time(next->ticks), "", SplitMark::none, true});
    }
    return lines;
}

std::vector<MenuNote> split_result_lines(const std::vector<SplitResult>& results, const SplitRecord& kept,
                                         bool new_best) {
    static constexpr SDL_Color plain{220, 225, 240, 255};
    std::vector<MenuNote> lines;
    for (std::size_t i = 0; i < results.size(); ++i) {
        const SplitResult& result = results[i];
        std::string text = split_name(results, i) + "  " + format_split_time(result.split.ticks);
        if (result.has_delta) text += "  " + format_delta(result.delta);
        if (result.mark == SplitMark::gold) text += " (best segment)";
        lines.push_back(
            {std::move(text), result.mark == SplitMark::none ? plain : split_mark_colour(result.mark)});
    }
    if (!kept.best_run.empty()) {
        // A new personal best says what it beat: the goal's delta is against the one before.
        std::string best = new_best ? " (new)" : "";
        if (new_best && !results.empty() && results.back().has_delta &&
            results.back().split.at == split_at_goal)
            best = " (new; was " + format_split_time(results.back().split.ticks - results.back().delta) + ")";
        lines.push_back({"Sum of best " + format_split_time(kept.sum_of_best()) + "   Personal best " +
                             format_split_time(kept.best_run.back().ticks) + best,
                         plain});
    }
    return lines;
}

}  // namespace qs
