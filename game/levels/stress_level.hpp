// Stress levels for benchmarks and soak tests: a large platformer-like level with thousands of entities,
// built in memory, or as the files of a real level folder (PNG layer pixels + .lvl text).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/level_data.hpp"
#include "game/levels/level_identity.hpp"
#include "game/sim/roster.hpp"

namespace qs {

/// A level and its entities (placement order), ready for World.
struct StressLevel {
    std::shared_ptr<const LevelData> level;
    std::vector<Entity> entities;
    LevelIdentity identity;  ///< as a level folder of the same content would have
};

/// Builds a level of about `entity_count` entities (mostly coins, with walkers, platforms, doors with
/// switches, turrets, checkpoints) on terrain sized to fit them. Deterministic for a given count and seed.
StressLevel make_stress_level(int entity_count, std::uint32_t seed = 1);

/// The same level as the files of a level folder: geometry/layer0.png and sprites/layer0.png pixels
/// and the text of stress.lvl (tools/game_stress_level writes them).
struct StressLevelFiles {
    RgbaImage geometry, sprites;
    std::string lvl_text;
};
StressLevelFiles make_stress_level_files(int entity_count, std::uint32_t seed = 1);

}  // namespace qs
