// Tests for level discovery: it reads the .lvl and PNG headers only (a pixel problem shows when the level is
// opened), keeps the full check's verdict while the folder's files stay the same, and --list-levels' full
// discovery reports every problem.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <thread>

#include "engine/png_image.hpp"
#include "game/levels/cave_level.hpp"
#include "game/levels/level_catalog.hpp"
#include "scratch_dir.hpp"

namespace {

namespace fs = std::filesystem;

void write_cave(const fs::path& folder, std::uint32_t unknown_pixel = 0) {
    fs::create_directories(folder / "geometry");
    fs::create_directories(folder / "sprites");
    qs::StressLevelFiles files = qs::make_cave_level_files(32, 24);
    if (unknown_pixel != 0) files.geometry.pixels[5] = unknown_pixel;
    std::string error;
    REQUIRE(qs::save_png_rgba(folder / "geometry/layer0.png", files.geometry, error));
    REQUIRE(qs::save_png_rgba(folder / "sprites/layer0.png", files.sprites, error));
    std::ofstream(folder / "cave.lvl") << files.lvl_text;
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
