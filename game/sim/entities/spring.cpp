// spring behaviour: launches the player upwards on touch from above, then stays squashed for a moment.
#include "game/sim/entities/spring.hpp"

#include <box2d/box2d.h>

#include "game/sim/world.hpp"

namespace qs {

void Spring::react(World& world, EntityRef self) {
    if (squash_ticks > 0) {
        --squash_ticks;
        world.mark_changed(self);
        return;
    }
    const Player* seen = world.find<Player>(world.game.player);
    if (!seen || !seen->alive() || seen->returning() || !world.body(world.game.player)) return;
    if (!boxes_overlap(seen->state.x, seen->state.y, Player::half_width, Player::half_height, state.x,
                       state.y, half_width, half_height))
        return;
    // From above: not rising, and the feet down in the pad's half of the tile.
    const double feet = seen->state.y + Player::half_height;
    if (seen->state.vy < -0.01 || feet < state.y) return;
    Player* player = world.player();
    player->state.vy = -power;
    // A launch is not a jump: releasing the button does not cut it, and no coyote jump or buffered jump
    // follows it.
    player->jumping = false;
    player->grounded = false;
    player->coyote_ticks = 0;
    player->jump_buffer_ticks = 0;
    player->riding = {};
    world.body(world.game.player)
        ->SetLinearVelocity(
            b2Vec2(static_cast<float>(player->state.vx), static_cast<float>(player->state.vy)));
    squash_ticks = squash_length;
    world.mark_changed(self);
    world.emit_sound(Sound::spring);
}

}  // namespace qs
