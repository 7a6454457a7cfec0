// World::restore_changed (a quickload writes only the slots that differ) against World::restore (the whole
// snapshot copied in): on a generated level where turrets fire and projectiles die, snapshots loaded into
// worlds that moved on or went back (entities created, destroyed, moved, slots reused in between) give the
// same world bit for bit and in the dump, and the same future.
#include <doctest/doctest.h>

#include <memory>
#include <vector>

#include "game/levels/stress_level.hpp"
#include "game/save/state_dump.hpp"
#include "game_rewind_run.hpp"
#include "test_sizing.hpp"

using namespace qs;
using namespace qs::test;

TEST_CASE("restoring only the slots that differ gives the world a whole restore gives") {
    StressLevel stress = make_stress_level(sized(3000, 1000));
    auto live = std::make_unique<World>(stress.level, Tuning{}, stress.entities);
    auto whole = std::make_unique<World>(stress.level, Tuning{}, stress.entities);
    ActionState actions;
    auto step_both = [&](int ticks, int from) {
        for (int tick = 0; tick < ticks; ++tick) {
            actions.begin_tick();
            if ((from + tick) % 90 == 0) actions.press(Action::right);
            if ((from + tick) % 90 == 45) actions.press(Action::left);
            if ((from + tick) % 30 == 7) actions.press(Action::jump);
            for (World* w : {live.get(), whole.get()}) {
                w->step(actions);
                w->take_events();
            }
        }
    };
    // Snapshots a few ticks apart: between them projectiles are fired and spent, so slots die and are
    // reused with new generations, and the free list changes order.
    std::vector<WorldSnapshot> saves;
    const std::size_t placed = live->entities.slot_count();
    int tick = 0;
    for (int k = 0; k < 4; ++k) {
        step_both(60, tick);
        tick += 60;
        saves.push_back(live->capture());
    }
    REQUIRE(live->entities.slot_count() > placed);  // projectiles fired
    REQUIRE(live->entities.free_count() > 0);       // and spent
    REQUIRE(exact_state(*live) == exact_state(*whole));
    // Each snapshot loaded into the worlds as they stand (later, then earlier, than the snapshot), both ways.
    const std::vector<int> order{1, 3, 0, 2, 2, 0};
    for (const int which : order) {
        const WorldSnapshot& save = saves[static_cast<std::size_t>(which)];
        step_both(25, tick);  // the live world moves on from where it is before each load
        tick += 25;
        const std::size_t written = live->restore_changed(save);
        whole->restore(save);
        CHECK(written < live->entities.slot_count());  // some slots kept, not a whole copy
        REQUIRE(exact_state(*live) == exact_state(*whole));
        REQUIRE(dump_state(*live, 0) == dump_state(*whole, 0));
        // The same future: play on from both.
        step_both(40, tick);
        tick += 40;
        REQUIRE(exact_state(*live) == exact_state(*whole));
    }
    REQUIRE(dump_state(*live, 0) == dump_state(*whole, 0));
}

TEST_CASE("restoring only the slots that differ refuses a broken layout and leaves the world as it was") {
    StressLevel stress = make_stress_level(200);
    World world(stress.level, Tuning{}, stress.entities);
    WorldSnapshot save = world.capture();
    const std::vector<std::uint8_t> before = exact_state(world);
    save.entities.pop_back();  // one live slot without its entity
    CHECK_THROWS_AS(world.restore_changed(save), std::invalid_argument);
    CHECK(exact_state(world) == before);
}
