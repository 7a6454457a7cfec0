// EntityRef: how one entity refers to another — the SlotMap key (index + generation) of the entity map,
// never a pointer. A null ref has generation 0.
#pragma once

#include <cstdint>
#include <vector>

namespace qs {

struct EntityRef {
    std::uint32_t index = 0;
    std::uint32_t generation = 0;  ///< 0 = null

    explicit operator bool() const { return generation != 0; }
    bool operator==(const EntityRef&) const = default;
    static const char* field_type_name() { return "reference"; }
};

/// A list of references (a switch's targets, ...).
struct EntityRefList {
    std::vector<EntityRef> refs;
    bool operator==(const EntityRefList&) const = default;
    static const char* field_type_name() { return "list of references"; }
};

}  // namespace qs
