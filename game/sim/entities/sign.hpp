// sign: a signpost that shows its `text` above it while the player stands near (tutorial hints).
#pragma once

#include <string>

#include "game/sim/body_state.hpp"
#include "game/sim/entity_ref.hpp"

namespace qs {

struct Sign {
    static constexpr const char* type_name = "sign";
    static constexpr bool placeable = true;
    static constexpr double half_width = 0.5, half_height = 0.5;
    static constexpr double read_distance = 2.0;  ///< tiles

    BodyState state;
    std::string text = "Hello!";

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
        v("text", self.text, editable(0, 1000));
    }
};

}  // namespace qs
