// Gems in shipped levels: every level that places gems has a gems.txt that finds every gem on the way to
// the goal, and a quicksave and quickload, or a rewind, taken just before or just after a gem is found gives
// the same future (the same gems, the same goal tick, the same final world) as the run without them.
// States are compared by their exact bytes (exact_hash) and the final world by its dump. In the sanitizer
// build each level tries the moments around its first find only; the release build tries all six
// (test_sizing.hpp). The dev test tier plays the gem levels of its sample (game_shipped_levels.hpp:
// tier_levels); every level's gems.txt is still required.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "game/app/progress.hpp"
#include "game/sim/entities/gem.hpp"
#include "game_rewind_run.hpp"
#include "game_shipped_levels.hpp"
#include "game_test_world.hpp"
#include "test_sizing.hpp"

using namespace qs;
using namespace qs::test;

namespace {

std::string gem_level_state(const World& world) {
    return dump_state(world, 0).dump();
}

/// The shipped levels that place gems; each must have its gems.txt.
std::vector<std::string> levels_with_gems() {
    std::vector<std::string> levels;
    for (const std::string& name : shipped_levels()) {
        CAPTURE(name);
        const CheckedLevel checked = check_level(shipped_folder(name));
        REQUIRE(checked.level);
        int gems = 0;
        for (const Entity& entity : checked.entities) gems += std::holds_alternative<Gem>(entity) ? 1 : 0;
        if (gems == 0) continue;
        CHECK(gems == Gem::max_index);
        CHECK_MESSAGE(std::filesystem::exists(shipped_folder(name) + "/gems.txt"), "no gems.txt");
        levels.emplace_back(name);
    }
    return levels;
}

}  // namespace

TEST_CASE("gem levels: gems.txt finds every gem; F5/F9 and rewind around each find keep the future") {
    const std::vector<std::string> levels = levels_with_gems();
    CHECK(levels.size() >= 15);
    const std::vector<std::string> played = tier_levels();
    for (const std::string& level : levels) {
        if (std::find(played.begin(), played.end(), level) == played.end()) continue;
        CAPTURE(level);
        // The run without saves or rewinds: its exact state and its gems found after every tick.
        auto plain = shipped_world(level);
        std::vector<std::uint64_t> states{exact_hash(*plain)};
        std::vector<unsigned> found{gems_of(*plain).found};
        ScriptFrom script(level, 0, "gems.txt");
        while (script.tick < ScriptFrom::max_ticks && !plain->game.completed) {
            script.step(*plain);
            states.push_back(exact_hash(*plain));
            found.push_back(gems_of(*plain).found);
        }
        REQUIRE(plain->game.completed);
        const std::int64_t end = script.tick;
        const std::string final_state = gem_level_state(*plain);
        const std::uint64_t final_hash = exact_hash(*plain);
        CHECK(found.back() == 0b111u);

        // The moments around each find: 5 ticks before it and 5 after.
        std::vector<std::int64_t> moments;
        for (std::int64_t t = 1; t <= end; ++t) {
            if (found[t] == found[t - 1]) continue;
            for (std::int64_t at : {t - 5, t + 5}) {
                if (at > 0 && at < end) moments.push_back(at);
            }
        }
        REQUIRE(moments.size() == 6);
        if (shortened()) moments.resize(2);

        for (const std::int64_t at : moments) {
            CAPTURE(at);
            {
                // F5 then F9 in a new world, as in the game.
                auto saved_run = shipped_world(level);
                ScriptFrom before(level, 0, "gems.txt");
                while (before.tick < at) before.step(*saved_run);
                REQUIRE(exact_hash(*saved_run) == states[at]);
                const WorldSnapshot saved = saved_run->capture();
                saved_run->rebuild_canonical();
                auto loaded = shipped_world(level);
                loaded->restore(saved);
                CHECK(exact_hash(*loaded) == states[at]);
                CHECK(gems_of(*loaded).found == found[at]);
                ScriptFrom after_save(level, at, "gems.txt"), after_load(level, at, "gems.txt");
                CHECK(after_save.finish(*saved_run) == end);
                CHECK(after_load.finish(*loaded) == end);
                CHECK(exact_hash(*loaded) == final_hash);
                CHECK(gem_level_state(*loaded) == final_state);
            }
            {
                // Played 40 ticks past the moment and stepped back to it: the find is undone when it came
                // after the moment, and the rest of the script finds it again and finishes as before.
                const std::int64_t ahead = std::min<std::int64_t>(40, end - at);
                RecordedRun run;
                run.dump_every = 0;
                run.keep_states = false;
                play_solution(run, level, at + ahead, false, "gems.txt");
                REQUIRE(run.buffer.step_back(*run.world, ahead) == ahead);
                CHECK(exact_hash(*run.world) == states[at]);
                CHECK(gems_of(*run.world).found == found[at]);
                CHECK(run.buffer.resume(*run.world) == at);
                ScriptFrom rest(level, at, "gems.txt");
                CHECK(rest.finish(*run.world) == end);
                CHECK(exact_hash(*run.world) == final_hash);
                CHECK(gem_level_state(*run.world) == final_state);
            }
        }
    }
}
