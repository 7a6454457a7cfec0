// Level discovery, the full level check and the verdicts remembered by file fingerprints.
#include "game/levels/level_catalog.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <system_error>

#include "engine/fnv1a.hpp"
#include "engine/printable_text.hpp"
#include "game/levels/prefabs.hpp"
#include "game/sim/tiles.hpp"
#include "game/sim/world.hpp"

namespace qs {

namespace fs = std::filesystem;

namespace {

CheckedLevel load_and_check(const fs::path& folder) {
    CheckedLevel checked;
    // The folder name is the level's name in progress, replays, saves and dumps (all JSON or shown): it
    // must be text.
    if (!valid_utf8(folder.filename().string())) {
        checked.errors.push_back(printable(folder.string()) +
                                 ": the folder name is not valid UTF-8 - rename the folder to play it");
        return checked;
    }
    // The collision shapes need only the geometry: made while the other layers are decoded.
    std::shared_ptr<const TerrainShapes> terrain;
    LevelLoadResult loaded = load_level_folder(
        folder, level_schema(), {}, [&](const TileGrid& tiles, const std::vector<TileRect>& rects) {
            terrain = TerrainShapes::build(tiles, rects);
        });
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
    checked.identity = level_identity(*loaded.level, checked.entities);
    checked.level = std::make_shared<const LevelData>(std::move(*loaded.level));
    checked.terrain = std::move(terrain);
    return checked;
}

/// The level folders of each dir in `dirs` (dir order, then sorted by name).
std::vector<fs::path> level_folders(const std::vector<fs::path>& dirs) {
    std::vector<fs::path> all;
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
        all.insert(all.end(), folders.begin(), folders.end());
    }
    return all;
}

void set_verdict(LevelListing& listing, const CheckedLevel& checked) {
    listing.ok = checked.level != nullptr;
    listing.title = checked.level ? checked.level->name : listing.name;
    listing.reason = checked.errors.empty() ? std::string() : checked.errors.front();
    listing.fully_checked = true;
}

/// Adds "name\0size\0mtime\0" of every entry of `dir` accepted by `wanted` to `entries`.
template <class Wanted>
bool list_stamps(const fs::path& dir, Wanted wanted, std::vector<std::string>& entries) {
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (!wanted(it->path())) continue;
        std::error_code stat_ec;
        const std::uintmax_t size = it->is_regular_file(stat_ec) ? it->file_size(stat_ec) : 0;
        const auto time = it->last_write_time(stat_ec).time_since_epoch().count();
        entries.push_back(name + '\0' + std::to_string(size) + '\0' + std::to_string(time) + '\0' +
                          (stat_ec ? "?" : ""));
    }
    return !ec || ec == std::errc::no_such_file_or_directory;
}

}  // namespace

CheckedLevel check_level(const fs::path& folder) {
    const auto started = std::chrono::steady_clock::now();
    CheckedLevel checked = load_and_check(folder);
    checked.check_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
    return checked;
}

std::optional<std::uint64_t> level_folder_fingerprint(const fs::path& folder) {
    std::vector<std::string> entries;
    if (!list_stamps(
            folder, [](const fs::path& p) { return p.extension() == ".lvl"; }, entries))
        return std::nullopt;
    for (const char* kind : {"geometry", "sprites", "visuals"}) {
        entries.push_back(std::string(kind) + '/');
        if (!list_stamps(
                folder / kind, [](const fs::path&) { return true; }, entries))
            return std::nullopt;
    }
    std::sort(entries.begin(), entries.end());
    std::uint64_t hash = fnv1a64_seed;
    for (const std::string& entry : entries) hash = fnv1a64(entry.data(), entry.size() + 1, hash);
    return hash;
}

CheckedLevel LevelVerdicts::check(const fs::path& folder) {
    const std::optional<std::uint64_t> fingerprint = level_folder_fingerprint(folder);
    CheckedLevel checked = check_level(folder);
    if (fingerprint) remember(folder, *fingerprint, checked);
    return checked;
}

void LevelVerdicts::remember(const fs::path& folder, std::uint64_t fingerprint, const CheckedLevel& checked) {
    Verdict& verdict = verdicts_[folder];
    verdict.fingerprint = fingerprint;
    verdict.ok = checked.level != nullptr;
    verdict.title = checked.level ? checked.level->name : folder.filename().string();
    verdict.reason = checked.errors.empty() ? std::string() : checked.errors.front();
}

bool LevelVerdicts::recall(std::uint64_t fingerprint, LevelListing& listing) const {
    const auto it = verdicts_.find(listing.path);
    if (it == verdicts_.end() || it->second.fingerprint != fingerprint) return false;
    listing.ok = it->second.ok;
    listing.title = it->second.title;
    listing.reason = it->second.reason;
    listing.fully_checked = true;
    return true;
}

std::vector<LevelListing> discover_levels(const std::vector<fs::path>& dirs) {
    std::vector<LevelListing> out;
    for (const fs::path& folder : level_folders(dirs)) {
        LevelListing listing;
        listing.name = folder.filename().string();
        listing.path = folder;
        set_verdict(listing, check_level(folder));
        out.push_back(std::move(listing));
    }
    return out;
}

std::vector<LevelListing> discover_levels(const std::vector<fs::path>& dirs, const LevelVerdicts& verdicts) {
    std::vector<LevelListing> out;
    for (const fs::path& folder : level_folders(dirs)) {
        LevelListing listing;
        listing.name = folder.filename().string();
        listing.path = folder;
        const std::optional<std::uint64_t> fingerprint = level_folder_fingerprint(folder);
        if (!fingerprint || !verdicts.recall(*fingerprint, listing)) {
            LevelScanResult scan = scan_level_folder(folder, level_schema());
            listing.ok = scan.errors.empty();
            listing.title = listing.ok ? scan.name : listing.name;
            if (!scan.errors.empty()) listing.reason = scan.errors.front();
        }
        out.push_back(std::move(listing));
    }
    return out;
}

}  // namespace qs
