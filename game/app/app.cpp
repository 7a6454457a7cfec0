// The program's main loop: level start, ticks with scripted or live input, quicksave/quickload, hot reload.
// Headless runs step as fast as possible; windowed runs at 60 Hz with interpolation (see app_screens.cpp).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>

#include "game/app/app_session.hpp"
#include "game/save/state_dump.hpp"

namespace qs {

namespace fs = std::filesystem;
using Clock = AppClock;

namespace {

/// Headless runs without --frames stop this many ticks after the script's last command.
constexpr std::int64_t headless_idle_ticks = 600;

}  // namespace

std::string format_time(std::int64_t ticks) {
    std::int64_t seconds = ticks / 60;
    char text[32];
    std::snprintf(text, sizeof text, "%lld:%02lld.%01lld", static_cast<long long>(seconds / 60),
                  static_cast<long long>(seconds % 60), static_cast<long long>((ticks % 60) / 6));
    return text;
}

bool App::open_presentation() {
    screen_ = std::make_unique<Screen>();
    Screen::Options screen_options;
    screen_options.headless = options_.headless;
    std::string error;
    if (!screen_->open(screen_options, error)) {
        std::fprintf(stderr, "quickstep: %s\n", error.c_str());
        return false;
    }
    fs::path assets = data_dir() / "assets";
    if (!sheet_.load(screen_->sdl(), assets / "sprites/sheet.png", assets / "sprites/sheet.json", error)) {
        std::fprintf(stderr, "quickstep: %s\n", error.c_str());
    }
    if (!font_.load(screen_->sdl(), assets / "font/font.png", assets / "font/font.json", error)) {
        std::fprintf(stderr, "quickstep: %s\n", error.c_str());
    }
    if (!options_.headless) {
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
        audio_ = std::make_unique<Audio>(true);
        for (const char* sound : {"jump", "coin", "stomp", "hurt", "switch", "save", "load", "goal", "death",
                                  "shoot", "checkpoint", "menu_move", "menu_select"}) {
            audio_->load(sound, assets / "sounds" / (std::string(sound) + ".wav"));
        }
        SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER);
        apply_settings();
    }
    return true;
}

void App::apply_settings() {
    if (audio_) audio_->set_volume(settings_.volume);
    if (screen_ && screen_->fullscreen() != settings_.fullscreen)
        screen_->set_fullscreen(settings_.fullscreen);
}

void App::save_settings() {
    std::string message;
    if (!settings_.save(settings_path(), message)) {
        std::fprintf(stderr, "quickstep: %s\n", message.c_str());
        toast("Settings not saved: " + message, 5);
    }
}

int App::level_index_of(const std::string& name) const {
    for (std::size_t i = 0; i < levels_.size(); ++i) {
        if (levels_[i].name == name) return static_cast<int>(i);
    }
    return -1;
}

bool App::start_level(CheckedLevel checked) {
    if (!checked.level) return false;
    settle_canonical_rebuild();
    auto started = Clock::now();
    current_ = std::move(checked);
    level_index_ = level_index_of(current_.level->folder_name);
    if (level_index_ >= 0 && levels_[level_index_].path != current_.level->folder) level_index_ = -1;
    std::vector<std::string> tuning_problems;
    Tuning tuning = load_tuning(data_dir() / "assets/tuning.json", tuning_problems);
    for (const auto& problem : tuning_problems) std::fprintf(stderr, "quickstep: %s\n", problem.c_str());
    world_ = std::make_unique<World>(current_.level, tuning, current_.entities);
    const LevelData& level = *current_.level;
    std::fprintf(stderr, "level: %s %dx%d tiles, %zu rectangles, %zu entities, %.3f ms\n",
                 level.folder_name.c_str(), level.tiles.width, level.tiles.height, level.rects.size(),
                 world_->entities.size(), ms_since(started));
    if (screen_) view_.set_level(screen_->sdl(), level);
    if (Player* player = world_->player()) {
        camera_.snap(player->state.x, player->state.y,
                     world_->camera_bounds(player->state.x, player->state.y));
    }
    camera_prev_x_ = camera_.x;
    camera_prev_y_ = camera_.y;
    actions_.release_all();
    scene_ = Scene::playing;
    if (!options_.headless && watcher_.folder() != level.folder) {
        watcher_.reset(level.folder, SDL_GetTicks64() / 1000.0);
        reload_error_.clear();
    }
    return true;
}

void App::hot_reload() {
    if (!current_.level || !watcher_.poll(SDL_GetTicks64() / 1000.0)) return;
    settle_canonical_rebuild();
    CheckedLevel edited = check_level(current_.level->folder);
    if (!edited.level) {
        reload_error_ = edited.errors.empty() ? "the level cannot be loaded" : edited.errors.front();
        std::fprintf(stderr, "quickstep: hot reload kept the last good version: %s\n", reload_error_.c_str());
        return;
    }
    reload_error_.clear();
    // Keep the player where it was when that spot is still open, so an edit can be tried at once.
    std::optional<std::pair<double, double>> spot;
    if (Player* player = world_ ? world_->player() : nullptr)
        spot = std::make_pair(player->state.x, player->state.y);
    double keep_x = camera_.x, keep_y = camera_.y;
    if (!start_level(std::move(edited))) return;
    if (Player* player = world_->player(); player && spot) {
        const TileGrid& tiles = world_->level().tiles;
        bool inside =
            spot->first > 0 && spot->second > 0 && spot->first < tiles.width && spot->second < tiles.height;
        bool blocked = false;
        for (double dx : {-Player::half_width, Player::half_width}) {
            for (double dy : {-Player::half_height, Player::half_height}) {
                blocked = blocked || world_->solid_at(spot->first + dx, spot->second + dy);
            }
        }
        if (inside && !blocked) {
            WorldSnapshot moved = world_->capture();
            for (Entity& entity : moved.entities) {
                if (auto* p = std::get_if<Player>(&entity)) {
                    p->state.x = spot->first;
                    p->state.y = spot->second;
                }
            }
            world_->restore(moved);
            camera_.x = camera_prev_x_ = keep_x;
            camera_.y = camera_prev_y_ = keep_y;
        }
    }
    toast("Reloaded " + world_->level().name);
}

void App::restart_level() {
    if (!current_.level) return;
    CheckedLevel again = current_;
    start_level(std::move(again));
    toast("Restarted");
}

void App::next_level() {
    for (int i = level_index_ + 1; i < static_cast<int>(levels_.size()); ++i) {
        if (!levels_[i].ok) continue;
        CheckedLevel checked = check_level(levels_[i].path);
        if (start_level(std::move(checked))) return;
    }
    settle_canonical_rebuild();
    world_.reset();
    open_title();
    toast("You finished every level!", 5);
}

void App::toast(const std::string& text, double seconds) {
    toasts_.push_back({text, seconds});
}

void App::quicksave() {
    if (!world_) return;
    settle_canonical_rebuild();
    auto started = Clock::now();
    auto save = std::make_shared<SavedGame>();
    save->level = world_->level().folder_name;
    save->level_hash = world_->level().content_hash;
    save->tick = tick_;
    save->snapshot = world_->capture();
    // A later quickload continues from a freshly built Box2D world, so the game must continue from one
    // here too (same bodies in the same order, no contact cache): the same future either way. The rebuild
    // runs on a worker while this frame finishes and is adopted before the next tick.
    pending_rebuild_ = std::async(std::launch::async, [level = world_->level_ptr(), tuning = world_->tuning(),
                                                       terrain = world_->terrain(), save] {
        return std::make_unique<World>(level, tuning, terrain, save->snapshot);
    });
    int slot = saves_.keep(save, ms_since(started));
    toast("Quicksaved (slot " + std::to_string(slot) + ")");
    play("save");
}

void App::settle_canonical_rebuild() {
    if (!pending_rebuild_.valid()) return;
    std::unique_ptr<World> rebuilt = pending_rebuild_.get();
    if (world_) world_->adopt(std::move(*rebuilt));
}

void App::quickload(bool older) {
    std::optional<CheckedLevel> other_level;
    auto usable = [&](const SavedGame& save, std::string& error) {
        if (current_.level && save.level == current_.level->folder_name) {
            if (save.level_hash != current_.level->content_hash) {
                error = "made for an older version of level '" + save.level + "'";
                return false;
            }
            return true;
        }
        int index = level_index_of(save.level);
        if (index < 0) {
            error = "its level '" + save.level + "' is not installed";
            return false;
        }
        CheckedLevel checked = check_level(levels_[index].path);
        if (!checked.level) {
            error = "its level '" + save.level + "' is broken now";
            return false;
        }
        if (checked.level->content_hash != save.level_hash) {
            error = "made for an older version of level '" + save.level + "'";
            return false;
        }
        other_level = std::move(checked);
        return true;
    };
    settle_canonical_rebuild();
    QuickSaves::Found found = older ? saves_.older(usable) : saves_.newest(usable);
    for (const std::string& problem : found.problems) {
        std::fprintf(stderr, "quickstep: %s\n", problem.c_str());
        toast(problem, 5);
    }
    if (!found.save) {
        const char* message = older ? "No older quicksave" : "No quicksave to load yet - press F5 to save";
        std::fprintf(stderr, "quickstep: %s\n", message);
        toast(message);
        return;
    }
    if (other_level && (!current_.level || found.save->level != current_.level->folder_name)) {
        if (!start_level(std::move(*other_level))) return;
    }
    auto started = Clock::now();
    try {
        world_->restore(found.save->snapshot);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "quickstep: cannot restore the quicksave: %s\n", e.what());
        toast("Quickload failed");
        return;
    }
    std::fprintf(stderr, "quickload: %zu entities, %.3f ms\n", world_->entities.size(), ms_since(started));
    if (Player* player = world_->player()) {
        camera_.snap(player->state.x, player->state.y,
                     world_->camera_bounds(player->state.x, player->state.y));
        camera_prev_x_ = camera_.x;
        camera_prev_y_ = camera_.y;
    }
    scene_ = Scene::playing;
    toast(older ? "Loaded an older quicksave" : "Loaded");
    play("load");
}

void App::handle_world_events() {
    for (const WorldEvent& event : world_->take_events()) {
        switch (event.kind) {
            case WorldEvent::Kind::sound:
                play(event.text);
                break;
            case WorldEvent::Kind::toast:
                toast(event.text);
                break;
            case WorldEvent::Kind::respawned:
                if (Player* player = world_->player()) {
                    camera_.snap(player->state.x, player->state.y,
                                 world_->camera_bounds(player->state.x, player->state.y));
                }
                break;
            case WorldEvent::Kind::completed:
                if (options_.headless) {
                    std::printf("complete: %s tick %lld\n", world_->level().folder_name.c_str(),
                                static_cast<long long>(tick_));
                    std::fflush(stdout);
                    finished_ = true;
                } else {
                    open_results();
                }
                break;
        }
    }
}

void App::tick() {
    actions_.begin_tick();
    for (const auto& [action, down] : pending_input_) {
        if (down) {
            actions_.press(action);
            actions_.tap(action);
        } else {
            actions_.release(action);
        }
    }
    pending_input_.clear();
    if (script_) script_->apply(tick_, actions_);

    if (actions_.pressed(Action::quicksave)) quicksave();
    if (actions_.pressed(Action::quickload)) quickload(false);
    if (actions_.pressed(Action::quickload_older)) quickload(true);
    if (actions_.pressed(Action::restart)) restart_level();
    if (options_.frames && tick_ >= *options_.frames) {
        finished_ = true;
        return;
    }
    if (!world_) return;
    settle_canonical_rebuild();
    world_->step(actions_);
    ++tick_;
    if (options_.headless) {
        // No wall clock headless: presentation time (animations, toasts) follows the ticks.
        seconds_ += World::tick_seconds;
        for (Toast& t : toasts_) t.seconds_left -= World::tick_seconds;
        std::erase_if(toasts_, [](const Toast& t) { return t.seconds_left <= 0; });
    }
    if (Player* player = world_->player()) {
        camera_prev_x_ = camera_.x;
        camera_prev_y_ = camera_.y;
        camera_.follow(player->state.x, player->state.y, player->facing,
                       world_->camera_bounds(player->state.x, player->state.y), World::tick_seconds);
    }
    handle_world_events();
    if (!options_.frames && options_.headless) {
        std::int64_t last = script_ ? script_->last_tick() : -1;
        if (tick_ > std::max<std::int64_t>(last, 0) + headless_idle_ticks) finished_ = true;
    }
}

int App::run() {
    levels_ = discover_levels(level_dirs(options_.levels_dirs));
    if (options_.input) {
        script_.emplace();
        std::string error;
        if (!script_->load(*options_.input, error)) {
            std::fprintf(stderr, "quickstep: %s\n", error.c_str());
            return 2;
        }
    }

    // Which level: a path, a name, or (headless) the first good one; windowed without one: the title.
    std::optional<CheckedLevel> first;
    if (!options_.level.empty()) {
        std::error_code ec;
        fs::path as_path = options_.level;
        int index = level_index_of(options_.level);
        bool looks_like_path =
            options_.level.find('/') != std::string::npos || options_.level == "." || options_.level == "..";
        if (index >= 0 && !looks_like_path) {
            as_path = levels_[index].path;
        } else if (!fs::is_directory(as_path, ec)) {
            std::string known;
            for (const auto& listing : levels_) known += (known.empty() ? "" : ", ") + listing.name;
            std::fprintf(stderr, "quickstep: no level named '%s' (known levels: %s)\n",
                         options_.level.c_str(), known.c_str());
            return 2;
        }
        first = check_level(as_path);
        if (!first->level) {
            for (const auto& error : first->errors) std::fprintf(stderr, "%s\n", error.c_str());
            return 1;
        }
    } else if (options_.headless) {
        auto good = std::find_if(levels_.begin(), levels_.end(), [](const LevelListing& l) { return l.ok; });
        if (good == levels_.end()) {
            std::fprintf(stderr, "quickstep: no playable level found\n");
            return 1;
        }
        first = check_level(good->path);
    }

    bool need_screen = !options_.headless || options_.screenshot;
    if (need_screen && !open_presentation()) return 1;
    if (first) {
        if (!start_level(std::move(*first))) return 1;
    } else {
        open_title();
    }

    if (options_.headless) {
        while (!finished_) tick();
    } else {
        auto previous = Clock::now();
        double accumulator = 0;
        while (!finished_) {
            poll_events();
            if (scene_ == Scene::playing || scene_ == Scene::paused) hot_reload();
            for (const std::string& problem : saves_.take_write_errors()) toast(problem, 6);
            auto now = Clock::now();
            double elapsed = std::min(0.25, std::chrono::duration<double>(now - previous).count());
            previous = now;
            seconds_ += elapsed;
            for (Toast& t : toasts_) t.seconds_left -= elapsed;
            std::erase_if(toasts_, [](const Toast& t) { return t.seconds_left <= 0; });
            if (scene_ == Scene::playing && world_) {
                accumulator += elapsed;
                while (accumulator >= World::tick_seconds && !finished_ && scene_ == Scene::playing) {
                    tick();
                    accumulator -= World::tick_seconds;
                }
            } else {
                accumulator = 0;
                handle_menu_input();
                // Menus have no ticks; --frames there counts drawn frames so scripted runs still end.
                if (options_.frames && ++menu_frames_ > *options_.frames) finished_ = true;
            }
            render(std::clamp(accumulator / World::tick_seconds, 0.0, 1.0));
        }
    }

    settle_canonical_rebuild();
    saves_.flush();
    if (options_.dump_state && world_) {
        std::string text = dump_state(*world_, tick_).dump(2) + "\n";
        if (*options_.dump_state == "-") {
            std::fwrite(text.data(), 1, text.size(), stdout);
        } else {
            std::ofstream out(*options_.dump_state, std::ios::binary);
            out << text;
            if (!out) {
                std::fprintf(stderr, "quickstep: %s: cannot write the state dump\n",
                             options_.dump_state->c_str());
                exit_code_ = 1;
            }
        }
    }
    if (options_.screenshot && screen_) {
        if (options_.headless) {
            if (Player* player = world_ ? world_->player() : nullptr) {
                camera_.snap(player->state.x, player->state.y,
                             world_->camera_bounds(player->state.x, player->state.y));
                camera_prev_x_ = camera_.x;
                camera_prev_y_ = camera_.y;
            }
            render(1.0);
        }
        std::string error;
        if (!screen_->save_screenshot(*options_.screenshot, error)) {
            std::fprintf(stderr, "quickstep: %s: %s\n", options_.screenshot->c_str(), error.c_str());
            exit_code_ = 1;
        }
    }
    for (SDL_GameController* pad : pads_) SDL_GameControllerClose(pad);
    return exit_code_;
}

// ---- window: events, menus, drawing ----

int run_app(const AppOptions& options) {
    App app(options);
    return app.run();
}

}  // namespace qs
