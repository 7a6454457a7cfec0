// A replay as an input script (the format of --input): the same actions held on every tick, so the script
// plays the run again, and can be read, diffed and edited by hand. Ticks in the script count from the
// level's start (a headless `quickstep LEVEL --input` starts it at tick 0).
//
//   if (std::string why = replay_script_problem(replay); !why.empty()) refuse(why);
//   write(replay_to_script(replay, "06_the_summit"));
#pragma once

#include <string>

#include "game/save/replay.hpp"

namespace qs {

/// Why `replay` cannot be played again by an input script; "" when it can. A script cannot carry a save
/// from before the run (a quickload of an earlier session's save), nor a rewind that sped up while held
/// (recorded in a window; scripts rewind one tick per tick).
std::string replay_script_problem(const Replay& replay);

/// The input script of `replay` (check replay_script_problem first): a comment header naming `level_shown`
/// (printable text) and where the run ends, then `<tick> +action`, `<tick> -action` and `<tick> action`
/// (a one-tick press) lines. On a tick after one where restart, quickload or quickload_older is held,
/// every held action is pressed again: the game lets go of everything when a level starts, and the replay
/// holds them again on the next tick. retry_spot is left out: a recorded run and a replay refuse it.
std::string replay_to_script(const Replay& replay, const std::string& level_shown);

}  // namespace qs
