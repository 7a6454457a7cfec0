// The look of each entity type: which sprite, where, flipped or faded by its state.
#include "game/view/entity_drawing.hpp"

#include "game/view/squash_stretch.hpp"

namespace qs {

void draw_entity(const Player& player, const EntityDrawContext& context) {
    if (!player.alive() && (player.dead_ticks / 4) % 2 == 1) return;       // blinks while dead
    if (player.returning() && (player.return_ticks / 4) % 2 == 1) return;  // and while carried back
    const Sprite sprite = !player.alive() || player.returning() ? Sprite::player_hurt
                          : player.invulnerable_ticks > player.dead_ticks && player.invulnerable_ticks > 60
                              ? Sprite::player_hurt
                          : !player.grounded
                              ? (player.state.vy < 0 ? Sprite::player_jump : Sprite::player_fall)
                          : std::abs(player.run_vx) > 0.5 ? Sprite::player_run
                                                          : Sprite::player_idle;
    const Uint8 alpha = player.invulnerable_ticks > 0 && (player.invulnerable_ticks / 4) % 2 == 1 ? 110 : 255;
    context.standing_scaled(sprite, Player::half_height, SquashStretch::width_scale_of(context.squash),
                            SquashStretch::height_scale_of(context.squash), player.facing < 0, alpha);
}

void draw_entity(const Coin&, const EntityDrawContext& context) {
    context.sprite(Sprite::coin, context.px(context.x) - 8, context.py(context.y) - 8);
}

void draw_entity(const Walker& walker, const EntityDrawContext& context) {
    context.standing(Sprite::walker_walk, Walker::half_height, walker.facing < 0);
}

void draw_entity(const Door& door, const EntityDrawContext& context) {
    for (int row = 0; row < door.height; ++row) {
        context.sprite(door.open ? Sprite::door_open : Sprite::door_closed, context.px(context.x - 0.5),
                       context.py(context.y - 0.5 + row));
    }
}

void draw_entity(const Switch& lever, const EntityDrawContext& context) {
    context.on_tile(lever.on ? Sprite::switch_on : Sprite::switch_off);
}

void draw_entity(const Platform& platform, const EntityDrawContext& context) {
    for (int column = 0; column < platform.width; ++column) {
        context.sprite(Sprite::platform, context.px(context.x - platform.half_width() + column),
                       context.py(context.y - 0.5));
    }
}

void draw_entity(const Turret& turret, const EntityDrawContext& context) {
    context.on_tile(Sprite::turret, turret.direction < 0);
}

void draw_entity(const Projectile& projectile, const EntityDrawContext& context) {
    context.sprite(Sprite::projectile, context.px(context.x) - 8, context.py(context.y) - 8,
                   projectile.state.vx < 0);
}

void draw_entity(const Checkpoint& checkpoint, const EntityDrawContext& context) {
    context.on_tile(checkpoint.active ? Sprite::checkpoint_on : Sprite::checkpoint_off);
}

void draw_entity(const Goal&, const EntityDrawContext& context) {
    context.on_tile(Sprite::goal);
}

void draw_entity(const CameraArea&, const EntityDrawContext&) {}

void draw_entity(const Sign&, const EntityDrawContext& context) {
    if (context.sheet.has(Sprite::sign)) {
        context.on_tile(Sprite::sign);
        return;
    }
    // A post and a board drawn with rectangles, for an atlas without a sign sprite.
    SDL_Renderer* renderer = context.renderer;
    const double x = context.x, y = context.y;
    SDL_Rect post{context.px(x) - 1, context.py(y - 0.1), 3, 9};
    SDL_Rect board{context.px(x) - 6, context.py(y - 0.45), 13, 8};
    SDL_SetRenderDrawColor(renderer, 120, 78, 40, 255);
    SDL_RenderFillRect(renderer, &post);
    SDL_SetRenderDrawColor(renderer, 196, 142, 82, 255);
    SDL_RenderFillRect(renderer, &board);
    SDL_SetRenderDrawColor(renderer, 120, 78, 40, 255);
    SDL_RenderDrawRect(renderer, &board);
}

void draw_entity(const Spring& spring, const EntityDrawContext& context) {
    context.on_tile(spring.squash_ticks > Spring::squash_length / 2 ? Sprite::spring_squashed
                                                                    : Sprite::spring);
}

void draw_entity(const Crumble& crumble, const EntityDrawContext& context) {
    const int left = context.px(context.x - 0.5), top = context.py(context.y - 0.5);
    switch (crumble.phase) {
        case Crumble::solid:
            context.sprite(Sprite::crumble, left, top);
            return;
        case Crumble::shaking: {
            // Shakes harder as the fall comes near.
            const int amplitude = crumble.phase_ticks * 3 > crumble.delay * 2 ? 2 : 1;
            const int shake = (crumble.phase_ticks / 2) % 2 == 0 ? amplitude : -amplitude;
            context.sprite(Sprite::crumble_cracked, left + shake, top);
            return;
        }
        default: {
            // Its bits fall and fade; then a faint outline shows where it comes back.
            constexpr int falling_ticks = 24;
            if (crumble.phase_ticks < falling_ticks) {
                const int drop = crumble.phase_ticks * crumble.phase_ticks / 12;
                const auto alpha = static_cast<Uint8>(255 - crumble.phase_ticks * 200 / falling_ticks);
                context.sprite(Sprite::crumble_bits, left, top + drop, false, alpha);
            } else {
                context.sprite(Sprite::crumble_cracked, left, top, false, 40);
            }
            return;
        }
    }
}

void draw_entity(const Gem& gem, const EntityDrawContext& context) {
    if (gem.collected) return;
    context.sprite(Sprite::gem, context.px(context.x) - 8, context.py(context.y) - 8);
}

void draw_entity(const Conveyor& conveyor, const EntityDrawContext& context) {
    // The tread's ridges move 2 pixels a frame at 8 frames per animation second: scaling the clock by the
    // speed moves them at the belt's speed (16 pixels a tile). A belt to the left plays the frames
    // backwards.
    constexpr double cycle = 0.5;  // the 4 frames at 8 per second
    const double speed = conveyor.carry_vx();
    const double forward = std::fmod(context.seconds * std::abs(speed), cycle);
    const double backward = cycle - forward - 1e-6;
    const double along = speed >= 0 ? forward : backward, against = speed >= 0 ? backward : forward;
    const int top = context.py(context.y - 0.5);
    // The frame's underside: a dark lip over the top of whatever lies below (the grass of the floor a
    // belt is set into).
    SDL_SetRenderDrawColor(context.renderer, 30, 32, 53, 255);
    const SDL_Rect lip{context.px(context.x - conveyor.half_width()) + 1, top + tile_px,
                       conveyor.width * tile_px - 2, 3};
    SDL_RenderFillRect(context.renderer, &lip);
    for (int column = 0; column < conveyor.width; ++column) {
        const int left = context.px(context.x - conveyor.half_width() + column);
        const bool first = column == 0, last = column == conveyor.width - 1;
        if (conveyor.width > 1 && first) {
            // The right cap mirrored: its frames play backwards so its tread still moves with the belt.
            context.sheet.draw(context.renderer, Sprite::conveyor_end, against, left, top, tile_px, tile_px,
                               true);
        } else {
            context.sheet.draw(context.renderer, last ? Sprite::conveyor_end : Sprite::conveyor, along, left,
                               top, tile_px, tile_px);
        }
    }
}

void draw_entity(const Saw& saw, const EntityDrawContext& context) {
    if (saw.dx != 0 || saw.dy != 0) {
        // The track: a dark slot between its two ends, with a bolt at each.
        SDL_Renderer* renderer = context.renderer;
        const int x0 = context.px(saw.start_x), y0 = context.py(saw.start_y);
        const int x1 = context.px(saw.start_x + saw.dx), y1 = context.py(saw.start_y + saw.dy);
        SDL_SetRenderDrawColor(renderer, 30, 32, 53, 255);
        for (int offset = -1; offset <= 1; ++offset) {
            const bool flat = std::abs(x1 - x0) >= std::abs(y1 - y0);
            SDL_RenderDrawLine(renderer, x0 + (flat ? 0 : offset), y0 + (flat ? offset : 0),
                               x1 + (flat ? 0 : offset), y1 + (flat ? offset : 0));
        }
        SDL_SetRenderDrawColor(renderer, 74, 79, 114, 255);
        for (const auto& [x, y] : {std::pair{x0, y0}, std::pair{x1, y1}}) {
            const SDL_Rect bolt{x - 2, y - 2, 5, 5};
            SDL_RenderFillRect(renderer, &bolt);
        }
    }
    context.sheet.draw(context.renderer, Sprite::saw, context.seconds, context.px(context.x) - tile_px / 2,
                       context.py(context.y) - tile_px / 2, tile_px, tile_px);
}

}  // namespace qs
