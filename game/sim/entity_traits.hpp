// What an entity type must have and what it may do, as concepts. The roster (roster.hpp) checks every
// type against EntityType at compile time; the world calls each optional hook only on the types that
// have it, and a switch can target exactly the Toggleable types.
#pragma once

#include <concepts>
#include <string_view>

#include "engine/fields.hpp"
#include "game/sim/body_state.hpp"
#include "game/sim/entity_ref.hpp"

namespace qs {

class World;

/// A field visitor that does nothing: only for checking that a type's fields() accepts visitors.
struct FieldListProbe {
    template <class T>
    void operator()(const char*, T&, FieldSpec = {}) {}
};

/// Everything an entity type needs:
/// - `static constexpr const char* type_name`: its name in .lvl files, dumps and saves ("walker");
/// - `static constexpr bool placeable`: whether a level may place it (a spr_prefabs name) or only the
///   game spawns it at run time (a projectile);
/// - `static constexpr double half_height` (and a half width): its box;
/// - `BodyState state` and its field list, `fields(V&)` on a mutable and on a const entity (saves, dumps,
///   .lvl; usually both forward to one `static fields_of(Self&, V&)`).
/// Drawing is checked on the view side (game/view/entity_drawing.hpp).
template <class T>
concept EntityType = std::semiregular<T> &&
    requires(T& entity, const T& const_entity, FieldListProbe& probe) {
    { T::type_name } -> std::convertible_to<std::string_view>;
    { T::placeable } -> std::convertible_to<bool>;
    { T::half_height } -> std::convertible_to<double>;
    requires std::same_as<decltype(entity.state), BodyState>;
    entity.fields(probe);
    const_entity.fields(probe);
};

// ---- optional hooks, called by the World when a type has them ----

/// Once when a level is built, after the entity is inserted (not after a quickload: what it sets is saved).
template <class T>
concept StartsLevel = requires(T& entity, World& world, EntityRef self) {
    entity.on_level_start(world, self);
};
/// Each tick before the physics step.
template <class T>
concept Thinks = requires(T& entity, World& world, EntityRef self) {
    entity.think(world, self);
};
/// Each tick after the physics step.
template <class T>
concept Reacts = requires(T& entity, World& world, EntityRef self) {
    entity.react(world, self);
};
/// Its react() writes nothing of its own but what it marks with World::mark_changed (`static constexpr
/// bool marks_own_changes = true`), so the rewind recording skips it on the ticks it only looks (a coin
/// waiting to be touched). Without it, every entity that reacts counts as changed every tick.
template <class T>
concept MarksOwnChanges = requires {
    requires T::marks_own_changes;
};
/// Has a Box2D body, made from its state when inserted and when the world is rebuilt.
template <class T>
concept HasBody = requires(T& entity, World& world, EntityRef self) {
    entity.create_body(world, self);
};
/// Its body is a still box (StillBox: static, one fixture, never moved by the game): `still_box()` says
/// where it is and whether it blocks now. Its create_body() must make exactly that box
/// (World::make_still_body). The World needs the Box2D body only near the player (world.hpp).
template <class T>
concept StillBody = HasBody<T> && requires(const T& entity) {
    { entity.still_box() } -> std::same_as<StillBox>;
};
/// A switch can toggle it (a door opens or closes, a platform or turret starts or stops); `self` is its ref.
template <class T>
concept Toggleable = requires(T& entity, World& world, EntityRef self) {
    entity.toggle(world, self);
};
/// Never moves, and react() does nothing unless the player's box overlaps its box
/// (`static constexpr bool idle_until_touched = true`: a coin, a checkpoint). The World then spends nothing
/// on it per tick: it calls react() only while the player touches it, or while `reacts_untouched()` (if
/// the type has it) says it must see the touch end (a switch held down).
template <class T>
concept IdleUntilTouched = requires {
    requires T::idle_until_touched;
    { T::half_width } -> std::convertible_to<double>;
};
template <class T>
concept ReactsUntouched = requires(const T& entity) {
    { entity.reacts_untouched() } -> std::convertible_to<bool>;
};
/// Whoever stands on it moves with it (`static constexpr bool carries_riders = true`: a platform).
template <class T>
concept CarriesRiders = requires {
    requires T::carries_riders;
};
/// A carrier whose riders move at a sideways speed of its own rather than its body's
/// (`double carry_vx() const`: a conveyor's belt, whose body stays put).
template <class T>
concept CarriesAtOwnSpeed = CarriesRiders<T> && requires(const T& entity) {
    { entity.carry_vx() } -> std::convertible_to<double>;
};

}  // namespace qs
