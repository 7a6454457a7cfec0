// The physical state every entity carries: centre position and velocity in tiles (y down), angle,
// angular velocity and awake flag, and which sprite placement of the level it was built from. Saved with the
// entity; the Box2D body is rebuilt from it.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

#include "engine/fields.hpp"

namespace qs {

/// Ranges shared by several field lists (values read from saves and .lvl files are checked against them).
inline constexpr double max_coordinate = 1e6;           ///< |x|, |y| of anything, tiles
inline constexpr double max_speed = 1e4;                ///< |velocity| of anything, tiles/s
inline constexpr double max_level_side = 4096;          ///< sizes and travels measured in tiles
inline constexpr double max_countdown_ticks = 36000;    ///< tick counters and intervals (10 minutes)
inline constexpr double max_placement_index = 1 << 24;  ///< a level's sprite placements (far above its limit)

/// The tile column or row of a coordinate, clamped far outside any level first, so no value can make the
/// conversion to int undefined (outside the grid every tile is empty anyway).
inline int to_tile(double coordinate) {
    constexpr double limit = 1 << 30;
    if (!(coordinate > -limit)) return static_cast<int>(-limit);  // also NaN
    if (coordinate > limit) return static_cast<int>(limit);
    return static_cast<int>(std::floor(coordinate));
}

/// The one solid box a still entity (a door, a turret) has: a static Box2D body that never moves, whose
/// fixture's centre sits `offset_y` below the entity's centre, blocking player and enemies while `solid`.
/// The World asks this box (game/sim/still_fixture.hpp), not Box2D, and keeps the body in Box2D only near
/// the player, where it can touch the player's body.
struct StillBox {
    double half_width = 0.5, half_height = 0.5, offset_y = 0;
    bool solid = true;
};

struct BodyState {
    double x = 0, y = 0;         ///< centre, tiles
    double vx = 0, vy = 0;       ///< tiles per second
    double angle = 0, spin = 0;  ///< radians, radians per second
    bool awake = true;
    /// The index of the sprite placement (LevelData::placements) the level built it from; -1 for an entity
    /// the game spawned in play (a projectile). Saves use it to carry an entity into an edited level.
    std::int32_t placement = -1;

    /// Whether the saved fields hold the same bits (so -0.0 differs from 0.0: exactness, not arithmetic).
    bool same_fields(const BodyState& other) const {
        auto same = [](double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; };
        return same(x, other.x) && same(y, other.y) && same(vx, other.vx) && same(vy, other.vy) &&
               same(angle, other.angle) && same(spin, other.spin) && awake == other.awake;
    }

    template <class V>
    void fields(V& v) {
        fields_of(*this, v);
    }
    template <class V>
    void fields(V& v) const {
        fields_of(*this, v);
    }
    template <class Self, class V>
    static void fields_of(Self& self, V& v) {
        v("x", self.x, within(-max_coordinate, max_coordinate, "tiles"));
        v("y", self.y, within(-max_coordinate, max_coordinate, "tiles"));
        v("vx", self.vx, within(-max_speed, max_speed, "tiles/s"));
        v("vy", self.vy, within(-max_speed, max_speed, "tiles/s"));
        v("angle", self.angle, within(-1e4, 1e4, "radians"));
        v("spin", self.spin, within(-1e4, 1e4, "radians/s"));
        v("awake", self.awake);
        v("placement", self.placement, within(-1, max_placement_index));
    }
};

}  // namespace qs
