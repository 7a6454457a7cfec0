// World drawing: one sprite per entity type, tiles from the atlas, visuals scaled to the level.
#include "game/world_view.hpp"

#include <algorithm>
#include <cmath>

namespace qs {

namespace {

constexpr int tile_px = 16;

struct Projection {
    int left_px, top_px;
    int x(double world_x) const { return static_cast<int>(std::lround(world_x * tile_px)) - left_px; }
    int y(double world_y) const { return static_cast<int>(std::lround(world_y * tile_px)) - top_px; }
};

double lerp(double a, double b, double t) {
    return a + (b - a) * t;
}

}  // namespace

WorldView::~WorldView() {
    release();
}

void WorldView::release() {
    for (SDL_Texture* texture : visuals_) SDL_DestroyTexture(texture);
    visuals_.clear();
}

void WorldView::set_level(SDL_Renderer* renderer, const LevelData& level) {
    release();
    for (const RgbaImage& image : level.visuals) {
        SDL_Texture* texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGBA8888, SDL_TEXTUREACCESS_STATIC,
                                                 image.width, image.height);
        if (!texture) continue;
        SDL_UpdateTexture(texture, nullptr, image.pixels.data(), image.width * 4);
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND);
        visuals_.push_back(texture);
    }
}

void WorldView::draw_backdrop(SDL_Renderer* renderer, const SpriteSheet& sheet, int left_px, int top_px,
                              int canvas_w, int canvas_h) {
    for (int band = 0; band < 8; ++band) {
        SDL_SetRenderDrawColor(renderer, static_cast<Uint8>(92 + band * 6),
                               static_cast<Uint8>(160 + band * 5), 232, 255);
        SDL_Rect r{0, band * canvas_h / 8, canvas_w, canvas_h / 8 + 1};
        SDL_RenderFillRect(renderer, &r);
    }
    if (!sheet.has("background")) return;
    int offset_x = -((left_px / 4) % tile_px + tile_px) % tile_px;
    int offset_y = canvas_h - 3 * tile_px - (top_px / 8) % tile_px;
    for (int x = offset_x - tile_px; x < canvas_w; x += tile_px) {
        for (int y = offset_y; y < canvas_h; y += tile_px)
            sheet.draw(renderer, "background", 0, x, y, tile_px, tile_px);
    }
}

void WorldView::draw(SDL_Renderer* renderer, const SpriteSheet& sheet, World& world, double cx, double cy,
                     int canvas_w, int canvas_h, double alpha, double seconds) const {
    const LevelData& level = world.level();
    Projection p{static_cast<int>(std::lround(cx * tile_px)) - canvas_w / 2,
                 static_cast<int>(std::lround(cy * tile_px)) - canvas_h / 2};

    draw_backdrop(renderer, sheet, p.left_px, p.top_px, canvas_w, canvas_h);

    // Visuals layers, scaled to cover the level.
    SDL_Rect level_rect{p.x(0), p.y(0), level.tiles.width * tile_px, level.tiles.height * tile_px};
    for (std::size_t i = 0; i < visuals_.size() && i < 1; ++i)
        SDL_RenderCopy(renderer, visuals_[i], nullptr, &level_rect);

    // Tiles in view.
    int first_x = std::max(0, p.left_px / tile_px - 1),
        last_x = std::min(level.tiles.width - 1, (p.left_px + canvas_w) / tile_px + 1);
    int first_y = std::max(0, p.top_px / tile_px - 1),
        last_y = std::min(level.tiles.height - 1, (p.top_px + canvas_h) / tile_px + 1);
    for (int ty = first_y; ty <= last_y; ++ty) {
        for (int tx = first_x; tx <= last_x; ++tx) {
            auto type = static_cast<TileType>(level.tiles.at(tx, ty));
            const char* name = nullptr;
            switch (type) {
                case TileType::empty:
                    break;
                case TileType::ground:
                    name = level.tiles.at(tx, ty - 1) == 0 || !tile_is_solid(level.tiles.at(tx, ty - 1))
                               ? "tile_ground_top"
                               : "tile_ground";
                    break;
                case TileType::oneway:
                    name = "tile_oneway";
                    break;
                case TileType::spikes:
                    name = "tile_spikes";
                    break;
                case TileType::ice:
                    name = "tile_ice";
                    break;
            }
            // Spikes hanging from a ceiling point down.
            bool hanging = type == TileType::spikes && tile_is_solid(level.tiles.at(tx, ty - 1)) &&
                           !tile_is_solid(level.tiles.at(tx, ty + 1));
            if (name)
                sheet.draw(renderer, name, seconds, p.x(tx), p.y(ty), tile_px, tile_px, false, 255, hanging);
        }
    }
    for (std::size_t i = 1; i < visuals_.size(); ++i)
        SDL_RenderCopy(renderer, visuals_[i], nullptr, &level_rect);

    // Entities.
    for (std::size_t i = 0; i < world.entities.size(); ++i) {
        Entity& entity = world.entities.value_at_dense(i);
        const BodyState& s = body_state(entity);
        double x = lerp(s.prev_x, s.x, alpha), y = lerp(s.prev_y, s.y, alpha);
        auto centred = [&](const char* name, double hw, double hh, bool flip = false, Uint8 a = 255) {
            (void)hw;
            int w = tile_px, h = tile_px;
            sheet.draw(renderer, name, seconds, p.x(x) - w / 2, p.y(y + hh) - h, w, h, flip, a);
        };
        std::visit(
            [&](auto& e) {
                using T = std::decay_t<decltype(e)>;
                if constexpr (std::is_same_v<T, Player>) {
                    if (!e.alive() && (e.dead_ticks / 4) % 2 == 1) return;
                    const char* name = !e.alive() ? "player_hurt"
                                       : e.invulnerable_ticks > e.dead_ticks && e.invulnerable_ticks > 60
                                           ? "player_hurt"
                                       : !e.grounded ? (e.state.vy < 0 ? "player_jump" : "player_fall")
                                       : std::abs(e.run_vx) > 0.5 ? "player_run"
                                                                  : "player_idle";
                    Uint8 a = e.invulnerable_ticks > 0 && (e.invulnerable_ticks / 4) % 2 == 1 ? 110 : 255;
                    centred(name, Player::half_width, Player::half_height, e.facing < 0, a);
                } else if constexpr (std::is_same_v<T, Walker>) {
                    centred("walker_walk", Walker::half_width, Walker::half_height, e.facing < 0);
                } else if constexpr (std::is_same_v<T, Coin>) {
                    sheet.draw(renderer, "coin", seconds, p.x(x) - 8, p.y(y) - 8, tile_px, tile_px);
                } else if constexpr (std::is_same_v<T, Door>) {
                    for (int row = 0; row < e.height; ++row) {
                        sheet.draw(renderer, e.open ? "door_open" : "door_closed", seconds, p.x(x - 0.5),
                                   p.y(y - 0.5 + row), tile_px, tile_px);
                    }
                } else if constexpr (std::is_same_v<T, Switch>) {
                    sheet.draw(renderer, e.on ? "switch_on" : "switch_off", seconds, p.x(x - 0.5),
                               p.y(y - 0.5), tile_px, tile_px);
                } else if constexpr (std::is_same_v<T, Platform>) {
                    for (int column = 0; column < e.width; ++column) {
                        sheet.draw(renderer, "platform", seconds, p.x(x - e.half_width() + column),
                                   p.y(y - 0.5), tile_px, tile_px);
                    }
                } else if constexpr (std::is_same_v<T, Turret>) {
                    sheet.draw(renderer, "turret", seconds, p.x(x - 0.5), p.y(y - 0.5), tile_px, tile_px,
                               e.direction < 0);
                } else if constexpr (std::is_same_v<T, Projectile>) {
                    sheet.draw(renderer, "projectile", seconds, p.x(x) - 8, p.y(y) - 8, tile_px, tile_px,
                               e.state.vx < 0);
                } else if constexpr (std::is_same_v<T, Checkpoint>) {
                    sheet.draw(renderer, e.active ? "checkpoint_on" : "checkpoint_off", seconds, p.x(x - 0.5),
                               p.y(y - 0.5), tile_px, tile_px);
                } else if constexpr (std::is_same_v<T, Sign>) {
                    if (sheet.has("sign")) {
                        sheet.draw(renderer, "sign", seconds, p.x(x - 0.5), p.y(y - 0.5), tile_px, tile_px);
                    } else {
                        SDL_Rect post{p.x(x) - 1, p.y(y - 0.1), 3, 9};
                        SDL_Rect board{p.x(x) - 6, p.y(y - 0.45), 13, 8};
                        SDL_SetRenderDrawColor(renderer, 120, 78, 40, 255);
                        SDL_RenderFillRect(renderer, &post);
                        SDL_SetRenderDrawColor(renderer, 196, 142, 82, 255);
                        SDL_RenderFillRect(renderer, &board);
                        SDL_SetRenderDrawColor(renderer, 120, 78, 40, 255);
                        SDL_RenderDrawRect(renderer, &board);
                    }
                } else if constexpr (std::is_same_v<T, Goal>) {
                    sheet.draw(renderer, "goal", seconds, p.x(x - 0.5), p.y(y - 0.5), tile_px, tile_px);
                }
            },
            entity);
    }
}

}  // namespace qs
