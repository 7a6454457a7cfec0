// saw behaviour: moves along its travel without a body; its blade is a hazard to the player.
#include "game/sim/entities/saw.hpp"

#include "game/sim/travel.hpp"
#include "game/sim/world.hpp"

namespace qs {

void Saw::on_level_start(World&, EntityRef) {
    start_x = state.x;
    start_y = state.y;
}

void Saw::think(World&, EntityRef) {
    if (!advance_travel(progress, direction, dx, dy, speed, active, World::tick_seconds)) {
        state.vx = state.vy = 0;
        return;
    }
    const double x = start_x + dx * progress;
    const double y = start_y + dy * progress;
    state.vx = (x - state.x) / World::tick_seconds;
    state.vy = (y - state.y) / World::tick_seconds;
    state.x = x;
    state.y = y;
}

void Saw::react(World& world, EntityRef) {
    Player* player = world.player_touching(state.x, state.y, half_width, half_height);
    // Invulnerable: just placed back after a hazard or a respawn, so a saw passing over the safe footing
    // cannot take every heart at once.
    if (!player || player->returning() || player->invulnerable_ticks > 0) return;
    player->hazard(world, world.game.player, false);
}

}  // namespace qs
