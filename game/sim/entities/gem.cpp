// gem behaviour: collected on the first touch, then drawn no more.
#include "game/sim/entities/gem.hpp"

#include "game/sim/world.hpp"

namespace qs {

void Gem::react(World& world, EntityRef self) {
    if (collected || !world.player_touching(state.x, state.y, half_width, half_height)) return;
    collected = true;
    world.mark_changed(self);
    world.emit_sound(Sound::gem);
}

}  // namespace qs
