// Input as actions: keyboard, gamepad and input scripts all become one ActionState per tick.
//
//   qs::InputScript script;                       // DESIGN §5.3: "<tick> +jump", "<tick> -jump", "<tick>
//   jump" if (!script.load("solve.txt", error)) ...     // error: "solve.txt:7: unknown action 'jmup' (known:
//   ...)" qs::ActionState actions; for (tick ...) { actions.begin_tick(); script.apply(tick, actions);
//   world.step(actions); }
//
// A tap holds the action for its tick only: pressed() is true on the tick an action goes down.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qs {

/// Everything a player can ask for. Names (action_name) are the script and settings vocabulary.
enum class Action : std::uint8_t {
    left,
    right,
    up,
    down,
    jump,
    quicksave,
    quickload,
    quickload_older,
    pause,
    restart,
    confirm,
    back,
    fullscreen,
    screenshot,
    count
};
inline constexpr std::size_t action_count = static_cast<std::size_t>(Action::count);

/// The script/settings name of an action ("left", "quickload_older", ...).
std::string_view action_name(Action action);
/// The action with that name, if any.
std::optional<Action> action_from_name(std::string_view name);
/// All action names, comma separated (for error messages).
std::string action_names_list();

/// Which actions are held this tick and which went down this tick.
class ActionState {
   public:
    /// Starts a new tick: remembers what was held, drops last tick's taps.
    void begin_tick();
    /// Holds an action until release().
    void press(Action action);
    void release(Action action);
    /// Holds an action for the current tick only.
    void tap(Action action);
    /// Releases everything (focus lost, level change).
    void release_all();

    /// True while the action is held (or tapped this tick).
    bool held(Action action) const { return held_[index(action)] || tapped_[index(action)]; }
    /// True on the tick the action went down.
    bool pressed(Action action) const { return held(action) && !was_held_[index(action)]; }

   private:
    static std::size_t index(Action a) { return static_cast<std::size_t>(a); }
    std::array<bool, action_count> held_{};
    std::array<bool, action_count> tapped_{};
    std::array<bool, action_count> was_held_{};
};

/// One line of an input script.
struct ScriptCommand {
    enum class Kind : std::uint8_t { press, release, tap };
    std::int64_t tick = 0;
    Kind kind = Kind::tap;
    Action action = Action::jump;
};

/// An input script (DESIGN §5.3), commands sorted by tick, file order kept within a tick.
class InputScript {
   public:
    /// Reads and checks the whole file; on the first bad line returns false with "FILE:LINE: message".
    bool load(const std::filesystem::path& path, std::string& error);
    /// Parses script text; `source` names it in messages.
    bool parse(std::string_view text, const std::string& source, std::string& error);
    /// Applies the commands of `tick` to `actions`.
    void apply(std::int64_t tick, ActionState& actions) const;
    /// The last tick that has a command (-1 for an empty script).
    std::int64_t last_tick() const;
    const std::vector<ScriptCommand>& commands() const { return commands_; }

   private:
    std::vector<ScriptCommand> commands_;
};

}  // namespace qs
