// SDL event polling: keyboard and gamepad through the bindings, stick directions as changes only,
// gamepad hot-plug, focus and quit.
#include "game/app/input_events.hpp"

#include <algorithm>
#include <utility>

namespace qs {

InputEvents::~InputEvents() {
    for (Pad& pad : pads_) SDL_GameControllerClose(pad.controller);
}

void InputEvents::open_gamepads() {
    SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER);
}

InputEvents::Pad* InputEvents::find_pad(SDL_JoystickID id) {
    auto it = std::find_if(pads_.begin(), pads_.end(), [id](const Pad& pad) { return pad.id == id; });
    return it == pads_.end() ? nullptr : &*it;
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
            case SDL_CONTROLLERDEVICEADDED:  // `which` is a device index here, an instance id elsewhere
                if (find_pad(SDL_JoystickGetDeviceInstanceID(event.cdevice.which))) break;  // already open
                if (SDL_GameController* controller = SDL_GameControllerOpen(event.cdevice.which)) {
                    Pad pad;
                    pad.controller = controller;
                    pad.id = SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(controller));
                    pads_.push_back(pad);
                    const char* name = SDL_GameControllerName(controller);
                    out.notices.push_back(std::string("Gamepad connected: ") + (name ? name : "?"));
                }
                break;
            case SDL_CONTROLLERDEVICEREMOVED:
                if (Pad* pad = find_pad(event.cdevice.which)) {
                    release_pad(*pad, settings, out);
                    SDL_GameControllerClose(pad->controller);
                    pads_.erase(pads_.begin() + (pad - pads_.data()));
                    out.notices.push_back("Gamepad disconnected");
                    out.pad_removed = true;
                }
                break;
            case SDL_KEYDOWN:
            case SDL_KEYUP: {
                if (event.key.repeat) break;
                bool down = event.type == SDL_KEYDOWN;
                SDL_Scancode key = event.key.keysym.scancode;
                if (key >= 0 && key < SDL_NUM_SCANCODES) keys_held_[static_cast<std::size_t>(key)] = down;
                if (down && capturing_binding_) {
                    capturing_binding_ = false;
                    out.binding =
                        PolledInput::Binding{};  // not emplace(): clang 14 rejects it for this nested type
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
                if (Pad* pad = find_pad(event.cbutton.which);
                    pad && event.cbutton.button < SDL_CONTROLLER_BUTTON_MAX)
                    on_button(*pad, static_cast<SDL_GameControllerButton>(event.cbutton.button),
                              event.type == SDL_CONTROLLERBUTTONDOWN, settings, out);
                break;
            case SDL_CONTROLLERAXISMOTION:
                if (Pad* pad = find_pad(event.caxis.which)) on_axis(*pad, event.caxis, settings, out);
                break;
            default:
                break;
        }
    }
    return out;
}

bool InputEvents::held(Action action, const Settings& settings) const {
    const auto a = static_cast<std::size_t>(action);
    for (SDL_Scancode key : settings.keys[a]) {
        if (key >= 0 && key < SDL_NUM_SCANCODES && keys_held_[static_cast<std::size_t>(key)]) return true;
    }
    for (const Pad& pad : pads_) {
        if (pad.stick_held[a]) return true;
        for (SDL_GameControllerButton button : settings.buttons[a]) {
            if (button >= 0 && static_cast<std::size_t>(button) < pad.button_held.size() &&
                pad.button_held[static_cast<std::size_t>(button)])
                return true;
        }
    }
    return false;
}

void InputEvents::on_button(Pad& pad, SDL_GameControllerButton button, bool down, const Settings& settings,
                            PolledInput& out) {
    bool& held = pad.button_held[static_cast<std::size_t>(button)];
    if (held == down) return;  // no change (a release already sent when the pad went away)
    held = down;
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

void InputEvents::on_axis(Pad& pad, const SDL_ControllerAxisEvent& axis, const Settings& settings,
                          PolledInput& out) {
    if (axis.axis == SDL_CONTROLLER_AXIS_TRIGGERLEFT || axis.axis == SDL_CONTROLLER_AXIS_TRIGGERRIGHT) {
        // A trigger is a button once pulled well past half way, until it is let go of most of the way.
        SDL_GameControllerButton button =
            axis.axis == SDL_CONTROLLER_AXIS_TRIGGERLEFT ? left_trigger_button : right_trigger_button;
        bool was_down = pad.button_held[static_cast<std::size_t>(button)];
        bool down = was_down ? axis.value >= trigger_off : axis.value > trigger_on;
        on_button(pad, button, down, settings, out);
        return;
    }
    if (axis.axis != SDL_CONTROLLER_AXIS_LEFTX && axis.axis != SDL_CONTROLLER_AXIS_LEFTY) return;
    bool horizontal = axis.axis == SDL_CONTROLLER_AXIS_LEFTX;
    Action negative = horizontal ? Action::left : Action::up;
    Action positive = horizontal ? Action::right : Action::down;
    // Only changes count, so a held stick moves a menu cursor once, like a key; the two thresholds keep a
    // stick resting near one of them from flickering on and off.
    for (auto [action, sign] : {std::pair{negative, -1}, std::pair{positive, 1}}) {
        bool& was_on = pad.stick_held[static_cast<std::size_t>(action)];
        int push = sign * axis.value;
        bool on = was_on ? push >= stick_off : push > stick_on;
        if (on != was_on) out.actions.emplace_back(action, on);
        was_on = on;
    }
}

void InputEvents::release_pad(Pad& pad, const Settings& settings, PolledInput& out) {
    bool capturing = std::exchange(capturing_binding_, false);
    for (std::size_t b = 0; b < pad.button_held.size(); ++b) {
        if (pad.button_held[b])
            on_button(pad, static_cast<SDL_GameControllerButton>(b), false, settings, out);
    }
    capturing_binding_ = capturing;
    for (std::size_t a = 0; a < action_count; ++a) {
        if (pad.stick_held[a]) out.actions.emplace_back(static_cast<Action>(a), false);
        pad.stick_held[a] = false;
    }
}

}  // namespace qs
