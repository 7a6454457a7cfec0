// The --pad-script virtual gamepad: script parsing and SDL virtual joystick calls. SDL maps a virtual
// joystick of type game controller with buttons and axes in SDL_GameControllerButton / _Axis order.
#include "game/app/pad_script.hpp"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sstream>

#include "game/app/settings.hpp"

namespace qs {

PadScript::~PadScript() {
    detach();
}

bool PadScript::load(const std::filesystem::path& file, std::string& error) {
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        error = file.string() + ": cannot read the pad script";
        return false;
    }
    std::stringstream text;
    text << in.rdbuf();
    if (!parse(text.str(), error)) {
        error = file.string() + ":" + error;
        return false;
    }
    return true;
}

bool PadScript::parse(const std::string& text, std::string& error) {
    std::istringstream in(text);
    std::string raw;
    int number = 0;
    std::vector<Line> lines;
    auto whole = [](const std::string& word, std::int64_t& out) {
        auto [ptr, ec] = std::from_chars(word.data(), word.data() + word.size(), out);
        return !word.empty() && ec == std::errc() && ptr == word.data() + word.size();
    };
    while (std::getline(in, raw)) {
        ++number;
        auto fail = [&](const std::string& what) {
            error = std::to_string(number) + ": " + what;
            return false;
        };
        if (auto hash = raw.find('#'); hash != std::string::npos) raw.erase(hash);
        std::istringstream words(raw);
        std::string frame_word, command, name, value_word, extra;
        if (!(words >> frame_word)) continue;
        words >> command >> name >> value_word >> extra;
        Line line{};
        if (!whole(frame_word, line.frame) || line.frame < 0) return fail("a frame number >= 0 comes first");
        if (!lines.empty() && line.frame < lines.back().frame) return fail("frames must not go down");
        if (!extra.empty()) return fail("too many words");
        if (command == "attach" || command == "detach") {
            if (!name.empty()) return fail(command + " takes nothing more");
            line.kind = command == "attach" ? Line::Kind::attach : Line::Kind::detach;
        } else if (command == "press" || command == "release") {
            SDL_GameControllerButton button = pad_button_from_name(name);
            if (button == SDL_CONTROLLER_BUTTON_INVALID || !value_word.empty())
                return fail(command + " needs one button name (a, b, start, dpup, lefttrigger, ...)");
            line.kind = command == "press" ? Line::Kind::press : Line::Kind::release;
            line.index = button;
        } else if (command == "axis") {
            SDL_GameControllerAxis axis = SDL_GameControllerGetAxisFromString(name.c_str());
            std::int64_t value = 0;
            bool trigger =
                axis == SDL_CONTROLLER_AXIS_TRIGGERLEFT || axis == SDL_CONTROLLER_AXIS_TRIGGERRIGHT;
            if (axis == SDL_CONTROLLER_AXIS_INVALID || !whole(value_word, value) || value > 32767 ||
                value < (trigger ? 0 : -32768))
                return fail(
                    "axis needs an axis (leftx, lefty, rightx, righty, lefttrigger, righttrigger) and a "
                    "value (-32768..32767, triggers 0..32767)");
            line.kind = Line::Kind::axis;
            line.index = axis;
            line.value = static_cast<int>(value);
        } else {
            return fail("unknown command '" + command + "' (attach, detach, press, release, axis)");
        }
        lines.push_back(line);
    }
    lines_ = std::move(lines);
    next_ = 0;
    return true;
}

void PadScript::apply(std::int64_t frame) {
    for (; next_ < lines_.size() && lines_[next_].frame <= frame; ++next_) {
        const Line& line = lines_[next_];
        switch (line.kind) {
            case Line::Kind::attach:
                attach();
                break;
            case Line::Kind::detach:
                detach();
                break;
            case Line::Kind::press:
            case Line::Kind::release:
                set_button(line.index, line.kind == Line::Kind::press);
                break;
            case Line::Kind::axis:
                set_axis(line.index, line.value);
                break;
        }
    }
}

void PadScript::attach() {
    if (joystick_) return;
    SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER);  // reference counted: the game opens it too
    SDL_VirtualJoystickDesc desc{};
    desc.version = SDL_VIRTUAL_JOYSTICK_DESC_VERSION;
    desc.type = SDL_JOYSTICK_TYPE_GAMECONTROLLER;
    desc.naxes = SDL_CONTROLLER_AXIS_MAX;
    desc.nbuttons = SDL_CONTROLLER_BUTTON_MAX;
    desc.name = "Quickstep virtual pad";
    int device = SDL_JoystickAttachVirtualEx(&desc);
    if (device < 0) return;
    joystick_ = SDL_JoystickOpen(device);
    // Triggers rest at the bottom of their range (a virtual axis starts in the middle).
    set_axis(SDL_CONTROLLER_AXIS_TRIGGERLEFT, 0);
    set_axis(SDL_CONTROLLER_AXIS_TRIGGERRIGHT, 0);
}

void PadScript::detach() {
    if (!joystick_) return;
    SDL_JoystickID id = SDL_JoystickInstanceID(joystick_);
    SDL_JoystickClose(joystick_);
    joystick_ = nullptr;
    for (int device = 0; device < SDL_NumJoysticks(); ++device) {
        if (SDL_JoystickGetDeviceInstanceID(device) == id) {
            SDL_JoystickDetachVirtual(device);
            break;
        }
    }
    SDL_QuitSubSystem(SDL_INIT_GAMECONTROLLER);
}

void PadScript::set_button(int button, bool down) {
    if (!joystick_) return;
    if (button == left_trigger_button || button == right_trigger_button) {
        set_axis(button == left_trigger_button ? SDL_CONTROLLER_AXIS_TRIGGERLEFT
                                               : SDL_CONTROLLER_AXIS_TRIGGERRIGHT,
                 down ? 32767 : 0);
        return;
    }
    SDL_JoystickSetVirtualButton(joystick_, button, down ? SDL_PRESSED : SDL_RELEASED);
}

void PadScript::set_axis(int axis, int value) {
    if (!joystick_) return;
    // SDL stretches a trigger's full joystick range -32768..32767 onto 0..32767.
    if (axis == SDL_CONTROLLER_AXIS_TRIGGERLEFT || axis == SDL_CONTROLLER_AXIS_TRIGGERRIGHT)
        value = std::min(32767, value * 2 - 32768);
    SDL_JoystickSetVirtualAxis(joystick_, axis, static_cast<Sint16>(value));
}

}  // namespace qs
