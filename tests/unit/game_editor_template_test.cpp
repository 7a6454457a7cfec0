// Tests for --new-level --ldtk / --tiled (game/app/editor_template.hpp): the LDtk project defines every
// prefab with its fields' types, ranges and defaults and every tile type as an IntGrid value, the Tiled
// tilesets give the same vocabulary, and both folders load with no warning and play as the PNG template.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>
#include <string>

#include "engine/png_image.hpp"
#include "game/app/editor_template.hpp"
#include "game/app/level_template.hpp"
#include "game/levels/level_catalog.hpp"
#include "game/levels/level_guide.hpp"
#include "game/sim/tiles.hpp"
#include "game/sim/world.hpp"

#include "tests/unit/scratch_dir.hpp"

namespace {

namespace fs = std::filesystem;
using ojson = nlohmann::ordered_json;

struct EditorTemplateDir : qs::test::ScratchDir {
    EditorTemplateDir() : ScratchDir("qs_editor_template_test") {}
};

/// LDtk's field type for a Quickstep field type (LDtk's JSON format: FieldDefinition.__type).
std::string ldtk_type_of(const qs::EditableField& field) {
    if (field.is_reference) return field.default_value.is_array() ? "Array<EntityRef>" : "EntityRef";
    if (field.type == "integer") return "Int";
    if (field.type == "number") return "Float";
    if (field.type == "boolean") return "Bool";
    if (field.type == "string") return "String";
    return "(none for " + field.type + ")";
}

const ojson* find_named(const ojson& list, const char* key, const std::string& name) {
    for (const ojson& item : list) {
        if (item.contains(key) && item[key] == name) return &item;
    }
    return nullptr;
}

}  // namespace

TEST_CASE("editor template: the LDtk project defines every prefab with its fields, types, ranges, defaults") {
    const ojson project = qs::ldtk_template_project("mine", 20, 10);
    REQUIRE(project.is_object());
    // The parts of LDtk's project format (https://ldtk.io/json) a project must carry.
    CHECK(project["jsonVersion"] == "1.5.3");
    CHECK(project["__header__"]["fileType"] == "LDtk Project JSON");
    REQUIRE(project["defs"]["entities"].is_array());
    REQUIRE(project["levels"].size() == 1);
    CHECK(project["levels"][0]["identifier"] == std::string(qs::kLdtkTemplateLevel));

    const qs::TemplatePalette palette = qs::template_palette();
    const std::vector<std::string>& prefabs = qs::level_schema().prefabs;
    CHECK(project["defs"]["entities"].size() == prefabs.size());
    std::set<int> uids;
    int fields_checked = 0, ranges_checked = 0;
    for (std::size_t i = 0; i < prefabs.size(); ++i) {
        CAPTURE(prefabs[i]);
        const ojson* def = find_named(project["defs"]["entities"], "identifier", prefabs[i]);
        REQUIRE(def);
        CHECK((*def)["color"] == "#" + [&] {
            char hex[8];
            std::snprintf(hex, sizeof hex, "%06X", palette.prefabs[i].rgb);
            return std::string(hex);
        }());
        CHECK(uids.insert((*def)["uid"].get<int>()).second);
        const std::vector<qs::EditableField> fields = qs::editable_fields(prefabs[i]);
        REQUIRE((*def)["fieldDefs"].size() == fields.size());
        for (std::size_t f = 0; f < fields.size(); ++f) {
            const qs::EditableField& field = fields[f];
            const ojson& field_def = (*def)["fieldDefs"][f];
            CAPTURE(field.name);
            CHECK(field_def["identifier"] == field.name);
            CHECK(field_def["__type"] == ldtk_type_of(field));
            CHECK(uids.insert(field_def["uid"].get<int>()).second);
            if (field.type == "integer" || field.type == "number") {
                CHECK(field_def["min"] == (std::isfinite(field.min) ? ojson(field.min) : ojson(nullptr)));
                CHECK(field_def["max"] == (std::isfinite(field.max) ? ojson(field.max) : ojson(nullptr)));
                ranges_checked += std::isfinite(field.min) && std::isfinite(field.max);
            } else {
                CHECK(field_def["min"].is_null());
            }
            if (!field.is_reference && !(field.type == "string" && field.default_value == "")) {
                REQUIRE(field_def["defaultOverride"].is_object());
                CHECK(field_def["defaultOverride"]["params"][0] == field.default_value);
            }
            ++fields_checked;
        }
    }
    CHECK(fields_checked > 20);
    CHECK(ranges_checked > 10);
    CHECK(project["nextUid"].get<int>() > *uids.rbegin());

    // The IntGrid layer: one value per tile type but empty, named and coloured like it.
    const ojson* grid = find_named(project["defs"]["layers"], "__type", "IntGrid");
    REQUIRE(grid);
    REQUIRE((*grid)["intGridValues"].size() == qs::tile_type_count - 1);
    for (std::size_t i = 1; i < qs::tile_type_count; ++i) {
        const ojson& value = (*grid)["intGridValues"][i - 1];
        CHECK(value["value"] == i);
        CHECK(value["identifier"] == std::string(qs::kTileTypes[i].name));
        CHECK(value["tile"]["tilesetUid"] == (*grid)["tilesetDefUid"]);
    }
}

TEST_CASE("editor template: the Tiled prefab tileset has a tile per prefab with its fields as properties") {
    const ojson tileset = qs::tiled_template_prefab_tileset();
    const std::vector<std::string>& prefabs = qs::level_schema().prefabs;
    REQUIRE(tileset["tiles"].size() == prefabs.size());
    CHECK(tileset["tilecount"] == prefabs.size());
    for (std::size_t i = 0; i < prefabs.size(); ++i) {
        const ojson& tile = tileset["tiles"][i];
        CAPTURE(prefabs[i]);
        CHECK(tile["id"] == i);
        CHECK(tile["type"] == prefabs[i]);
        const std::vector<qs::EditableField> fields = qs::editable_fields(prefabs[i]);
        const ojson properties = tile.value("properties", ojson::array());
        REQUIRE(properties.size() == fields.size());
        for (std::size_t f = 0; f < fields.size(); ++f) {
            CHECK(properties[f]["name"] == fields[f].name);
            if (fields[f].is_reference) {
                CHECK(properties[f]["type"] == "object");
            } else {
                CHECK(properties[f]["value"] == fields[f].default_value);
            }
        }
    }
}

TEST_CASE("editor template: the LDtk and Tiled folders load with no warning and play like the PNG one") {
    EditorTemplateDir dir;
    const int width = 24, height = 12;
    for (const qs::LevelTemplateFormat format :
         {qs::LevelTemplateFormat::ldtk, qs::LevelTemplateFormat::tiled}) {
        const bool ldtk = format == qs::LevelTemplateFormat::ldtk;
        CAPTURE(ldtk);
        const std::string name = ldtk ? "made_in_ldtk" : "made_in_tiled";
        const fs::path folder = dir.path() / name;
        std::string error;
        REQUIRE_MESSAGE(qs::create_level_template(folder, name, width, height, error, format), error);
        CHECK(fs::is_regular_file(folder / (name + (ldtk ? ".ldtk" : ".tmj"))));
        for (const char* image : {"tiles.png", "prefabs.png"}) {
            std::string png_error;
            const auto png = qs::load_png_rgba(folder / image, 1 << 20, png_error);
            REQUIRE_MESSAGE(png, png_error);
            CHECK(png->width % qs::kEditorTemplateTilePx == 0);
            // Drawn from the sprite sheet: not blank.
            CHECK(std::any_of(png->pixels.begin(), png->pixels.end(),
                              [](std::uint32_t p) { return (p & 0xff) != 0; }));
        }

        const std::string level_name = qs::template_level_name(name, format);
        CHECK(level_name == (ldtk ? name + "/Level_0" : name + "/" + name));
        const std::vector<fs::path> levels = qs::editor_level_paths(folder);
        REQUIRE(levels.size() == 1);
        CHECK(levels[0] == dir.path() / level_name);

        const qs::CheckedLevel checked = qs::check_level(dir.path() / level_name);
        for (const std::string& e : checked.errors) INFO(e);
        REQUIRE(checked.errors.empty());
        REQUIRE(checked.level);
        CHECK(checked.level->warnings.empty());
        CHECK(checked.level->tiles.width == width);
        CHECK(checked.level->tiles.height == height);
        REQUIRE(checked.entities.size() == 2);
        CHECK(qs::entity_type_name(checked.entities[0]) == "player");
        CHECK(qs::entity_type_name(checked.entities[1]) == "goal");
        REQUIRE(checked.level->placements.size() == 2);
        CHECK(checked.level->placements[0].x == doctest::Approx(1.5));
        CHECK(checked.level->placements[0].y == doctest::Approx(height - 1.5));
        CHECK(checked.level->placements[1].x == doctest::Approx(width - 1.5));
        REQUIRE(checked.level->rects.size() == 1);
        CHECK(checked.level->rects[0].y == height - 1);
        CHECK(checked.level->rects[0].w == width);
        CHECK(checked.level->rects[0].type == static_cast<int>(qs::TileType::ground));

        // Refuses to overwrite, as the PNG template does.
        CHECK_FALSE(qs::create_level_template(folder, name, width, height, error, format));
        CHECK(error.find("already exists") != std::string::npos);
    }
}
