// The play session: the level being played and its World, ticked from an ActionState; F5 quicksave,
// F9/F8 quickload and restart; hot reload of the level's files. No window, menus or SDL events here:
// what the player should see or hear is left as notices for the presentation to pick up.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <future>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/file_watch.hpp"
#include "engine/worker.hpp"
#include "game/levels/level_catalog.hpp"
#include "game/save/quicksaves.hpp"
#include "game/save/rewind_buffer.hpp"
#include "game/save/save_carry.hpp"
#include "game/save/save_pool.hpp"
#include "game/sim/actions.hpp"
#include "game/sim/world.hpp"

namespace qs {

/// Something the session did that the player should be told about (a toast, a sound).
struct SessionNotice {
    enum class Kind : std::uint8_t { toast, sound };
    Kind kind = Kind::toast;
    std::string text;      ///< the toast text or the sound name
    double seconds = 2.5;  ///< how long a toast stays
};

class PlaySession {
   public:
    /// Level-time ticks between canonical rebuilds of the live world (rewind keyframes) on a level of up to
    /// rebuild_entity_ticks / max_rebuild_ticks entities; see step().
    static constexpr std::int64_t max_rebuild_ticks = 600;
    /// The fewest ticks between them, whatever the level's size (each rebuild costs about as much as a tick).
    static constexpr std::int64_t min_rebuild_ticks = 30;
    /// What a release may step again, in entities times ticks: a level of n entities at its start is rebuilt
    /// every rebuild_entity_ticks / n ticks, within the two bounds above.
    static constexpr std::int64_t rebuild_entity_ticks = 300000;
    /// The ticks between canonical rebuilds on a level that starts with `entities` entities.
    static constexpr std::int64_t rebuild_ticks_for(std::size_t entities) {
        const std::int64_t n = static_cast<std::int64_t>(entities);
        const std::int64_t ticks = n > 0 ? rebuild_entity_ticks / n : max_rebuild_ticks;
        return ticks < min_rebuild_ticks   ? min_rebuild_ticks
               : ticks > max_rebuild_ticks ? max_rebuild_ticks
                                           : ticks;
    }
    /// The ticks between canonical rebuilds on the level being played (fixed at its start).
    std::int64_t rebuild_ticks() const { return rebuild_ticks_; }

    /// Quicksaves live in `save_dir`; `watch_files` turns hot reload on (windowed play); `pixels`: what the
    /// levels it loads (a quickload's other level, a reload) keep of their visuals.
    PlaySession(std::filesystem::path save_dir, bool watch_files, VisualPixels pixels = VisualPixels::keep);
    ~PlaySession();
    PlaySession(const PlaySession&) = delete;
    PlaySession& operator=(const PlaySession&) = delete;

    /// Starts `checked` (a level that loaded) from its beginning. The `level:` report line follows the first
    /// tick (step()) and counts everything from reading the folder (checked.check_ms) to the end of that
    /// tick; when something else comes first (a quickload, a quicksave, the end of the run) it is printed
    /// then, without a tick. False (nothing changes) when it holds no level.
    bool start(CheckedLevel checked);
    /// Adds `ms` of level-start work done outside the session (showing the level) to the pending `level:`
    /// line; nothing when it was printed already.
    void add_level_start_ms(double ms) {
        if (level_report_) level_report_->ms += ms;
    }
    /// Prints the pending `level:` line now (the run ends before the level's first tick).
    void finish_level_report() { print_level_report(0); }
    /// Starts the current level again from its beginning.
    void restart();
    /// Moves the player to (x, y) (tiles, its centre) when it fits there; false when outside or blocked.
    bool keep_player_at(double x, double y);
    /// Ends play (quit to the title): the world is gone, the level is kept for nothing.
    void close();

    /// F5 at tick `tick`: captures the world into the quicksave ring and rebuilds it canonically (in place,
    /// before it returns).
    void quicksave(std::int64_t tick);
    /// F9 (`older` false) or F8 (`older` true). A save of another level in `levels` starts that level
    /// first. A save of a level whose play changed since is carried into the edited level (save_carry.hpp):
    /// the player's place and progress come back, and a toast and a stderr line say what was carried.
    /// Returns true when a save was loaded.
    bool quickload(bool older, const std::vector<LevelListing>& levels);
    /// Loads `save` as a quickload does (a replay's save from before its run); false with a message when
    /// its level is not installed or cannot take it.
    bool load(std::shared_ptr<const SavedGame> save, const std::vector<LevelListing>& levels);
    /// The save the last quicksave made, and the one the last successful quickload or load() loaded.
    std::shared_ptr<const SavedGame> last_saved() const { return last_saved_; }
    std::shared_ptr<const SavedGame> last_loaded() const { return last_loaded_; }
    /// One tick of the world, recorded for rewinding.
    void step(const ActionState& actions);

    /// Rewind: puts the world back one recorded tick; false when nothing is left to go back to.
    bool rewind_step();
    /// Holding the rewind key, one tick: goes back one recorded tick, or with `speedup` (a window with live
    /// keys) faster the longer it is held: 1x for the first second, 2x for the next, then 4x.
    void hold_rewind(bool speedup);
    /// True from the first hold_rewind() until end_rewind_hold().
    bool rewind_held() const { return hold_.active; }
    /// The rewind key was let go of: the live world continues exactly as it ran at this tick, and the
    /// `rewind:` line says how many recorded ticks the hold went back and its main-thread time. With
    /// `in_background` (a window, where frames must keep coming), the live world is rebuilt in a World of its
    /// own on a second thread while the rewound one stays on screen; when that is not done within `wait`,
    /// catching_up() stays true until it is, and the game steps no tick meanwhile (the ticks, and so the run,
    /// are the same either way; only the wall clock differs).
    void end_rewind_hold(bool in_background = false,
                         std::chrono::microseconds wait = std::chrono::microseconds(4000));
    /// True while a release's rebuild runs; swaps the rebuilt world in once it has finished.
    bool catching_up();
    /// Waits for a release's rebuild, if one runs, and swaps it in.
    void finish_catching_up();
    /// Ends the recording (the level was finished: a finished level is not rewound).
    void end_recording() { rewind_.stop(); }
    void set_rewind_limits(const RewindBuffer::Limits& limits) { rewind_.set_limits(limits); }
    const RewindBuffer& rewind() const { return rewind_; }
    /// Tests: the rewind buffer itself (to hold its encoding thread busy).
    RewindBuffer& rewind() { return rewind_; }
    /// For tests: the saves F5 and the keyframes capture into.
    const SavePool& save_pool() const { return save_pool_; }
    SavePool& save_pool() { return save_pool_; }

    /// What a look at the level's files found.
    enum class Reload : std::uint8_t { none, failed, reloaded, reloaded_in_place };
    /// Hot reload: when the level's files changed (polled at `now_seconds`), loads them again and carries
    /// the world as it stood into the edited level as F9 carries a save (`reloaded_in_place`; a player
    /// whose spot is in a wall now goes to the nearest free spot or the start, and the toast says which).
    /// An edit that does not load keeps the last good version (`failed`, reload_error() says why).
    Reload reload_if_edited(double now_seconds);
    /// Why the level's files did not load at the last reload; empty when they did.
    const std::string& reload_error() const { return reload_error_; }

    /// Quicksaves go to (and F9/F8 load from) `dir` instead of the player's save folder until
    /// use_own_saves(): a replay being watched makes its F5s there, never pushing the player's saves out.
    void use_scratch_saves(const std::filesystem::path& dir) {
        scratch_saves_ = std::make_unique<QuickSaves>(dir);
    }
    /// Back to the player's own quicksaves; the scratch ones are written out and dropped from memory.
    void use_own_saves() { scratch_saves_.reset(); }
    /// Waits for pending quicksave files to be written.
    void flush_saves() { saves().flush(); }
    /// Messages about quicksave files that could not be written since the last call.
    std::vector<std::string> take_write_errors() { return saves().take_write_errors(); }

    /// The world being played, or nullptr (title screen, before the first level).
    World* world() { return world_.get(); }
    const World* world() const { return world_.get(); }
    /// The level being played (its `level` is null before the first start; its `entities` are empty once
    /// the World holds them, when they can be built again from the level).
    const CheckedLevel& level() const { return current_; }
    /// The play identity of the level being played with the tuning it was started with.
    const PlayIdentity& play_identity() const { return play_; }
    /// The tuning the level was started with.
    const Tuning& tuning() const { return tuning_; }
    /// Plays every level started from now on with `tuning` instead of assets/tuning.json (a replay plays
    /// with the tuning it was recorded with); nullopt: read assets/tuning.json at every start again.
    void set_tuning(std::optional<Tuning> tuning) { tuning_override_ = std::move(tuning); }
    /// The tuning a level started now is played with: the override, else assets/tuning.json (its problems
    /// go to stderr).
    Tuning tuning_for_start() const;
    /// Notices since the last call, oldest first.
    std::vector<SessionNotice> take_notices() { return std::exchange(notices_, {}); }

   private:
    /// The `level:` line of the last start, waiting for the first tick.
    struct LevelReport {
        std::string name;
        int width = 0, height = 0;
        std::size_t rectangles = 0, entities = 0;
        double ms = 0;  ///< from reading the folder so far
    };
    /// Prints the pending `level:` line with `tick_ms` more, if one is pending.
    void print_level_report(double tick_ms);
    void notify(SessionNotice::Kind kind, std::string text, double seconds = 2.5) {
        notices_.push_back({kind, std::move(text), seconds});
    }
    /// Whether `save` can be loaded now; a save of another installed level sets `other_level`.
    bool save_usable(const SavedGame& save, const std::vector<LevelListing>& levels,
                     std::optional<CheckedLevel>& other_level, std::string& error) const;
    /// Puts the world in the state of `save` (starting `other_level` first if set): the common end of
    /// quickload() and load(). The `quickload:` line counts from `pressed` (the key press: finding the save,
    /// decoding it if it came from disk) to the world ready for its next tick, rewind recording restarted.
    bool restore_save(std::shared_ptr<const SavedGame> save, std::optional<CheckedLevel> other_level,
                      bool older, std::chrono::steady_clock::time_point pressed);
    /// Replaces the world with a fresh one of the current level into which `save` (of an earlier version of
    /// it) is carried; false (the world as it was) with `error` when the save cannot be carried.
    bool carry_into_level(const SavedGame& save, CarryReport& report, std::string& error);
    /// The current level's entities as it places them: built again from its placements when the World took
    /// the checked ones (CheckedLevel::entities_from_level), else a copy of those.
    std::vector<Entity> level_entities() const;
    /// What the current level placed (made when first asked, for saves and hot reloads).
    std::shared_ptr<const LevelPlacements> placements();

    /// Makes sure a whole restore of the world in play (a little larger too) builds its entities in present
    /// memory: when the entity map's spare storage is too small, a larger one is made on helper_'s thread
    /// (its pages faulted in there) and adopted by the game's thread at a tick. Asked for when a rewind
    /// begins, whose release restores the world whole; a run that never rewinds never holds it. (A
    /// quickload writes only what differs, in the map's own storage: World::restore_changed.)
    void prepare_load_room();
    /// Hands the storage prepare_load_room() made to the world when it is ready (with `wait`, once it is);
    /// what it replaces is freed on helper_'s thread.
    void adopt_load_room(bool wait = false);

    /// F5's second pair of hands: copies the save, makes spares (outlives what it serves). It lingers
    /// after each job: an F5 hands it the quickload index's job a little after the copy.
    Worker helper_{ThreadPriority::normal, std::chrono::microseconds{500}};
    std::future<EntityMap::Spare> load_room_;  ///< prepare_load_room()'s storage, being made
    /// placements() of the level started last, made on helper_'s thread at its start.
    std::future<std::shared_ptr<const LevelPlacements>> placements_made_;
    std::shared_ptr<const LevelData> placements_made_for_;
    QuickSaves saves_;                           ///< the player's own quicksaves
    std::unique_ptr<QuickSaves> scratch_saves_;  ///< a watched replay's, while set
    QuickSaves& saves() { return scratch_saves_ ? *scratch_saves_ : saves_; }
    SavePool save_pool_;  ///< saves to capture into (F5 and the periodic canonical rebuild)
    bool watch_files_;
    VisualPixels pixels_;
    CheckedLevel current_;
    std::int64_t rebuild_ticks_ = max_rebuild_ticks;  ///< rebuild_ticks_for(the level's entity count)
    Tuning tuning_;                                   ///< the current level's, read at its start
    std::optional<Tuning> tuning_override_;           ///< set_tuning
    PlayIdentity play_;                               ///< the current level's with tuning_
    std::unique_ptr<World> world_;
    RewindBuffer rewind_;  ///< every tick since the last canonical start
    std::shared_ptr<const SavedGame> last_saved_, last_loaded_;
    std::shared_ptr<const LevelPlacements> placements_;  ///< of current_.level, or null until asked
    std::weak_ptr<const LevelData> placements_level_;    ///< the level placements_ was made of
    FolderWatcher watcher_;                              ///< the current level's files, for hot reload
    std::string reload_error_;
    std::vector<SessionNotice> notices_;
    std::optional<LevelReport> level_report_;
    /// Drops a release's rebuild (the world is replaced or gone); waits at most one of its ticks.
    void cancel_catching_up();
    /// rewind_.start() of the world as it is (canonical: just built or restored), its first keyframe
    /// captured into a save of the pool.
    void start_recording();
    /// Saves the pool can take back from the rewind's newest keyframe (SavePool::prepare).
    std::size_t reclaimable() const;
    /// Before a capture in a big world: the newest keyframe's whole save goes back to the pool when the pool
    /// has none ready.
    void reclaim_if_none_ready();
    /// Puts the rebuilt world in place of the rewound one.
    void swap_in_caught_up();
    /// A release's rebuild running on catch_up_worker_.
    struct CatchUp {
        std::future<std::unique_ptr<World>> world;  ///< null when it was cancelled
        std::shared_ptr<std::atomic<bool>> cancel;
    };
    std::optional<CatchUp> catch_up_;
    Worker catch_up_worker_;  ///< declared after what its jobs use: joined before those go
    /// The rewind being held, if any.
    struct RewindHold {
        bool active = false;
        std::int64_t held_ticks = 0;  ///< ticks the rewind key has been held
        std::int64_t ticks_back = 0;  ///< recorded ticks gone back
        double main_thread_ms = 0;    ///< main-thread time of the whole rewind
    } hold_;
};

}  // namespace qs
