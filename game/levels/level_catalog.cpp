// Level discovery and the full level check.
#include "game/levels/level_catalog.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <system_error>

#include "game/levels/prefabs.hpp"
#include "game/sim/world.hpp"

namespace qs {

namespace fs = std::filesystem;

namespace {

CheckedLevel load_and_check(const fs::path& folder) {
    CheckedLevel checked;
    LevelLoadResult loaded = load_level_folder(folder, level_schema());
    checked.errors = std::move(loaded.errors);
    if (!loaded.level) {
        if (checked.errors.empty()) checked.errors.push_back(folder.string() + ": cannot load the level");
        return checked;
    }
    std::vector<std::string> errors;
    checked.entities = build_level_entities(*loaded.level, errors);
    if (!errors.empty()) {
        checked.errors.insert(checked.errors.end(), errors.begin(), errors.end());
        checked.entities.clear();
        return checked;
    }
    checked.level = std::make_shared<const LevelData>(std::move(*loaded.level));
    return checked;
}

}  // namespace

CheckedLevel check_level(const fs::path& folder) {
    const auto started = std::chrono::steady_clock::now();
    CheckedLevel checked = load_and_check(folder);
    checked.check_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
    return checked;
}

std::vector<LevelListing> discover_levels(const std::vector<fs::path>& dirs) {
    std::vector<LevelListing> out;
    for (const fs::path& dir : dirs) {
        std::error_code ec;
        if (!fs::is_directory(dir, ec)) continue;
        std::vector<fs::path> folders;
        for (fs::directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec), end;
             !ec && it != end; it.increment(ec)) {
            std::error_code type_ec;
            if (it->is_directory(type_ec) && looks_like_level_folder(it->path()))
                folders.push_back(it->path());
        }
        std::sort(folders.begin(), folders.end());
        for (const fs::path& folder : folders) {
            LevelListing listing;
            listing.name = folder.filename().string();
            listing.path = folder;
            CheckedLevel checked = check_level(folder);
            listing.ok = checked.level != nullptr;
            listing.title = checked.level ? checked.level->name : listing.name;
            if (!checked.errors.empty()) listing.reason = checked.errors.front();
            out.push_back(std::move(listing));
        }
    }
    return out;
}

}  // namespace qs
