// switch: when the player steps onto it, it flips and toggles every entity in `targets` (doors open or
// close, platforms and turrets start or stop). Targets are references by SlotMap key.
#pragma once

#include <string_view>

#include "game/sim/body_state.hpp"
#include "game/sim/entity_ref.hpp"
#include "game/sim/entity_traits.hpp"

namespace qs {

class World;

struct Switch {
    static constexpr const char* type_name = "switch";
    static constexpr bool placeable = true;
    static constexpr double half_width = 0.45, half_height = 0.5;
    static constexpr bool marks_own_changes = true;  ///< see MarksOwnChanges (entity_traits.hpp)
    static constexpr bool idle_until_touched = true;  ///< react() only acts while the player touches it

    BodyState state;
    EntityRefList targets;
    bool on = false;
    bool touching = false;  ///< the player overlapped it last tick (toggles on a new touch only)

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
        v("targets", self.targets, FieldFlag::editable);
        v("on", self.on, FieldFlag::editable);
        v("touching", self.touching);
    }
    /// Whether a reference field may name an entity of type Target (checked when a level is loaded):
    /// `targets` takes every type a switch can toggle.
    template <class Target>
    static constexpr bool accepts_reference(std::string_view field) {
        return field == "targets" && Toggleable<Target>;
    }
    void react(World& world, EntityRef self);
    /// Still pressed: react() must run until the player has left it (then touching turns false).
    bool reacts_untouched() const { return touching; }
};

}  // namespace qs
