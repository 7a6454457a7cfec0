// The game's actions: what a player can ask for (moving, jumping, quicksave, menus, ...) and their names,
// the vocabulary of input scripts and the settings file; with the engine's action state and script.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/input.hpp"

namespace qs {

/// Everything a player can ask for. New actions go at the end only: replay files store the held actions
/// as bits in this order (an older replay, with fewer actions, still plays).
enum class Action : std::uint8_t {
    left,
    right,
    up,
    down,
    jump,
    quicksave,
    quickload,
    quickload_older,
    pause,
    restart,
    confirm,
    back,
    fullscreen,
    screenshot,
    rewind,
    retry_spot,     ///< a level painter's retry: the level again, from where the player last stood on ground
    frame_advance,  ///< while paused: one tick forward (held: one a frame)
    debug_overlay,  ///< shows or hides the debug overlay (frame times, entities, rewind memory)
    /// Assist, held for as long as it is on (the app holds it while the setting is on, so a replay and a
    /// script carry it): enemies, projectiles and spikes cost nothing and do not knock back; a fall out
    /// of the level carries the player back to the safe footing for free.
    invincible,
    /// Assist, held for as long as it is on: hits knock back and hazards carry back as usual, but the
    /// hearts never drop, so there is no death.
    infinite_hearts,
    count
};

template <>
struct ActionVocabulary<Action> {
    /// Script and settings names, in enum order.
    static constexpr std::array<std::string_view, static_cast<std::size_t>(Action::count)> names = {
        "left",       "right",           "up",     "down",       "jump",          "quicksave",
        "quickload",  "quickload_older", "pause",  "restart",    "confirm",       "back",
        "fullscreen", "screenshot",      "rewind", "retry_spot", "frame_advance", "debug_overlay",
        "invincible", "infinite_hearts"};
};

inline constexpr std::size_t action_count = action_count_of<Action>;
using ActionState = BasicActionState<Action>;
using InputScript = BasicInputScript<Action>;

/// The action with that name ("left", "quickload_older", ...), if any.
inline std::optional<Action> action_from_name(std::string_view name) {
    return find_action<Action>(name);
}
/// All action names, comma separated (for error messages).
inline std::string action_names_list() {
    return list_actions<Action>();
}

}  // namespace qs
