// Tests for the cave level generator (game/levels/cave_level.hpp): the geometry is the benchmarks' cave
// map, and the files it makes are a level folder that passes the full check with its player and goal.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <variant>

#include "engine/png_image.hpp"
#include "game/levels/cave_level.hpp"
#include "game/levels/level_catalog.hpp"
#include "game/sim/tiles.hpp"
#include "scratch_dir.hpp"

TEST_CASE("cave level: every tile type appears, deterministic per seed, W and H may differ") {
    const qs::TileGrid caves = qs::make_cave_tiles(128, 96);
    CHECK(caves.width == 128);
    CHECK(caves.height == 96);
    int count[5] = {};
    for (std::uint8_t tile : caves.tiles) ++count[tile];
    for (int type = 0; type < 5; ++type) CHECK(count[type] > 0);
    CHECK(qs::make_cave_tiles(128, 96).tiles == caves.tiles);
    CHECK(qs::make_cave_tiles(128, 96, 12).tiles != caves.tiles);
}

TEST_CASE("cave level: the folder's files pass the full check, with one player and one goal") {
    qs::test::ScratchDir dir("qs_cave_test");
    const std::filesystem::path folder = dir.path() / "cave";
    std::filesystem::create_directories(folder / "geometry");
    std::filesystem::create_directories(folder / "sprites");
    const qs::StressLevelFiles files = qs::make_cave_level_files(96, 64);
    std::string error;
    REQUIRE(qs::save_png_rgba(folder / "geometry/layer0.png", files.geometry, error));
    REQUIRE(qs::save_png_rgba(folder / "sprites/layer0.png", files.sprites, error));
    std::ofstream(folder / "cave.lvl") << files.lvl_text;

    const qs::CheckedLevel checked = qs::check_level(folder);
    REQUIRE_MESSAGE(checked.level, (checked.errors.empty() ? "" : checked.errors.front()));
    CHECK(checked.level->tiles.tiles == qs::make_cave_tiles(96, 64).tiles);
    REQUIRE(checked.entities.size() == 2);
    CHECK(std::holds_alternative<qs::Player>(checked.entities[0]));
    CHECK(std::holds_alternative<qs::Goal>(checked.entities[1]));
}
