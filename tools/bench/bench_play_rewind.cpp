// Rewind on the game's own path: a shipped level loaded from its folder (or the 10 000-entity stress level),
// its solution played tick by tick through World::step exactly as the play session does, and the calls the
// session makes timed: RewindBuffer::record after each step, step_back (one tick back, the world rebuilt),
// a 60-second jump back in one go, and resume (the live world stepped again from the keyframe on release).
// Counters: recorded bytes per minute of play, entities. Run: ./build/tools/bench/bench_play_rewind
#include <benchmark/benchmark.h>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "game/levels/level_catalog.hpp"
#include "game/levels/stress_level.hpp"
#include "game/save/rewind_buffer.hpp"
#include "game/sim/tuning.hpp"

namespace {

using Clock = std::chrono::steady_clock;

const std::vector<std::string> shipped_levels = {"01_first_steps",    "02_walker_woods", "03_switchworks",
                                                 "04_turret_caverns", "05_frozen_peaks", "06_the_summit"};

/// A level being played from its start with its solution's inputs (no input once the solution ends).
struct Play {
    std::shared_ptr<const qs::LevelData> level;
    std::vector<qs::Entity> entities;
    qs::Tuning tuning;
    qs::InputScript script;
    std::unique_ptr<qs::World> world;
    qs::RewindBuffer buffer;
    qs::ActionState actions;
    std::int64_t tick = 0;

    explicit Play(const std::string& name) {
        const std::string folder = std::string(QUICKSTEP_SOURCE_DIR) + "/levels/" + name;
        qs::CheckedLevel checked = qs::check_level(folder);
        level = checked.level;
        entities = checked.entities;
        std::vector<std::string> problems;
        tuning = qs::load_tuning(std::string(QUICKSTEP_SOURCE_DIR) + "/assets/tuning.json", problems);
        std::string error;
        script.load(folder + "/solution.txt", error);
        restart();
    }
    explicit Play(int stress_entities) {
        qs::StressLevel stress = qs::make_stress_level(stress_entities);
        level = stress.level;
        entities = stress.entities;
        restart();
    }
    void restart() {
        world = std::make_unique<qs::World>(level, tuning, entities);
        buffer.start(*world);
        actions = {};
        tick = 0;
    }
    /// One tick as the session plays it; returns the seconds record() took.
    double step() {
        if (world->game.completed) restart();
        actions.begin_tick();
        script.apply(tick++, actions);
        world->step(actions);
        world->take_events();
        auto started = Clock::now();
        buffer.record(*world, actions);
        return std::chrono::duration<double>(Clock::now() - started).count();
    }
};

void BM_RewindRecordTick(benchmark::State& state) {
    Play play(shipped_levels[state.range(0)]);
    std::size_t bytes_at_start = play.buffer.bytes();
    for (auto _ : state) state.SetIterationTime(play.step());
    state.SetLabel(shipped_levels[state.range(0)]);
    state.counters["entities"] = static_cast<double>(play.world->entities.size());
    double per_tick = static_cast<double>(play.buffer.bytes() - bytes_at_start) / play.buffer.ticks();
    state.counters["MB_per_minute"] = per_tick * 3600 / (1 << 20);
}
BENCHMARK(BM_RewindRecordTick)->DenseRange(0, 5)->UseManualTime()->Iterations(1500);

void BM_RewindRecordTickStress(benchmark::State& state) {
    Play play(static_cast<int>(state.range(0)));
    for (int i = 0; i < 30; ++i) play.step();
    for (auto _ : state) state.SetIterationTime(play.step());
    state.counters["entities"] = static_cast<double>(play.world->entities.size());
    state.counters["MB_per_minute"] =
        static_cast<double>(play.buffer.bytes()) / play.buffer.ticks() * 3600 / (1 << 20);
}
BENCHMARK(BM_RewindRecordTickStress)->Arg(10000)->UseManualTime()->Iterations(300);

/// One tick back: what each tick of a held rewind costs (the world rebuilt from the recorded state).
void BM_RewindOneTickBack(benchmark::State& state) {
    Play play(shipped_levels[state.range(0)]);
    for (auto _ : state) {
        if (play.buffer.ticks() == 0) {
            state.PauseTiming();
            play.restart();
            for (int i = 0; i < 600; ++i) play.step();
            state.ResumeTiming();
        }
        play.buffer.step_back(*play.world);
    }
    state.SetLabel(shipped_levels[state.range(0)]);
}
BENCHMARK(BM_RewindOneTickBack)->DenseRange(0, 5)->Unit(benchmark::kMicrosecond);

/// 60 seconds back at once, then the release: 3600 recorded ticks undone in one go and the world rebuilt
/// (jump), and the live world stepped again from the keyframe at the level start (resume; 0 ticks here,
/// the recording starts at the level start).
void BM_RewindJumpBack60s(benchmark::State& state) {
    Play play(shipped_levels[state.range(0)]);
    double jump_seconds = 0, resume_seconds = 0;
    for (auto _ : state) {
        state.PauseTiming();
        play.restart();
        for (int i = 0; i < 3600; ++i) play.step();
        state.ResumeTiming();
        auto started = Clock::now();
        play.buffer.step_back(*play.world, 3600);
        auto jumped = Clock::now();
        play.buffer.resume(*play.world);
        auto resumed = Clock::now();
        jump_seconds += std::chrono::duration<double>(jumped - started).count();
        resume_seconds += std::chrono::duration<double>(resumed - jumped).count();
    }
    state.SetLabel(shipped_levels[state.range(0)]);
    state.counters["jump_ms"] = jump_seconds * 1000 / state.iterations();
    state.counters["resume_ms"] = resume_seconds * 1000 / state.iterations();
}
BENCHMARK(BM_RewindJumpBack60s)->DenseRange(0, 5)->Unit(benchmark::kMillisecond)->Iterations(5);

}  // namespace

BENCHMARK_MAIN();
