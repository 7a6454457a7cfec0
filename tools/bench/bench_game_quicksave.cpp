// Quicksave / quickload cost on generated stress levels of 100, 1 000 and 10 000 entities:
// the whole main-thread part of F5 (capture + the canonical rebuild in place), the canonical rebuild alone,
// encoding the save file (background thread), decoding it, and F9 (restore incl. the Box2D rebuild). Bytes
// per entity on disk are reported as counters. Decoding is shown beside the reference DOM reader, beside
// the same save in an older build's file (format 2) and beside a memcpy of the same bytes (the floor).
// The whole disk path of an F9 after a restart (read the file, check, decode, restore) is shown beside
// msgpack-c's decode of the same body into its object tree, when msgpack-c is installed.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>

#include <nlohmann/json.hpp>

#include "game/levels/stress_level.hpp"
#include "game/save/quicksaves.hpp"
#include "game/save/save_codec.hpp"
#include "game/sim/world.hpp"

#if QUICKSTEP_HAVE_MSGPACK_C
#include <msgpack.h>
#endif

namespace {

struct Fixture {
    qs::StressLevel stress;
    std::unique_ptr<qs::World> world;
    explicit Fixture(int count) : stress(qs::make_stress_level(count)) {
        world = std::make_unique<qs::World>(stress.level, qs::Tuning{}, stress.entities);
        qs::ActionState actions;
        for (int i = 0; i < 30; ++i) world->step(actions);  // bodies moving, projectiles in flight
    }
};

void set_counters(benchmark::State& state, const qs::World& world) {
    state.counters["entities"] = static_cast<double>(world.entities.size());
}

/// F5 on the main thread: capture the snapshot, then rebuild the live world canonically (as the game does).
void BM_QuicksaveMainThread(benchmark::State& state) {
    Fixture f(static_cast<int>(state.range(0)));
    qs::ActionState actions;
    for (auto _ : state) {
        state.PauseTiming();
        f.world->step(actions);  // dense order out of index order again (projectiles come and go)
        state.ResumeTiming();
        auto snapshot = std::make_shared<qs::WorldSnapshot>(f.world->capture());
        f.world->rebuild_canonical();
        benchmark::DoNotOptimize(snapshot);
    }
    set_counters(state, *f.world);
}

/// The canonical rebuild alone: a fresh Box2D world and indexes for the live entities, in index order.
void BM_QuicksaveCanonicalRebuild(benchmark::State& state) {
    Fixture f(static_cast<int>(state.range(0)));
    for (auto _ : state) f.world->rebuild_canonical();
    set_counters(state, *f.world);
}

void BM_Quickload(benchmark::State& state) {
    Fixture f(static_cast<int>(state.range(0)));
    qs::WorldSnapshot snapshot = f.world->capture();
    for (auto _ : state) f.world->restore(snapshot);
    set_counters(state, *f.world);
}

void BM_EncodeSaveFile(benchmark::State& state) {
    Fixture f(static_cast<int>(state.range(0)));
    qs::SavedGame save;
    save.level = f.world->level().folder_name;
    save.snapshot = f.world->capture();
    std::size_t bytes = 0;
    for (auto _ : state) {
        auto file = qs::encode_save_file(save);
        bytes = file.size();
        benchmark::DoNotOptimize(file);
    }
    set_counters(state, *f.world);
    state.counters["bytes"] = static_cast<double>(bytes);
    state.counters["bytes_per_entity"] =
        static_cast<double>(bytes) / static_cast<double>(f.world->entities.size());
}

/// The bytes of a save file of the fixture's world.
std::vector<std::uint8_t> save_file_of(const Fixture& f) {
    qs::SavedGame save;
    save.level = f.world->level().folder_name;
    save.snapshot = f.world->capture();
    return qs::encode_save_file(save);
}

/// Decoding a save file read from disk (container check + body): the direct reader (no DOM).
/// Times decode_save_file on `file` (the whole file: container check, checksum and body).
void time_decode(benchmark::State& state, const Fixture& f, const std::vector<std::uint8_t>& file) {
    for (auto _ : state) {
        std::string error;
        auto decoded = qs::decode_save_file(file, error);
        if (!decoded) state.SkipWithError(error.c_str());
        benchmark::DoNotOptimize(decoded);
    }
    set_counters(state, *f.world);
    state.counters["bytes"] = static_cast<double>(file.size());
}

void BM_DecodeSaveFile(benchmark::State& state) {
    Fixture f(static_cast<int>(state.range(0)));
    auto file = save_file_of(f);
    time_decode(state, f, file);
}

/// A file as builds before format 3 wrote it (FNV-1a 64 checksum, the body's keys in sorted order, so the
/// entity list comes before the type list): what the first load after an update costs.
void BM_DecodeSaveFileFormat2(benchmark::State& state) {
    Fixture f(static_cast<int>(state.range(0)));
    qs::SavedGame save;
    save.level = f.world->level().folder_name;
    save.snapshot = f.world->capture();
    const auto sorted_body =
        nlohmann::json::to_msgpack(nlohmann::json::from_msgpack(qs::encode_save_body(save)));
    const auto file = qs::wrap_save_body(sorted_body, 2, save.level, save.legacy_files_hash);
    time_decode(state, f, file);
}

/// The same file through the DOM reader (nlohmann::json::from_msgpack, then the field lists): the reference
/// the direct reader is compared with, and what words the message for a refused body.
void BM_DecodeSaveFileReference(benchmark::State& state) {
    Fixture f(static_cast<int>(state.range(0)));
    auto file = save_file_of(f);
    for (auto _ : state) {
        std::string error;
        auto body = qs::unwrap_save_file(file, qs::save_format_version, error);
        auto decoded = qs::decode_save_body_reference(*body, error);
        if (!decoded) state.SkipWithError(error.c_str());
        benchmark::DoNotOptimize(decoded);
    }
    set_counters(state, *f.world);
}

/// The body alone (no container check) through the direct reader: what msgpack-c's decode is compared with.
void BM_DecodeSaveBody(benchmark::State& state) {
    Fixture f(static_cast<int>(state.range(0)));
    std::string error;
    const auto body = qs::unwrap_save_file(save_file_of(f), qs::save_format_version, error);
    if (!body) return state.SkipWithError(error.c_str());
    for (auto _ : state) {
        auto decoded = qs::decode_save_body(*body, error);
        if (!decoded) state.SkipWithError(error.c_str());
        benchmark::DoNotOptimize(decoded);
    }
    set_counters(state, *f.world);
    state.counters["bytes"] = static_cast<double>(body->body.size());
}

/// F9 after a restart, all of it on the game's thread: the save file read from disk (as the game reads it),
/// its container checked, the body decoded and the world restored from it. The loaded save outlives the F9
/// (the game keeps it as the rewind's start), so it is let go outside the timing.
void BM_QuickloadFromFile(benchmark::State& state) {
    Fixture f(static_cast<int>(state.range(0)));
    const std::filesystem::path path = std::filesystem::temp_directory_path() /
                                       ("qs_bench_quickload_" + std::to_string(state.range(0)) + ".qss");
    {
        const auto file = save_file_of(f);
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(file.data()), static_cast<std::streamsize>(file.size()));
    }
    for (auto _ : state) {
        std::string error;
        auto file = qs::read_whole_file(path, qs::max_quicksave_file_bytes, error);
        std::optional<qs::SavedGame> decoded;
        if (file) decoded = qs::decode_save_file(*file, error);
        if (!decoded) {
            state.SkipWithError(error.c_str());
            break;
        }
        f.world->restore(decoded->snapshot);
        state.PauseTiming();
        decoded.reset();
        file.reset();
        state.ResumeTiming();
    }
    std::filesystem::remove(path);
    set_counters(state, *f.world);
}

#if QUICKSTEP_HAVE_MSGPACK_C
/// msgpack-c (Debian's libmsgpack-dev) decoding the same body into its object tree: the reference the
/// disk path of F9 is held to (within 2x).
void BM_DecodeSaveBodyMsgpackC(benchmark::State& state) {
    Fixture f(static_cast<int>(state.range(0)));
    std::string error;
    const auto body = qs::unwrap_save_file(save_file_of(f), qs::save_format_version, error);
    if (!body) return state.SkipWithError(error.c_str());
    for (auto _ : state) {
        msgpack_unpacked result;
        msgpack_unpacked_init(&result);
        std::size_t offset = 0;
        const msgpack_unpack_return done = msgpack_unpack_next(
            &result, reinterpret_cast<const char*>(body->body.data()), body->body.size(), &offset);
        if (done != MSGPACK_UNPACK_SUCCESS) state.SkipWithError("msgpack-c refused the body");
        benchmark::DoNotOptimize(result.data);
        msgpack_unpacked_destroy(&result);
    }
    set_counters(state, *f.world);
    state.counters["bytes"] = static_cast<double>(body->body.size());
}
#endif

/// The floor: copying the same bytes once (memcpy), against which decoding is compared.
void BM_CopySaveFileBytes(benchmark::State& state) {
    Fixture f(static_cast<int>(state.range(0)));
    auto file = save_file_of(f);
    std::vector<std::uint8_t> copy(file.size());
    for (auto _ : state) {
        std::memcpy(copy.data(), file.data(), file.size());
        benchmark::ClobberMemory();
    }
    set_counters(state, *f.world);
    state.counters["bytes"] = static_cast<double>(file.size());
}

}  // namespace

BENCHMARK(BM_QuicksaveMainThread)
    ->Arg(100)
    ->Arg(1000)
    ->Arg(10000)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_QuicksaveCanonicalRebuild)->Arg(100)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Quickload)->Arg(100)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_EncodeSaveFile)->Arg(100)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DecodeSaveFile)->Arg(100)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DecodeSaveFileFormat2)->Arg(100)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DecodeSaveFileReference)->Arg(100)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DecodeSaveBody)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_QuickloadFromFile)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond)->UseRealTime();
#if QUICKSTEP_HAVE_MSGPACK_C
BENCHMARK(BM_DecodeSaveBodyMsgpackC)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);
#endif
BENCHMARK(BM_CopySaveFileBytes)->Arg(100)->Arg(1000)->Arg(10000)->Unit(benchmark::kMicrosecond);
BENCHMARK_MAIN();
