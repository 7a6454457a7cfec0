// The window side of the App: SDL events (keyboard, gamepad hot-plug, focus), menus (title, level select,
// pause, options with rebinding, results), drawing the world, the HUD, sign bubbles and toasts.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "game/app/app_session.hpp"

namespace qs {

namespace fs = std::filesystem;

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
                // Only changes count, so a held stick moves a menu cursor once, like a key.
                for (auto [action, on] : {std::pair{negative, event.caxis.value < -dead_zone},
                                          std::pair{positive, event.caxis.value > dead_zone}}) {
                    bool& was_on = stick_held_[static_cast<std::size_t>(action)];
                    if (on != was_on) pending_input_.emplace_back(action, on);
                    was_on = on;
                }
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
    // Continue with the first level not finished yet (or from the start when all are).
    const LevelListing* next = nullptr;
    bool any_finished = false;
    for (const LevelListing& listing : levels_) {
        if (!listing.ok) continue;
        const LevelRecord* record = progress_.find(listing.name);
        any_finished = any_finished || (record && record->completed);
        if (!next && !(record && record->completed)) next = &listing;
    }
    if (!next) {
        auto first = std::find_if(levels_.begin(), levels_.end(), [](const LevelListing& l) { return l.ok; });
        if (first != levels_.end()) next = &*first;
    }
    std::string label = next && any_finished ? "Continue: " + next->title : "Play";
    fs::path path = next ? next->path : fs::path();
    menu_.items.push_back({label, "", next != nullptr, [this, path] {
                               if (!start_level(check_level(path))) toast("That level cannot be loaded");
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
    levels_ = discover_levels(level_dirs(options_.levels_dirs));
    for (const LevelListing& listing : levels_) {
        std::string label = listing.ok ? listing.title : listing.name + " (broken)";
        if (const LevelRecord* record = progress_.find(listing.name); record && record->completed) {
            label += "  * " + format_time(record->best_ticks) + "  " + std::to_string(record->best_coins) +
                     "/" + std::to_string(record->coins_total);
        }
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
    bool best = progress_.record(world_->level().folder_name, game.timer_ticks, game.coins, game.coins_total);
    std::string message;
    if (!progress_.save(progress_path(), message)) std::fprintf(stderr, "quickstep: %s\n", message.c_str());
    menu_.subtitle = "Coins " + std::to_string(game.coins) + "/" + std::to_string(game.coins_total) +
                     "   Time " + format_time(game.timer_ticks) + (best ? " (best!)" : "") + "   Deaths " +
                     std::to_string(game.deaths);
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

}  // namespace qs
