// Collision categories of the Box2D fixtures, and the box overlap test entities use against each other.
#pragma once

#include <cstdint>

namespace qs {

/// Collision categories of Box2D fixtures.
namespace collision {
inline constexpr std::uint16_t terrain = 1, player = 2, enemy = 4, solid_entity = 8;
}

/// Axis-aligned overlap of two centred boxes.
inline bool boxes_overlap(double ax, double ay, double ahw, double ahh, double bx, double by, double bhw,
                          double bhh) {
    return ax - ahw < bx + bhw && bx - bhw < ax + ahw && ay - ahh < by + bhh && by - bhh < ay + ahh;
}

}  // namespace qs
