// walker behaviour: patrol under its own gravity with simple box movement against tiles and solid
// entities (no Box2D body: enemies stay cheap in number and in quickload cost), turning at walls and ledges.
#include "game/sim/entities/walker.hpp"

#include <algorithm>
#include <cmath>

#include "game/sim/world.hpp"

namespace qs {

void Walker::think(World& world, EntityRef) {
    const Tuning& tuning = world.tuning();
    // Fallen far below the level: nothing left to land on, so it stops there (its position stays within
    // the range a save may hold, however long the game runs).
    if (state.y > world.level().tiles.height + 64) {
        state.vx = state.vy = 0;
        return;
    }
    double bottom = state.y + half_height;
    GroundContact ground = world.probe_ground(state.x, bottom, half_width, true);
    grounded = ground.grounded && state.vy >= ground.platform_vy - 0.5;

    double ahead_x = state.x + facing * (half_width + 0.05);
    bool wall = world.box_blocked(ahead_x, state.y, 0.04, half_height - 0.05);
    bool ledge = false;
    if (grounded) {
        GroundContact ahead = world.probe_ground(ahead_x + facing * 0.05, bottom, 0.05, true);
        ledge = !ahead.grounded;
    }
    if (wall || ledge) facing = -facing;

    double vy = grounded
                    ? ground.platform_vy
                    : std::min(state.vy + tuning.gravity * tuning.fall_gravity_factor * World::tick_seconds,
                               tuning.max_fall_speed);
    double vx = facing * speed + (grounded ? ground.platform_vx : 0.0);
    double x = state.x, y = state.y;
    World::MoveResult moved =
        world.move_box(x, y, half_width, half_height, vx * World::tick_seconds, vy * World::tick_seconds);
    if (moved.blocked_x) facing = -facing;
    if (moved.blocked_y) vy = 0;
    state.vx = (x - state.x) / World::tick_seconds;
    state.vy = vy;
    state.x = x;
    state.y = y;
}

}  // namespace qs
