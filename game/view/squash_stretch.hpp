// Squash and stretch of the player's sprite: tall and thin as a jump leaves the ground, wide and short on
// a landing, easing back within a few ticks. Presentation only: it reads the player, never writes it.
#pragma once

#include <algorithm>
#include <cmath>

namespace qs {

class SquashStretch {
   public:
    /// After each tick: whether the player stands on something and its vertical speed (tiles/s, down > 0).
    void update(bool grounded, double vy) {
        amount_ *= ease_per_tick;
        if (std::abs(amount_) < 0.01) amount_ = 0;
        if (grounded && !was_grounded_ && last_vy_ > land_speed)  // a landing, harder from higher
            amount_ = std::min(max_amount, 0.12 + (last_vy_ - land_speed) * 0.012);
        else if (!grounded && was_grounded_ && vy < -jump_speed)  // a jump (or a launch) leaves the ground
            amount_ = -max_amount * 0.8;
        was_grounded_ = grounded;
        last_vy_ = vy;
    }
    /// Forgets the last ticks (a level start, a load, a respawn: the player did not land or jump).
    void reset() { *this = {}; }
    /// Width and height factors of the sprite: wide and short above 0, tall and thin below; the area stays.
    double width_scale() const { return width_scale_of(amount_); }
    double height_scale() const { return height_scale_of(amount_); }
    static double width_scale_of(double amount) { return 1 + amount; }
    static double height_scale_of(double amount) { return 1 / (1 + amount); }
    double amount() const { return amount_; }

    static constexpr double max_amount = 0.3;
    static constexpr double ease_per_tick = 0.78;  ///< about 0.12 s back to the sprite's own shape
    static constexpr double land_speed = 6;        ///< tiles/s: a slower touch-down is no landing
    static constexpr double jump_speed = 5;

   private:
    double amount_ = 0;
    bool was_grounded_ = true;
    double last_vy_ = 0;
};

}  // namespace qs
