// The physical state every entity carries: centre position and velocity in tiles (y down), angle,
// angular velocity and awake flag. Saved with the entity; the Box2D body is rebuilt from it.
#pragma once

#include "engine/fields.hpp"

class b2Body;

namespace qs {

struct BodyState {
    double x = 0, y = 0;         ///< centre, tiles
    double vx = 0, vy = 0;       ///< tiles per second
    double angle = 0, spin = 0;  ///< radians, radians per second
    bool awake = true;

    b2Body* body = nullptr;         ///< this entity's own Box2D body (runtime only, rebuilt on load), or none
    double prev_x = 0, prev_y = 0;  ///< position one tick ago, for interpolated drawing (not state)

    template <class V>
    void fields(V& v) {
        v("x", x);
        v("y", y);
        v("vx", vx);
        v("vy", vy);
        v("angle", angle);
        v("spin", spin);
        v("awake", awake);
    }
};

}  // namespace qs
