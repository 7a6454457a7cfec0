// WorldEvent: something the presentation should know about (a sound, a toast, the level completed, the
// player respawned after a death or a hazard, the world full); events are not state and are not saved.
#pragma once

#include <cstdint>
#include <string>

#include "game/sim/sound.hpp"

namespace qs {

struct WorldEvent {
    /// full: a spawn was refused because the world holds max_live_entities (once per world).
    enum class Kind : std::uint8_t { sound, toast, completed, respawned, full };
    Kind kind = Kind::sound;
    std::string text;  ///< a sound's name (sound_name) or a toast's text; empty otherwise
};

}  // namespace qs
