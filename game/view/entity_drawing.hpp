// How each entity type looks: one draw_entity overload per roster type. WorldView visits the roster with
// them, and the static_assert below stops the build when a type has no overload (nothing is silently
// left undrawn).
#pragma once

#include <cmath>
#include <utility>
#include <variant>

#include "engine/render.hpp"
#include "game/sim/roster.hpp"
#include "game/view/sprite_sheet.hpp"

namespace qs {

/// Canvas pixels per tile.
inline constexpr int tile_px = 16;

/// Where and when one entity is drawn: the canvas, the atlas, the view's top-left in canvas pixels, the
/// entity's centre interpolated between the last two ticks, and the animation clock.
struct EntityDrawContext {
    SDL_Renderer* renderer;
    const SpriteSheet& sheet;
    int left_px, top_px;
    double x, y;  ///< centre, tiles
    double seconds;
    double squash = 0;  ///< the player's SquashStretch::amount() (other entities ignore it)

    /// Canvas pixel of a world coordinate.
    int px(double world_x) const { return static_cast<int>(std::lround(world_x * tile_px)) - left_px; }
    int py(double world_y) const { return static_cast<int>(std::lround(world_y * tile_px)) - top_px; }
    /// One tile-sized sprite with its top-left at canvas pixel (x, y).
    void sprite(Sprite sprite, int canvas_x, int canvas_y, bool flip = false, Uint8 alpha = 255) const {
        sheet.draw(renderer, sprite, seconds, canvas_x, canvas_y, tile_px, tile_px, flip, alpha);
    }
    /// A tile-sized sprite standing on the bottom of a box `half_height` below the centre.
    void standing(Sprite sprite, double half_height, bool flip = false, Uint8 alpha = 255) const {
        this->sprite(sprite, px(x) - tile_px / 2, py(y + half_height) - tile_px, flip, alpha);
    }
    /// standing() with the sprite scaled by `width_scale` and `height_scale` about the middle of its feet.
    void standing_scaled(Sprite sprite, double half_height, double width_scale, double height_scale,
                         bool flip = false, Uint8 alpha = 255) const {
        const int w = static_cast<int>(std::lround(tile_px * width_scale));
        const int h = static_cast<int>(std::lround(tile_px * height_scale));
        sheet.draw(renderer, sprite, seconds, px(x) - w / 2, py(y + half_height) - h, w, h, flip, alpha);
    }
    /// A tile-sized sprite over the tile whose centre is the entity's centre.
    void on_tile(Sprite sprite, bool flip = false) const {
        this->sprite(sprite, px(x - 0.5), py(y - 0.5), flip);
    }
};

void draw_entity(const Player& player, const EntityDrawContext& context);
void draw_entity(const Coin& coin, const EntityDrawContext& context);
void draw_entity(const Walker& walker, const EntityDrawContext& context);
void draw_entity(const Door& door, const EntityDrawContext& context);
void draw_entity(const Switch& lever, const EntityDrawContext& context);
void draw_entity(const Platform& platform, const EntityDrawContext& context);
void draw_entity(const Turret& turret, const EntityDrawContext& context);
void draw_entity(const Projectile& projectile, const EntityDrawContext& context);
void draw_entity(const Checkpoint& checkpoint, const EntityDrawContext& context);
void draw_entity(const Goal& goal, const EntityDrawContext& context);
/// Invisible: it only bounds the camera.
void draw_entity(const CameraArea& area, const EntityDrawContext& context);
void draw_entity(const Sign& sign, const EntityDrawContext& context);
/// Squashed for a moment after a launch.
void draw_entity(const Spring& spring, const EntityDrawContext& context);
/// Shakes before it falls; its bits fall and fade; then a faint outline until it is back.
void draw_entity(const Crumble& crumble, const EntityDrawContext& context);
/// A sparkling gem until it is collected, then nothing.
void draw_entity(const Gem& gem, const EntityDrawContext& context);
/// Its belt moves at its speed (still while stopped); a roller cap at each end.
void draw_entity(const Conveyor& conveyor, const EntityDrawContext& context);
/// Its track from end to end, then the spinning blade.
void draw_entity(const Saw& saw, const EntityDrawContext& context);

/// A type WorldView can draw: it has a draw_entity overload.
template <class T>
concept Drawable = requires(const T& entity, const EntityDrawContext& context) {
    draw_entity(entity, context);
};

/// True when `T` has a draw_entity overload; a static_assert inside names the type that has none.
template <class T>
constexpr bool check_drawable() {
    static_assert(Drawable<T>, "an entity type has no draw_entity overload in game/view/entity_drawing.hpp");
    return true;
}
static_assert([]<std::size_t... I>(std::index_sequence<I...>) {
    return (check_drawable<std::variant_alternative_t<I, Entity>>() && ...);
}(std::make_index_sequence<std::variant_size_v<Entity>>{}));

/// Entities of a higher layer are drawn over those of lower ones: the player over everything else.
template <class T>
inline constexpr int draw_layer = 0;
template <>
inline constexpr int draw_layer<Player> = 1;
/// The highest draw_layer of any entity type (WorldView draws layers 0 to this one).
inline constexpr int top_draw_layer = 1;
static_assert(
    []<std::size_t... I>(std::index_sequence<I...>) {
        return ((draw_layer<std::variant_alternative_t<I, Entity>> >= 0 &&
                 draw_layer<std::variant_alternative_t<I, Entity>> <= top_draw_layer) &&
                ...);
    }(std::make_index_sequence<std::variant_size_v<Entity>>{}),
    "a draw_layer outside 0..top_draw_layer");

}  // namespace qs
