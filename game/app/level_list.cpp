// The levels the game can play: discovery, the full check with its verdict kept, the level a run starts
// with, the place of the level being played.
#include "game/app/level_list.hpp"

#include <algorithm>
#include <cstdio>

#include "engine/printable_text.hpp"
#include "game/app/level_packages.hpp"
#include "game/app/paths.hpp"

namespace qs {

namespace fs = std::filesystem;

const std::vector<LevelListing>& LevelList::rescan() {
    scanned_ = false;
    scan_once();
    return levels_;
}

void LevelList::scan_once() const {
    if (scanned_) return;
    levels_ = discover_levels(level_dirs(extra_dirs_), verdicts_);
    const ShippedLevels shipped;
    for (LevelListing& listing : levels_) listing.shipped = shipped.holds(listing.path);
    apply_maker_clears();
    scanned_ = true;
}

void LevelList::apply_maker_clears() const {
    for (LevelListing& listing : levels_) {
        const auto clear = maker_clears_.find(listing.path);
        if (!listing.package || clear == maker_clears_.end()) continue;
        if (level_folder_fingerprint(listing.path) != clear->second.fingerprint) continue;
        listing.maker_ticks = clear->second.ticks;
        listing.maker_problem = clear->second.problem;
    }
}

void LevelList::verify_packages() {
    scan_once();
    for (const LevelListing& listing : levels_) {
        if (!listing.package || !listing.ok) continue;
        const std::optional<std::uint64_t> fingerprint = level_folder_fingerprint(listing.path);
        const auto known = maker_clears_.find(listing.path);
        if (!fingerprint || (known != maker_clears_.end() && known->second.fingerprint == *fingerprint))
            continue;
        MakerClear clear;
        clear.fingerprint = *fingerprint;
        const CheckedLevel checked = check(listing.path, VisualPixels::digest_only);  // played, never drawn
        if (std::optional<std::int64_t> ticks =
                checked.level ? maker_clear(checked, clear.problem) : std::nullopt)
            clear.ticks = *ticks;
        else if (!checked.level)
            clear.problem = checked.errors.empty() ? "the level does not load" : checked.errors.front();
        maker_clears_[listing.path] = std::move(clear);
    }
    apply_maker_clears();
}

const LevelListing* LevelList::find(const std::string& name) const {
    scan_once();
    auto listing =
        std::find_if(levels_.begin(), levels_.end(), [&](const LevelListing& l) { return l.name == name; });
    return listing == levels_.end() ? nullptr : &*listing;
}

CheckedLevel LevelList::check(const fs::path& folder) {
    return check(folder, pixels_);
}

CheckedLevel LevelList::check(const fs::path& folder, VisualPixels pixels) {
    CheckedLevel checked = verdicts_.check(folder, pixels);
    for (LevelListing& listing : levels_) {
        if (listing.path != folder) continue;
        listing.ok = checked.level != nullptr;
        listing.title = checked.level ? checked.level->name : listing.name;
        listing.reason = checked.errors.empty() ? std::string() : checked.errors.front();
        listing.fully_checked = true;
    }
    return checked;
}

std::optional<CheckedLevel> LevelList::first_level(const std::string& level, bool headless, int& exit_code) {
    // A path, a name, or (headless) the first good one; windowed without one: the title.
    if (!level.empty()) {
        fs::path as_path = level;
        // A shipped level's folder found without listing every level; else the list's.
        const std::optional<fs::path> shipped =
            scanned_ ? std::nullopt : first_dir_level_folder(level_dirs(extra_dirs_), level);
        const LevelListing* listing = shipped ? nullptr : find(level);
        bool looks_like_path = level.find('/') != std::string::npos || level == "." || level == "..";
        std::error_code ec;
        // A listed name wins unless it is also a path here (FOLDER/NAME names a level of an editor project).
        bool by_name = true;
        if (shipped) {
            as_path = *shipped;
        } else if (listing && (!looks_like_path || !is_level_path(as_path))) {
            as_path = listing->path;
        } else if (!is_level_path(as_path) && !fs::is_directory(as_path, ec)) {
            std::string known;
            for (const auto& l : levels_) known += (known.empty() ? "" : ", ") + l.name;
            std::fprintf(stderr, "quickstep: no level named '%s' (known levels: %s)\n", level.c_str(),
                         known.c_str());
            exit_code = 2;
            return std::nullopt;
        } else {
            by_name = false;
        }
        if (by_name) warn_of_namesakes(level, as_path);
        CheckedLevel first = check(as_path);
        if (!first.level) {
            for (const auto& error : first.errors) std::fprintf(stderr, "%s\n", error.c_str());
            exit_code = 1;
            return std::nullopt;
        }
        return first;
    }
    if (headless) {
        // Discovery read the headers only: the first level that passes the full check.
        scan_once();
        for (std::size_t i = 0; i < levels_.size(); ++i) {
            if (!levels_[i].ok) continue;
            CheckedLevel checked = check(levels_[i].path);
            if (checked.level) return checked;
        }
        std::fprintf(stderr, "quickstep: no playable level found\n");
        exit_code = 1;
        return std::nullopt;
    }
    return std::nullopt;
}

void LevelList::warn_of_namesakes(const std::string& name, const fs::path& played) const {
    std::vector<fs::path> others;
    if (scanned_) {
        for (const LevelListing& listing : levels_)
            if (listing.name == name && listing.path != played) others.push_back(listing.path);
    } else {
        others = later_level_folders_named(level_dirs(extra_dirs_), name);
    }
    for (const fs::path& other : others) {
        std::fprintf(
            stderr, "quickstep: %s is also named '%s': playing %s; give the path to play the other\n",
            printable(other.string()).c_str(), printable(name).c_str(), printable(played.string()).c_str());
    }
}

void LevelList::playing(const LevelData& level) {
    playing_folder_ = level.folder;
    playing_name_ = level.folder_name;
}

int LevelList::playing_index() const {
    if (playing_folder_.empty()) return -1;
    const LevelListing* listing = find(playing_name_);
    return listing && listing->path == playing_folder_ ? static_cast<int>(listing - levels_.data()) : -1;
}

}  // namespace qs
