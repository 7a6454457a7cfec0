// camera_area: a w x h tile rectangle whose top-left tile is the spawning pixel's tile; while the player is
// inside it, the camera stays inside it.
#pragma once

#include "engine/camera.hpp"
#include "game/sim/body_state.hpp"
#include "game/sim/entity_ref.hpp"

namespace qs {

struct CameraArea {
    static constexpr const char* type_name = "camera_area";
    static constexpr bool placeable = true;
    static constexpr double half_width = 0.5, half_height = 0.5;

    BodyState state;
    int w = 30;  ///< tiles
    int h = 17;

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
        v("w", self.w, editable(1, max_level_side, "tiles"));
        v("h", self.h, editable(1, max_level_side, "tiles"));
    }
    /// The area in world units.
    WorldRect area() const;
};

}  // namespace qs
