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
    static constexpr bool marks_own_changes = true;  ///< see MarksOwnChanges (entity_traits.hpp)
    static constexpr bool idle_until_touched = true;  ///< react() only acts while the player touches it

    BodyState state;

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
    }
    void react(World& world, EntityRef self);
};

}  // namespace qs
