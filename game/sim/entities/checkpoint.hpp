// checkpoint: touching it makes it the player's respawn point (the player and the game keep a reference).
#pragma once

#include "game/sim/body_state.hpp"
#include "game/sim/entity_ref.hpp"

namespace qs {

class World;

struct Checkpoint {
    static constexpr const char* type_name = "checkpoint";
    static constexpr bool placeable = true;
    static constexpr double half_width = 0.4, half_height = 0.5;
    static constexpr bool marks_own_changes = true;  ///< see MarksOwnChanges (entity_traits.hpp)
    static constexpr bool idle_until_touched = true;  ///< react() only acts while the player touches it

    BodyState state;
    bool active = false;

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
        v("active", self.active);
    }
    void react(World& world, EntityRef self);
};

}  // namespace qs
