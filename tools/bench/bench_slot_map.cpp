// Benchmarks qs::SlotMap against std::unordered_map<uint64_t, T> (the usual "entity id -> struct" map):
// insert, erase, lookup by random key and full iteration, with a 32-byte value at 1k, 10k and 100k items.
#include <algorithm>
#include <cstdint>
#include <random>
#include <unordered_map>
#include <vector>

#include <benchmark/benchmark.h>

#include "engine/slot_map.hpp"

namespace {

/// A typical small entity record: 32 bytes.
struct Body {
    float x = 0, y = 0, vx = 0, vy = 0;
    std::uint32_t kind = 0, flags = 0, health = 0, timer = 0;
};
static_assert(sizeof(Body) == 32);

using Map = qs::SlotMap<Body>;
using Hash = std::unordered_map<std::uint64_t, Body>;

Body body(std::size_t i) {
    const auto f = static_cast<float>(i);
    return Body{f, f + 1, 0.5f, -0.5f, static_cast<std::uint32_t>(i % 7), 0, 100, 0};
}

// A SlotMap holding n bodies; `keys` gets their keys in insertion order.
Map filled_slot_map(std::size_t n, std::vector<Map::Key>& keys) {
    Map map;
    keys.clear();
    for (std::size_t i = 0; i < n; ++i) keys.push_back(map.insert(body(i)));
    return map;
}

// An unordered_map holding n bodies under ids 0..n-1; `keys` gets the ids.
Hash filled_hash(std::size_t n, std::vector<std::uint64_t>& keys) {
    Hash map;
    keys.clear();
    for (std::size_t i = 0; i < n; ++i) {
        map.emplace(i, body(i));
        keys.push_back(i);
    }
    return map;
}

template <class K>
void shuffle(std::vector<K>& keys) {
    std::mt19937 rng(42);
    std::shuffle(keys.begin(), keys.end(), rng);
}

void BM_SlotMap_Insert(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    for (auto _ : state) {
        Map map;
        for (std::size_t i = 0; i < n; ++i) benchmark::DoNotOptimize(map.insert(body(i)));
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
}

void BM_UnorderedMap_Insert(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    for (auto _ : state) {
        Hash map;
        for (std::size_t i = 0; i < n; ++i) benchmark::DoNotOptimize(map.emplace(i, body(i)));
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
}

void BM_SlotMap_Erase(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    std::vector<Map::Key> keys;
    for (auto _ : state) {
        state.PauseTiming();
        Map map = filled_slot_map(n, keys);
        shuffle(keys);
        state.ResumeTiming();
        for (const auto& k : keys) benchmark::DoNotOptimize(map.erase(k));
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
}

void BM_UnorderedMap_Erase(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    std::vector<std::uint64_t> keys;
    for (auto _ : state) {
        state.PauseTiming();
        Hash map = filled_hash(n, keys);
        shuffle(keys);
        state.ResumeTiming();
        for (const auto& k : keys) benchmark::DoNotOptimize(map.erase(k));
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
}

void BM_SlotMap_Lookup(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    std::vector<Map::Key> keys;
    const Map map = filled_slot_map(n, keys);
    shuffle(keys);
    for (auto _ : state) {
        float sum = 0;
        for (const auto& k : keys) sum += map.get(k)->x;
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
}

void BM_UnorderedMap_Lookup(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    std::vector<std::uint64_t> keys;
    const Hash map = filled_hash(n, keys);
    shuffle(keys);
    for (auto _ : state) {
        float sum = 0;
        for (const auto& k : keys) sum += map.find(k)->second.x;
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
}

void BM_SlotMap_Iterate(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    std::vector<Map::Key> keys;
    const Map map = filled_slot_map(n, keys);
    for (auto _ : state) {
        float sum = 0;
        for (const Body& b : map) sum += b.x + b.vx;
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
}

void BM_UnorderedMap_Iterate(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    std::vector<std::uint64_t> keys;
    const Hash map = filled_hash(n, keys);
    for (auto _ : state) {
        float sum = 0;
        for (const auto& [id, b] : map) sum += b.x + b.vx;
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
}

}  // namespace

BENCHMARK(BM_SlotMap_Insert)->Arg(1000)->Arg(10000)->Arg(100000);
BENCHMARK(BM_UnorderedMap_Insert)->Arg(1000)->Arg(10000)->Arg(100000);
BENCHMARK(BM_SlotMap_Erase)->Arg(1000)->Arg(10000)->Arg(100000);
BENCHMARK(BM_UnorderedMap_Erase)->Arg(1000)->Arg(10000)->Arg(100000);
BENCHMARK(BM_SlotMap_Lookup)->Arg(1000)->Arg(10000)->Arg(100000);
BENCHMARK(BM_UnorderedMap_Lookup)->Arg(1000)->Arg(10000)->Arg(100000);
BENCHMARK(BM_SlotMap_Iterate)->Arg(1000)->Arg(10000)->Arg(100000);
BENCHMARK(BM_UnorderedMap_Iterate)->Arg(1000)->Arg(10000)->Arg(100000);

BENCHMARK_MAIN();
