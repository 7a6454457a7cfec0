// The level maker's reference, generated from the field lists: every tile type and, for every prefab, its
// editable fields with type, default, range and a one-line description. LEVELS.md embeds
// level_guide_reference() between its GENERATED REFERENCE markers (`quickstep --level-guide` prints it); a
// test keeps them equal.
#pragma once

#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace qs {

/// One field a level maker may set in a .lvl prefab entry.
struct EditableField {
    std::string name;                      ///< user-facing name, as written in the .lvl
    std::string type;                      ///< qs::field_type_name: "number", "integer", "boolean", ...
    nlohmann::ordered_json default_value;  ///< from a default-constructed entity; null for a single reference
    bool is_reference = false;             ///< takes an id (or a list of ids) of another entry
    std::string range;                     ///< "0 to 25 tiles/s", "at most 1000 bytes long", or "" (any)
    double min = -std::numeric_limits<double>::infinity();  ///< numbers: the least value; strings: unused
    double max = std::numeric_limits<double>::infinity();   ///< numbers: the greatest; strings: most bytes
};

/// The editable fields of a prefab in field-list order; empty for an unknown prefab.
std::vector<EditableField> editable_fields(std::string_view prefab);

/// The generated markdown section (tile types, then prefabs in level_schema() order); ends with a newline.
std::string level_guide_reference();

/// One sentence per tile type, prefab or editable field that has no description in level_guide.cpp's
/// table. Empty when the guide is complete (a test requires it).
std::vector<std::string> level_guide_problems();

/// Description keys ("walker.speed", "tile:ice", "sign") that name nothing in the schema any more.
std::vector<std::string> level_guide_unused_descriptions();

}  // namespace qs
