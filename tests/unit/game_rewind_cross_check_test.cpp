// Rewind cross-check mode: after every tick it compares every entity, slot and the free list with the
// recording, so a change made without its mark is named. It finds none on any shipped level's solution or
// on the 10 000-entity stress level (stepped back over exactly, too), and it does find one made behind the
// world's back. In the sanitizer build the shipped levels play the first 400 ticks of their solutions and
// the stress level 90 ticks instead of 240 (every level and every entity still checked on every tick); the
// full lengths run in the release build (test_sizing.hpp). The dev test tier plays its sample of the
// shipped levels (game_shipped_levels.hpp: tier_levels).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "game/levels/stress_level.hpp"
#include "game_rewind_run.hpp"
#include "game_shipped_levels.hpp"
#include "game_test_world.hpp"
#include "test_sizing.hpp"

using namespace qs;
using namespace qs::test;

TEST_CASE("cross-check: no entity of a shipped level changes without a change mark") {
    const std::int64_t solution_ticks = sized<std::int64_t>(100000, 400);
    for (const std::string& level : tier_levels()) {
        CAPTURE(level);
        RecordedRun run;
        run.dump_every = 0;
        run.keep_states = false;
        play_solution(run, level, solution_ticks, true);
        if (!shortened()) CHECK(run.world->game.completed);
        CHECK_MESSAGE(run.buffer.unmarked_changes().empty(), run.buffer.unmarked_changes().front());
    }
}

TEST_CASE(
    "cross-check: the 10 000-entity stress level, played, changes nothing unmarked; stepping back is exact") {
    StressLevel stress = make_stress_level(10000);
    World world(stress.level, Tuning{}, stress.entities);
    RewindBuffer buffer;
    buffer.set_cross_check(true);
    buffer.start(world);
    std::vector<std::uint64_t> states{exact_hash(world)};
    ActionState actions;
    // Run right, jumping now and then: coins taken, walkers stomped or hurting, deaths, switches, turrets.
    const int ticks = sized(240, 90);
    for (int tick = 0; tick < ticks; ++tick) {
        actions.begin_tick();
        actions.press(Action::right);
        if (tick % 40 >= 5 && tick % 40 < 20) {
            actions.press(Action::jump);
        } else {
            actions.release(Action::jump);
        }
        world.step(actions);
        world.take_events();
        buffer.record(world, actions);
        states.push_back(exact_hash(world));
    }
    CHECK(world.game.coins > 0);
    CHECK_MESSAGE(buffer.unmarked_changes().empty(), buffer.unmarked_changes().front());
    for (std::size_t back = states.size() - 1; back > 0; --back) {
        REQUIRE(buffer.step_back(world));
        REQUIRE_MESSAGE(exact_hash(world) == states[back - 1], "tick " << back - 1);
    }
}

TEST_CASE("cross-check finds a change made behind the world's back, and the recording stays exact") {
    RecordedRun run;
    play_solution(run, "02_walker_woods", 100, true);
    REQUIRE(run.buffer.unmarked_changes().empty());
    // A coin moved through the SlotMap directly: no mark.
    Coin* coin = nullptr;
    for (Entity& entity : run.world->entities) {
        if (!coin) coin = std::get_if<Coin>(&entity);
    }
    REQUIRE(coin);
    coin->state.y -= 1;
    ActionState idle;
    idle.begin_tick();
    run.world->step(idle);
    run.buffer.record(*run.world, idle);
    REQUIRE(run.buffer.unmarked_changes().size() == 1);
    CHECK(run.buffer.unmarked_changes().front().find("coin in slot") != std::string::npos);
    CHECK(run.buffer.unmarked_changes().front().find("field y") != std::string::npos);
    // Recorded all the same: one tick back is the world before that step, with the coin where it was.
    REQUIRE(run.buffer.step_back(*run.world));
    CHECK(exact_hash(*run.world) == run.states.back());
}
