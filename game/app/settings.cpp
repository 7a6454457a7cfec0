// Settings file: defaults, JSON load with checks, atomic save.
#include "game/app/settings.hpp"

#include <algorithm>
#include <cstdlib>
#include <tuple>

#include <nlohmann/json.hpp>

#include "engine/json_file.hpp"
#include "engine/save_file.hpp"
#include "game/app/bindings.hpp"
#include "game/app/livesplit_client.hpp"
#include "game/app/paths.hpp"
#include "game/app/skins.hpp"

namespace qs {

namespace fs = std::filesystem;
using nlohmann::json;

Settings Settings::defaults() {
    Settings s;
    auto keys = [&](Action a, std::vector<SDL_Scancode> k) {
        s.keys[static_cast<std::size_t>(a)] = std::move(k);
    };
    auto pad = [&](Action a, std::vector<SDL_GameControllerButton> b) {
        s.buttons[static_cast<std::size_t>(a)] = std::move(b);
    };
    keys(Action::left, {SDL_SCANCODE_LEFT, SDL_SCANCODE_A});
    keys(Action::right, {SDL_SCANCODE_RIGHT, SDL_SCANCODE_D});
    keys(Action::up, {SDL_SCANCODE_UP, SDL_SCANCODE_W});
    keys(Action::down, {SDL_SCANCODE_DOWN, SDL_SCANCODE_S});
    keys(Action::jump, {SDL_SCANCODE_SPACE, SDL_SCANCODE_Z, SDL_SCANCODE_K});
    keys(Action::quicksave, {SDL_SCANCODE_F5});
    keys(Action::quickload, {SDL_SCANCODE_F9});
    keys(Action::quickload_older, {SDL_SCANCODE_F8});
    keys(Action::pause, {SDL_SCANCODE_ESCAPE, SDL_SCANCODE_P});
    keys(Action::restart, {SDL_SCANCODE_R});
    keys(Action::confirm, {SDL_SCANCODE_RETURN, SDL_SCANCODE_KP_ENTER, SDL_SCANCODE_SPACE});
    keys(Action::back, {SDL_SCANCODE_ESCAPE, SDL_SCANCODE_BACKSPACE});
    keys(Action::fullscreen, {SDL_SCANCODE_F11});
    keys(Action::screenshot, {SDL_SCANCODE_F12});
    keys(Action::rewind, {SDL_SCANCODE_BACKSPACE});
    keys(Action::retry_spot, {SDL_SCANCODE_T});
    keys(Action::frame_advance, {SDL_SCANCODE_F});
    keys(Action::debug_overlay, {SDL_SCANCODE_F3});
    pad(Action::left, {SDL_CONTROLLER_BUTTON_DPAD_LEFT});
    pad(Action::right, {SDL_CONTROLLER_BUTTON_DPAD_RIGHT});
    pad(Action::up, {SDL_CONTROLLER_BUTTON_DPAD_UP});
    pad(Action::down, {SDL_CONTROLLER_BUTTON_DPAD_DOWN});
    pad(Action::jump, {SDL_CONTROLLER_BUTTON_A});
    pad(Action::quicksave, {SDL_CONTROLLER_BUTTON_LEFTSHOULDER});
    pad(Action::quickload, {SDL_CONTROLLER_BUTTON_RIGHTSHOULDER});
    pad(Action::quickload_older, {SDL_CONTROLLER_BUTTON_Y});
    pad(Action::pause, {SDL_CONTROLLER_BUTTON_START});
    pad(Action::confirm, {SDL_CONTROLLER_BUTTON_A});
    pad(Action::back, {SDL_CONTROLLER_BUTTON_B});
    pad(Action::rewind, {left_trigger_button});
    pad(Action::frame_advance, {right_trigger_button});
    return s;
}

namespace {

/// `value` as a whole number in [low, high]: never a float, and never an integer cut down to fit an int
/// (2^32 + 50 is out of range, not 50).
bool whole_number(const nlohmann::json& value, long long low, long long high, int& out) {
    long long number = 0;
    if (value.is_number_unsigned()) {
        if (value.get<unsigned long long>() > static_cast<unsigned long long>(high)) return false;
        number = static_cast<long long>(value.get<unsigned long long>());
    } else if (value.is_number_integer()) {
        number = value.get<long long>();
    } else {
        return false;
    }
    if (number < low || number > high) return false;
    out = static_cast<int>(number);
    return true;
}

}  // namespace

Settings Settings::load(const fs::path& path, std::string& message) {
    Settings s = defaults();
    std::error_code ec;
    if (!fs::exists(path, ec)) return s;
    JsonLoad doc = load_json_file(path, 256 * 1024, 16);
    if (!doc.value) {
        message = doc.error + " - using default settings";
        return s;
    }
    const json& j = *doc.value;
    auto bad = [&](const std::string& what) {
        message = path.string() + ": " + what + " - using default settings";
        return defaults();
    };
    if (!j.is_object()) return bad("settings must be a JSON object");
    if (j.contains("volume") && !whole_number(j["volume"], 0, 100, s.volume))
        return bad("volume must be a whole number from 0 to 100");
    if (j.contains("music_volume") && !whole_number(j["music_volume"], 0, 100, s.music_volume))
        return bad("music_volume must be a whole number from 0 to 100");
    if (j.contains("ghost")) {
        if (!j["ghost"].is_boolean()) return bad("ghost must be true or false");
        s.ghost = j["ghost"].get<bool>();
    }
    if (j.contains("screen_shake")) {
        if (!j["screen_shake"].is_boolean()) return bad("screen_shake must be true or false");
        s.screen_shake = j["screen_shake"].get<bool>();
    }
    if (j.contains("fullscreen")) {
        if (!j["fullscreen"].is_boolean()) return bad("fullscreen must be true or false");
        s.fullscreen = j["fullscreen"].get<bool>();
    }
    if (j.contains("fill_screen")) {
        if (!j["fill_screen"].is_boolean()) return bad("fill_screen must be true or false");
        s.fill_screen = j["fill_screen"].get<bool>();
    }
    for (auto [key, flag] :
         {std::pair{"invincible", &s.invincible}, std::pair{"infinite_hearts", &s.infinite_hearts},
          std::pair{"split_list", &s.split_list}}) {
        if (!j.contains(key)) continue;
        if (!j[key].is_boolean()) return bad(std::string(key) + " must be true or false");
        *flag = j[key].get<bool>();
    }
    if (j.contains("input_display")) {
        if (!j["input_display"].is_boolean()) return bad("input_display must be true or false");
        s.input_display = j["input_display"].get<bool>();
    }
    if (j.contains("game_speed") && !whole_number(j["game_speed"], 50, 100, s.game_speed))
        return bad("game_speed must be a whole number from 50 to 100");
    if (j.contains("split_timer")) {
        if (!j["split_timer"].is_boolean()) return bad("split_timer must be true or false");
        s.split_timer = j["split_timer"].get<bool>();
    }
    if (j.contains("livesplit")) {
        if (!j["livesplit"].is_boolean()) return bad("livesplit must be true or false");
        s.livesplit = j["livesplit"].get<bool>();
    }
    if (j.contains("livesplit_server")) {
        std::string error;
        if (!j["livesplit_server"].is_string() ||
            !parse_livesplit_address(j["livesplit_server"].get<std::string>(), error))
            return bad("livesplit_server needs HOST:PORT (like localhost:16834)");
        s.livesplit_server = j["livesplit_server"].get<std::string>();
    }
    if (j.contains("skin")) {
        const json& skin = j["skin"];
        const bool known = skin.is_string() && std::any_of(skins.begin(), skins.end(), [&](const Skin& k) {
                               return skin.get_ref<const std::string&>() == k.name;
                           });
        if (!known) {
            std::string names;
            for (const Skin& k : skins) names += std::string(names.empty() ? "" : ", ") + k.name;
            return bad("skin must be one of " + names);
        }
        s.skin = skin.get<std::string>();
    }
    for (auto [key, value, low, high] : {std::tuple{"rewind_seconds", &s.rewind_seconds, 0, 600},
                                         std::tuple{"rewind_memory_mb", &s.rewind_memory_mb, 1, 1024}}) {
        if (!j.contains(key)) continue;
        if (!whole_number(j[key], low, high, *value)) {
            return bad(std::string(key) + " must be a whole number from " + std::to_string(low) + " to " +
                       std::to_string(high));
        }
    }
    std::array<bool, action_count> keys_in_file{}, buttons_in_file{};
    if (j.contains("keys")) {
        if (!j["keys"].is_object()) return bad("keys must be an object of action: [key names]");
        for (const auto& [name, list] : j["keys"].items()) {
            auto action = action_from_name(name);
            if (!action)
                return bad("keys: unknown action '" + name + "' (known: " + action_names_list() + ")");
            if (!list.is_array()) return bad("keys." + name + " must be a list of key names");
            std::vector<SDL_Scancode> codes;
            for (const auto& key : list) {
                if (!key.is_string()) return bad("keys." + name + " must list key names (strings)");
                SDL_Scancode code = SDL_GetScancodeFromName(key.get<std::string>().c_str());
                if (code == SDL_SCANCODE_UNKNOWN)
                    return bad("keys." + name + ": unknown key '" + key.get<std::string>() + "'");
                codes.push_back(code);
            }
            s.keys[static_cast<std::size_t>(*action)] = codes;
            keys_in_file[static_cast<std::size_t>(*action)] = true;
        }
    }
    if (j.contains("buttons")) {
        if (!j["buttons"].is_object()) return bad("buttons must be an object of action: [button names]");
        for (const auto& [name, list] : j["buttons"].items()) {
            auto action = action_from_name(name);
            if (!action) return bad("buttons: unknown action '" + name + "'");
            if (!list.is_array()) return bad("buttons." + name + " must be a list of button names");
            std::vector<SDL_GameControllerButton> buttons;
            for (const auto& button : list) {
                if (!button.is_string()) return bad("buttons." + name + " must list button names (strings)");
                auto b = pad_button_from_name(button.get<std::string>());
                if (b == SDL_CONTROLLER_BUTTON_INVALID) {
                    return bad("buttons." + name + ": unknown button '" + button.get<std::string>() + "'");
                }
                buttons.push_back(b);
            }
            s.buttons[static_cast<std::size_t>(*action)] = buttons;
            buttons_in_file[static_cast<std::size_t>(*action)] = true;
        }
    }
    // An action the file does not list (one newer than the file) keeps its default keys and buttons,
    // but not those the file gives to an action they would conflict with.
    for (std::size_t a = 0; a < action_count; ++a) {
        for (std::size_t b = 0; b < action_count; ++b) {
            if (!actions_conflict(static_cast<Action>(a), static_cast<Action>(b))) continue;
            if (!keys_in_file[a] && keys_in_file[b]) {
                std::erase_if(s.keys[a], [&](SDL_Scancode k) {
                    return std::find(s.keys[b].begin(), s.keys[b].end(), k) != s.keys[b].end();
                });
            }
            if (!buttons_in_file[a] && buttons_in_file[b]) {
                std::erase_if(s.buttons[a], [&](SDL_GameControllerButton k) {
                    return std::find(s.buttons[b].begin(), s.buttons[b].end(), k) != s.buttons[b].end();
                });
            }
        }
    }
    return s;
}

bool Settings::save(const fs::path& path, std::string& message) const {
    json j = {{"volume", volume},
              {"music_volume", music_volume},
              {"fullscreen", fullscreen},
              {"fill_screen", fill_screen},
              {"rewind_seconds", rewind_seconds},
              {"rewind_memory_mb", rewind_memory_mb},
              {"ghost", ghost},
              {"screen_shake", screen_shake},
              {"split_timer", split_timer},
              {"split_list", split_list},
              {"input_display", input_display},
              {"game_speed", game_speed},
              {"invincible", invincible},
              {"infinite_hearts", infinite_hearts},
              {"livesplit", livesplit},
              {"livesplit_server", livesplit_server},
              {"skin", skin},
              {"keys", json::object()},
              {"buttons", json::object()}};
    for (std::size_t i = 0; i < action_count; ++i) {
        std::string name(action_name(static_cast<Action>(i)));
        json key_names = json::array(), button_names = json::array();
        for (SDL_Scancode code : keys[i]) key_names.push_back(SDL_GetScancodeName(code));
        for (SDL_GameControllerButton b : buttons[i]) {
            if (const char* n = pad_button_name(b)) button_names.push_back(n);
        }
        j["keys"][name] = key_names;
        j["buttons"][name] = button_names;
    }
    std::string text = j.dump(2) + "\n";
    return write_file_atomically(path, std::vector<std::uint8_t>(text.begin(), text.end()), message);
}

std::string Settings::describe_keys(Action action) const {
    std::string out;
    for (SDL_Scancode code : keys[static_cast<std::size_t>(action)]) {
        if (!out.empty()) out += ", ";
        out += SDL_GetScancodeName(code);
    }
    return out.empty() ? "(none)" : out;
}

std::string Settings::describe_buttons(Action action) const {
    std::string out;
    for (SDL_GameControllerButton button : buttons[static_cast<std::size_t>(action)]) {
        const char* name = pad_button_name(button);
        if (!name) continue;
        if (!out.empty()) out += ", ";
        out += name;
    }
    return out.empty() ? "-" : out;
}

const char* pad_button_name(SDL_GameControllerButton button) {
    if (button == left_trigger_button) return "lefttrigger";
    if (button == right_trigger_button) return "righttrigger";
    return SDL_GameControllerGetStringForButton(button);
}

SDL_GameControllerButton pad_button_from_name(const std::string& name) {
    if (name == "lefttrigger") return left_trigger_button;
    if (name == "righttrigger") return right_trigger_button;
    return SDL_GameControllerGetButtonFromString(name.c_str());
}

fs::path settings_path() {
    if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg)
        return fs::path(xdg) / "quickstep/settings.json";
    if (const char* home = std::getenv("HOME"); home && *home)
        return fs::path(home) / ".config/quickstep/settings.json";
    return fs::path(".quickstep-settings.json");
}

}  // namespace qs
