// Replay recording stays within what the replay reader takes: a run longer than max_replay_ticks is
// recorded up to there (not finished), and the replay written reads back.
#include <doctest/doctest.h>

#include "game/save/replay.hpp"
#include "game/sim/tuning.hpp"
#include "game_test_world.hpp"

using namespace qs;
using namespace qs::test;

TEST_CASE("replay recorder: a run longer than a replay can hold stops there and still reads back") {
    ReplayRecorder recorder;
    recorder.start("01_first_steps", test_play(42), Tuning{}, 100, false);
    ActionState actions;
    for (std::int64_t tick : {std::int64_t{100}, std::int64_t{150}, 100 + max_replay_ticks - 1,
                              100 + max_replay_ticks + 6, 100 + max_replay_ticks + 9}) {
        actions.begin_tick();
        if (tick % 2) {
            actions.press(Action::right);
        } else {
            actions.release(Action::right);
        }
        if (tick == 150) actions.press(Action::jump);
        recorder.record(tick, actions);
    }
    CHECK(recorder.stopped());
    Replay run = recorder.finish(100 + max_replay_ticks + 20, 100 + max_replay_ticks + 20);
    CHECK(run.end_tick == 100 + max_replay_ticks);
    CHECK(run.complete_tick == -1);  // the recorded part does not finish the level
    CHECK(run.changes.size() == 2);
    std::string error;
    std::optional<Replay> read = decode_replay(encode_replay(run), error);
    REQUIRE_MESSAGE(read, error);
    CHECK(read->end_tick == run.end_tick);
    CHECK(read->changes.size() == 2);
}

TEST_CASE("replay recorder: a run within the limits is recorded whole") {
    ReplayRecorder recorder;
    recorder.start("01_first_steps", test_play(42), Tuning{}, 0, false);
    ActionState actions;
    actions.press(Action::left);
    recorder.record(3, actions);
    CHECK_FALSE(recorder.stopped());
    CHECK(recorder.file_bytes() < 1000);
    Replay run = recorder.finish(50, 40);
    CHECK(run.end_tick == 50);
    CHECK(run.complete_tick == 40);
}
