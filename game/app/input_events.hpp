// SDL events turned into what the game understands: actions going down and up (keyboard, gamepad
// buttons, the triggers as buttons, the left stick as directions) through the player's bindings, gamepads
// plugged and unplugged, window focus, quit, and the raw key or button a rebinding waits for.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <SDL.h>

#include "game/app/settings.hpp"
#include "game/sim/actions.hpp"

namespace qs {

/// What one poll of the SDL event queue brought, in event order where order matters.
struct PolledInput {
    std::vector<std::pair<Action, bool>> actions;  ///< action, down (true) or up (false)
    bool quit = false;                             ///< the window was closed
    bool focus_lost = false;
    bool pad_removed = false;          ///< a gamepad in use was unplugged
    std::vector<std::string> notices;  ///< "Gamepad connected: ...", for toasts
    /// While a rebinding waits: the key or button pressed for it (Escape or B: kept the old binding).
    struct Binding {
        std::optional<SDL_Scancode> key;
        std::optional<SDL_GameControllerButton> button;
        bool cancelled = false;
    };
    std::optional<Binding> binding;
};

class InputEvents {
   public:
    InputEvents() = default;
    InputEvents(const InputEvents&) = delete;
    InputEvents& operator=(const InputEvents&) = delete;
    ~InputEvents();

    /// Opens the gamepad subsystem (windowed play); gamepads then arrive as hot-plug events.
    void open_gamepads();
    /// The next key or gamepad button pressed is reported as PolledInput::binding instead of an action.
    void capture_next_binding() { capturing_binding_ = true; }
    bool capturing_binding() const { return capturing_binding_; }

    /// Drains the SDL event queue, mapping keys and buttons through `settings`.
    PolledInput poll(const Settings& settings);

   private:
    void on_button(SDL_GameControllerButton button, bool down, const Settings& settings, PolledInput& out);
    void on_axis(const SDL_ControllerAxisEvent& axis, const Settings& settings, PolledInput& out);

    std::vector<SDL_GameController*> pads_;
    std::array<bool, action_count> stick_held_{};  ///< directions the left stick holds
    std::array<bool, 2> trigger_held_{};           ///< left and right trigger past half way
    bool capturing_binding_ = false;
};

}  // namespace qs
