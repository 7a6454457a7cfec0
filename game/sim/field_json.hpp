// Field values as JSON: the state dump's form (references as {"index","generation"} or null) and the
// reader that sets fields from JSON with type checks ("speed must be a number, got a string").
#pragma once

#include <cmath>
#include <string>

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

/// The dump form of one field value.
template <class T>
nlohmann::json field_to_json(const T& value) {
    if constexpr (std::is_same_v<T, EntityRef>) {
        return ref_to_json(value);
    } else if constexpr (std::is_same_v<T, EntityRefList>) {
        nlohmann::json list = nlohmann::json::array();
        for (const EntityRef& ref : value.refs) list.push_back(ref_to_json(ref));
        return list;
    } else if constexpr (std::is_floating_point_v<T>) {
        return dump_number(value);
    } else {
        return value;
    }
}

/// Writes every field into a JSON object (the state dump).
struct JsonFieldWriter {
    nlohmann::json& out;
    template <class T>
    void operator()(const char* name, T& value, FieldFlag = FieldFlag::none) {
        out[name] = field_to_json(value);
    }
};

/// Reads a plain field value (bool, integer, number, string) from JSON; returns an error sentence or "".
template <class T>
std::string field_from_json(const nlohmann::json& json, const std::string& name, T& value) {
    auto wrong = [&](const char* wanted) {
        return name + " must be " + wanted + ", got " +
               (json.is_null() ? "null" : std::string("a ") + json.type_name());
    };
    if constexpr (std::is_same_v<T, bool>) {
        if (!json.is_boolean()) return wrong("true or false");
        value = json.get<bool>();
    } else if constexpr (std::is_integral_v<T>) {
        if (json.is_number_integer()) {
            value = json.get<T>();
        } else if (json.is_number_float() && std::trunc(json.get<double>()) == json.get<double>() &&
                   std::abs(json.get<double>()) < 1e9) {
            value = static_cast<T>(json.get<double>());
        } else {
            return wrong("a whole number");
        }
    } else if constexpr (std::is_floating_point_v<T>) {
        if (!json.is_number()) return wrong("a number");
        double number = json.get<double>();
        if (!std::isfinite(number)) return wrong("a finite number");
        value = static_cast<T>(number);
    } else if constexpr (std::is_same_v<T, std::string>) {
        if (!json.is_string()) return wrong("a string");
        value = json.get<std::string>();
    } else {
        return name + " cannot be read from JSON";
    }
    return "";
}

}  // namespace qs
