// The entity roster: every live entity is one of these value types, stored in the one SlotMap.
#pragma once

#include <string_view>
#include <variant>

#include "engine/slot_map.hpp"
#include "game/camera_area.hpp"
#include "game/checkpoint.hpp"
#include "game/coin.hpp"
#include "game/door.hpp"
#include "game/goal.hpp"
#include "game/platform.hpp"
#include "game/player.hpp"
#include "game/projectile.hpp"
#include "game/sign.hpp"
#include "game/switch.hpp"
#include "game/turret.hpp"
#include "game/walker.hpp"

namespace qs {

/// Every entity type. Adding one: a file in game/ with its struct and field list, then list it here.
using Entity = std::variant<Player, Coin, Walker, Door, Switch, Platform, Turret, Projectile, Checkpoint,
                            Goal, CameraArea, Sign>;
using EntityMap = SlotMap<Entity>;

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

/// Calls f.template operator()<T>() for every entity type T, in variant order.
template <class F>
void for_each_entity_type(F&& f) {
    [&]<std::size_t... I>(std::index_sequence<I...>) {
        (f.template operator()<std::variant_alternative_t<I, Entity>>(), ...);
    }
    (std::make_index_sequence<std::variant_size_v<Entity>>{});
}

}  // namespace qs
