// platform: a solid `width` x 1 tile ledge that travels back and forth between its start and start + (dx, dy)
// at `speed` tiles/s while active, carrying whoever stands on it.
#pragma once

#include "game/sim/body_state.hpp"
#include "game/sim/entity_ref.hpp"

namespace qs {

class World;

struct Platform {
    static constexpr const char* type_name = "platform";
    static constexpr bool placeable = true;
    static constexpr double half_height = 0.5;
    static constexpr bool carries_riders = true;  ///< whoever stands on it moves with it

    BodyState state;
    double dx = 4, dy = 0;  ///< travel, tiles
    double speed = 2;       ///< tiles per second
    int width = 3;          ///< tiles
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
        v("dx", self.dx, editable(-max_level_side, max_level_side, "tiles"));
        v("dy", self.dy, editable(-max_level_side, max_level_side, "tiles"));
        v("speed", self.speed, editable(0, 60, "tiles/s"));
        v("width", self.width, editable(1, max_level_side, "tiles"));
        v("active", self.active, FieldFlag::editable);
        v("start_x", self.start_x, within(-max_coordinate, max_coordinate, "tiles"));
        v("start_y", self.start_y, within(-max_coordinate, max_coordinate, "tiles"));
        v("progress", self.progress, within(0, 1));
        v("direction", self.direction, within(-1, 1));
    }
    double half_width() const { return width * 0.5; }
    /// Its travel starts where the level placed it.
    void on_level_start(World& world, EntityRef self);
    void create_body(World& world, EntityRef self);
    void think(World& world, EntityRef self);
    void toggle(World&, EntityRef) { active = !active; }
};

}  // namespace qs
