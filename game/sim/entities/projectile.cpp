// projectile behaviour: straight flight, hurts the player, erased on any hit or when it leaves the level.
#include "game/sim/entities/projectile.hpp"

#include "game/sim/world.hpp"

namespace qs {

void Projectile::think(World&, EntityRef) {
    ++age;
    state.x += state.vx * World::tick_seconds;
    state.y += state.vy * World::tick_seconds;
}

void Projectile::react(World& world, EntityRef self) {
    const TileGrid& tiles = world.level().tiles;
    bool outside = state.x < -1 || state.y < -1 || state.x > tiles.width + 1 || state.y > tiles.height + 1;
    if (outside || age > world.tuning().projectile_max_age || world.solid_at(state.x, state.y) ||
        world.entity_solid_at(state.x, state.y)) {
        world.erase(self);
        return;
    }
    if (Player* player = world.player_touching(state.x, state.y, half_width, half_height)) {
        player->hurt(world, world.game.player, state.x - state.vx);
        world.erase(self);
    }
}

}  // namespace qs
