// The records of runs: recording the run played (replay, ghost track, the saves it made), keeping finished
// runs in the replays folder, the best run's ghost, and the replay being watched.
#include "game/app/run_records.hpp"

#include <algorithm>
#include <cstdio>

#include "engine/level_data.hpp"
#include "game/app/paths.hpp"
#include "game/app/progress.hpp"
#include "game/sim/entities/player.hpp"

namespace qs {

namespace fs = std::filesystem;

void RunRecords::start_run(const LevelData& level, const PlayIdentity& play, const Tuning& tuning,
                           std::int64_t tick, bool rewind_speedup) {
    if (!windowed_ && recorder_.started()) return;
    recorder_.start(level.folder_name, play, tuning, tick, rewind_speedup);
    run_key_ = key_of(level, play);
    run_saves_.clear();
    ghost_recording_ = {level.folder_name, play, false, {}};
}

void RunRecords::play_and_record(std::int64_t tick, ActionState& actions) {
    if (replay_) replay_->apply(tick, actions);
    recorder_.record(tick, actions);
}

void RunRecords::track_player(std::int64_t level_ticks, const Player& player) {
    if (!windowed_) return;
    ghost_recording_.set(level_ticks, {static_cast<float>(player.state.x), static_cast<float>(player.state.y),
                                       static_cast<std::int8_t>(player.facing < 0 ? -1 : 1)});
}

void RunRecords::saved(std::shared_ptr<const SavedGame> save) {
    run_saves_.push_back(std::move(save));
    if (run_saves_.size() > 16) run_saves_.erase(run_saves_.begin());  // the ring keeps fewer
}

const Replay::Load* RunRecords::replayed_load(std::int64_t tick) {
    if (replay_ && replay_loads_done_ < replay_->loads.size() &&
        replay_->start_tick + replay_->loads[replay_loads_done_].offset == tick) {
        return &replay_->loads[replay_loads_done_++];
    }
    return nullptr;
}

void RunRecords::loaded(std::int64_t tick, std::shared_ptr<const SavedGame> save) {
    // The replay of this run will have to load the same: a save of this run it makes again itself, any
    // other (an earlier session's file, a save from before the recording) travels in the replay.
    Replay::Load::Kind kind = !save ? Replay::Load::Kind::nothing
                              : std::find(run_saves_.begin(), run_saves_.end(), save) != run_saves_.end()
                                  ? Replay::Load::Kind::run_save
                                  : Replay::Load::Kind::carried;
    recorder_.record_load(tick, kind, std::move(save));
}

bool RunRecords::write_run(const fs::path& file, std::int64_t tick, std::string& error) const {
    return write_replay_file(file, recorder_.finish(tick, complete_tick_), error);
}

void RunRecords::keep_finished_run(std::int64_t tick, bool best) {
    // Finished runs are kept in the replays folder: the latest one per level and the best (fastest) one.
    if (!recorder_.started() || replay_) return;
    Replay run = recorder_.finish(tick, complete_tick_);
    if (run.assists.any()) return;  // an assisted run is never a best run, a latest run or a ghost
    const fs::path dir = user_data_dir() / "replays";
    const std::string stem = record_file_stem(run_key_);
    std::string error;
    if (!write_replay_file(dir / (stem + "-latest.qsr"), run, error))
        std::fprintf(stderr, "quickstep: %s\n", error.c_str());
    if (best && !write_replay_file(dir / (stem + "-best.qsr"), run, error))
        std::fprintf(stderr, "quickstep: %s\n", error.c_str());
    if (best && !write_ghost_file(dir / (stem + "-best.ghost"), ghost_recording_, error))
        std::fprintf(stderr, "quickstep: %s\n", error.c_str());
}

std::string RunRecords::show_ghost(const LevelData& level, const PlayIdentity& play, bool wanted) {
    ghost_.reset();
    if (!windowed_ || !wanted) return "";
    std::string error;
    const fs::path file =
        user_data_dir() / "replays" / (record_file_stem(key_of(level, play)) + "-best.ghost");
    std::error_code ec;
    if (!fs::exists(file, ec)) return "";
    ghost_ = read_ghost_file(file, error);
    if (!ghost_) {
        std::fprintf(stderr, "quickstep: %s\n", error.c_str());
    } else if (ghost_->legacy) {
        std::fprintf(
            stderr,
            "quickstep: %s: made by an older version of Quickstep; the ghost is not shown (it cannot "
            "be matched to this level)\n",
            file.c_str());
        ghost_.reset();
    } else if (!ghost_->play.same_level(play) || ghost_->play.sim_version != play.sim_version) {
        ghost_.reset();  // run on another version of the level or of the game's rules
    } else if (ghost_->play.tuning != play.tuning) {
        return "The ghost ran with other tuning";
    }
    return "";
}

fs::path RunRecords::best_run_path(const std::string& key) {
    return user_data_dir() / "replays" / (record_file_stem(key) + "-best.qsr");
}

std::string RunRecords::key_of(const LevelData& level, const PlayIdentity& play) {
    return record_key(level.folder_name, is_shipped_level(level.folder), play);
}

void RunRecords::adopt_unkeyed_files(const std::string& name, const std::string& key) {
    const fs::path dir = user_data_dir() / "replays";
    for (const char* kind : {"-best.qsr", "-best.ghost", "-latest.qsr"}) {
        const fs::path from = dir / (record_file_stem(name) + kind);
        const fs::path to = dir / (record_file_stem(key) + kind);
        std::error_code ec;
        if (fs::exists(from, ec) && !fs::exists(to, ec)) fs::rename(from, to, ec);
    }
}

void RunRecords::watch(Replay replay, std::int64_t tick) {
    const std::int64_t shift = tick - replay.start_tick;
    replay.start_tick += shift;
    replay.end_tick += shift;
    if (replay.complete_tick >= 0) replay.complete_tick += shift;
    replay_ = std::move(replay);
    replay_loads_done_ = 0;
    speed_ = 1;
}

void RunRecords::change_speed(bool faster) {
    speed_ = std::clamp(faster ? speed_ * 2 : speed_ / 2, 1, 4);
}

}  // namespace qs
