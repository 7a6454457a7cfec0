// The running program: picks the first level, runs the tick loop (60 ticks a second; headless as fast as
// possible, in a window with a fixed timestep and interpolated frames), routes input to the play session
// or the menus, and finishes with the state dump and the screenshot. The parts it wires together:
// LevelList (the levels), PlaySession (the level played and its world), RunRecords (replays and ghosts),
// Practice, InputEvents (SDL events), MenuScreens and Presentation.
#include "game/app/app.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <thread>

#include "game/app/app_state.hpp"

namespace qs {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

/// Headless runs without --frames stop this many ticks after the script's last command.
constexpr std::int64_t headless_idle_ticks = 600;

}  // namespace

// ---- setup ----

bool App::open_presentation() {
    presentation_ = std::make_unique<Presentation>();
    // A pad script plays one tick per frame: waiting for the display's refresh would only slow it down.
    if (!presentation_->open(options_.headless, !options_.pad_script)) return false;
    if (!options_.headless) {
        remove_abandoned_writes();
        std::string message;
        settings_ = Settings::load(settings_path(), message);
        if (!message.empty()) {
            std::fprintf(stderr, "%s\n", message.c_str());
            toast(message, 6);
        }
        progress_ = Progress::load(progress_path(), message);
        if (!message.empty()) {
            std::fprintf(stderr, "quickstep: %s\n", message.c_str());
            toast(message, 6);
        }
        std::string chapters_error;
        if (auto chapters = load_chapters(data_dir() / "assets" / "chapters.json", chapters_error)) {
            chapters_ = std::move(*chapters);
        } else {
            // The levels still play, in folder order and all open.
            std::fprintf(stderr, "quickstep: %s\n", chapters_error.c_str());
        }
        presentation_->open_audio();
        input_events_.open_gamepads();
        apply_settings();
        unwatched_ = presentation_->unwatched();
    }
    return true;
}

void App::remove_abandoned_writes() {
    auto named = [](const char* name) {
        return [name](const fs::path& file) { return file.filename() == name; };
    };
    const std::pair<fs::path, std::function<bool(const fs::path&)>> places[] = {
        {settings_path().parent_path(), named("settings.json")},
        {progress_path().parent_path(), named("progress.json")},
        {user_data_dir() / "replays",
         [](const fs::path& file) { return file.extension() == ".qsr" || file.extension() == ".ghost"; }},
    };
    for (const auto& [dir, ours] : places) {
        for (const fs::path& removed : remove_abandoned_temp_files(dir, ours))
            std::fprintf(stderr, "quickstep: removed %s, left by an interrupted write\n", removed.c_str());
    }
}

void App::apply_livesplit() {
    // --livesplit wins over the setting (a headless run reads no settings).
    std::string unused;
    const std::optional<std::string> livesplit =
        options_.livesplit ? options_.livesplit
                           : (settings_.livesplit ? std::optional(settings_.livesplit_server) : std::nullopt);
    splits_.use_livesplit(livesplit ? parse_livesplit_address(*livesplit, unused) : std::nullopt);
}

void App::apply_settings() {
    apply_livesplit();
    RewindBuffer::Limits limits = session_.rewind().limits();
    limits.max_ticks = static_cast<std::int64_t>(settings_.rewind_seconds) * 60;
    limits.max_bytes = static_cast<std::size_t>(settings_.rewind_memory_mb) << 20;
    session_.set_rewind_limits(limits);
    if (!presentation_) return;
    presentation_->set_volume(settings_.volume);
    presentation_->set_music_volume(settings_.music_volume);
    presentation_->set_fullscreen(settings_.fullscreen);
    presentation_->set_fill(settings_.fill_screen);
    presentation_->set_screen_shake(settings_.screen_shake);
    presentation_->set_skin(skin_or_default(settings_.skin, progress_.gems_found()));
}

void App::save_settings() {
    std::string message;
    if (!settings_.save(settings_path(), message)) {
        std::fprintf(stderr, "quickstep: %s\n", message.c_str());
        toast("Settings not saved: " + message, 5);
    }
}

std::optional<CheckedLevel> App::replay_level(int& exit_code) {
    std::string error;
    std::optional<Replay> replay = read_replay_file(*options_.replay, error);
    exit_code = 1;
    if (!replay) {
        std::fprintf(stderr, "quickstep: %s\n", error.c_str());
        return std::nullopt;
    }
    // The level id comes from the file: escaped when printed (no terminal escapes, no NUL cutting it short).
    const std::string& name = replay->level;
    const std::string shown = printable(name), file = printable(options_.replay->string());
    const LevelListing* listing = levels_.find(name);
    if (!listing) {
        std::fprintf(stderr, "quickstep: %s: its level '%s' is not installed\n", file.c_str(), shown.c_str());
        return std::nullopt;
    }
    CheckedLevel checked = levels_.check(listing->path);
    const std::string mismatch = replay_mismatch(*replay, checked, levels_);
    if (!mismatch.empty()) {
        std::fprintf(stderr, "quickstep: %s: %s\n", file.c_str(), mismatch.c_str());
        return std::nullopt;
    }
    session_.set_tuning(replay->tuning);  // the replay plays with the tuning it was recorded with
    exit_code = 0;
    tick_ = replay->start_tick;
    if (!options_.frames) options_.frames = replay->end_tick;
    runs_.watch(std::move(*replay), tick_);
    return checked;
}

// ---- ticks ----

void App::quickload(bool older) {
    const LevelData* before = session_.level().level.get();
    bool loaded = false;
    const Replay::Load* replayed = runs_.replayed_load(tick_);
    if (replayed && replayed->kind == Replay::Load::Kind::nothing) {
        loaded = false;  // the recorded run found nothing to load here
    } else if (replayed && replayed->kind == Replay::Load::Kind::carried) {
        loaded = session_.load(replayed->save, levels_.listings());
    } else {
        loaded = session_.quickload(older, levels_.listings());
    }
    runs_.loaded(tick_, loaded ? session_.last_loaded() : nullptr);
    if (!loaded) return;
    frame_now_.mark(older ? FrameEvent::f8 : FrameEvent::f9);
    if (session_.level().level.get() != before) on_level_started();
    if (presentation_) presentation_->snap_camera(*session_.world());
    menus_.resume();
}

void App::take_held_directions() {
    // After a restart, a level change or a menu, the directions still held down move the player again
    // (hold right and retry). From the next tick on, so a replay of the run sees them where they were.
    if (!std::exchange(take_held_directions_, false) || options_.headless || runs_.watching()) return;
    for (Action direction : {Action::left, Action::right, Action::up, Action::down}) {
        if (input_events_.held(direction, settings_)) actions_.press(direction);
    }
}

void App::hold_assists() {
    if (options_.headless || runs_.watching()) return;
    for (auto [action, on] : {std::pair{Action::invincible, settings_.invincible},
                              std::pair{Action::infinite_hearts, settings_.infinite_hearts}}) {
        const auto bit = std::uint64_t{1} << static_cast<std::size_t>(action);
        if (on) {
            actions_.press(action);
            assists_held_ |= bit;
        } else if (assists_held_ & bit) {  // let go of what the setting held, never of a script's hold
            actions_.release(action);
            assists_held_ &= ~bit;
        }
    }
}

void App::tick() {
    actions_.begin_tick();
    take_held_directions();
    for (const auto& [action, down] : pending_input_) {
        if (runs_.watching()) {
            // Watching a replay: left and right change its speed (1x, 2x, 4x); the run's own input plays.
            if (down && (action == Action::left || action == Action::right))
                runs_.change_speed(action == Action::right);
        } else if (down) {
            actions_.press(action);
            actions_.tap(action);
        } else {
            actions_.release(action);
        }
    }
    pending_input_.clear();
    if (script_) script_->apply(tick_, actions_);
    hold_assists();
    runs_.play_and_record(tick_, actions_);
    if (!runs_.watching()) assists_.note(actions_);
    // A script's or a replay's press (live presses are taken in handle_global_actions()).
    if (actions_.pressed(Action::debug_overlay)) debug_overlay_ = !debug_overlay_;

    if (actions_.pressed(Action::quicksave)) {
        frame_now_.mark(FrameEvent::f5);
        session_.quicksave(tick_);
        runs_.saved(session_.last_saved());
    }
    if (actions_.pressed(Action::quickload)) quickload(false);
    if (actions_.pressed(Action::quickload_older)) quickload(true);
    if (actions_.pressed(Action::restart)) restart_level();
    if (actions_.pressed(Action::retry_spot)) retry_from_spot();
    bool rewinding = actions_.held(Action::rewind) && session_.world();
    if (!rewinding && session_.rewind_held()) {
        frame_now_.mark(FrameEvent::release);
        // Before --frames: a release at tick N shows in the dump. In a window (not a pad script's run,
        // which is one tick per frame), a big world is rebuilt on a second thread while frames go on.
        session_.end_rewind_hold(!options_.headless && !pad_script_);
    }
    forward_notices();
    if (std::optional<std::string> problem = splits_.take_problem()) toast(*problem, 5);
    if (options_.frames && tick_ >= *options_.frames) {
        finished_ = true;
        return;
    }
    if (runs_.watching() && !options_.replay && tick_ >= runs_.replay()->end_tick) {
        stop_watching();
        session_.close();
        menus_.open_level_select();
        toast("End of the replay");
        return;
    }
    if (session_.catching_up()) {
        tick_waiting_ = true;
        return;
    }
    finish_tick();
}

void App::finish_tick() {
    World* world = session_.world();
    if (!world) return;
    const bool rewinding = actions_.held(Action::rewind);
    if (rewinding) {
        frame_now_.mark(FrameEvent::rewind);
        if (!session_.rewind_held()) play_sound(std::string(sound_name(Sound::rewind)));
        // In a window, holding longer goes faster; scripts and headless runs go back one tick per tick. A
        // replay goes back as its recorded run did, whatever runs it.
        session_.hold_rewind(rewind_speedup());
    } else {
        const int deaths_before = world->game.deaths;
        session_.step(actions_);
        if (session_.world() && session_.world()->game.deaths > deaths_before) last_death_tick_ = tick_;
    }
    if (!options_.headless && !runs_.watching())
        assists_.game_speed = std::min(assists_.game_speed, settings_.game_speed);
    if (assists_.any()) runs_.note_assists(assists_);
    ++tick_;
    practice_.remember_footing(world->player(), world->level().tiles);
    if (const Player* player = world->player()) runs_.track_player(world->game.timer_ticks, *player);
    if (presentation_) {
        // No wall clock headless: presentation time (animations, toasts) follows the ticks.
        if (options_.headless) presentation_->advance(World::tick_seconds);
        presentation_->follow_camera(*world);
    }
    handle_world_events();
    if (!options_.frames && options_.headless) {
        std::int64_t last = script_ ? script_->last_tick() : -1;
        if (tick_ > std::max<std::int64_t>(last, 0) + headless_idle_ticks) finished_ = true;
    }
}

void App::handle_world_events() {
    World& world = *session_.world();
    for (const WorldEvent& event : world.take_events()) {
        splits_.on_event(event, world.game);
        switch (event.kind) {
            case WorldEvent::Kind::sound:
                play_sound(event.text);
                if (presentation_) presentation_->react_to_sound(event.text, world);
                break;
            case WorldEvent::Kind::toast:
                toast(event.text);
                break;
            case WorldEvent::Kind::respawned:
                if (presentation_) presentation_->snap_camera(world);
                if (presentation_ && fades_) presentation_->fade_in(0.25);
                break;
            case WorldEvent::Kind::full:
                std::fprintf(
                    stderr,
                    "quickstep: %s: tick %lld: the level holds %zu things at once: no more are made\n",
                    printable(world.level().folder_name).c_str(), static_cast<long long>(tick_),
                    max_live_entities);
                toast("Too many things at once: no more are made", 5);
                break;
            case WorldEvent::Kind::completed:
                runs_.completed(tick_);
                completed_tick_ = tick_;
                completed_level_ticks_ = world.game.timer_ticks;
                if (options_.headless) {
                    if (print_complete_) {
                        std::printf("complete: %s tick %lld\n", world.level().folder_name.c_str(),
                                    static_cast<long long>(tick_));
                        std::fflush(stdout);
                    }
                    finished_ = true;
                } else {
                    show_results();
                }
                break;
        }
    }
}

void App::advance_frames(const std::vector<std::pair<Action, bool>>& input) {
    const bool pressed = std::any_of(input.begin(), input.end(), [](const std::pair<Action, bool>& i) {
        return i.first == Action::frame_advance && i.second;
    });
    if (pressed) {
        advance_held_ = 0;
    } else if (advance_held_ >= 0 && input_events_.held(Action::frame_advance, settings_)) {
        ++advance_held_;
    } else {
        advance_held_ = -1;
    }
    if (!pressed && advance_held_ < 30) return;
    assists_.frame_advance = true;
    timed_tick();
}

// ---- window ----

void App::poll_input() {
    PolledInput input = input_events_.poll(settings_);
    if (input.quit) finished_ = true;
    for (const std::string& notice : input.notices) toast(notice);
    if (input.binding) {
        std::optional<InputCode> code;
        if (input.binding->key) code = InputCode::key(*input.binding->key);
        if (input.binding->button) code = InputCode::button(*input.binding->button);
        menus_.binding_captured(input.binding->cancelled ? std::nullopt : code);
    }
    if ((input.focus_lost || input.pad_removed) && menus_.playing()) menus_.open_pause();
    pending_input_.insert(pending_input_.end(), input.actions.begin(), input.actions.end());
    handle_global_actions();
}

void App::handle_global_actions() {
    // Actions that work in every scene. The overlay's key is the window's alone: it never reaches a tick
    // (nor a recorded run).
    for (const auto& [action, down] : pending_input_) {
        if (!down) continue;
        if (action == Action::debug_overlay) debug_overlay_ = !debug_overlay_;
        if (action == Action::screenshot) take_screenshot();
        if (action == Action::fullscreen && presentation_) {
            settings_.fullscreen = presentation_->toggle_fullscreen();
            save_settings();
        }
        if (action == Action::quickload && menus_.scene() == MenuScreens::Scene::title) {
            continue_from_quicksave();  // F9 on the title, as it says
            std::erase_if(pending_input_, [](const std::pair<Action, bool>& input) { return input.second; });
            break;
        }
        if (action == Action::pause && menus_.playing()) {
            menus_.open_pause();
            // Nothing more goes down this frame, but what was let go of still reaches the game.
            std::erase_if(pending_input_, [](const std::pair<Action, bool>& input) { return input.second; });
            break;
        }
    }
    std::erase_if(pending_input_,
                  [](const std::pair<Action, bool>& input) { return input.first == Action::debug_overlay; });
}

void App::take_screenshot() {
    if (!presentation_) return;
    render(1.0);
    const fs::path file = next_screenshot_path();
    std::string error;
    if (presentation_->save_screenshot(file, error)) {
        toast("Screenshot: " + file.filename().string());
    } else {
        toast("Screenshot failed: " + error, 5);
    }
}

void App::forward_notices() {
    for (const SessionNotice& notice : session_.take_notices()) {
        if (notice.kind == SessionNotice::Kind::sound) {
            play_sound(notice.text);
        } else {
            toast(notice.text, notice.seconds);
        }
    }
}

void App::update_music() {
    const LevelData* level = session_.level().level.get();
    const bool playing = menus_.scene() == MenuScreens::Scene::playing, held = session_.rewind_held();
    presentation_->set_music(menus_.music_track(level), (!playing && menus_.shows_level(level)) || held);
    // A held rewind sounds for as long as it is held: a tape loop under the start cue, gone on release.
    presentation_->set_looping("rewind_loop", held && playing);
}

void App::render(double alpha) {
    if (!presentation_) return;
    Presentation::Frame frame;
    frame.world = session_.world();
    frame.menu = menus_.menu();
    frame.playing = menus_.playing();
    frame.alpha = alpha;
    frame.reload_error = session_.reload_error();
    frame.practice = practice_.active();
    frame.assists = assists_.describe();
    if (const std::filesystem::path preview =
            frame.menu ? frame.menu->highlighted_preview() : std::filesystem::path();
        !preview.empty()) {
        frame.thumbnail = thumbnails_.get(preview, levels_);
    } else {
        thumbnails_.leave();
    }
    if (settings_.input_display && frame.world) {
        std::uint64_t held = 0;
        for (std::size_t i = 0; i < action_count; ++i) {
            if (actions_.held(static_cast<Action>(i))) held |= std::uint64_t{1} << i;
        }
        frame.held = held;
    }
    if (runs_.watching()) frame.replay_speed = runs_.speed();
    if (frame.world) {
        if (const GhostTrack::Point* point = runs_.ghost_at(frame.world->game.timer_ticks))
            frame.ghost = Presentation::Ghost{point->x, point->y, point->facing < 0};
    }
    if (settings_.split_timer && frame.world) frame.timer = splits_.hud(frame.world->game.timer_ticks);
    if (settings_.split_list && frame.world)
        frame.split_list = splits_.split_list(frame.world->game.timer_ticks);
    if (session_.rewind_held()) frame.rewind_seconds_left = session_.rewind().ticks() * World::tick_seconds;
    if (debug_overlay_) {
        frame.debug = &frame_history_;
        frame.debug_figures.tick = tick_;
        frame.debug_figures.entities = frame.world ? frame.world->entities.size() : 0;
        frame.debug_figures.rewind_ticks = session_.rewind().ticks();
        frame.debug_figures.rewind_bytes = session_.rewind().bytes();
        frame.debug_figures.rewind_budget = session_.rewind().limits().max_bytes;
    }
    presentation_->render(frame);
}

// ---- the run ----

int App::run() {
    if (options_.input) {
        script_.emplace();
        std::string error;
        if (!script_->load(*options_.input, error)) {
            std::fprintf(stderr, "quickstep: %s\n", error.c_str());
            return 2;
        }
    }
    if (options_.frame_report) {
        std::string error;
        if (!frame_report_.open(*options_.frame_report, error)) {
            std::fprintf(stderr, "quickstep: --frame-report %s\n", error.c_str());
            return 2;
        }
    }
    if (options_.pad_script) {
        pad_script_ = std::make_unique<PadScript>();
        std::string error;
        if (!pad_script_->load(*options_.pad_script, error)) {
            std::fprintf(stderr, "quickstep: %s\n", error.c_str());
            return 2;
        }
        // The dummy video driver never gives its window the focus, without which SDL drops gamepad events.
        SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1");
    }
    int exit_code = 0;
    std::optional<CheckedLevel> first =
        options_.replay ? replay_level(exit_code)
                        : levels_.first_level(options_.level, options_.headless, exit_code);
    if (exit_code != 0) return exit_code;

    if (draws(options_) && !open_presentation()) return 1;
    if (options_.headless) apply_livesplit();
    if (first) {
        if (!begin_level(std::move(*first))) return 1;
        if (options_.start) {
            const Practice::Outcome outcome = practice_.start_at(session_, *options_.start);
            show(outcome);
            if (!outcome.moved) return 2;
        }
    } else {
        menus_.open_title();
    }

    if (options_.headless) {
        // Nothing is drawn: each tick is a frame of the report.
        while (!finished_) {
            begin_frame();
            timed_tick();
            end_frame();
        }
    } else {
        auto previous = Clock::now();
        double accumulator = 0;
        fades_ = true;
        while (!finished_) {
            const auto frame_began = Clock::now();
            if (pad_script_) {
                if (frame_ > pad_script_->last_frame()) break;  // the script's last frame is done
                pad_script_->apply(frame_);
            }
            begin_frame();
            poll_input();
            if (menus_.scene() == MenuScreens::Scene::playing || menus_.scene() == MenuScreens::Scene::paused)
                hot_reload();
            for (const std::string& problem : session_.take_write_errors()) toast(problem, 6);
            auto now = Clock::now();
            // A pad script, and a window no one watches, play one tick per frame, whatever the clock says.
            double elapsed = pad_script_ || unwatched_
                                 ? World::tick_seconds
                                 : std::min(0.25, std::chrono::duration<double>(now - previous).count());
            previous = now;
            presentation_->advance(elapsed);
            if (tick_waiting_ && !session_.catching_up()) finish_waiting_tick();
            if (tick_waiting_ && menus_.playing()) {
                // A released rewind's world is still being rebuilt: the rewound one stays on screen.
                accumulator = 0;
                frame_now_.mark(FrameEvent::catch_up);
            } else if (menus_.playing() && session_.world()) {
                // The assist's game speed slows live play; a replay being watched has its own speed.
                const double speed = runs_.watching() ? runs_.speed() : settings_.game_speed / 100.0;
                accumulator += elapsed * speed;
                while (accumulator >= World::tick_seconds && !finished_ && menus_.playing() &&
                       !tick_waiting_) {
                    timed_tick();
                    accumulator -= World::tick_seconds;
                }
            } else {
                if (tick_waiting_) {  // a menu opened meanwhile: the tick ends before the menu acts
                    session_.finish_catching_up();
                    finish_waiting_tick();
                }
                accumulator = 0;
                std::vector<std::pair<Action, bool>> input = std::exchange(pending_input_, {});
                // A key or button let go of while a menu is open is let go of in the game too (a pad
                // unplugged while running must not leave the player running after Resume).
                for (const auto& [action, down] : input) {
                    if (!down) actions_.release(action);
                }
                if (menus_.scene() == MenuScreens::Scene::paused && session_.world()) advance_frames(input);
                menus_.handle(input);
                if (menus_.playing()) take_held_directions_ = true;  // Resume, Retry, a level begun
                // Menus have no ticks; --frames there counts drawn frames so scripted runs still end.
                if (options_.frames && ++menu_frames_ > *options_.frames) finished_ = true;
            }
            forward_notices();
            update_music();
            if (!unwatched_) {
                const auto drawing = Clock::now();
                render(std::clamp(accumulator / World::tick_seconds, 0.0, 1.0));
                const double drawn_ms =
                    std::chrono::duration<double, std::milli>(Clock::now() - drawing).count();
                frame_now_.present_ms = presentation_->last_present_ms();
                frame_now_.render_ms = std::max(0.0, drawn_ms - frame_now_.present_ms);
            }
            if (pad_script_) trace_frame();
            end_frame();
            // A frame that no display held back (no vsync, or no window: only the sound is heard) waits
            // for the next one to be due, instead of spinning a core on frames of the same tick.
            if (!pad_script_ && !unwatched_) {
                const auto due =
                    frame_began + std::chrono::duration_cast<Clock::duration>(
                                      std::chrono::duration<double>(presentation_->frame_seconds()));
                if (Clock::now() + std::chrono::milliseconds(1) < due) std::this_thread::sleep_until(due);
            }
        }
    }
    finish_run();
    return exit_code_;
}

ProofRun App::play_proof(CheckedLevel checked, Replay proof, bool report) {
    ProofRun run;
    print_complete_ = report;
    if (!checked.level) {
        run.problem = "cannot be played: the level does not load";
        return run;
    }
    if (proof.level != checked.level->folder_name) {
        run.problem = "cannot be played: it is a run of the level '" + printable(proof.level) +
                      "', not of '" + printable(checked.level->folder_name) + "'";
        return run;
    }
    run.problem = replay_mismatch(proof, checked, levels_);
    if (!run.problem.empty()) run.problem = "cannot be played: " + run.problem;
    for (const Replay::Load& load : proof.loads) {
        if (run.problem.empty() && load.kind == Replay::Load::Kind::carried)
            run.problem = "cannot be played: it loads a save from before its run at tick " +
                          std::to_string(proof.start_tick + load.offset) +
                          " (a proof plays the level from its start)";
    }
    if (!run.problem.empty()) return run;
    session_.set_tuning(proof.tuning);  // played with the tuning it was recorded with
    tick_ = proof.start_tick;
    options_.frames = proof.end_tick;
    const std::int64_t recorded_complete = proof.complete_tick, end = proof.end_tick;
    runs_.watch(std::move(proof), tick_);
    if (!begin_level(std::move(checked))) {
        run.problem = "cannot be played: the level cannot be started";
        return run;
    }
    while (!finished_) tick();
    finish_run();
    if (completed_tick_ >= 0) {
        run.finished = true;
        run.complete_tick = completed_tick_;
        run.level_ticks = completed_level_ticks_;
        return run;
    }
    run.problem = "does not reach the goal: its run ends at tick " + std::to_string(end);
    if (last_death_tick_ >= 0)
        run.problem += "; the player last died at tick " + std::to_string(last_death_tick_);
    if (recorded_complete >= 0)
        run.problem += " (it was recorded reaching the goal at tick " + std::to_string(recorded_complete) +
                       ": the level or the game plays differently)";
    else
        run.problem += " (it was recorded without reaching the goal)";
    return run;
}

void App::trace_frame() {
    const std::string state = menus_.trace_state(input_events_.capturing_binding());
    if (state == last_trace_) return;
    last_trace_ = state;
    std::fprintf(stderr, "pad-script: frame %lld: %s\n", static_cast<long long>(frame_), state.c_str());
}

void App::finish_run() {
    if (tick_waiting_) {  // the window closed while a released rewind was caught up with
        session_.finish_catching_up();
        finish_waiting_tick();
    }
    session_.finish_level_report();  // a run that ends before the level's first tick
    session_.flush_saves();
    if (std::string error; !frame_report_.close(error)) {
        std::fprintf(stderr, "quickstep: %s\n", error.c_str());
        exit_code_ = 1;
    }
    if (options_.record && runs_.recording()) {
        std::string error;
        if (!runs_.write_run(*options_.record, tick_, error)) {
            std::fprintf(stderr, "quickstep: cannot write the replay: %s\n", error.c_str());
            exit_code_ = 1;
        }
    }
    World* world = session_.world();
    if (options_.dump_state && world) {
        if (!write_state_dump(dump_state(*world, tick_, &session_.rewind()), *options_.dump_state)) {
            std::fprintf(stderr, "quickstep: %s: cannot write the state dump\n",
                         options_.dump_state->c_str());
            exit_code_ = 1;
        }
    }
    if (options_.screenshot && presentation_) {
        if (options_.headless) {
            if (world) presentation_->snap_camera(*world);
            render(1.0);
        } else if (unwatched_) {
            render(1.0);  // no frame was drawn before
        }
        std::string error;
        if (!presentation_->save_screenshot(*options_.screenshot, error)) {
            std::fprintf(stderr, "quickstep: %s: %s\n", options_.screenshot->c_str(), error.c_str());
            exit_code_ = 1;
        }
    }
}

ProofRun play_proof(CheckedLevel level, Replay proof, bool report) {
    // The proof makes and loads its quicksaves in a scratch folder, as a replay does.
    ScratchFolder scratch("quickstep-proof-");
    if (!scratch.ok()) {
        ProofRun run;
        run.problem = "cannot make a scratch folder for its quicksaves";
        return run;
    }
    AppOptions options;
    options.headless = true;
    options.save_dir = scratch.path();
    // The proof is the whole run, as with --replay: watching it never stops before its end.
    options.replay = scratch.path() / "proof.qsr";
    return App(options).play_proof(std::move(level), std::move(proof), report);
}

int run_app(const AppOptions& options) {
    if (!options.replay) return App(options).run();
    // A replay makes and loads its quicksaves in a scratch folder, as the recorded run did in its own.
    ScratchFolder scratch("quickstep-replay-");
    if (!scratch.ok()) {
        std::fprintf(stderr, "quickstep: cannot make a scratch folder for the replay's quicksaves\n");
        return 1;
    }
    AppOptions replay_options = options;
    replay_options.save_dir = scratch.path();
    return App(replay_options).run();
}

}  // namespace qs
