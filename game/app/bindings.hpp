// The player's controls as a model the Options screens edit: player-facing action names ("Older save"),
// adding and removing single keys and gamepad buttons of an action, and conflicts (one key doing two
// different things in play or in the menus) found before they are made.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "game/app/settings.hpp"
#include "game/sim/actions.hpp"

namespace qs {

/// One key or one gamepad button.
struct InputCode {
    enum class Device { key, button };
    Device device = Device::key;
    int code = 0;  ///< an SDL_Scancode or an SDL_GameControllerButton (the triggers included)

    static InputCode key(SDL_Scancode scancode) { return {Device::key, static_cast<int>(scancode)}; }
    static InputCode button(SDL_GameControllerButton button) {
        return {Device::button, static_cast<int>(button)};
    }
    bool is_key() const { return device == Device::key; }
    bool operator==(const InputCode&) const = default;
};

/// What a player reads for an action: "Move left", "Older save", "Rewind (hold)".
std::string_view action_label(Action action);
/// What a player reads for a key or button: "Space", "F8", "pad A", "pad left trigger".
std::string input_label(InputCode input);

/// The actions the Controls screen lists, in its order.
const std::vector<Action>& rebindable_actions();

/// Whether one input doing both actions would be a conflict: in play or in the menus the two would mean
/// different things (jump to Right: jumping and moving right; jump to Up: confirming and moving up in a
/// menu). Jump and confirm, pause and back mean the same in the menus and are not conflicts.
bool actions_conflict(Action a, Action b);

/// The keys and buttons bound to an action, keys first.
std::vector<InputCode> bound_inputs(const Settings& settings, Action action);
bool is_bound(const Settings& settings, Action action, InputCode input);

/// What binding `input` to `action` would do.
struct BindCheck {
    enum class Kind {
        add,          ///< free (or shared only without conflict): it can be added
        already,      ///< the action has it already
        conflict,     ///< another action uses it for something else: move it (see other_keeps)
        cancel_input  ///< Escape and gamepad B cancel a rebinding and cannot be bound from the menu
    };
    Kind kind = Kind::add;
    Action other = Action::count;  ///< the conflicting action
    /// The other action's inputs of the same device that stay when the input moves away ("D");
    /// empty: moving would leave it without any key (or button), so the move is refused.
    std::vector<InputCode> other_keeps;
};
BindCheck check_binding(const Settings& settings, Action action, InputCode input);

/// Adds `input` to `action` (after its other keys); nothing when it is there already.
void add_binding(Settings& settings, Action action, InputCode input);
/// Takes `input` away from every action that conflicts with `action` and adds it to `action`; false (and
/// no change) when one of them would be left without any key or button of that device.
bool move_binding(Settings& settings, Action action, InputCode input);
/// Whether `input` can be removed from `action`: an action keeps at least one key (it may have no button).
bool can_remove_binding(const Settings& settings, Action action, InputCode input);
/// Removes `input` from `action`; false (and no change) when can_remove_binding() says no.
bool remove_binding(Settings& settings, Action action, InputCode input);

/// Every pair of conflicting actions that share an input, as "Right: Move right and Jump" lines.
std::vector<std::string> describe_conflicts(const Settings& settings);

}  // namespace qs
