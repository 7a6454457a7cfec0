// The running program: options from the command line, the tick loop (60 Hz; tick t counts steps since start,
// never reset), quicksave/quickload, headless automation (--frames, --input, --dump-state, --screenshot) and
// the windowed game.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "game/levels/level_catalog.hpp"
#include "game/save/replay.hpp"

namespace qs {

struct AppOptions {
    std::string level;  ///< a level folder name or path; empty: title screen (window) or the first level
    std::vector<std::filesystem::path> levels_dirs;  ///< extra --levels-dir entries
    std::optional<std::filesystem::path> save_dir;
    bool headless = false;
    std::optional<std::int64_t> frames;
    std::optional<std::filesystem::path> input;
    std::optional<std::filesystem::path> dump_state;  ///< "-" = stdout
    std::optional<std::filesystem::path> screenshot;
    std::optional<std::filesystem::path> record;  ///< write the run as a replay file when it ends
    std::optional<std::filesystem::path> replay;  ///< play a replay file instead of live input
    std::optional<std::filesystem::path> proof;  ///< --pack: the replay that proves the level can be finished
    /// --start X,Y: the first level starts with the player centred on tile (X, Y) (a practice run: no
    /// progress, best time or replay is kept).
    std::optional<std::pair<int, int>> start;
    /// --pad-script FILE (windowed): a virtual gamepad driven by the script, one game tick per frame, and
    /// a "pad-script: frame N: ..." line on stderr for every scene, menu cursor and toast change.
    std::optional<std::filesystem::path> pad_script;
    /// --livesplit HOST:PORT (checked by the parser): LiveSplit Server to drive, over the setting.
    std::optional<std::string> livesplit;
    /// --frame-report FILE: one line per frame of the game loop (frame_report.hpp), written out at exit.
    std::optional<std::filesystem::path> frame_report;
};

/// Whether a run with `options` draws (a window, or a headless --screenshot). A run that does not keeps
/// only the digests of its levels' visuals layers, never their pixels.
inline bool draws(const AppOptions& options) {
    return !options.headless || options.screenshot.has_value();
}
inline VisualPixels visual_pixels(const AppOptions& options) {
    return draws(options) ? VisualPixels::keep : VisualPixels::digest_only;
}

/// Runs the game; returns the process exit status (0 ok, 1 bad content, 2 usage).
int run_app(const AppOptions& options);

/// What playing a level package's proof found.
struct ProofRun {
    bool finished = false;            ///< it reached the goal
    std::int64_t complete_tick = -1;  ///< the tick of `complete:` when finished
    std::int64_t level_ticks = 0;     ///< the level time at the goal (the maker's time) when finished
    /// When not finished, what the proof does, with the tick where the run went wrong when it ran ("does
    /// not reach the goal: its run ends at tick 1400; the player last died at tick 905 ...", "cannot be
    /// played: the level ... changed since the replay was recorded (geometry)").
    std::string problem;
};

/// Plays `proof` on `level` headless as --replay plays a replay (the same loop; its quicksaves in a
/// scratch folder) and says whether it reaches the goal. A proof must be a run of that level with the same
/// play identity, from its start (no save carried in from before the run). `report`: the report lines and
/// `complete:` are printed as for --replay; else only the report lines on stderr.
ProofRun play_proof(CheckedLevel level, Replay proof, bool report);

}  // namespace qs
