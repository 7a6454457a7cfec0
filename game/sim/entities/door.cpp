// door behaviour: a fixed body that is enabled while the door is closed.
#include "game/sim/entities/door.hpp"

#include <box2d/box2d.h>

#include "game/sim/world.hpp"

namespace qs {

void Door::create_body(World& world, EntityRef self) {
    double half_h = height * 0.5;
    state.body =
        world.make_box_body(self, state, World::BodyKind::fixed, 0.5, half_h, collision::solid_entity,
                            collision::player | collision::enemy, half_h - 0.5);
    state.body->SetEnabled(!open);
}

void Door::toggle(World& world) {
    open = !open;
    if (state.body) state.body->SetEnabled(!open);
    world.emit_sound(Sound::switch_flip);
}

}  // namespace qs
