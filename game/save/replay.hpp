// Replays: a run is the level it started in (folder name and play identity), the tuning it was played
// with (carried whole, so the replay plays exactly under any assets/tuning.json), the tick it started at,
// the actions held on every tick, run-length coded (one entry per change), and what each quickload of the
// run loaded: a save made during the run (the replay makes it again) or a save from before the run (an
// earlier session's save file, carried in the replay whole), and the assists it was played with (a run
// with any keeps no records); the simulation is deterministic, so playing
// the same actions from the same states with the same tuning gives the same run. Stored in the save-file
// container (atomic writes, checksum) with a body tagged "QSREPLAY".
//
//   ReplayRecorder recorder; recorder.start("01_first_steps", play, tuning, tick, speedup);
//   each tick: recorder.record(actions);          // after input, before the step
//   each quickload: recorder.record_load(tick, kind, save);
//   write_replay_file(path, recorder.finish(end_tick, complete_tick), error);
//   Replay replay = *read_replay_file(path, error);  // every number checked against its range
//   each tick: replay.apply(tick, actions);
#pragma once

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "game/save/save_codec.hpp"
#include "game/sim/actions.hpp"

namespace qs {

/// The assists a run was played with. A run with any of them keeps no best time, splits or ghost.
struct RunAssists {
    int game_speed = 100;  ///< the lowest game speed (percent) it was played at, 50 to 100
    bool frame_advance = false;
    bool invincible = false;
    bool infinite_hearts = false;

    bool any() const { return game_speed < 100 || frame_advance || invincible || infinite_hearts; }
    /// "game speed 50%, invincible" (the assists, comma separated), or "" when none.
    std::string describe() const;
    /// Takes in what the held actions of one tick say (the assists that are actions).
    void note(const ActionState& actions) {
        invincible = invincible || actions.held(Action::invincible);
        infinite_hearts = infinite_hearts || actions.held(Action::infinite_hearts);
    }
    /// Takes in a held-actions bit mask (bit i: Action i).
    void note(std::uint64_t held) {
        invincible = invincible || ((held >> static_cast<std::size_t>(Action::invincible)) & 1u) != 0;
        infinite_hearts =
            infinite_hearts || ((held >> static_cast<std::size_t>(Action::infinite_hearts)) & 1u) != 0;
    }
    /// Both together: the lower game speed, every assist of either.
    void add(const RunAssists& other) {
        game_speed = std::min(game_speed, other.game_speed);
        frame_advance = frame_advance || other.frame_advance;
        invincible = invincible || other.invincible;
        infinite_hearts = infinite_hearts || other.infinite_hearts;
    }
    bool operator==(const RunAssists&) const = default;
};

struct Replay {
    std::string level;  ///< the level folder name
    PlayIdentity play;  ///< its play identity when recorded (format 3 on)
    Tuning tuning;      ///< the tuning the run was played with (format 3 on): a replay plays with it
    /// Formats 1-2 (before play identities) name their level by a hash of its file bytes only, and carry no
    /// tuning: they cannot be verified to play as recorded.
    bool legacy = false;
    std::int64_t start_tick = 0;      ///< the program tick the level started at
    std::int64_t end_tick = 0;        ///< the program tick the run ended at
    std::int64_t complete_tick = -1;  ///< the tick of "complete:", or -1 when the run did not finish
    bool rewind_speedup = false;  ///< recorded in a window: a held rewind went faster the longer it was held
    /// The assists the run was played with: the file's own mark (written only when there are any) and the
    /// assist actions its inputs hold.
    RunAssists assists;
    /// (tick offset from start_tick, held-actions bit mask) whenever the held actions changed.
    struct Change {
        std::uint32_t offset = 0;
        std::uint64_t held = 0;
    };
    std::vector<Change> changes;
    /// What one quickload (F9 or F8) of the run did, in the order they happened.
    struct Load {
        enum class Kind : std::uint8_t {
            nothing,   ///< found no save to load
            run_save,  ///< loaded a save made during the run: the replay loads its own one
            carried,   ///< loaded a save from before the run (an earlier session): `save` is it
        };
        std::uint32_t offset = 0;  ///< tick offset from start_tick
        Kind kind = Kind::nothing;
        std::shared_ptr<const SavedGame> save;  ///< carried only
    };
    std::vector<Load> loads;

    /// The actions held at `tick` (none before the start or the first change).
    std::uint64_t held_at(std::int64_t tick) const;
    /// Sets `actions` for `tick` (call after begin_tick()).
    void apply(std::int64_t tick, ActionState& actions) const;
};

/// Records a run tick by tick. Bounded like the replay files the reader takes: once the run is longer than
/// max_replay_ticks or its replay would be over max_replay_file_bytes, recording stops there (said once
/// on stderr) and finish() gives the run up to that tick, not finished.
class ReplayRecorder {
   public:
    void start(std::string level, const PlayIdentity& play, const Tuning& tuning, std::int64_t tick,
               bool rewind_speedup);
    bool started() const { return started_; }
    /// The actions of `tick`, after all input was applied.
    void record(std::int64_t tick, const ActionState& actions);
    /// Assists the run is played with beyond its inputs (game speed, frame advance): marked in the replay.
    void note_assists(const RunAssists& assists) { replay_.assists.add(assists); }
    /// A quickload at `tick` and what it did (`save`: the save it loaded, for Kind::carried).
    void record_load(std::int64_t tick, Replay::Load::Kind kind, std::shared_ptr<const SavedGame> save);
    /// The run so far as a replay ending at `end_tick` (or where recording stopped).
    Replay finish(std::int64_t end_tick, std::int64_t complete_tick) const;
    /// Whether recording stopped at the limits; the bytes the replay file would have so far.
    bool stopped() const { return stopped_at_ >= 0; }
    std::uint64_t file_bytes() const { return file_bytes_; }

   private:
    /// False (and recording stops at `tick`) when `more` bytes or `tick` would go past the limits.
    bool room_for(std::int64_t tick, std::uint64_t more);

    bool started_ = false;
    Replay replay_;
    std::uint64_t last_held_ = 0;
    std::uint64_t file_bytes_ = 0;  ///< what the replay file would hold so far
    std::int64_t stopped_at_ = -1;  ///< the tick recording stopped at, or -1
};

/// Limits for reading a replay file: a replay longer than this is refused.
inline constexpr std::uintmax_t max_replay_file_bytes = 64u << 20;
inline constexpr std::int64_t max_replay_ticks = std::int64_t{60} * 60 * 60 * 24;  ///< a day at 60 Hz

std::vector<std::uint8_t> encode_replay(const Replay& replay);
/// Checks and decodes a replay body; nullopt with `error` (a sentence) when it is damaged or out of range.
std::optional<Replay> decode_replay(const std::vector<std::uint8_t>& file, std::string& error);
bool write_replay_file(const std::filesystem::path& path, const Replay& replay, std::string& error);
/// Reads a replay; on failure nullopt and `error` names the file and the reason.
std::optional<Replay> read_replay_file(const std::filesystem::path& path, std::string& error);

}  // namespace qs
