// World drawing: backdrop, visuals scaled to the level, tiles from the atlas, then the entities through
// their draw_entity overloads (entity_drawing.hpp).
#include "game/view/world_view.hpp"

#include "game/view/entity_drawing.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <string_view>

namespace qs {

namespace {

/// The canvas position of world coordinates for a view whose top-left is at canvas pixel (left_px, top_px).
struct Projection {
    int left_px, top_px;
    int x(double world_x) const { return static_cast<int>(std::lround(world_x * tile_px)) - left_px; }
    int y(double world_y) const { return static_cast<int>(std::lround(world_y * tile_px)) - top_px; }
};

/// A tile type's sprites: kTileTypes' sprite names as Sprite values (a name the atlas enum lacks does not
/// compile); Sprite::count for a tile that is not drawn.
struct TileSprites {
    Sprite body = Sprite::count, top = Sprite::count;
};
constexpr Sprite sprite_named(std::string_view name) {
    if (name.empty()) return Sprite::count;
    for (std::size_t i = 0; i < sprite_names.size(); ++i) {
        if (sprite_names[i] == name) return static_cast<Sprite>(i);
    }
    throw "a tile type's sprite is not a Sprite in game/view/sprites.hpp";
}
constexpr std::array<TileSprites, tile_type_count> kTileSprites = [] {
    std::array<TileSprites, tile_type_count> sprites{};
    for (std::size_t i = 0; i < tile_type_count; ++i)
        sprites[i] = {sprite_named(kTileTypes[i].sprite), sprite_named(kTileTypes[i].top_sprite)};
    return sprites;
}();

/// The atlas sprite of the tile at (tx, ty); nullopt for one that is not drawn (empty). Above the top row
/// the top row's tiles go on (draw_tiles draws them so), so a solid tile there is drawn as its body.
std::optional<Sprite> tile_sprite(const TileGrid& tiles, int tx, int ty) {
    const std::uint8_t tile = tiles.at(tx, ty);
    if (tile >= tile_type_count) return std::nullopt;
    const TileSprites& sprites = kTileSprites[tile];
    if (sprites.body == Sprite::count) return std::nullopt;
    return tile_is_solid(ty > 0 ? tiles.at(tx, ty - 1) : tile) ? sprites.body : sprites.top;
}

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
        VisualLayer layer{image.width,
                          image.height,
                          visuals_.size() < level.parallax.size() ? level.parallax[visuals_.size()] : 1.0,
                          {}};
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
        // Layer pixels to canvas pixels: the layer covers the whole level, and with a parallax below 1 it
        // moves less than the camera does (all layers agree at the level's top-left corner). While the view
        // stays inside the level, a far layer still covers it: its right edge never comes into view.
        double sx = static_cast<double>(level_width_) * tile_px / layer.width;
        double sy = static_cast<double>(level_height_) * tile_px / layer.height;
        const int shift_x = static_cast<int>(std::lround(left_px * layer.parallax));
        const int shift_y = static_cast<int>(std::lround(top_px * layer.parallax));
        for (const VisualChunk& chunk : layer.chunks) {
            int x0 = static_cast<int>(std::lround(chunk.x * sx)) - shift_x;
            int y0 = static_cast<int>(std::lround(chunk.y * sy)) - shift_y;
            int x1 = static_cast<int>(std::lround((chunk.x + chunk.w) * sx)) - shift_x;
            int y1 = static_cast<int>(std::lround((chunk.y + chunk.h) * sy)) - shift_y;
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
    if (!sheet.has(Sprite::background)) return;
    int offset_x = -((left_px / 4) % tile_px + tile_px) % tile_px;
    int offset_y = canvas_h - 3 * tile_px - (top_px / 8) % tile_px;
    for (int x = offset_x - tile_px; x < canvas_w; x += tile_px) {
        for (int y = offset_y; y < canvas_h; y += tile_px)
            sheet.draw(renderer, Sprite::background, 0, x, y, tile_px, tile_px);
    }
}

void WorldView::draw(SDL_Renderer* renderer, const SpriteSheet& sheet, World& world, double cx, double cy,
                     int canvas_w, int canvas_h, double alpha, double seconds, double player_squash) const {
    const int left_px = static_cast<int>(std::lround(cx * tile_px)) - canvas_w / 2;
    const int top_px = static_cast<int>(std::lround(cy * tile_px)) - canvas_h / 2;
    draw_backdrop(renderer, sheet, left_px, top_px, canvas_w, canvas_h);
    // Visuals layer 0 behind the tiles, scaled to cover the level; later layers over them.
    draw_visuals(renderer, 0, 1, left_px, top_px, canvas_w, canvas_h);
    draw_tiles(renderer, sheet, world.level().tiles, left_px, top_px, canvas_w, canvas_h, seconds);
    draw_visuals(renderer, 1, visuals_.size(), left_px, top_px, canvas_w, canvas_h);
    draw_entities(renderer, sheet, world, left_px, top_px, alpha, seconds, player_squash);
    // Past the level's sides and bottom (a level narrower than the view, a camera area reaching out):
    // letterbox bands, over anything that falls or walks out.
    const int level_right = level_width_ * tile_px - left_px, level_bottom = level_height_ * tile_px - top_px;
    SDL_SetRenderDrawColor(renderer, 14, 16, 30, 255);
    for (SDL_Rect band :
         {SDL_Rect{0, 0, -left_px, canvas_h}, SDL_Rect{level_right, 0, canvas_w - level_right, canvas_h},
          SDL_Rect{0, level_bottom, canvas_w, canvas_h - level_bottom}}) {
        if (band.w > 0 && band.h > 0) SDL_RenderFillRect(renderer, &band);
    }
}

void WorldView::draw_tiles(SDL_Renderer* renderer, const SpriteSheet& sheet, const TileGrid& tiles,
                           int left_px, int top_px, int canvas_w, int canvas_h, double seconds) {
    const Projection p{left_px, top_px};
    int first_x = std::max(0, left_px / tile_px - 1),
        last_x = std::min(tiles.width - 1, (left_px + canvas_w) / tile_px + 1);
    int first_y = std::max(0, top_px / tile_px - 1),
        last_y = std::min(tiles.height - 1, (top_px + canvas_h) / tile_px + 1);
    for (int ty = first_y; ty <= last_y; ++ty) {
        for (int tx = first_x; tx <= last_x; ++tx) {
            const std::optional<Sprite> sprite = tile_sprite(tiles, tx, ty);
            if (!sprite) continue;
            // Spikes hanging from a ceiling point down.
            const bool hanging = sprite == Sprite::tile_spikes && tile_is_solid(tiles.at(tx, ty - 1)) &&
                                 !tile_is_solid(tiles.at(tx, ty + 1));
            sheet.draw(renderer, *sprite, seconds, p.x(tx), p.y(ty), tile_px, tile_px, false, 255, hanging);
        }
    }
    // Above the level's top (a view taller than the level): a solid top-row tile goes on up as its body,
    // so a closed ceiling stays closed and only open columns show the sky.
    for (int tx = first_x; tx <= last_x && top_px < 0; ++tx) {
        const std::uint8_t top = tiles.at(tx, 0);
        if (!tile_is_solid(top) || top >= tile_type_count || kTileSprites[top].body == Sprite::count)
            continue;
        for (int ty = -1; p.y(ty) + tile_px > 0; --ty)
            sheet.draw(renderer, kTileSprites[top].body, seconds, p.x(tx), p.y(ty), tile_px, tile_px);
    }
}

void WorldView::draw_entities(SDL_Renderer* renderer, const SpriteSheet& sheet, const World& world,
                              int left_px, int top_px, double alpha, double seconds, double player_squash) {
    // Lower draw layers first (the player last, so it is never hidden behind a sign or a coin); dense
    // order within a layer. Layers are few: one pass per layer over the entities, no sort of all of them
    // each frame (SDL skips sprites outside the canvas).
    const auto draw_one = [&](EntityMap::Key key, const Entity& entity) {
        const BodyState& s = body_state(entity);
        const World::Previous was = world.previous(to_ref(key));
        const EntityDrawContext context{
            renderer, sheet,        left_px, top_px, lerp(was.x, s.x, alpha), lerp(was.y, s.y, alpha),
            seconds,  player_squash};
        std::visit([&](const auto& e) { draw_entity(e, context); }, entity);
    };
    const auto layer_of = [](const Entity& entity) {
        return std::visit([]<class T>(const T&) { return draw_layer<T>; }, entity);
    };
    // Within a layer in slot order, as the world steps them (storage order depends on history).
    for (int layer = 0; layer <= top_draw_layer; ++layer) {
        world.entities.for_each_by_index([&](EntityMap::Key key, const Entity& entity) {
            if (layer_of(entity) == layer) draw_one(key, entity);
        });
    }
}

}  // namespace qs
