// WorldSnapshot: everything needed to put a world back exactly (F5/F9, the save file, the canonical
// rebuild): the SlotMap layout, the live entities in index order and the game-wide state.
#pragma once

#include <vector>

#include "game/sim/game_state.hpp"
#include "game/sim/roster.hpp"

namespace qs {

struct WorldSnapshot {
    EntityMap::Layout layout;
    std::vector<Entity> entities;  ///< by index; their Box2D body pointers are null
    GameState game;
};

}  // namespace qs
