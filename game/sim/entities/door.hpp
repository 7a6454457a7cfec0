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
        v("open", self.open, FieldFlag::editable);
        v("height", self.height, editable(1, max_level_side, "tiles"));
    }
    /// A column `height` tiles tall hanging from the top tile, solid while closed.
    StillBox still_box() const { return {0.5, height * 0.5, height * 0.5 - 0.5, !open}; }
    void create_body(World& world, EntityRef self);
    /// Called by a switch.
    void toggle(World& world, EntityRef self);
};

}  // namespace qs
