// Movement and game-feel numbers: the defaults below are the only ones; assets/tuning.json may override any
// field (it names them all and sets none as shipped). Read at every level start, so R (restart) picks up an
// edit. Every field is part of the play identity (game/levels/level_identity.hpp).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "engine/fields.hpp"

namespace qs {

struct Tuning {
    double run_speed = 8.5;                       ///< tiles/s
    double ground_accel = 80, ground_decel = 90;  ///< tiles/s²
    double air_accel = 50, air_decel = 30;
    double ice_accel = 14, ice_decel = 5;
    double gravity = 60;               ///< rising, tiles/s²
    double fall_gravity_factor = 1.7;  ///< stronger gravity when falling or after the jump is released
    double max_fall_speed = 22;
    double jump_speed = 21;         ///< initial upward speed; the jump height follows with `gravity`
    double jump_cut_factor = 0.45;  ///< upward speed kept when the button is released early
    int coyote_ticks = 6;           ///< ≈ 0.1 s
    int jump_buffer_ticks = 6;
    double corner_correction = 0.3;  ///< tiles a rising head may be nudged sideways around a ceiling edge
    double stomp_bounce_speed = 15;
    double hurt_knockback_x = 7, hurt_knockback_y = 9;
    int invulnerable_ticks = 90;
    int respawn_ticks = 45;
    int drop_through_ticks = 12;
    int hazard_return_ticks = 30;  ///< ticks from touching spikes or falling to standing at the safe footing
    int projectile_max_age = 600;

    /// The field list; every number has a range (tuning.json values outside it keep the default).
    template <class V>
    void fields(V& v) {
        v("run_speed", run_speed, within(0, 25, "tiles/s"));
        v("ground_accel", ground_accel, within(0, 1000, "tiles/s²"));
        v("ground_decel", ground_decel, within(0, 1000, "tiles/s²"));
        v("air_accel", air_accel, within(0, 1000, "tiles/s²"));
        v("air_decel", air_decel, within(0, 1000, "tiles/s²"));
        v("ice_accel", ice_accel, within(0, 1000, "tiles/s²"));
        v("ice_decel", ice_decel, within(0, 1000, "tiles/s²"));
        v("gravity", gravity, within(0, 1000, "tiles/s²"));
        v("fall_gravity_factor", fall_gravity_factor, within(0, 10));
        v("max_fall_speed", max_fall_speed, within(0, 25, "tiles/s"));
        v("jump_speed", jump_speed, within(0, 100, "tiles/s"));
        v("jump_cut_factor", jump_cut_factor, within(0, 1));
        v("coyote_ticks", coyote_ticks, within(0, 600, "ticks"));
        v("jump_buffer_ticks", jump_buffer_ticks, within(0, 600, "ticks"));
        v("corner_correction", corner_correction, within(0, 0.5, "tiles"));
        v("stomp_bounce_speed", stomp_bounce_speed, within(0, 100, "tiles/s"));
        v("hurt_knockback_x", hurt_knockback_x, within(0, 100, "tiles/s"));
        v("hurt_knockback_y", hurt_knockback_y, within(0, 100, "tiles/s"));
        v("invulnerable_ticks", invulnerable_ticks, within(0, 36000, "ticks"));
        v("respawn_ticks", respawn_ticks, within(1, 36000, "ticks"));
        v("drop_through_ticks", drop_through_ticks, within(0, 600, "ticks"));
        v("hazard_return_ticks", hazard_return_ticks, within(1, 36000, "ticks"));
        v("projectile_max_age", projectile_max_age, within(1, 36000, "ticks"));
    }
};

/// Reads `path` (a JSON object of Tuning fields). A missing file gives the defaults; problems (bad JSON,
/// wrong types, unknown keys other than "_comment"-style keys starting with '_') go to `problems` and the
/// affected values keep their defaults.
Tuning load_tuning(const std::filesystem::path& path, std::vector<std::string>& problems);

}  // namespace qs
