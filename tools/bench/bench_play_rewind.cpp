// Rewind on the game's own path: a shipped level loaded from its folder (or the 10 000-entity stress level),
// its solution played tick by tick through World::step exactly as the play session does, and the calls the
// session makes timed: RewindBuffer::record after each step, step_back (one tick back, the slots it touched
// put back), a 60-second jump back in one go, and resume (the live world stepped again from the keyframe on
// release). The stress level is also played through PlaySession::step itself (step, record, the canonical
// rebuild in place and the keyframe every 10 s) with the recording on and off: the difference is what
// recording costs on the real path, keyframes and all. Record times are the calling thread's CPU time (the
// machine is shared: wall time under load says more about the load than about the code); the wall time is a
// counter beside it. Counters: recorded bytes per minute of play, entities, slots marked as changed per tick.
// One tick back is also timed on the stress level, in place and by a whole rebuild
// (BM_RewindOneTickBackStress). Run: ./build/tools/bench/bench_play_rewind
#include <benchmark/benchmark.h>

#include <chrono>
#include <ctime>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "engine/heap_tuning.hpp"
#include "game/app/play_session.hpp"
#include "game/levels/level_catalog.hpp"
#include "game/levels/stress_level.hpp"
#include "game/save/rewind_buffer.hpp"
#include "game/sim/tuning.hpp"

namespace {

using Clock = std::chrono::steady_clock;

/// The calling thread's CPU time, seconds.
double cpu_seconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

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
    bool restart_when_complete = true;  ///< else the world plays on after the goal (a full minute recorded)
    std::int64_t stepped = 0;           ///< ticks stepped in all (tick starts again at a restart)
    double marked = 0;                  ///< slots marked as changed, summed over the ticks stepped
    double record_wall = 0;             ///< wall seconds in record(), summed
    double grown = 0;                   ///< bytes record() added to the recording, summed

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
    /// One tick as the session plays it; returns the CPU seconds record() took.
    double step() {
        if (world->game.completed && restart_when_complete) restart();
        actions.begin_tick();
        script.apply(tick++, actions);
        ++stepped;
        world->step(actions);
        world->take_events();
        marked += static_cast<double>(world->changes().all() ? world->entities.slot_count()
                                                             : world->changes().slots().size());
        auto started = Clock::now();
        double cpu_started = cpu_seconds();
        const double bytes_before = static_cast<double>(buffer.bytes());
        buffer.record(*world, actions);
        double cpu = cpu_seconds() - cpu_started;
        grown += static_cast<double>(buffer.bytes()) - bytes_before;
        record_wall += std::chrono::duration<double>(Clock::now() - started).count();
        return cpu;
    }
};

/// Counters of a recording run since `from` (a copy of the run taken when measuring started): memory per
/// minute (bytes recorded per tick, at 60 ticks a second), slots marked per tick, wall time per record().
struct Counts {
    double stepped, marked, record_wall, grown;
    explicit Counts(const Play& play)
        : stepped(static_cast<double>(play.stepped)),
          marked(play.marked),
          record_wall(play.record_wall),
          grown(play.grown) {}
};
void set_record_counters(benchmark::State& state, const Play& play, const Counts& from) {
    const Counts to(play);
    const double stepped = to.stepped - from.stepped;
    state.counters["entities"] = static_cast<double>(play.world->entities.size());
    state.counters["MB_per_minute"] = (to.grown - from.grown) / stepped * 3600 / (1 << 20);
    state.counters["marked_per_tick"] = (to.marked - from.marked) / stepped;
    state.counters["wall_us"] = (to.record_wall - from.record_wall) / stepped * 1e6;
}

void BM_RewindRecordTick(benchmark::State& state) {
    Play play(shipped_levels[state.range(0)]);
    const Counts from(play);
    for (auto _ : state) state.SetIterationTime(play.step());
    state.SetLabel(shipped_levels[state.range(0)]);
    set_record_counters(state, play, from);
}
BENCHMARK(BM_RewindRecordTick)->DenseRange(0, 5)->UseManualTime()->Iterations(1500);

void BM_RewindRecordTickStress(benchmark::State& state) {
    Play play(static_cast<int>(state.range(0)));
    for (int i = 0; i < 30; ++i) play.step();
    const Counts from(play);
    for (auto _ : state) state.SetIterationTime(play.step());
    set_record_counters(state, play, from);
}
BENCHMARK(BM_RewindRecordTickStress)->Arg(10000)->UseManualTime()->Iterations(600);

/// The stress level through PlaySession::step, the game's own tick, for 1 200 ticks (two keyframes with
/// their canonical rebuilds); argument 1: rewind recording on (the default settings), 0: off. Time per
/// tick is CPU time of the main thread.
void BM_SessionStepStress(benchmark::State& state) {
    qs::keep_freed_memory_for_reuse();
    const auto dir = std::filesystem::temp_directory_path() / "qs_bench_rewind_session";
    qs::PlaySession session(dir, false);
    qs::RewindBuffer::Limits limits;
    if (state.range(1) == 0) limits.max_ticks = 0;
    session.set_rewind_limits(limits);
    qs::StressLevel stress = qs::make_stress_level(static_cast<int>(state.range(0)));
    qs::CheckedLevel checked;
    checked.level = stress.level;
    checked.entities = stress.entities;
    session.start(checked);
    qs::ActionState actions;
    for (int i = 0; i < 30; ++i) {
        actions.begin_tick();
        session.step(actions);
    }
    double wall = 0;
    for (auto _ : state) {
        actions.begin_tick();
        auto started = Clock::now();
        double cpu_started = cpu_seconds();
        session.step(actions);
        state.SetIterationTime(cpu_seconds() - cpu_started);
        wall += std::chrono::duration<double>(Clock::now() - started).count();
    }
    state.SetLabel(state.range(1) ? "recording" : "not recording");
    state.counters["wall_ms"] = wall / static_cast<double>(state.iterations()) * 1e3;
    state.counters["rewind_MB"] = static_cast<double>(session.rewind().bytes()) / (1 << 20);
    std::filesystem::remove_all(dir);
}
BENCHMARK(BM_SessionStepStress)
    ->Args({10000, 0})
    ->Args({10000, 1})
    ->UseManualTime()
    ->Iterations(1200)
    ->Unit(benchmark::kMillisecond);

/// One tick back: what each tick of a held rewind costs (the slots the tick touched put back in place).
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

/// One tick back on the stress level: 600 ticks played running right (turrets firing, coins taken), then
/// stepped back a tick per iteration, as a held rewind does. Second argument 1: in place (the game's way),
/// 0: the whole world rebuilt from the recorded state each tick, for comparison.
void BM_RewindOneTickBackStress(benchmark::State& state) {
    Play play(static_cast<int>(state.range(0)));
    play.buffer.set_step_back_by_deltas(state.range(1) != 0);
    auto play_600 = [&play] {
        play.restart();
        play.actions.press(qs::Action::right);
        for (int i = 0; i < 600; ++i) play.step();
    };
    play_600();
    for (auto _ : state) {
        if (play.buffer.ticks() == 0) {
            state.PauseTiming();
            play_600();
            state.ResumeTiming();
        }
        play.buffer.step_back(*play.world);
    }
    state.counters["entities"] = static_cast<double>(play.world->entities.size());
}
BENCHMARK(BM_RewindOneTickBackStress)
    ->Args({10000, 1})
    ->Args({10000, 0})
    ->Unit(benchmark::kMicrosecond)
    ->Iterations(1200);

/// 60 seconds back at once, then the release: 3600 recorded ticks undone in one go and the world rebuilt
/// (jump), and the live world stepped again from the keyframe at the level start (resume; 0 ticks here,
/// the recording starts at the level start).
void BM_RewindJumpBack60s(benchmark::State& state) {
    Play play(shipped_levels[state.range(0)]);
    play.restart_when_complete = false;
    double jump_seconds = 0, resume_seconds = 0;
    std::int64_t jumped_ticks = 0;
    for (auto _ : state) {
        state.PauseTiming();
        play.restart();
        for (int i = 0; i < 3600; ++i) play.step();
        state.ResumeTiming();
        auto started = Clock::now();
        jumped_ticks += play.buffer.step_back(*play.world, 3600);
        auto jumped = Clock::now();
        play.buffer.resume(*play.world);
        auto resumed = Clock::now();
        jump_seconds += std::chrono::duration<double>(jumped - started).count();
        resume_seconds += std::chrono::duration<double>(resumed - jumped).count();
    }
    state.SetLabel(shipped_levels[state.range(0)]);
    state.counters["jump_ms"] = jump_seconds * 1000 / state.iterations();
    state.counters["resume_ms"] = resume_seconds * 1000 / state.iterations();
    state.counters["ticks_back"] =
        static_cast<double>(jumped_ticks) / static_cast<double>(state.iterations());
}
BENCHMARK(BM_RewindJumpBack60s)->DenseRange(0, 5)->Unit(benchmark::kMillisecond)->Iterations(5);

}  // namespace

BENCHMARK_MAIN();
