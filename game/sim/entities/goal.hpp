// goal: touching it completes the level (headless: "complete: <level> tick <t>"; window: results screen).
#pragma once

#include "game/sim/body_state.hpp"
#include "game/sim/entity_ref.hpp"

namespace qs {

class World;

struct Goal {
    static constexpr const char* type_name = "goal";
    static constexpr bool placeable = true;
    static constexpr double half_width = 0.4, half_height = 0.5;

    BodyState state;

    template <class V>
    void fields(V& v) {
        state.fields(v);
    }
    void react(World& world, EntityRef self);
};

}  // namespace qs
