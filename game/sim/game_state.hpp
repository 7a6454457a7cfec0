// Game-wide state that is saved with the world: coins, lives, the level timer, the active checkpoint.
#pragma once

#include <cstdint>

#include "engine/fields.hpp"
#include "game/sim/entity_ref.hpp"

namespace qs {

struct GameState {
    int coins = 0;        ///< collected in this level
    int coins_total = 0;  ///< coins the level started with
    int lives = 3;
    int deaths = 0;
    std::int64_t timer_ticks = 0;  ///< ticks played in this level
    bool completed = false;
    EntityRef player;
    EntityRef checkpoint;

    template <class V>
    void fields(V& v) {
        v("coins", coins);
        v("coins_total", coins_total);
        v("lives", lives);
        v("deaths", deaths);
        v("timer_ticks", timer_ticks);
        v("completed", completed);
        v("player", player);
        v("checkpoint", checkpoint);
    }
};

}  // namespace qs
