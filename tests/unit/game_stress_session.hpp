// A play session started on a generated stress level, for the tests of what a session holds and does.
#pragma once

#include <utility>

#include "game/app/play_session.hpp"
#include "game/levels/stress_level.hpp"

namespace qs::test {

/// Starts `session` on `stress` (a level built in code, so the session keeps its own copy of the
/// entities); false when the start fails.
inline bool start_stress_level(PlaySession& session, const StressLevel& stress) {
    CheckedLevel checked;
    checked.level = stress.level;
    checked.entities = stress.entities;
    return session.start(std::move(checked));
}

/// Starts `session` on a new stress level of `entities` entities.
inline bool start_stress_level(PlaySession& session, int entities) {
    return start_stress_level(session, make_stress_level(entities));
}

}  // namespace qs::test
