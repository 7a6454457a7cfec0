// The shipped levels (levels/ in the source tree) for game tests that must hold on every one of them.
// Kept apart from game_test_world.hpp because it needs doctest, which the fuzz harnesses do not link.
#pragma once

#include <doctest/doctest.h>

#include <string>

#include "game/levels/level_catalog.hpp"

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

}  // namespace qs::test
