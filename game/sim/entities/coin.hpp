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
    static constexpr bool marks_own_changes = true;  ///< see MarksOwnChanges (entity_traits.hpp)
    static constexpr bool idle_until_touched = true;  ///< react() only acts while the player touches it

    BodyState state;
    int value = 1;

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
        v("value", self.value, editable(0, 10000));
    }
    /// Counts into the level's coin total.
    void on_level_start(World& world, EntityRef self);
    void react(World& world, EntityRef self);
};

}  // namespace qs
