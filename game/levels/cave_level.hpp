// Cave levels for benchmarks of level start and rectangle partition: cellular-automaton caves with ground,
// ice and spike floors and one-way ledges, as a tile grid or as the files of a level folder.
#pragma once

#include <cstdint>

#include "engine/tile_grid.hpp"
#include "game/levels/stress_level.hpp"

namespace qs {

/// Caves: random fill smoothed by a cellular automaton (4-5 rule, outside counts as wall), ground with ice
/// and spike patches on cave floors, and one-way ledges across small gaps. Tile numbers are TileType's.
/// Deterministic for a given size and seed.
TileGrid make_cave_tiles(int width, int height, std::uint32_t seed = 11);

/// The same caves as a level folder's files (geometry/layer0.png, sprites/layer0.png, cave.lvl text), with
/// the player on the first open floor cell from the top left and the goal on the last one.
StressLevelFiles make_cave_level_files(int width, int height, std::uint32_t seed = 11);

}  // namespace qs
