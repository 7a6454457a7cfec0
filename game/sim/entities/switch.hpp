// switch: when the player steps onto it, it flips and toggles every entity in `targets` (doors open or
// close, platforms and turrets start or stop). Targets are references by SlotMap key.
#pragma once

#include <string_view>

#include "game/sim/body_state.hpp"
#include "game/sim/entity_ref.hpp"

namespace qs {

class World;

struct Switch {
    static constexpr const char* type_name = "switch";
    static constexpr double half_width = 0.45, half_height = 0.5;

    BodyState state;
    EntityRefList targets;
    bool on = false;
    bool touching = false;  ///< the player overlapped it last tick (toggles on a new touch only)

    template <class V>
    void fields(V& v) {
        state.fields(v);
        v("targets", targets, FieldFlag::editable);
        v("on", on, FieldFlag::editable);
        v("touching", touching);
    }
    /// Which prefabs a reference field may name (checked when a level is loaded).
    static bool accepts_reference(std::string_view field, std::string_view prefab) {
        return field == "targets" && (prefab == "door" || prefab == "platform" || prefab == "turret");
    }
    void react(World& world, EntityRef self);
};

}  // namespace qs
