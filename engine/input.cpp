// The input script parser over any action vocabulary.
#include "engine/input.hpp"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sstream>

namespace qs {

namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

}  // namespace

bool load_input_script(const std::filesystem::path& path, std::span<const std::string_view> names,
                       std::vector<ScriptCommand>& commands, std::string& error) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = path.string() + ": cannot open input script";
        commands.clear();
        return false;
    }
    std::ostringstream text;
    text << in.rdbuf();
    return parse_input_script(text.str(), path.string(), names, commands, error);
}

bool parse_input_script(std::string_view text, const std::string& source,
                        std::span<const std::string_view> names, std::vector<ScriptCommand>& commands,
                        std::string& error) {
    commands.clear();
    int line_number = 0;
    while (!text.empty()) {
        auto end = text.find('\n');
        std::string_view line = trim(text.substr(0, end));
        text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
        ++line_number;
        if (line.empty() || line.front() == '#') continue;
        auto fail = [&](const std::string& message) {
            error = source + ":" + std::to_string(line_number) + ": " + message;
            commands.clear();
            return false;
        };
        auto space = line.find_first_of(" \t");
        if (space == std::string_view::npos)
            return fail("expected '<tick> <action>', got '" + std::string(line) + "'");
        std::string_view tick_text = line.substr(0, space);
        std::string_view word = trim(line.substr(space));
        ScriptCommand command;
        auto [ptr, ec] = std::from_chars(tick_text.data(), tick_text.data() + tick_text.size(), command.tick);
        if (ec != std::errc() || ptr != tick_text.data() + tick_text.size() || command.tick < 0) {
            return fail("tick must be a whole number >= 0, got '" + std::string(tick_text) + "'");
        }
        if (word.find_first_of(" \t") != std::string_view::npos) {
            return fail("one action per line, got '" + std::string(word) + "'");
        }
        if (!word.empty() && word.front() == '+') {
            command.kind = ScriptCommand::Kind::press;
            word.remove_prefix(1);
        } else if (!word.empty() && word.front() == '-') {
            command.kind = ScriptCommand::Kind::release;
            word.remove_prefix(1);
        }
        auto found = std::find(names.begin(), names.end(), word);
        if (found == names.end())
            return fail("unknown action '" + std::string(word) + "' (known: " + join(names) + ")");
        command.action = static_cast<std::size_t>(found - names.begin());
        commands.push_back(command);
    }
    std::stable_sort(commands.begin(), commands.end(),
                     [](const ScriptCommand& a, const ScriptCommand& b) { return a.tick < b.tick; });
    return true;
}

std::span<const ScriptCommand> script_commands_at(const std::vector<ScriptCommand>& commands,
                                                  std::int64_t tick) {
    auto first = std::lower_bound(commands.begin(), commands.end(), tick,
                                  [](const ScriptCommand& c, std::int64_t t) { return c.tick < t; });
    auto last = std::upper_bound(first, commands.end(), tick,
                                 [](std::int64_t t, const ScriptCommand& c) { return t < c.tick; });
    return {first, last};
}

}  // namespace qs
