// checkpoint behaviour: becomes the player's respawn point on touch.
#include "game/sim/entities/checkpoint.hpp"

#include "game/sim/world.hpp"

namespace qs {

void Checkpoint::react(World& world, EntityRef self) {
    if (active) return;
    Player* player = world.player_touching(state.x, state.y, half_width, half_height);
    if (!player) return;
    if (auto* previous = world.get<Checkpoint>(world.game.checkpoint)) previous->active = false;
    active = true;
    world.mark_changed(self);
    world.game.checkpoint = self;
    player->checkpoint = self;
    world.emit_sound(Sound::checkpoint);
    world.emit_toast("Checkpoint");
}

}  // namespace qs
