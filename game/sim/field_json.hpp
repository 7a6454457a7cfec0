// Field values as JSON: the state dump's form (references as {"index","generation"} or null) and the
// reader that sets fields from JSON with type checks ("speed must be a number, got a string").
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "engine/fields.hpp"
#include "game/sim/entity_ref.hpp"

namespace qs {

/// A float rounded to 6 decimals for the dump: stable, readable, and equal for equal states.
inline double dump_number(double value) {
    double rounded = std::round(value * 1e6) / 1e6;
    return rounded == 0 ? 0.0 : rounded;  // no "-0.0"
}

inline nlohmann::json ref_to_json(const EntityRef& ref) {
    if (!ref) return nullptr;
    return {{"index", ref.index}, {"generation", ref.generation}};
}

/// One field value as JSON, with references and numbers in the form `Form` gives them
/// (`static json reference(const EntityRef&)`, `static json number(double)`): a reference list is a list
/// of references, anything else is written as it is. The dump and the save file differ only in the form.
template <class Form, class T>
nlohmann::json encode_field_value(const T& value) {
    if constexpr (std::is_same_v<T, EntityRef>) {
        return Form::reference(value);
    } else if constexpr (std::is_same_v<T, EntityRefList>) {
        nlohmann::json list = nlohmann::json::array();
        for (const EntityRef& ref : value.refs) list.push_back(Form::reference(ref));
        return list;
    } else if constexpr (std::is_floating_point_v<T>) {
        return Form::number(value);
    } else {
        return value;
    }
}

/// The dump's form: references as {"index", "generation"} or null, numbers rounded to 6 decimals.
struct DumpValueForm {
    static nlohmann::json reference(const EntityRef& ref) { return ref_to_json(ref); }
    static nlohmann::json number(double value) { return dump_number(value); }
};

/// The dump form of one field value.
template <class T>
nlohmann::json field_to_json(const T& value) {
    return encode_field_value<DumpValueForm>(value);
}

/// Writes every field into a JSON object (the state dump).
struct JsonFieldWriter {
    nlohmann::json& out;
    template <class T>
    void operator()(const char* name, const T& value, FieldFlag = FieldFlag::none) {
        out[name] = field_to_json(value);
    }
};

/// Why a JSON value could not be read into a field (field_from_json words it as a sentence).
enum class FieldReadError : std::uint8_t {
    none,
    not_boolean,
    not_whole_number,
    not_number,
    not_finite,
    out_of_range,
    too_long,
    not_string,
    unreadable,
};

/// Reads a plain field value (bool, integer, number, string) from JSON, checking it against the field's
/// range before converting it; `value` is left unchanged unless it returns FieldReadError::none. `Json` is
/// nlohmann::json or anything read the same way (MsgpackValue: the save file's reader without a DOM).
template <class Json, class Q>
[[gnu::always_inline]] inline FieldReadError read_field(const Json& json, Q& value, const FieldSpec& spec = {}) {
    using T = std::remove_cv_t<Q>;
    if constexpr (std::is_same_v<T, bool>) {
        if (!json.is_boolean()) return FieldReadError::not_boolean;
        value = json.template get<bool>();
    } else if constexpr (std::is_integral_v<T>) {
        if (!json.is_number()) return FieldReadError::not_whole_number;
        double number = json.template get<double>();
        if (json.is_number_float() && std::isfinite(number) && std::trunc(number) != number) {
            return FieldReadError::not_whole_number;
        }
        if (!number_in_range<T>(number, spec)) return FieldReadError::out_of_range;
        if (json.is_number_unsigned()) {
            value = static_cast<T>(json.template get<std::uint64_t>());
        } else if (json.is_number_integer()) {
            value = static_cast<T>(json.template get<std::int64_t>());
        } else {
            value = static_cast<T>(number);
        }
    } else if constexpr (std::is_floating_point_v<T>) {
        if (!json.is_number()) return FieldReadError::not_number;
        double number = json.template get<double>();
        if (!std::isfinite(number)) return FieldReadError::not_finite;
        if (!number_in_range<T>(number, spec)) return FieldReadError::out_of_range;
        value = static_cast<T>(number);
    } else if constexpr (std::is_same_v<T, std::string>) {
        if (!json.is_string()) return FieldReadError::not_string;
        const auto& text = json.template get_ref<const std::string&>();
        if (static_cast<double>(text.size()) > spec.max) return FieldReadError::too_long;
        value = text;
    } else {
        return FieldReadError::unreadable;
    }
    return FieldReadError::none;
}

/// read_field with the problem as a sentence ("speed must be a number, got a string", "height is
/// 2147483648, outside 1 to 4096 tiles"), or "" when the value was read.
template <class Json, class Q>
std::string field_from_json(const Json& json, std::string_view name, Q& value, const FieldSpec& spec = {}) {
    using T = std::remove_cv_t<Q>;
    auto wrong = [&](const char* wanted) {
        return std::string(name) + " must be " + wanted + ", got " +
               (json.is_null() ? "null" : std::string("a ") + json.type_name());
    };
    switch (read_field(json, value, spec)) {
        case FieldReadError::none:
            return {};
        case FieldReadError::not_boolean:
            return wrong("true or false");
        case FieldReadError::not_whole_number:
            return wrong("a whole number");
        case FieldReadError::not_number:
            return wrong("a number");
        case FieldReadError::not_finite:
            return wrong("a finite number");
        case FieldReadError::out_of_range:
            return std::string(name) + " is " + format_field_number(json.template get<double>()) +
                   ", outside " + describe_range<T>(spec);
        case FieldReadError::too_long:
            return std::string(name) + " is " +
                   std::to_string(json.template get_ref<const std::string&>().size()) +
                   " bytes long, over the limit (" + describe_range<T>(spec) + ")";
        case FieldReadError::not_string:
            return wrong("a string");
        case FieldReadError::unreadable:
            break;
    }
    return std::string(name) + " cannot be read from JSON";
}

}  // namespace qs
