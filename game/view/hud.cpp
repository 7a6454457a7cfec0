// HUD drawing: sign bubbles near the player, then hearts, lives, coins, level name and time with a
// drop shadow so they read over bright skies.
#include "game/view/hud.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace qs {

namespace {

constexpr int tile_px = 16;

void draw_sign_bubble(SDL_Renderer* r, const BitmapFont& font, const World& world, const Player& player,
                      double camera_x, double camera_y, int canvas_w, int canvas_h) {
    for (const Entity& entity : world.entities) {
        const auto* sign = std::get_if<Sign>(&entity);
        if (!sign || std::abs(sign->state.x - player.state.x) > Sign::read_distance ||
            std::abs(sign->state.y - player.state.y) > Sign::read_distance) {
            continue;
        }
        int w = font.text_width(sign->text) + 10;
        int h = font.line_height() *
                    (1 + static_cast<int>(std::count(sign->text.begin(), sign->text.end(), '\n'))) +
                8;
        int sx = static_cast<int>(std::lround((sign->state.x - camera_x) * tile_px)) + canvas_w / 2;
        int sy = static_cast<int>(std::lround((sign->state.y - 0.6 - camera_y) * tile_px)) + canvas_h / 2;
        SDL_Rect box{std::clamp(sx - w / 2, 2, canvas_w - w - 2), std::max(22, sy - h - 4), w, h};
        SDL_SetRenderDrawColor(r, 250, 244, 220, 235);
        SDL_RenderFillRect(r, &box);
        SDL_SetRenderDrawColor(r, 90, 60, 40, 255);
        SDL_RenderDrawRect(r, &box);
        font.draw(r, box.x + 5, box.y + 4, sign->text, {60, 40, 30, 255});
        return;
    }
}

}  // namespace

std::string format_time(std::int64_t ticks) {
    std::int64_t seconds = ticks / 60;
    char text[32];
    std::snprintf(text, sizeof text, "%lld:%02lld.%01lld", static_cast<long long>(seconds / 60),
                  static_cast<long long>(seconds % 60), static_cast<long long>((ticks % 60) / 6));
    return text;
}

void draw_hud(SDL_Renderer* r, const BitmapFont& font, const SpriteSheet& sheet, World& world,
              double camera_x, double camera_y, int canvas_w, int canvas_h) {
    const GameState& game = world.game;
    const Player* player = world.player();
    if (player) draw_sign_bubble(r, font, world, *player, camera_x, camera_y, canvas_w, canvas_h);
    // HUD text gets a dark drop shadow so it reads over bright skies and clouds.
    auto text = [&](int tx, int ty, const std::string& t, SDL_Color color) {
        font.draw(r, tx + 1, ty + 1, t, {20, 24, 40, 200});
        font.draw(r, tx, ty, t, color);
    };
    int x = 6;
    if (player) {
        for (int i = 0; i < player->max_health; ++i) {
            sheet.draw(r, Sprite::heart, 0, x, 4, 16, 16, false, i < player->health ? 255 : 60);
            x += 14;
        }
    }
    text(x + 4, 8, "x" + std::to_string(game.lives), {255, 255, 255, 255});
    x += 30;
    sheet.draw(r, Sprite::coin_small, 0, x, 4, 16, 16);
    text(x + 17, 8, std::to_string(game.coins) + "/" + std::to_string(game.coins_total),
         {255, 230, 120, 255});
    std::string right = world.level().name + "  " + format_time(game.timer_ticks);
    text(canvas_w - font.text_width(right) - 6, 8, right, {255, 255, 255, 255});
}

}  // namespace qs
