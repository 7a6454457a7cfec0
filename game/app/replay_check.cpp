// Whether a replay can play exactly as it was recorded on the levels installed now (see replay_check.hpp).
#include "game/app/replay_check.hpp"

#include "engine/printable_text.hpp"

namespace qs {

std::string replay_mismatch(const Replay& replay, const CheckedLevel& checked, LevelList& levels) {
    if (replay.legacy)
        return "made by an older version of Quickstep, which named its level by a hash of the level's files "
               "and kept no tuning: it cannot be verified to play as recorded";
    if (!checked.level) return "the level '" + printable(replay.level) + "' is broken";
    // Played with its own tuning, so only the level and the rules in code can make it go wrong.
    const std::vector<std::string> changed =
        play_differences(replay.play, play_identity(checked.identity, replay.tuning));
    if (!changed.empty())
        return "the level '" + printable(replay.level) +
               "' or the game changed since the replay was recorded (" + join_differences(changed) + ")";
    // A save the run loaded from before it (an earlier session's) must still fit its level.
    for (const Replay::Load& load : replay.loads) {
        if (!load.save) continue;
        const LevelListing* of = levels.find(load.save->level);
        CheckedLevel its = !of ? CheckedLevel{} : levels.check(of->path);
        if (!its.level)
            return "the level '" + printable(load.save->level) + "' of a save it loads is " +
                   (!of ? "not installed" : "broken");
        const PlayIdentity now = play_identity(its.identity, replay.tuning);
        if (load.save->legacy() || !load.save->play.same_level(now))
            return "the level '" + printable(load.save->level) +
                   "' of a save it loads changed since the replay was recorded (" +
                   join_differences(play_differences(load.save->play, now)) + ")";
    }
    return "";
}

}  // namespace qs
