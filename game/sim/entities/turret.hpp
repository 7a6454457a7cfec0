// turret: every `interval` ticks while active, fires a projectile in `direction` (-1 left, +1 right);
// each projectile references this turret as its shooter.
#pragma once

#include "game/sim/body_state.hpp"
#include "game/sim/entity_ref.hpp"

namespace qs {

class World;

struct Turret {
    static constexpr const char* type_name = "turret";
    static constexpr bool placeable = true;
    static constexpr double half_width = 0.5, half_height = 0.5;

    BodyState state;
    int interval = 90;      ///< ticks between shots
    double shot_speed = 6;  ///< tiles per second
    int direction = -1;
    bool active = true;
    int cooldown = 30;  ///< ticks until the next shot
    int shots_fired = 0;

    template <class V>
    void fields(V& v) {
        state.fields(v);
        v("interval", interval, FieldFlag::editable);
        v("shot_speed", shot_speed, FieldFlag::editable);
        v("direction", direction, FieldFlag::editable);
        v("active", active, FieldFlag::editable);
        v("cooldown", cooldown, FieldFlag::editable);
        v("shots_fired", shots_fired);
    }
    void create_body(World& world, EntityRef self);
    void think(World& world, EntityRef self);
    void toggle(World&) { active = !active; }
};

}  // namespace qs
