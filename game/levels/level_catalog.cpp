// Level discovery, the full level check and the verdicts remembered by file fingerprints.
#include "game/levels/level_catalog.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <functional>
#include <system_error>
#include <utility>

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
LevelLoadResult load_any(const fs::path& folder, const GeometryReady& geometry_ready, VisualPixels pixels) {
    if (const std::optional<EditorLevelPath> editor = editor_level_of(folder))
        return load_editor_level(editor->folder, editor->name, level_schema(), {}, {}, pixels);
    if (!looks_like_level_folder(folder) && looks_like_editor_folder(folder)) {
        // A project folder: its one level, else the names to choose from.
        EditorProject project = list_editor_levels(folder);
        if (!project.errors.empty()) return {std::nullopt, std::move(project.errors), {}};
        if (project.levels.size() == 1)
            return load_editor_level(folder, project.levels.front().name, level_schema(), {}, {}, pixels);
        std::string names;
        for (const EditorLevelName& level : project.levels) names += (names.empty() ? "" : ", ") + level.name;
        return {std::nullopt,
                {folder.string() + ": holds " + std::to_string(project.levels.size()) +
                 " levels; name one as FOLDER/NAME (" + names + ")"},
                {}};
    }
    return load_level_folder(folder, level_schema(), {}, geometry_ready, pixels);
}

/// Loads and checks a level folder; `adjust` may change the loaded level before it is shared (a package
/// names itself in place of the scratch folder it was read from).
CheckedLevel load_and_check(const fs::path& folder, VisualPixels pixels,
                            const std::function<void(LevelData&)>& adjust = {}) {
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
    LevelLoadResult loaded = load_any(
        folder,
        [&](const TileGrid& tiles, const std::vector<TileRect>& rects) {
            terrain = TerrainShapes::build(tiles, rects);
        },
        pixels);
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
    checked.entities_from_level = true;  // (adjust() renames the level; its placements stay)
    if (adjust) adjust(*loaded.level);
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

/// `text` with every `from` replaced by `to`.
std::string replace_all(std::string text, const std::string& from, const std::string& to) {
    for (std::size_t at = text.find(from); !from.empty() && at != std::string::npos;
         at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

/// The name a package is listed by: its level's, else (it cannot be read) its file name without .qslevel.
std::string package_listing_name(const fs::path& file, const LevelPackage* package) {
    return package ? package->level : file.stem().string();
}

/// A level package read, unpacked into a scratch folder and handed to `use`, the scratch folder removed
/// afterwards; errors (and paths in what `use` returns) name the package, not the scratch folder. Null
/// package when it cannot be read.
template <class Use>
auto with_unpacked(const fs::path& file, std::vector<std::string>& errors,
                   std::shared_ptr<const LevelPackage>& kept, Use use)
    -> decltype(use(std::declval<const UnpackedLevel&>())) {
    using Result = decltype(use(std::declval<const UnpackedLevel&>()));
    std::string error;
    std::optional<LevelPackage> package = read_level_package(file, error);
    if (!package) {
        errors.push_back(error);
        return {};
    }
    auto result = [&] {
        UnpackedLevel unpacked(*package, error);
        if (!unpacked.ok()) {
            errors.push_back(printable(file.string()) + ": " + error);
            return Result{};
        }
        Result used = use(unpacked);
        for (std::string& line : used.errors)
            line = replace_all(line, unpacked.folder().string(), file.string());
        return used;
    }();
    package->files.clear();  // the level holds what they said
    package->files.shrink_to_fit();
    kept = std::make_shared<const LevelPackage>(std::move(*package));
    return result;
}

CheckedLevel check_package(const fs::path& file, VisualPixels pixels) {
    CheckedLevel checked;
    std::vector<std::string> errors;
    std::shared_ptr<const LevelPackage> package;
    checked = with_unpacked(file, errors, package, [&](const UnpackedLevel& unpacked) {
        return load_and_check(unpacked.level_path(), pixels, [&](LevelData& level) {
            // The package names the level: where it is, and in what its loader says about it.
            const std::string scratch = unpacked.folder().string();
            level.folder = file;
            level.lvl_path = file / level.lvl_path.filename();
            for (std::string& warning : level.warnings)
                warning = replace_all(warning, scratch, file.string());
            for (SpriteEntry& entry : level.sprite_entries)
                entry.where = replace_all(entry.where, scratch, file.string());
        });
    });
    checked.package = std::move(package);
    checked.errors.insert(checked.errors.begin(), errors.begin(), errors.end());
    if (checked.level && checked.package && checked.level->folder_name != checked.package->level) {
        checked.errors.push_back(printable(file.string()) + ": its manifest names the level '" +
                                 printable(checked.package->level) + "', its files hold '" +
                                 printable(checked.level->folder_name) + "'");
        checked.level = nullptr;
    }
    if (!checked.level) {
        checked.entities.clear();
        checked.terrain = nullptr;
        checked.identity = {};
        if (checked.errors.empty()) checked.errors.push_back(file.string() + ": cannot load the level");
    }
    return checked;
}

/// What a package says without decoding its images, as a listing's verdict: its .lvl and PNG headers
/// (scan_level_folder on it unpacked), or for a level made in an editor, that its project lists it.
void scan_package(LevelListing& listing) {
    std::vector<std::string> errors;
    std::shared_ptr<const LevelPackage> package;
    LevelScanResult scan = with_unpacked(listing.path, errors, package, [](const UnpackedLevel& unpacked) {
        const fs::path path = unpacked.level_path();
        const std::optional<EditorLevelPath> editor = editor_level_of(path);
        if (!editor) return scan_level_folder(path, level_schema());
        LevelScanResult listed;
        EditorProject project = list_editor_levels(editor->folder);
        listed.errors = std::move(project.errors);
        listed.name = editor->name;
        if (listed.errors.empty() &&
            std::none_of(project.levels.begin(), project.levels.end(),
                         [&](const EditorLevelName& level) { return level.name == editor->name; }))
            listed.errors.push_back(unpacked.folder().string() + ": the project holds no level '" +
                                    printable(editor->name) + "'");
        return listed;
    });
    errors.insert(errors.end(), scan.errors.begin(), scan.errors.end());
    listing.name = package_listing_name(listing.path, package.get());
    listing.ok = errors.empty();
    listing.title = listing.ok ? scan.name : listing.name;
    listing.author = scan.author;
    listing.reason = errors.empty() ? std::string() : errors.front();
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
            // A project folder is sorted with the others, then replaced by its levels.
            if (it->is_directory(type_ec)
                    ? looks_like_level_folder(it->path()) || looks_like_editor_folder(it->path())
                    : is_level_package_path(it->path()) && it->is_regular_file(type_ec))
                folders.push_back(it->path());
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
    if (listing.package) listing.name = package_listing_name(listing.path, checked.package.get());
    listing.ok = checked.level != nullptr;
    listing.title = checked.level ? checked.level->name : listing.name;
    listing.author = checked.level ? checked.level->author : std::string();
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

/// Whether a level name given to play could be a folder's name in a levels dir: one path part, no "." or
/// "..".
bool names_one_folder(const std::string& name) {
    return !name.empty() && name.find('/') == std::string::npos && name != "." && name != "..";
}

}  // namespace

CheckedLevel check_level(const fs::path& folder, VisualPixels pixels) {
    const auto started = std::chrono::steady_clock::now();
    std::error_code ec;
    CheckedLevel checked = is_level_package_path(folder) && !fs::is_directory(folder, ec)
                               ? check_package(folder, pixels)
                               : load_and_check(folder, pixels);
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
           (is_level_package_path(path) && fs::is_regular_file(path, ec)) ||
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
    std::error_code ec;
    if (fs::is_regular_file(folder, ec)) {  // a level package
        const std::uintmax_t size = fs::file_size(folder, ec);
        const auto time = fs::last_write_time(folder, ec).time_since_epoch().count();
        if (ec) return std::nullopt;
        const std::string stamp = std::to_string(size) + '\0' + std::to_string(time);
        return fnv1a64(stamp.data(), stamp.size(), fnv1a64_seed);
    }
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

CheckedLevel LevelVerdicts::check(const fs::path& folder, VisualPixels pixels) {
    const std::optional<std::uint64_t> fingerprint = level_folder_fingerprint(folder);
    CheckedLevel checked = check_level(folder, pixels);
    if (fingerprint) remember(folder, *fingerprint, checked);
    return checked;
}

void LevelVerdicts::remember(const fs::path& folder, std::uint64_t fingerprint, const CheckedLevel& checked) {
    Verdict& verdict = verdicts_[folder];
    verdict.fingerprint = fingerprint;
    verdict.ok = checked.level != nullptr;
    verdict.name = checked.package ? checked.package->level : listing_name(folder);
    if (is_level_package_path(folder) && !checked.package) verdict.name = folder.stem().string();
    verdict.title = checked.level ? checked.level->name : verdict.name;
    verdict.author = checked.level ? checked.level->author : std::string();
    verdict.reason = checked.errors.empty() ? std::string() : checked.errors.front();
}

bool LevelVerdicts::recall(std::uint64_t fingerprint, LevelListing& listing) const {
    const auto it = verdicts_.find(listing.path);
    if (it == verdicts_.end() || it->second.fingerprint != fingerprint) return false;
    listing.ok = it->second.ok;
    listing.name = it->second.name;
    listing.title = it->second.title;
    listing.author = it->second.author;
    listing.reason = it->second.reason;
    listing.fully_checked = true;
    return true;
}

std::optional<fs::path> first_dir_level_folder(const std::vector<fs::path>& dirs, const std::string& name) {
    if (dirs.empty() || !names_one_folder(name)) return std::nullopt;
    for (const fs::path& folder : level_folders({dirs.front()})) {
        // A package's listing is named after the level inside it: only unpacking it would tell.
        if (is_level_package_path(folder)) return std::nullopt;
        if (listing_name(folder) == name) return folder;
    }
    return std::nullopt;
}

std::vector<std::pair<std::size_t, std::size_t>> shadowed_listings(const std::vector<LevelListing>& levels) {
    std::vector<std::pair<std::size_t, std::size_t>> out;
    std::map<std::string, std::size_t> first;
    for (std::size_t i = 0; i < levels.size(); ++i) {
        const auto [it, added] = first.emplace(levels[i].name, i);
        if (!added) out.emplace_back(i, it->second);
    }
    return out;
}

std::vector<fs::path> later_level_folders_named(const std::vector<fs::path>& dirs, const std::string& name) {
    std::vector<fs::path> out;
    if (!names_one_folder(name)) return out;
    for (std::size_t i = 1; i < dirs.size(); ++i) {
        const fs::path folder = dirs[i] / name;
        std::error_code ec;
        if (fs::is_directory(folder, ec) && looks_like_level_folder(folder)) out.push_back(folder);
    }
    return out;
}

namespace {

/// A listing of `folder` (a level folder, an editor level or a package) before its verdict: name, path and
/// whether it is a package.
LevelListing unchecked_listing(const fs::path& folder) {
    LevelListing listing;
    listing.name = listing_name(folder);
    listing.path = folder;
    std::error_code ec;
    listing.package = is_level_package_path(folder) && fs::is_regular_file(folder, ec);
    return listing;
}

}  // namespace

std::vector<LevelListing> discover_levels(const std::vector<fs::path>& dirs) {
    std::vector<LevelListing> out;
    for (const fs::path& folder : level_folders(dirs)) {
        LevelListing listing = unchecked_listing(folder);
        set_verdict(listing, check_level(folder, VisualPixels::digest_only));
        out.push_back(std::move(listing));
    }
    return out;
}

std::vector<LevelListing> discover_levels(const std::vector<fs::path>& dirs, const LevelVerdicts& verdicts) {
    std::vector<LevelListing> out;
    for (const fs::path& folder : level_folders(dirs)) {
        LevelListing listing = unchecked_listing(folder);
        const std::optional<std::uint64_t> fingerprint = level_folder_fingerprint(folder);
        const bool recalled = fingerprint && verdicts.recall(*fingerprint, listing);
        const std::optional<EditorLevelPath> editor = recalled ? std::nullopt : editor_level_of(folder);
        if (recalled) {
            // The verdict of the full check made since the files last changed.
        } else if (editor) {
            // Listed from its project, which read well: the full check comes when it is opened.
            listing.ok = true;
            listing.title = editor->name;
        } else if (listing.package) {
            scan_package(listing);
        } else if (!looks_like_level_folder(folder)) {
            // A project whose levels cannot be listed.
            const EditorProject project = list_editor_levels(folder);
            listing.reason = project.errors.empty() ? folder.string() + ": no level" : project.errors.front();
        } else {
            LevelScanResult scan = scan_level_folder(folder, level_schema());
            listing.ok = scan.errors.empty();
            listing.title = listing.ok ? scan.name : listing.name;
            listing.author = scan.author;
            if (!scan.errors.empty()) listing.reason = scan.errors.front();
        }
        out.push_back(std::move(listing));
    }
    return out;
}

}  // namespace qs
