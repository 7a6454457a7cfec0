// Input as actions: keyboard, gamepad and input scripts all become one action state per tick. The engine
// knows no action names: a game declares its actions as an enum and its vocabulary (the names used in
// scripts and settings) by specialising ActionVocabulary, then uses the state and script templates.
//
//   enum class Action : std::uint8_t { left, right, jump, count };
//   template <> struct qs::ActionVocabulary<Action> {
//       static constexpr std::array<std::string_view, 3> names = {"left", "right", "jump"};
//   };
//   using ActionState = qs::BasicActionState<Action>;
//   using InputScript = qs::BasicInputScript<Action>;
//
//   InputScript script;                           // lines "<tick> +jump", "<tick> -jump", "<tick> jump"
//   if (!script.load("solve.txt", error)) ...     // error: "solve.txt:7: unknown action 'jmup' (known: ...)"
//   ActionState actions;
//   for (tick ...) { actions.begin_tick(); script.apply(tick, actions); world.step(actions); }
//
// A tap holds the action for its tick only: pressed() is true on the tick an action goes down.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/join.hpp"

namespace qs {

/// A game's action vocabulary: specialise it for the game's action enum with
/// `static constexpr std::array<std::string_view, N> names`, the name of each action in enum order.
template <class Action>
struct ActionVocabulary;

/// The number of actions in a vocabulary.
template <class Action>
inline constexpr std::size_t action_count_of = ActionVocabulary<Action>::names.size();

/// The script/settings name of an action.
template <class Action>
std::string_view action_name(Action action) {
    return ActionVocabulary<Action>::names[static_cast<std::size_t>(action)];
}

/// The action with that name, if any.
template <class Action>
std::optional<Action> find_action(std::string_view name) {
    const auto& names = ActionVocabulary<Action>::names;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (names[i] == name) return static_cast<Action>(i);
    }
    return std::nullopt;
}

/// All action names, comma separated (for error messages).
template <class Action>
std::string list_actions() {
    return join(ActionVocabulary<Action>::names);
}

/// Which actions are held this tick and which went down this tick.
template <class Action>
class BasicActionState {
   public:
    /// Starts a new tick: remembers what was held, drops last tick's taps.
    void begin_tick() {
        for (std::size_t i = 0; i < count; ++i) {
            was_held_[i] = held_[i] || tapped_[i];
            tapped_[i] = false;
        }
    }
    /// Holds an action until release().
    void press(Action action) { held_[index(action)] = true; }
    void release(Action action) { held_[index(action)] = false; }
    /// Holds an action for the current tick only.
    void tap(Action action) { tapped_[index(action)] = true; }
    /// Releases everything (focus lost, level change).
    void release_all() {
        held_.fill(false);
        tapped_.fill(false);
    }

    /// True while the action is held (or tapped this tick).
    bool held(Action action) const { return held_[index(action)] || tapped_[index(action)]; }
    /// True on the tick the action went down.
    bool pressed(Action action) const { return held(action) && !was_held_[index(action)]; }

   private:
    static constexpr std::size_t count = action_count_of<Action>;
    static std::size_t index(Action a) { return static_cast<std::size_t>(a); }
    std::array<bool, count> held_{};
    std::array<bool, count> tapped_{};
    std::array<bool, count> was_held_{};
};

/// One line of an input script; `action` is the action's number in its vocabulary.
struct ScriptCommand {
    enum class Kind : std::uint8_t { press, release, tap };
    std::int64_t tick = 0;
    Kind kind = Kind::tap;
    std::size_t action = 0;
};

/// The largest tick a script command may name: 24 hours at 60 ticks per second (a run stays finite).
inline constexpr std::int64_t max_script_tick = 24 * 60 * 60 * 60;
/// The largest input script file read.
inline constexpr std::uintmax_t max_script_bytes = 8u << 20;

/// Parses input script text over a vocabulary (names[i] names action i) into commands sorted by tick,
/// file order kept within a tick. On the first bad line returns false with "SOURCE:LINE: message"; ticks
/// beyond max_script_tick are refused; odd bytes in messages are written as \xNN.
bool parse_input_script(std::string_view text, const std::string& source,
                        std::span<const std::string_view> names, std::vector<ScriptCommand>& commands,
                        std::string& error);
/// Reads the file whole (a regular file of at most max_script_bytes; anything else is refused with
/// "FILE: message"), then parse_input_script with the path as source.
bool load_input_script(const std::filesystem::path& path, std::span<const std::string_view> names,
                       std::vector<ScriptCommand>& commands, std::string& error);
/// The commands of `tick` (a range of `commands`, which is sorted by tick).
std::span<const ScriptCommand> script_commands_at(const std::vector<ScriptCommand>& commands,
                                                  std::int64_t tick);

/// An input script over a game's actions: lines "<tick> +action" (press and hold), "<tick> -action"
/// (release), "<tick> action" (tap), "# comment".
template <class Action>
class BasicInputScript {
   public:
    /// Reads and checks the whole file; on the first bad line returns false with "FILE:LINE: message".
    bool load(const std::filesystem::path& path, std::string& error) {
        return load_input_script(path, ActionVocabulary<Action>::names, commands_, error);
    }
    /// Parses script text; `source` names it in messages.
    bool parse(std::string_view text, const std::string& source, std::string& error) {
        return parse_input_script(text, source, ActionVocabulary<Action>::names, commands_, error);
    }
    /// Applies the commands of `tick` to `actions`.
    void apply(std::int64_t tick, BasicActionState<Action>& actions) const {
        for (const ScriptCommand& command : script_commands_at(commands_, tick)) {
            auto action = static_cast<Action>(command.action);
            switch (command.kind) {
                case ScriptCommand::Kind::press:
                    actions.press(action);
                    break;
                case ScriptCommand::Kind::release:
                    actions.release(action);
                    break;
                case ScriptCommand::Kind::tap:
                    actions.tap(action);
                    break;
            }
        }
    }
    /// The last tick that has a command (-1 for an empty script).
    std::int64_t last_tick() const { return commands_.empty() ? -1 : commands_.back().tick; }
    const std::vector<ScriptCommand>& commands() const { return commands_; }

   private:
    std::vector<ScriptCommand> commands_;
};

}  // namespace qs
