// Levels from LDtk projects and Tiled maps: the readers against small hand-made files and the test data
// made from a shipped level, and hostile files (bad JSON, missing tilesets, bad ids, huge sizes, paths out of
// the folder, broken base64 and zlib, deep XML): each a clear error, never a crash.
#include <doctest/doctest.h>

#include <zlib.h>

#include <algorithm>
#include <fstream>
#include <string>

#include "engine/level_editor.hpp"
#include "engine/png_image.hpp"
#include "engine/zstd_codec.hpp"
#include "scratch_dir.hpp"

namespace {

namespace fs = std::filesystem;

const qs::LevelSchema kEditorSchema{
    {"empty", "ground", "oneway", "spikes", "ice"},
    {"player", "coin", "walker", "door", "switch", "goal", "checkpoint", "sign"},
    {"day"},
    {{"player", {"facing"}},
     {"coin", {"value"}},
     {"walker", {"speed", "facing"}},
     {"door", {"open", "height"}},
     {"switch", {"targets", "on"}},
     {"goal", {}},
     {"checkpoint", {}},
     {"sign", {"text"}}}};

struct EditorDir : qs::test::ScratchDir {
    EditorDir() : ScratchDir("qs_editor_test") {}
};

void write_text(const fs::path& path, const std::string& text) {
    fs::create_directories(path.parent_path());
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    file << text;
    REQUIRE(file.good());
}

/// Every line of `lines` joined, for CHECK messages and substring checks.
std::string all(const std::vector<std::string>& lines) {
    std::string text;
    for (const std::string& line : lines) text += line + "\n";
    return text;
}

/// A 4x3 LDtk level: ground row, a oneway cell, a player, a switch targeting a door by entity reference.
std::string ldtk_project(const std::string& csv = "0,0,0,0, 0,0,2,0, 1,1,1,1",
                         const std::string& extra_level = "", const std::string& gw = "4") {
    return R"({"jsonVersion": "1.5.3",
  "defs": {"layers": [{"uid": 7, "identifier": "Walls", "type": "IntGrid",
                       "intGridValues": [{"value": 1, "identifier": "dirt"}, {"value": 2, "identifier": "OneWay"}]}],
           "tilesets": []},
  "levels": [{"identifier": "Room", "pxWid": 64, "pxHei": 48, "__bgColor": "#112233",
    "layerInstances": [
      {"__identifier": "Things", "__type": "Entities", "__cWid": 4, "__cHei": 3, "__gridSize": 16,
       "entityInstances": [
         {"__identifier": "Player", "iid": "p", "px": [8, 32], "__pivot": [0.5, 1], "width": 16, "height": 16,
          "fieldInstances": [{"__identifier": "Facing", "__type": "Int", "__value": -1},
                             {"__identifier": "hat", "__type": "String", "__value": "red"}]},
         {"__identifier": "Lever", "iid": "s", "px": [24, 24], "__pivot": [0.5, 0.5], "width": 16, "height": 16,
          "fieldInstances": [{"__identifier": "targets", "__type": "Array<EntityRef>",
                              "__value": [{"entityIid": "d", "layerIid": "x", "levelIid": "y", "worldIid": "z"}]}]},
         {"__identifier": "DOOR", "iid": "d", "px": [56, 8], "__pivot": [0, 0], "width": 16, "height": 32,
          "fieldInstances": []},
         {"__identifier": "Chest", "iid": "c", "px": [40, 24], "__pivot": [0, 0], "width": 16, "height": 16,
          "fieldInstances": []}]},
      {"__identifier": "Walls", "__type": "IntGrid", "__cWid": )" +
           gw + R"(, "__cHei": 3, "__gridSize": 16, "layerDefUid": 7,
       "intGridCsv": [)" +
           csv + R"(], "autoLayerTiles": []}]})" + extra_level + R"(]})";
}

const char* const kMapping =
    R"({"tiles": {"dirt": "ground"}, "entities": {"Lever": "switch", "Chest": null}})";

TEST_CASE("ldtk: geometry by name, entities by name and mapping, fields, references, warnings") {
    EditorDir dir;
    const fs::path folder = dir.path() / "proj";
    write_text(folder / "p.ldtk", ldtk_project());
    write_text(folder / "quickstep.json", kMapping);
    CHECK(qs::looks_like_editor_folder(folder));
    const qs::EditorProject project = qs::list_editor_levels(folder);
    REQUIRE(project.errors.empty());
    REQUIRE(project.levels.size() == 1);
    CHECK(project.levels[0].name == "Room");

    const qs::LevelLoadResult r = qs::load_editor_level(folder, "Room", kEditorSchema);
    REQUIRE_MESSAGE(r.level, all(r.errors));
    const qs::LevelData& level = *r.level;
    CHECK(level.folder_name == "proj/Room");
    CHECK(level.editor == "LDtk");
    CHECK(level.tiles.width == 4);
    CHECK(level.tiles.height == 3);
    CHECK(level.tiles.at(2, 1) == 2);  // OneWay: any case
    CHECK(level.tiles.at(0, 2) == 1);  // dirt -> ground by the mapping
    CHECK(level.rects.size() == 2);
    REQUIRE(level.placements.size() == 3);  // the Chest is mapped to null
    CHECK(level.sprite_entries[0].prefab == "player");
    CHECK(level.placements[0].x == doctest::Approx(0.5));
    CHECK(level.placements[0].y == doctest::Approx(1.5));
    CHECK(level.sprite_entries[0].config.at("facing") == -1);
    CHECK_FALSE(level.sprite_entries[0].config.contains("hat"));
    CHECK(level.sprite_entries[1].prefab == "switch");
    CHECK(level.sprite_entries[1].config.at("targets") == nlohmann::json::array({"d"}));
    CHECK(level.sprite_entries[2].prefab == "door");
    CHECK(level.sprite_entries[2].id == "d");  // referenced: its iid is its id
    CHECK(level.placements[2].x == doctest::Approx(4.0));
    CHECK(level.placements[2].y == doctest::Approx(1.5));
    CHECK(all(r.warnings).find("field \"hat\" means nothing to player") != std::string::npos);
    CHECK(all(r.warnings).find("Chest") == std::string::npos);  // skipped on purpose: no warning
    // The background colour under everything; no tile layers, so no picture above it.
    REQUIRE(level.visuals.size() == 1);
    CHECK(level.visuals[0].at(0, 0) == 0x112233ffu);
}

TEST_CASE("ldtk: names with no meaning are warnings, hostile values are errors naming file, level, cell") {
    EditorDir dir;
    const fs::path folder = dir.path() / "proj";
    SUBCASE("an unmapped IntGrid name and entity are skipped with warnings") {
        write_text(folder / "p.ldtk", ldtk_project());
        const qs::LevelLoadResult r = qs::load_editor_level(folder, "Room", kEditorSchema);
        REQUIRE_MESSAGE(r.level, all(r.errors));
        CHECK(r.level->tiles.at(0, 2) == 0);
        const std::string warnings = all(r.warnings);
        CHECK(warnings.find("tile \"dirt\" has no meaning here") != std::string::npos);
        CHECK(warnings.find("entity \"Lever\" has no meaning here") != std::string::npos);
        CHECK(warnings.find("p.ldtk:0,2: level \"Room\": layer \"Walls\"") != std::string::npos);
    }
    SUBCASE("an IntGrid value the layer does not define") {
        write_text(folder / "p.ldtk", ldtk_project("0,0,0,0, 0,0,9,0, 1,1,1,1"));
        const qs::LevelLoadResult r = qs::load_editor_level(folder, "Room", kEditorSchema);
        CHECK_FALSE(r.level);
        CHECK(all(r.errors).find(
                  "p.ldtk:2,1: level \"Room\": layer \"Walls\": IntGrid value 9 is not defined") !=
              std::string::npos);
    }
    SUBCASE("a negative or fractional IntGrid value") {
        write_text(folder / "p.ldtk", ldtk_project("0,0,0,0, 0,-1,0.5,0, 1,1,1,1"));
        const qs::LevelLoadResult r = qs::load_editor_level(folder, "Room", kEditorSchema);
        CHECK_FALSE(r.level);
        CHECK(all(r.errors).find(":1,1: level \"Room\"") != std::string::npos);
        CHECK(all(r.errors).find(":2,1: level \"Room\"") != std::string::npos);
    }
    SUBCASE("an intGridCsv of the wrong length") {
        write_text(folder / "p.ldtk", ldtk_project("0,0,0"));
        const qs::LevelLoadResult r = qs::load_editor_level(folder, "Room", kEditorSchema);
        CHECK_FALSE(r.level);
        CHECK(all(r.errors).find("intGridCsv must be an array of __cWid x __cHei = 12 values") !=
              std::string::npos);
    }
    SUBCASE("a huge level") {
        std::string project = ldtk_project();
        project.replace(project.find("\"pxWid\": 64"), 11, "\"pxWid\": 2000000000");
        write_text(folder / "p.ldtk", project);
        const qs::LevelLoadResult r = qs::load_editor_level(folder, "Room", kEditorSchema);
        CHECK_FALSE(r.level);
        CHECK(all(r.errors).find("outside 1 to 4096 tiles per side") != std::string::npos);
    }
    SUBCASE("bad JSON") {
        write_text(folder / "p.ldtk", "{\"levels\": [}");
        const qs::EditorProject project = qs::list_editor_levels(folder);
        CHECK(project.levels.empty());
        CHECK(all(project.errors).find("p.ldtk: line 1, column") != std::string::npos);
    }
    SUBCASE("deeply nested JSON") {
        write_text(folder / "p.ldtk", std::string(100000, '['));
        const qs::EditorProject project = qs::list_editor_levels(folder);
        CHECK(all(project.errors).find("nested deeper than 64") != std::string::npos);
    }
    SUBCASE("a level file outside the folder") {
        std::string project = ldtk_project();
        project.replace(project.find("\"layerInstances\""), 16,
                        "\"externalRelPath\": \"../x.ldtkl\", \"zz\"");
        write_text(folder / "p.ldtk", project);
        write_text(dir.path() / "x.ldtkl", "{}");
        const qs::LevelLoadResult r = qs::load_editor_level(folder, "Room", kEditorSchema);
        CHECK_FALSE(r.level);
        CHECK(all(r.errors).find("leads outside the level folder (refused)") != std::string::npos);
    }
    SUBCASE("a level that is not in the project") {
        write_text(folder / "p.ldtk", ldtk_project());
        const qs::LevelLoadResult r = qs::load_editor_level(folder, "Nope", kEditorSchema);
        CHECK(all(r.errors).find("no level \"Nope\" in the project (levels: Room)") != std::string::npos);
    }
    SUBCASE("two levels of one name") {
        write_text(folder / "p.ldtk", ldtk_project("0,0,0,0, 0,0,2,0, 1,1,1,1",
                                                   R"(, {"identifier": "Room", "pxWid": 16, "pxHei": 16})"));
        CHECK(all(qs::list_editor_levels(folder).errors).find("two levels are named \"Room\"") !=
              std::string::npos);
    }
    SUBCASE("a bad quickstep.json") {
        write_text(folder / "p.ldtk", ldtk_project());
        write_text(folder / "quickstep.json", R"({"tiles": {"dirt": "lava"}})");
        const qs::LevelLoadResult r = qs::load_editor_level(folder, "Room", kEditorSchema);
        CHECK(all(r.errors).find("tiles.dirt: unknown tile type \"lava\"") != std::string::npos);
    }
}

TEST_CASE("ldtk: a tile layer draws from its tileset; a missing tileset is an error") {
    EditorDir dir;
    const fs::path folder = dir.path() / "proj";
    const std::string layer = R"({"__identifier": "Art", "__type": "Tiles", "__cWid": 4, "__cHei": 3,
       "__gridSize": 16, "__tilesetDefUid": 1, "__tilesetRelPath": "tiles.png",
       "gridTiles": [{"px": [0, 0], "src": [128, 32], "f": 1}]},)";
    std::string project = ldtk_project();
    project.insert(project.find("{\"__identifier\": \"Things\""), layer);
    project.replace(project.find("\"tilesets\": []"), 14,
                    R"("tilesets": [{"uid": 1, "relPath": "tiles.png", "tileGridSize": 16}])");
    write_text(folder / "p.ldtk", project);
    SUBCASE("drawn at 16 pixels per tile over the background") {
        fs::copy_file(fs::path(QUICKSTEP_SOURCE_DIR) / "assets/sprites/sheet.png", folder / "tiles.png");
        const qs::LevelLoadResult r = qs::load_editor_level(folder, "Room", kEditorSchema);
        REQUIRE_MESSAGE(r.level, all(r.errors));
        REQUIRE(r.level->visuals.size() == 2);
        const qs::RgbaImage& art = r.level->visuals[1];
        CHECK(art.width == 64);
        CHECK(art.height == 48);
        CHECK((art.at(8, 8) & 0xff) != 0);   // the tile
        CHECK((art.at(24, 8) & 0xff) == 0);  // nothing drawn there
    }
    SUBCASE("missing") {
        const qs::LevelLoadResult r = qs::load_editor_level(folder, "Room", kEditorSchema);
        CHECK_FALSE(r.level);
        CHECK(all(r.errors).find("level \"Room\": layer \"Art\": tileset: ") != std::string::npos);
    }
    SUBCASE("not a PNG") {
        write_text(folder / "tiles.png", "GIF89a....");
        const qs::LevelLoadResult r = qs::load_editor_level(folder, "Room", kEditorSchema);
        CHECK_FALSE(r.level);
        CHECK(all(r.errors).find("tiles.png: not a PNG file") != std::string::npos);
    }
}

/// A 3x2 Tiled map (JSON) with an embedded tileset: tile 1 is ground, tile 2 has no class.
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

/// Checks that the picture holds `image`'s rectangle (sx, sy, sw, sh) drawn at (dx, dy), each source pixel
/// `k` x `k` picture pixels, mirrored left-right when `flip_x`; an image pixel with alpha 0 left nothing.
void check_drawn(const qs::RgbaImage& picture, const fs::path& image_file, int sx, int sy, int sw, int sh,
                 int dx, int dy, int k = 1, bool flip_x = false) {
    std::string error;
    const std::optional<qs::RgbaImage> image = qs::load_png_rgba(image_file, 1 << 20, error);
    REQUIRE_MESSAGE(image, error);
    int differ = 0, opaque = 0;
    for (int y = 0; y < sh * k; ++y) {
        for (int x = 0; x < sw * k; ++x) {
            const std::uint32_t want = image->at(sx + (flip_x ? sw - 1 - x / k : x / k), sy + y / k);
            const std::uint32_t got = picture.at(dx + x, dy + y);
            opaque += (want & 0xff) == 0xff;
            if ((want & 0xff) == 0 ? (got & 0xff) != 0 : got != want) ++differ;
        }
    }
    CHECK_MESSAGE(differ == 0, image_file.string()
                                   << " at " << dx << "," << dy << ": " << differ << " pixels differ");
    CHECK(opaque > 0);  // the comparison saw the tile's own pixels
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

TEST_CASE("test data: an LDtk level's background image, cropped, scaled and placed, or repeated") {
    const fs::path folder = fs::path(QUICKSTEP_TEST_DATA) / "editors" / "ldtk_bg";
    std::string error;
    const std::optional<qs::RgbaImage> backdrop = qs::load_png_rgba(folder / "backdrop.png", 1 << 20, error);
    REQUIRE_MESSAGE(backdrop, error);
    SUBCASE("Framed: cropRect [8, 4, 48, 40] at scale 2, top-left at (100, 20), below the tiles") {
        const qs::LevelLoadResult r = qs::load_editor_level(folder, "Framed", kEditorSchema);
        REQUIRE_MESSAGE(r.level, all(r.errors));
        REQUIRE(r.level->visuals.size() == 2);
        // Layer 0 (below the game's tiles): the background colour with the image over it; layer 1 (over
        // the tiles) holds nothing, as no layer draws.
        const qs::RgbaImage& backdrop_layer = r.level->visuals[0];
        REQUIRE(backdrop_layer.width == 24 * 16);
        check_drawn(backdrop_layer, folder / "backdrop.png", 8, 4, 48, 40, 100, 20, 2);
        int outside = 0;  // the background colour outside the picture's 96 x 80 pixels
        for (int y = 0; y < backdrop_layer.height; ++y)
            for (int x = 0; x < backdrop_layer.width; ++x)
                if ((x < 100 || x >= 196 || y < 20 || y >= 100) && backdrop_layer.at(x, y) != 0x5c9bd8ffu)
                    ++outside;
        CHECK(outside == 0);
        int over = 0;
        for (const std::uint32_t pixel : r.level->visuals[1].pixels) over += (pixel & 0xff) != 0;
        CHECK(over == 0);
    }
    SUBCASE("Wallpaper: repeated over the whole level") {
        const qs::LevelLoadResult r = qs::load_editor_level(folder, "Wallpaper", kEditorSchema);
        REQUIRE_MESSAGE(r.level, all(r.errors));
        const qs::RgbaImage& picture = r.level->visuals[0];
        REQUIRE(picture.width == 24 * 16);
        int differ = 0;
        for (int y = 0; y < picture.height; ++y)
            for (int x = 0; x < picture.width; ++x)
                differ += picture.at(x, y) != backdrop->at(x % 64, y % 48);
        CHECK(differ == 0);
    }
    SUBCASE("hostile: outside the folder, a crop outside the image, a missing image") {
        EditorDir dir;
        const fs::path copy = dir.path() / "bg";
        fs::create_directories(copy);
        fs::copy_file(folder / "backdrop.png", copy / "backdrop.png");
        std::ifstream in(folder / "backdrop.ldtk");
        const std::string project((std::istreambuf_iterator<char>(in)), {});
        const auto variant = [&](const std::string& from, const std::string& to) {
            std::string text = project;
            const std::size_t at = text.find(from);
            REQUIRE(at != std::string::npos);
            write_text(copy / "backdrop.ldtk", text.replace(at, from.size(), to));
            return qs::load_editor_level(copy, "Framed", kEditorSchema);
        };
        const qs::LevelLoadResult out =
            variant("\"bgRelPath\":\"backdrop.png\"", "\"bgRelPath\":\"../x.png\"");
        CHECK_FALSE(out.level);
        CHECK_MESSAGE(all(out.errors)
                              .find("level \"Framed\": background image (bgRelPath): path \"../x.png\" "
                                    "leads outside the level folder") != std::string::npos,
                      all(out.errors));
        const qs::LevelLoadResult crop = variant("[8,4,48,40]", "[8,4,60,40]");
        CHECK_FALSE(crop.level);
        CHECK_MESSAGE(all(crop.errors).find("__bgPos.cropRect [8,4,60,40] must lie in the image 64x48") !=
                          std::string::npos,
                      all(crop.errors));
        const qs::LevelLoadResult scale = variant("\"scale\":[2,2]", "\"scale\":[2,1e300]");
        CHECK_FALSE(scale.level);
        CHECK_MESSAGE(all(scale.errors).find("__bgPos.scale must be 2 numbers from") != std::string::npos,
                      all(scale.errors));
        fs::remove(copy / "backdrop.png");
        const qs::LevelLoadResult missing = variant("\"Framed\"", "\"Framed\"");
        CHECK_FALSE(missing.level);
        CHECK_MESSAGE(all(missing.errors).find("background image (bgRelPath): ") != std::string::npos,
                      all(missing.errors));
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

TEST_CASE("test data: a level lists the project files it was read from, relative to the project folder") {
    const fs::path data = fs::path(QUICKSTEP_TEST_DATA) / "editors";
    const auto files = [](const qs::LevelLoadResult& r) {
        std::string list;
        for (const fs::path& file : r.level->source_files) list += file.generic_string() + " ";
        return list;
    };
    const qs::LevelLoadResult room = qs::load_editor_level(data / "ldtk", "Small_Room", kEditorSchema);
    REQUIRE_MESSAGE(room.level, all(room.errors));
    CHECK(files(room) == "quickstep.json first_steps.ldtk first_steps/Small_Room.ldtkl tiles.png ");
    CHECK(room.level->source_folder() == data / "ldtk");
    // Given as "DIR/tiled/." the project folder is the same; the other map and its tileset are not read.
    const qs::LevelLoadResult tmx =
        qs::load_editor_level(data / "tiled" / ".", "first_steps_xml", kEditorSchema);
    REQUIRE_MESSAGE(tmx.level, all(tmx.errors));
    CHECK(files(tmx) == "quickstep.json first_steps_xml.tmx tiles.tsx tiles.png ");
}

}  // namespace

TEST_CASE("test data: a sample project saved by LDtk with its levels in separate files") {
    const fs::path folder = fs::path(QUICKSTEP_TEST_DATA) / "editors" / "ldtk_sample";
    const qs::EditorProject project = qs::list_editor_levels(folder);
    REQUIRE_MESSAGE(project.errors.empty(), all(project.errors));
    REQUIRE(project.levels.size() == 3);
    CHECK(project.levels[2].name == "World_Level_2");
    const qs::LevelLoadResult r = qs::load_editor_level(folder, "World_Level_1", kEditorSchema);
    REQUIRE_MESSAGE(r.level, all(r.errors));
    CHECK(r.level->tiles.width == 15);
    CHECK(r.level->placements.empty());
    CHECK(all(r.warnings).find("World_Level_1.ldtkl:") != std::string::npos);
    CHECK(all(r.warnings).find("tile \"walls\" has no meaning here") != std::string::npos);
}
