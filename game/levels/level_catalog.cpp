// Level discovery, the full level check and the verdicts remembered by file fingerprints.
#include "game/levels/level_catalog.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <system_error>

#include "engine/fnv1a.hpp"
#include "engine/level_editor.hpp"
#include "engine/printable_text.hpp"
#include "game/levels/prefabs.hpp"
#include "game/sim/tiles.hpp"
#include "game/sim/world.hpp"

namespace qs {

namespace fs = std::filesystem;

namespace {

/// The files the level comes from, loaded: a level folder's layers, or one level of an editor project.
LevelLoadResult load_any(const fs::path& folder, const GeometryReady& geometry_ready) {
    if (const std::optional<EditorLevelPath> editor = editor_level_of(folder))
        return load_editor_level(editor->folder, editor->name, level_schema());
    if (!looks_like_level_folder(folder) && looks_like_editor_folder(folder)) {
        // A project folder: its one level, else the names to choose from.
        EditorProject project = list_editor_levels(folder);
        if (!project.errors.empty()) return {std::nullopt, std::move(project.errors), {}};
        if (project.levels.size() == 1)
            return load_editor_level(folder, project.levels.front().name, level_schema());
        std::string names;
        for (const EditorLevelName& level : project.levels) names += (names.empty() ? "" : ", ") + level.name;
        return {std::nullopt,
                {folder.string() + ": holds " + std::to_string(project.levels.size()) +
                 " levels; name one as FOLDER/NAME (" + names + ")"},
                {}};
    }
    return load_level_folder(folder, level_schema(), {}, geometry_ready);
}

CheckedLevel load_and_check(const fs::path& folder) {
    CheckedLevel checked;
    // The folder name is the level's name in progress, replays, saves and dumps (all JSON or shown): it
    // must be text.
    fs::path normal = folder.lexically_normal();
    if (normal.filename().empty()) normal = normal.parent_path();
    if (!valid_utf8(normal.filename().string()) || !valid_utf8(normal.parent_path().filename().string())) {
        checked.errors.push_back(printable(folder.string()) +
                                 ": the folder name is not valid UTF-8 - rename the folder to play it");
        return checked;
    }
    // The collision shapes need only the geometry: made while the other layers are decoded.
    std::shared_ptr<const TerrainShapes> terrain;
    LevelLoadResult loaded = load_any(folder, [&](const TileGrid& tiles, const std::vector<TileRect>& rects) {
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
    if (!terrain) terrain = TerrainShapes::build(loaded.level->tiles, loaded.level->rects);
    checked.identity = level_identity(*loaded.level, checked.entities);
    checked.level = std::make_shared<const LevelData>(std::move(*loaded.level));
    checked.terrain = std::move(terrain);
    return checked;
}

/// The name a level is listed under: the folder's name, or FOLDER/NAME for a level of an editor project.
std::string listing_name(const fs::path& path) {
    if (const std::optional<EditorLevelPath> editor = editor_level_of(path))
        return editor->folder.filename().string() + "/" + editor->name;
    return path.filename().string();
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
            if (!it->is_directory(type_ec)) continue;
            if (looks_like_level_folder(it->path())) {
                folders.push_back(it->path());
            } else if (looks_like_editor_folder(it->path())) {
                folders.push_back(it->path());  // sorted with the others, then replaced by its levels
            }
        }
        std::sort(folders.begin(), folders.end());
        for (const fs::path& folder : folders) {
            std::vector<fs::path> levels = editor_level_paths(folder);
            if (levels.empty()) {
                all.push_back(folder);
            } else {
                all.insert(all.end(), levels.begin(), levels.end());
            }
        }
    }
    return all;
}

void set_verdict(LevelListing& listing, const CheckedLevel& checked) {
    listing.ok = checked.level != nullptr;
    listing.title = checked.level ? checked.level->name : listing.name;
    listing.reason = checked.errors.empty() ? std::string() : checked.errors.front();
    listing.fully_checked = true;
}

/// Adds "relative\0size\0mtime\0" of every file under `root` (subfolders too, at most kMaxProjectFiles).
bool list_project_stamps(const fs::path& root, std::vector<std::string>& entries) {
    constexpr std::size_t kMaxProjectFiles = 4096;
    std::error_code ec;
    fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec), end;
    for (std::size_t seen = 0; !ec && it != end && seen < kMaxProjectFiles; it.increment(ec), ++seen) {
        if (it.depth() > 8) it.disable_recursion_pending();
        std::error_code stat_ec;
        if (!it->is_regular_file(stat_ec)) continue;
        const std::uintmax_t size = it->file_size(stat_ec);
        const auto time = it->last_write_time(stat_ec).time_since_epoch().count();
        entries.push_back(it->path().lexically_relative(root).string() + '\0' + std::to_string(size) + '\0' +
                          std::to_string(time) + '\0' + (stat_ec ? "?" : ""));
    }
    return !ec;
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

std::optional<EditorLevelPath> editor_level_of(const fs::path& path) {
    std::error_code ec;
    if (fs::is_directory(path, ec) && looks_like_level_folder(path)) return std::nullopt;
    fs::path normal = path.lexically_normal();
    if (normal.filename().empty()) normal = normal.parent_path();
    const std::string name = normal.filename().string();
    if (name.empty() || name == "." || name == "..") return std::nullopt;
    fs::path parent = normal.parent_path();
    if (parent.empty()) parent = ".";
    if (!looks_like_editor_folder(parent)) return std::nullopt;
    return EditorLevelPath{parent, name};
}

bool is_level_path(const fs::path& path) {
    std::error_code ec;
    return (fs::is_directory(path, ec) &&
            (looks_like_level_folder(path) || looks_like_editor_folder(path))) ||
           editor_level_of(path).has_value();
}

std::vector<fs::path> editor_level_paths(const fs::path& folder) {
    std::vector<fs::path> paths;
    if (looks_like_level_folder(folder) || !looks_like_editor_folder(folder)) return paths;
    for (const EditorLevelName& level : list_editor_levels(folder).levels)
        paths.push_back(folder / level.name);
    return paths;
}

std::optional<std::uint64_t> level_folder_fingerprint(const fs::path& folder) {
    std::vector<std::string> entries;
    const std::optional<EditorLevelPath> editor = editor_level_of(folder);
    if (editor || (!looks_like_level_folder(folder) && looks_like_editor_folder(folder))) {
        if (!list_project_stamps(editor ? editor->folder : folder, entries)) return std::nullopt;
        std::sort(entries.begin(), entries.end());
        std::uint64_t hash = fnv1a64_seed;
        for (const std::string& entry : entries) hash = fnv1a64(entry.data(), entry.size() + 1, hash);
        return hash;
    }
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
    verdict.title = checked.level ? checked.level->name : listing_name(folder);
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
        listing.name = listing_name(folder);
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
        listing.name = listing_name(folder);
        listing.path = folder;
        const std::optional<std::uint64_t> fingerprint = level_folder_fingerprint(folder);
        const bool recalled = fingerprint && verdicts.recall(*fingerprint, listing);
        const std::optional<EditorLevelPath> editor = recalled ? std::nullopt : editor_level_of(folder);
        if (recalled) {
            // The verdict of the full check made since the files last changed.
        } else if (editor) {
            // Listed from its project, which read well: the full check comes when it is opened.
            listing.ok = true;
            listing.title = editor->name;
        } else if (!looks_like_level_folder(folder)) {
            // A project whose levels cannot be listed.
            const EditorProject project = list_editor_levels(folder);
            listing.reason = project.errors.empty() ? folder.string() + ": no level" : project.errors.front();
        } else {
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
