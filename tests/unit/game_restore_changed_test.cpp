// World::restore_changed (a quickload writes only the slots that differ; for the quicksave kept with
// keep_for_quickload, only the slots changed since) against World::restore (the whole snapshot copied in):
// on a generated level where turrets fire and projectiles die, snapshots loaded into worlds that moved on
// or went back (entities created, destroyed, moved, slots reused in between) give the same world bit for
// bit and in the dump, the same index and the same future.
#include <doctest/doctest.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <random>
#include <vector>

#include "engine/worker.hpp"
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

namespace {

std::vector<EntityRef> by_index(std::vector<EntityRef> refs) {
    std::sort(refs.begin(), refs.end(), [](EntityRef a, EntityRef b) {
        return a.index != b.index ? a.index < b.index : a.generation < b.generation;
    });
    refs.erase(std::unique(refs.begin(), refs.end()), refs.end());
    return refs;
}

/// The live entities a still-grid query over the whole level finds, by index (each once).
std::vector<EntityRef> still_grid_refs(const World& world) {
    std::vector<EntityRef> refs;
    world.index().still_grid().query(-1, -1, world.level().tiles.width + 1, world.level().tiles.height + 1,
                                     [&](const GridIndex::Item& item) {
                                         if (world.find_entity(item.ref)) refs.push_back(item.ref);
                                     });
    return by_index(std::move(refs));
}

}  // namespace

TEST_CASE(
    "a quickload of the kept quicksave writes only what changed since: the world a whole restore gives") {
    // The live world plays on from each quicksave with random spawns and erases between ticks (slots die and
    // are reused), rewinds now and then (to before the quicksave too), and loads the newest quicksave with
    // restore_changed(); a second world restores the same snapshot whole. Entities, layout, dump, Box2D's
    // still bodies, the index and its grids, box queries and the future must agree.
    StressLevel stress = make_stress_level(sized(3000, 1000));
    Worker helper;
    auto live = std::make_unique<World>(stress.level, Tuning{}, stress.entities);
    auto whole = std::make_unique<World>(stress.level, Tuning{}, stress.entities);
    RewindBuffer rewind;
    rewind.set_cross_check(true);  // the recording patched after a load must hold the world
    rewind.start(*live);
    std::mt19937 random(27);
    auto below = [&](std::uint32_t n) { return static_cast<std::uint32_t>(random() % n); };
    ActionState actions;
    int tick = 0;
    auto step_live = [&](int ticks) {
        for (int k = 0; k < ticks; ++k, ++tick) {
            actions.begin_tick();
            if (tick % 90 < 45) actions.press(Action::right);
            if (tick % 90 >= 45) actions.press(Action::left);
            if (tick % 30 == 7) actions.press(Action::jump);
            live->step(actions);
            live->take_events();
            rewind.record(*live, actions);
        }
    };
    // Random live slots other than the player's: erased, or their entity copied into a new one.
    auto random_ref = [&]() -> std::optional<EntityRef> {
        const auto slots = static_cast<std::uint32_t>(live->entities.slot_count());
        for (int tries = 0; tries < 50; ++tries) {
            const std::uint32_t i = below(slots);
            if (live->entities.slot_alive(i) && i != live->game.player.index)
                return to_ref(live->entities.key_at_slot(i));
        }
        return std::nullopt;
    };
    auto shake = [&] {
        for (std::uint32_t k = below(8); k > 0; --k) {
            if (auto ref = random_ref()) live->erase(*ref);
        }
        for (std::uint32_t k = below(8); k > 0; --k) {
            if (auto ref = random_ref()) {
                live->spawn(*live->find_entity(*ref));
            }
        }
    };
    std::shared_ptr<WorldSnapshot> save;
    std::size_t loads = 0, only_changes = 0;
    for (int round = 0; round < 14; ++round) {
        if (round % 5 == 0) {  // F5: captured by the canonical rebuild, kept for quickloads
            save = std::make_shared<WorldSnapshot>();
            live->rebuild_canonical(save.get(), &helper);
            rewind.keyframe(save);
            live->keep_for_quickload(save, &helper);
        }
        step_live(1 + static_cast<int>(below(40)));
        shake();
        step_live(static_cast<int>(below(10)));
        if (round % 3 == 2) rewind.step_back(*live, 1 + below(60));  // maybe to before the quicksave
        if (round % 7 == 6) shake();                                 // and on from there at once
        // As a quickload does it: the recording patched with the slots restored when it was in step.
        const bool changes_only = live->restores_changes_only(*save) && rewind.in_step_with(*live);
        only_changes += changes_only ? 1 : 0;
        const std::size_t written = live->restore_changed(*save);
        whole->restore(*save);
        REQUIRE(live->restored_slots());
        if (changes_only) {
            rewind.start_changed(*live, save, *live->restored_slots());
        } else {
            rewind.start(*live, save);
        }
        ++loads;
        CHECK(written < live->entities.size());
        REQUIRE(exact_state(*live) == exact_state(*whole));
        REQUIRE(dump_state(*live, 0) == dump_state(*whole, 0));
        std::vector<EntityRef> live_bodies = live->still_bodies(), whole_bodies = whole->still_bodies();
        CHECK(by_index(live_bodies) == by_index(whole_bodies));
        CHECK(still_grid_refs(*live) == still_grid_refs(*whole));
        CHECK(by_index(live->index().moving_solids()) == by_index(whole->index().moving_solids()));
        CHECK(by_index(live->index().camera_areas()) == by_index(whole->index().camera_areas()));
        CHECK(live->index().odd_solids() == whole->index().odd_solids());
        for (int k = 0; k < 200; ++k) {
            const double x = below(static_cast<std::uint32_t>(live->level().tiles.width) * 8) / 8.0;
            const double y = below(static_cast<std::uint32_t>(live->level().tiles.height) * 8) / 8.0;
            CHECK(live->box_blocked(x, y, 0.4, 0.4) == whole->box_blocked(x, y, 0.4, 0.4));
            CHECK(live->entity_solid_at(x, y) == whole->entity_solid_at(x, y));
            const GroundContact a = live->probe_ground(x, y, 0.4, true),
                                b = whole->probe_ground(x, y, 0.4, true);
            CHECK(a.grounded == b.grounded);
            CHECK(a.platform == b.platform);
        }
        // The same future, each tick stepping the same entities (the index of what a tick steps).
        for (int k = 0; k < 20; ++k) {
            actions.begin_tick();
            if (k % 2 == 0) actions.press(Action::right);
            for (World* w : {live.get(), whole.get()}) {
                w->step(actions);
                w->take_events();
            }
            rewind.record(*live, actions);
            CHECK(live->entities_stepped() == whole->entities_stepped());
        }
        REQUIRE(exact_state(*live) == exact_state(*whole));
        // The live world loads again from what it became; the other one restores again next round.
    }
    CHECK(loads == 14);
    CHECK(only_changes >= 10);  // (the others: a load right after a spawn or erase outside a tick)
    CHECK(rewind.unmarked_changes().empty());
}
