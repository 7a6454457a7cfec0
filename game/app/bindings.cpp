// The controls model: labels, conflicts between actions, adding, moving and removing single inputs.
#include "game/app/bindings.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <utility>

namespace qs {

namespace {

/// What an action does in play: itself, or nothing (nullopt) for the menu-only up, confirm and back.
std::optional<Action> in_play(Action a) {
    if (a == Action::up || a == Action::confirm || a == Action::back) return std::nullopt;
    return a;  // down + jump drops through a one-way floor, so down counts in play too
}

/// What an action does in the menus: jump confirms, pause goes back; play-only actions do nothing.
std::optional<Action> in_menus(Action a) {
    switch (a) {
        case Action::jump:
            return Action::confirm;
        case Action::pause:
            return Action::back;
        case Action::left:
        case Action::right:
        case Action::up:
        case Action::down:
        case Action::confirm:
        case Action::back:
        case Action::fullscreen:
        case Action::screenshot:
        case Action::debug_overlay:
            return a;
        default:
            return std::nullopt;
    }
}

std::vector<SDL_Scancode>& keys_of(Settings& s, Action a) {
    return s.keys[static_cast<std::size_t>(a)];
}
const std::vector<SDL_Scancode>& keys_of(const Settings& s, Action a) {
    return s.keys[static_cast<std::size_t>(a)];
}
std::vector<SDL_GameControllerButton>& buttons_of(Settings& s, Action a) {
    return s.buttons[static_cast<std::size_t>(a)];
}
const std::vector<SDL_GameControllerButton>& buttons_of(const Settings& s, Action a) {
    return s.buttons[static_cast<std::size_t>(a)];
}

/// The action's inputs of one device.
std::vector<InputCode> inputs_of(const Settings& s, Action a, InputCode::Device device) {
    std::vector<InputCode> out;
    if (device == InputCode::Device::key) {
        for (SDL_Scancode k : keys_of(s, a)) out.push_back(InputCode::key(k));
    } else {
        for (SDL_GameControllerButton b : buttons_of(s, a)) out.push_back(InputCode::button(b));
    }
    return out;
}

void erase_input(Settings& s, Action a, InputCode input) {
    if (input.is_key()) {
        std::erase(keys_of(s, a), static_cast<SDL_Scancode>(input.code));
    } else {
        std::erase(buttons_of(s, a), static_cast<SDL_GameControllerButton>(input.code));
    }
}

/// The actions other than `action` that hold `input` and conflict with `action`.
std::vector<Action> conflicting_holders(const Settings& s, Action action, InputCode input) {
    std::vector<Action> out;
    for (std::size_t i = 0; i < action_count; ++i) {
        auto other = static_cast<Action>(i);
        if (other != action && actions_conflict(action, other) && is_bound(s, other, input))
            out.push_back(other);
    }
    return out;
}

/// The other action's inputs of the input's device that stay when `input` leaves it.
std::vector<InputCode> kept_without(const Settings& s, Action other, InputCode input) {
    std::vector<InputCode> keeps = inputs_of(s, other, input.device);
    std::erase(keeps, input);
    return keeps;
}

}  // namespace

std::string_view action_label(Action action) {
    switch (action) {
        case Action::left:
            return "Move left";
        case Action::right:
            return "Move right";
        case Action::up:
            return "Menu up";
        case Action::down:
            return "Down / drop through";
        case Action::jump:
            return "Jump";
        case Action::quicksave:
            return "Quicksave";
        case Action::quickload:
            return "Quickload";
        case Action::quickload_older:
            return "Older save";
        case Action::pause:
            return "Pause";
        case Action::restart:
            return "Restart level";
        case Action::confirm:
            return "Confirm (menus)";
        case Action::back:
            return "Back (menus)";
        case Action::fullscreen:
            return "Fullscreen";
        case Action::screenshot:
            return "Screenshot";
        case Action::rewind:
            return "Rewind (hold)";
        case Action::retry_spot:
            return "Retry from last footing";
        case Action::frame_advance:
            return "Frame advance (paused)";
        case Action::debug_overlay:
            return "Debug overlay";
        case Action::invincible:
            return "Assist: invincible";
        case Action::infinite_hearts:
            return "Assist: infinite hearts";
        default:
            return "?";
    }
}

std::string input_label(InputCode input) {
    if (input.is_key()) {
        const char* name = SDL_GetScancodeName(static_cast<SDL_Scancode>(input.code));
        return name && *name ? name : "key " + std::to_string(input.code);
    }
    auto button = static_cast<SDL_GameControllerButton>(input.code);
    static constexpr std::array<std::pair<SDL_GameControllerButton, const char*>, 12> names = {{
        {SDL_CONTROLLER_BUTTON_A, "A"},
        {SDL_CONTROLLER_BUTTON_B, "B"},
        {SDL_CONTROLLER_BUTTON_X, "X"},
        {SDL_CONTROLLER_BUTTON_Y, "Y"},
        {SDL_CONTROLLER_BUTTON_BACK, "Back"},
        {SDL_CONTROLLER_BUTTON_START, "Start"},
        {SDL_CONTROLLER_BUTTON_LEFTSHOULDER, "LB"},
        {SDL_CONTROLLER_BUTTON_RIGHTSHOULDER, "RB"},
        {SDL_CONTROLLER_BUTTON_DPAD_UP, "D-pad up"},
        {SDL_CONTROLLER_BUTTON_DPAD_DOWN, "D-pad down"},
        {SDL_CONTROLLER_BUTTON_DPAD_LEFT, "D-pad left"},
        {SDL_CONTROLLER_BUTTON_DPAD_RIGHT, "D-pad right"},
    }};
    for (const auto& [b, name] : names) {
        if (b == button) return name[0] == 'D' && name[1] == '-' ? name : std::string("pad ") + name;
    }
    if (button == left_trigger_button) return "pad LT";
    if (button == right_trigger_button) return "pad RT";
    const char* name = pad_button_name(button);
    return std::string("pad ") + (name ? name : "?");
}

const std::vector<Action>& rebindable_actions() {
    static const std::vector<Action> actions = {
        Action::left,          Action::right,        Action::up,         Action::down,
        Action::jump,          Action::quicksave,    Action::quickload,  Action::quickload_older,
        Action::rewind,        Action::restart,      Action::retry_spot, Action::pause,
        Action::frame_advance, Action::debug_overlay};
    return actions;
}

bool actions_conflict(Action a, Action b) {
    if (a == b) return false;
    std::optional<Action> pa = in_play(a), pb = in_play(b), ma = in_menus(a), mb = in_menus(b);
    return (pa && pb && *pa != *pb) || (ma && mb && *ma != *mb);
}

std::vector<InputCode> bound_inputs(const Settings& settings, Action action) {
    std::vector<InputCode> out = inputs_of(settings, action, InputCode::Device::key);
    std::vector<InputCode> buttons = inputs_of(settings, action, InputCode::Device::button);
    out.insert(out.end(), buttons.begin(), buttons.end());
    return out;
}

bool is_bound(const Settings& settings, Action action, InputCode input) {
    std::vector<InputCode> all = inputs_of(settings, action, input.device);
    return std::find(all.begin(), all.end(), input) != all.end();
}

BindCheck check_binding(const Settings& settings, Action action, InputCode input) {
    BindCheck check;
    if (input == InputCode::key(SDL_SCANCODE_ESCAPE) || input == InputCode::button(SDL_CONTROLLER_BUTTON_B)) {
        check.kind = BindCheck::Kind::cancel_input;
        return check;
    }
    if (is_bound(settings, action, input)) {
        check.kind = BindCheck::Kind::already;
        return check;
    }
    std::vector<Action> holders = conflicting_holders(settings, action, input);
    if (holders.empty()) return check;
    check.kind = BindCheck::Kind::conflict;
    check.other = holders.front();
    check.other_keeps = kept_without(settings, check.other, input);
    for (Action other : holders) {
        if (kept_without(settings, other, input).empty()) {  // the move would be refused
            check.other = other;
            check.other_keeps.clear();
            break;
        }
    }
    return check;
}

void add_binding(Settings& settings, Action action, InputCode input) {
    if (is_bound(settings, action, input)) return;
    if (input.is_key()) {
        keys_of(settings, action).push_back(static_cast<SDL_Scancode>(input.code));
    } else {
        buttons_of(settings, action).push_back(static_cast<SDL_GameControllerButton>(input.code));
    }
}

bool move_binding(Settings& settings, Action action, InputCode input) {
    std::vector<Action> holders = conflicting_holders(settings, action, input);
    for (Action other : holders) {
        if (kept_without(settings, other, input).empty()) return false;
    }
    for (Action other : holders) erase_input(settings, other, input);
    add_binding(settings, action, input);
    return true;
}

bool can_remove_binding(const Settings& settings, Action action, InputCode input) {
    if (!is_bound(settings, action, input)) return false;
    return !input.is_key() || keys_of(settings, action).size() > 1;
}

bool remove_binding(Settings& settings, Action action, InputCode input) {
    if (!can_remove_binding(settings, action, input)) return false;
    erase_input(settings, action, input);
    return true;
}

std::vector<std::string> describe_conflicts(const Settings& settings) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < action_count; ++i) {
        auto a = static_cast<Action>(i);
        for (InputCode input : bound_inputs(settings, a)) {
            for (std::size_t j = i + 1; j < action_count; ++j) {
                auto b = static_cast<Action>(j);
                if (actions_conflict(a, b) && is_bound(settings, b, input)) {
                    out.push_back(input_label(input) + ": " + std::string(action_label(a)) + " and " +
                                  std::string(action_label(b)));
                }
            }
        }
    }
    return out;
}

}  // namespace qs
