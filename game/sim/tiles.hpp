// The game's tile types (the numbers in a TileGrid) and the names the level loader accepts: tile types
// for obj_prefabs and the placeable entity types for spr_prefabs.
#pragma once

#include <cstdint>

#include "engine/level_data.hpp"

namespace qs {

/// The game's tile types, in the order of their numbers in a TileGrid.
enum class TileType : std::uint8_t { empty, ground, oneway, spikes, ice };

/// Tile type names and prefab names (every entity type with `placeable`) as the level loader needs them.
const LevelSchema& level_schema();

/// Solid tiles block from every side (ground, spikes, ice); oneway only from above.
bool tile_is_solid(std::uint8_t tile);

}  // namespace qs
