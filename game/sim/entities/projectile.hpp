// projectile: flies straight from its turret (`shooter`), hurts the player on contact, and is erased from
// the SlotMap when it hits something or leaves the level.
#pragma once

#include "game/sim/body_state.hpp"
#include "game/sim/entity_ref.hpp"

namespace qs {

class World;

struct Projectile {
    static constexpr const char* type_name = "projectile";
    static constexpr bool placeable = false;  ///< only turrets spawn it
    static constexpr double half_width = 0.2, half_height = 0.2;
    static constexpr bool marks_own_changes = true;  ///< see MarksOwnChanges (entity_traits.hpp)

    BodyState state;
    EntityRef shooter;
    int age = 0;  ///< ticks since it was fired

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
        v("shooter", self.shooter);
        v("age", self.age, within(0, 1000000, "ticks"));
    }
    void think(World& world, EntityRef self);
    void react(World& world, EntityRef self);
};

}  // namespace qs
