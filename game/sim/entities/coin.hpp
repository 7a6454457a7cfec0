// coin: collected when the player touches it (adds `value` to the coin count), then erased from the SlotMap.
#pragma once

#include "game/sim/body_state.hpp"
#include "game/sim/entity_ref.hpp"

namespace qs {

class World;

struct Coin {
    static constexpr const char* type_name = "coin";
    static constexpr bool placeable = true;
    static constexpr double half_width = 0.3, half_height = 0.3;

    BodyState state;
    int value = 1;

    template <class V>
    void fields(V& v) {
        state.fields(v);
        v("value", value, FieldFlag::editable);
    }
    /// Counts into the level's coin total.
    void on_level_start(World& world, EntityRef self);
    void react(World& world, EntityRef self);
};

}  // namespace qs
