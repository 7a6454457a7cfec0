// Levels from Tiled maps (.tmj and .tmx, .tsx tilesets, image collections, .tiled-project classes): the
// reader against small hand-made maps and the test data made from a shipped level, and hostile maps (broken
// base64 and zlib, bad ids, deep XML): each a clear error, never a crash.
#include <doctest/doctest.h>

#include <zlib.h>

#include <algorithm>
#include <string>

#include "engine/level_editor.hpp"
#include "engine/png_image.hpp"
#include "engine/zstd_codec.hpp"
#include "level_editor_fixture.hpp"

namespace {

namespace fs = std::filesystem;
using namespace qs::test::editor;

std::string tmj(const std::string& data, const std::string& extra = "") {
    return R"({"orientation": "orthogonal", "width": 3, "height": 2, "tilewidth": 16, "tileheight": 16,)" +
           extra +
           R"( "tilesets": [{"firstgid": 1, "name": "t", "tilewidth": 16, "tileheight": 16, "tilecount": 4,
                    "columns": 2, "tiles": [{"id": 0, "type": "Ground"}]}],
  "layers": [{"type": "tilelayer", "name": "Main", "width": 3, "height": 2, )" +
           data + R"(},
             {"type": "objectgroup", "name": "Things", "objects": [
                {"id": 4, "type": "player", "x": 0, "y": 0, "width": 16, "height": 16,
                 "properties": [{"name": "facing", "type": "int", "value": -1}]},
                {"id": 5, "class": "switch", "x": 16, "y": 0, "width": 16, "height": 16,
                 "properties": [{"name": "targets", "type": "object", "value": 6}]},
                {"id": 6, "name": "", "type": "door", "gid": 2, "x": 32, "y": 16, "width": 16, "height": 16},
                {"id": 7, "type": "Sign", "x": 0, "y": 0}]}]})";
}

std::string base64_text(const std::string& bytes);

/// Tile ids as Tiled's base64 zstd layer data.
std::string zstd_gids(const std::vector<std::uint32_t>& gids) {
    std::vector<std::uint8_t> bytes(gids.size() * 4), packed;
    for (std::size_t i = 0; i < gids.size(); ++i) {
        for (int b = 0; b < 4; ++b) bytes[i * 4 + b] = static_cast<std::uint8_t>((gids[i] >> (8 * b)) & 0xff);
    }
    qs::ZstdCodec().compress(bytes.data(), bytes.size(), packed);
    return base64_text(std::string(packed.begin(), packed.end()));
}

std::string packed_gids(const std::vector<std::uint32_t>& gids, bool compress) {
    std::string bytes(gids.size() * 4, '\0');
    for (std::size_t i = 0; i < gids.size(); ++i) {
        for (int b = 0; b < 4; ++b) bytes[i * 4 + b] = static_cast<char>((gids[i] >> (8 * b)) & 0xff);
    }
    if (compress) {
        uLongf size = compressBound(static_cast<uLong>(bytes.size()));
        std::string packed(size, '\0');
        REQUIRE(compress2(reinterpret_cast<Bytef*>(packed.data()), &size,
                          reinterpret_cast<const Bytef*>(bytes.data()), static_cast<uLong>(bytes.size()),
                          9) == Z_OK);
        packed.resize(size);
        bytes = packed;
    }
    return base64_text(bytes);
}

std::string base64_text(const std::string& bytes) {
    static const char* kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string text;
    for (std::size_t i = 0; i < bytes.size(); i += 3) {
        std::uint32_t v = static_cast<unsigned char>(bytes[i]) << 16;
        if (i + 1 < bytes.size()) v |= static_cast<unsigned char>(bytes[i + 1]) << 8;
        if (i + 2 < bytes.size()) v |= static_cast<unsigned char>(bytes[i + 2]);
        text += kAlphabet[(v >> 18) & 63];
        text += kAlphabet[(v >> 12) & 63];
        text += i + 1 < bytes.size() ? kAlphabet[(v >> 6) & 63] : '=';
        text += i + 2 < bytes.size() ? kAlphabet[v & 63] : '=';
    }
    return text;
}

TEST_CASE("tiled json: tile classes, objects by class or type, object references, every data encoding") {
    EditorDir dir;
    const fs::path folder = dir.path() / "maps";
    const std::vector<std::uint32_t> gids = {0, 0, 2, 1, 1 | 0x80000000u, 1 | 0x20000000u};
    SUBCASE("csv array") {
        write_text(folder / "m.tmj", tmj(R"("data": [0, 0, 2, 1, 2147483649, 536870913])"));
    }
    SUBCASE("base64") {
        write_text(folder / "m.tmj",
                   tmj(R"("encoding": "base64", "data": ")" + packed_gids(gids, false) + "\""));
    }
    SUBCASE("base64 zlib") {
        write_text(folder / "m.tmj", tmj(R"("encoding": "base64", "compression": "zlib", "data": ")" +
                                         packed_gids(gids, true) + "\""));
    }
    SUBCASE("base64 zstd") {
        write_text(folder / "m.tmj",
                   tmj(R"("encoding": "base64", "compression": "zstd", "data": ")" + zstd_gids(gids) + "\""));
    }
    const qs::LevelLoadResult r = qs::load_editor_level(folder, "m", kEditorSchema);
    REQUIRE_MESSAGE(r.level, all(r.errors));
    const qs::LevelData& level = *r.level;
    CHECK(level.folder_name == "maps/m");
    CHECK(level.editor == "Tiled");
    CHECK(level.tiles.at(0, 1) == 1);
    CHECK(level.tiles.at(1, 1) == 1);  // flipped tiles keep their class
    CHECK(level.tiles.at(2, 1) == 1);
    CHECK(level.tiles.at(2, 0) == 0);  // tile 2 has no class: drawn only
    REQUIRE(level.placements.size() == 4);
    CHECK(level.sprite_entries[0].config.at("facing") == -1);
    CHECK(level.placements[0].x == doctest::Approx(0.5));
    CHECK(level.sprite_entries[1].prefab == "switch");
    CHECK(level.sprite_entries[1].config.at("targets") == "#6");
    CHECK(level.sprite_entries[2].id == "#6");
    CHECK(level.placements[2].y == doctest::Approx(0.5));  // a tile object hangs from its bottom-left corner
    CHECK(level.sprite_entries[3].prefab == "sign");
}

TEST_CASE("tiled: a tile object takes its tile's class and properties, its own properties winning") {
    EditorDir dir;
    const fs::path folder = dir.path() / "maps";
    write_text(folder / "m.tmj", R"({"orientation": "orthogonal", "width": 3, "height": 2, "tilewidth": 16,
  "tileheight": 16,
  "tilesets": [{"firstgid": 1, "name": "t", "tilewidth": 16, "tileheight": 16, "tilecount": 4, "columns": 2,
                "tiles": [{"id": 0, "type": "Ground"}]},
               {"firstgid": 5, "name": "things", "tilewidth": 16, "tileheight": 16, "tilecount": 2, "columns": 2,
                "tiles": [{"id": 0, "type": "player",
                           "properties": [{"name": "facing", "type": "int", "value": -1}]},
                          {"id": 1, "type": "walker",
                           "properties": [{"name": "speed", "type": "float", "value": 2.5},
                                          {"name": "facing", "type": "int", "value": 1}]}]}],
  "layers": [{"type": "tilelayer", "name": "Main", "width": 3, "height": 2, "data": [0, 0, 0, 1, 1, 1]},
             {"type": "objectgroup", "name": "Things", "objects": [
                {"id": 1, "name": "", "type": "", "gid": 5, "x": 0, "y": 16, "width": 16, "height": 16},
                {"id": 2, "name": "mob", "gid": 2147483654, "x": 32, "y": 16, "width": 16, "height": 16,
                 "properties": [{"name": "facing", "type": "int", "value": -1}]}]}]})");
    const qs::LevelLoadResult r = qs::load_editor_level(folder, "m", kEditorSchema);
    REQUIRE_MESSAGE(r.level, all(r.errors));
    CHECK_MESSAGE(r.warnings.empty(), all(r.warnings));
    const qs::LevelData& level = *r.level;
    REQUIRE(level.placements.size() == 2);
    CHECK(level.sprite_entries[0].prefab == "player");
    CHECK(level.sprite_entries[0].config.at("facing") == -1);
    CHECK(level.placements[0].x == doctest::Approx(0.5));
    CHECK(level.placements[0].y == doctest::Approx(0.5));
    // A flipped tile object (flag bits in the gid) is still its tile; the object's facing wins.
    CHECK(level.sprite_entries[1].prefab == "walker");
    CHECK(level.sprite_entries[1].config.at("speed") == 2.5);
    CHECK(level.sprite_entries[1].config.at("facing") == -1);
}

TEST_CASE("tiled: hostile maps are clear errors naming the layer and cell") {
    EditorDir dir;
    const fs::path folder = dir.path() / "maps";
    const auto error_of = [&](const std::string& name) {
        const qs::LevelLoadResult r = qs::load_editor_level(folder, name, kEditorSchema);
        CHECK_FALSE(r.level);
        return all(r.errors);
    };
    SUBCASE("a gid in no tileset") {
        write_text(folder / "m.tmj", tmj(R"("data": [0, 0, 99, 1, 1, 1])"));
        CHECK(error_of("m").find("m.tmj:2,0: layer \"Main\": tile id 99 is in no tileset") !=
              std::string::npos);
    }
    SUBCASE("a gid over 32 bits") {
        write_text(folder / "m.tmj", tmj(R"("data": [0, 0, 99999999999, 1, 1, 1])"));
        CHECK(error_of("m").find("a tile id must be a whole number from 0 to 4294967295") !=
              std::string::npos);
    }
    SUBCASE("too few tiles") {
        write_text(folder / "m.tmj", tmj(R"("data": [0, 0])"));
        CHECK(error_of("m").find("data holds 2 tiles, not width x height = 6") != std::string::npos);
    }
    SUBCASE("broken base64") {
        write_text(folder / "m.tmj", tmj(R"("encoding": "base64", "data": "!!!!")"));
        CHECK(error_of("m").find("broken base64 layer data") != std::string::npos);
    }
    SUBCASE("broken zlib") {
        write_text(folder / "m.tmj",
                   tmj(R"("encoding": "base64", "compression": "zlib", "data": "AAAAAAAA")"));
        CHECK(error_of("m").find("broken compressed data") != std::string::npos);
    }
    SUBCASE("a zlib bomb") {
        std::vector<std::uint32_t> many(100000, 1);
        write_text(folder / "m.tmj", tmj(R"("encoding": "base64", "compression": "zlib", "data": ")" +
                                         packed_gids(many, true) + "\""));
        CHECK(error_of("m").find("more than its width x height tiles") != std::string::npos);
    }
    SUBCASE("broken zstd") {
        write_text(folder / "m.tmj", tmj(R"("encoding": "base64", "compression": "zstd", "data": "AAAA")"));
        CHECK(error_of("m").find("broken zstd layer data") != std::string::npos);
    }
    SUBCASE("a zstd bomb") {
        write_text(folder / "m.tmj", tmj(R"("encoding": "base64", "compression": "zstd", "data": ")" +
                                         zstd_gids(std::vector<std::uint32_t>(100000, 1)) + "\""));
        CHECK(error_of("m").find("or more of it than width x height tiles = 6") != std::string::npos);
    }
    SUBCASE("too few tiles in zstd") {
        write_text(folder / "m.tmj", tmj(R"("encoding": "base64", "compression": "zstd", "data": ")" +
                                         zstd_gids({1, 1}) + "\""));
        CHECK(error_of("m").find("data holds 2 tiles, not width x height = 6") != std::string::npos);
    }
    SUBCASE("an unknown compression") {
        write_text(folder / "m.tmj", tmj(R"("encoding": "base64", "compression": "lz4", "data": "AAAA")"));
        CHECK(error_of("m").find("compression \"lz4\" is not supported") != std::string::npos);
    }
    SUBCASE("a huge map") {
        std::string map = tmj(R"("data": [])");
        map.replace(map.find("\"width\": 3"), 10, "\"width\": 100000");
        write_text(folder / "m.tmj", map);
        CHECK(error_of("m").find("outside 1 to 4096 tiles per side") != std::string::npos);
    }
    SUBCASE("an isometric map") {
        write_text(folder / "m.tmj", R"({"orientation": "isometric", "width": 1, "height": 1})");
        CHECK(error_of("m").find("the map is isometric") != std::string::npos);
    }
    SUBCASE("a missing external tileset") {
        std::string map = tmj(R"("data": [0, 0, 0, 1, 1, 1])");
        map.replace(map.find("\"name\": \"t\""), 11, "\"source\": \"gone.tsj\"");
        write_text(folder / "m.tmj", map);
        CHECK(error_of("m").find("gone.tsj: cannot resolve the path") != std::string::npos);
    }
    SUBCASE("a tileset image outside the folder") {
        std::string map = tmj(R"("data": [0, 0, 0, 1, 1, 1])");
        map.replace(map.find("\"name\": \"t\""), 11, "\"image\": \"../../etc/passwd.png\"");
        write_text(folder / "m.tmj", map);
        CHECK(error_of("m").find("leads outside the level folder (refused)") != std::string::npos);
    }
    SUBCASE("deep XML") {
        std::string xml = "<map>";
        for (int i = 0; i < 5000; ++i) xml += "<group>";
        write_text(folder / "m.tmx", xml);
        CHECK(error_of("m").find("m.tmx: line 1: nested deeper than 100") != std::string::npos);
    }
    SUBCASE("broken XML") {
        write_text(folder / "m.tmx", "<map width=\"3\"><layer></map>");
        CHECK(error_of("m").find("m.tmx: line 1: XML error") != std::string::npos);
    }
}

TEST_CASE("tiled xml: a .tmx with a .tsx tileset reads like its JSON twin") {
    EditorDir dir;
    const fs::path folder = dir.path() / "maps";
    write_text(folder / "t.tsx", R"(<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" name="t" tilewidth="16" tileheight="16" tilecount="4" columns="2">
 <tile id="0" type="ground"/>
 <tile id="1" class="oneway"/>
</tileset>)");
    write_text(folder / "x.tmx", R"(<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" width="3" height="2" tilewidth="16" tileheight="16" infinite="0">
 <tileset firstgid="1" source="t.tsx"/>
 <layer id="1" name="Main" width="3" height="2">
  <data encoding="csv">
0,0,2,
1,1,1
</data>
 </layer>
 <objectgroup id="2" name="Things">
  <object id="4" type="player" x="0" y="0" width="16" height="16">
   <properties><property name="facing" type="int" value="-1"/></properties>
  </object>
  <object id="5" type="coin" x="32" y="0" width="16" height="16">
   <properties><property name="value" type="int" value="7"/><property name="shiny" type="bool" value="true"/></properties>
  </object>
 </objectgroup>
</map>)");
    const qs::LevelLoadResult r = qs::load_editor_level(folder, "x", kEditorSchema);
    REQUIRE_MESSAGE(r.level, all(r.errors));
    CHECK(r.level->tiles.at(2, 0) == 2);
    CHECK(r.level->tiles.at(0, 1) == 1);
    REQUIRE(r.level->placements.size() == 2);
    CHECK(r.level->sprite_entries[0].config.at("facing") == -1);
    CHECK(r.level->sprite_entries[1].config.at("value") == 7);
    CHECK(all(r.warnings).find("field \"shiny\" means nothing to coin") != std::string::npos);
}

TEST_CASE("test data: the LDtk project and Tiled maps made from 01_first_steps load alike") {
    const fs::path data = fs::path(QUICKSTEP_TEST_DATA) / "editors";
    const qs::LevelLoadResult ldtk = qs::load_editor_level(data / "ldtk", "First_Steps", kEditorSchema);
    const qs::LevelLoadResult tmj = qs::load_editor_level(data / "tiled", "first_steps", kEditorSchema);
    const qs::LevelLoadResult tmx = qs::load_editor_level(data / "tiled", "first_steps_xml", kEditorSchema);
    const qs::LevelLoadResult zst = qs::load_editor_level(data / "tiled", "first_steps_zstd", kEditorSchema);
    REQUIRE_MESSAGE(ldtk.level, all(ldtk.errors));
    REQUIRE_MESSAGE(zst.level, all(zst.errors));
    CHECK(zst.level->tiles.tiles == tmj.level->tiles.tiles);
    CHECK(zst.level->rects == tmj.level->rects);
    REQUIRE(zst.level->visuals.size() == tmj.level->visuals.size());
    for (std::size_t i = 0; i < zst.level->visuals.size(); ++i)
        CHECK(zst.level->visuals[i].pixels == tmj.level->visuals[i].pixels);
    REQUIRE_MESSAGE(tmj.level, all(tmj.errors));
    REQUIRE_MESSAGE(tmx.level, all(tmx.errors));
    CHECK(ldtk.level->tiles.tiles == tmj.level->tiles.tiles);
    CHECK(tmx.level->tiles.tiles == tmj.level->tiles.tiles);
    CHECK(ldtk.level->rects == tmx.level->rects);
    CHECK(ldtk.level->placements.size() == tmx.level->placements.size());
    for (std::size_t i = 0; i < ldtk.level->placements.size() && i < tmx.level->placements.size(); ++i) {
        CHECK(ldtk.level->placements[i].x == tmx.level->placements[i].x);
        CHECK(ldtk.level->placements[i].y == tmx.level->placements[i].y);
    }
    // The external level file.
    const qs::LevelLoadResult room = qs::load_editor_level(data / "ldtk", "Small_Room", kEditorSchema);
    REQUIRE_MESSAGE(room.level, all(room.errors));
    CHECK(room.level->tiles.width == 24);
    CHECK(room.level->lvl_path == data / "ldtk" / "first_steps.ldtk");
}

TEST_CASE("test data: a Tiled image collection: each tile drawn from its own image, classes as tiles") {
    const fs::path data = fs::path(QUICKSTEP_TEST_DATA) / "editors" / "tiled";
    const qs::LevelLoadResult tmj = qs::load_editor_level(data, "collection", kEditorSchema);
    const qs::LevelLoadResult tmx = qs::load_editor_level(data, "collection_xml", kEditorSchema);
    REQUIRE_MESSAGE(tmj.level, all(tmj.errors));
    REQUIRE_MESSAGE(tmx.level, all(tmx.errors));
    CHECK_MESSAGE(tmj.warnings.empty(), all(tmj.warnings));
    const qs::LevelData& level = *tmj.level;
    // Geometry by the tiles' classes (1 ground, 2 oneway in kEditorSchema).
    CHECK(level.tiles.at(0, 9) == 1);
    CHECK(level.tiles.at(23, 8) == 1);
    CHECK(level.tiles.at(11, 5) == 2);
    CHECK(level.tiles.at(16, 7) == 0);  // the pillar has no class
    // The player, the goal, and a coin that is a tile object of the coin-classed tile.
    REQUIRE(level.placements.size() == 3);
    CHECK(level.sprite_entries[2].prefab == "coin");
    CHECK(level.placements[2].x == doctest::Approx(11.5));
    CHECK(level.placements[2].y == doctest::Approx(4.5));
    // The picture (visuals[1], 16 pixels per tile): each tile's own image at the cell's bottom-left.
    REQUIRE(level.visuals.size() == 2);
    const qs::RgbaImage& picture = level.visuals[1];
    REQUIRE(picture.width == 24 * 16);
    const fs::path images = data / "collection";
    check_drawn(picture, images / "ground.png", 0, 0, 16, 16, 0, 9 * 16);
    check_drawn(picture, images / "ground_top.png", 0, 0, 16, 16, 23 * 16, 8 * 16);
    check_drawn(picture, images / "strip.png", 16, 0, 16, 16, 11 * 16, 5 * 16);  // a rectangle of its image
    check_drawn(picture, images / "pillar.png", 0, 0, 16, 32, 16 * 16, 6 * 16);  // taller than its cell
    check_drawn(picture, images / "pillar.png", 0, 0, 16, 32, 18 * 16, 6 * 16, 1, true);
    // The pillar tile object: its 32 x 64 pixels, bottom-left at (80, 128).
    check_drawn(picture, images / "pillar.png", 0, 0, 16, 32, 80, 64, 2);
    // The coin tile object is the coin (the game draws it), not scenery.
    for (int y = 64; y < 80; ++y)
        for (int x = 176; x < 192; ++x) CHECK((picture.at(x, y) & 0xff) == 0);
    // The .tmx / .tsx twin reads alike.
    CHECK(tmx.level->tiles.tiles == level.tiles.tiles);
    REQUIRE(tmx.level->visuals.size() == 2);
    CHECK(tmx.level->visuals[1].pixels == picture.pixels);
    CHECK(tmx.level->placements.size() == 3);
}

TEST_CASE("tiled: a hostile image collection is an error naming the file and the tile id") {
    EditorDir dir;
    const fs::path folder = dir.path() / "maps";
    const fs::path data = fs::path(QUICKSTEP_TEST_DATA) / "editors" / "tiled";
    fs::create_directories(folder);
    fs::copy(data / "collection", folder / "collection");
    fs::copy_file(data / "collection.tmj", folder / "c.tmj");
    fs::copy_file(data / "collection_xml.tmx", folder / "x.tmx");
    std::ifstream tsj_in(data / "things.tsj"), tsx_in(data / "things.tsx");
    const std::string tsj((std::istreambuf_iterator<char>(tsj_in)), {});
    const std::string tsx((std::istreambuf_iterator<char>(tsx_in)), {});
    const auto with = [](std::string text, const std::string& from, const std::string& to) {
        const std::size_t at = text.find(from);
        REQUIRE(at != std::string::npos);
        return text.replace(at, from.size(), to);
    };
    SUBCASE("a missing image") {
        write_text(folder / "things.tsj", with(tsj, "collection/pillar.png", "collection/nope.png"));
        write_text(folder / "things.tsx", with(tsx, "collection/pillar.png", "collection/nope.png"));
        for (const char* map : {"c", "x"}) {
            const qs::LevelLoadResult r = qs::load_editor_level(folder, map, kEditorSchema);
            CHECK_FALSE(r.level);
            CHECK_MESSAGE(all(r.errors).find("things.ts") != std::string::npos, all(r.errors));
            CHECK_MESSAGE(all(r.errors).find(": tile 7: image: ") != std::string::npos, all(r.errors));
            CHECK_MESSAGE(all(r.errors).find("nope.png") != std::string::npos, all(r.errors));
        }
    }
    SUBCASE("an image outside the level folder") {
        write_text(folder / "things.tsj", with(tsj, "collection/coin.png", "../../coin.png"));
        write_text(folder / "things.tsx", with(tsx, "collection/coin.png", "../../coin.png"));
        for (const char* map : {"c", "x"}) {
            const qs::LevelLoadResult r = qs::load_editor_level(folder, map, kEditorSchema);
            CHECK_FALSE(r.level);
            CHECK_MESSAGE(
                all(r.errors).find(": tile 9: image: path \"../../coin.png\" leads outside the level "
                                   "folder (refused)") != std::string::npos,
                all(r.errors));
        }
    }
    SUBCASE("an image over the size limit, a rectangle outside its image") {
        write_text(folder / "things.tsj", with(tsj, "\"x\": 16,", "\"x\": 48,"));
        write_text(folder / "things.tsx", tsx);
        qs::LevelLimits limits;
        limits.max_image_pixels = 300;  // the pillar is 16 x 32 = 512 pixels
        const qs::LevelLoadResult big = qs::load_editor_level(folder, "x", kEditorSchema, limits);
        CHECK_FALSE(big.level);
        CHECK_MESSAGE(all(big.errors).find(": tile 7: image: ") != std::string::npos, all(big.errors));
        CHECK_MESSAGE(all(big.errors).find("pillar.png: ") != std::string::npos, all(big.errors));
        CHECK_MESSAGE(all(big.errors).find("over the limit of 300") != std::string::npos, all(big.errors));
        const qs::LevelLoadResult rect = qs::load_editor_level(folder, "c", kEditorSchema);
        CHECK_FALSE(rect.level);
        CHECK_MESSAGE(
            all(rect.errors).find("things.tsj: tile 3: x must be a whole number from 0 to 47, got 48") !=
                std::string::npos,
            all(rect.errors));
    }
    SUBCASE("a tile id the collection does not have") {
        write_text(folder / "things.tsj", tsj);
        std::ifstream map_in(folder / "c.tmj");
        const std::string map((std::istreambuf_iterator<char>(map_in)), {});
        write_text(folder / "c.tmj", with(map, "\"data\": [0,", "\"data\": [3,"));
        const qs::LevelLoadResult r = qs::load_editor_level(folder, "c", kEditorSchema);
        CHECK_FALSE(r.level);
        CHECK_MESSAGE(all(r.errors).find("c.tmj:0,0: layer \"Ground\": tile id 3 is in no tileset") !=
                          std::string::npos,
                      all(r.errors));
    }
}

TEST_CASE("tiled: a .tiled-project's class members are the defaults of objects of that class") {
    EditorDir dir;
    const fs::path folder = dir.path() / "maps";
    write_text(folder / "m.tmj", R"({"orientation": "orthogonal", "width": 3, "height": 2, "tilewidth": 16,
  "tileheight": 16, "tilesets": [],
  "layers": [{"type": "objectgroup", "name": "Things", "objects": [
     {"id": 1, "type": "player", "x": 0, "y": 0, "width": 16, "height": 16},
     {"id": 2, "class": "Walker", "x": 16, "y": 0, "width": 16, "height": 16},
     {"id": 3, "class": "Walker", "x": 32, "y": 0, "width": 16, "height": 16,
      "properties": [{"name": "speed", "type": "float", "value": 1.5}]}]}]})");
    const std::string project = R"({"folders": ["."], "propertyTypes": [
  {"id": 1, "name": "Facing", "type": "enum", "storageType": "int", "values": ["left", "right"]},
  {"id": 2, "name": "Walker", "type": "class", "useAs": ["object"],
   "members": [{"name": "speed", "type": "float", "value": 3.5}, {"name": "facing", "type": "int", "value": -1},
               {"name": "colour", "type": "color", "value": "#ff00ff00"}]}]})";
    SUBCASE("members apply unless the object sets its own") {
        write_text(folder / "game.tiled-project", project);
        const qs::LevelLoadResult r = qs::load_editor_level(folder, "m", kEditorSchema);
        REQUIRE_MESSAGE(r.level, all(r.errors));
        REQUIRE(r.level->sprite_entries.size() == 3);
        CHECK(r.level->sprite_entries[1].prefab == "walker");
        CHECK(r.level->sprite_entries[1].config.at("speed") == 3.5);
        CHECK(r.level->sprite_entries[1].config.at("facing") == -1);
        CHECK(r.level->sprite_entries[2].config.at("speed") == 1.5);
        CHECK(r.level->sprite_entries[2].config.at("facing") == -1);
        // A member with no meaning for the prefab is a warning, as a custom property is.
        CHECK(all(r.warnings).find("field \"colour\" means nothing to walker") != std::string::npos);
        // The project is one of the level's files (so saving it reloads the level).
        CHECK(std::find(r.level->source_files.begin(), r.level->source_files.end(),
                        fs::path("game.tiled-project")) != r.level->source_files.end());
    }
    SUBCASE("without a project the objects keep the prefab defaults") {
        const qs::LevelLoadResult r = qs::load_editor_level(folder, "m", kEditorSchema);
        REQUIRE_MESSAGE(r.level, all(r.errors));
        CHECK(r.level->sprite_entries[1].config.count("speed") == 0);
    }
    SUBCASE("a bad project is an error naming it") {
        write_text(folder / "game.tiled-project", "{\"propertyTypes\": [1, ");
        const qs::LevelLoadResult broken = qs::load_editor_level(folder, "m", kEditorSchema);
        CHECK_FALSE(broken.level);
        CHECK_MESSAGE(all(broken.errors).find("game.tiled-project: ") != std::string::npos,
                      all(broken.errors));
        write_text(folder / "game.tiled-project",
                   R"({"propertyTypes": [{"type": "class", "members": []}, 7]})");
        const qs::LevelLoadResult bad = qs::load_editor_level(folder, "m", kEditorSchema);
        CHECK_FALSE(bad.level);
        CHECK_MESSAGE(all(bad.errors).find("game.tiled-project: propertyTypes[0]: a class needs a name") !=
                          std::string::npos,
                      all(bad.errors));
        CHECK_MESSAGE(
            all(bad.errors).find("game.tiled-project: propertyTypes[1]: must be an object, got a number") !=
                std::string::npos,
            all(bad.errors));
        qs::EditorLimits few;
        few.max_property_types = 1;
        write_text(folder / "game.tiled-project", project);
        const qs::LevelLoadResult many = qs::load_editor_level(folder, "m", kEditorSchema, {}, few);
        CHECK_FALSE(many.level);
        CHECK_MESSAGE(all(many.errors).find("2 custom types, over the limit of 1") != std::string::npos,
                      all(many.errors));
        write_text(folder / "other.tiled-project", project);
        const qs::LevelLoadResult two = qs::load_editor_level(folder, "m", kEditorSchema);
        CHECK_FALSE(two.level);
        CHECK_MESSAGE(
            all(two.errors).find("other.tiled-project: a second Tiled project") != std::string::npos,
            all(two.errors));
    }
}

}  // namespace
