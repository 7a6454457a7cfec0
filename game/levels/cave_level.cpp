// Cave level generation: a cellular automaton over random fill, floors typed by position, and a player and
// a goal on open floor cells.
#include "game/levels/cave_level.hpp"

#include <random>
#include <string>
#include <vector>

#include "game/sim/tiles.hpp"

namespace qs {

TileGrid make_cave_tiles(int width, int height, std::uint32_t seed) {
    constexpr auto kGround = static_cast<std::uint8_t>(TileType::ground);
    constexpr auto kOneway = static_cast<std::uint8_t>(TileType::oneway);
    constexpr auto kSpikes = static_cast<std::uint8_t>(TileType::spikes);
    constexpr auto kIce = static_cast<std::uint8_t>(TileType::ice);
    std::mt19937 random(seed);
    std::bernoulli_distribution wall(0.45);
    const std::size_t cell_count = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
    std::vector<std::uint8_t> cells(cell_count), next(cell_count);
    for (auto& cell : cells) cell = wall(random) ? 1 : 0;
    const auto at = [&](int x, int y) {
        return x < 0 || y < 0 || x >= width || y >= height ? 1
                                                           : cells[static_cast<std::size_t>(y) * width + x];
    };
    for (int round = 0; round < 5; ++round) {
        for (int y = 0; y < height; ++y) {
            for (int x = 0; x < width; ++x) {
                int walls = 0;
                for (int dy = -1; dy <= 1; ++dy)
                    for (int dx = -1; dx <= 1; ++dx) walls += at(x + dx, y + dy);
                next[static_cast<std::size_t>(y) * width + x] = walls >= 5 ? 1 : 0;
            }
        }
        cells.swap(next);
    }
    TileGrid grid(width, height);
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            if (!at(x, y)) {
                // A ledge across small gaps now and then.
                if (y % 7 == 3 && x % 13 < 4 && at(x, y + 1) == 0) grid.set(x, y, kOneway);
                continue;
            }
            std::uint8_t type = kGround;
            if (y > 0 && !at(x, y - 1))
                type = (x / 16) % 6 == 1 ? kIce : (x / 16) % 6 == 4 ? kSpikes : kGround;
            grid.set(x, y, type);
        }
    }
    return grid;
}

StressLevelFiles make_cave_level_files(int width, int height, std::uint32_t seed) {
    const TileGrid tiles = make_cave_tiles(width, height, seed);
    StressLevelFiles files;
    const std::size_t pixel_count = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
    files.geometry = {width, height, std::vector<std::uint32_t>(pixel_count, 0)};
    // RGBA per tile type: empty (transparent), ground, oneway, spikes, ice, as in the .lvl below.
    const std::uint32_t tile_colours[] = {0, 0x000000FF, 0x808080FF, 0xFF0000FF, 0x9AD0FFFF};
    for (std::size_t i = 0; i < pixel_count; ++i) files.geometry.pixels[i] = tile_colours[tiles.tiles[i]];

    // An open cell with room above it and ground or ice below: somewhere to stand.
    const auto standing_room = [&](int x, int y) {
        const auto below = static_cast<TileType>(tiles.at(x, y + 1));
        return y >= 1 && y + 1 < height && tiles.at(x, y) == 0 && tiles.at(x, y - 1) == 0 &&
               (below == TileType::ground || below == TileType::ice);
    };
    int player_x = -1, player_y = -1, goal_x = -1, goal_y = -1;
    for (int y = 0; y < height && player_x < 0; ++y)
        for (int x = 0; x < width && player_x < 0; ++x)
            if (standing_room(x, y)) player_x = x, player_y = y;
    for (int y = height - 1; y >= 0 && goal_x < 0; --y)
        for (int x = width - 1; x >= 0 && goal_x < 0; --x)
            if (standing_room(x, y) && (x != player_x || y != player_y)) goal_x = x, goal_y = y;
    files.sprites = {width, height, std::vector<std::uint32_t>(pixel_count, 0)};
    // A cave without any floor (tiny or all wall) still gets its player, at the top left, as a level must.
    if (player_x < 0) player_x = 0, player_y = 0;
    files.sprites.pixels[static_cast<std::size_t>(player_y) * width + player_x] = 0x0000FFFF;
    if (goal_x >= 0) files.sprites.pixels[static_cast<std::size_t>(goal_y) * width + goal_x] = 0xFF00FFFF;
    files.lvl_text = "{ \"name\": \"Cave " + std::to_string(width) + "x" + std::to_string(height) +
                     "\",\n"
                     "  \"obj_colors\": [\"#000000\", \"#808080\", \"#ff0000\", \"#9ad0ff\"],\n"
                     "  \"obj_prefabs\": [\"ground\", \"oneway\", \"spikes\", \"ice\"],\n"
                     "  \"spr_colors\": [\"#0000ff\", \"#ff00ff\"],\n"
                     "  \"spr_prefabs\": [\"player\", \"goal\"] }\n";
    return files;
}

}  // namespace qs
