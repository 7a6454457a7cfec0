// Tests for the generated level reference: LEVELS.md holds exactly level_guide_reference() between its
// markers, and every tile type, prefab and editable field has a description.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "engine/level_folder.hpp"
#include "game/levels/level_guide.hpp"
#include "game/levels/prefabs.hpp"
#include "game/sim/world.hpp"

namespace {

constexpr const char* kBegin = "<!-- BEGIN GENERATED REFERENCE -->\n";
constexpr const char* kEnd = "<!-- END GENERATED REFERENCE -->";

std::string read_levels_md() {
    std::ifstream file(std::string(QUICKSTEP_SOURCE_DIR) + "/LEVELS.md", std::ios::binary);
    REQUIRE_MESSAGE(file, "LEVELS.md is missing from the source tree");
    std::stringstream text;
    text << file.rdbuf();
    return text.str();
}

}  // namespace

TEST_CASE("guide: LEVELS.md holds the generated reference exactly") {
    const std::string md = read_levels_md();
    const std::size_t begin = md.find(kBegin);
    const std::size_t end = md.find(kEnd);
    REQUIRE_MESSAGE(begin != std::string::npos, "LEVELS.md lacks the line " << kBegin);
    REQUIRE_MESSAGE(end != std::string::npos, "LEVELS.md lacks the line " << kEnd);
    REQUIRE(begin < end);
    const std::size_t section_start = begin + std::string(kBegin).size();
    const std::string section = md.substr(section_start, end - section_start);
    const bool same = section == qs::level_guide_reference();
    CHECK_MESSAGE(
        same,
        "the reference in LEVELS.md differs from the field lists; regenerate it (from the source dir):\n"
        "  BUILD/quickstep --level-guide > /tmp/ref.md && awk '/<!-- BEGIN GENERATED REFERENCE -->/ "
        "{print; while ((getline l < \"/tmp/ref.md\") > 0) print l; skip = 1; next} "
        "/<!-- END GENERATED REFERENCE -->/ {skip = 0} !skip' LEVELS.md > /tmp/LEVELS.md && "
        "mv /tmp/LEVELS.md LEVELS.md");
}

TEST_CASE("guide: every tile type, prefab and editable field is described") {
    for (const std::string& problem : qs::level_guide_problems()) {
        FAIL_CHECK(problem << " -- add or remove it in the description table in game/levels/level_guide.cpp");
    }
    const std::string reference = qs::level_guide_reference();
    CHECK(reference.find("undocumented") == std::string::npos);
    // Descriptions of removed things are harmless; mention them so they get cleaned up.
    for (const std::string& key : qs::level_guide_unused_descriptions())
        MESSAGE("game/levels/level_guide.cpp describes \"" << key << "\", which no longer exists");
}

TEST_CASE("guide: the reference names every tile type, prefab and editable field with its default") {
    const std::string reference = qs::level_guide_reference();
    const qs::LevelSchema& schema = qs::level_schema();
    for (const std::string& tile : schema.tile_types)
        CHECK(reference.find("| `" + tile + "` |") != std::string::npos);
    for (const std::string& prefab : schema.prefabs) {
        CAPTURE(prefab);
        const std::size_t heading = reference.find("#### `" + prefab + "`\n");
        REQUIRE(heading != std::string::npos);
        for (const qs::EditableField& field : qs::editable_fields(prefab)) {
            CAPTURE(field.name);
            CHECK(reference.find("| `" + field.name + "` | " + field.type + " |", heading) !=
                  std::string::npos);
        }
    }
    CHECK(reference.find("| `speed` | number | `2.0` |") != std::string::npos);
    CHECK(reference.find("| `targets` | list of references | `[]` |") != std::string::npos);
    CHECK(reference.find("#### `projectile`") == std::string::npos);  // spawned at run time, not placeable
}

TEST_CASE("guide: editable_fields follows the field lists") {
    const auto walker = qs::editable_fields("walker");
    REQUIRE(walker.size() == 2);
    CHECK(walker[0].name == "speed");
    CHECK(walker[0].type == "number");
    CHECK(walker[0].default_value == 2.0);
    CHECK(walker[1].name == "facing");
    CHECK(walker[1].default_value == -1);
    CHECK(qs::editable_fields("goal").empty());
    CHECK(qs::editable_fields("no_such_prefab").empty());
    const auto sw = qs::editable_fields("switch");
    REQUIRE_FALSE(sw.empty());
    CHECK(sw[0].is_reference);
}

TEST_CASE("guide: LEVELS.md states the loader's current hard limits") {
    const qs::LevelLimits limits;
    const std::string md = read_levels_md();
    const std::string rows[] = {
        "| `.lvl` file size | " + std::to_string(limits.max_lvl_bytes) + " bytes",
        "| `.lvl` nesting depth | " + std::to_string(limits.max_json_depth) + " levels",
        "| pixels in one image | " + std::to_string(limits.max_image_pixels) + " ",
        "| geometry width and height | " + std::to_string(limits.max_level_tiles_side) + " tiles",
        "| layers per kind (geometry, sprites, visuals) | " + std::to_string(limits.max_layers_per_kind) +
            " |",
        "| all visuals layers together | " + std::to_string(limits.max_visual_pixels) + " pixels",
        "| coloured sprite pixels (entities placed), all layers | " +
            std::to_string(limits.max_sprite_placements) + " |",
    };
    for (const std::string& row : rows) {
        CHECK_MESSAGE(md.find(row) != std::string::npos, "LEVELS.md's limits table lacks \""
                                                             << row
                                                             << "\": update it to engine/level_folder.hpp");
    }
}
