// Rewind buffer: stepping back through a shipped level's whole solution rebuilds exactly the recorded
// state of every tick (a change the buffer missed would show as a differing dump), including spawns and
// erases; the memory cap drops the oldest ticks only; the best run's ghost track and its file.
#include <doctest/doctest.h>

#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include "game/levels/level_catalog.hpp"
#include "game/save/ghost_track.hpp"
#include "game/save/rewind_buffer.hpp"
#include "game/save/state_dump.hpp"
#include "game/sim/tuning.hpp"

namespace {

using namespace qs;

/// Plays `ticks` ticks of a shipped level's solution, recording, and returns the dump after each tick
/// (dumps[0] is the start).
struct RecordedRun {
    std::unique_ptr<World> world;
    RewindBuffer buffer;
    std::vector<std::string> dumps;
};

void play_solution(RecordedRun& run, const std::string& level, std::int64_t ticks) {
    const std::string folder = std::string(QUICKSTEP_SOURCE_DIR) + "/levels/" + level;
    CheckedLevel checked = check_level(folder);
    REQUIRE(checked.level);
    std::vector<std::string> problems;
    Tuning tuning = load_tuning(std::string(QUICKSTEP_SOURCE_DIR) + "/assets/tuning.json", problems);
    run.world = std::make_unique<World>(checked.level, tuning, checked.entities);
    InputScript script;
    std::string error;
    REQUIRE_MESSAGE(script.load(folder + "/solution.txt", error), error);
    run.buffer.start(*run.world);
    run.dumps.push_back(dump_state(*run.world, 0).dump());
    ActionState actions;
    for (std::int64_t tick = 0; tick < ticks && !run.world->game.completed; ++tick) {
        actions.begin_tick();
        script.apply(tick, actions);
        run.world->step(actions);
        run.world->take_events();
        run.buffer.record(*run.world, actions);
        run.dumps.push_back(dump_state(*run.world, 0).dump());
    }
}

}  // namespace

TEST_CASE("stepping back through every tick of a solution gives exactly each recorded state") {
    for (const char* level : {"02_walker_woods", "04_turret_caverns"}) {
        CAPTURE(level);
        RecordedRun run;
        play_solution(run, level, 100000);
        REQUIRE(run.buffer.ticks() == static_cast<std::int64_t>(run.dumps.size()) - 1);
        for (std::size_t back = run.dumps.size() - 1; back > 0; --back) {
            REQUIRE(run.buffer.step_back(*run.world));
            const std::string now = dump_state(*run.world, 0).dump();
            if (now != run.dumps[back - 1]) {
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
        REQUIRE(dump_state(*run.world, 0).dump() == run.dumps[run.dumps.size() - 1 - back]);
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
    GhostTrack track{"01_first_steps", 42, {}};
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
    CHECK(back->level_hash == 42);
    CHECK(back->points == track.points);

    track.points[3].x = std::numeric_limits<float>::infinity();
    REQUIRE(write_ghost_file(file, track, error));
    CHECK_FALSE(read_ghost_file(file, error));
    CHECK(error.find("point 3 is out of range") != std::string::npos);
    std::filesystem::remove(file);
}
