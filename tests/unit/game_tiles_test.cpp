// Tests for the tile table (game/sim/tiles.hpp): every row's properties reach the level schema, the terrain
// (outline, friction, one-way tops, hurting sensors), the lint's floors and the retry spot, so a new row
// needs no other edit there and a row that says one thing cannot be read as another.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "engine/rect_partition.hpp"
#include "game/app/practice.hpp"
#include "game/levels/level_lint.hpp"
#include "game/sim/terrain_shapes.hpp"
#include "game/sim/tiles.hpp"
#include "game_test_world.hpp"

TEST_CASE("tiles: the level schema names every tile type in table order") {
    const std::vector<std::string>& names = qs::level_schema().tile_types;
    REQUIRE(names.size() == qs::tile_type_count);
    for (std::size_t i = 0; i < qs::tile_type_count; ++i) CHECK(names[i] == qs::kTileTypes[i].name);
}

TEST_CASE("tiles: each tile type's terrain follows its row (solid, friction, one-way, hurts)") {
    for (const qs::TileProperties& tile : qs::kTileTypes) {
        CAPTURE(tile.name);
        // A block of 3x2 tiles of the type in open air.
        qs::TileGrid tiles(7, 6);
        for (int y = 2; y < 4; ++y)
            for (int x = 2; x < 5; ++x) tiles.set(x, y, static_cast<std::uint8_t>(tile.type));
        const std::vector<qs::TileRect> rects = qs::level_rectangles(tiles);
        const auto shapes = qs::TerrainShapes::build(tiles, rects);
        CHECK(qs::tile_is_solid(static_cast<std::uint8_t>(tile.type)) == tile.solid);
        CHECK(shapes->outline.empty() == !tile.solid);
        for (const qs::OutlinePiece& piece : shapes->outline)
            CHECK(piece.kind == static_cast<std::uint8_t>(tile.friction));
        if (tile.one_way) {
            REQUIRE(shapes->one_way_runs.size() == 1);  // the top row only
            CHECK(shapes->one_way_runs[0].y == 2);
            CHECK(shapes->one_way_runs[0].x0 == 2);
            CHECK(shapes->one_way_runs[0].x1 == 5);
        } else {
            CHECK(shapes->one_way_runs.empty());
        }
        CHECK(shapes->spikes.size() == (tile.hurts ? 1u : 0u));
    }
}

TEST_CASE("tiles: the lint walks on exactly the safe floors") {
    // The player and the goal stand on ground, far apart over a bridge of one tile type and nothing below:
    // the goal is reachable only when the lint may walk on that type.
    const std::vector<std::string> rows = {
        "..............................", "..............................", "..............................",
        ".P..........................g.", "###........................###",
    };
    for (const qs::TileProperties& tile : qs::kTileTypes) {
        CAPTURE(tile.name);
        qs::test::MapLevel map = qs::test::make_map_level(rows);
        qs::LevelData& level = *map.level;
        for (int x = 3; x < level.tiles.width - 3; ++x)
            level.tiles.set(x, 4, static_cast<std::uint8_t>(tile.type));
        level.rects = qs::level_rectangles(level.tiles);
        level.placements.resize(map.entities.size());
        bool unreachable = false;
        for (const std::string& warning : qs::level_warnings(level, map.entities, qs::Tuning{}))
            unreachable = unreachable || warning.find("goal not reachable") != std::string::npos;
        CHECK(unreachable == !tile.safe_floor);
    }
}

TEST_CASE("tiles: the retry spot is remembered on exactly the safe floors") {
    for (const qs::TileProperties& tile : qs::kTileTypes) {
        CAPTURE(tile.name);
        qs::TileGrid tiles(3, 4);
        tiles.set(1, 3, static_cast<std::uint8_t>(tile.type));
        qs::Player player;
        player.state.x = 1.5;
        player.state.y = 3.0 - qs::Player::half_height;  // feet on the tile's top
        player.grounded = true;
        qs::Practice practice;
        practice.remember_footing(&player, tiles);
        CHECK(practice.footing().has_value() == tile.safe_floor);
    }
}
