// Splits: The Summit's solution (two checkpoints, then the goal) played against a stored personal best
// gives each split's delta and mark (gold for a best segment, ahead, behind); the record then keeps the
// faster run and the best segments, and starts over for another play identity. The times' text.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "game/app/split_record.hpp"
#include "game/app/split_timer.hpp"
#include "game/levels/level_catalog.hpp"
#include "game/sim/tuning.hpp"
#include "game/sim/world.hpp"

using namespace qs;

namespace {

/// Plays a shipped level's solution into `timer` (started by the caller); returns the world at the end.
std::unique_ptr<World> play_solution(const std::string& level, SplitTimer& timer) {
    const std::string folder = std::string(QUICKSTEP_SOURCE_DIR) + "/levels/" + level;
    CheckedLevel checked = check_level(folder);
    REQUIRE(checked.level);
    std::vector<std::string> problems;
    const Tuning tuning = load_tuning(std::string(QUICKSTEP_SOURCE_DIR) + "/assets/tuning.json", problems);
    auto world = std::make_unique<World>(checked.level, tuning, checked.entities);
    InputScript script;
    std::string error;
    REQUIRE_MESSAGE(script.load(folder + "/solution.txt", error), error);
    ActionState actions;
    for (std::int64_t tick = 0; tick < 5000 && !world->game.completed; ++tick) {
        actions.begin_tick();
        script.apply(tick, actions);
        world->step(actions);
        for (const WorldEvent& event : world->take_events()) timer.on_event(event, world->game);
    }
    REQUIRE(world->game.completed);
    return world;
}

}  // namespace

TEST_CASE("splits: a run with two checkpoints against a stored personal best") {
    // The run on its own: where and when it splits.
    SplitTimer first;
    first.start_run();
    std::unique_ptr<World> world = play_solution("06_the_summit", first);
    const std::vector<Split> run = first.run();
    REQUIRE(run.size() == 3);
    for (int i = 0; i < 2; ++i) {
        const auto at = static_cast<std::uint32_t>(run[i].at);
        CHECK(std::holds_alternative<Checkpoint>(world->entities.value_at_slot(at)));
    }
    CHECK(run[2].at == split_at_goal);
    CHECK(run[2].ticks == world->game.timer_ticks);
    CHECK(run[0].ticks < run[1].ticks);

    // A personal best 30 ticks slower at the first checkpoint, 12 faster at the second and 5 slower at the
    // goal; best segments of 400 (start to the first), 650 (between the checkpoints), 400 (to the goal).
    const std::uint64_t play = 0x5eed;
    SplitRecord record;
    record.play = play;
    record.best_run = {
        {run[0].at, run[0].ticks + 30}, {run[1].at, run[1].ticks - 12}, {split_at_goal, run[2].ticks + 5}};
    const std::int64_t seg1 = run[0].ticks, seg2 = run[1].ticks - run[0].ticks,
                       seg3 = run[2].ticks - run[1].ticks;
    record.best_segments = {{split_at_start, run[0].at, seg1 + 1},
                            {run[0].at, run[1].at, seg2 - 1},
                            {run[1].at, split_at_goal, seg3 - 7}};
    SplitTimer timer;
    timer.start_run(record);
    play_solution("06_the_summit", timer);
    const std::vector<SplitResult>& results = timer.results();
    REQUIRE(results.size() == 3);
    CHECK(results[0].delta == -30);
    CHECK(results[0].mark == SplitMark::gold);  // its segment beats the best by a tick
    CHECK(results[1].delta == 12);
    CHECK(results[1].mark == SplitMark::behind);
    CHECK(results[2].delta == -5);
    CHECK(results[2].mark == SplitMark::ahead);
    CHECK(format_delta(results[0].delta) == "-0.50");
    CHECK(format_delta(results[1].delta) == "+0.20");
    CHECK(format_delta(results[2].delta) == "-0.08");

    // Kept: the run is the new personal best (5 ticks faster), its first segment the new best one; the
    // results screen says what it beat.
    const SplitRecord before = record;
    CHECK(record.add_finished_run(timer.run(), play));
    const std::vector<MenuNote> lines = split_result_lines(results, record, true);
    REQUIRE(lines.size() == 4);
    CHECK(lines[3].text == "Sum of best " + format_split_time(record.sum_of_best()) + "   Personal best " +
                               format_split_time(run[2].ticks) + " (new; was " +
                               format_split_time(before.best_run.back().ticks) + ")");
    CHECK(split_result_lines(results, before, false)[3].text.ends_with(format_split_time(run[2].ticks + 5)));
    CHECK(record.best_run == run);
    CHECK(record.best_segment(split_at_start, run[0].at)->ticks == seg1);
    CHECK(record.best_segment(run[0].at, run[1].at)->ticks == seg2 - 1);
    CHECK(record.best_segment(run[1].at, split_at_goal)->ticks == seg3 - 7);
    CHECK(record.sum_of_best() == seg1 + seg2 - 1 + seg3 - 7);
    // The same run again is no new personal best; on another play identity the record starts over.
    CHECK_FALSE(record.add_finished_run(run, play));
    CHECK(record.add_finished_run(run, play + 1));
    CHECK(record.play == play + 1);
    CHECK(record.best_segments.size() == 3);
    CHECK(record.sum_of_best() == run[2].ticks);
}

TEST_CASE("splits: without a record, splits have no delta and no mark") {
    SplitTimer timer;
    timer.start_run();
    play_solution("01_first_steps", timer);
    REQUIRE_FALSE(timer.results().empty());
    for (const SplitResult& result : timer.results()) {
        CHECK_FALSE(result.has_delta);
        CHECK(result.mark == SplitMark::none);
    }
}

TEST_CASE("splits: delta and split time text") {
    CHECK(format_delta(0) == "+0.00");
    CHECK(format_delta(1) == "+0.02");
    CHECK(format_delta(-60) == "-1.00");
    CHECK(format_delta(60 * 75 + 3) == "+1:15.05");
    CHECK(format_split_time(0) == "0:00.00");
    CHECK(format_split_time(60 * 61 + 30) == "1:01.50");
    CHECK(format_split_time(60LL * 3600 + 6) == "1:00:00.10");
}

TEST_CASE("splits: the live split list shows the splits reached so far, then the best run's next one") {
    SplitTimer first;
    first.start_run();
    play_solution("06_the_summit", first);
    const std::vector<Split> run = first.run();
    REQUIRE(run.size() == 3);
    SplitRecord record;
    record.play = 1;
    record.best_run = {
        {run[0].at, run[0].ticks + 30}, {run[1].at, run[1].ticks - 12}, {split_at_goal, run[2].ticks + 5}};
    SplitTimer timer;
    timer.start_run(record);
    // Before any split: only the best run's first split, with its time, dimmed.
    std::vector<HudSplitLine> lines = timer.split_list(0);
    REQUIRE(lines.size() == 1);
    CHECK(lines[0].name == "Checkpoint 1");
    CHECK(lines[0].time == format_split_time(run[0].ticks + 30));
    CHECK(lines[0].upcoming);

    play_solution("06_the_summit", timer);
    // Between the checkpoints (as after a rewind to there): the first split with its delta, then the next.
    lines = timer.split_list(run[0].ticks + 1);
    REQUIRE(lines.size() == 2);
    CHECK(lines[0].name == "Checkpoint 1");
    CHECK(lines[0].time == format_split_time(run[0].ticks));
    CHECK(lines[0].delta == "-0.50");
    CHECK(lines[0].mark == SplitMark::ahead);
    CHECK_FALSE(lines[0].upcoming);
    CHECK(lines[1].name == "Checkpoint 2");
    CHECK(lines[1].time == format_split_time(run[1].ticks - 12));
    CHECK(lines[1].delta.empty());
    CHECK(lines[1].upcoming);
    // At the goal: every split, behind at the second, none upcoming.
    lines = timer.split_list(run[2].ticks);
    REQUIRE(lines.size() == 3);
    CHECK(lines[1].delta == "+0.20");
    CHECK(lines[1].mark == SplitMark::behind);
    CHECK(lines[2].name == "Goal");
    CHECK(lines[2].delta == "-0.08");
    CHECK_FALSE(lines[2].upcoming);
    // A short list keeps the latest splits.
    lines = timer.split_list(run[2].ticks, 2);
    REQUIRE(lines.size() == 2);
    CHECK(lines[0].name == "Checkpoint 2");
    CHECK(lines[1].name == "Goal");
    // Without a personal best: the splits without deltas, nothing upcoming.
    lines = first.split_list(run[2].ticks);
    REQUIRE(lines.size() == 3);
    for (const HudSplitLine& line : lines) {
        CHECK(line.delta.empty());
        CHECK_FALSE(line.upcoming);
    }
}
