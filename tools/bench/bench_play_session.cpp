// The real path of F5 and F9: PlaySession (what the game calls on the key press) on a stress level played
// for a while, the game's heap settings, ticks between presses; quicksave timed with its canonical rebuild.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <memory>

#include "engine/heap_tuning.hpp"
#include "game/app/play_session.hpp"
#include "game/levels/stress_level.hpp"

namespace {

/// A session playing a stress level of `count` entities for 120 ticks; quicksaves go to a scratch folder.
struct Session {
    std::filesystem::path dir;
    std::unique_ptr<qs::PlaySession> session;
    qs::ActionState actions;
    std::int64_t tick = 0;

    explicit Session(int count)
        : dir(std::filesystem::temp_directory_path() / ("qs_bench_session_" + std::to_string(count))) {
        std::filesystem::remove_all(dir);
        qs::StressLevel stress = qs::make_stress_level(count);
        session = std::make_unique<qs::PlaySession>(dir, false);
        qs::CheckedLevel checked;
        checked.level = stress.level;
        checked.entities = stress.entities;
        session->start(checked);
        play(120);
    }
    ~Session() {
        session.reset();
        std::filesystem::remove_all(dir);
    }
    void play(int ticks) {
        for (int i = 0; i < ticks; ++i, ++tick) {
            actions.begin_tick();
            session->step(actions);
        }
    }
};

void set_counters(benchmark::State& state, Session& s) {
    state.counters["entities"] = static_cast<double>(s.session->world()->entities.size());
}

/// F5 as the player feels it: PlaySession::quicksave (capture, canonical rebuild in place, ring), 20 ticks
/// apart.
void BM_SessionQuicksave(benchmark::State& state) {
    qs::keep_freed_memory_for_reuse();
    Session s(static_cast<int>(state.range(0)));
    for (auto _ : state) {
        state.PauseTiming();
        s.play(20);
        s.session->flush_saves();
        state.ResumeTiming();
        s.session->quicksave(s.tick);
    }
    set_counters(state, s);
}

/// F9 as the player feels it: PlaySession::quickload of the newest save in the ring, 20 ticks after it.
void BM_SessionQuickload(benchmark::State& state) {
    qs::keep_freed_memory_for_reuse();
    Session s(static_cast<int>(state.range(0)));
    s.session->quicksave(s.tick);
    for (auto _ : state) {
        state.PauseTiming();
        s.play(20);
        state.ResumeTiming();
        s.session->quickload(false, {});
    }
    set_counters(state, s);
}

/// F9 after a restart: a new session finds the save on disk only (read, decode, restore).
void BM_SessionQuickloadFromDisk(benchmark::State& state) {
    qs::keep_freed_memory_for_reuse();
    Session s(static_cast<int>(state.range(0)));
    s.session->quicksave(s.tick);
    s.session->flush_saves();
    const qs::CheckedLevel level = s.session->level();
    for (auto _ : state) {
        state.PauseTiming();
        s.session = std::make_unique<qs::PlaySession>(s.dir, false);
        s.session->start(level);
        s.play(20);
        state.ResumeTiming();
        s.session->quickload(false, {});
    }
    set_counters(state, s);
}

}  // namespace

BENCHMARK(BM_SessionQuicksave)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_SessionQuickload)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_SessionQuickloadFromDisk)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond)->UseRealTime();

BENCHMARK_MAIN();
