// platform behaviour: a kinematic body driven back and forth along its travel.
#include "game/sim/entities/platform.hpp"

#include <box2d/box2d.h>

#include "game/sim/travel.hpp"
#include "game/sim/world.hpp"

namespace qs {

void Platform::on_level_start(World&, EntityRef) {
    start_x = state.x;
    start_y = state.y;
}

void Platform::create_body(World& world, EntityRef self) {
    world.make_box_body(self, state, World::BodyKind::kinematic, half_width(), half_height,
                        collision::solid_entity, collision::player | collision::enemy);
}

void Platform::think(World& world, EntityRef self) {
    b2Body* const body = world.body(self);
    if (!body) return;
    if (!advance_travel(progress, direction, dx, dy, speed, active, World::tick_seconds)) {
        body->SetLinearVelocity(b2Vec2(0, 0));
        return;
    }
    double target_x = start_x + dx * progress;
    double target_y = start_y + dy * progress;
    body->SetLinearVelocity(b2Vec2(static_cast<float>((target_x - state.x) / World::tick_seconds),
                                   static_cast<float>((target_y - state.y) / World::tick_seconds)));
}

}  // namespace qs
