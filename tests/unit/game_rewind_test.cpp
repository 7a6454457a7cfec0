// Rewind buffer: stepping back through every shipped level's whole solution rebuilds exactly the state of
// every tick, every field bit for bit (a change whose mark was missed would show as a difference),
// including spawns and erases; the cross-check mode finds no unmarked change on any shipped level or on
// the 10 000-entity stress level, and does find one made behind the world's back; the memory cap drops
// the oldest ticks only; the best run's ghost track and its file.
#include <doctest/doctest.h>

#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include "engine/fnv1a.hpp"
#include "game/levels/level_catalog.hpp"
#include "game/levels/stress_level.hpp"
#include "game/save/field_bytes.hpp"
#include "game/save/ghost_track.hpp"
#include "game/save/rewind_buffer.hpp"
#include "game/save/state_dump.hpp"
#include "game/sim/tuning.hpp"
#include "game_shipped_levels.hpp"
#include "game_test_world.hpp"

namespace {

using namespace qs;

using qs::test::shipped_levels;
using qs::test::test_play;

/// The whole state of a world as exact bytes: every slot (generation, alive), the free list in order,
/// the game state and every live entity through its field list, by slot index.
std::vector<std::uint8_t> exact_state(const World& world) {
    std::vector<std::uint8_t> out;
    EntityMap::Layout layout = world.entities.export_layout();
    for (const auto& slot : layout.slots) {
        out.insert(out.end(), reinterpret_cast<const std::uint8_t*>(&slot.generation),
                   reinterpret_cast<const std::uint8_t*>(&slot.generation) + 4);
        out.push_back(slot.alive ? 1 : 0);
    }
    out.push_back(0xFF);
    for (std::uint32_t index : layout.free_list) {
        out.insert(out.end(), reinterpret_cast<const std::uint8_t*>(&index),
                   reinterpret_cast<const std::uint8_t*>(&index) + 4);
    }
    out.push_back(0xFE);
    WorldSnapshot snapshot = world.capture();
    FieldByteWriter writer{out};
    snapshot.game.fields(writer);
    for (Entity& entity : snapshot.entities) write_entity_bytes(entity, out);
    return out;
}

std::uint64_t exact_hash(const World& world) {
    std::vector<std::uint8_t> bytes = exact_state(world);
    return fnv1a64(bytes.data(), bytes.size());
}

/// Plays `ticks` ticks of a shipped level's solution, recording, and returns the dump after each tick
/// (dumps[0] is the start).
struct RecordedRun {
    std::unique_ptr<World> world;
    RewindBuffer buffer;
    std::vector<std::string> dumps;
    std::vector<std::uint64_t> states;  ///< exact_hash after each tick (states[0]: the start)
};

void play_solution(RecordedRun& run, const std::string& level, std::int64_t ticks, bool cross_check = false) {
    const std::string folder = std::string(QUICKSTEP_SOURCE_DIR) + "/levels/" + level;
    CheckedLevel checked = check_level(folder);
    REQUIRE(checked.level);
    std::vector<std::string> problems;
    Tuning tuning = load_tuning(std::string(QUICKSTEP_SOURCE_DIR) + "/assets/tuning.json", problems);
    run.world = std::make_unique<World>(checked.level, tuning, checked.entities);
    InputScript script;
    std::string error;
    REQUIRE_MESSAGE(script.load(folder + "/solution.txt", error), error);
    run.buffer.set_cross_check(cross_check);
    run.buffer.start(*run.world);
    run.dumps.push_back(dump_state(*run.world, 0).dump());
    run.states.push_back(exact_hash(*run.world));
    ActionState actions;
    for (std::int64_t tick = 0; tick < ticks && !run.world->game.completed; ++tick) {
        actions.begin_tick();
        script.apply(tick, actions);
        run.world->step(actions);
        run.world->take_events();
        run.buffer.record(*run.world, actions);
        run.dumps.push_back(dump_state(*run.world, 0).dump());
        run.states.push_back(exact_hash(*run.world));
    }
}

}  // namespace

TEST_CASE("stepping back through every tick of every solution gives exactly each recorded state") {
    // Recorded from the change marks alone: a write nobody marked leaves the recording behind the world,
    // and stepping back then gives a state that differs from the one that was there.
    for (const char* level : shipped_levels) {
        CAPTURE(level);
        RecordedRun run;
        play_solution(run, level, 100000);
        REQUIRE(run.buffer.ticks() == static_cast<std::int64_t>(run.states.size()) - 1);
        for (std::size_t back = run.states.size() - 1; back > 0; --back) {
            REQUIRE(run.buffer.step_back(*run.world));
            if (exact_hash(*run.world) != run.states[back - 1] ||
                dump_state(*run.world, 0).dump() != run.dumps[back - 1]) {
                FAIL_CHECK("tick " << back - 1 << " differs after stepping back");
                break;
            }
        }
        CHECK_FALSE(run.buffer.step_back(*run.world));
        CHECK(run.buffer.ticks() == 0);
    }
}

TEST_CASE("cross-check: no entity of a shipped level changes without a change mark") {
    for (const char* level : shipped_levels) {
        CAPTURE(level);
        RecordedRun run;
        play_solution(run, level, 100000, true);
        CHECK(run.world->game.completed);
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
    for (int tick = 0; tick < 240; ++tick) {
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

TEST_CASE("release after a rewind continues exactly like the run that was rewound") {
    RecordedRun a;
    play_solution(a, "04_turret_caverns", 900);
    RecordedRun b;
    play_solution(b, "04_turret_caverns", 900);
    for (int i = 0; i < 400; ++i) REQUIRE(b.buffer.step_back(*b.world));
    CHECK(b.buffer.resume(*b.world) == 500);
    CHECK(dump_state(*b.world, 0).dump() == a.dumps[500]);
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
