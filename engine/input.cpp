// Action names, per-tick action state and the input script parser (DESIGN §5.3).
#include "engine/input.hpp"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sstream>

namespace qs {

namespace {

constexpr std::array<std::string_view, action_count> action_names = {
    "left",  "right",   "up",      "down", "jump",       "quicksave", "quickload", "quickload_older",
    "pause", "restart", "confirm", "back", "fullscreen", "screenshot"};

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

}  // namespace

std::string_view action_name(Action action) {
    return action_names[static_cast<std::size_t>(action)];
}

std::optional<Action> action_from_name(std::string_view name) {
    for (std::size_t i = 0; i < action_count; ++i) {
        if (action_names[i] == name) return static_cast<Action>(i);
    }
    return std::nullopt;
}

std::string action_names_list() {
    std::string out;
    for (auto name : action_names) {
        if (!out.empty()) out += ", ";
        out += name;
    }
    return out;
}

void ActionState::begin_tick() {
    for (std::size_t i = 0; i < action_count; ++i) {
        was_held_[i] = held_[i] || tapped_[i];
        tapped_[i] = false;
    }
}

void ActionState::press(Action action) {
    held_[index(action)] = true;
}
void ActionState::release(Action action) {
    held_[index(action)] = false;
}
void ActionState::tap(Action action) {
    tapped_[index(action)] = true;
}

void ActionState::release_all() {
    held_.fill(false);
    tapped_.fill(false);
}

bool InputScript::load(const std::filesystem::path& path, std::string& error) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = path.string() + ": cannot open input script";
        return false;
    }
    std::ostringstream text;
    text << in.rdbuf();
    return parse(text.str(), path.string(), error);
}

bool InputScript::parse(std::string_view text, const std::string& source, std::string& error) {
    commands_.clear();
    int line_number = 0;
    while (!text.empty()) {
        auto end = text.find('\n');
        std::string_view line = trim(text.substr(0, end));
        text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
        ++line_number;
        if (line.empty() || line.front() == '#') continue;
        auto fail = [&](const std::string& message) {
            error = source + ":" + std::to_string(line_number) + ": " + message;
            commands_.clear();
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
        auto action = action_from_name(word);
        if (!action)
            return fail("unknown action '" + std::string(word) + "' (known: " + action_names_list() + ")");
        command.action = *action;
        commands_.push_back(command);
    }
    std::stable_sort(commands_.begin(), commands_.end(),
                     [](const ScriptCommand& a, const ScriptCommand& b) { return a.tick < b.tick; });
    return true;
}

void InputScript::apply(std::int64_t tick, ActionState& actions) const {
    auto first = std::lower_bound(commands_.begin(), commands_.end(), tick,
                                  [](const ScriptCommand& c, std::int64_t t) { return c.tick < t; });
    for (auto it = first; it != commands_.end() && it->tick == tick; ++it) {
        switch (it->kind) {
            case ScriptCommand::Kind::press:
                actions.press(it->action);
                break;
            case ScriptCommand::Kind::release:
                actions.release(it->action);
                break;
            case ScriptCommand::Kind::tap:
                actions.tap(it->action);
                break;
        }
    }
}

std::int64_t InputScript::last_tick() const {
    return commands_.empty() ? -1 : commands_.back().tick;
}

}  // namespace qs
