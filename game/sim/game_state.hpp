// Game-wide state that is saved with the world: coins, deaths, the level timer, the active checkpoint.
// There are no lives: a death costs time, and checkpoints carry the player.
#pragma once

#include <cstdint>

#include "engine/fields.hpp"
#include "game/sim/entity_ref.hpp"

namespace qs {

struct GameState {
    int coins = 0;        ///< collected in this level
    int coins_total = 0;  ///< coins the level started with
    int deaths = 0;
    std::int64_t timer_ticks = 0;  ///< ticks played in this level
    bool completed = false;
    EntityRef player;
    EntityRef checkpoint;

    template <class V>
    void fields(V& v) {
        fields_of(*this, v);
    }
    template <class V>
    void fields(V& v) const {
        fields_of(*this, v);
    }
    /// The field list with the range of every number (checked when a save is read).
    template <class Self, class V>
    static void fields_of(Self& self, V& v) {
        v("coins", self.coins, within(0, 1e9));
        v("coins_total", self.coins_total, within(0, 1e9));
        v("deaths", self.deaths, within(0, 1e9));
        v("timer_ticks", self.timer_ticks, within(0, 1e12, "ticks"));
        v("completed", self.completed);
        v("player", self.player);
        v("checkpoint", self.checkpoint);
    }
};

}  // namespace qs
