// User JSON reading: size cap before reading, depth cap (a scan, then the nlohmann parser callback), and
// parse errors turned into "PATH: line L, column C: message" from parse_error::byte.
#include "engine/json_file.hpp"

#include <fstream>
#include <system_error>

namespace qs {
namespace {

/// Thrown from the parser callback to stop parsing as soon as the nesting gets too deep.
struct TooDeep {};

struct LineColumn {
    std::size_t line = 1, column = 1;
};

/// 1-based line and column of the byte at `offset` (0-based); an offset past the end points just after
/// the last character.
LineColumn line_column_at(std::string_view text, std::size_t offset) {
    offset = std::min(offset, text.size());
    LineColumn position;
    std::size_t line_start = 0;
    for (std::size_t i = 0; i < offset; ++i) {
        if (text[i] == '\n') {
            ++position.line;
            line_start = i + 1;
        }
    }
    position.column = offset - line_start + 1;
    return position;
}

/// Offset of the first '[' or '{' (outside strings) that opens nesting level `max_depth + 1`.
std::size_t find_too_deep_offset(std::string_view text, int max_depth) {
    int depth = 0;
    bool in_string = false, escaped = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (in_string) {
            if (escaped) {
                escaped = false;
            } else if (c == '\\') {
                escaped = true;
            } else if (c == '"') {
                in_string = false;
            }
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > max_depth) return i;
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return text.size();
}

/// The part of an nlohmann message after its own "[json.exception...] parse error at line L, column C: ".
std::string short_parse_message(const std::string& what) {
    const std::size_t column = what.find("column ");
    if (column != std::string::npos) {
        const std::size_t colon = what.find(": ", column);
        if (colon != std::string::npos) return what.substr(colon + 2);
    }
    const std::size_t bracket = what.find("] ");
    return bracket == std::string::npos ? what : what.substr(bracket + 2);
}

std::string position_prefix(const std::string& path, std::string_view text, std::size_t offset) {
    const LineColumn position = line_column_at(text, offset);
    return path + ": line " + std::to_string(position.line) + ", column " + std::to_string(position.column) +
           ": ";
}

}  // namespace

JsonLoad parse_json_text(std::string_view text, const std::string& path_for_messages, int max_depth) {
    JsonLoad result;
    const auto limit_depth = [max_depth](int depth, nlohmann::json::parse_event_t event, nlohmann::json&) {
        // `depth` counts the enclosing containers, so the container being opened is at depth + 1.
        if ((event == nlohmann::json::parse_event_t::object_start ||
             event == nlohmann::json::parse_event_t::array_start) &&
            depth + 1 > max_depth) {
            throw TooDeep{};
        }
        return true;
    };
    try {
        // The depth is checked by a scan first (cheap): the parser callback that stops it costs several
        // times the parse, so it only runs when the text nests too deep, to stop at the exact place.
        if (find_too_deep_offset(text, max_depth) == text.size()) {
            result.value = nlohmann::json::parse(text.begin(), text.end());
        } else {
            result.value = nlohmann::json::parse(text.begin(), text.end(), limit_depth);
        }
    } catch (const TooDeep&) {
        result.error = position_prefix(path_for_messages, text, find_too_deep_offset(text, max_depth)) +
                       "nested deeper than " + std::to_string(max_depth) + " levels";
    } catch (const nlohmann::json::parse_error& e) {
        // parse_error::byte is 1-based: the last character read, the one that broke the syntax.
        const std::size_t offset = e.byte == 0 ? 0 : e.byte - 1;
        result.error = position_prefix(path_for_messages, text, offset) + short_parse_message(e.what());
    } catch (const nlohmann::json::exception& e) {
        result.error = path_for_messages + ": " + short_parse_message(e.what());
    }
    return result;
}

JsonLoad load_json_file(const std::filesystem::path& path, std::uintmax_t max_bytes, int max_depth) {
    JsonLoad result;
    const std::string shown = path.string();
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) {
        result.error =
            shown + (std::filesystem::exists(path, ec) ? ": not a regular file" : ": file not found");
        return result;
    }
    const std::uintmax_t size = std::filesystem::file_size(path, ec);
    if (ec) {
        result.error = shown + ": cannot read the file size: " + ec.message();
        return result;
    }
    if (size > max_bytes) {
        result.error = shown + ": file is " + std::to_string(size) + " bytes, over the limit of " +
                       std::to_string(max_bytes) + " bytes";
        return result;
    }
    std::ifstream file(path, std::ios::binary);
    if (!file) {
        result.error = shown + ": cannot open the file";
        return result;
    }
    // Read one byte more than the size seen, so a file that grows after the check is noticed.
    std::string text(static_cast<std::size_t>(size) + 1, '\0');
    file.read(text.data(), static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<std::size_t>(file.gcount()));
    if (text.size() > size) {
        result.error = shown + ": the file changed while it was being read";
        return result;
    }
    return parse_json_text(text, shown, max_depth);
}

}  // namespace qs
