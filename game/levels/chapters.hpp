// Chapters: the shipped levels in playing order, grouped into named chapters (assets/chapters.json), and
// the unlock rules the level select and "next level" follow: a level opens when the level before it in
// that order is finished; a bonus level opens when enough coins have been collected in all instead, a
// B-side (a harder remix of one of its chapter's levels) when enough gems have been found in its own
// chapter. A level may have a par time: the designers' target, shown against the player's time.
//
//   std::string error;
//   Chapters chapters = load_chapters(data_dir() / "assets/chapters.json", error);
//   if (chapters.unlocked("02_walker_woods", progress)) ...
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace qs {

/// One level of a chapter: its folder name and, for a bonus level or a B-side, what opens it.
struct ChapterLevel {
    std::string level;     ///< folder name of a shipped level
    int coins_needed = 0;  ///< > 0: a bonus level, open at this many coins collected in all
    int gems_needed = 0;   ///< > 0: a B-side, open at this many gems found in its own chapter's levels
    int par_seconds = 0;   ///< the par time in whole seconds; 0: the level has none

    /// True for a level off the main path (a bonus level or a B-side): it opens by coins or gems, not by
    /// the level before it, and "next level" passes it by.
    bool off_path() const { return coins_needed > 0 || gems_needed > 0; }
};

struct Chapter {
    std::string name;   ///< shown as the chapter's heading, e.g. "1. Green Hills"
    std::string blurb;  ///< one line under the heading: what the chapter teaches
    std::vector<ChapterLevel> levels;
};

/// What the unlock rules need to know of the player's progress.
struct ChapterProgress {
    std::function<bool(const std::string& level)> finished;
    int coins = 0;  ///< the best coins of every level added up
    int gems = 0;   ///< the gems found in finished runs, every level added up
    /// The gems found in finished runs of one level (0 for a level never finished); null counts none.
    std::function<int(const std::string& level)> gems_in;
};

class Chapters {
   public:
    Chapters() = default;
    explicit Chapters(std::vector<Chapter> chapters) : chapters_(std::move(chapters)) {}

    const std::vector<Chapter>& list() const { return chapters_; }
    bool empty() const { return chapters_.empty(); }
    /// The chapter (index) and entry of `level`; nullopt when no chapter lists it (a player's own level).
    std::optional<std::pair<int, const ChapterLevel*>> find(const std::string& level) const;
    /// True when `level` can be played: a level no chapter lists, the first level, a level whose
    /// predecessor in playing order (bonus levels and B-sides skipped) is finished, a bonus level with
    /// its coins, a B-side with its gems found in its chapter (chapter_gems).
    bool unlocked(const std::string& level, const ChapterProgress& progress) const;
    /// The gems found in chapter `chapter`'s levels (its B-sides included), counted by `progress.gems_in`.
    int chapter_gems(int chapter, const ChapterProgress& progress) const;
    /// The levels off the main path (bonus levels and B-sides) that `progress` leaves locked, in playing
    /// order: what a finished run compares before and after to tell what it opened.
    std::vector<std::string> locked_off_path(const ChapterProgress& progress) const;
    /// The level after `level` in playing order, bonus levels and B-sides skipped; nullopt after the last
    /// one and for a level no chapter lists.
    std::optional<std::string> next(const std::string& level) const;
    /// The last level of the main path (the last level on the path): finishing it ends the game.
    std::string last() const;
    /// The positions of `names` in playing order: the chapters' levels in chapter order, then the others
    /// (a player's own levels) in the order given.
    std::vector<std::size_t> playing_order(const std::vector<std::string>& names) const;
    /// "C-N": chapter C's N-th level, counting from 1 (bonus levels and B-sides too); "" for a level no
    /// chapter lists.
    std::string number(const std::string& level) const;
    /// The par time of `level` in ticks (60 a second); 0 for a level without one or not listed.
    std::int64_t par_ticks(const std::string& level) const;

   private:
    std::vector<Chapter> chapters_;
};

/// Limits of a chapters file (it is shipped, but read like any user file).
inline constexpr std::uintmax_t chapters_max_bytes = 64 * 1024;
inline constexpr std::size_t chapters_max_chapters = 32, chapters_max_levels = 64, chapters_max_text = 200;
inline constexpr int chapters_max_coins = 1'000'000;
/// A B-side needs 1 to 3 gems (Gem::max_index) per other level of its chapter: more could never be found.
inline constexpr int chapters_max_gems_per_level = 3;
/// A par time is 1 to 3600 seconds.
inline constexpr int chapters_max_par_seconds = 3600;

/// The designers' rule for a level's par time: its solution's time (the ticks its solution.txt takes to
/// the goal) times 1.5, rounded up to a whole second. Generous on purpose: the solution knows the level,
/// a player beating par has learnt it.
constexpr int par_seconds_for(std::int64_t solution_ticks) {
    return static_cast<int>((solution_ticks * 3 + 119) / 120);
}

/// Parses a chapters document: {"chapters": [{"name", "blurb", "levels": ["folder" or {"level", "coins"}
/// or {"level", "gems"}]}], "par": {"folder": seconds, ...}} ("par" optional, each key a listed level).
/// Nullopt with `error` ("WHERE: what is wrong") for a wrong type, an empty or over-long text, a level
/// listed twice, counts over the limits (coins 1 to chapters_max_coins; gems 1 to
/// chapters_max_gems_per_level times the chapter's other levels), an entry with both or neither of
/// "coins" and "gems", a first level that is a bonus level or a B-side, or a par time that is not a
/// whole number of seconds from 1 to chapters_max_par_seconds or names a level no chapter lists.
std::optional<Chapters> parse_chapters(const nlohmann::json& doc, const std::string& where,
                                       std::string& error);
/// Reads and parses `path` (size and depth capped before parsing).
std::optional<Chapters> load_chapters(const std::filesystem::path& path, std::string& error);

}  // namespace qs
