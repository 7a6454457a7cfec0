// The shipped levels (levels/ in the source tree) for game tests that must hold on every one of them.
// Kept apart from game_test_world.hpp because it needs doctest, which the fuzz harnesses do not link.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "game/levels/level_catalog.hpp"
#include "test_sizing.hpp"

namespace qs::test {

/// The shipped levels: every folder of levels/ in the source tree, by name, in order. Read from the folder
/// so that a level added there is in every test over the shipped levels without another list to keep.
inline const std::vector<std::string>& shipped_levels() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> found;
        const std::filesystem::path root = std::filesystem::path(QUICKSTEP_SOURCE_DIR) / "levels";
        for (const auto& entry : std::filesystem::directory_iterator(root)) {
            if (entry.is_directory()) found.push_back(entry.path().filename().string());
        }
        std::sort(found.begin(), found.end());
        return found;
    }();
    return names;
}

/// The shipped levels the test tier plays: every one in the full tier, the sample that
/// tests/data/dev_tier_levels.txt names in the dev tier (test_sizing.hpp: dev_tier), which it says in a
/// MESSAGE so that a passing run shows it sampled.
inline std::vector<std::string> tier_levels() {
    const std::vector<std::string>& all = shipped_levels();
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
    for (const std::string& level_name : shipped_levels()) {
        CAPTURE(level_name);
        CheckedLevel checked = check_level(std::string(QUICKSTEP_SOURCE_DIR) + "/levels/" + level_name);
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
