// The program's main loop: level start, ticks with scripted or live input, quicksave/quickload, menus,
// HUD and drawing. Headless runs step as fast as possible; windowed runs at 60 Hz with interpolation.
#include "game/app.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <future>
#include <iostream>
#include <memory>

#include "engine/audio.hpp"
#include "engine/bitmap_font.hpp"
#include "engine/camera.hpp"
#include "engine/file_watch.hpp"
#include "engine/input.hpp"
#include "engine/json_file.hpp"
#include "engine/render.hpp"
#include "game/field_json.hpp"
#include "game/level_catalog.hpp"
#include "game/menu.hpp"
#include "game/quicksaves.hpp"
#include "game/settings.hpp"
#include "game/sprite_sheet.hpp"
#include "game/state_dump.hpp"
#include "game/world.hpp"
#include "game/world_view.hpp"

namespace qs {

namespace fs = std::filesystem;

std::vector<fs::path> level_dirs(const AppOptions& options) {
    std::vector<fs::path> dirs{data_dir() / "levels", user_data_dir() / "levels"};
    dirs.insert(dirs.end(), options.levels_dirs.begin(), options.levels_dirs.end());
    return dirs;
}

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

/// Headless runs without --frames stop this many ticks after the script's last command.
constexpr std::int64_t headless_idle_ticks = 600;

std::string format_time(std::int64_t ticks) {
    std::int64_t seconds = ticks / 60;
    char text[32];
    std::snprintf(text, sizeof text, "%lld:%02lld.%01lld", static_cast<long long>(seconds / 60),
                  static_cast<long long>(seconds % 60), static_cast<long long>((ticks % 60) / 6));
    return text;
}

}  // namespace

class App {
   public:
    explicit App(const AppOptions& options)
        : options_(options),
          saves_(options.save_dir.value_or(user_data_dir() / "saves")),
          settings_(Settings::defaults()) {}

    int run();

   private:
    enum class Scene { title, level_select, playing, paused, options, results };

    // setup and levels
    bool open_presentation();
    bool start_level(CheckedLevel checked);
    int level_index_of(const std::string& name) const;
    void restart_level();
    void next_level();

    // ticks
    void tick();
    void quicksave();
    void quickload(bool older);
    void handle_world_events();

    // window
    void poll_events();
    void handle_menu_input();
    void render(double alpha);
    void draw_hud(double camera_x, double camera_y);
    void toast(const std::string& text, double seconds = 2.5);
    void play(const std::string& sound) {
        if (audio_) audio_->play(sound);
    }
    void open_title();
    void open_level_select();
    void open_pause();
    void open_options(Scene back_to);
    void open_results();
    void apply_settings();
    void save_settings();
    void hot_reload();
    void settle_canonical_rebuild();

    AppOptions options_;
    QuickSaves saves_;
    Settings settings_;
    std::vector<LevelListing> levels_;
    int level_index_ = -1;  ///< into levels_, or -1 for a level given by path
    CheckedLevel current_;
    std::unique_ptr<World> world_;
    std::future<std::unique_ptr<World>> pending_rebuild_;  ///< the canonical rebuild after a quicksave
    std::optional<InputScript> script_;
    ActionState actions_;
    std::vector<std::pair<Action, bool>> pending_input_;
    std::int64_t tick_ = 0;
    bool finished_ = false;
    int exit_code_ = 0;

    // presentation
    std::unique_ptr<Screen> screen_;
    std::unique_ptr<Audio> audio_;
    SpriteSheet sheet_;
    BitmapFont font_;
    WorldView view_;
    Camera camera_;
    double camera_prev_x_ = 0, camera_prev_y_ = 0;
    struct Toast {
        std::string text;
        double seconds_left;
    };
    std::vector<Toast> toasts_;
    Scene scene_ = Scene::playing;
    Menu menu_;
    Scene options_back_ = Scene::title;
    int rebinding_ = -1;  ///< action index waiting for a key, or -1
    double seconds_ = 0;  ///< wall time for animations
    std::int64_t menu_frames_ = 0;
    FolderWatcher watcher_;     ///< the current level's files, for hot reload
    std::string reload_error_;  ///< shown on screen until the level's files load again  ///< frames drawn
                                ///< outside play (for --frames on the title screen)
    std::vector<SDL_GameController*> pads_;
};

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
    levels_ = discover_levels(level_dirs(options_));
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

void App::poll_events() {
    SDL_Event event;
    while (SDL_PollEvent(&event)) {
        switch (event.type) {
            case SDL_QUIT:
                finished_ = true;
                break;
            case SDL_WINDOWEVENT:
                if (event.window.event == SDL_WINDOWEVENT_FOCUS_LOST && scene_ == Scene::playing)
                    open_pause();
                break;
            case SDL_CONTROLLERDEVICEADDED:
                if (SDL_GameController* pad = SDL_GameControllerOpen(event.cdevice.which)) {
                    pads_.push_back(pad);
                    toast(std::string("Gamepad connected: ") +
                          (SDL_GameControllerName(pad) ? SDL_GameControllerName(pad) : "?"));
                }
                break;
            case SDL_CONTROLLERDEVICEREMOVED:
                for (auto it = pads_.begin(); it != pads_.end(); ++it) {
                    if (SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(*it)) == event.cdevice.which) {
                        SDL_GameControllerClose(*it);
                        pads_.erase(it);
                        toast("Gamepad disconnected");
                        if (scene_ == Scene::playing) open_pause();
                        break;
                    }
                }
                break;
            case SDL_KEYDOWN:
            case SDL_KEYUP: {
                if (event.key.repeat) break;
                bool down = event.type == SDL_KEYDOWN;
                if (down && rebinding_ >= 0) {
                    if (event.key.keysym.scancode != SDL_SCANCODE_ESCAPE) {
                        settings_.keys[rebinding_] = {event.key.keysym.scancode};
                        save_settings();
                    }
                    rebinding_ = -1;
                    open_options(options_back_);
                    break;
                }
                for (std::size_t a = 0; a < action_count; ++a) {
                    const auto& keys = settings_.keys[a];
                    if (std::find(keys.begin(), keys.end(), event.key.keysym.scancode) != keys.end()) {
                        pending_input_.emplace_back(static_cast<Action>(a), down);
                    }
                }
                break;
            }
            case SDL_CONTROLLERBUTTONDOWN:
            case SDL_CONTROLLERBUTTONUP: {
                bool down = event.type == SDL_CONTROLLERBUTTONDOWN;
                auto button = static_cast<SDL_GameControllerButton>(event.cbutton.button);
                if (down && rebinding_ >= 0) {
                    if (button != SDL_CONTROLLER_BUTTON_B) {
                        settings_.buttons[rebinding_] = {button};
                        save_settings();
                    }
                    rebinding_ = -1;
                    open_options(options_back_);
                    break;
                }
                for (std::size_t a = 0; a < action_count; ++a) {
                    const auto& buttons = settings_.buttons[a];
                    if (std::find(buttons.begin(), buttons.end(), button) != buttons.end()) {
                        pending_input_.emplace_back(static_cast<Action>(a), down);
                    }
                }
                break;
            }
            case SDL_CONTROLLERAXISMOTION: {
                if (event.caxis.axis != SDL_CONTROLLER_AXIS_LEFTX &&
                    event.caxis.axis != SDL_CONTROLLER_AXIS_LEFTY)
                    break;
                bool horizontal = event.caxis.axis == SDL_CONTROLLER_AXIS_LEFTX;
                constexpr int dead_zone = 12000;
                Action negative = horizontal ? Action::left : Action::up;
                Action positive = horizontal ? Action::right : Action::down;
                pending_input_.emplace_back(negative, event.caxis.value < -dead_zone);
                pending_input_.emplace_back(positive, event.caxis.value > dead_zone);
                break;
            }
            default:
                break;
        }
    }
    // Global actions that work in every scene.
    for (const auto& [action, down] : pending_input_) {
        if (down && action == Action::screenshot && screen_) {
            render(1.0);
            std::error_code ec;
            fs::path dir = user_data_dir() / "screenshots";
            fs::create_directories(dir, ec);
            int n = 1;
            while (fs::exists(dir / ("quickstep-" + std::to_string(n) + ".png"), ec)) ++n;
            fs::path file = dir / ("quickstep-" + std::to_string(n) + ".png");
            std::string error;
            if (screen_->save_screenshot(file, error)) {
                toast("Screenshot: " + file.filename().string());
            } else {
                toast("Screenshot failed: " + error, 5);
            }
        }
        if (down && action == Action::fullscreen && screen_) {
            screen_->toggle_fullscreen();
            settings_.fullscreen = screen_->fullscreen();
            save_settings();
        }
        if (down && action == Action::pause && scene_ == Scene::playing) {
            open_pause();
            pending_input_.clear();
            break;
        }
    }
}

void App::handle_menu_input() {
    std::vector<std::pair<Action, bool>> input = std::exchange(pending_input_, {});
    for (const auto& [action, down] : input) {
        if (!down) continue;
        switch (action) {
            case Action::up:
                menu_.move(-1);
                play("menu_move");
                break;
            case Action::down:
                menu_.move(1);
                play("menu_move");
                break;
            case Action::left:
                menu_.adjust(-1);
                break;
            case Action::right:
                menu_.adjust(1);
                break;
            case Action::confirm:
            case Action::jump:
                if (menu_.confirm()) play("menu_select");
                return;  // the menu may have changed
            case Action::back:
            case Action::pause:
                if (scene_ == Scene::paused) {
                    scene_ = Scene::playing;
                } else if (scene_ == Scene::options) {
                    options_back_ == Scene::paused ? open_pause() : open_title();
                } else if (scene_ == Scene::level_select) {
                    world_ ? open_pause() : open_title();
                } else if (scene_ == Scene::title && action == Action::back) {
                    finished_ = true;
                }
                return;
            default:
                break;
        }
    }
}

void App::open_title() {
    scene_ = Scene::title;
    menu_ = Menu{};
    menu_.title = "QUICKSTEP";
    menu_.subtitle = "F5 quicksave - F9 quickload - F8 older save";
    auto first_good =
        std::find_if(levels_.begin(), levels_.end(), [](const LevelListing& l) { return l.ok; });
    menu_.items.push_back({"Play", "", first_good != levels_.end(), [this, first_good] {
                               if (!start_level(check_level(first_good->path)))
                                   toast("That level cannot be loaded");
                           }});
    menu_.items.push_back({"Level select", "", true, [this] { open_level_select(); }});
    menu_.items.push_back({"Options", "", true, [this] { open_options(Scene::title); }});
    menu_.items.push_back({"Quit", "", true, [this] { finished_ = true; }});
}

void App::open_level_select() {
    scene_ = Scene::level_select;
    menu_ = Menu{};
    menu_.title = "LEVEL SELECT";
    menu_.subtitle = "Drop your own level folders into " + (user_data_dir() / "levels").string();
    levels_ = discover_levels(level_dirs(options_));
    for (const LevelListing& listing : levels_) {
        std::string label = listing.ok ? listing.title : listing.name + " (broken)";
        std::string detail = listing.ok ? listing.path.string() : listing.reason;
        fs::path path = listing.path;
        menu_.items.push_back({label, detail, listing.ok, [this, path] {
                                   CheckedLevel checked = check_level(path);
                                   if (!start_level(std::move(checked))) toast("That level cannot be loaded");
                               }});
    }
    menu_.items.push_back({"Back", "", true, [this] { world_ ? open_pause() : open_title(); }});
}

void App::open_pause() {
    scene_ = Scene::paused;
    menu_ = Menu{};
    menu_.title = "PAUSED";
    menu_.subtitle = current_.level ? current_.level->name : "";
    menu_.items.push_back({"Resume", "", true, [this] { scene_ = Scene::playing; }});
    menu_.items.push_back({"Restart level", "", true, [this] { restart_level(); }});
    menu_.items.push_back({"Level select", "", true, [this] { open_level_select(); }});
    menu_.items.push_back({"Options", "", true, [this] { open_options(Scene::paused); }});
    menu_.items.push_back({"Quit to title", "", true, [this] {
                               settle_canonical_rebuild();
                               world_.reset();
                               open_title();
                           }});
}

void App::open_options(Scene back_to) {
    options_back_ = back_to;
    int cursor = scene_ == Scene::options ? menu_.cursor : 0;
    scene_ = Scene::options;
    menu_ = Menu{};
    menu_.title = "OPTIONS";
    menu_.subtitle = "Left/right to change, confirm to rebind a key";
    menu_.items.push_back(
        {"Volume: " + std::to_string(settings_.volume) + "%", "", true, nullptr, [this](int d) {
             settings_.volume = std::clamp(settings_.volume + d * 10, 0, 100);
             apply_settings();
             save_settings();
             play("menu_move");
             open_options(options_back_);
         }});
    menu_.items.push_back({std::string("Fullscreen: ") + (settings_.fullscreen ? "on" : "off"), "", true,
                           [this] {
                               settings_.fullscreen = !settings_.fullscreen;
                               apply_settings();
                               save_settings();
                               open_options(options_back_);
                           },
                           [this](int) {
                               settings_.fullscreen = !settings_.fullscreen;
                               apply_settings();
                               save_settings();
                               open_options(options_back_);
                           }});
    for (Action action : {Action::left, Action::right, Action::up, Action::down, Action::jump,
                          Action::quicksave, Action::quickload, Action::quickload_older, Action::restart}) {
        std::size_t a = static_cast<std::size_t>(action);
        menu_.items.push_back(
            {std::string(action_name(action)) + ": " + settings_.describe_keys(action) +
                 "  [pad: " + settings_.describe_buttons(action) + "]",
             "Confirm, then press the new key or gamepad button (Esc / B keeps the old one)", true,
             [this, a] {
                 rebinding_ = static_cast<int>(a);
                 menu_.subtitle =
                     "Press a key or button for " + std::string(action_name(static_cast<Action>(a)));
             }});
    }
    menu_.items.push_back({"Reset to defaults", "", true, [this] {
                               settings_ = Settings::defaults();
                               apply_settings();
                               save_settings();
                               open_options(options_back_);
                           }});
    menu_.items.push_back(
        {"Back", "", true, [this] { options_back_ == Scene::paused ? open_pause() : open_title(); }});
    menu_.cursor = std::min(cursor, static_cast<int>(menu_.items.size()) - 1);
}

void App::open_results() {
    scene_ = Scene::results;
    menu_ = Menu{};
    menu_.title = "LEVEL COMPLETE";
    const GameState& game = world_->game;
    menu_.subtitle = "Coins " + std::to_string(game.coins) + "/" + std::to_string(game.coins_total) +
                     "   Time " + format_time(game.timer_ticks) + "   Deaths " + std::to_string(game.deaths);
    menu_.items.push_back({"Next level", "", true, [this] { next_level(); }});
    menu_.items.push_back({"Play again", "", true, [this] { restart_level(); }});
    menu_.items.push_back({"Level select", "", true, [this] { open_level_select(); }});
}

void App::render(double alpha) {
    if (!screen_) return;
    SDL_Renderer* r = screen_->sdl();
    screen_->begin_frame({24, 28, 48, 255});
    if (world_) {
        double cx = camera_prev_x_ + (camera_.x - camera_prev_x_) * alpha;
        double cy = camera_prev_y_ + (camera_.y - camera_prev_y_) * alpha;
        view_.draw(r, sheet_, *world_, cx, cy, screen_->canvas_width(), screen_->canvas_height(),
                   scene_ == Scene::playing ? alpha : 1.0, seconds_);
        draw_hud(cx, cy);
    }
    if (!world_) {
        // Title and menus without a level: the sky, the hills and the hero.
        int w = screen_->canvas_width(), h = screen_->canvas_height();
        WorldView::draw_backdrop(r, sheet_, static_cast<int>(seconds_ * 12), 0, w, h);
        for (int x = 0; x < w; x += 16) {
            sheet_.draw(r, "tile_ground_top", 0, x, h - 32, 16, 16);
            sheet_.draw(r, "tile_ground", 0, x, h - 16, 16, 16);
        }
        sheet_.draw(r, "player_run", seconds_, w / 2 - 16, h - 64, 32, 32);
        for (int i = 0; i < 5; ++i)
            sheet_.draw(r, "coin", seconds_ + i * 0.1, w / 2 + 40 + i * 22, h - 70, 16, 16);
    }
    if (scene_ != Scene::playing)
        menu_.draw(r, font_, screen_->canvas_width(), screen_->canvas_height(), true);
    if (!reload_error_.empty()) {
        std::string text = "Level not reloaded: " + reload_error_;
        int max_chars = std::max(10, (screen_->canvas_width() - 12) / std::max(1, font_.text_width("M")));
        SDL_Rect bar{0, 24, screen_->canvas_width(), font_.line_height() * 3 + 6};
        SDL_SetRenderDrawColor(r, 120, 20, 20, 220);
        SDL_RenderFillRect(r, &bar);
        for (int line = 0; line < 3 && static_cast<std::size_t>(line * max_chars) < text.size(); ++line) {
            font_.draw(r, 6, 27 + line * font_.line_height(), text.substr(line * max_chars, max_chars),
                       {255, 236, 220, 255});
        }
    }
    // Toasts, newest at the bottom.
    int y = screen_->canvas_height() - 14;
    for (auto it = toasts_.rbegin(); it != toasts_.rend() && y > 40; ++it) {
        int w = font_.text_width(it->text) + 8;
        SDL_Rect box{(screen_->canvas_width() - w) / 2, y - 2, w, font_.line_height() + 4};
        SDL_SetRenderDrawColor(r, 0, 0, 0, 170);
        SDL_RenderFillRect(r, &box);
        font_.draw(r, box.x + 4, y, it->text, {255, 255, 255, 255});
        y -= font_.line_height() + 6;
    }
    if (!options_.headless) screen_->end_frame();
}

void App::draw_hud(double camera_x, double camera_y) {
    SDL_Renderer* r = screen_->sdl();
    const GameState& game = world_->game;
    const Player* player = world_->player();
    // A sign near the player shows its text in a bubble above it.
    if (player) {
        for (const Entity& entity : world_->entities) {
            const auto* sign = std::get_if<Sign>(&entity);
            if (!sign || std::abs(sign->state.x - player->state.x) > Sign::read_distance ||
                std::abs(sign->state.y - player->state.y) > Sign::read_distance) {
                continue;
            }
            int w = font_.text_width(sign->text) + 10;
            int h = font_.line_height() *
                        (1 + static_cast<int>(std::count(sign->text.begin(), sign->text.end(), '\n'))) +
                    8;
            int sx =
                static_cast<int>(std::lround((sign->state.x - camera_x) * 16)) + screen_->canvas_width() / 2;
            int sy = static_cast<int>(std::lround((sign->state.y - 0.6 - camera_y) * 16)) +
                     screen_->canvas_height() / 2;
            SDL_Rect box{std::clamp(sx - w / 2, 2, screen_->canvas_width() - w - 2), std::max(22, sy - h - 4),
                         w, h};
            SDL_SetRenderDrawColor(r, 250, 244, 220, 235);
            SDL_RenderFillRect(r, &box);
            SDL_SetRenderDrawColor(r, 90, 60, 40, 255);
            SDL_RenderDrawRect(r, &box);
            font_.draw(r, box.x + 5, box.y + 4, sign->text, {60, 40, 30, 255});
            break;
        }
    }
    // HUD text gets a dark drop shadow so it reads over bright skies and clouds.
    auto text = [&](int tx, int ty, const std::string& t, SDL_Color color) {
        font_.draw(r, tx + 1, ty + 1, t, {20, 24, 40, 200});
        font_.draw(r, tx, ty, t, color);
    };
    int x = 6;
    if (player) {
        for (int i = 0; i < player->max_health; ++i) {
            sheet_.draw(r, "heart", 0, x, 4, 16, 16, false, i < player->health ? 255 : 60);
            x += 14;
        }
    }
    text(x + 4, 8, "x" + std::to_string(game.lives), {255, 255, 255, 255});
    x += 30;
    sheet_.draw(r, "coin_small", 0, x, 4, 16, 16);
    text(x + 17, 8, std::to_string(game.coins) + "/" + std::to_string(game.coins_total),
         {255, 230, 120, 255});
    std::string right = world_->level().name + "  " + format_time(game.timer_ticks);
    text(screen_->canvas_width() - font_.text_width(right) - 6, 8, right, {255, 255, 255, 255});
}

int run_app(const AppOptions& options) {
    App app(options);
    return app.run();
}

}  // namespace qs
