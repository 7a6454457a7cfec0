// player: the hero. Runs, jumps (coyote time, jump buffer, variable height, corner correction), drops
// through one-way tiles, rides platforms, gets hurt. Spikes and falling out of the level cost a heart and
// carry it back to the last safe footing; out of hearts it dies and respawns at its last checkpoint. The
// assists held as actions change that: invincible (no hit, no spikes; a fall carries back for free) and
// infinite hearts (hits and hazards as usual, but no heart is lost).
// References: the platform it rides and its last checkpoint.
#pragma once

#include "game/sim/body_state.hpp"
#include "game/sim/entity_ref.hpp"

class b2Body;

namespace qs {

class World;
struct GroundContact;
struct Tuning;

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
    int dead_ticks = 0;    ///< > 0 while dead, counts down to the respawn
    int return_ticks = 0;  ///< > 0 while carried back from a hazard, counts down to the safe footing
    double run_vx = 0;     ///< own running speed, without the platform it rides
    double spawn_x = 0, spawn_y = 0;
    double safe_x = 0, safe_y = 0;  ///< the last safe footing: a hazard brings the player back here
    EntityRef riding;               ///< the platform under its feet
    EntityRef checkpoint;           ///< the last checkpoint touched

    template <class V>
    void fields(V& v) {
        fields_of(*this, v);
    }
    template <class V>
    void fields(V& v) const {
        fields_of(*this, v);
    }
    /// The field list (with the range of every number), for a const or a mutable entity.
    template <class Self, class V>
    static void fields_of(Self& self, V& v) {
        self.state.fields(v);
        v("health", self.health, editable(0, 1000));
        v("max_health", self.max_health, editable(1, 1000));
        v("facing", self.facing, editable(-1, 1));
        v("grounded", self.grounded);
        v("on_ice", self.on_ice);
        v("jumping", self.jumping);
        v("coyote_ticks", self.coyote_ticks, within(0, max_countdown_ticks, "ticks"));
        v("jump_buffer_ticks", self.jump_buffer_ticks, within(0, max_countdown_ticks, "ticks"));
        v("drop_ticks", self.drop_ticks, within(0, max_countdown_ticks, "ticks"));
        v("invulnerable_ticks", self.invulnerable_ticks, within(0, max_countdown_ticks, "ticks"));
        v("dead_ticks", self.dead_ticks, within(0, max_countdown_ticks, "ticks"));
        v("return_ticks", self.return_ticks, within(0, max_countdown_ticks, "ticks"));
        v("run_vx", self.run_vx, within(-max_speed, max_speed, "tiles/s"));
        v("spawn_x", self.spawn_x, within(-max_coordinate, max_coordinate, "tiles"));
        v("spawn_y", self.spawn_y, within(-max_coordinate, max_coordinate, "tiles"));
        v("safe_x", self.safe_x, within(-max_coordinate, max_coordinate, "tiles"));
        v("safe_y", self.safe_y, within(-max_coordinate, max_coordinate, "tiles"));
        v("riding", self.riding);
        v("checkpoint", self.checkpoint);
    }
    /// Becomes the game's player; its spawn point is where the level placed it.
    void on_level_start(World& world, EntityRef self);
    void create_body(World& world, EntityRef self);
    void think(World& world, EntityRef self);
    void react(World& world, EntityRef self);
    /// Takes one hit unless invulnerable; knocks back away from `from_x`. Nothing while the invincible
    /// assist is held; no heart lost while infinite hearts is held. `self` is this player's ref.
    void hurt(World& world, EntityRef self, double from_x);
    /// Spikes or a fall: one heart (even while invulnerable), then carried back to the safe footing; the
    /// last heart is a death. Invincible: spikes do nothing, a fall carries back without a heart; infinite
    /// hearts: carried back without a heart.
    void hazard(World& world, EntityRef self, bool fall);
    bool alive() const { return dead_ticks == 0; }
    /// True while carried back from a hazard (no body, no input).
    bool returning() const { return return_ticks > 0; }

   private:
    // The steps of think(), in order. `body` is this player's (World::body()).
    /// While dead: counts down, then respawns at the last checkpoint (or the spawn point).
    void wait_to_respawn(World& world, b2Body* body);
    /// While carried back from a hazard: counts down, then stands at the safe footing.
    void wait_to_return(World& world, b2Body* body);
    /// Remembers where the player stands when it is a safe floor with no hurting tile beside it.
    void remember_safe_footing(World& world, const GroundContact& ground);
    /// Out of hearts: a death, counted; respawns at the last checkpoint after a moment.
    void die(World& world, b2Body* body);
    /// Taken out of play (dead or carried back from a hazard): no run, no jump, no ride, the body still
    /// and out of the physics until placed again.
    void leave_the_ground(b2Body* body);
    /// Places the body at (x, y), still, invulnerable for a moment.
    void place_at(World& world, b2Body* body, double x, double y);
    /// Coyote time, the jump buffer, and down + jump dropping through a one-way floor.
    void take_jump_input(World& world, const GroundContact& ground);
    /// The running speed (run_vx) towards `move` (-1, 0, 1) with the ground's or the air's acceleration.
    void run(const Tuning& tuning, int move);
    /// This tick's vertical speed: a buffered jump, the cut of a released jump, gravity.
    double vertical_speed(World& world, const GroundContact& ground);
    /// Slides a rising head around a ceiling edge it clips by at most tuning.corner_correction.
    void correct_corner(World& world, b2Body* body, double vy);
};

}  // namespace qs
