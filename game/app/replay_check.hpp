// Whether a replay can play exactly as it was recorded on the levels installed now: its level, and the
// level of every save it loads from before its run, must have the play identity the replay was made on
// (with the tuning the replay carries). Used before watching a replay from the command line or the menus.
#pragma once

#include <string>

#include "game/app/level_list.hpp"
#include "game/save/replay.hpp"

namespace qs {

/// Why `replay` cannot play as recorded on `checked` (its level, fully checked) and the levels in
/// `levels` (for the saves it loads), each difference named; "" when it can.
std::string replay_mismatch(const Replay& replay, const CheckedLevel& checked, LevelList& levels);

}  // namespace qs
