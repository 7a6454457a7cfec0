// walker: an enemy that patrols (box movement, no Box2D body), turning at walls and ledges; stomped from
// above it dies (erased from the SlotMap) and bounces the player; touched from the side it hurts.
#pragma once

#include "game/sim/body_state.hpp"
#include "game/sim/entity_ref.hpp"

namespace qs {

class World;

struct Walker {
    static constexpr const char* type_name = "walker";
    static constexpr bool placeable = true;
    static constexpr double half_width = 0.4, half_height = 0.4;

    BodyState state;
    double speed = 2;  ///< tiles per second
    int facing = -1;   ///< -1 left, +1 right
    bool grounded = false;

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
        v("speed", self.speed, editable(0, 25, "tiles/s"));
        v("facing", self.facing, editable(-1, 1));
        v("grounded", self.grounded);
    }
    void think(World& world, EntityRef self);
};

}  // namespace qs
