// walker behaviour: patrol, turning at walls and ledges, under its own gravity.
#include "game/walker.hpp"

#include <algorithm>

#include <box2d/box2d.h>

#include "game/world.hpp"

namespace qs {

void Walker::create_body(World& world, EntityRef self) {
    state.body = world.make_box_body(self, state, World::BodyKind::dynamic, half_width, half_height,
                                     collision::enemy, collision::terrain | collision::solid_entity);
}

void Walker::think(World& world, EntityRef) {
    if (!state.body) return;
    const Tuning& tuning = world.tuning();
    double bottom = state.y + half_height;
    GroundContact ground = world.probe_ground(state.x, bottom, half_width, true);
    grounded = ground.grounded && state.vy >= -0.01;
    double ahead_x = state.x + facing * (half_width + 0.08);
    bool wall = world.solid_at(ahead_x, state.y) || world.entity_solid_at(ahead_x, state.y);
    bool ledge = false;
    if (grounded) {
        std::uint8_t below = world.tile(static_cast<int>(std::floor(ahead_x)), static_cast<int>(std::floor(bottom + 0.3)));
        ledge = !tile_is_solid(below) && below != static_cast<std::uint8_t>(TileType::oneway) &&
                !world.entity_solid_at(ahead_x, bottom + 0.3);
    }
    if (wall || ledge) facing = -facing;
    double vy = state.vy + tuning.gravity * tuning.fall_gravity_factor * World::tick_seconds;
    if (grounded) vy = std::max(vy, ground.platform_vy);
    vy = std::min(vy, tuning.max_fall_speed);
    double vx = facing * speed + (grounded ? ground.platform_vx : 0.0);
    state.body->SetLinearVelocity(b2Vec2(static_cast<float>(vx), static_cast<float>(vy)));
}

}  // namespace qs
