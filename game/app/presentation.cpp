// The presentation: opening the window and assets, the camera, drawing the world, HUD, menus, the
// hot-reload banner and toasts, and sound effects.
#include "game/app/presentation.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "engine/text_layout.hpp"
#include "game/app/level_thumbnails.hpp"
#include "game/app/paths.hpp"
#include "game/view/hud.hpp"

namespace qs {

namespace fs = std::filesystem;

bool Presentation::open(bool headless, bool vsync) {
    headless_ = headless;
    screen_ = std::make_unique<Screen>();
    Screen::Options screen_options;
    screen_options.headless = headless;
    screen_options.vsync = vsync;
    screen_options.title = "Quickstep";
    std::string error;
    if (!screen_->open(screen_options, error)) {
        std::fprintf(stderr, "quickstep: %s\n", error.c_str());
        screen_.reset();
        return false;
    }
    fs::path assets = data_dir() / "assets";
    if (!sheet_.load(screen_->sdl(), assets / "sprites/sheet.png", assets / "sprites/sheet.json", error)) {
        std::fprintf(stderr, "quickstep: %s\n", error.c_str());
    }
    if (!font_.load(screen_->sdl(), assets / "font/font.png", assets / "font/font.json", error)) {
        std::fprintf(stderr, "quickstep: %s\n", error.c_str());
    }
    return true;
}

void Presentation::open_audio() {
    audio_ = std::make_unique<Audio>(true);
    fs::path sounds = data_dir() / "assets" / "sounds";
    for (std::string_view sound : sound_names) {
        audio_->load(std::string(sound), sounds / (std::string(sound) + ".wav"));
    }
    // Sounds of the presentation alone, not of the world: the loop under a held rewind.
    for (std::string_view sound : {"rewind_loop"}) {
        audio_->load(std::string(sound), sounds / (std::string(sound) + ".wav"));
    }
}

void Presentation::set_skin(const Skin& skin) {
    if (!screen_) return;
    const Skin& sheet = skins.front();  // the colours the sprite sheet is drawn in
    sheet_.set_skin(screen_->sdl(), {{sheet.fur, skin.fur}, {sheet.fur_shade, skin.fur_shade}});
}

void Presentation::set_volume(int percent) {
    if (audio_) audio_->set_volume(percent);
}

void Presentation::set_music_volume(int percent) {
    if (audio_) audio_->set_music_volume(percent);
}

void Presentation::set_music(const std::string& track, bool ducked) {
    if (!audio_) return;
    audio_->duck_music(ducked ? 35 : 100);
    if (track.empty()) {
        if (!audio_->music_file().empty()) audio_->stop_music();
        return;
    }
    const fs::path file = data_dir() / "assets" / "music" / (track + ".ogg");
    if (file == audio_->music_file()) return;
    if (!audio_->play_music(file, 600)) std::fprintf(stderr, "quickstep: %s\n", audio_->error().c_str());
}

void Presentation::set_fullscreen(bool on) {
    if (screen_ && screen_->fullscreen() != on) screen_->set_fullscreen(on);
}

bool Presentation::toggle_fullscreen() {
    if (!screen_) return false;
    screen_->toggle_fullscreen();
    return screen_->fullscreen();
}

void Presentation::toast(const std::string& text, double seconds, bool with_paths) {
    std::erase_if(toasts_, [&](const Toast& t) { return t.text == text; });
    toasts_.push_back({text, seconds, with_paths});
}

void Presentation::advance(double seconds) {
    seconds_ += seconds;
    fade_left_ = std::max(0.0, fade_left_ - seconds);
    if (audio_) audio_->update();
    for (Toast& t : toasts_) t.seconds_left -= seconds;
    std::erase_if(toasts_, [](const Toast& t) { return t.seconds_left <= 0; });
}

void Presentation::show_level(World& world) {
    particles_.clear();
    squash_.reset();
    shake_left_ = 0;
    if (screen_) view_.set_level(screen_->sdl(), world.level());
    snap_camera(world);
    camera_prev_x_ = camera_.x;
    camera_prev_y_ = camera_.y;
}

void Presentation::fit_view() {
    if (!screen_) return;
    screen_->refit();
    camera_.view_width = screen_->canvas_width() / 16.0;
    camera_.view_height = screen_->canvas_height() / 16.0;
}

void Presentation::set_fill(bool fill) {
    if (screen_) screen_->set_fill(fill);
    fit_view();
}

void Presentation::snap_camera(World& world) {
    fit_view();
    squash_.reset();  // a respawn or a load: the player neither jumped nor landed
    if (Player* player = world.player()) {
        camera_.snap(player->state.x, player->state.y, world.camera_bounds(player->state.x, player->state.y),
                     player->facing, player->state.vx);
        camera_prev_x_ = camera_.x;
        camera_prev_y_ = camera_.y;
    }
}

void Presentation::react_to_sound(const std::string& sound, World& world) {
    const Player* player = world.player();
    if (!player) return;
    const double x = player->state.x, y = player->state.y, feet = y + Player::half_height;
    const auto shake = [this](double strength, double seconds) {
        if (!shake_enabled_) return;
        shake_strength_ = std::max(shake_strength_ * (shake_left_ / std::max(shake_length_, 1e-6)), strength);
        shake_left_ = shake_length_ = seconds;
    };
    if (sound == "coin") {
        particles_.emit(Particles::Kind::sparkle, x, y - 0.2);
    } else if (sound == "stomp") {
        particles_.emit(Particles::Kind::dust, x, feet);
    } else if (sound == "hurt") {
        particles_.emit(Particles::Kind::hurt, x, y);
        shake(0.15, 0.25);
    } else if (sound == "death") {
        particles_.emit(Particles::Kind::death, x, y);
        shake(0.3, 0.45);
    }
}

void Presentation::follow_camera(World& world) {
    fit_view();
    particles_.step(World::tick_seconds);
    shake_left_ = std::max(0.0, shake_left_ - World::tick_seconds);
    if (Player* player = world.player()) {
        const double feet = player->state.y + Player::half_height;
        if (player->grounded && !player_was_grounded_ && player_last_vy_ > 6)
            particles_.emit(Particles::Kind::dust, player->state.x, feet);  // a landing
        run_dust_ticks_ = player->grounded && std::abs(player->state.vx) > 5 ? run_dust_ticks_ + 1 : 0;
        if (run_dust_ticks_ >= 12) {
            run_dust_ticks_ = 0;
            particles_.emit(Particles::Kind::dust, player->state.x - 0.3 * (player->state.vx > 0 ? 1 : -1),
                            feet);
        }
        squash_.update(player->grounded, player->state.vy);
        player_was_grounded_ = player->grounded;
        player_last_vy_ = player->state.vy;
        camera_prev_x_ = camera_.x;
        camera_prev_y_ = camera_.y;
        camera_.follow(player->state.x, player->state.y, player->facing,
                       world.camera_bounds(player->state.x, player->state.y), World::tick_seconds);
    }
}

void Presentation::place_camera(double x, double y) {
    camera_.x = camera_prev_x_ = x;
    camera_.y = camera_prev_y_ = y;
}

void Presentation::render(const Frame& frame) {
    if (!screen_) return;
    SDL_Renderer* r = screen_->sdl();
    screen_->begin_frame({24, 28, 48, 255});  // sizes the canvas to the window
    const int w = screen_->canvas_width(), h = screen_->canvas_height();
    int toasts_top = 26, toasts_bottom = h - 4;  // messages below the HUD, above the bottom edge
    SDL_Rect avoid{-100, -100, 0, 0};            // what they must not cover
    if (frame.world) {
        double cx = camera_prev_x_ + (camera_.x - camera_prev_x_) * frame.alpha;
        double cy = camera_prev_y_ + (camera_.y - camera_prev_y_) * frame.alpha;
        if (shake_left_ > 0 && shake_length_ > 0) {
            // A short decaying wobble of the camera alone (never the world).
            const double strength = shake_strength_ * shake_left_ / shake_length_;
            cx += strength * std::sin(seconds_ * 83.0);
            cy += strength * std::cos(seconds_ * 61.0);
        }
        view_.draw(r, sheet_, *frame.world, cx, cy, w, h, frame.playing ? frame.alpha : 1.0, seconds_,
                   squash_.amount());
        particles_.draw(r, cx, cy, w, h);
        if (frame.ghost) {
            // Standing on the bottom of the player's box, like the player sprite, and see-through.
            int gx = static_cast<int>(std::lround((frame.ghost->x - cx) * 16)) + w / 2 - 8;
            int gy =
                static_cast<int>(std::lround((frame.ghost->y + Player::half_height - cy) * 16)) + h / 2 - 16;
            sheet_.draw(r, Sprite::player_idle, seconds_, gx, gy, 16, 16, frame.ghost->facing_left, 90);
        }
        if (fade_left_ > 0 &&
            fade_length_ > 0) {  // the world under a black veil easing away; the HUD over it
            const double veil = fade_left_ / fade_length_;
            SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
            SDL_SetRenderDrawColor(r, 0, 0, 0, static_cast<Uint8>(std::lround(255 * veil * veil)));
            const SDL_Rect all{0, 0, w, h};
            SDL_RenderFillRect(r, &all);
        }
        if (frame.rewind_seconds_left >= 0) draw_rewind_marker(frame.rewind_seconds_left);
        if (frame.replay_speed > 0)
            draw_banner("REPLAY " + std::to_string(frame.replay_speed) +
                        "x   (left/right: speed, Esc: pause)");
        if (frame.rewind_seconds_left >= 0 || frame.replay_speed > 0)
            toasts_top = 28 + font_.line_height(2) + 8 + 4;  // under the banner
        const std::string tag = frame.practice           ? "PRACTICE - no records"
                                : !frame.assists.empty() ? "ASSIST (" + frame.assists + ") - no records"
                                                         : "";
        draw_hud(r, font_, sheet_, *frame.world, cx, cy, w, h, tag, frame.timer ? &*frame.timer : nullptr);
        if (frame.held) draw_input_display(r, font_, *frame.held, h);
        draw_split_list(r, font_, frame.split_list, 24);
        if (const Player* player = frame.world->player()) {
            // The player's sprite (16x16 standing on the bottom of its box) and a margin around it.
            const int px = static_cast<int>(std::lround((player->state.x - cx) * 16)) + w / 2;
            const int py =
                static_cast<int>(std::lround((player->state.y + Player::half_height - cy) * 16)) + h / 2;
            avoid = SDL_Rect{px - 16, py - 28, 32, 32};
        }
    } else {
        draw_title_backdrop();
    }
    if (frame.menu) {
        // Over a level the menu dims it well back; over the title's sky and hills only a little, so the
        // title screen stays bright and the panels carry the text.
        frame.menu->draw(r, font_, w, h, frame.world ? 190 : 64);
        if (frame.menu->previews) {
            // The column right of the list: the thumbnail in its upper part, the highlighted item's card
            // under it (at the top when there is no thumbnail, as for a locked level).
            const SDL_Rect area = frame.menu->preview_area(font_, w, h);
            int card_top = area.y;
            if (frame.thumbnail) {
                const SDL_Rect upper{area.x, area.y, area.w, area.h * 3 / 5};
                const int bottom = draw_thumbnail(*frame.thumbnail, upper);
                if (bottom > area.y) card_top = bottom + 6;
            }
            frame.menu->draw_card(r, font_, {area.x - 3, card_top, area.w + 6, area.y + area.h - card_top});
        }
        toasts_bottom = frame.menu->messages_bottom(font_, w, h);
        // Over a menu the messages stack up from above its footer, clear of the title and the items' panel.
        avoid = SDL_Rect{0, 0, w, toasts_top + 1};
    }
    if (!frame.reload_error.empty()) {
        draw_reload_banner(frame.reload_error);
        toasts_top = std::max(toasts_top, 24 + 3 * font_.line_height() + 6 + 4);
    }
    draw_toasts(toasts_top, toasts_bottom, avoid);
    if (frame.debug) draw_debug_overlay(r, font_, *frame.debug, frame.debug_figures, w, h);
    present_ms_ = 0;
    if (!headless_) {
        const auto presenting = std::chrono::steady_clock::now();
        screen_->end_frame();
        present_ms_ =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - presenting).count();
    }
}

void Presentation::draw_title_backdrop() {
    // Title and menus without a level: a day level's picture, drawn live (the sky, far and near hills
    // rolling by slowly, clouds drifting, in the colours and the 2-pixel grain of the day levels'
    // pictures), the ground, and the hero running on it.
    SDL_Renderer* r = screen_->sdl();
    const int w = screen_->canvas_width(), h = screen_->canvas_height();
    WorldView::draw_backdrop(r, sheet_, static_cast<int>(seconds_ * 12), 0, w, h);
    constexpr int grain = 2, tile = 16;
    const int ground = h - 32;
    const auto snap = [](double y) { return static_cast<int>(std::floor(y / grain)) * grain; };
    const auto fill = [r](int x, int y, int width, int height, SDL_Color c) {
        SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
        const SDL_Rect rect{x, y, width, height};
        SDL_RenderFillRect(r, &rect);
    };
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    constexpr SDL_Color far{180, 211, 236, 255}, near{163, 207, 166, 255}, near_edge{147, 193, 150, 255};
    for (int x = 0; x < w; x += grain) {
        const double t_far = (x + seconds_ * 4) / tile, t_near = (x + seconds_ * 10) / tile;
        const int far_top = snap(
            ground - tile * (3.6 + 1.6 * std::sin(t_far / 9.0 + 1.0) + 0.8 * std::sin(t_far / 3.7 + 2.0)));
        fill(x, far_top, grain, ground - far_top, far);
        const int near_top =
            snap(ground - tile * (1.6 + 0.9 * std::sin(t_near / 6.0 + 2.0) + 0.4 * std::sin(t_near / 2.3)));
        fill(x, near_top, grain, ground - near_top, near);
        fill(x, near_top, grain, 2 * grain, near_edge);
    }
    // Clouds: an ellipse with a puff on its upper left, the lower part shaded, drifting right and
    // coming back in on the left; between the menu's panel and the hills.
    constexpr SDL_Color cloud{255, 255, 255, 200}, shade{230, 239, 250, 224};
    constexpr struct {
        double x, y, rw, rh;
    } clouds[] = {{0.08, 0.50, 52, 14}, {0.38, 0.62, 36, 11}, {0.62, 0.46, 64, 17}, {0.90, 0.58, 42, 12}};
    const double span = w + 240.0;
    for (const auto& c : clouds) {
        const double cx = std::fmod(c.x * span + seconds_ * 5, span) - 120, cy = c.y * h;
        for (double py = snap(cy - c.rh * 2); py <= cy + c.rh; py += grain) {
            for (double px = snap(cx - c.rw * 1.3); px <= cx + c.rw * 1.3; px += grain) {
                const double ex = (px - cx) / c.rw, ey = (py - cy) / c.rh;
                const double pfx = (px - cx + c.rw * 0.3) / (c.rw * 0.55),
                             pfy = (py - cy + c.rh * 0.9) / (c.rh * 1.1);
                if (ex * ex + ey * ey > 1 && pfx * pfx + pfy * pfy > 1) continue;
                fill(static_cast<int>(px), static_cast<int>(py), grain, grain,
                     py > cy + c.rh * 0.45 ? shade : cloud);
            }
        }
    }
    for (int x = 0; x < w; x += tile) {
        sheet_.draw(r, Sprite::tile_ground_top, 0, x, h - 32, tile, tile);
        sheet_.draw(r, Sprite::tile_ground, 0, x, h - 16, tile, tile);
    }
    sheet_.draw(r, Sprite::player_run, seconds_, w / 2 - 16, h - 64, 32, 32);
    for (int i = 0; i < 5; ++i)
        sheet_.draw(r, Sprite::coin, seconds_ + i * 0.1, w / 2 + 40 + i * 22, h - 70, 16, 16);
}

void Presentation::draw_reload_banner(const std::string& reload_error) {
    // The reason the edit was not taken, its paths shortened to file names, on up to three lines.
    SDL_Renderer* r = screen_->sdl();
    const int w = screen_->canvas_width();
    const auto max_chars = static_cast<std::size_t>((w - 12) / std::max(1, font_.advance()));
    std::vector<std::string> lines =
        wrap_text("Level not reloaded: " + shorten_paths(reload_error), max_chars);
    if (lines.size() > 3) {  // the third line says there is more
        lines.resize(3);
        lines.back() = fit_line(lines.back() + "...", max_chars);
    }
    SDL_Rect bar{0, 24, w, font_.line_height() * static_cast<int>(lines.size()) + 6};
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, 120, 20, 20, 220);
    SDL_RenderFillRect(r, &bar);
    for (std::size_t i = 0; i < lines.size(); ++i)
        font_.draw(r, 6, 27 + static_cast<int>(i) * font_.line_height(), lines[i], {255, 236, 220, 255});
}

void Presentation::draw_rewind_marker(double seconds_left) {
    // Time running backwards: the picture washed out in a cold sepia-blue, scan lines, and a marker.
    SDL_Renderer* r = screen_->sdl();
    int w = screen_->canvas_width(), h = screen_->canvas_height();
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, 150, 160, 190, 110);
    SDL_Rect all{0, 0, w, h};
    SDL_RenderFillRect(r, &all);
    SDL_SetRenderDrawColor(r, 40, 50, 80, 50);
    int offset = static_cast<int>(seconds_ * 40) % 6;
    for (int y = offset; y < h; y += 6) SDL_RenderDrawLine(r, 0, y, w, y);
    char text[64];
    std::snprintf(text, sizeof text, "<< REWIND  %.1f s", seconds_left);
    draw_banner(text);
}

int Presentation::draw_thumbnail(const LevelThumbnail& thumbnail, SDL_Rect area) {
    SDL_Renderer* r = screen_->sdl();
    const RgbaImage& image = thumbnail.image;
    if (image.width <= 0 || image.height <= 0) return area.y;
    if (!thumbnail_ || thumbnail_key_ != thumbnail.key) {
        thumbnail_.reset(SDL_CreateTexture(r, SDL_PIXELFORMAT_RGBA8888, SDL_TEXTUREACCESS_STATIC, image.width,
                                           image.height));
        if (!thumbnail_) return area.y;
        SDL_UpdateTexture(thumbnail_.get(), nullptr, image.pixels.data(), image.width * 4);
        thumbnail_key_ = thumbnail.key;
    }
    double zoom = std::min(double(area.w) / image.width, double(area.h) / image.height);
    if (zoom > 1) zoom = std::floor(zoom);  // pixels stay square and sharp
    const int tw = std::max(1, int(image.width * zoom)), th = std::max(1, int(image.height * zoom));
    const SDL_Rect at{area.x + (area.w - tw) / 2, area.y, tw, th};
    const SDL_Rect frame{at.x - 3, at.y - 3, at.w + 6, at.h + 6};
    SDL_SetRenderDrawColor(r, 10, 12, 28, 235);
    SDL_RenderFillRect(r, &frame);
    SDL_SetRenderDrawColor(r, 90, 110, 170, 255);
    SDL_RenderDrawRect(r, &frame);
    SDL_RenderCopy(r, thumbnail_.get(), nullptr, &at);
    return frame.y + frame.h;
}

void Presentation::draw_banner(const std::string& text) {
    SDL_Renderer* r = screen_->sdl();
    int scale = font_.text_width(text, 2) + 16 <= screen_->canvas_width() ? 2 : 1;
    int tw = font_.text_width(text, scale);
    SDL_Rect box{(screen_->canvas_width() - tw) / 2 - 8, 28, tw + 16, font_.line_height(scale) + 8};
    SDL_SetRenderDrawColor(r, 20, 24, 48, 200);
    SDL_RenderFillRect(r, &box);
    font_.draw(r, box.x + 8, box.y + 4, text, {255, 214, 90, 255}, scale);
}

void Presentation::draw_toasts(int top, int bottom, SDL_Rect avoid) {
    // The newest three, newest first, each on a panel no wider than the screen, wrapped at word
    // boundaries, with paths shortened to file names (the full message is on stderr); stacked where they
    // neither overlap nor cover the player (stack_messages).
    SDL_Renderer* r = screen_->sdl();
    const int w = screen_->canvas_width();
    const auto max_chars = static_cast<std::size_t>((w - 24) / std::max(1, font_.advance()));
    std::vector<std::vector<std::string>> texts;
    std::vector<SDL_Point> sizes;
    for (auto it = toasts_.rbegin(); it != toasts_.rend() && texts.size() < 3; ++it) {
        std::vector<std::string> lines =
            wrap_text(it->with_paths ? it->text : shorten_paths(it->text), max_chars);
        if (lines.size() > 4) lines.resize(4);
        int text_w = 0;
        for (const std::string& line : lines) text_w = std::max(text_w, font_.text_width(line));
        sizes.push_back({text_w + 8, static_cast<int>(lines.size()) * font_.line_height() + 4});
        texts.push_back(std::move(lines));
    }
    const std::vector<SDL_Rect> boxes = stack_messages(sizes, w, top, bottom, avoid);
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        SDL_SetRenderDrawColor(r, 0, 0, 0, 170);
        SDL_RenderFillRect(r, &boxes[i]);
        int y = boxes[i].y + 2;
        for (const std::string& line : texts[i]) {
            font_.draw(r, boxes[i].x + (boxes[i].w - font_.text_width(line)) / 2, y, line,
                       {255, 255, 255, 255});
            y += font_.line_height();
        }
    }
}

bool Presentation::save_screenshot(const fs::path& file, std::string& error) {
    if (!screen_) {
        error = "no canvas to take a screenshot of";
        return false;
    }
    return screen_->save_screenshot(file, error);
}

}  // namespace qs
