// JSON written by users (level .lvl files, configuration): read with a size cap and a nesting-depth
// limit, syntax errors reported as "PATH: line L, column C: message".
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace qs {

/// The outcome of reading user JSON: `value` on success, otherwise `error` (one line, starting "PATH: ").
struct JsonLoad {
    std::optional<nlohmann::json> value;
    std::string error;
};

/// Reads and parses `path`. The size is checked against `max_bytes` before anything is read, and
/// arrays/objects nested deeper than `max_depth` are refused while parsing (memory and time stay bounded
/// for hostile input such as 100 000 '['). Never throws for bad content.
JsonLoad load_json_file(const std::filesystem::path& path, std::uintmax_t max_bytes, int max_depth);

/// Parses `text`; errors name `path_for_messages` and give the line and column of the problem,
/// e.g. "lvl.json: line 3, column 5: syntax error while parsing object - unexpected '}'".
JsonLoad parse_json_text(std::string_view text, const std::string& path_for_messages, int max_depth);

}  // namespace qs
