// crumble behaviour: a still body, enabled while the ledge is there, and the solid → shaking → fallen cycle.
#include "game/sim/entities/crumble.hpp"

#include <cmath>

#include <box2d/box2d.h>

#include "game/sim/world.hpp"

namespace qs {

void Crumble::create_body(World& world, EntityRef self) {
    world.make_still_body(self, state, still_box());
}

void Crumble::think(World& world, EntityRef self) {
    const Player* player = world.find<Player>(world.game.player);
    const bool player_here = player && player->alive() && !player->returning();
    switch (phase) {
        case solid: {
            // Standing on it: on the ground, feet at its top, overlapping it across.
            if (!player_here || !player->grounded) return;
            const double feet = player->state.y + Player::half_height;
            const double top = state.y - half_height;
            if (std::abs(feet - top) > 0.08 ||
                std::abs(player->state.x - state.x) >= half_width + Player::half_width - 0.02)
                return;
            phase = shaking;
            phase_ticks = 0;
            world.mark_changed(self);
            world.emit_sound(Sound::crumble);
            return;
        }
        case shaking:
            if (++phase_ticks < delay) return;
            phase = fallen;
            phase_ticks = 0;
            if (b2Body* body = world.body(self)) body->SetEnabled(false);
            world.emit_sound(Sound::crumble);
            return;
        default:
            if (phase_ticks < respawn) ++phase_ticks;
            if (phase_ticks < respawn) return;
            // Back only where it would not trap the player.
            if (player &&
                boxes_overlap(player->state.x, player->state.y, Player::half_width + 0.05,
                              Player::half_height + 0.05, state.x, state.y, half_width, half_height))
                return;
            phase = solid;
            phase_ticks = 0;
            if (b2Body* body = world.body(self)) body->SetEnabled(true);
            return;
    }
}

}  // namespace qs
