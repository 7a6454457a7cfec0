// The entity roster: every live entity is one of these value types, stored in the one SlotMap.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>
#include <utility>
#include <variant>

#include "engine/slot_map.hpp"
#include "game/sim/entities/camera_area.hpp"
#include "game/sim/entities/checkpoint.hpp"
#include "game/sim/entities/coin.hpp"
#include "game/sim/entities/conveyor.hpp"
#include "game/sim/entities/crumble.hpp"
#include "game/sim/entities/door.hpp"
#include "game/sim/entities/gem.hpp"
#include "game/sim/entities/goal.hpp"
#include "game/sim/entities/platform.hpp"
#include "game/sim/entities/player.hpp"
#include "game/sim/entities/projectile.hpp"
#include "game/sim/entities/saw.hpp"
#include "game/sim/entities/sign.hpp"
#include "game/sim/entities/spring.hpp"
#include "game/sim/entities/switch.hpp"
#include "game/sim/entities/turret.hpp"
#include "game/sim/entities/walker.hpp"
#include "game/sim/entity_traits.hpp"

namespace qs {

/// Every entity type. Adding one: see "Adding an entity type" in README.md.
using Entity = std::variant<Player, Coin, Walker, Door, Switch, Platform, Turret, Projectile, Checkpoint,
                            Goal, CameraArea, Sign, Spring, Crumble, Gem, Conveyor, Saw>;
using EntityMap = SlotMap<Entity>;

/// The most entities a world holds at once: above the 100 000 placements a level may have, so that a
/// level whose turrets fire faster than their shots leave stays within memory (about 0.5 GB with the
/// rewind buffer). World::spawn refuses what would go over it; `--check` warns of turrets that reach it.
inline constexpr std::size_t max_live_entities = 131'072;

/// Calls f.template operator()<T>() for every entity type T, in variant order.
template <class F>
void for_each_entity_type(F&& f) {
    [&]<std::size_t... I>(std::index_sequence<I...>) {
        (f.template operator()<std::variant_alternative_t<I, Entity>>(), ...);
    }
    (std::make_index_sequence<std::variant_size_v<Entity>>{});
}

/// True when `T` is a complete entity type; a static_assert inside names the type that is not.
template <class T>
constexpr bool check_entity_type() {
    static_assert(
        EntityType<T>,
        "an entity type lacks type_name, placeable, half_height, state or fields() (mutable and const)");
    return true;
}
static_assert([]<std::size_t... I>(std::index_sequence<I...>) {
    return (check_entity_type<std::variant_alternative_t<I, Entity>>() && ...);
}(std::make_index_sequence<std::variant_size_v<Entity>>{}));

/// Whether two entity types share a type name (names identify types in levels, saves and dumps).
constexpr bool entity_type_names_unique() {
    constexpr std::size_t n = std::variant_size_v<Entity>;
    std::array<std::string_view, n> names{};
    std::size_t next = 0;
    [&]<std::size_t... I>(std::index_sequence<I...>) {
        ((names[next++] = std::variant_alternative_t<I, Entity>::type_name), ...);
    }
    (std::make_index_sequence<n>{});
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = i + 1; j < n; ++j) {
            if (names[i] == names[j]) return false;
        }
    }
    return true;
}
static_assert(entity_type_names_unique(), "two entity types have the same type_name");

inline EntityMap::Key to_key(EntityRef ref) {
    return {ref.index, ref.generation};
}
inline EntityRef to_ref(EntityMap::Key key) {
    return {key.index, key.generation};
}

/// The type name ("player", "coin", ...) of an entity.
inline std::string_view entity_type_name(const Entity& entity) {
    return std::visit([](const auto& e) -> std::string_view { return std::decay_t<decltype(e)>::type_name; },
                      entity);
}

/// The body state every entity carries.
inline BodyState& body_state(Entity& entity) {
    return std::visit([](auto& e) -> BodyState& { return e.state; }, entity);
}
inline const BodyState& body_state(const Entity& entity) {
    return std::visit([](const auto& e) -> const BodyState& { return e.state; }, entity);
}

}  // namespace qs
