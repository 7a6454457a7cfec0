// Rewind buffer: stepping back through every shipped level's whole solution rebuilds exactly the state of
// every tick, every field bit for bit (a change whose mark was missed would show as a difference; the
// dump is compared too, every 20th tick), including spawns and erases; release after a rewind goes on as
// the rewound run did; a quickload starts the recording again; the memory cap drops the oldest ticks only;
// the best run's ghost track and its file. In the sanitizer build the step-back plays the first 400 ticks
// of each solution (every level, every kind of entity it starts with, each tick stepped back over); the
// whole solutions run in the release build (test_sizing.hpp). The dev test tier steps back through its
// sample of the levels (game_shipped_levels.hpp: tier_levels).
#include <doctest/doctest.h>

#include <atomic>
#include <filesystem>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "game/save/ghost_track.hpp"
#include "game_rewind_run.hpp"
#include "game_shipped_levels.hpp"
#include "game_test_world.hpp"
#include "test_sizing.hpp"

using namespace qs;
using namespace qs::test;

TEST_CASE("stepping back through every tick of every solution gives exactly each recorded state") {
    // Recorded from the change marks alone: a write nobody marked leaves the recording behind the world,
    // and stepping back then gives a state that differs from the one that was there.
    const std::int64_t solution_ticks = sized<std::int64_t>(100000, 400);
    for (const std::string& level : tier_levels()) {
        CAPTURE(level);
        RecordedRun run;
        run.dump_every = 20;
        play_solution(run, level, solution_ticks);
        REQUIRE(run.buffer.ticks() == static_cast<std::int64_t>(run.states.size()) - 1);
        for (std::size_t back = run.states.size() - 1; back > 0; --back) {
            REQUIRE(run.buffer.step_back(*run.world));
            if (exact_hash(*run.world) != run.states[back - 1] ||
                (!run.dumps[back - 1].empty() && dump_state(*run.world, 0).dump() != run.dumps[back - 1])) {
                FAIL_CHECK("tick " << back - 1 << " differs after stepping back");
                break;
            }
        }
        CHECK_FALSE(run.buffer.step_back(*run.world));
        CHECK(run.buffer.ticks() == 0);
    }
}

TEST_CASE("release after a rewind continues exactly like the run that was rewound") {
    RecordedRun a;
    play_solution(a, "04_turret_caverns", 900);
    RecordedRun b;
    play_solution(b, "04_turret_caverns", 900);
    for (int i = 0; i < 400; ++i) REQUIRE(b.buffer.step_back(*b.world));
    CHECK(b.buffer.resume(*b.world) == 500);
    CHECK(dump_state(*b.world, 0).dump() == a.dumps[500]);
}

TEST_CASE("a release's plan run in a World of its own gives the live world and the same future") {
    // What a window does on release: the plan is carried out elsewhere while the rewound world is shown.
    RecordedRun a;
    play_solution(a, "04_turret_caverns", 900);
    RecordedRun b;
    play_solution(b, "04_turret_caverns", 900);
    for (int i = 0; i < 400; ++i) REQUIRE(b.buffer.step_back(*b.world));
    REQUIRE(a.dumps.size() > 900);  // the solution runs past tick 900
    std::optional<RewindBuffer::ResumePlan> plan = b.buffer.resume_plan();
    REQUIRE(plan);
    CHECK(plan->inputs.size() == 500);
    const std::string folder = std::string(QUICKSTEP_SOURCE_DIR) + "/levels/04_turret_caverns";
    CheckedLevel checked = check_level(folder);
    REQUIRE(checked.level);
    World elsewhere(checked.level, b.world->tuning(), {});
    std::atomic<bool> cancel{true};
    CHECK(RewindBuffer::run(*plan, elsewhere, &cancel) == -1);  // cancelled before its first tick
    cancel = false;
    CHECK(RewindBuffer::run(*plan, elsewhere, &cancel) == 500);
    CHECK(dump_state(elsewhere, 0).dump() == a.dumps[500]);
    CHECK(exact_hash(elsewhere) == a.states[500]);
    // The same future: the rest of the solution from there ends where the unrewound run ended.
    InputScript script;
    std::string error;
    REQUIRE_MESSAGE(script.load(folder + "/solution.txt", error), error);
    ActionState actions;
    for (std::int64_t tick = 0; tick < 900; ++tick) {
        actions.begin_tick();
        script.apply(tick, actions);
        if (tick < 500) continue;
        elsewhere.step(actions);
        elsewhere.take_events();
    }
    CHECK(dump_state(elsewhere, 0).dump() == a.dumps[900]);
}

TEST_CASE(
    "after a quickload the recording starts from the restored world, whether copied alongside or after") {
    for (const bool alongside : {true, false}) {
        CAPTURE(alongside);
        RecordedRun run;
        RewindBuffer::Limits limits;
        limits.parallel_copy_entities = alongside ? 0 : std::numeric_limits<std::size_t>::max();
        run.buffer.set_limits(limits);
        play_solution(run, "04_turret_caverns", 700, true);
        auto saved = std::make_shared<const WorldSnapshot>(run.world->capture());
        const std::uint64_t saved_state = exact_hash(*run.world);
        // Play on (shots fired and gone, walkers moved), then load the save as F9 does.
        ActionState idle;
        for (int tick = 0; tick < 120; ++tick) {
            idle.begin_tick();
            run.world->step(idle);
            run.buffer.record(*run.world, idle);
        }
        run.buffer.prepare_start(saved);
        run.world->restore(*saved);
        run.buffer.start(*run.world, saved);
        CHECK(exact_hash(*run.world) == saved_state);
        // The cross-check compares every entity, slot and the free list with the recording after each tick:
        // a recorded copy that differed from the restored world would show here.
        for (int tick = 0; tick < 200; ++tick) {
            idle.begin_tick();
            run.world->step(idle);
            run.buffer.record(*run.world, idle);
        }
        CHECK(run.buffer.unmarked_changes().empty());
        CHECK(run.buffer.step_back(*run.world, 200) == 200);
        CHECK(exact_hash(*run.world) == saved_state);
    }
}

TEST_CASE("the memory cap drops the oldest ticks and nothing else") {
    RecordedRun run;
    RewindBuffer::Limits limits;
    limits.max_bytes = 64 * 1024;
    run.buffer.set_limits(limits);
    play_solution(run, "02_walker_woods", 600);
    CHECK(run.buffer.bytes() <= limits.max_bytes);
    std::int64_t kept = run.buffer.ticks();
    CHECK(kept > 10);
    CHECK(kept < 600);
    for (std::int64_t back = 1; back <= kept; ++back) {
        REQUIRE(run.buffer.step_back(*run.world));
        REQUIRE(exact_hash(*run.world) == run.states[run.states.size() - 1 - back]);
    }
    CHECK_FALSE(run.buffer.step_back(*run.world));

    RecordedRun limited;
    limits = {};
    limits.max_ticks = 120;
    limited.buffer.set_limits(limits);
    play_solution(limited, "02_walker_woods", 600);
    CHECK(limited.buffer.ticks() == 120);
}

TEST_CASE("a ghost track keeps the timeline that finished and survives a round trip; damage is refused") {
    GhostTrack track{"01_first_steps", test_play(42), false, {}};
    for (int t = 0; t < 100; ++t) track.set(t, {static_cast<float>(t), 1.0f, 1});
    track.set(50, {-5.0f, 2.0f, -1});  // a rewind to level time 50: what came after is undone
    REQUIRE(track.points.size() == 51);
    CHECK(track.at(50)->x == -5.0f);
    CHECK(track.at(51) == nullptr);

    const std::filesystem::path file = std::filesystem::temp_directory_path() / "qs_ghost_test.ghost";
    std::string error;
    REQUIRE_MESSAGE(write_ghost_file(file, track, error), error);
    std::optional<GhostTrack> back = read_ghost_file(file, error);
    REQUIRE_MESSAGE(back, error);
    CHECK(back->level == "01_first_steps");
    CHECK(back->play == track.play);
    CHECK_FALSE(back->legacy);
    CHECK(back->points == track.points);

    track.points[3].x = std::numeric_limits<float>::infinity();
    REQUIRE(write_ghost_file(file, track, error));
    CHECK_FALSE(read_ghost_file(file, error));
    CHECK(error.find("point 3 is out of range") != std::string::npos);
    std::filesystem::remove(file);
}
