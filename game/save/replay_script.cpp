// Replay to input script: the held-actions mask of each tick turned into press, release and tap lines.
#include "game/save/replay_script.hpp"

#include <algorithm>
#include <cstdint>

namespace qs {

namespace {

bool has(std::uint64_t mask, std::size_t action) {
    return (mask >> action) & 1u;
}

std::uint64_t bit(Action action) {
    return std::uint64_t{1} << static_cast<std::size_t>(action);
}

/// Actions whose press may start the level again (or load another), letting go of every held action.
const std::uint64_t releasing_actions =
    bit(Action::restart) | bit(Action::quickload) | bit(Action::quickload_older);
/// The retry from the last footing is refused in a recorded run and while a replay plays: it did nothing
/// in the run, and would start a practice run in a script played without --record.
const std::uint64_t left_out = bit(Action::retry_spot);

}  // namespace

std::string replay_script_problem(const Replay& replay) {
    for (const Replay::Load& load : replay.loads) {
        if (load.kind == Replay::Load::Kind::carried) {
            return "the run loads a save from before it (tick " +
                   std::to_string(replay.start_tick + load.offset) + "), which a script cannot carry";
        }
    }
    if (replay.rewind_speedup) {
        for (const Replay::Change& change : replay.changes) {
            if (has(change.held, static_cast<std::size_t>(Action::rewind))) {
                return "the run rewinds faster the longer rewind is held (it was played in a window); a "
                       "script rewinds one tick per tick";
            }
        }
    }
    return {};
}

std::string replay_to_script(const Replay& replay, const std::string& level_shown) {
    const std::int64_t length = replay.end_tick - replay.start_tick;
    std::string out = "# " + level_shown + ": a replay as an input script (quickstep --replay-to-script)\n";
    out += "# play it: quickstep " + level_shown + " --headless --input FILE, with an empty --save-dir\n";
    if (replay.assists.any())
        out +=
            "# an assisted run (" + replay.assists.describe() + "): it keeps no best time, splits or ghost\n";
    if (replay.complete_tick >= 0) {
        out += "# the run reaches the goal at tick " +
               std::to_string(replay.complete_tick - replay.start_tick) + "\n";
    } else {
        out += "# the run ends at tick " + std::to_string(length) + " without reaching the goal (--frames " +
               std::to_string(length) + ")\n";
    }
    auto line = [&out](std::int64_t tick, const char* sign, std::size_t action) {
        out +=
            std::to_string(tick) + " " + sign + std::string(action_name(static_cast<Action>(action))) + "\n";
    };
    // The ticks that need lines: each change of the held actions, and each tick after one that held a
    // releasing action. Between them the script's actions stay as the replay holds them.
    const std::vector<Replay::Change>& changes = replay.changes;
    auto held_at = [&](std::int64_t tick) { return replay.held_at(replay.start_tick + tick) & ~left_out; };
    std::uint64_t previous = 0;  // held on the tick before (a fresh level holds nothing)
    std::uint64_t tapped = 0;    // tapped on the tick before: gone without a release
    std::int64_t last = -1;      // the tick before, if it had lines
    auto write_tick = [&](std::int64_t t) {
        if (last != t - 1) {  // the ticks since the last one with lines held what it held
            previous = held_at(t - 1);
            tapped = 0;
        }
        const std::uint64_t held = held_at(t);
        const std::uint64_t after = t + 1 < length ? held_at(t + 1) : 0;
        const bool released = (previous & releasing_actions) != 0;  // maybe: all let go on the tick before
        std::uint64_t taps = 0;
        for (std::size_t a = 0; a < action_count; ++a) {
            const bool want = has(held, a), had = has(previous, a) && !has(tapped, a);
            if (want && !had && !has(after, a)) {
                line(t, "", a);  // a one-tick press
                taps |= std::uint64_t{1} << a;
            } else if (want && (!had || released)) {
                line(t, "+", a);
            } else if (!want && had) {
                line(t, "-", a);
            }
        }
        previous = held;
        tapped = taps;
        last = t;
    };
    for (std::size_t i = 0; i < changes.size() && changes[i].offset < length; ++i) {
        const std::int64_t from = changes[i].offset;
        const std::int64_t to =
            std::min<std::int64_t>(i + 1 < changes.size() ? changes[i + 1].offset : length, length);
        write_tick(from);
        if (changes[i].held & releasing_actions) {
            for (std::int64_t t = from + 1; t < to; ++t) write_tick(t);
        }
    }
    return out;
}

}  // namespace qs
