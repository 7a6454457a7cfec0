// Tests for the level template generator (--new-level): the folder it writes passes check_level, its .lvl
// lists every tile type and prefab with editable defaults and distinct colours, and nothing is overwritten.
#include <doctest/doctest.h>

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "engine/png_image.hpp"
#include "game/app/level_template.hpp"
#include "game/levels/level_catalog.hpp"
#include "game/levels/level_guide.hpp"
#include "game/sim/world.hpp"

#include "tests/unit/scratch_dir.hpp"

namespace {

namespace fs = std::filesystem;

/// A scratch folder under the system temp dir, removed when the test ends.
struct TemplateDir : qs::test::ScratchDir {
    TemplateDir() : ScratchDir("qs_template_test") {}
};

nlohmann::json read_json(const fs::path& path) {
    std::ifstream file(path);
    REQUIRE(file);
    return nlohmann::json::parse(file);
}

}  // namespace

TEST_CASE("template: the generated folder passes check_level and plays at once") {
    TemplateDir dir;
    const fs::path folder = dir.path() / "my_level";
    std::string error;
    REQUIRE_MESSAGE(qs::create_level_template(folder, "My Level", 40, 12, error), error);
    CHECK(fs::is_regular_file(folder / "my_level.lvl"));
    CHECK(fs::is_regular_file(folder / "palette.png"));

    const qs::CheckedLevel checked = qs::check_level(folder);
    for (const std::string& e : checked.errors) INFO(e);
    REQUIRE(checked.errors.empty());
    REQUIRE(checked.level);
    CHECK(checked.level->name == "My Level");
    CHECK(checked.check_ms > 0);  // reading the folder is timed, for the level: line
    CHECK(checked.level->tiles.width == 40);
    CHECK(checked.level->tiles.height == 12);
    REQUIRE(checked.entities.size() == 2);  // the player and the goal
    CHECK(qs::entity_type_name(checked.entities[0]) == "player");
    CHECK(qs::entity_type_name(checked.entities[1]) == "goal");
    // The ground row is one rectangle under the player.
    REQUIRE(checked.level->rects.size() == 1);
    CHECK(checked.level->rects[0].y == 11);
    CHECK(checked.level->rects[0].w == 40);
}

TEST_CASE("template: the .lvl lists every tile type and every prefab with its editable fields") {
    TemplateDir dir;
    const fs::path folder = dir.path() / "all";
    std::string error;
    REQUIRE_MESSAGE(qs::create_level_template(folder, "all", 8, 8, error), error);
    const nlohmann::json lvl = read_json(folder / "all.lvl");
    const qs::LevelSchema& schema = qs::level_schema();

    std::vector<std::string> tiles;
    for (const std::string& tile : schema.tile_types) {
        if (tile != "empty") tiles.push_back(tile);
    }
    CHECK(lvl.at("obj_prefabs").get<std::vector<std::string>>() == tiles);
    CHECK(lvl.at("obj_colors").size() == tiles.size());

    const nlohmann::json& entries = lvl.at("spr_prefabs");
    REQUIRE(entries.size() == schema.prefabs.size());
    CHECK(lvl.at("spr_colors").size() == schema.prefabs.size());
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const std::string& prefab = schema.prefabs[i];
        CAPTURE(prefab);
        REQUIRE(entries[i].is_object());
        CHECK(entries[i].at("prefab") == prefab);
        std::size_t fields = 0;
        for (const qs::EditableField& field : qs::editable_fields(prefab)) {
            if (field.default_value.is_null()) continue;
            CAPTURE(field.name);
            REQUIRE(entries[i].contains(field.name));
            CHECK(entries[i].at(field.name).dump() == field.default_value.dump());
            ++fields;
        }
        CHECK(entries[i].size() == fields + 1);
    }
    // A walker shows its speed; a switch its (empty) targets.
    CHECK(lvl.dump().find("\"speed\":2.0") != std::string::npos);
    CHECK(lvl.dump().find("\"targets\":[]") != std::string::npos);

    std::set<std::string> colours;
    for (const char* key : {"obj_colors", "spr_colors"}) {
        for (const auto& colour : lvl.at(key)) colours.insert(colour.get<std::string>());
    }
    CHECK(colours.size() == tiles.size() + schema.prefabs.size());  // all distinct
}

TEST_CASE("template: blank layers of the given size and a palette legend") {
    TemplateDir dir;
    const fs::path folder = dir.path() / "sized";
    std::string error;
    REQUIRE_MESSAGE(qs::create_level_template(folder, "Sized", 33, 9, error), error);
    for (const char* layer : {"geometry/layer0.png", "sprites/layer0.png"}) {
        CAPTURE(layer);
        const auto image = qs::load_png_rgba(folder / layer, 1 << 24, error);
        REQUIRE_MESSAGE(image, error);
        CHECK(image->width == 33);
        CHECK(image->height == 9);
        std::size_t coloured = 0;
        for (std::uint32_t pixel : image->pixels) coloured += (pixel & 0xffu) != 0;
        CHECK(coloured == (std::string(layer).starts_with("geometry") ? 33u : 2u));
    }
    const auto palette = qs::load_png_rgba(folder / "palette.png", 1 << 24, error);
    REQUIRE_MESSAGE(palette, error);
    // One row per colour: taller than the number of entries, and every template colour appears as a swatch.
    const nlohmann::json lvl = read_json(folder / "sized.lvl");
    CHECK(palette->height > 20 * static_cast<int>(lvl.at("spr_colors").size()));
    std::set<std::uint32_t> pixels(palette->pixels.begin(), palette->pixels.end());
    for (const char* key : {"obj_colors", "spr_colors"}) {
        for (const auto& colour : lvl.at(key)) {
            const std::uint32_t rgb = std::stoul(colour.get<std::string>().substr(1), nullptr, 16);
            CAPTURE(colour);
            CHECK(pixels.count((rgb << 8) | 0xffu) == 1);
        }
    }
}

TEST_CASE("template: palette.gpl is a GIMP palette naming every colour of the .lvl") {
    TemplateDir dir;
    const fs::path folder = dir.path() / "painted";
    std::string error;
    REQUIRE_MESSAGE(qs::create_level_template(folder, "Painted", 16, 8, error), error);
    std::ifstream file(folder / "palette.gpl");
    REQUIRE(file);
    std::string line;
    REQUIRE(std::getline(file, line));
    CHECK(line == "GIMP Palette");
    std::vector<std::pair<std::string, std::string>> named;  // "#rrggbb", name
    while (std::getline(file, line)) {
        if (line.empty() || line[0] == '#' || line.starts_with("Name:") || line.starts_with("Columns:"))
            continue;
        unsigned r = 256, g = 256, b = 256;
        char name[128] = {};
        REQUIRE_MESSAGE(std::sscanf(line.c_str(), "%u %u %u\t%127[^\n]", &r, &g, &b, name) == 4, line);
        CHECK((r < 256 && g < 256 && b < 256));
        char hex[8];
        std::snprintf(hex, sizeof hex, "#%02x%02x%02x", r, g, b);
        named.emplace_back(hex, name);
    }
    const nlohmann::json lvl = read_json(folder / "painted.lvl");
    std::vector<std::pair<std::string, std::string>> expected;
    for (std::size_t i = 0; i < lvl.at("obj_colors").size(); ++i)
        expected.emplace_back(lvl["obj_colors"][i].get<std::string>(),
                              lvl["obj_prefabs"][i].get<std::string>());
    for (std::size_t i = 0; i < lvl.at("spr_colors").size(); ++i)
        expected.emplace_back(lvl["spr_colors"][i].get<std::string>(),
                              lvl["spr_prefabs"][i].at("prefab").get<std::string>());
    REQUIRE(named.size() == expected.size());
    for (std::size_t i = 0; i < named.size(); ++i) {
        CAPTURE(named[i].second);
        CHECK(named[i].first == expected[i].first);
        CHECK(named[i].second.starts_with(expected[i].second + " ("));
    }
}

TEST_CASE("template: refuses to overwrite an existing folder") {
    TemplateDir dir;
    const fs::path folder = dir.path() / "taken";
    std::string error;
    REQUIRE(qs::create_level_template(folder, "taken", 16, 16, error));
    std::ofstream(folder / "notes.txt") << "mine";
    CHECK_FALSE(qs::create_level_template(folder, "taken", 16, 16, error));
    CHECK(error.find("already exists") != std::string::npos);
    CHECK(fs::exists(folder / "notes.txt"));
    CHECK(qs::check_level(folder).errors.empty());

    fs::create_directory(dir.path() / "empty_but_there");
    CHECK_FALSE(qs::create_level_template(dir.path() / "empty_but_there", "x", 16, 16, error));
    CHECK(error.find("already exists") != std::string::npos);
}

TEST_CASE("template: bad names and sizes are refused with a clear error, leaving nothing behind") {
    TemplateDir dir;
    std::string error;
    CHECK_FALSE(qs::create_level_template(dir.path() / "small", "small", 7, 16, error));
    CHECK(error == "level size 7x16 is out of range: each side must be from 8 to 4096 tiles");
    CHECK_FALSE(qs::create_level_template(dir.path() / "big", "big", 16, 4097, error));
    CHECK(error.find("4096") != std::string::npos);
    CHECK_FALSE(qs::create_level_template(dir.path() / ".hidden", "hidden", 16, 16, error));
    CHECK(error.find("not a usable level folder name") != std::string::npos);
    CHECK_FALSE(qs::create_level_template(dir.path() / "tab", "bad\tname", 16, 16, error));
    CHECK(error.find("printable") != std::string::npos);
    CHECK(fs::is_empty(dir.path()));

    CHECK(qs::is_valid_level_folder_name("my-level_2.v1"));
    CHECK_FALSE(qs::is_valid_level_folder_name("../up"));
    CHECK_FALSE(qs::is_valid_level_folder_name("a/b"));
    CHECK_FALSE(qs::is_valid_level_folder_name(""));
    CHECK_FALSE(qs::is_valid_level_folder_name(std::string(65, 'a')));

    CHECK(qs::parse_level_size("64x24") == std::pair{64, 24});
    CHECK(qs::parse_level_size("8X8") == std::pair{8, 8});
    CHECK_FALSE(qs::parse_level_size("64"));
    CHECK_FALSE(qs::parse_level_size("x24"));
    CHECK_FALSE(qs::parse_level_size("-8x8"));
    CHECK_FALSE(qs::parse_level_size("8x8x8"));
    CHECK_FALSE(qs::parse_level_size("99999999999x8"));
}

TEST_CASE("template: parent folders are created") {
    TemplateDir dir;
    std::string error;
    REQUIRE_MESSAGE(qs::create_level_template(dir.path() / "a/b/levels/deep", "deep", 8, 8, error), error);
    CHECK(qs::check_level(dir.path() / "a/b/levels/deep").errors.empty());
}
