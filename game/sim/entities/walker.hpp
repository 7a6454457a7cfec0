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
        state.fields(v);
        v("speed", speed, FieldFlag::editable);
        v("facing", facing, FieldFlag::editable);
        v("grounded", grounded);
    }
    void think(World& world, EntityRef self);
};

}  // namespace qs
