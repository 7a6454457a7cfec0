// WorldEvent: something the presentation should know about (a sound, a toast, the level completed, the
// player respawned after a death or a hazard); events are not state and are not saved.
#pragma once

#include <cstdint>
#include <string>

#include "game/sim/sound.hpp"

namespace qs {

struct WorldEvent {
    enum class Kind : std::uint8_t { sound, toast, completed, respawned };
    Kind kind = Kind::sound;
    std::string text;  ///< a sound's name (sound_name) or a toast's text; empty otherwise
};

}  // namespace qs
