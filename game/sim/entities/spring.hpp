// spring: a bounce pad on the floor. A player that lands on it, or walks onto it without rising, is
// launched straight up at `power` tiles/s, whatever it holds (no jump cut: it rises about power² / 204
// tiles, 5 at the default 32, where a full jump rises 3.7); the pad squashes for a moment.
#pragma once

#include "game/sim/body_state.hpp"
#include "game/sim/entity_ref.hpp"

namespace qs {

class World;

struct Spring {
    static constexpr const char* type_name = "spring";
    static constexpr bool placeable = true;
    /// Its box is its whole tile; the pad is the lower half of it (the player's feet must reach that half).
    static constexpr double half_width = 0.5, half_height = 0.5;
    static constexpr bool marks_own_changes = true;   ///< see MarksOwnChanges (entity_traits.hpp)
    static constexpr bool idle_until_touched = true;  ///< react() only acts while touched or squashed
    /// Ticks the pad stays squashed after a launch (the look, and no second launch meanwhile).
    static constexpr int squash_length = 12;

    BodyState state;
    double power = 32;     ///< upward speed given to the player, tiles/s
    int squash_ticks = 0;  ///< > 0 while squashed after a launch, counts down

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
        v("power", self.power, editable(28, 60, "tiles/s"));
        v("squash_ticks", self.squash_ticks, within(0, squash_length, "ticks"));
    }
    /// Keeps reacting while squashed, to count the squash down after the player has left.
    bool reacts_untouched() const { return squash_ticks > 0; }
    /// Launches a player whose feet are on the pad and who is not rising; counts the squash down.
    void react(World& world, EntityRef self);
};

}  // namespace qs
