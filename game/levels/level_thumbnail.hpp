// A level's thumbnail for the level select: its tiles, its visuals layers and markers for the player, the
// goal, coins and enemies, drawn small from the level's data alone (no window needed).
#pragma once

#include "engine/level_data.hpp"
#include "engine/rgba_image.hpp"

namespace qs {

/// The whole level scaled to fit `max_w` x `max_h` pixels (its aspect kept, at most 8 pixels a tile, at
/// least 1 x 1): a sky gradient, the tiles in fixed colours (ground with a grass top, one-way floors,
/// spikes, ice), the visuals layers over them, and a marker for each player, goal, coin and enemy placement.
/// Pixels are 0xRRGGBBAA, all opaque.
RgbaImage level_thumbnail(const LevelData& level, int max_w, int max_h);

}  // namespace qs
