// App's parts without a window: RunRecords (which level's run is recorded, how quickloads are recorded,
// a watched replay's ticks, load cursor and speed), Practice's footing (which tiles count) and LevelList
// (finding the first level, the place of the level played).
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/level_data.hpp"
#include "game/app/level_list.hpp"
#include "game/app/level_template.hpp"
#include "game/app/practice.hpp"
#include "game/app/run_records.hpp"
#include "game/save/quicksaves.hpp"
#include "game/save/save_codec.hpp"
#include "game/sim/entities/player.hpp"
#include "game/sim/tiles.hpp"
#include "game_test_world.hpp"
#include "scratch_dir.hpp"

using namespace qs;

namespace {

LevelData level_named(const std::string& name) {
    LevelData level;
    level.folder_name = name;
    return level;
}

/// The run `runs` recorded, ending at `tick`, as its replay file reads back.
Replay recorded_run(const RunRecords& runs, std::int64_t tick) {
    test::ScratchDir scratch("qs_run_records_test");
    std::string error;
    REQUIRE(runs.write_run(scratch.path() / "run.qsr", tick, error));
    std::optional<Replay> replay = read_replay_file(scratch.path() / "run.qsr", error);
    REQUIRE_MESSAGE(replay, error);
    return *replay;
}

}  // namespace

TEST_CASE("run records: headless, the first level's run is recorded; in a window, each level's") {
    RunRecords headless(false, false);
    CHECK_FALSE(headless.recording());
    headless.start_run(level_named("first"), test::test_play(11), Tuning{}, 5, false);
    headless.start_run(level_named("second"), test::test_play(22), Tuning{}, 40, false);
    REQUIRE(headless.recording());
    Replay run = recorded_run(headless, 90);
    CHECK(run.level == "first");
    CHECK(run.play == test::test_play(11));
    CHECK(run.start_tick == 5);
    CHECK(run.end_tick == 90);
    CHECK(run.complete_tick == -1);

    RunRecords windowed(true, false);
    windowed.start_run(level_named("first"), test::test_play(11), Tuning{}, 5, true);
    windowed.start_run(level_named("second"), test::test_play(22), Tuning{}, 40, true);
    windowed.completed(70);
    run = recorded_run(windowed, 90);
    CHECK(run.level == "second");
    CHECK(run.start_tick == 40);
    CHECK(run.complete_tick == 70);
    CHECK(run.rewind_speedup);
}

TEST_CASE("run records: a quickload of a save the run made is recorded as one the replay makes again") {
    RunRecords runs(false, false);
    runs.start_run(level_named("first"), test::test_play(11), Tuning{}, 100, false);
    auto made = std::make_shared<const SavedGame>();
    runs.saved(made);
    runs.loaded(110, made);
    runs.loaded(120, nullptr);
    const Replay run = recorded_run(runs, 130);
    REQUIRE(run.loads.size() == 2);
    CHECK(run.loads[0].offset == 10);
    CHECK(run.loads[0].kind == Replay::Load::Kind::run_save);
    CHECK(run.loads[1].offset == 20);
    CHECK(run.loads[1].kind == Replay::Load::Kind::nothing);
}

TEST_CASE("run records: a save read from a file travels in the replay as that file, not encoded again") {
    // A quicksave on disk in an older format (2: the body's keys sorted), as an earlier build left it.
    test::ScratchDir scratch("qs_run_records_file_test");
    SavedGame made;
    made.level = "first";
    made.tick = 77;
    const auto sorted = nlohmann::json::to_msgpack(nlohmann::json::from_msgpack(encode_save_body(made)));
    const std::vector<std::uint8_t> old_file = wrap_save_body(sorted, 2, made.level, 0);
    {
        std::ofstream out(quicksave_path(scratch.path(), 1), std::ios::binary);
        out.write(reinterpret_cast<const char*>(old_file.data()),
                  static_cast<std::streamsize>(old_file.size()));
    }
    QuickSaves saves(scratch.path());
    const QuickSaves::Found found = saves.newest([](const SavedGame&, std::string&) { return true; });
    REQUIRE(found.save);
    REQUIRE(found.save->file_bytes);
    CHECK(*found.save->file_bytes == old_file);
    CHECK(encode_save_file(*found.save) != old_file);  // encoding it again would write another file

    RunRecords runs(false, false);
    runs.start_run(level_named("first"), test::test_play(11), Tuning{}, 100, false);
    runs.loaded(110, found.save);
    const Replay run = recorded_run(runs, 130);
    REQUIRE(run.loads.size() == 1);
    CHECK(run.loads[0].kind == Replay::Load::Kind::carried);
    REQUIRE(run.loads[0].save);
    REQUIRE(run.loads[0].save->file_bytes);
    CHECK(*run.loads[0].save->file_bytes == old_file);
    CHECK(run.loads[0].save->tick == 77);

    // A save made in memory (no file) is encoded into the replay as the current format.
    RunRecords fresh(false, false);
    fresh.start_run(level_named("first"), test::test_play(11), Tuning{}, 100, false);
    fresh.loaded(110, std::make_shared<const SavedGame>(made));
    const Replay encoded = recorded_run(fresh, 130);
    REQUIRE(encoded.loads.size() == 1);
    REQUIRE(encoded.loads[0].save);
    CHECK(*encoded.loads[0].save->file_bytes == encode_save_file(made));
}

TEST_CASE("run records: only the last 16 saves of the run are its own") {
    RunRecords runs(false, false);
    runs.start_run(level_named("first"), test::test_play(11), Tuning{}, 0, false);
    auto oldest = std::make_shared<const SavedGame>();
    runs.saved(oldest);
    for (int i = 0; i < 16; ++i) runs.saved(std::make_shared<const SavedGame>());
    runs.loaded(1, oldest);  // fell out of the ring: it travels in the replay
    const Replay run = recorded_run(runs, 2);
    REQUIRE(run.loads.size() == 1);
    CHECK(run.loads[0].kind == Replay::Load::Kind::carried);
}

TEST_CASE("run records: a watched replay is shifted to start now, plays its loads in turn, at 1x to 4x") {
    Replay replay;
    replay.level = "first";
    replay.start_tick = 10;
    replay.end_tick = 200;
    replay.complete_tick = 150;
    replay.loads.resize(2);
    replay.loads[0].offset = 20;
    replay.loads[1].offset = 30;

    RunRecords runs(true, false);
    CHECK_FALSE(runs.watching());
    CHECK(runs.replayed_load(1020) == nullptr);
    runs.watch(replay, 1000);
    REQUIRE(runs.watching());
    CHECK(runs.replay()->start_tick == 1000);
    CHECK(runs.replay()->end_tick == 1190);
    CHECK(runs.replay()->complete_tick == 1140);
    CHECK(runs.replayed_load(1019) == nullptr);
    CHECK(runs.replayed_load(1020) == &runs.replay()->loads[0]);
    CHECK(runs.replayed_load(1020) == nullptr);  // each load once
    CHECK(runs.replayed_load(1030) == &runs.replay()->loads[1]);

    CHECK(runs.speed() == 1);
    runs.change_speed(false);
    CHECK(runs.speed() == 1);
    runs.change_speed(true);
    runs.change_speed(true);
    runs.change_speed(true);
    CHECK(runs.speed() == 4);
    runs.change_speed(false);
    CHECK(runs.speed() == 2);
    runs.stop_watching();
    CHECK_FALSE(runs.watching());
    CHECK(runs.speed() == 1);

    // A replay that never finished keeps complete_tick -1; a --replay stays when watching stops.
    replay.complete_tick = -1;
    RunRecords given(false, true);
    given.watch(replay, replay.start_tick);
    CHECK(given.replay()->start_tick == 10);
    CHECK(given.replay()->complete_tick == -1);
    given.change_speed(true);
    given.stop_watching();
    CHECK(given.watching());
    CHECK(given.speed() == 1);
}

TEST_CASE("practice: a footing is where the player stood, alive, on ground, ice or a one-way floor") {
    TileGrid tiles(5, 3);
    tiles.set(0, 2, static_cast<std::uint8_t>(TileType::ground));
    tiles.set(1, 2, static_cast<std::uint8_t>(TileType::ice));
    tiles.set(2, 2, static_cast<std::uint8_t>(TileType::oneway));
    tiles.set(3, 2, static_cast<std::uint8_t>(TileType::spikes));
    Player standing;
    standing.grounded = true;
    standing.state.y = 1.5;  // feet on row 2
    auto footing_at = [&](double x, Player player) {
        Practice practice;
        player.state.x = x;
        practice.remember_footing(&player, tiles);
        return practice.footing();
    };
    CHECK(footing_at(0.5, standing) == std::pair{0.5, 1.5});
    CHECK(footing_at(1.25, standing) == std::pair{1.25, 1.5});
    CHECK(footing_at(2.5, standing) == std::pair{2.5, 1.5});
    CHECK_FALSE(footing_at(3.5, standing));   // spikes
    CHECK_FALSE(footing_at(4.5, standing));   // nothing under the feet
    CHECK_FALSE(footing_at(-0.5, standing));  // outside the level
    Player airborne = standing;
    airborne.grounded = false;
    CHECK_FALSE(footing_at(0.5, airborne));
    Player dead = standing;
    dead.dead_ticks = 30;
    CHECK_FALSE(footing_at(0.5, dead));

    // The last footing stays until a new one or a new level; remembering never makes a practice run.
    Practice practice;
    practice.remember_footing(nullptr, tiles);
    CHECK_FALSE(practice.footing());
    Player player = standing;
    player.state.x = 0.5;
    practice.remember_footing(&player, tiles);
    player.state.x = 3.5;
    practice.remember_footing(&player, tiles);
    CHECK(practice.footing() == std::pair{0.5, 1.5});
    CHECK_FALSE(practice.active());
    practice.level_begun();
    CHECK_FALSE(practice.footing());
}

TEST_CASE("level list: a level by name or path, an unknown name, the place of the level played") {
    test::ScratchDir scratch("qs_level_list_test");
    const std::string name = "qs_level_list_test_level";  // not a name found in the other levels dirs
    std::string error;
    REQUIRE_MESSAGE(create_level_template(scratch.path() / name, "Mine", 16, 8, error), error);
    LevelList levels({scratch.path()});
    levels.rescan();
    const LevelListing* listing = levels.find(name);
    REQUIRE(listing);
    CHECK(listing->path == scratch.path() / name);
    CHECK_FALSE(listing->shipped);  // records keyed by name and layout
    const LevelListing* shipped = levels.find("01_first_steps");
    REQUIRE(shipped);
    CHECK(shipped->shipped);  // records keyed by name alone
    CHECK_FALSE(levels.find("no_such_level"));

    int exit_code = 0;
    std::optional<CheckedLevel> first = levels.first_level(name, true, exit_code);
    REQUIRE(first);
    CHECK(exit_code == 0);
    CHECK(first->level->folder_name == name);
    CHECK(levels.find(name)->fully_checked);
    CHECK(levels.playing_index() == -1);
    levels.playing(*first->level);
    REQUIRE(levels.playing_index() >= 0);
    CHECK(levels.listings()[levels.playing_index()].name == name);

    first = levels.first_level((scratch.path() / name).string(), false, exit_code);  // a path
    REQUIRE(first);
    CHECK(first->level->folder == scratch.path() / name);

    CHECK_FALSE(levels.first_level("no_such_level", true, exit_code));
    CHECK(exit_code == 2);
    CHECK_FALSE(levels.first_level("", false, exit_code));  // windowed without a level: the title
}
