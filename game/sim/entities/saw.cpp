// saw behaviour: moves along its travel without a body; its blade is a hazard to the player.
#include "game/sim/entities/saw.hpp"

#include <cmath>

#include "game/sim/world.hpp"

namespace qs {

void Saw::on_level_start(World&, EntityRef) {
    start_x = state.x;
    start_y = state.y;
}

void Saw::think(World&, EntityRef) {
    const double length = std::hypot(dx, dy);
    if (!active || length <= 0 || speed <= 0) {
        state.vx = state.vy = 0;
        return;
    }
    progress += direction * speed * World::tick_seconds / length;
    if (progress >= 1) {
        progress = 1;
        direction = -1;
    } else if (progress <= 0) {
        progress = 0;
        direction = 1;
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
    player->hazard(world, false);
}

}  // namespace qs
