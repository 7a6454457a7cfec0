// conveyor behaviour: a still kinematic body; the ground probe reads carry_vx() for whoever stands on it.
#include "game/sim/entities/conveyor.hpp"

#include "game/sim/world.hpp"

namespace qs {

void Conveyor::create_body(World& world, EntityRef self) {
    world.make_box_body(self, state, World::BodyKind::kinematic, half_width(), half_height,
                        collision::solid_entity, collision::player | collision::enemy);
}

}  // namespace qs
