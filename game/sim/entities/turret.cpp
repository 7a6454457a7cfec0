// turret behaviour: a fixed block that fires projectiles at intervals.
#include "game/sim/entities/turret.hpp"

#include "game/sim/world.hpp"

namespace qs {

void Turret::create_body(World& world, EntityRef self) {
    world.make_still_body(self, state, still_box());
}

void Turret::think(World& world, EntityRef self) {
    if (!active) return;
    if (--cooldown > 0) return;
    cooldown = interval;
    Projectile shot;
    shot.shooter = self;
    shot.state.x = state.x + direction * (half_width + Projectile::half_width + 0.05);
    shot.state.y = state.y;
    shot.state.vx = direction * shot_speed;
    if (!world.spawn(shot)) return;  // the world is full: no shot this time
    ++shots_fired;
    world.emit_sound(Sound::shoot);
}

}  // namespace qs
