// door behaviour: a fixed body that is enabled while the door is closed.
#include "game/sim/entities/door.hpp"

#include <box2d/box2d.h>

#include "game/sim/world.hpp"

namespace qs {

void Door::create_body(World& world, EntityRef self) {
    state.body = world.make_still_body(self, state, still_box());
}

void Door::toggle(World& world) {
    open = !open;
    if (state.body) state.body->SetEnabled(!open);
    world.emit_sound(Sound::switch_flip);
}

}  // namespace qs
