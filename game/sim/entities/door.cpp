// door behaviour: a fixed body that is enabled while the door is closed.
#include "game/sim/entities/door.hpp"

#include <box2d/box2d.h>

#include "game/sim/world.hpp"

namespace qs {

void Door::create_body(World& world, EntityRef self) {
    world.make_still_body(self, state, still_box());
}

void Door::toggle(World& world, EntityRef self) {
    open = !open;
    if (b2Body* body = world.body(self)) body->SetEnabled(!open);
    world.emit_sound(Sound::switch_flip);
}

}  // namespace qs
