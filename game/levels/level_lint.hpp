// Level warnings for `--check`: things that load fine but make a level unplayable or unfair (a goal out of
// reach, coins buried in walls, a camera_area smaller than the screen, a door no switch opens).
#pragma once

#include <string>
#include <vector>

#include "engine/level_data.hpp"
#include "game/sim/roster.hpp"
#include "game/sim/tuning.hpp"

namespace qs {

/// The least view a camera_area must fill, in tiles (the view the shipped levels' areas were made for;
/// the game's views are wider, 40 tiles at 640x360, and centre an area narrower than themselves).
inline constexpr double kScreenTilesWide = 30.0, kScreenTilesHigh = 16.875;

/// Checks a level that loaded (its entities in placement order, as check_level() returns them) and returns
/// one warning per problem found, each `PATH:X,Y: warning: ...` with the sprite pixel it is about. The
/// reachability test is a flood fill over standing spots with jump arcs simulated from `tuning`
/// (optimistic: doors count as open, platforms as ledges along their whole path, conveyors as ledges, saws
/// as harmless, crumbles as ledges one can also drop through; a spring launches from its tile).
std::vector<std::string> level_warnings(const LevelData& level, const std::vector<Entity>& entities,
                                        const Tuning& tuning);

}  // namespace qs
