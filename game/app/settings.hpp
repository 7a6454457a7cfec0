// Player settings: volume, fullscreen and key/gamepad bindings, saved as JSON under
// $XDG_CONFIG_HOME/quickstep/settings.json. A malformed file gives a message and the defaults.
#pragma once

#include <array>
#include <filesystem>
#include <string>
#include <vector>

#include <SDL.h>

#include "game/sim/actions.hpp"

namespace qs {

struct Settings {
    int volume = 80;  ///< percent
    bool fullscreen = false;
    /// Keys per action (any of them triggers it).
    std::array<std::vector<SDL_Scancode>, action_count> keys;
    /// Gamepad buttons per action.
    std::array<std::vector<SDL_GameControllerButton>, action_count> buttons;

    /// The built-in bindings.
    static Settings defaults();
    /// Reads `path`; on any problem returns defaults and sets `message` naming the file and the spot.
    static Settings load(const std::filesystem::path& path, std::string& message);
    /// Writes atomically; false + message on failure.
    bool save(const std::filesystem::path& path, std::string& message) const;
    /// Human-readable key names for an action ("Left, A").
    std::string describe_keys(Action action) const;
    /// Gamepad button names for an action ("a, dpup"), or "-".
    std::string describe_buttons(Action action) const;
};

/// $XDG_CONFIG_HOME/quickstep/settings.json (default ~/.config/quickstep/settings.json).
std::filesystem::path settings_path();

}  // namespace qs
