// Ticks on the real path: a stress level written to a folder and loaded from it as the game loads it
// (check_level), started by a PlaySession with the game's tuning and heap settings, then played: the player
// runs right and jumps every 37 ticks (stomping walkers, taking coins, dodging projectiles), so the world
// timed has been played for a while. BM_WorldTick times World::step alone (the simulation); BM_SessionTick
// times PlaySession::step, the game's whole tick (World::step, the rewind recording, and every 600 ticks
// the canonical rebuild it starts). Run: ./build/tools/bench/bench_play_ticks
#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

#include "engine/heap_tuning.hpp"
#include "engine/png_image.hpp"
#include "game/app/play_session.hpp"
#include "game/levels/level_catalog.hpp"
#include "game/levels/stress_level.hpp"

namespace {

/// A stress level of `count` entities written to a scratch folder (what game_stress_level writes).
std::filesystem::path write_stress_level(int count) {
    const std::filesystem::path folder =
        std::filesystem::temp_directory_path() / ("qs_bench_ticks_level_" + std::to_string(count));
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder / "geometry");
    std::filesystem::create_directories(folder / "sprites");
    qs::StressLevelFiles files = qs::make_stress_level_files(count, 1);
    std::string error;
    qs::save_png_rgba(folder / "geometry/layer0.png", files.geometry, error);
    qs::save_png_rgba(folder / "sprites/layer0.png", files.sprites, error);
    std::ofstream(folder / "stress.lvl", std::ios::binary) << files.lvl_text;
    return folder;
}

/// A session playing the stress level of `count` entities, 120 ticks in.
struct Played {
    std::filesystem::path level_dir, save_dir;
    std::unique_ptr<qs::PlaySession> session;
    qs::ActionState actions;
    std::int64_t tick = 0;

    explicit Played(int count)
        : level_dir(write_stress_level(count)),
          save_dir(std::filesystem::temp_directory_path() /
                   ("qs_bench_ticks_saves_" + std::to_string(count))) {
        std::filesystem::remove_all(save_dir);
        session = std::make_unique<qs::PlaySession>(save_dir, false);
        session->start(qs::check_level(level_dir));
        for (int i = 0; i < 120; ++i) session_tick();
    }
    ~Played() {
        session.reset();
        std::filesystem::remove_all(save_dir);
        std::filesystem::remove_all(level_dir);
    }
    /// This tick's input: hold right, jump every 37 ticks.
    void next_input() {
        actions.begin_tick();
        actions.press(qs::Action::right);
        if (tick % 37 < 8) {
            actions.press(qs::Action::jump);
        } else {
            actions.release(qs::Action::jump);
        }
        ++tick;
    }
    void session_tick() {
        next_input();
        session->step(actions);
        session->take_notices();
    }
    void world_tick() {
        next_input();
        session->world()->step(actions);
        session->world()->take_events();
    }
};

void set_counters(benchmark::State& state, Played& p) {
    state.counters["entities"] = static_cast<double>(p.session->world()->entities.size());
}

void BM_WorldTick(benchmark::State& state) {
    qs::keep_freed_memory_for_reuse();
    Played p(static_cast<int>(state.range(0)));
    for (auto _ : state) p.world_tick();
    set_counters(state, p);
}

void BM_SessionTick(benchmark::State& state) {
    qs::keep_freed_memory_for_reuse();
    Played p(static_cast<int>(state.range(0)));
    for (auto _ : state) p.session_tick();
    set_counters(state, p);
}

}  // namespace

BENCHMARK(BM_WorldTick)->Arg(1000)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SessionTick)->Arg(1000)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
