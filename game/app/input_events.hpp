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
    /// True while a key, gamepad button or stick direction bound to `action` is held down now (as the
    /// events polled so far tell): what the game takes up again after it let go of everything.
    bool held(Action action, const Settings& settings) const;

    /// A stick direction counts once pushed past `stick_on`, and again only after falling back under
    /// `stick_off` (a stick resting near one line does not flicker, so a menu moves one step per push).
    static constexpr int stick_on = 16000, stick_off = 10000;
    /// A trigger is a button past `trigger_on` (of 0..32767) until it falls under `trigger_off`.
    static constexpr int trigger_on = 20000, trigger_off = 10000;

   private:
    /// An open gamepad and what it holds down, released for the game when it is unplugged.
    struct Pad {
        SDL_GameController* controller = nullptr;
        SDL_JoystickID id = -1;
        std::array<bool, SDL_CONTROLLER_BUTTON_MAX + 2> button_held{};  ///< + the two triggers
        std::array<bool, action_count> stick_held{};                    ///< directions the left stick holds
    };
    Pad* find_pad(SDL_JoystickID id);
    void on_button(Pad& pad, SDL_GameControllerButton button, bool down, const Settings& settings,
                   PolledInput& out);
    void on_axis(Pad& pad, const SDL_ControllerAxisEvent& axis, const Settings& settings, PolledInput& out);
    /// Lets go of everything `pad` holds (it was unplugged).
    void release_pad(Pad& pad, const Settings& settings, PolledInput& out);

    std::vector<Pad> pads_;
    std::array<bool, SDL_NUM_SCANCODES> keys_held_{};
    bool capturing_binding_ = false;
};

}  // namespace qs
