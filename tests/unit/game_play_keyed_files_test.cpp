// Quicksaves, replays and ghosts keyed to the play identity: round trips, the tuning a replay carries
// (every value range-checked on reading), damage refused, and files written before play identities
// (tests/data/legacy) read as legacy: the quicksave with the hash of its level's files, which the frozen
// copy of that level (tests/data/legacy/levels/01_first_steps) still matches.
#include <doctest/doctest.h>

#include <filesystem>

#include "file_bytes.hpp"
#include "game/levels/level_catalog.hpp"
#include "game/save/ghost_track.hpp"
#include "game/save/replay.hpp"
#include "game/save/save_codec.hpp"
#include "game_test_world.hpp"
#include "scratch_dir.hpp"

using namespace qs;
using namespace qs::test;
namespace fs = std::filesystem;

namespace {

const fs::path legacy_dir = fs::path(QUICKSTEP_SOURCE_DIR) / "tests/data/legacy";

Replay recorded(const PlayIdentity& play, const Tuning& tuning) {
    ReplayRecorder recorder;
    recorder.start("lab", play, tuning, 100, false);
    ActionState actions;
    actions.begin_tick();
    actions.press(Action::right);
    recorder.record(110, actions);
    return recorder.finish(200, 190);
}

}  // namespace

TEST_CASE("a replay carries its play identity and its tuning, every value checked on reading") {
    Tuning jumpy;
    jumpy.jump_speed = 23.5;
    jumpy.coyote_ticks = 9;
    PlayIdentity play = test_play(5);
    play.tuning = tuning_digest(jumpy);
    std::string error;
    std::optional<Replay> back = decode_replay(encode_replay(recorded(play, jumpy)), error);
    REQUIRE_MESSAGE(back, error);
    CHECK_FALSE(back->legacy);
    CHECK(back->play == play);
    CHECK(tuning_digest(back->tuning) == tuning_digest(jumpy));
    CHECK(back->tuning.jump_speed == 23.5);
    CHECK(back->held_at(150) != 0);

    Tuning hostile = jumpy;
    hostile.gravity = 5000;  // outside 0 to 1000
    CHECK_FALSE(decode_replay(encode_replay(recorded(play, hostile)), error));
    CHECK(error.find("tuning gravity is 5000, outside 0 to 1000") != std::string::npos);

    // The header's id must be the identity's: a replay whose identity was altered is damaged.
    std::vector<std::uint8_t> file = encode_replay(recorded(play, jumpy));
    std::optional<SaveBody> body = unwrap_save_file(file, save_format_version, error);
    REQUIRE(body);
    CHECK_FALSE(
        decode_replay(wrap_save_body(quickstep_saves, body->body, 2, "lab", body->content_hash ^ 1), error));
    CHECK(error.find("does not match its header") != std::string::npos);
}

TEST_CASE("a ghost carries its play identity; a ghost from before play identities reads as legacy") {
    ScratchDir scratch("qs_ghost_identity");
    GhostTrack track{"lab", test_play(9), false, {}};
    track.set(0, {1.5f, 2.5f, 1});
    track.set(1, {1.75f, 2.5f, -1});
    std::string error;
    REQUIRE_MESSAGE(write_ghost_file(scratch.path() / "lab.ghost", track, error), error);
    std::optional<GhostTrack> back = read_ghost_file(scratch.path() / "lab.ghost", error);
    REQUIRE_MESSAGE(back, error);
    CHECK(back->play == track.play);
    CHECK_FALSE(back->legacy);
    CHECK(back->points == track.points);

    std::optional<GhostTrack> legacy = read_ghost_file(legacy_dir / "first_steps.ghost", error);
    REQUIRE_MESSAGE(legacy, error);
    CHECK(legacy->legacy);
    CHECK(legacy->level == "01_first_steps");
    CHECK(legacy->points.size() > 700);
}

TEST_CASE("a quicksave and a replay from before play identities read as legacy") {
    std::string error;
    std::optional<SavedGame> save = decode_save_file(read_bytes(legacy_dir / "first_steps.qss"), error);
    REQUIRE_MESSAGE(save, error);
    CHECK(save->legacy());
    CHECK(save->level == "01_first_steps");
    CHECK(save->tick == 400);
    // The hash of the level's files, byte for byte as they were when the save was written (the frozen
    // copy in tests/data/legacy/levels): such a save still loads exactly.
    const CheckedLevel frozen = check_level(legacy_dir / "levels/01_first_steps");
    REQUIRE(frozen.level);
    CHECK(save->legacy_files_hash == frozen.level->files_hash);

    std::optional<Replay> replay = read_replay_file(legacy_dir / "first_steps.qsr", error);
    REQUIRE_MESSAGE(replay, error);
    CHECK(replay->legacy);
    CHECK(replay->complete_tick == 732);
}

TEST_CASE("a quicksave whose play part does not give the header's id is refused") {
    auto world = make_world({"P.c.", "####"});
    SavedGame save{"lab", test_play(3), 1, 10, world->capture()};
    std::vector<std::uint8_t> body = encode_save_body(save);
    std::string error;
    CHECK(decode_save_file(wrap_save_body(body, save_format_version, "lab", save.play.id()), error));
    CHECK_FALSE(
        decode_save_file(wrap_save_body(body, save_format_version, "lab", save.play.id() + 1), error));
    CHECK(error.find("play identity") != std::string::npos);
}
