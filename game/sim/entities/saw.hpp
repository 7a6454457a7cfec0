// saw: a spinning blade that travels back and forth between its start and start + (dx, dy) at `speed`
// tiles/s while active (a still saw with no travel or speed 0). It passes through everything; a player
// who touches its blade takes a hazard, as on spikes: a heart, and carried back to the last safe footing.
#pragma once

#include "game/sim/body_state.hpp"
#include "game/sim/entity_ref.hpp"

namespace qs {

class World;

struct Saw {
    static constexpr const char* type_name = "saw";
    static constexpr bool placeable = true;
    /// The blade's box is a little inside its tile-sized drawing, so a graze of the teeth's tips is
    /// forgiven.
    static constexpr double half_width = 0.38, half_height = 0.38;
    /// The longest travel on either axis, tiles.
    static constexpr double max_travel = 64;

    BodyState state;
    double dx = 4, dy = 0;  ///< travel, tiles
    double speed = 3;       ///< tiles per second
    bool active = true;
    double start_x = 0, start_y = 0;  ///< where it spawned (set when the level is built)
    double progress = 0;              ///< 0 at the start, 1 at the far end
    int direction = 1;                ///< +1 towards the far end, -1 back

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
        v("dx", self.dx, editable(-max_travel, max_travel, "tiles"));
        v("dy", self.dy, editable(-max_travel, max_travel, "tiles"));
        v("speed", self.speed, editable(0, 20, "tiles/s"));
        v("active", self.active, FieldFlag::editable);
        v("start_x", self.start_x, within(-max_coordinate, max_coordinate, "tiles"));
        v("start_y", self.start_y, within(-max_coordinate, max_coordinate, "tiles"));
        v("progress", self.progress, within(0, 1));
        v("direction", self.direction, within(-1, 1));
    }
    /// Its travel starts where the level placed it.
    void on_level_start(World& world, EntityRef self);
    /// Moves one tick along its travel, turning at either end.
    void think(World& world, EntityRef self);
    /// A player touching the blade takes a hazard (not while invulnerable just after one).
    void react(World& world, EntityRef self);
    void toggle(World&, EntityRef) { active = !active; }
};

}  // namespace qs
