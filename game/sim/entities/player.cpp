// player behaviour: movement feel (acceleration, coyote time, jump buffer, variable height, corner
// correction, one-way drop), hazards and the safe footing they return to, stomping, death and respawn.
#include "game/sim/entities/player.hpp"

#include <algorithm>
#include <cmath>

#include <box2d/box2d.h>

#include "game/sim/tiles.hpp"
#include "game/sim/world.hpp"

namespace qs {

namespace {

double approach(double value, double target, double step) {
    return value < target ? std::min(value + step, target) : std::max(value - step, target);
}

}  // namespace

void Player::on_level_start(World& world, EntityRef self) {
    world.game.player = self;
    spawn_x = safe_x = state.x;
    spawn_y = safe_y = state.y;
}

void Player::create_body(World& world, EntityRef self) {
    b2Body* body = world.make_box_body(self, state, World::BodyKind::dynamic, half_width, half_height,
                                       collision::player, collision::terrain | collision::solid_entity);
    if (!alive()) body->SetEnabled(false);
}

void Player::think(World& world, EntityRef self) {
    b2Body* const body = world.body(self);
    if (!body) return;
    if (invulnerable_ticks > 0) --invulnerable_ticks;
    if (!alive()) {
        wait_to_respawn(world, body);
        return;
    }
    if (returning()) {
        wait_to_return(world, body);
        return;
    }
    const ActionState& actions = world.actions();
    GroundContact ground = world.probe_ground(state.x, state.y + half_height, half_width, drop_ticks == 0);
    grounded = ground.grounded && state.vy >= ground.platform_vy - 0.5;
    on_ice = grounded && ground.ice;
    riding = grounded ? ground.platform : EntityRef{};
    remember_safe_footing(world, ground);

    int move = (actions.held(Action::right) ? 1 : 0) - (actions.held(Action::left) ? 1 : 0);
    if (move != 0) facing = move;
    take_jump_input(world, ground);
    run(world.tuning(), move);
    double vy = vertical_speed(world, ground);
    correct_corner(world, body, vy);

    double platform_vx = riding ? ground.platform_vx : 0.0;
    body->SetLinearVelocity(b2Vec2(static_cast<float>(run_vx + platform_vx), static_cast<float>(vy)));
    body->SetAwake(true);
}

void Player::wait_to_respawn(World& world, b2Body* body) {
    if (--dead_ticks == 0) {
        const Checkpoint* last = world.get<Checkpoint>(checkpoint);
        health = max_health;
        place_at(world, body, last ? last->state.x : spawn_x,
                 last ? last->state.y + Checkpoint::half_height - half_height - 0.01 : spawn_y);
        safe_x = state.x;
        safe_y = state.y;
        world.emit(WorldEvent::Kind::respawned);
    }
    if (body->IsEnabled()) body->SetLinearVelocity(b2Vec2(0, 0));
}

void Player::wait_to_return(World& world, b2Body* body) {
    if (--return_ticks == 0) {
        place_at(world, body, safe_x, safe_y);
        world.emit(WorldEvent::Kind::respawned);
    }
    if (body->IsEnabled()) body->SetLinearVelocity(b2Vec2(0, 0));
}

void Player::place_at(World& world, b2Body* body, double x, double y) {
    state.x = x;
    state.y = y;
    state.vx = state.vy = run_vx = 0;
    jumping = false;
    coyote_ticks = jump_buffer_ticks = drop_ticks = 0;
    invulnerable_ticks = world.tuning().invulnerable_ticks;
    body->SetTransform(b2Vec2(static_cast<float>(state.x), static_cast<float>(state.y)), 0.0f);
    body->SetEnabled(true);
}

void Player::remember_safe_footing(World& world, const GroundContact& ground) {
    // Only still ground: not a platform, a door or a one-way ledge being dropped through; and nothing that
    // hurts within a tile to either side, so the return never lands the player against spikes.
    if (!grounded || ground.platform || drop_ticks > 0) return;
    const TileGrid& tiles = world.level().tiles;
    const int tx = to_tile(state.x);
    const int foot = to_tile(state.y + half_height + 0.1);
    const int body = to_tile(state.y);
    if (!tile_properties(tiles.at(tx, foot)).safe_floor) return;
    for (int x = tx - 1; x <= tx + 1; ++x) {
        for (int y = body - 1; y <= foot; ++y) {
            if (tile_properties(tiles.at(x, y)).hurts) return;
        }
    }
    safe_x = state.x;
    safe_y = state.y;
}

void Player::take_jump_input(World& world, const GroundContact& ground) {
    const Tuning& tuning = world.tuning();
    const ActionState& actions = world.actions();
    if (grounded) coyote_ticks = tuning.coyote_ticks;
    if (actions.pressed(Action::jump)) {
        if (actions.held(Action::down) && grounded && ground.one_way_only) {
            drop_ticks = tuning.drop_through_ticks;
            grounded = false;
            coyote_ticks = 0;
        } else {
            jump_buffer_ticks = tuning.jump_buffer_ticks;
        }
    } else if (jump_buffer_ticks > 0) {
        --jump_buffer_ticks;
    }
    if (drop_ticks > 0) --drop_ticks;
}

void Player::run(const Tuning& tuning, int move) {
    // Accelerate towards the wanted speed, decelerate when no direction is held.
    double accel = on_ice ? tuning.ice_accel : grounded ? tuning.ground_accel : tuning.air_accel;
    double decel = on_ice ? tuning.ice_decel : grounded ? tuning.ground_decel : tuning.air_decel;
    double wanted = move * tuning.run_speed;
    bool turning = move != 0 && run_vx * move < 0;
    run_vx = approach(run_vx, wanted,
                      (move != 0 && !turning ? accel : std::max(accel, decel)) * World::tick_seconds);
    if (move == 0) run_vx = approach(run_vx, 0.0, decel * World::tick_seconds);
}

double Player::vertical_speed(World& world, const GroundContact& ground) {
    // Jump (buffered, with coyote time), variable height, gravity.
    const Tuning& tuning = world.tuning();
    double vy = state.vy;
    if (grounded && riding) vy = ground.platform_vy;
    if (jump_buffer_ticks > 0 && (grounded || coyote_ticks > 0)) {
        vy = -tuning.jump_speed + std::min(0.0, ground.platform_vy);
        jumping = true;
        grounded = false;
        coyote_ticks = 0;
        jump_buffer_ticks = 0;
        world.emit_sound(Sound::jump);
    }
    if (!grounded && coyote_ticks > 0) --coyote_ticks;
    if (jumping && (!world.actions().held(Action::jump) || vy >= 0)) {
        if (vy < 0) vy *= tuning.jump_cut_factor;
        jumping = false;
    }
    double gravity = tuning.gravity * (jumping ? 1.0 : tuning.fall_gravity_factor);
    return std::min(vy + gravity * World::tick_seconds, tuning.max_fall_speed);
}

void Player::correct_corner(World& world, b2Body* body, double vy) {
    // A rising head that clips a ceiling edge by a little slides around it.
    if (vy >= 0) return;
    double head = state.y - half_height;
    int row = to_tile(head + vy * World::tick_seconds);
    if (row >= to_tile(head)) return;
    const double corner_correction = world.tuning().corner_correction;
    double left = state.x - half_width, right = state.x + half_width;
    bool left_blocked = world.solid_at(left + 0.001, row + 0.5);
    bool right_blocked = world.solid_at(right - 0.001, row + 0.5);
    double shift = 0;
    if (left_blocked && !right_blocked) {
        double overlap = std::floor(left) + 1 - left;
        if (overlap <= corner_correction && !world.solid_at(right + overlap + 0.01, row + 0.5)) {
            shift = overlap + 0.01;
        }
    } else if (right_blocked && !left_blocked) {
        double overlap = right - std::floor(right - 0.001);
        if (overlap <= corner_correction && !world.solid_at(left - overlap - 0.01, row + 0.5)) {
            shift = -(overlap + 0.01);
        }
    }
    if (shift != 0) {
        state.x += shift;
        body->SetTransform(b2Vec2(static_cast<float>(state.x), static_cast<float>(state.y)), 0.0f);
    }
}

void Player::react(World& world, EntityRef self) {
    if (!alive()) return;
    b2Body* const body = world.body(self);
    // A wall stops the run (so pushing into a wall does not keep a stored speed).
    if (body && std::abs(state.vx) < 0.01 && std::abs(run_vx) > 0.01 && !riding) run_vx = 0;

    // Spikes: the spike sensors in contact with the body (their fattened boxes overlap it) are the
    // candidates; touching means a spike tile within 0.04 of the box.
    if (body) {
        const int x0 = to_tile(state.x - half_width - 0.04);
        const int x1 = to_tile(state.x + half_width + 0.04);
        const int y0 = to_tile(state.y - half_height - 0.04);
        const int y1 = to_tile(state.y + half_height + 0.04);
        for (b2ContactEdge* edge = body->GetContactList(); edge; edge = edge->next) {
            b2Fixture* a = edge->contact->GetFixtureA();
            const TileRect* rect = world.spike_rect(a->GetBody() == body ? edge->contact->GetFixtureB() : a);
            if (!rect) continue;
            if (std::max(x0, rect->x) > std::min(x1, rect->x + rect->w - 1) ||
                std::max(y0, rect->y) > std::min(y1, rect->y + rect->h - 1))
                continue;
            hazard(world, self, false);
            return;
        }
    }

    // Walkers: stomp from above, hurt from the side (in slot order).
    bool died = false;
    world.for_each_walker_overlapping(
        state.x, state.y, half_width, half_height, [&](EntityRef ref, Walker& walker) {
            bool from_above = state.vy > 0 && state.y + half_height < walker.state.y;
            if (from_above ||
                world.previous(self).y + half_height <= walker.state.y - Walker::half_height + 0.1) {
                world.erase(ref);
                world.emit_sound(Sound::stomp);
                state.vy = -world.tuning().stomp_bounce_speed;
                jumping = world.actions().held(Action::jump);
                if (body)
                    body->SetLinearVelocity(
                        b2Vec2(static_cast<float>(state.vx), static_cast<float>(state.vy)));
            } else {
                hurt(world, self, walker.state.x);
            }
            died = !alive();
            return !died;
        });
    if (died) return;

    // Fell out of the level.
    if (state.y - half_height > world.level().tiles.height + 2) hazard(world, self, true);
}

void Player::hazard(World& world, EntityRef self, bool fall) {
    if (!alive() || returning()) return;
    const bool invincible = world.held(Action::invincible);
    if (invincible && !fall) return;  // spikes are floor like any other
    // Always a heart, invulnerable or not: a hazard is never a free pass (unless an assist says so).
    if (!invincible && !world.held(Action::infinite_hearts)) health = std::max(0, health - 1);
    if (health == 0) {
        die(world, world.body(self));
        return;
    }
    world.emit_sound(Sound::hurt);
    if (safe_x == 0 && safe_y == 0) {
        // No footing kept (a save written without one): (0, 0) is no place to stand, the spawn point is.
        safe_x = spawn_x;
        safe_y = spawn_y;
    }
    return_ticks = world.tuning().hazard_return_ticks;
    leave_the_ground(world.body(self));
}

void Player::hurt(World& world, EntityRef self, double from_x) {
    if (!alive() || returning()) return;
    if (health > 0 && invulnerable_ticks > 0) return;
    if (world.held(Action::invincible)) return;
    const Tuning& tuning = world.tuning();
    if (!world.held(Action::infinite_hearts)) health = std::max(0, health - 1);
    invulnerable_ticks = tuning.invulnerable_ticks;
    if (health > 0) {
        world.emit_sound(Sound::hurt);
        run_vx = (state.x >= from_x ? 1 : -1) * tuning.hurt_knockback_x;
        state.vy = -tuning.hurt_knockback_y;
        jumping = false;
        if (b2Body* body = world.body(self))
            body->SetLinearVelocity(b2Vec2(static_cast<float>(run_vx), static_cast<float>(state.vy)));
        return;
    }
    die(world, world.body(self));
}

void Player::leave_the_ground(b2Body* body) {
    run_vx = 0;
    jumping = false;
    riding = {};
    if (body) {
        body->SetLinearVelocity(b2Vec2(0, 0));
        body->SetEnabled(false);
    }
}

void Player::die(World& world, b2Body* body) {
    // Out of hearts: counted, then back at the last checkpoint (or the start) with full hearts. There are
    // no lives: checkpoints carry the player, as in Celeste.
    world.emit_sound(Sound::death);
    ++world.game.deaths;
    health = 0;
    invulnerable_ticks = world.tuning().invulnerable_ticks;
    dead_ticks = world.tuning().respawn_ticks;
    leave_the_ground(body);
}

}  // namespace qs
