// A 2D camera in world units: follows a target with smoothing and look-ahead, and stays inside bounds.
// Bounds narrower than the view are centred; bounds shorter than the view keep their bottom edge at the
// bottom of the view (the ground stays where the screen ends; what shows is the space above). When the
// bounds change (the target leaves or enters a camera area) the view pans to the new place, never cuts.
#pragma once

#include <algorithm>
#include <cmath>

namespace qs {

/// An axis-aligned rectangle in world units (x0,y0 top-left, x1,y1 bottom-right).
struct WorldRect {
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    double width() const { return x1 - x0; }
    double height() const { return y1 - y0; }
    bool contains(double x, double y) const { return x >= x0 && x < x1 && y >= y0 && y < y1; }
};

/// Where the view is. Render state only: never saved, snapped after a load.
class Camera {
   public:
    double view_width = 30, view_height = 16.875;  ///< visible world units
    double look_ahead = 2.5;                       ///< how far ahead of a running target the view leads
    double smoothing = 8.0;                        ///< 1/s; higher follows more tightly

    double x = 0, y = 0;  ///< centre of the view

    /// Jumps to the target at once (level start, respawn, quickload): to where following a target facing
    /// `facing` and moving at `velocity_x` would have settled, so the view does not drift on afterwards.
    void snap(double target_x, double target_y, const WorldRect& bounds, int facing = 0,
              double velocity_x = 0) {
        lead_ = facing * look_ahead;
        x = target_x + lead_ - velocity_x / smoothing;
        y = target_y;
        clamp(bounds, x, y);
    }

    /// Moves towards the target, held inside `bounds`; `facing` (-1, 0, 1) sets the look-ahead side. The
    /// place inside the bounds is eased towards like the target: a view inside the bounds stays inside
    /// them, and a view outside new bounds pans into them.
    void follow(double target_x, double target_y, int facing, const WorldRect& bounds, double dt) {
        double blend = 1.0 - std::exp(-smoothing * dt);
        lead_ += (facing * look_ahead - lead_) * (1.0 - std::exp(-2.0 * dt));
        double goal_x = target_x + lead_, goal_y = target_y;
        clamp(bounds, goal_x, goal_y);
        x += (goal_x - x) * blend;
        y += (goal_y - y) * blend;
    }

    /// Left and top edge of the view.
    double left() const { return x - view_width / 2; }
    double top() const { return y - view_height / 2; }

   private:
    void clamp(const WorldRect& bounds, double& cx, double& cy) const {
        cx = bounds.width() <= view_width ? (bounds.x0 + bounds.x1) / 2
                                          : clamp_axis(cx, view_width, bounds.x0, bounds.x1);
        cy = bounds.height() <= view_height ? bounds.y1 - view_height / 2
                                            : clamp_axis(cy, view_height, bounds.y0, bounds.y1);
    }
    static double clamp_axis(double centre, double view, double lo, double hi) {
        return std::clamp(centre, lo + view / 2, hi - view / 2);
    }
    double lead_ = 0;
};

}  // namespace qs
