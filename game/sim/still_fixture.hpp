// StillFixture: the fixture a still entity's static Box2D body has (World::make_still_body), computed from
// the entity's state alone, in the same float arithmetic, so the World answers box queries about doors and
// turrets without their bodies and keeps those bodies in Box2D only near the player.
//
//   const StillFixture f = still_fixture(door.state, door.still_box());
//   if (f.solid && b2TestOverlap(f.fat_box(), query)) ...   // what Box2D's broad phase would report
#pragma once

#include <cmath>

#include <box2d/box2d.h>

#include <optional>
#include <variant>

#include "game/sim/body_state.hpp"
#include "game/sim/roster.hpp"

namespace qs {

struct StillFixture {
    b2PolygonShape shape;  ///< the box, in body coordinates
    b2Transform xf;        ///< the body's transform
    bool solid = true;     ///< enabled in Box2D (a disabled body has no broad-phase proxy)

    /// The shape's box at the body's transform (b2Shape::ComputeAABB, child 0).
    b2AABB box() const {
        b2AABB out;
        shape.ComputeAABB(&out, xf, 0);
        return out;
    }
    /// The broad-phase box b2DynamicTree::CreateProxy gives it: box() grown by b2_aabbExtension.
    b2AABB fat_box() const {
        b2AABB out = box();
        const b2Vec2 r(b2_aabbExtension, b2_aabbExtension);
        out.lowerBound = out.lowerBound - r;
        out.upperBound = out.upperBound + r;
        return out;
    }
};

/// What make_still_body(state, box) builds: a body at (x, y) as floats, turned by `angle` as a float,
/// holding SetAsBox(half extents, (0, offset_y)).
inline StillFixture still_fixture(const BodyState& state, const StillBox& box) {
    StillFixture f;
    f.shape.SetAsBox(static_cast<float>(box.half_width), static_cast<float>(box.half_height),
                     b2Vec2(0.0f, static_cast<float>(box.offset_y)), 0.0f);
    f.xf.p.Set(static_cast<float>(state.x), static_cast<float>(state.y));
    f.xf.q.Set(static_cast<float>(state.angle));
    f.solid = box.solid;
    return f;
}

/// Whether `entity`'s type has a still body (a door, a turret).
inline bool is_still_entity(const Entity& entity) {
    return std::visit([]<class T>(const T&) { return StillBody<T>; }, entity);
}

/// A still entity's fixture as its body would have it; nullopt for other types.
inline std::optional<StillFixture> still_fixture_of(const Entity& entity) {
    return std::visit(
        []<class T>(const T& e) -> std::optional<StillFixture> {
            if constexpr (StillBody<T>) {
                return still_fixture(e.state, e.still_box());
            } else {
                return std::nullopt;
            }
        },
        entity);
}

/// A still body with a velocity (only a save can give it one): Box2D moves it when it shares an island
/// with the player's body, and its broad-phase box stays behind, so only Box2D can answer queries about it.
inline bool still_is_odd(const BodyState& state) {
    return static_cast<float>(state.vx) != 0 || static_cast<float>(state.vy) != 0 ||
           static_cast<float>(state.spin) != 0;
}

/// The state a still body reports after a step when it is not in the player's island (make_box_body's
/// definition read back: float position, velocity and angle, never awake).
inline BodyState still_body_report(const BodyState& state) {
    BodyState moved = state;
    moved.x = static_cast<float>(state.x);
    moved.y = static_cast<float>(state.y);
    moved.vx = static_cast<float>(state.vx);
    moved.vy = static_cast<float>(state.vy);
    moved.angle = static_cast<float>(state.angle);
    moved.spin = static_cast<float>(state.spin);
    moved.awake = false;
    return moved;
}

}  // namespace qs
