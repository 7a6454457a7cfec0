// crumble: a solid tile that gives way. Once the player stands on it, it shakes for `delay` ticks and
// falls away; `respawn` ticks after the fall, when the player is not in its place, it is back.
#pragma once

#include "game/sim/body_state.hpp"
#include "game/sim/entity_ref.hpp"

namespace qs {

class World;

struct Crumble {
    static constexpr const char* type_name = "crumble";
    static constexpr bool placeable = true;
    static constexpr double half_width = 0.5, half_height = 0.5;

    /// Where it is in its cycle.
    enum Phase : int { solid = 0, shaking = 1, fallen = 2 };

    BodyState state;
    int delay = 30;       ///< ticks it shakes after the player first stands on it, then it falls
    int respawn = 120;    ///< ticks after the fall before it may come back
    int phase = solid;    ///< a Phase
    int phase_ticks = 0;  ///< ticks spent in the phase (shaking, fallen)

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
        v("delay", self.delay, editable(1, 600, "ticks"));
        v("respawn", self.respawn, editable(1, 3600, "ticks"));
        v("phase", self.phase, within(solid, fallen));
        v("phase_ticks", self.phase_ticks, within(0, 3600, "ticks"));
    }
    /// Blocks while it is there (solid or shaking).
    bool present() const { return phase != fallen; }
    /// Its body: its tile, solid while present.
    StillBox still_box() const { return {half_width, half_height, 0, present()}; }
    void create_body(World& world, EntityRef self);
    /// Starts shaking under the player's feet, falls after `delay`, comes back after `respawn`.
    void think(World& world, EntityRef self);
};

}  // namespace qs
