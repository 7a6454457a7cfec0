// Springs and crumbles in a shipped level (Spring Collapse): a quicksave and quickload, and a rewind, taken
// while crumbles shake or lie fallen and springs are squashed, give the same future as the run without them.
#include <doctest/doctest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "game/sim/entities/crumble.hpp"
#include "game/sim/entities/spring.hpp"
#include "game_rewind_run.hpp"
#include "game_test_world.hpp"

using namespace qs;
using namespace qs::test;

namespace {

constexpr const char* level = "14_spring_collapse";

/// What is under way in a dump: crumbles shaking, crumbles fallen, springs squashed.
struct UnderWay {
    int shaking = 0, fallen = 0, squashed = 0;
};
UnderWay under_way(const std::string& dump) {
    UnderWay u;
    const nlohmann::json parsed = nlohmann::json::parse(dump);
    for (const nlohmann::json& e : parsed["entities"]) {
        const std::string type = e["type"].get<std::string>();
        if (type == "crumble" && e["phase"].get<int>() == Crumble::shaking) ++u.shaking;
        if (type == "crumble" && e["phase"].get<int>() == Crumble::fallen) ++u.fallen;
        if (type == "spring" && e["squash_ticks"].get<int>() > 0) ++u.squashed;
    }
    return u;
}

/// The dump without the tick, for comparing runs that reach the same state at different ticks.
std::string crumble_level_state(const World& world) {
    return dump_state(world, 0).dump();
}

}  // namespace

TEST_CASE("springs and crumbles on a shipped level: same future after F5/F9 and after a rewind") {
    // The plain run: the solution from start to goal.
    RecordedRun plain;
    play_solution(plain, level, ScriptFrom::max_ticks);
    REQUIRE(plain.world->game.completed);
    const std::int64_t end = static_cast<std::int64_t>(plain.dumps.size()) - 1;
    REQUIRE(plain.dumps.back() == crumble_level_state(*plain.world));

    // Ticks to save or rewind at: the first crumble shaking, the first fallen, the first spring squashed,
    // and every 101st tick while any of them is under way (the floor, the bridge, the stones, the springs).
    std::vector<std::int64_t> moments;
    bool shaking = false, fallen = false, squashed = false;
    for (std::int64_t t = 1; t < end; ++t) {
        const UnderWay u = under_way(plain.dumps[t]);
        const bool first =
            (u.shaking > 0 && !shaking) || (u.fallen > 0 && !fallen) || (u.squashed > 0 && !squashed);
        const bool busy = u.shaking + u.fallen + u.squashed > 0;
        if (first || (busy && t % 101 == 0 && moments.size() < 10)) moments.push_back(t);
        shaking = shaking || u.shaking > 0;
        fallen = fallen || u.fallen > 0;
        squashed = squashed || u.squashed > 0;
    }
    REQUIRE(shaking);
    REQUIRE(fallen);
    REQUIRE(squashed);
    REQUIRE(moments.size() >= 4);

    for (const std::int64_t at : moments) check_same_future_at(level, plain, at);
}
