// Level discovery and checking: which level folders exist in the levels dirs (shipped first), whether
// each one loads, and the full check (loader + prefab configuration) used by --check and play.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "engine/level_folder.hpp"
#include "game/sim/roster.hpp"

namespace qs {

/// A level folder fully checked: the data and its entities, or every error found.
struct CheckedLevel {
    std::shared_ptr<const LevelData> level;  ///< null when there were errors
    std::vector<Entity> entities;            ///< placement order
    std::vector<std::string> errors;
    double check_ms = 0;  ///< wall time check_level took (reading and checking the folder); 0 for a copy
};

/// Loads the folder and checks its prefab configuration (timed: check_ms).
CheckedLevel check_level(const std::filesystem::path& folder);

/// One discovered level folder.
struct LevelListing {
    std::string name;   ///< folder name
    std::string title;  ///< the .lvl "name", or the folder name
    std::filesystem::path path;
    bool ok = false;
    std::string reason;  ///< first error when broken
};

/// Every level folder (a subfolder holding a .lvl) in `dirs`, each dir's folders sorted by name, dirs in
/// the given order. A missing dir is skipped. Every folder is checked.
std::vector<LevelListing> discover_levels(const std::vector<std::filesystem::path>& dirs);

}  // namespace qs
