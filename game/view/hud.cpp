// HUD drawing: sign bubbles near the player (placed where they hide the least), then hearts, coins,
// level name and time on translucent panels so they read over bright skies and clouds.
#include "game/view/hud.hpp"

#include "game/view/entity_drawing.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace qs {

namespace {

/// How much a bubble at canvas rect `box` would hide: coins, creatures and the player, the surfaces one
/// stands on (a solid tile under open air, ledges, spikes); the inside of the ground costs nothing.
int bubble_cost(const World& world, const Entity* own_sign, SDL_Rect box, double camera_x, double camera_y,
                int canvas_w, int canvas_h) {
    const double x0 = camera_x + (box.x - canvas_w / 2) / double(tile_px),
                 y0 = camera_y + (box.y - canvas_h / 2) / double(tile_px);
    const double x1 = x0 + box.w / double(tile_px), y1 = y0 + box.h / double(tile_px);
    int cost = 0;
    const TileGrid& tiles = world.level().tiles;
    for (int ty = static_cast<int>(std::floor(y0)); ty < static_cast<int>(std::ceil(y1)); ++ty) {
        for (int tx = static_cast<int>(std::floor(x0)); tx < static_cast<int>(std::ceil(x1)); ++tx) {
            if (!tiles.inside(tx, ty)) continue;
            const std::uint8_t tile = tiles.at(tx, ty);
            if (tile == 0) continue;
            const bool surface =
                !tile_is_solid(tile) || !tiles.inside(tx, ty - 1) || !tile_is_solid(tiles.at(tx, ty - 1));
            if (surface) cost += 2;
        }
    }
    for (const Entity& entity : world.entities) {
        if (&entity == own_sign || std::holds_alternative<CameraArea>(entity)) continue;
        const BodyState& b = body_state(entity);
        if (b.x + 0.5 <= x0 || b.x - 0.5 >= x1 || b.y + 0.5 <= y0 || b.y - 0.5 >= y1) continue;
        cost += std::holds_alternative<Player>(entity) ? 20 : std::holds_alternative<Sign>(entity) ? 1 : 4;
    }
    return cost;
}

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
        SDL_Rect box = sign_bubble_rect(world, entity, w, h, camera_x, camera_y, canvas_w, canvas_h);
        // A tail from the bubble to the sign when it is not right above it.
        const int tail_x = std::clamp(sx, box.x + 4, box.x + box.w - 5);
        const int tail_from = box.y + box.h <= sy ? box.y + box.h : box.y;
        const int tail_to = box.y + box.h <= sy ? sy : sy + tile_px;
        SDL_SetRenderDrawColor(r, 90, 60, 40, 255);
        if (std::abs(tail_to - tail_from) > 2) {
            SDL_RenderDrawLine(r, tail_x, tail_from, sx, tail_to);
            SDL_RenderDrawLine(r, tail_x + 1, tail_from, sx + 1, tail_to);
        }
        SDL_SetRenderDrawColor(r, 250, 244, 220, 235);
        SDL_RenderFillRect(r, &box);
        SDL_SetRenderDrawColor(r, 90, 60, 40, 255);
        SDL_RenderDrawRect(r, &box);
        font.draw(r, box.x + 5, box.y + 4, sign->text, {60, 40, 30, 255});
        return;
    }
}

}  // namespace

SDL_Rect sign_bubble_rect(const World& world, const Entity& sign, int w, int h, double camera_x,
                          double camera_y, int canvas_w, int canvas_h) {
    const BodyState& at = body_state(sign);
    const int sx = static_cast<int>(std::lround((at.x - camera_x) * tile_px)) + canvas_w / 2;
    const int sy = static_cast<int>(std::lround((at.y - 0.6 - camera_y) * tile_px)) + canvas_h / 2;
    // Where the bubble hides the least of what the sign talks about (the ledge, the coins): right
    // above the sign first, then higher, then off to either side, then in the ground below.
    const int top_limit = 26;
    auto place = [&](int x, int y) {
        return SDL_Rect{std::clamp(x, 2, std::max(2, canvas_w - w - 2)),
                        std::clamp(y, top_limit, std::max(top_limit, canvas_h - h - 2)), w, h};
    };
    SDL_Rect best{};
    int best_cost = -1;
    const int above = sy - h - 4, in_ground = sy + 20;
    for (int y :
         {above, above - tile_px, above - 2 * tile_px, above - 3 * tile_px, above - 5 * tile_px, in_ground}) {
        for (int x : {sx - w / 2, sx - w + 12, sx - 12}) {
            SDL_Rect box = place(x, y);
            int cost = bubble_cost(world, &sign, box, camera_x, camera_y, canvas_w, canvas_h);
            if (best_cost < 0 || cost < best_cost) {
                best = box;
                best_cost = cost;
            }
        }
        if (best_cost == 0) break;
    }
    return best;
}

std::vector<SDL_Rect> stack_messages(const std::vector<SDL_Point>& sizes, int canvas_w, int top, int bottom,
                                     SDL_Rect avoid) {
    auto stack = [&](bool down, int column) {  // column: 0 centred, -1 left, 1 right
        std::vector<SDL_Rect> boxes;
        int y = down ? top : bottom;
        for (const SDL_Point& size : sizes) {
            const int x = column == 0 ? (canvas_w - size.x) / 2 : column < 0 ? 4 : canvas_w - size.x - 4;
            boxes.push_back({x, down ? y : y - size.y, size.x, size.y});
            y = down ? y + size.y + 2 : y - size.y - 2;
        }
        return boxes;
    };
    auto covers = [&](const std::vector<SDL_Rect>& boxes) {
        for (const SDL_Rect& box : boxes) {
            if (SDL_HasIntersection(&box, &avoid)) return true;
        }
        return false;
    };
    std::vector<SDL_Rect> boxes = stack(true, 0);
    if (!covers(boxes)) return boxes;
    boxes = stack(false, 0);
    if (!covers(boxes)) return boxes;
    return stack(true, avoid.x + avoid.w / 2 < canvas_w / 2 ? 1 : -1);
}

std::string format_time(std::int64_t ticks) {
    std::int64_t seconds = ticks / 60;
    char text[32];
    std::snprintf(text, sizeof text, "%lld:%02lld.%01lld", static_cast<long long>(seconds / 60),
                  static_cast<long long>(seconds % 60), static_cast<long long>((ticks % 60) / 6));
    return text;
}

SDL_Color split_mark_colour(SplitMark mark) {
    switch (mark) {
        case SplitMark::ahead:
            return {90, 220, 110, 255};
        case SplitMark::behind:
            return {240, 90, 80, 255};
        case SplitMark::gold:
            return {255, 200, 40, 255};
        case SplitMark::none:
            break;
    }
    return {230, 235, 245, 255};
}

std::string format_split_time(std::int64_t ticks) {
    const std::int64_t hundredths = (std::max<std::int64_t>(ticks, 0) * 100 + 30) / 60;
    char text[40];
    const auto h = static_cast<long long>(hundredths / 360000),
               m = static_cast<long long>(hundredths / 6000 % 60),
               sec = static_cast<long long>(hundredths / 100 % 60),
               c = static_cast<long long>(hundredths % 100);
    if (h > 0) {
        std::snprintf(text, sizeof text, "%lld:%02lld:%02lld.%02lld", h, m, sec, c);
    } else {
        std::snprintf(text, sizeof text, "%lld:%02lld.%02lld", m, sec, c);
    }
    return text;
}

void draw_hud(SDL_Renderer* r, const BitmapFont& font, const SpriteSheet& sheet, World& world,
              double camera_x, double camera_y, int canvas_w, int canvas_h, std::string_view tag,
              const HudTimer* timer) {
    const bool practice = !tag.empty();
    const GameState& game = world.game;
    const Player* player = world.player();
    if (player) draw_sign_bubble(r, font, world, *player, camera_x, camera_y, canvas_w, canvas_h);
    // The HUD sits on dark translucent panels and its text has a drop shadow, so it reads over bright
    // skies and white clouds alike.
    auto text = [&](int tx, int ty, const std::string& t, SDL_Color color) {
        font.draw(r, tx + 1, ty + 1, t, {20, 24, 40, 220});
        font.draw(r, tx, ty, t, color);
    };
    auto panel = [&](int x0, int x1) {
        SDL_Rect box{x0, 2, x1 - x0, 20};
        SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
        SDL_SetRenderDrawColor(r, 16, 20, 40, 150);
        SDL_RenderFillRect(r, &box);
    };
    const int hearts = player ? player->max_health : 0;
    const std::string coins = std::to_string(game.coins) + "/" + std::to_string(game.coins_total);
    const int coin_x = 6 + hearts * 14 + 10;
    // The level's gems after the coins, one slot per gem: filled once found in this run.
    unsigned gems_placed = 0, gems_found = 0;
    for (const Entity& entity : world.entities) {
        if (const auto* gem = std::get_if<Gem>(&entity)) {
            gems_placed |= gem->bit();
            if (gem->collected) gems_found |= gem->bit();
        }
    }
    const int gem_x = coin_x + 17 + font.text_width(coins) + 8;
    int gem_slots = 0;
    for (unsigned mask = gems_placed; mask != 0; mask &= mask - 1) ++gem_slots;
    panel(2, gem_slots > 0 ? gem_x + gem_slots * 12 + 6 : coin_x + 17 + font.text_width(coins) + 5);
    int x = 6;
    for (int i = 0; i < hearts; ++i) {
        sheet.draw(r, Sprite::heart, 0, x, 4, 16, 16, false, i < player->health ? 255 : 60);
        x += 14;
    }
    sheet.draw(r, Sprite::coin_small, 0, coin_x, 4, 16, 16);
    text(coin_x + 17, 8, coins, {255, 230, 120, 255});
    for (unsigned bit = 1, slot = 0; bit <= gems_placed; bit <<= 1) {
        if (!(gems_placed & bit)) continue;
        sheet.draw(r, gems_found & bit ? Sprite::gem_small : Sprite::gem_empty, 0,
                   gem_x - 2 + static_cast<int>(slot++) * 12, 4, 16, 16);
    }
    std::string right = world.level().name + "  " + format_time(game.timer_ticks);
    const int right_x = canvas_w - font.text_width(right) - 6;
    panel(right_x - 5, canvas_w - 2);
    text(right_x, 8, right, {255, 255, 255, 255});
    if (practice) {
        // An orange tag under the level name: this run keeps no records.
        const int tag_w = font.text_width(tag) + 8;
        SDL_Rect box{canvas_w - 2 - tag_w, 24, tag_w, font.line_height() + 4};
        SDL_SetRenderDrawColor(r, 200, 110, 20, 220);
        SDL_RenderFillRect(r, &box);
        text(box.x + 4, box.y + 2, std::string(tag), {255, 255, 255, 255});
    }
    if (timer) {
        // The level time at twice the size, the last split under it, right-aligned below the level name.
        const std::string time = format_split_time(timer->ticks);
        const int top = practice ? 24 + font.line_height() + 6 : 24;
        const int time_w = font.text_width(time, 2);
        int box_w = time_w + 10;
        if (timer->last_split) box_w = std::max(box_w, font.text_width(timer->last_split->text) + 10);
        const int box_h = font.line_height(2) + 6 + (timer->last_split ? font.line_height() + 2 : 0);
        SDL_Rect box{canvas_w - 2 - box_w, top, box_w, box_h};
        SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
        SDL_SetRenderDrawColor(r, 16, 20, 40, 170);
        SDL_RenderFillRect(r, &box);
        font.draw(r, canvas_w - 7 - time_w + 1, top + 4, time, {20, 24, 40, 220}, 2);
        font.draw(r, canvas_w - 7 - time_w, top + 3, time, {255, 255, 255, 255}, 2);
        if (timer->last_split) {
            const std::string& line = timer->last_split->text;
            text(canvas_w - 7 - font.text_width(line), top + 3 + font.line_height(2) + 2, line,
                 split_mark_colour(timer->last_split->mark));
        }
    }
}

void draw_split_list(SDL_Renderer* r, const BitmapFont& font, const std::vector<HudSplitLine>& lines,
                     int top) {
    if (lines.empty()) return;
    // Three columns: the names left-aligned, the times and the deltas right-aligned.
    int name_w = 0, time_w = 0, delta_w = 0;
    for (const HudSplitLine& line : lines) {
        name_w = std::max(name_w, font.text_width(line.name));
        time_w = std::max(time_w, font.text_width(line.time));
        delta_w = std::max(delta_w, font.text_width(line.delta));
    }
    const int gap = 8, line_h = font.line_height() + 2;
    const int w = name_w + gap + time_w + (delta_w > 0 ? gap + delta_w : 0) + 8;
    SDL_Rect box{2, top, w, static_cast<int>(lines.size()) * line_h + 4};
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, 16, 20, 40, 170);
    SDL_RenderFillRect(r, &box);
    int y = top + 3;
    for (const HudSplitLine& line : lines) {
        const SDL_Color plain = line.upcoming ? SDL_Color{150, 155, 175, 255} : SDL_Color{255, 255, 255, 255};
        auto text = [&](int x, const std::string& t, SDL_Color color) {
            font.draw(r, x + 1, y + 1, t, {20, 24, 40, 220});
            font.draw(r, x, y, t, color);
        };
        text(6, line.name, plain);
        const int time_right = 6 + name_w + gap + time_w;
        text(time_right - font.text_width(line.time), line.time, plain);
        if (!line.delta.empty()) {
            text(time_right + gap + delta_w - font.text_width(line.delta), line.delta,
                 line.mark == SplitMark::none ? plain : split_mark_colour(line.mark));
        }
        y += line_h;
    }
}

void draw_input_display(SDL_Renderer* r, const BitmapFont& font, std::uint64_t held, int canvas_h) {
    // Keys on a pad's layout: the arrows as a cross on the left, jump and rewind to their right.
    struct Key {
        Action action;
        const char* label;
        int column, row;
    };
    static constexpr Key keys[] = {{Action::up, "^", 1, 0},      {Action::left, "<", 0, 1},
                                   {Action::down, "v", 1, 1},    {Action::right, ">", 2, 1},
                                   {Action::jump, "JUMP", 3, 1}, {Action::rewind, "REW", 5, 1}};
    const int size = font.line_height() + 6, gap = 2;
    const int left = 6, top = canvas_h - 6 - 2 * size - gap;
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    for (const Key& key : keys) {
        const bool on = (held >> static_cast<std::size_t>(key.action)) & 1u;
        const int w = key.column >= 3 ? 2 * size + gap : size;
        SDL_Rect box{left + key.column * (size + gap), top + key.row * (size + gap), w, size};
        SDL_SetRenderDrawColor(r, on ? 250 : 16, on ? 220 : 20, on ? 120 : 40, on ? 235 : 150);
        SDL_RenderFillRect(r, &box);
        const SDL_Color colour = on ? SDL_Color{30, 24, 10, 255} : SDL_Color{170, 180, 210, 255};
        font.draw(r, box.x + (w - font.text_width(key.label)) / 2, box.y + 3, key.label, colour);
    }
}

}  // namespace qs
