// coin behaviour: collected on touch.
#include "game/sim/entities/coin.hpp"

#include "game/sim/world.hpp"

namespace qs {

void Coin::on_level_start(World& world, EntityRef) {
    world.game.coins_total += value;
}

void Coin::react(World& world, EntityRef self) {
    if (!world.player_touching(state.x, state.y, half_width, half_height)) return;
    world.game.coins += value;
    world.emit_sound(Sound::coin);
    world.erase(self);
}

}  // namespace qs
