// door: a solid column `height` tiles tall (top tile at the spawning pixel) while closed; switches toggle it.
#pragma once

#include "game/sim/body_state.hpp"
#include "game/sim/entity_ref.hpp"

namespace qs {

class World;

struct Door {
    static constexpr const char* type_name = "door";
    static constexpr bool placeable = true;
    static constexpr double half_width = 0.5, half_height = 0.5;

    BodyState state;
    bool open = false;
    int height = 2;  ///< tiles, downwards from the spawning pixel

    template <class V>
    void fields(V& v) {
        state.fields(v);
        v("open", open, FieldFlag::editable);
        v("height", height, FieldFlag::editable);
    }
    void create_body(World& world, EntityRef self);
    /// Called by a switch.
    void toggle(World& world);
};

}  // namespace qs
