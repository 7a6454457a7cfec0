// gem: a hidden collectible, three to a level, each with its own `index` (1..3). Touching it collects it:
// it stays in the SlotMap with `collected` set (so saves, rewind and replays carry which were found), and
// a finished run keeps the level's found gems in the player's progress.
#pragma once

#include "game/sim/body_state.hpp"
#include "game/sim/entity_ref.hpp"

namespace qs {

class World;

struct Gem {
    static constexpr const char* type_name = "gem";
    static constexpr bool placeable = true;
    static constexpr double half_width = 0.35, half_height = 0.35;
    static constexpr bool marks_own_changes = true;   ///< see MarksOwnChanges (entity_traits.hpp)
    static constexpr bool idle_until_touched = true;  ///< react() only acts while the player touches it
    /// The gems a level may hold, numbered 1 to this.
    static constexpr int max_index = 3;

    BodyState state;
    int index = 1;  ///< which of the level's gems this is (1..max_index): each index at most once a level
    bool collected = false;

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
        v("index", self.index, editable(1, max_index));
        v("collected", self.collected);
    }
    /// The gem's bit in a mask of found gems (bit 0: index 1).
    unsigned bit() const { return 1u << (index - 1); }
    void react(World& world, EntityRef self);
};

}  // namespace qs
