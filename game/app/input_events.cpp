// SDL event polling: keyboard and gamepad through the bindings, stick directions as changes only,
// gamepad hot-plug, focus and quit.
#include "game/app/input_events.hpp"

#include <algorithm>

namespace qs {

InputEvents::~InputEvents() {
    for (SDL_GameController* pad : pads_) SDL_GameControllerClose(pad);
}

void InputEvents::open_gamepads() {
    SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER);
}

PolledInput InputEvents::poll(const Settings& settings) {
    PolledInput out;
    SDL_Event event;
    while (SDL_PollEvent(&event)) {
        switch (event.type) {
            case SDL_QUIT:
                out.quit = true;
                break;
            case SDL_WINDOWEVENT:
                if (event.window.event == SDL_WINDOWEVENT_FOCUS_LOST) out.focus_lost = true;
                break;
            case SDL_CONTROLLERDEVICEADDED:
                if (SDL_GameController* pad = SDL_GameControllerOpen(event.cdevice.which)) {
                    pads_.push_back(pad);
                    out.notices.push_back(std::string("Gamepad connected: ") +
                                          (SDL_GameControllerName(pad) ? SDL_GameControllerName(pad) : "?"));
                }
                break;
            case SDL_CONTROLLERDEVICEREMOVED:
                for (auto it = pads_.begin(); it != pads_.end(); ++it) {
                    if (SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(*it)) == event.cdevice.which) {
                        SDL_GameControllerClose(*it);
                        pads_.erase(it);
                        out.notices.push_back("Gamepad disconnected");
                        out.pad_removed = true;
                        break;
                    }
                }
                break;
            case SDL_KEYDOWN:
            case SDL_KEYUP: {
                if (event.key.repeat) break;
                bool down = event.type == SDL_KEYDOWN;
                SDL_Scancode key = event.key.keysym.scancode;
                if (down && capturing_binding_) {
                    capturing_binding_ = false;
                    out.binding = PolledInput::Binding{};  // not emplace(): clang 14 rejects it for this nested type
                    out.binding->cancelled = key == SDL_SCANCODE_ESCAPE;
                    if (!out.binding->cancelled) out.binding->key = key;
                    break;
                }
                for (std::size_t a = 0; a < action_count; ++a) {
                    const auto& keys = settings.keys[a];
                    if (std::find(keys.begin(), keys.end(), key) != keys.end())
                        out.actions.emplace_back(static_cast<Action>(a), down);
                }
                break;
            }
            case SDL_CONTROLLERBUTTONDOWN:
            case SDL_CONTROLLERBUTTONUP:
                on_button(static_cast<SDL_GameControllerButton>(event.cbutton.button),
                          event.type == SDL_CONTROLLERBUTTONDOWN, settings, out);
                break;
            case SDL_CONTROLLERAXISMOTION:
                on_axis(event.caxis, settings, out);
                break;
            default:
                break;
        }
    }
    return out;
}

void InputEvents::on_button(SDL_GameControllerButton button, bool down, const Settings& settings,
                            PolledInput& out) {
    if (down && capturing_binding_) {
        capturing_binding_ = false;
        out.binding = PolledInput::Binding{};  // not emplace(): clang 14 rejects it for this nested type
        out.binding->cancelled = button == SDL_CONTROLLER_BUTTON_B;
        if (!out.binding->cancelled) out.binding->button = button;
        return;
    }
    for (std::size_t a = 0; a < action_count; ++a) {
        const auto& buttons = settings.buttons[a];
        if (std::find(buttons.begin(), buttons.end(), button) != buttons.end())
            out.actions.emplace_back(static_cast<Action>(a), down);
    }
}

void InputEvents::on_axis(const SDL_ControllerAxisEvent& axis, const Settings& settings, PolledInput& out) {
    if (axis.axis == SDL_CONTROLLER_AXIS_TRIGGERLEFT || axis.axis == SDL_CONTROLLER_AXIS_TRIGGERRIGHT) {
        // A trigger is a button once pulled past half way.
        bool left = axis.axis == SDL_CONTROLLER_AXIS_TRIGGERLEFT;
        bool& was_down = trigger_held_[left ? 0 : 1];
        bool down = axis.value > 16000;
        if (down != was_down)
            on_button(left ? left_trigger_button : right_trigger_button, down, settings, out);
        was_down = down;
        return;
    }
    if (axis.axis != SDL_CONTROLLER_AXIS_LEFTX && axis.axis != SDL_CONTROLLER_AXIS_LEFTY) return;
    bool horizontal = axis.axis == SDL_CONTROLLER_AXIS_LEFTX;
    constexpr int dead_zone = 12000;
    Action negative = horizontal ? Action::left : Action::up;
    Action positive = horizontal ? Action::right : Action::down;
    // Only changes count, so a held stick moves a menu cursor once, like a key.
    for (auto [action, on] :
         {std::pair{negative, axis.value < -dead_zone}, std::pair{positive, axis.value > dead_zone}}) {
        bool& was_on = stick_held_[static_cast<std::size_t>(action)];
        if (on != was_on) out.actions.emplace_back(action, on);
        was_on = on;
    }
}

}  // namespace qs
