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
        const std::string final_state = saw_level_state(*plain.world);

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
        for (const std::int64_t at : moments) {
            CAPTURE(at);
            {
                // F5 then F9 in a new world. F5: the live world is rebuilt from its snapshot; F9 restores
                // that snapshot into another world.
                auto saved_run = shipped_world(level);
                ScriptFrom before(level, 0);
                for (std::int64_t t = 0; t < at; ++t) {
                    before.actions.begin_tick();
                    before.script.apply(t, before.actions);
                    saved_run->step(before.actions);
                    saved_run->take_events();
                }
                REQUIRE(saw_level_state(*saved_run) == plain.dumps[at]);
                const WorldSnapshot saved = saved_run->capture();
                saved_run->rebuild_canonical();
                auto loaded = shipped_world(level);
                loaded->restore(saved);
                CHECK(saw_level_state(*loaded) == plain.dumps[at]);
                ScriptFrom after_save(level, at), after_load(level, at);
                const std::int64_t saved_end = after_save.finish(*saved_run);
                const std::int64_t loaded_end = after_load.finish(*loaded);
                CHECK(saved_end > at);
                CHECK(loaded_end == saved_end);
                CHECK(saw_level_state(*loaded) == saw_level_state(*saved_run));
            }
            {
                // A rewind of up to 60 ticks, then the solution again. Played 60 ticks past the moment,
                // stepped back to it: the rest of the solution from there finishes exactly as the plain run
                // did.
                const std::int64_t ahead = std::min<std::int64_t>(60, end - at);
                RecordedRun run;
                play_solution(run, level, at + ahead);
                REQUIRE(run.buffer.step_back(*run.world, ahead) == ahead);
                CHECK(saw_level_state(*run.world) == plain.dumps[at]);
                CHECK(run.buffer.resume(*run.world) == at);
                ScriptFrom rest(level, at);
                CHECK(rest.finish(*run.world) == end);
                CHECK(saw_level_state(*run.world) == final_state);
            }
        }
    }
}
