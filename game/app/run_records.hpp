// The records of runs: the run being played, recorded as a replay (for --record and the replays folder)
// with the track of where its player was (a best run's ghost); the best run's ghost drawn beside the
// player; and a replay played instead of live input (--replay, or a best run watched from the level select).
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "game/save/ghost_track.hpp"
#include "game/save/replay.hpp"
#include "game/sim/actions.hpp"

namespace qs {

struct LevelData;
struct Player;

class RunRecords {
   public:
    /// `windowed`: each level played is recorded and the player's track kept for its ghost (headless: the
    /// first level's run only, no ghosts). `replay_given`: --replay, which stays when watching stops.
    RunRecords(bool windowed, bool replay_given) : windowed_(windowed), replay_given_(replay_given) {}

    // ---- recording the run ----
    /// `level` starts from its beginning at program tick `tick`, played as `play` with `tuning`: a run is
    /// recorded from here (in a window each level played, headless the first one). `rewind_speedup`: see
    /// Replay::rewind_speedup.
    void start_run(const LevelData& level, const PlayIdentity& play, const Tuning& tuning, std::int64_t tick,
                   bool rewind_speedup);
    bool recording() const { return recorder_.started(); }
    /// The actions of `tick` once live and scripted input are in: a replay being watched sets them, then
    /// they are recorded.
    void play_and_record(std::int64_t tick, ActionState& actions);
    /// Where the player stands at `level_ticks` of level time (windowed play: the ghost of this run).
    void track_player(std::int64_t level_ticks, const Player& player);
    /// F5 made `save`: a quickload of it is replayed by making it again.
    void saved(std::shared_ptr<const SavedGame> save);
    /// A quickload at `tick`: the load the watched replay made there, or null (play the quickload live).
    const Replay::Load* replayed_load(std::int64_t tick);
    /// Records the quickload at `tick` and the save it loaded (null: it found nothing to load).
    void loaded(std::int64_t tick, std::shared_ptr<const SavedGame> save);
    /// The run is played with `assists` beyond its inputs (game speed, frame advance): its replay says so.
    void note_assists(const RunAssists& assists) { recorder_.note_assists(assists); }
    /// The level was finished at `tick`.
    void completed(std::int64_t tick) { complete_tick_ = tick; }
    /// --record: writes the run, ending at `tick`, as a replay file.
    bool write_run(const std::filesystem::path& file, std::int64_t tick, std::string& error) const;
    /// A finished run (not a watched replay) is kept in the replays folder: as the latest one of its level,
    /// and when `best` as the best one with its ghost.
    void keep_finished_run(std::int64_t tick, bool best);
    /// The record_key (progress.hpp) `level` played as `play` keeps its records under.
    static std::string key_of(const LevelData& level, const PlayIdentity& play);
    /// The best and latest runs and the ghost kept under the level's bare name (before records had keys)
    /// move to `key`, where a file of that kind is not kept yet.
    static void adopt_unkeyed_files(const std::string& name, const std::string& key);

    // ---- the best run's ghost ----
    /// Shows the ghost of `level`'s best run when `wanted` in a window and it was run on the level played
    /// as `play` (the same geometry, entities, rules and simulation version); else none. Returns a note for
    /// the player when it ran with other tuning (a true run, under the tuning it had), else "".
    std::string show_ghost(const LevelData& level, const PlayIdentity& play, bool wanted);
    /// Where the ghost is at `level_ticks` of level time; null when there is none.
    const GhostTrack::Point* ghost_at(std::int64_t level_ticks) const {
        return ghost_ ? ghost_->at(level_ticks) : nullptr;
    }

    // ---- watching a replay ----
    /// The best run kept under record key `key` in the replays folder.
    static std::filesystem::path best_run_path(const std::string& key);
    /// The replay being watched, if any.
    const std::optional<Replay>& replay() const { return replay_; }
    bool watching() const { return replay_.has_value(); }
    /// Watches `replay` from program tick `tick` on (its ticks shifted to start there), at 1x.
    void watch(Replay replay, std::int64_t tick);
    /// Live play from here on, but for a --replay (the whole run is that replay); the speed back to 1x.
    void stop_watching() {
        if (!replay_given_) replay_.reset();
        speed_ = 1;
    }
    /// Ticks per tick time while watching in a window: 1, 2 or 4.
    int speed() const { return speed_; }
    /// Watching: twice (`faster`) or half as fast, within 1x to 4x.
    void change_speed(bool faster);

   private:
    const bool windowed_;
    const bool replay_given_;
    ReplayRecorder recorder_;  ///< the run as it is played
    std::string run_key_;      ///< the record key of the level the run is recorded on
    /// Saves made since the recording started (a quickload of one of these is replayed by making it again).
    std::vector<std::shared_ptr<const SavedGame>> run_saves_;
    GhostTrack ghost_recording_;  ///< where the player of this run was, by level time (windowed play)
    std::int64_t complete_tick_ = -1;
    std::optional<GhostTrack> ghost_;    ///< the level's best run, drawn as a ghost
    std::optional<Replay> replay_;       ///< the run being watched
    std::size_t replay_loads_done_ = 0;  ///< quickloads of replay_ done so far
    int speed_ = 1;
};

}  // namespace qs
