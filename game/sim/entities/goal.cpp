// goal behaviour: completes the level on touch.
#include "game/sim/entities/goal.hpp"

#include "game/sim/world.hpp"

namespace qs {

void Goal::react(World& world, EntityRef) {
    if (world.game.completed || !world.player_touching(state.x, state.y, half_width, half_height)) return;
    world.game.completed = true;
    world.emit_sound(Sound::goal);
    world.emit(WorldEvent::Kind::completed);
}

}  // namespace qs
