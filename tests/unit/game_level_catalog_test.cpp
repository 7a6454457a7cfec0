// Tests for level discovery: it reads the .lvl and PNG headers only (a pixel problem shows when the level is
// opened), keeps the full check's verdict while the folder's files stay the same, and --list-levels' full
// discovery reports every problem.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <thread>

#include "engine/png_image.hpp"
#include "game/levels/cave_level.hpp"
#include "game/levels/level_catalog.hpp"
#include "scratch_dir.hpp"

namespace {

namespace fs = std::filesystem;

/// A cave level folder; `lvl_extra` goes into its .lvl (`"key": value, `).
void write_cave(const fs::path& folder, std::uint32_t unknown_pixel = 0, const std::string& lvl_extra = "") {
    fs::create_directories(folder / "geometry");
    fs::create_directories(folder / "sprites");
    qs::StressLevelFiles files = qs::make_cave_level_files(32, 24);
    if (unknown_pixel != 0) files.geometry.pixels[5] = unknown_pixel;
    std::string error;
    REQUIRE(qs::save_png_rgba(folder / "geometry/layer0.png", files.geometry, error));
    REQUIRE(qs::save_png_rgba(folder / "sprites/layer0.png", files.sprites, error));
    std::ofstream(folder / "cave.lvl") << "{ " + lvl_extra + files.lvl_text.substr(1);
}

}  // namespace

TEST_CASE("discovery: headers only, then the verdict of the full check while the files stay the same") {
    qs::test::ScratchDir dir("qs_catalog_test");
    write_cave(dir.path() / "a_good");
    write_cave(dir.path() / "b_bad_pixel", 0x123456ff);
    fs::create_directories(dir.path() / "c_no_geometry");
    std::ofstream(dir.path() / "c_no_geometry/x.lvl") << "{}";

    qs::LevelVerdicts verdicts;
    std::vector<qs::LevelListing> levels = qs::discover_levels({dir.path()}, verdicts);
    REQUIRE(levels.size() == 3);
    CHECK(levels[0].ok);
    CHECK(levels[0].title == "Cave 32x24");
    CHECK_FALSE(levels[0].fully_checked);
    CHECK(levels[1].ok);  // its pixels were not looked at
    CHECK_FALSE(levels[2].ok);
    const std::string no_geometry = levels[2].reason;
    CHECK(no_geometry.find("c_no_geometry") != std::string::npos);

    // The full discovery (--list-levels) sees the pixel, with the full check's first error.
    const std::vector<qs::LevelListing> full = qs::discover_levels({dir.path()});
    REQUIRE(full.size() == 3);
    CHECK(full[0].ok);
    CHECK_FALSE(full[1].ok);
    CHECK(full[1].reason.find("geometry/layer0.png:5,0: unknown colour #123456") != std::string::npos);
    CHECK(full[2].reason == no_geometry);

    // Opening the level checks it fully; the verdict is kept for the next discovery.
    CHECK_FALSE(verdicts.check(dir.path() / "b_bad_pixel").level);
    levels = qs::discover_levels({dir.path()}, verdicts);
    CHECK_FALSE(levels[1].ok);
    CHECK(levels[1].fully_checked);
    CHECK(levels[1].reason == full[1].reason);

    // A changed file drops the verdict: the level is fixed.
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    write_cave(dir.path() / "b_bad_pixel");
    levels = qs::discover_levels({dir.path()}, verdicts);
    CHECK(levels[1].ok);
    CHECK_FALSE(levels[1].fully_checked);
}

TEST_CASE(
    "discovery: the .lvl's author is listed by the header scan and the full check; a bad one is an error") {
    qs::test::ScratchDir dir("qs_catalog_test");
    write_cave(dir.path() / "a_by_ann", 0, "\"author\": \"Ann\\u0007 B.\", ");
    write_cave(dir.path() / "b_number", 0, "\"author\": 7, ");
    write_cave(dir.path() / "c_long", 0, "\"author\": \"" + std::string(101, 'x') + "\", ");
    write_cave(dir.path() / "d_none");
    qs::LevelVerdicts verdicts;
    for (const std::vector<qs::LevelListing>& levels :
         {qs::discover_levels({dir.path()}, verdicts), qs::discover_levels({dir.path()})}) {
        REQUIRE(levels.size() == 4);
        CHECK(levels[0].ok);
        CHECK(levels[0].author == "Ann\\x07 B.");  // shown as printable text
        CHECK_FALSE(levels[1].ok);
        CHECK(levels[1].reason.find("cave.lvl: author must be a string (who made the level), got a number") !=
              std::string::npos);
        CHECK_FALSE(levels[2].ok);
        CHECK(levels[2].reason.find("author: 101 bytes, over the limit of 100") != std::string::npos);
        CHECK(levels[3].ok);
        CHECK(levels[3].author.empty());
    }
    // The author is not play: the level plays the same with another author.
    const qs::CheckedLevel by_ann = qs::check_level(dir.path() / "a_by_ann");
    const qs::CheckedLevel no_author = qs::check_level(dir.path() / "d_none");
    REQUIRE(by_ann.level);
    REQUIRE(no_author.level);
    CHECK(by_ann.level->author == "Ann\\x07 B.");
    CHECK(by_ann.identity.geometry == no_author.identity.geometry);
    CHECK(by_ann.identity.entities == no_author.identity.entities);
    CHECK(by_ann.identity.rules == no_author.identity.rules);
}

TEST_CASE("discovery: a level folder of the first dir is found by its name as the list would find it") {
    qs::test::ScratchDir first("qs_catalog_first"), second("qs_catalog_second");
    write_cave(first.path() / "b_level");
    write_cave(first.path() / "d_level");
    write_cave(second.path() / "a_level");
    write_cave(second.path() / "b_level");
    const std::vector<fs::path> dirs{first.path(), second.path()};
    const std::vector<qs::LevelListing> listed = qs::discover_levels(dirs, qs::LevelVerdicts{});
    const auto listed_path = [&](const std::string& name) -> std::optional<fs::path> {
        for (const qs::LevelListing& listing : listed)
            if (listing.name == name) return listing.path;
        return std::nullopt;
    };
    REQUIRE(listed_path("b_level"));
    CHECK(qs::first_dir_level_folder(dirs, "b_level") == listed_path("b_level"));  // the first dir's
    CHECK(qs::first_dir_level_folder(dirs, "d_level") == listed_path("d_level"));
    CHECK_FALSE(qs::first_dir_level_folder(dirs, "a_level"));  // in the second dir only: the list tells
    CHECK_FALSE(qs::first_dir_level_folder(dirs, "none"));
    CHECK_FALSE(qs::first_dir_level_folder(dirs, "b_level/cave"));
    CHECK_FALSE(qs::first_dir_level_folder(dirs, ".."));
    // A package sorted before it may hold a level of that name: only the list can tell.
    std::ofstream(first.path() / "a_pack.qslevel") << "not a zip";
    CHECK_FALSE(qs::first_dir_level_folder(dirs, "b_level"));
}
