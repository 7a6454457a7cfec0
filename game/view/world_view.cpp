// World drawing: one sprite per entity type, tiles from the atlas, visuals scaled to the level.
#include "game/view/world_view.hpp"

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
    for (VisualLayer& layer : visuals_) {
        for (VisualChunk& chunk : layer.chunks) SDL_DestroyTexture(chunk.texture);
    }
    visuals_.clear();
}

void WorldView::set_level(SDL_Renderer* renderer, const LevelData& level) {
    release();
    level_width_ = level.tiles.width;
    level_height_ = level.tiles.height;
    SDL_RendererInfo info{};
    SDL_GetRendererInfo(renderer, &info);
    int max_side = std::min(2048, info.max_texture_width > 0 ? info.max_texture_width : 2048);
    if (info.max_texture_height > 0) max_side = std::min(max_side, info.max_texture_height);
    for (const RgbaImage& image : level.visuals) {
        VisualLayer layer{image.width, image.height, {}};
        for (int y = 0; y < image.height; y += max_side) {
            for (int x = 0; x < image.width; x += max_side) {
                VisualChunk chunk{nullptr, x, y, std::min(max_side, image.width - x),
                                  std::min(max_side, image.height - y)};
                chunk.texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGBA8888,
                                                  SDL_TEXTUREACCESS_STATIC, chunk.w, chunk.h);
                if (!chunk.texture) continue;
                SDL_UpdateTexture(chunk.texture, nullptr,
                                  &image.pixels[static_cast<std::size_t>(y) * image.width + x],
                                  image.width * 4);
                SDL_SetTextureBlendMode(chunk.texture, SDL_BLENDMODE_BLEND);
                layer.chunks.push_back(chunk);
            }
        }
        visuals_.push_back(std::move(layer));
    }
}

void WorldView::draw_visuals(SDL_Renderer* renderer, std::size_t first_layer, std::size_t end_layer,
                             int left_px, int top_px, int canvas_w, int canvas_h) const {
    for (std::size_t i = first_layer; i < end_layer && i < visuals_.size(); ++i) {
        const VisualLayer& layer = visuals_[i];
        // Layer pixels to canvas pixels: the layer covers the whole level.
        double sx = static_cast<double>(level_width_) * tile_px / layer.width;
        double sy = static_cast<double>(level_height_) * tile_px / layer.height;
        for (const VisualChunk& chunk : layer.chunks) {
            int x0 = static_cast<int>(std::lround(chunk.x * sx)) - left_px;
            int y0 = static_cast<int>(std::lround(chunk.y * sy)) - top_px;
            int x1 = static_cast<int>(std::lround((chunk.x + chunk.w) * sx)) - left_px;
            int y1 = static_cast<int>(std::lround((chunk.y + chunk.h) * sy)) - top_px;
            if (x1 < 0 || y1 < 0 || x0 > canvas_w || y0 > canvas_h) continue;
            SDL_Rect dest{x0, y0, x1 - x0, y1 - y0};
            SDL_RenderCopy(renderer, chunk.texture, nullptr, &dest);
        }
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

    // Visuals layer 0 behind the tiles, scaled to cover the level; later layers over them.
    draw_visuals(renderer, 0, 1, p.left_px, p.top_px, canvas_w, canvas_h);

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
    draw_visuals(renderer, 1, visuals_.size(), p.left_px, p.top_px, canvas_w, canvas_h);

    // Entities; the player last, so it is never hidden behind a sign or a coin.
    std::vector<Entity*> order;
    order.reserve(world.entities.size());
    Entity* hero = nullptr;
    for (Entity& entity : world.entities) {
        (std::holds_alternative<Player>(entity) ? hero : order.emplace_back()) = &entity;
    }
    if (hero) order.push_back(hero);
    for (Entity* drawn : order) {
        Entity& entity = *drawn;
        const BodyState& s = body_state(entity);
        double x = lerp(s.prev_x, s.x, alpha), y = lerp(s.prev_y, s.y, alpha);
        // A 16x16 sprite standing on the bottom of a box `half_height` below the centre.
        auto standing = [&](const char* name, double half_height, bool flip = false, Uint8 a = 255) {
            sheet.draw(renderer, name, seconds, p.x(x) - tile_px / 2, p.y(y + half_height) - tile_px, tile_px,
                       tile_px, flip, a);
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
                    standing(name, Player::half_height, e.facing < 0, a);
                } else if constexpr (std::is_same_v<T, Walker>) {
                    standing("walker_walk", Walker::half_height, e.facing < 0);
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
