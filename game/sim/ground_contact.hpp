// GroundContact: what World::probe_ground finds under a body's feet (tiles, solid entities, a platform).
#pragma once

#include "game/sim/entity_ref.hpp"

namespace qs {

/// What is under a body's feet.
struct GroundContact {
    bool grounded = false;
    bool ice = false;           ///< standing on ice (only)
    bool one_way_only = false;  ///< everything underfoot is one-way (down + jump drops through)
    EntityRef platform;         ///< the rider-carrying entity underfoot (a platform), if any
    double platform_vx = 0, platform_vy = 0;
};

}  // namespace qs
