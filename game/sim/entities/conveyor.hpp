// conveyor: a solid `width` x 1 tile belt that never moves itself but carries whoever stands on it (the
// player, walkers) sideways at `speed` tiles/s: positive to the right, negative to the left.
#pragma once

#include "game/sim/body_state.hpp"
#include "game/sim/entity_ref.hpp"

namespace qs {

class World;

struct Conveyor {
    static constexpr const char* type_name = "conveyor";
    static constexpr bool placeable = true;
    static constexpr double half_height = 0.5;
    static constexpr bool carries_riders = true;  ///< whoever stands on it moves at carry_vx()
    /// The fastest belt, tiles/s: below the player's run speed (8.5), so a player can always walk
    /// against a belt, if slowly.
    static constexpr double max_speed = 8;

    BodyState state;
    int width = 3;     ///< tiles
    double speed = 3;  ///< tiles per second; the sign is the direction (+ right, - left)
    bool active = true;

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
        v("width", self.width, editable(1, 64, "tiles"));
        v("speed", self.speed, editable(-max_speed, max_speed, "tiles/s"));
        v("active", self.active, FieldFlag::editable);
    }
    double half_width() const { return width * 0.5; }
    /// The sideways speed it gives whoever stands on it (0 while stopped by a switch).
    double carry_vx() const { return active ? speed : 0.0; }
    /// A kinematic body that stays where the level put it.
    void create_body(World& world, EntityRef self);
    void toggle(World&, EntityRef) { active = !active; }
};

}  // namespace qs
