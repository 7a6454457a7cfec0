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
        fields_of(*this, v);
    }
    template <class V>
    void fields(V& v) const {
        fields_of(*this, v);
    }
    /// The field list (with the range of every number), for a const or a mutable entity.
    template <class Self, class V>
    static void fields_of(Self& self, V& v) {
        self.state.fields(v);
        v("interval", self.interval, editable(1, max_countdown_ticks, "ticks"));
        v("shot_speed", self.shot_speed, editable(0, 60, "tiles/s"));
        v("direction", self.direction, editable(-1, 1));
        v("active", self.active, FieldFlag::editable);
        v("cooldown", self.cooldown, editable(0, max_countdown_ticks, "ticks"));
        v("shots_fired", self.shots_fired, within(0, 1e9));
    }
    StillBox still_box() const { return {half_width, half_height, 0, true}; }
    void create_body(World& world, EntityRef self);
    void think(World& world, EntityRef self);
    void toggle(World&, EntityRef) { active = !active; }
};

}  // namespace qs
