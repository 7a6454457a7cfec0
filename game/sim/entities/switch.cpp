// switch behaviour: a new touch flips it and toggles its targets.
#include "game/sim/entities/switch.hpp"

#include "game/sim/world.hpp"

namespace qs {

void Switch::react(World& world, EntityRef self) {
    bool now = world.player_touching(state.x, state.y, half_width, half_height) != nullptr;
    if (now != touching) world.mark_changed(self);
    if (now && !touching) {
        on = !on;
        world.emit_sound(Sound::switch_flip);
        for (EntityRef target : targets.refs) {
            if (Entity* entity = world.get_entity(target)) {
                std::visit(
                    [&]<class T>(T& e) {
                        if constexpr (Toggleable<T>) e.toggle(world, target);
                    },
                    *entity);
            }
        }
    }
    touching = now;
}

}  // namespace qs
