// The entity roster: every live entity is one of these value types, stored in the one SlotMap.
#pragma once

#include <string_view>
#include <variant>

#include "engine/slot_map.hpp"
#include "game/sim/entities/camera_area.hpp"
#include "game/sim/entities/checkpoint.hpp"
#include "game/sim/entities/coin.hpp"
#include "game/sim/entities/door.hpp"
#include "game/sim/entities/goal.hpp"
#include "game/sim/entities/platform.hpp"
#include "game/sim/entities/player.hpp"
#include "game/sim/entities/projectile.hpp"
#include "game/sim/entities/sign.hpp"
#include "game/sim/entities/switch.hpp"
#include "game/sim/entities/turret.hpp"
#include "game/sim/entities/walker.hpp"

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
