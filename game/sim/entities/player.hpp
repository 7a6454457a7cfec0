// player: the hero. Runs, jumps (coyote time, jump buffer, variable height, corner correction), drops
// through one-way tiles, rides platforms, gets hurt, dies and respawns at its last checkpoint.
// References: the platform it rides and its last checkpoint.
#pragma once

#include "game/sim/body_state.hpp"
#include "game/sim/entity_ref.hpp"

namespace qs {

class World;

struct Player {
    static constexpr const char* type_name = "player";
    static constexpr bool placeable = true;
    static constexpr double half_width = 0.35, half_height = 0.45;

    BodyState state;
    int health = 3;
    int max_health = 3;
    int facing = 1;
    bool grounded = false;
    bool on_ice = false;
    bool jumping = false;       ///< rising from a jump while the button is held (variable height)
    int coyote_ticks = 0;       ///< ticks left to jump after leaving a ledge
    int jump_buffer_ticks = 0;  ///< ticks left for a jump pressed before landing
    int drop_ticks = 0;         ///< ticks left falling through one-way tiles
    int invulnerable_ticks = 0;
    int dead_ticks = 0;  ///< > 0 while dead, counts down to the respawn
    double run_vx = 0;   ///< own running speed, without the platform it rides
    double spawn_x = 0, spawn_y = 0;
    EntityRef riding;      ///< the platform under its feet
    EntityRef checkpoint;  ///< the last checkpoint touched

    template <class V>
    void fields(V& v) {
        state.fields(v);
        v("health", health, FieldFlag::editable);
        v("max_health", max_health, FieldFlag::editable);
        v("facing", facing, FieldFlag::editable);
        v("grounded", grounded);
        v("on_ice", on_ice);
        v("jumping", jumping);
        v("coyote_ticks", coyote_ticks);
        v("jump_buffer_ticks", jump_buffer_ticks);
        v("drop_ticks", drop_ticks);
        v("invulnerable_ticks", invulnerable_ticks);
        v("dead_ticks", dead_ticks);
        v("run_vx", run_vx);
        v("spawn_x", spawn_x);
        v("spawn_y", spawn_y);
        v("riding", riding);
        v("checkpoint", checkpoint);
    }
    /// Becomes the game's player; its spawn point is where the level placed it.
    void on_level_start(World& world, EntityRef self);
    void create_body(World& world, EntityRef self);
    void think(World& world, EntityRef self);
    void react(World& world, EntityRef self);
    /// Takes one hit unless invulnerable; knocks back away from `from_x`.
    void hurt(World& world, double from_x);
    bool alive() const { return dead_ticks == 0; }
};

}  // namespace qs
