// Stress levels for benchmarks and soak tests: a large platformer-like level with thousands of entities,
// built in memory or written as a real level folder (PNG layers + .lvl).
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "engine/level_folder.hpp"
#include "game/entity.hpp"

namespace qs {

/// A level and its entities (placement order), ready for World.
struct StressLevel {
    std::shared_ptr<const LevelData> level;
    std::vector<Entity> entities;
};

/// Builds a level of about `entity_count` entities (mostly coins, with walkers, platforms, doors with
/// switches, turrets, checkpoints) on terrain sized to fit them. Deterministic for a given count and seed.
StressLevel make_stress_level(int entity_count, std::uint32_t seed = 1);

/// Writes the same level as a level folder (geometry and sprites PNGs + stress.lvl).
bool write_stress_level_folder(const std::filesystem::path& folder, int entity_count, std::uint32_t seed,
                               std::string& error);

}  // namespace qs
