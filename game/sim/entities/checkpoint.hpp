// checkpoint: touching it makes it the player's respawn point (the player and the game keep a reference).
#pragma once

#include "game/sim/body_state.hpp"
#include "game/sim/entity_ref.hpp"

namespace qs {

class World;

struct Checkpoint {
    static constexpr const char* type_name = "checkpoint";
    static constexpr bool placeable = true;
    static constexpr double half_width = 0.4, half_height = 0.5;

    BodyState state;
    bool active = false;

    template <class V>
    void fields(V& v) {
        state.fields(v);
        v("active", active);
    }
    void react(World& world, EntityRef self);
};

}  // namespace qs
