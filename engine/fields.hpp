// Field lists: each entity type names its saved fields once, and visitors walk that list for the
// snapshot, the save file, the state dump and the level maker's prefab configuration.
//
//   struct Walker {
//       float speed = 2.0f;
//       int facing = 1;
//       template <class V> void fields(V& v) {
//           v("speed", speed, qs::FieldFlag::editable);   // level makers may set it in the .lvl
//           v("facing", facing);                          // saved, dumped, not editable
//       }
//   };
//
// A visitor is any object with `template <class T> void operator()(const char* name, T& value,
// FieldFlag flags = FieldFlag::none)`. Because the list is the single source of truth, a new field shows
// up in saves, dumps and LEVELS.md at once; saves store names, so old files survive new fields.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

namespace qs {

/// How a field may be used besides being saved and dumped.
enum class FieldFlag : unsigned {
    none = 0,
    editable = 1,  ///< level makers may set it in a .lvl prefab configuration
};

inline bool has_flag(FieldFlag flags, FieldFlag flag) {
    return (static_cast<unsigned>(flags) & static_cast<unsigned>(flag)) != 0;
}

/// A visitor that only collects names, flags and a type name per field (for docs and error messages).
struct FieldInfo {
    std::string name;
    std::string type;  ///< "number", "integer", "boolean", "string", or a game-defined name
    bool editable = false;
};

/// The user-facing type name of a plain field type, as used in error messages and LEVELS.md.
template <class T>
const char* field_type_name() {
    if constexpr (std::is_same_v<T, bool>) {
        return "boolean";
    } else if constexpr (std::is_integral_v<T>) {
        return "integer";
    } else if constexpr (std::is_floating_point_v<T>) {
        return "number";
    } else if constexpr (std::is_same_v<T, std::string>) {
        return "string";
    } else {
        return T::field_type_name();
    }
}

/// Collects the field list of `object` as FieldInfo records, in declaration order.
template <class Object>
std::vector<FieldInfo> list_fields(Object& object) {
    std::vector<FieldInfo> out;
    auto visit = [&out]<class T>(const char* name, T&, FieldFlag flags = FieldFlag::none) {
        out.push_back({name, field_type_name<T>(), has_flag(flags, FieldFlag::editable)});
    };
    object.fields(visit);
    return out;
}

}  // namespace qs
