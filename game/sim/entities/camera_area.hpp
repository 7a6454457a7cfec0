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
        state.fields(v);
        v("w", w, FieldFlag::editable);
        v("h", h, FieldFlag::editable);
    }
    /// The area in world units.
    WorldRect area() const;
};

}  // namespace qs
