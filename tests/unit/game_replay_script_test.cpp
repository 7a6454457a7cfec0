// Replays as input scripts: the exact lines for taps, holds and a held restart; the runs a script cannot
// carry; and, on random runs, the script holds the same actions on every tick as the replay does, whether
// or not the game lets go of everything when a restart or a quickload is pressed.
#include <doctest/doctest.h>

#include <random>
#include <string>

#include "game/save/replay_script.hpp"

using namespace qs;

namespace {

std::uint64_t bits(std::initializer_list<Action> actions) {
    std::uint64_t mask = 0;
    for (Action a : actions) mask |= std::uint64_t{1} << static_cast<std::size_t>(a);
    return mask;
}

/// The script's lines without the comment header.
std::string body(const std::string& script) {
    std::string out;
    std::size_t at = 0;
    while (at < script.size()) {
        const std::size_t end = script.find('\n', at);
        const std::string line = script.substr(at, end - at);
        if (!line.empty() && line[0] != '#') out += line + "\n";
        at = end + 1;
    }
    return out;
}

const std::uint64_t releasing = bits({Action::restart, Action::quickload, Action::quickload_older});

/// Plays `replay` and its script tick by tick as the game does (a press of a releasing action lets go of
/// everything when `release`); the first tick where what they hold differs, or -1.
std::int64_t first_difference(const Replay& replay, bool release) {
    InputScript script;
    std::string error;
    REQUIRE(script.parse(replay_to_script(replay, "level"), "script", error));
    ActionState a, b;  // the replay's, the script's
    for (std::int64_t t = 0; t < replay.end_tick; ++t) {
        a.begin_tick();
        b.begin_tick();
        replay.apply(t, a);
        script.apply(t, b);
        for (std::size_t i = 0; i < action_count; ++i) {
            const auto action = static_cast<Action>(i);
            if (action == Action::retry_spot) continue;  // refused while a replay plays, left out
            if (a.held(action) != b.held(action) || a.pressed(action) != b.pressed(action)) return t;
        }
        auto let_go = [&](ActionState& s) {
            for (std::size_t i = 0; i < action_count; ++i) {
                if ((releasing >> i & 1u) && s.pressed(static_cast<Action>(i))) {
                    s.release_all();
                    return;
                }
            }
        };
        if (release) {
            let_go(a);
            let_go(b);
        }
    }
    return -1;
}

}  // namespace

TEST_CASE("replay script: taps, holds and releases, ticks from the level start") {
    Replay replay;
    replay.level = "01_first_steps";
    replay.start_tick = 1000;
    replay.end_tick = 1200;
    replay.complete_tick = 1150;
    replay.changes = {{10, bits({Action::right})},     {20, bits({Action::right, Action::jump})},
                      {21, bits({Action::right})},     {40, 0},
                      {41, bits({Action::quicksave})}, {42, 0}};
    const std::string script = replay_to_script(replay, "01_first_steps");
    CHECK(script.rfind("# 01_first_steps: ", 0) == 0);
    CHECK(script.find("# the run reaches the goal at tick 150\n") != std::string::npos);
    CHECK(body(script) == "10 +right\n20 jump\n40 -right\n41 quicksave\n");
    CHECK(replay_script_problem(replay).empty());
    replay.complete_tick = -1;
    CHECK(replay_to_script(replay, "x").find("ends at tick 200 without reaching the goal (--frames 200)") !=
          std::string::npos);
}

TEST_CASE("replay script: actions held through a restart are pressed again after it") {
    Replay replay;
    replay.end_tick = 100;
    replay.changes = {{5, bits({Action::right})},
                      {30, bits({Action::right, Action::restart})},
                      {33, bits({Action::right})},
                      {50, bits({Action::right, Action::retry_spot})},
                      {52, 0}};
    CHECK(body(replay_to_script(replay, "x")) ==
          "5 +right\n30 +restart\n31 +right\n31 +restart\n32 +right\n32 +restart\n33 +right\n33 -restart\n"
          "52 -right\n");
    CHECK(first_difference(replay, true) == -1);
    CHECK(first_difference(replay, false) == -1);
}

TEST_CASE("replay script: what a script cannot carry is named") {
    Replay replay;
    replay.end_tick = 100;
    replay.changes = {{5, bits({Action::rewind})}, {9, 0}};
    CHECK(replay_script_problem(replay).empty());
    replay.rewind_speedup = true;  // recorded in a window: the held rewind went faster
    CHECK(replay_script_problem(replay).find("rewinds faster") != std::string::npos);
    replay.changes = {{5, bits({Action::left})}};
    CHECK(replay_script_problem(replay).empty());
    replay.loads.push_back({7, Replay::Load::Kind::run_save, nullptr});
    CHECK(replay_script_problem(replay).empty());
    replay.start_tick = 100;
    replay.loads.push_back({8, Replay::Load::Kind::carried, nullptr});
    CHECK(replay_script_problem(replay) ==
          "the run loads a save from before it (tick 108), which a script cannot carry");
}

TEST_CASE("replay script: random runs hold the same actions on every tick") {
    std::mt19937_64 random(26);
    const std::uint64_t everything = (std::uint64_t{1} << action_count) - 1;
    for (int run = 0; run < 300; ++run) {
        Replay replay;
        replay.end_tick = 400;
        std::uint32_t offset = 0;
        for (int i = 0; i < 60; ++i) {
            offset += 1 + static_cast<std::uint32_t>(random() % (i % 3 == 0 ? 1 : 12));
            // Few actions at once, the releasing ones among them often.
            std::uint64_t held = random() & random() & random() & everything;
            if (random() % 4 == 0) held |= releasing & random();
            replay.changes.push_back({offset, held});
        }
        replay.end_tick = offset + 1 + static_cast<std::int64_t>(random() % 20);
        CAPTURE(run);
        CHECK(first_difference(replay, true) == -1);
        CHECK(first_difference(replay, false) == -1);
    }
}
