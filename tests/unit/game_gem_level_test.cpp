// Gems in shipped levels: each level's gems.txt finds every gem on the way to the goal, and a quicksave and
// quickload, or a rewind, taken just before or just after a gem is found gives the same future (the same
// gems, the same goal tick, the same final world) as the run without them.
#include <doctest/doctest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "game/sim/entities/gem.hpp"
#include "game_rewind_run.hpp"
#include "game_test_world.hpp"

using namespace qs;
using namespace qs::test;

namespace {

/// The gems collected in a dump, as a mask (bit 0: index 1), and how many there are.
struct DumpGems {
    unsigned found = 0;
    int placed = 0;
};
DumpGems gems_in(const std::string& dump) {
    DumpGems gems;
    const nlohmann::json parsed = nlohmann::json::parse(dump);
    for (const nlohmann::json& e : parsed["entities"]) {
        if (e["type"].get<std::string>() != "gem") continue;
        ++gems.placed;
        if (e["collected"].get<bool>()) gems.found |= 1u << (e["index"].get<int>() - 1);
    }
    return gems;
}

std::string state_of(const World& world) {
    return dump_state(world, 0).dump();
}

}  // namespace

TEST_CASE("gem levels: gems.txt finds every gem; F5/F9 and rewind around each find keep the future") {
    for (const char* level :
         {"11_spring_meadow", "12_bounce_works", "13_crumble_bridge", "14_spring_collapse",
          "15_bounce_valley", "16_belt_line", "17_saw_mill", "18_belt_and_blade", "19_the_foundry",
          "20_treetop_climb", "21_rolling_hills", "22_walker_patrol"}) {
        CAPTURE(level);
        RecordedRun plain;
        play_solution(plain, level, ScriptFrom::max_ticks, false, "gems.txt");
        REQUIRE(plain.world->game.completed);
        const std::int64_t end = static_cast<std::int64_t>(plain.dumps.size()) - 1;
        const std::string final_state = state_of(*plain.world);
        REQUIRE(gems_in(final_state).placed == Gem::max_index);
        CHECK(gems_in(final_state).found == 0b111u);

        // The moments around each find: 5 ticks before it and 5 after.
        std::vector<std::int64_t> moments;
        for (std::int64_t t = 1; t <= end; ++t) {
            if (gems_in(plain.dumps[t]).found == gems_in(plain.dumps[t - 1]).found) continue;
            for (std::int64_t at : {t - 5, t + 5}) {
                if (at > 0 && at < end) moments.push_back(at);
            }
        }
        REQUIRE(moments.size() == 6);

        for (const std::int64_t at : moments) {
            CAPTURE(at);
            {
                // F5 then F9 in a new world, as in the game.
                auto saved_run = shipped_world(level);
                ScriptFrom before(level, 0, "gems.txt");
                for (std::int64_t t = 0; t < at; ++t) {
                    before.actions.begin_tick();
                    before.script.apply(t, before.actions);
                    saved_run->step(before.actions);
                    saved_run->take_events();
                }
                REQUIRE(state_of(*saved_run) == plain.dumps[at]);
                const WorldSnapshot saved = saved_run->capture();
                saved_run->rebuild_canonical();
                auto loaded = shipped_world(level);
                loaded->restore(saved);
                CHECK(gems_in(state_of(*loaded)).found == gems_in(plain.dumps[at]).found);
                ScriptFrom after_save(level, at, "gems.txt"), after_load(level, at, "gems.txt");
                const std::int64_t saved_end = after_save.finish(*saved_run);
                const std::int64_t loaded_end = after_load.finish(*loaded);
                CHECK(saved_end == end);
                CHECK(loaded_end == end);
                CHECK(state_of(*loaded) == final_state);
            }
            {
                // Played 40 ticks past the moment and stepped back to it: the find is undone when it came
                // after the moment, and the rest of the script finds it again and finishes as before.
                const std::int64_t ahead = std::min<std::int64_t>(40, end - at);
                RecordedRun run;
                play_solution(run, level, at + ahead, false, "gems.txt");
                REQUIRE(run.buffer.step_back(*run.world, ahead) == ahead);
                CHECK(state_of(*run.world) == plain.dumps[at]);
                CHECK(run.buffer.resume(*run.world) == at);
                ScriptFrom rest(level, at, "gems.txt");
                CHECK(rest.finish(*run.world) == end);
                CHECK(state_of(*run.world) == final_state);
            }
        }
    }
}
