// Level start as the player waits for it: discovery of the levels dirs (headers only, as App::run does it),
// reading and checking the folder (the full check), PlaySession::start and the first tick, on cave levels of
// 512², 1024² and 2048² tiles and on a stress level, with the game's heap settings and the freed heap given
// back to the kernel between iterations (a fresh process faults in every page it touches). Also the pieces,
// so the gap is visible: discovery of a levels dir of N levels, PNG decode of one layer, the level loader,
// rectangle partition, outline tracing (terrain shapes), world build, the first tick.
#include <benchmark/benchmark.h>

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <span>
#include <string>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "engine/heap_tuning.hpp"
#include "engine/png_image.hpp"
#include "engine/rect_partition.hpp"
#include "game/app/paths.hpp"
#include "game/app/play_session.hpp"
#include "game/levels/cave_level.hpp"
#include "game/levels/level_catalog.hpp"
#include "game/levels/stress_level.hpp"
#include "game/sim/terrain_shapes.hpp"
#include "game/sim/tiles.hpp"
#include "game/sim/tuning.hpp"
#include "game/sim/world.hpp"

namespace {

namespace fs = std::filesystem;

fs::path scratch_root() {
    return fs::temp_directory_path() / "qs_bench_level_start";
}

void write_folder(const fs::path& folder, const qs::StressLevelFiles& files, const std::string& lvl_name) {
    fs::create_directories(folder / "geometry");
    fs::create_directories(folder / "sprites");
    std::string error;
    if (!qs::save_png_rgba(folder / "geometry/layer0.png", files.geometry, error) ||
        !qs::save_png_rgba(folder / "sprites/layer0.png", files.sprites, error))
        throw std::runtime_error(error);
    std::ofstream(folder / lvl_name, std::ios::binary) << files.lvl_text;
}

/// A levels dir holding one cave level "cave<side>" (written once per process).
fs::path cave_dir(int side) {
    static std::map<int, fs::path> written;
    if (auto it = written.find(side); it != written.end()) return it->second;
    const fs::path dir = scratch_root() / ("caves" + std::to_string(side));
    fs::remove_all(dir);
    write_folder(dir / ("cave" + std::to_string(side)), qs::make_cave_level_files(side, side), "cave.lvl");
    return written[side] = dir;
}

/// A levels dir holding one stress level "stress<count>".
fs::path stress_dir(int count) {
    static std::map<int, fs::path> written;
    if (auto it = written.find(count); it != written.end()) return it->second;
    const fs::path dir = scratch_root() / ("stress" + std::to_string(count));
    fs::remove_all(dir);
    write_folder(dir / ("stress" + std::to_string(count)), qs::make_stress_level_files(count), "stress.lvl");
    return written[count] = dir;
}

/// A levels dir holding `count` 512² cave levels (different seeds).
fs::path many_caves_dir(int count) {
    static std::map<int, fs::path> written;
    if (auto it = written.find(count); it != written.end()) return it->second;
    const fs::path dir = scratch_root() / ("many" + std::to_string(count));
    fs::remove_all(dir);
    for (int i = 0; i < count; ++i)
        write_folder(dir / ("cave_" + std::to_string(i)), qs::make_cave_level_files(512, 512, 100 + i),
                     "cave.lvl");
    return written[count] = dir;
}

/// A levels dir holding `count` copies of the shipped First Steps (112 x 20 tiles, 5 files): a player's
/// folder of many ordinary levels.
fs::path first_steps_copies_dir(int count) {
    static std::map<int, fs::path> written;
    if (auto it = written.find(count); it != written.end()) return it->second;
    const fs::path dir = scratch_root() / ("copies" + std::to_string(count));
    fs::remove_all(dir);
    fs::create_directories(dir);
    for (int i = 0; i < count; ++i)
        fs::copy(qs::data_dir() / "levels/01_first_steps", dir / ("level_" + std::to_string(i)),
                 fs::copy_options::recursive);
    return written[count] = dir;
}

/// Gives the heap's free pages back to the kernel, as in a process that has just started.
void cold_heap() {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

long page_faults() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_minflt;
}

/// Wall time and minor page faults of the timed parts of a benchmark's iterations.
struct Measure {
    double ms = 0;
    long faults = 0;
    std::chrono::steady_clock::time_point started;
    long faults_at_start = 0;
    void begin() {
        faults_at_start = page_faults();
        started = std::chrono::steady_clock::now();
    }
    void end() {
        ms += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
        faults += page_faults() - faults_at_start;
    }
};

/// "ms_per_Mpx": wall milliseconds per iteration per megapixel of geometry (when `pixels` > 0); "faults":
/// minor page faults per iteration.
void set_counters(benchmark::State& state, double pixels, const Measure& measure) {
    const double iterations = static_cast<double>(std::max<benchmark::IterationCount>(state.iterations(), 1));
    if (pixels > 0) state.counters["ms_per_Mpx"] = measure.ms / iterations / (pixels / 1e6);
    state.counters["faults"] = static_cast<double>(measure.faults) / iterations;
}

struct Untimed {
    void operator()() const {}
};

/// The iterations of a cold-heap benchmark: `prepare` (untimed), the heap's free pages given back, `work`
/// timed (wall time and page faults into `measure`), `finish` (untimed). `work` returns false after calling
/// SkipWithError, which ends the run.
template <class Work, class Prepare = Untimed, class Finish = Untimed>
void time_cold(benchmark::State& state, Measure& measure, Work&& work, Prepare&& prepare = {},
               Finish&& finish = {}) {
    for (auto _ : state) {
        state.PauseTiming();
        prepare();
        cold_heap();
        state.ResumeTiming();
        measure.begin();
        if (!work()) return;
        measure.end();
        state.PauseTiming();
        finish();
        state.ResumeTiming();
    }
}

/// What App::run does for `quickstep NAME --levels-dir DIR --headless`: discover the levels dirs (the
/// shipped ones too), check the named folder, start the session, run the first tick.
void level_start(benchmark::State& state, const fs::path& dir, const std::string& name, double pixels) {
    qs::keep_freed_memory_for_reuse();
    const fs::path saves = scratch_root() / "saves";
    Measure measure;
    std::unique_ptr<qs::PlaySession> session;
    time_cold(
        state, measure,
        [&] {
            qs::LevelVerdicts verdicts;
            std::vector<qs::LevelListing> levels = qs::discover_levels(qs::level_dirs({dir}), verdicts);
            auto listing = std::find_if(levels.begin(), levels.end(),
                                        [&](const qs::LevelListing& l) { return l.name == name; });
            if (listing == levels.end()) {
                state.SkipWithError("level not discovered");
                return false;
            }
            session = std::make_unique<qs::PlaySession>(saves, false);
            if (!session->start(verdicts.check(listing->path))) {
                state.SkipWithError("level does not start");
                return false;
            }
            qs::ActionState actions;
            actions.begin_tick();
            session->step(actions);
            benchmark::DoNotOptimize(session->world());
            return true;
        },
        Untimed{}, [&] { session.reset(); });
    set_counters(state, pixels, measure);
}

void BM_LevelStartCave(benchmark::State& state) {
    const int side = static_cast<int>(state.range(0));
    level_start(state, cave_dir(side), "cave" + std::to_string(side), double(side) * side);
}

void BM_LevelStartStress(benchmark::State& state) {
    const int count = static_cast<int>(state.range(0));
    const fs::path dir = stress_dir(count);
    const qs::StressLevelFiles files = qs::make_stress_level_files(count);
    level_start(state, dir, "stress" + std::to_string(count),
                double(files.geometry.width) * files.geometry.height);
}

/// Discovery alone as the game starts with it (App::run, the level select): each folder's .lvl and PNG
/// headers, no verdicts remembered yet; a dir of N 512² caves.
void BM_Discovery(benchmark::State& state) {
    qs::keep_freed_memory_for_reuse();
    const fs::path dir = many_caves_dir(static_cast<int>(state.range(0)));
    Measure measure;
    time_cold(state, measure, [&] {
        const qs::LevelVerdicts verdicts;
        std::vector<qs::LevelListing> levels = qs::discover_levels({dir}, verdicts);
        benchmark::DoNotOptimize(levels.data());
        return true;
    });
    set_counters(state, 0, measure);
}

/// The full discovery of --list-levels (every folder fully checked) of the same dir.
void BM_DiscoveryFullCheck(benchmark::State& state) {
    qs::keep_freed_memory_for_reuse();
    const fs::path dir = many_caves_dir(static_cast<int>(state.range(0)));
    Measure measure;
    time_cold(state, measure, [&] {
        std::vector<qs::LevelListing> levels = qs::discover_levels({dir});
        benchmark::DoNotOptimize(levels.data());
        return true;
    });
    set_counters(state, 0, measure);
}

/// What opening the level select costs with N ordinary levels (copies of First Steps): the discovery it
/// runs, headers only, with no verdicts yet (the first open of a session) and with the verdicts a previous
/// open left (Arg 1: every level opened once, so recalled by fingerprint).
void BM_LevelSelectDiscovery(benchmark::State& state) {
    qs::keep_freed_memory_for_reuse();
    const fs::path dir = first_steps_copies_dir(static_cast<int>(state.range(0)));
    qs::LevelVerdicts warm;
    if (state.range(1))
        for (const qs::LevelListing& listing : qs::discover_levels({dir}, warm)) warm.check(listing.path);
    Measure measure;
    time_cold(state, measure, [&] {
        std::vector<qs::LevelListing> levels = state.range(1)
                                                   ? qs::discover_levels({dir}, warm)
                                                   : qs::discover_levels({dir}, qs::LevelVerdicts{});
        benchmark::DoNotOptimize(levels.data());
        if (levels.size() == static_cast<std::size_t>(state.range(0))) return true;
        state.SkipWithError("not every level was listed");
        return false;
    });
    set_counters(state, 0, measure);
}

/// The cave's geometry layer.
fs::path cave_geometry_layer(int side) {
    return cave_dir(side) / ("cave" + std::to_string(side)) / "geometry/layer0.png";
}

/// One PNG layer decoded (the cave's geometry layer) into an RgbaImage.
void BM_PngDecodeLayer(benchmark::State& state) {
    qs::keep_freed_memory_for_reuse();
    const int side = static_cast<int>(state.range(0));
    const fs::path layer = cave_geometry_layer(side);
    Measure measure;
    time_cold(state, measure, [&] {
        std::string error;
        std::optional<qs::RgbaImage> image = qs::load_png_rgba(layer, 1 << 24, error);
        if (!image) {
            state.SkipWithError(error.c_str());
            return false;
        }
        benchmark::DoNotOptimize(image->pixels.data());
        return true;
    });
    set_counters(state, double(side) * side, measure);
}

/// One PNG layer decoded row by row into one reused row (what the loader does: each row's colours become
/// tiles or placements at once); here the row's opaque pixels are counted.
void BM_PngDecodeRows(benchmark::State& state) {
    qs::keep_freed_memory_for_reuse();
    const int side = static_cast<int>(state.range(0));
    const fs::path layer = cave_geometry_layer(side);
    Measure measure;
    std::size_t opaque = 0;
    time_cold(state, measure, [&] {
        std::string error;
        opaque = 0;
        const auto size = qs::load_png_rows(
            layer, 1 << 24,
            [&](int, std::span<const std::uint32_t> row) {
                for (const std::uint32_t pixel : row) opaque += (pixel & 0xffu) != 0;
            },
            error);
        if (!size) {
            state.SkipWithError(error.c_str());
            return false;
        }
        return true;
    });
    set_counters(state, double(side) * side, measure);
    state.counters["opaque"] = static_cast<double>(opaque);
}

/// check_level: the loader (both layers on two threads, colours, rectangles), the terrain shapes made from
/// them meanwhile, and the prefab check.
void BM_CheckLevel(benchmark::State& state) {
    qs::keep_freed_memory_for_reuse();
    const int side = static_cast<int>(state.range(0));
    const fs::path folder = cave_dir(side) / ("cave" + std::to_string(side));
    Measure measure;
    time_cold(state, measure, [&] {
        qs::CheckedLevel checked = qs::check_level(folder);
        if (!checked.level) {
            state.SkipWithError(checked.errors.empty() ? "broken" : checked.errors.front().c_str());
            return false;
        }
        benchmark::DoNotOptimize(checked.level.get());
        return true;
    });
    set_counters(state, double(side) * side, measure);
}

/// The rectangles a level uses (level_rectangles: the exact minimum up to its size limit, else scanline).
void BM_RectPartition(benchmark::State& state) {
    qs::keep_freed_memory_for_reuse();
    const int side = static_cast<int>(state.range(0));
    const qs::TileGrid tiles = qs::make_cave_tiles(side, side);
    std::size_t count = 0;
    Measure measure;
    time_cold(state, measure, [&] {
        std::vector<qs::TileRect> rects = qs::level_rectangles(tiles);
        count = rects.size();
        benchmark::DoNotOptimize(rects.data());
        return true;
    });
    set_counters(state, double(side) * side, measure);
    state.counters["rects"] = static_cast<double>(count);
}

/// A checked cave level, made once per size.
const qs::CheckedLevel& checked_cave(int side) {
    static std::map<int, qs::CheckedLevel> checked;
    if (auto it = checked.find(side); it != checked.end()) return it->second;
    return checked[side] = qs::check_level(cave_dir(side) / ("cave" + std::to_string(side)));
}

/// Outline tracing and the other terrain shapes, from the level's rectangles (check_level makes them).
void BM_TerrainShapes(benchmark::State& state) {
    qs::keep_freed_memory_for_reuse();
    const int side = static_cast<int>(state.range(0));
    const qs::CheckedLevel& checked = checked_cave(side);
    Measure measure;
    time_cold(state, measure, [&] {
        auto shapes = qs::TerrainShapes::build(*checked.level);
        benchmark::DoNotOptimize(shapes.get());
        return true;
    });
    set_counters(state, double(side) * side, measure);
}

/// The level's play and look identities from its decoded content (check_level computes them once per check).
void BM_LevelIdentity(benchmark::State& state) {
    qs::keep_freed_memory_for_reuse();
    const int side = static_cast<int>(state.range(0));
    const qs::CheckedLevel& checked = checked_cave(side);
    Measure measure;
    time_cold(state, measure, [&] {
        qs::LevelIdentity identity = qs::level_identity(*checked.level, checked.entities);
        benchmark::DoNotOptimize(identity.geometry);
        return true;
    });
    set_counters(state, double(side) * side, measure);
}

/// World construction as PlaySession::start does it (with the terrain shapes check_level made; Box2D bodies
/// included).
void BM_WorldBuild(benchmark::State& state) {
    qs::keep_freed_memory_for_reuse();
    const int side = static_cast<int>(state.range(0));
    const qs::CheckedLevel& checked = checked_cave(side);
    std::vector<std::string> problems;
    const qs::Tuning tuning = qs::load_tuning(qs::data_dir() / "assets/tuning.json", problems);
    Measure measure;
    std::unique_ptr<qs::World> world;
    time_cold(
        state, measure,
        [&] {
            world = std::make_unique<qs::World>(checked.level, tuning, checked.entities, checked.terrain);
            benchmark::DoNotOptimize(world.get());
            return true;
        },
        Untimed{}, [&] { world.reset(); });
    set_counters(state, double(side) * side, measure);
}

/// The first tick of a freshly started session.
void BM_FirstTick(benchmark::State& state) {
    qs::keep_freed_memory_for_reuse();
    const int side = static_cast<int>(state.range(0));
    const qs::CheckedLevel& checked = checked_cave(side);
    const fs::path saves = scratch_root() / "saves";
    Measure measure;
    std::unique_ptr<qs::PlaySession> session;
    qs::ActionState actions;
    time_cold(
        state, measure,
        [&] {
            session->step(actions);
            return true;
        },
        [&] {
            session = std::make_unique<qs::PlaySession>(saves, false);
            session->start(checked);
            actions = {};
            actions.begin_tick();
        },
        [&] { session.reset(); });
    set_counters(state, double(side) * side, measure);
}

}  // namespace

BENCHMARK(BM_LevelStartCave)->Arg(512)->Arg(1024)->Arg(2048)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_LevelStartStress)->Arg(10000)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_Discovery)->Arg(1)->Arg(10)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_DiscoveryFullCheck)->Arg(1)->Arg(10)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_LevelSelectDiscovery)
    ->Args({500, 0})
    ->Args({500, 1})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_PngDecodeLayer)->Arg(512)->Arg(2048)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_PngDecodeRows)->Arg(512)->Arg(2048)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_CheckLevel)->Arg(512)->Arg(2048)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_RectPartition)->Arg(512)->Arg(2048)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_TerrainShapes)->Arg(512)->Arg(2048)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_LevelIdentity)->Arg(512)->Arg(2048)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_WorldBuild)->Arg(512)->Arg(2048)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_FirstTick)->Arg(512)->Arg(2048)->Unit(benchmark::kMillisecond)->UseRealTime();

BENCHMARK_MAIN();
