// The level select's thumbnails: the size for a level and a bound, what is drawn where (sky, grass over
// ground, visuals on top, markers for the player and the goal), hostile sizes.
#include <doctest/doctest.h>

#include "game/levels/level_thumbnail.hpp"
#include "game/sim/tiles.hpp"

using namespace qs;

namespace {

/// A 10 x 5 level: a ground row at the bottom, the player on the left, the goal on the right.
LevelData small_level() {
    LevelData level;
    level.tiles = TileGrid(10, 5);
    for (int x = 0; x < 10; ++x) level.tiles.set(x, 4, static_cast<std::uint8_t>(TileType::ground));
    level.sprite_entries.push_back({"#0000ff", "player", "", nlohmann::json::object(), ""});
    level.sprite_entries.push_back({"#00ff00", "goal", "", nlohmann::json::object(), ""});
    level.placements.push_back({0, 0, 1, 3, 1, 1.5, 3.5});
    level.placements.push_back({1, 0, 8, 3, 1, 8.5, 3.5});
    return level;
}

std::uint32_t at(const RgbaImage& image, int x, int y) {
    return image.at(x, y);
}

}  // namespace

TEST_CASE("thumbnail: 8 pixels a tile at most, the aspect kept within the bound") {
    const LevelData level = small_level();
    RgbaImage image = level_thumbnail(level, 1000, 1000);
    CHECK(image.width == 80);
    CHECK(image.height == 40);
    image = level_thumbnail(level, 25, 100);  // 2.5 pixels a tile
    CHECK(image.width == 25);
    CHECK(image.height == 12);
    CHECK(image.pixels.size() == 25u * 12u);
}

TEST_CASE("thumbnail: sky, grass on top of the ground, the player's and the goal's markers") {
    const RgbaImage image = level_thumbnail(small_level(), 80, 40);
    for (std::uint32_t pixel : image.pixels) CHECK((pixel & 0xff) == 0xff);  // opaque
    CHECK(at(image, 40, 2) != at(image, 40, 30));                            // the sky is a gradient
    CHECK(at(image, 40, 33) == 0x5cb04aff);                                  // grass: ground with air above
    CHECK(at(image, 1 * 8 + 4, 3 * 8 + 4) == 0x3070ffff);                    // the player
    CHECK(at(image, 8 * 8 + 4, 3 * 8 + 4) == 0x30e060ff);                    // the goal
    CHECK(at(image, 5 * 8 + 4, 3 * 8 + 4) != 0x3070ffff);                    // nothing in between
}

TEST_CASE("thumbnail: a visuals layer is drawn over the tiles, by its alpha") {
    LevelData level = small_level();
    RgbaImage visuals;
    visuals.width = 80;
    visuals.height = 40;
    visuals.pixels.assign(80 * 40, 0x00000000u);                             // clear
    for (int x = 0; x < 80; ++x) visuals.pixels[38 * 80 + x] = 0xff0000ffu;  // a red opaque line
    level.visuals.push_back(visuals);
    const RgbaImage image = level_thumbnail(level, 80, 40);
    CHECK(at(image, 10, 38) == 0xff0000ff);
    CHECK(at(image, 10, 33) == 0x5cb04aff);  // the clear part shows the tiles
}

TEST_CASE("thumbnail: empty and huge levels give an image within the bound") {
    LevelData empty;
    RgbaImage image = level_thumbnail(empty, 440, 280);
    CHECK(image.width >= 1);
    CHECK(image.height >= 1);
    LevelData huge;
    huge.tiles = TileGrid(4096, 1024);
    image = level_thumbnail(huge, 440, 280);
    CHECK(image.width == 440);
    CHECK(image.height == 110);
    image = level_thumbnail(small_level(), 0, -5);  // a hostile bound: one pixel
    CHECK(image.width == 1);
    CHECK(image.height == 1);
}
