// Levels from LDtk projects: the reader against small hand-made projects, the test data made from a shipped
// level and a sample saved by LDtk itself, and hostile files (bad JSON, missing tilesets, bad ids, huge
// sizes, paths out of the folder): each a clear error, never a crash.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "engine/level_editor.hpp"
#include "engine/png_image.hpp"
#include "level_editor_fixture.hpp"

namespace {

namespace fs = std::filesystem;
using namespace qs::test::editor;

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

}  // namespace
