// The running program's state and its parts, shared by the two files that run it: app.cpp (setup, the tick
// loop, input, drawing, the end of a run) and app_levels.cpp (starting and leaving levels, the results and
// records of a finished run). Private to game/app: run_app (app.hpp) is the program's entry.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdio>

#include "engine/printable_text.hpp"
#include "engine/save_file.hpp"
#include "engine/scratch_folder.hpp"
#include "engine/thread_faults.hpp"
#include "game/app/app.hpp"
#include "game/app/frame_report.hpp"
#include "game/app/input_events.hpp"
#include "game/app/level_list.hpp"
#include "game/app/level_thumbnails.hpp"
#include "game/app/menu_screens.hpp"
#include "game/app/pad_script.hpp"
#include "game/app/paths.hpp"
#include "game/app/play_session.hpp"
#include "game/app/practice.hpp"
#include "game/app/presentation.hpp"
#include "game/app/progress.hpp"
#include "game/app/replay_check.hpp"
#include "game/app/run_records.hpp"
#include "game/app/settings.hpp"
#include "game/app/split_timer.hpp"
#include "game/save/state_dump.hpp"
#include "game/view/hud.hpp"

namespace qs {

class App final : private MenuHost {
   public:
    explicit App(const AppOptions& options)
        : options_(options),
          settings_(Settings::defaults()),
          levels_(options.levels_dirs, visual_pixels(options)),
          session_(options.save_dir.value_or(user_data_dir() / "saves"), !options.headless,
                   visual_pixels(options)),
          menus_(*this),
          runs_(!options.headless, options.replay.has_value()) {}

    int run();
    /// play_proof(): the proof played on `checked` instead of a run of run().
    ProofRun play_proof(CheckedLevel checked, Replay proof, bool report);

   private:
    // setup and the end of a run
    std::optional<CheckedLevel> replay_level(int& exit_code);
    /// Whether holding rewind speeds up (see PlaySession::hold_rewind): the watched replay's recorded
    /// choice, else live keys in a window.
    bool rewind_speedup() const {
        return runs_.watching() ? runs_.replay()->rewind_speedup : !options_.headless && !script_;
    }
    bool open_presentation();
    /// Removes the temp files killed writes of settings, progress or kept replays left (never one that
    /// is being written), naming each on stderr.
    void remove_abandoned_writes();
    void finish_run();

    // levels
    bool begin_level(CheckedLevel checked);
    /// The level just started is shown; with `fade` (not a hot reload) a window fades it in.
    void on_level_started(bool fade = true);
    /// Presses the directions held down on the keyboard or a gamepad, once after take_held_directions_ is
    /// set.
    void take_held_directions();
    /// In a window, holds the assists that change play (invincible, infinite hearts) while their settings
    /// are on, so the simulation sees them and a recorded run carries them; a replay plays its own.
    void hold_assists();
    void hot_reload();

    // ticks
    /// One tick: its input, F5/F9, rewind; then finish_tick(), unless a rewind released in a window is
    /// still being caught up with (tick_waiting_).
    void tick();
    /// The rest of a tick: the step of the world and what follows it.
    void finish_tick();
    /// The tick that waited for a rewind's catching up goes on (the rebuilt world is in place).
    void finish_waiting_tick() {
        tick_waiting_ = false;
        const auto started = std::chrono::steady_clock::now();
        finish_tick();
        frame_now_.tick_ms +=
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
    }
    /// tick(), its time added to the frame's tick time.
    void timed_tick() {
        const auto started = std::chrono::steady_clock::now();
        tick();
        frame_now_.tick_ms +=
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
    }
    /// A frame of the loop begins (its figures start at the current tick) and ends (its line is reported).
    void begin_frame() {
        frame_now_ = {};
        frame_now_.frame = frame_;
        frame_now_.tick = tick_;
        frame_faults_ = thread_minor_faults();
    }
    void end_frame() {
        frame_now_.steps = static_cast<int>(tick_ - frame_now_.tick);
        frame_now_.faults = thread_minor_faults() - frame_faults_;
        frame_report_.add(frame_now_);
        frame_history_.push({frame_now_.tick_ms, frame_now_.render_ms, frame_now_.present_ms});
        ++frame_;
    }
    void quickload(bool older);
    /// T: the level painter's retry from the last footing (see Practice).
    void retry_from_spot() {
        frame_now_.mark(FrameEvent::restart);
        show(practice_.retry_from_footing(session_, options_.record || runs_.watching(), [this] {
            session_.restart();
            start_splits();
            on_level_started();
        }));
    }
    /// The camera jumps to where a practice start or retry put the player; its toast.
    void show(const Practice::Outcome& outcome) {
        if (outcome.moved && presentation_) presentation_->snap_camera(*session_.world());
        if (!outcome.toast.empty()) toast(outcome.toast, outcome.toast_seconds);
    }
    void handle_world_events();
    /// Paused: the frame-advance key steps one tick per press, and one a frame once held half a second.
    void advance_frames(const std::vector<std::pair<Action, bool>>& input);
    /// The level run starts: its splits compared with the level's record as it is played now.
    void start_splits() {
        assists_ = {};
        splits_.start_run(
            progress_.splits_for(RunRecords::key_of(*session_.level().level, session_.play_identity()),
                                 session_.play_identity().id()));
    }
    void show_results();
    /// After the last chapter's last level: the end, the credits and what is left to do.
    void open_ending();

    // window
    void poll_input();
    void handle_global_actions();
    void take_screenshot();
    void render(double alpha);
    /// The title's track in the menus, the level's while in a level (lowered while a menu is open).
    void update_music();
    void forward_notices();
    void toast(const std::string& text, double seconds = 2.5, bool with_paths = false) {
        if (presentation_) presentation_->toast(text, seconds, with_paths);
        if (pad_script_)
            std::fprintf(stderr, "pad-script: frame %lld: toast: %s\n", static_cast<long long>(frame_),
                         text.c_str());
    }
    /// --pad-script: a line for each change of scene, highlighted menu item or its label.
    void trace_frame();
    void apply_settings();
    /// Drives the LiveSplit Server of --livesplit, else of the settings, else none.
    void apply_livesplit();
    void save_settings();

    // MenuHost
    const std::vector<LevelListing>& rescan_levels() override {
        levels_.rescan();
        levels_.verify_packages();  // "cleared by its maker": each package's proof played once
        return levels_.listings();
    }
    const std::vector<LevelListing>& levels() const override { return levels_.listings(); }
    const Progress& progress() const override { return progress_; }
    const Chapters& chapters() const override { return chapters_; }
    std::uint64_t tuning_digest() const override { return qs::tuning_digest(session_.tuning_for_start()); }
    Settings& settings() override { return settings_; }
    void settings_changed() override {
        apply_settings();
        save_settings();
    }
    void capture_binding() override { input_events_.capture_next_binding(); }
    std::string level_name() const override {
        return session_.level().level ? session_.level().level->name : std::string();
    }
    bool in_play() const override { return session_.world() != nullptr; }
    void start_level(const std::filesystem::path& folder) override {
        stop_watching();
        if (!begin_level(levels_.check(folder))) toast("That level cannot be loaded");
    }
    bool has_best_run(const LevelListing& listing) const override {
        std::error_code ec;
        return std::filesystem::exists(RunRecords::best_run_path(listed_record_key(listing)), ec);
    }
    void watch_best_run(const LevelListing& listing) override;
    void watch_maker_clear(const LevelListing& listing) override;
    void share_level(const LevelListing& listing) override;
    /// Plays `replay` (matched with `checked`) from the next tick, its quicksaves in a scratch folder.
    void watch_replay(Replay replay, CheckedLevel checked);
    /// The record key of a listed level (whose layout is not read until it is opened): a shipped level's
    /// name; for another, the one key its name has records under, else its bare name (a best run kept
    /// before records had keys; watching checks it against the level, so it never plays on another).
    std::string listed_record_key(const LevelListing& listing) const {
        if (listing.shipped) return listing.name;
        const std::string key = progress_.listed_key(listing.name, false);
        return key.empty() ? listing.name : key;
    }
    /// Leaves a replay watched from the level select (live play from here on, with the player's own
    /// quicksaves and the tuning of assets/tuning.json again).
    void stop_watching() {
        runs_.stop_watching();
        if (!runs_.watching()) session_.set_tuning(std::nullopt);
        if (watch_saves_) {
            session_.use_own_saves();
            watch_saves_.reset();
        }
    }
    void restart_level() override {
        stop_watching();
        if (!session_.level().level) return;
        frame_now_.mark(FrameEvent::restart);
        session_.restart();
        start_splits();
        on_level_started();
    }
    void next_level() override;
    bool can_skip_level() const override;
    void skip_level() override;
    bool has_quicksave() const override {
        return has_quicksave_files(options_.save_dir.value_or(user_data_dir() / "saves"));
    }
    void continue_from_quicksave() override {
        stop_watching();
        quickload(false);
    }
    void quit_to_title() override {
        stop_watching();
        session_.close();
        menus_.open_title();
    }
    void quit_game() override { finished_ = true; }
    void play_sound(const std::string& sound) override {
        if (presentation_) presentation_->play(sound);
    }

    AppOptions options_;
    Settings settings_;
    Progress progress_;  ///< finished levels, best times (windowed play only)
    Chapters chapters_;  ///< the shipped levels' order and unlocks (windowed play only)
    LevelList levels_;
    PlaySession session_;
    MenuScreens menus_;
    std::unique_ptr<Presentation> presentation_;  ///< null headless without --screenshot
    InputEvents input_events_;
    std::unique_ptr<PadScript> pad_script_;  ///< --pad-script (after input_events_: unplugged first)
    std::int64_t frame_ = 0;                 ///< frames (loop iterations; headless: ticks) so far
    FrameReport frame_report_;               ///< --frame-report, when given
    FrameFigures frame_now_;                 ///< the frame being made
    std::int64_t frame_faults_ = 0;          ///< the game thread's page faults when the frame began
    FrameHistory frame_history_;             ///< the last frames' times, for the debug overlay
    bool debug_overlay_ = false;             ///< the debug overlay is shown (F3)
    std::string last_trace_;

    std::optional<InputScript> script_;
    RunRecords runs_;  ///< the run recorded, the ghost shown, the replay watched
    /// The quicksaves of a replay watched from the level select (never the player's folder).
    std::unique_ptr<ScratchFolder> watch_saves_;
    Practice practice_;  ///< --start and the retry from the last footing
    SplitTimer splits_;  ///< the level run's splits, and LiveSplit
    ActionState actions_;
    std::vector<std::pair<Action, bool>> pending_input_;  ///< live input since the last tick
    std::int64_t tick_ = 0;
    std::int64_t menu_frames_ = 0;  ///< frames drawn outside play (for --frames on the title screen)
    bool finished_ = false;
    bool take_held_directions_ = false;  ///< the next tick takes up the directions held down
    /// A tick began, released a rewind in a window, and waits for the live world's rebuild (see
    /// PlaySession::end_rewind_hold) before its step: no tick runs meanwhile, frames still do.
    bool tick_waiting_ = false;
    /// Level starts and respawns fade in: a window's game loop, after the level named on the command line
    /// (which, like a headless run, shows its first frame at once).
    bool fades_ = false;
    /// A window no one sees or hears (SDL's dummy video and audio drivers: the tests' runs of the whole
    /// game): each frame is one tick, as with a pad script, and a frame is drawn only for a screenshot.
    bool unwatched_ = false;
    RunAssists assists_;              ///< the assists this level run was played with
    std::uint64_t assists_held_ = 0;  ///< the assist actions hold_assists() holds (bit i: Action i)
    int advance_held_ = -1;           ///< frames the frame-advance key has been held while paused, or -1
    int exit_code_ = 0;
    LevelThumbnails thumbnails_;              ///< the level select's, drawn from the levels when highlighted
    bool print_complete_ = true;              ///< headless: print `complete:` at the goal
    std::int64_t completed_tick_ = -1;        ///< the tick the level was last finished, -1 before
    std::int64_t completed_level_ticks_ = 0;  ///< the level time then
    std::int64_t last_death_tick_ = -1;       ///< the tick of the player's last death, -1 before
};

}  // namespace qs
