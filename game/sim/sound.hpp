// The game's sound effects by name: entities emit them as world events, the app loads
// assets/sounds/<name>.wav for each (a test checks every file exists).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace qs {

enum class Sound : std::uint8_t {
    jump,
    coin,
    stomp,
    hurt,
    switch_flip,
    save,
    load,
    rewind,  ///< a held rewind starts (played by the app, not the world)
    goal,
    death,
    shoot,
    checkpoint,
    menu_move,
    menu_select,
    spring,   ///< a spring launches the player
    crumble,  ///< a crumble starts shaking, and falls
    gem,      ///< a gem is found
    count
};

/// Every sound's file name without ".wav", in enum order.
inline constexpr std::array<std::string_view, static_cast<std::size_t>(Sound::count)> sound_names = {
    "jump",  "coin",  "stomp",      "hurt",      "switch",      "save",   "load",    "rewind", "goal",
    "death", "shoot", "checkpoint", "menu_move", "menu_select", "spring", "crumble", "gem"};

/// The file name of a sound without ".wav" ("switch" for Sound::switch_flip).
constexpr std::string_view sound_name(Sound sound) {
    return sound_names[static_cast<std::size_t>(sound)];
}

}  // namespace qs
