// Conveyors and saws in shipped levels (Belt Line, Saw Mill): a quicksave and quickload, and a rewind,
// taken while the player rides a belt and while saws are on their way, give the same future as the run
// without them.
#include <doctest/doctest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "game_rewind_run.hpp"
#include "game_test_world.hpp"

using namespace qs;
using namespace qs::test;

namespace {

/// What is under way in a dump: the player riding a conveyor, saws between the ends of their travel.
struct UnderWay {
    bool riding_belt = false;
    int saws_moving = 0;
};
UnderWay under_way(const std::string& dump) {
    UnderWay u;
    const nlohmann::json parsed = nlohmann::json::parse(dump);
    std::vector<std::int64_t> belts;
    nlohmann::json riding;
    for (const nlohmann::json& e : parsed["entities"]) {
        const std::string type = e["type"].get<std::string>();
        if (type == "conveyor") belts.push_back(e["index"].get<std::int64_t>());
        if (type == "player") riding = e["riding"];
        if (type == "saw" && e["progress"].get<double>() > 0 && e["progress"].get<double>() < 1)
            ++u.saws_moving;
    }
    for (const std::int64_t index : belts)
        u.riding_belt = u.riding_belt || (!riding.is_null() && riding["index"].get<std::int64_t>() == index);
    return u;
}

/// The dump without the tick, for comparing runs that reach the same state at different ticks.
std::string saw_level_state(const World& world) {
    return dump_state(world, 0).dump();
}

}  // namespace

TEST_CASE("conveyors and saws on shipped levels: same future after F5/F9 and after a rewind") {
    for (const std::string level : {"16_belt_line", "17_saw_mill"}) {
        CAPTURE(level);
        // The plain run: the solution from start to goal.
        RecordedRun plain;
        play_solution(plain, level, ScriptFrom::max_ticks);
        REQUIRE(plain.world->game.completed);
        const std::int64_t end = static_cast<std::int64_t>(plain.dumps.size()) - 1;
        REQUIRE(plain.dumps.back() == saw_level_state(*plain.world));

        // Ticks to save or rewind at: each time the player gets onto a belt, and every 97th tick while the
        // player rides one or a saw is on its way.
        std::vector<std::int64_t> moments;
        bool was_riding = false, rode = false, sawed = false;
        for (std::int64_t t = 1; t < end; ++t) {
            const UnderWay u = under_way(plain.dumps[t]);
            const bool boarded = u.riding_belt && !was_riding;
            const bool busy = u.riding_belt || u.saws_moving > 0;
            if ((boarded && moments.size() < 6) || (busy && t % 97 == 0 && moments.size() < 10))
                moments.push_back(t);
            was_riding = u.riding_belt;
            rode = rode || u.riding_belt;
            sawed = sawed || u.saws_moving > 0;
        }
        REQUIRE((level == "16_belt_line" ? rode : sawed));
        REQUIRE(moments.size() >= 4);
        for (const std::int64_t at : moments) check_same_future_at(level, plain, at);
    }
}
