// Field lists: each entity type names its saved fields once, with the range and unit of every number, and
// visitors walk that list for the snapshot, the save file, the state dump and the level maker's prefab
// configuration. Every value read from a file (.lvl, save) is checked against the range given here.
//
//   struct Walker {
//       double speed = 2.0;
//       int facing = 1;
//       template <class V> void fields(V& v) { fields_of(*this, v); }
//       template <class V> void fields(V& v) const { fields_of(*this, v); }
//       template <class Self, class V> static void fields_of(Self& self, V& v) {
//           v("speed", self.speed, qs::editable(0, 25, "tiles/s"));  // level makers may set it in the .lvl
//           v("facing", self.facing, qs::within(-1, 1));             // saved, dumped, not editable
//       }
//   };
//
// A visitor is any object with `template <class T> void operator()(const char* name, T& value,
// FieldSpec spec = {})` (T is const when the list is walked on a const object). A visitor that takes
// `FieldFlag flags` instead also works: a FieldSpec converts to its flags. Because the list is the single
// source of truth, a new field shows up in saves, dumps and LEVELS.md at once; saves store names, so old
// files survive new fields.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

namespace qs {

/// How a field may be used besides being saved and dumped.
enum class FieldFlag : unsigned {
    none = 0,
    editable = 1,  ///< level makers may set it in a .lvl prefab configuration
};

constexpr bool has_flag(FieldFlag flags, FieldFlag flag) {
    return (static_cast<unsigned>(flags) & static_cast<unsigned>(flag)) != 0;
}

/// What a field list says about one field: its flags and, for numbers, the documented closed range
/// [min, max] and unit (for strings the range limits the length in bytes). Values read from files outside
/// the range are refused before they reach Box2D or an integer conversion.
struct FieldSpec {
    FieldFlag flags = FieldFlag::none;
    double min = -std::numeric_limits<double>::infinity();
    double max = std::numeric_limits<double>::infinity();
    const char* unit = "";  ///< "tiles", "tiles/s", "ticks", ... ("" for a plain count or code)

    constexpr FieldSpec() = default;
    constexpr FieldSpec(FieldFlag f) : flags(f) {}  // NOLINT: a bare flag is a spec without a range
    constexpr FieldSpec(FieldFlag f, double lo, double hi, const char* u)
        : flags(f), min(lo), max(hi), unit(u) {}
    constexpr operator FieldFlag() const { return flags; }  // NOLINT: visitors that only want the flags
    constexpr bool has_range() const {
        return min != -std::numeric_limits<double>::infinity() ||
               max != std::numeric_limits<double>::infinity();
    }
    constexpr bool editable() const { return has_flag(flags, FieldFlag::editable); }
};

/// A saved (not editable) field with a range: `v("x", self.x, within(-1e6, 1e6, "tiles"))`.
constexpr FieldSpec within(double min, double max, const char* unit = "") {
    return {FieldFlag::none, min, max, unit};
}
/// A field level makers may set, with its range.
constexpr FieldSpec editable(double min, double max, const char* unit = "") {
    return {FieldFlag::editable, min, max, unit};
}

/// A visitor that only collects names, flags and a type name per field (for docs and error messages).
struct FieldInfo {
    std::string name;
    std::string type;  ///< "number", "integer", "boolean", "string", or a game-defined name
    bool editable = false;
    FieldSpec spec;
};

/// The user-facing type name of a plain field type, as used in error messages and LEVELS.md.
template <class Q>
const char* field_type_name() {
    using T = std::remove_cv_t<Q>;
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

/// A number as short text for messages and docs: "2", "0.5", "1e+300", "-4096".
inline std::string format_field_number(double value) {
    if (std::isnan(value)) return "nan";
    if (std::isinf(value)) return value > 0 ? "infinity" : "-infinity";
    char text[40];
    if (std::trunc(value) == value && std::abs(value) < 1e15) {
        std::snprintf(text, sizeof text, "%.0f", value);  // whole numbers in full: "1000000000000"
    } else {
        std::snprintf(text, sizeof text, "%.10g", value);
    }
    return text;
}

/// "0 to 25 tiles/s", "at most 1000 bytes long" (strings): the range of a spec as text ("" without one).
template <class Q>
std::string describe_range(const FieldSpec& spec) {
    using T = std::remove_cv_t<Q>;
    if (!spec.has_range()) return "";
    if constexpr (std::is_same_v<T, std::string>) {
        return "at most " + format_field_number(spec.max) + " bytes long";
    } else {
        std::string text = format_field_number(spec.min) + " to " + format_field_number(spec.max);
        if (*spec.unit != '\0') text += std::string(" ") + spec.unit;
        return text;
    }
}

/// Whether a number read from a file (before any conversion to the field's type) lies in the field's range;
/// integer fields also need a whole number. NaN and infinities are never in range.
template <class Q>
bool number_in_range(double value, const FieldSpec& spec) {
    using T = std::remove_cv_t<Q>;
    if (!std::isfinite(value) || value < spec.min || value > spec.max) return false;
    if constexpr (std::is_integral_v<T>) {
        if (std::trunc(value) != value) return false;
        // The type's own limits too: [lowest, 2^bits) in doubles, where both ends are exact.
        constexpr double lowest = static_cast<double>(std::numeric_limits<T>::min());
        constexpr double above_max = (static_cast<double>(std::numeric_limits<T>::max() / 2) + 1.0) * 2.0;
        if (value < lowest || value >= above_max) return false;
    }
    return true;
}

/// Empty when `value` (already of the field's type) is within the spec, else a sentence like
/// "speed is 1e+300, outside 0 to 25 tiles/s".
template <class T>
std::string check_field_value(const char* name, const T& value, const FieldSpec& spec) {
    using U = std::remove_cv_t<T>;
    if constexpr (std::is_same_v<U, bool>) {
        return "";
    } else if constexpr (std::is_arithmetic_v<U>) {
        auto number = static_cast<double>(value);
        if (number_in_range<U>(number, spec)) return "";
        return std::string(name) + " is " + format_field_number(number) + ", outside " +
               describe_range<U>(spec);
    } else if constexpr (std::is_same_v<U, std::string>) {
        if (static_cast<double>(value.size()) <= spec.max) return "";
        return std::string(name) + " is " + std::to_string(value.size()) + " bytes long, over the limit (" +
               describe_range<U>(spec) + ")";
    } else {
        return "";
    }
}

/// Collects the field list of `object` as FieldInfo records, in declaration order.
template <class Object>
std::vector<FieldInfo> list_fields(const Object& object) {
    std::vector<FieldInfo> out;
    auto visit = [&out]<class T>(const char* name, T&, FieldSpec spec = {}) {
        out.push_back({name, field_type_name<T>(), spec.editable(), spec});
    };
    object.fields(visit);
    return out;
}

}  // namespace qs
