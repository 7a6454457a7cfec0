// The shipped levels (levels/ in the source tree) for game tests that must hold on every one of them.
// Kept apart from game_test_world.hpp because it needs doctest, which the fuzz harnesses do not link.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "game/levels/level_catalog.hpp"
#include "test_sizing.hpp"

namespace qs::test {

/// The shipped levels (levels/ in the source tree), by folder name.
inline constexpr const char* shipped_levels[] = {
    "01_first_steps",     "02_walker_woods",    "03_switchworks",   "04_turret_caverns",
    "05_frozen_peaks",    "06_the_summit",      "07_meadow_hops",   "08_gear_garden",
    "09_icicle_run",      "10_golden_vault",    "11_spring_meadow", "12_bounce_works",
    "13_crumble_bridge",  "14_spring_collapse", "15_bounce_valley", "16_belt_line",
    "17_saw_mill",        "18_belt_and_blade",  "19_the_foundry",   "20_treetop_climb",
    "21_rolling_hills",   "22_walker_patrol",   "23_black_ice",     "24_brittle_cornice",
    "25_the_last_ascent", "26_bounce_valley_b", "27_belt_line_b",   "28_crumble_bridge_b"};

/// The shipped levels the test tier plays: every one in the full tier, the sample that
/// tests/data/dev_tier_levels.txt names in the dev tier (test_sizing.hpp: dev_tier), which it says in a
/// MESSAGE so that a passing run shows it sampled.
inline std::vector<std::string> tier_levels() {
    std::vector<std::string> all(std::begin(shipped_levels), std::end(shipped_levels));
    if (!dev_tier()) return all;
    const std::string path = std::string(QUICKSTEP_SOURCE_DIR) + "/tests/data/dev_tier_levels.txt";
    std::ifstream in(path);
    REQUIRE_MESSAGE(in.is_open(), "cannot read " << path);
    std::vector<std::string> sample;
    for (std::string line; std::getline(in, line);) {
        std::istringstream words(line.substr(0, line.find('#')));
        std::string name;
        if (!(words >> name)) continue;
        REQUIRE_MESSAGE(std::find(all.begin(), all.end(), name) != all.end(),
                        path << " names " << name << ", which is not a shipped level");
        sample.push_back(name);
    }
    REQUIRE_MESSAGE(!sample.empty(), path << " names no level");
    MESSAGE("dev tier: " << sample.size() << " of " << all.size()
                         << " levels; every one: cmake -DQUICKSTEP_TEST_TIER=full build");
    return sample;
}

/// Calls use(checked) for every shipped level, checked as the game checks it (a broken one fails the test).
template <class Use>
void for_each_shipped_level(Use&& use) {
    for (const char* name : shipped_levels) {
        const std::string level_name = name;
        CAPTURE(level_name);
        CheckedLevel checked = check_level(std::string(QUICKSTEP_SOURCE_DIR) + "/levels/" + name);
        REQUIRE(checked.level);
        use(checked);
    }
}

/// Calls use(checked) for every level the test tier plays (tier_levels), checked as the game checks it.
template <class Use>
void for_each_tier_level(Use&& use) {
    for (const std::string& level_name : tier_levels()) {
        CAPTURE(level_name);
        CheckedLevel checked = check_level(std::string(QUICKSTEP_SOURCE_DIR) + "/levels/" + level_name);
        REQUIRE(checked.level);
        use(checked);
    }
}

}  // namespace qs::test
