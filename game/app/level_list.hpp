// The levels the game can play: the folders found in the levels dirs (the menus' level list: headers
// read, a full check when a level is opened, its verdict kept), the level a run starts with, and where the
// level being played stands in the list (for the next level).
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "game/levels/level_catalog.hpp"

namespace qs {

class LevelList {
   public:
    /// `extra_dirs`: the --levels-dir entries, scanned after the shipped and the user's levels. `pixels`:
    /// what check() keeps of a level's visuals (digest_only for a run that never draws a level).
    explicit LevelList(std::vector<std::filesystem::path> extra_dirs,
                       VisualPixels pixels = VisualPixels::keep)
        : extra_dirs_(std::move(extra_dirs)), pixels_(pixels) {}

    /// Looks at the levels dirs again (a level package keeps its maker's clear from verify_packages while
    /// its file is unchanged). The list is also made on its first use; a run that names a shipped level
    /// and never asks for the list does not read the other levels.
    const std::vector<LevelListing>& rescan();
    /// Plays the proof of every listed level package whose proof has not been played since its file last
    /// changed (maker_clear), and sets its listing's maker_ticks or maker_problem.
    void verify_packages();
    const std::vector<LevelListing>& listings() const {
        scan_once();
        return levels_;
    }
    /// The listed level of folder name `name`; null when there is none.
    const LevelListing* find(const std::string& name) const;
    /// The full check of a level folder (check_level, keeping what the constructor said of the visuals), its
    /// verdict remembered for the list.
    CheckedLevel check(const std::filesystem::path& folder);
    /// The level a run starts with: `level` (a name or a path), else headless the first that passes the
    /// full check, else none (windowed: the title). Nullopt with `exit_code` set (the message printed) when
    /// that level cannot be played.
    std::optional<CheckedLevel> first_level(const std::string& level, bool headless, int& exit_code);
    /// `level` is being played: remembers its place in the list (none for a level given by a path).
    void playing(const LevelData& level);
    /// Where the level being played is in listings(), or -1.
    int playing_index() const;

   private:
    std::vector<std::filesystem::path> extra_dirs_;
    VisualPixels pixels_;
    mutable std::vector<LevelListing> levels_;
    mutable bool scanned_ = false;  ///< levels_ holds the list (rescan() has run)
    LevelVerdicts verdicts_;        ///< full checks made so far, for the list's verdicts
    /// What playing a package's proof found, by its path, with the file's fingerprint then.
    struct MakerClear {
        std::uint64_t fingerprint = 0;
        std::int64_t ticks = -1;
        std::string problem;
    };
    std::map<std::filesystem::path, MakerClear> maker_clears_;
    /// Sets the listings' maker clears from maker_clears_ where the files are unchanged.
    void apply_maker_clears() const;
    /// Makes the list if it has not been made.
    void scan_once() const;
    CheckedLevel check(const std::filesystem::path& folder, VisualPixels pixels);
    /// Says on stderr which other levels are named `name` too when the run plays `played` by that name (the
    /// first dir's listing wins a name; the others play by their paths).
    void warn_of_namesakes(const std::string& name, const std::filesystem::path& played) const;
    std::filesystem::path playing_folder_;  ///< the level being played (empty: none)
    std::string playing_name_;
};

}  // namespace qs
