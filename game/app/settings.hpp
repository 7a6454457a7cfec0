// Player settings: effects and music volume, fullscreen, the picture's fit and key/gamepad bindings, saved as
// JSON under $XDG_CONFIG_HOME/quickstep/settings.json. A malformed file gives a message and the defaults.
#pragma once

#include <array>
#include <filesystem>
#include <string>
#include <vector>

#include <SDL.h>

#include "game/sim/actions.hpp"

namespace qs {

struct Settings {
    int volume = 80;        ///< sound effects, percent
    int music_volume = 60;  ///< music, percent
    bool fullscreen = false;
    bool fill_screen = true;     ///< the picture fills the window; false: 640x360 scaled whole, with bars
    bool ghost = true;           ///< draw the level's best run as a ghost while playing
    bool screen_shake = true;    ///< a short camera shake when the player is hurt or dies
    int rewind_seconds = 60;     ///< how far back rewind reaches, 0 (off) to 600
    int rewind_memory_mb = 64;   ///< memory the rewind recording may use, 1 to 1024 MB
    bool split_timer = false;    ///< the level time and the last split's delta on the HUD
    bool split_list = false;     ///< the live list of this run's splits and their deltas on the HUD
    bool input_display = false;  ///< the held actions drawn in a corner (live play and replays)
    /// Assist: the game runs at this percent of its speed, 50 to 100 (the ticks stay 1/60 s of game time;
    /// fewer of them pass each second). A run played below 100 keeps no best time, splits or ghost.
    int game_speed = 100;
    /// Assists that change play, held as the actions of the same names while on (so replays carry them):
    /// nothing hurts (a fall still carries back), or hits hurt but never cost a heart. No records either.
    bool invincible = false;
    bool infinite_hearts = false;
    bool livesplit = false;                            ///< drive LiveSplit Server's timer at livesplit_server
    std::string livesplit_server = "localhost:16834";  ///< HOST:PORT (parse_livesplit_address)
    /// The player's skin by name (skins.hpp); one still locked is worn as the default until it opens.
    std::string skin = "Fox";
    /// Keys per action (any of them triggers it).
    std::array<std::vector<SDL_Scancode>, action_count> keys;
    /// Gamepad buttons per action; the triggers count as the buttons left_trigger and right_trigger.
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

/// The triggers as gamepad "buttons" (SDL reports them as axes): past the last real button.
inline constexpr auto left_trigger_button = static_cast<SDL_GameControllerButton>(SDL_CONTROLLER_BUTTON_MAX);
inline constexpr auto right_trigger_button =
    static_cast<SDL_GameControllerButton>(SDL_CONTROLLER_BUTTON_MAX + 1);
/// A gamepad button's settings name ("a", "leftshoulder", "lefttrigger"), or nullptr.
const char* pad_button_name(SDL_GameControllerButton button);
/// The button with that settings name, or SDL_CONTROLLER_BUTTON_INVALID.
SDL_GameControllerButton pad_button_from_name(const std::string& name);

/// $XDG_CONFIG_HOME/quickstep/settings.json (default ~/.config/quickstep/settings.json).
std::filesystem::path settings_path();

}  // namespace qs
