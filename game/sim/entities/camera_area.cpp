// camera_area geometry.
#include "game/sim/entities/camera_area.hpp"

#include <cmath>

namespace qs {

WorldRect CameraArea::area() const {
    double left = std::floor(state.x), top = std::floor(state.y);
    return {left, top, left + w, top + h};
}

}  // namespace qs
