// The simulation version: part of every level's play identity (game/levels/level_identity.hpp), so that
// quicksaves, replays and ghosts made by a build whose rules differ are recognised as such.
//
// RULE: bump `simulation_version` in the same commit as any change to game/sim (physics, entity behaviour,
// collision, tick order, Box2D settings, the meaning of a Tuning field) after which the same inputs on the
// same level could give a different run. Replays recorded before the bump are then refused naming the
// "simulation version" instead of playing on to a different end; quicksaves still load (their fields are
// saved by name). Pure refactors that keep every dump equal (tests/cli/solutions.sh, same_future_levels.sh)
// need no bump.
#pragma once

#include <cstdint>

namespace qs {

inline constexpr std::uint32_t simulation_version = 4;

}  // namespace qs
