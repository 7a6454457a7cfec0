// Back-and-forth travel, shared by the entities that move between their start and start + (dx, dy): one
// tick's step of the progress along the travel, turning at either end.
#pragma once

#include <cmath>

namespace qs {

/// Advances `progress` (0 at the start, 1 at the far end) by one tick of `seconds` at `speed` tiles/s along
/// a travel of (dx, dy) tiles, in `direction` (+1 out, -1 back), turning at either end. Returns false and
/// changes nothing when the travel does not move (inactive, no length or no speed).
inline bool advance_travel(double& progress, int& direction, double dx, double dy, double speed, bool active,
                           double seconds) {
    const double length = std::hypot(dx, dy);
    if (!active || length <= 0 || speed <= 0) return false;
    progress += direction * speed * seconds / length;
    if (progress >= 1) {
        progress = 1;
        direction = -1;
    } else if (progress <= 0) {
        progress = 0;
        direction = 1;
    }
    return true;
}

}  // namespace qs
