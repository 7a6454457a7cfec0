// Progress: which levels the player has finished, with best time and most coins, kept as JSON in
// $XDG_DATA_HOME/quickstep/progress.json. Every valid entry of a damaged file is kept; the damaged file
// itself is set aside (never overwritten) before the first save after reading it. A best time keeps the
// tuning it was made with (a digest): a run under other tuning is not compared with it, and the level
// select shows it as made with other tuning. The splits of the personal best and the best segments are kept
// for the play identity they were run on (split_record.hpp). Records are kept under a level's
// record_key: a shipped level's name, any other level's name with the digest of its layout. Gems count when
// the run that found them reaches the goal: a gem found in a run that is quit or restarted is not kept
// (found again, it counts then), as the level guide says.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>

#include "game/app/split_record.hpp"
#include "game/levels/chapters.hpp"
#include "game/levels/level_identity.hpp"
#include "game/sim/entities/gem.hpp"

namespace qs {

class World;

struct LevelRecord {
    bool completed = false;
    bool skipped = false;  ///< passed over with the "skip this level" assist: opens the next, is not finished
    std::int64_t best_ticks = 0;  ///< fastest completion (0 = none yet), 0 to max_ticks
    int best_coins = 0;           ///< 0 to max_coins
    int coins_total = 0;          ///< 0 to max_coins
    /// tuning_digest of the tuning the best time was made with; a record written before tuning was kept
    /// counts as made with the defaults (the only tuning the game shipped then).
    std::uint64_t best_tuning = 0;
    std::uint64_t best_play = 0;  ///< PlayIdentity::id of the best run (0: not known)
    SplitRecord splits;           ///< the personal best's splits and the best segments (none: play 0)
    /// The gems ever found in a finished run, one bit per gem index (bit 0: index 1), 0 to max_gem_mask;
    /// kept in the file as a list of indices.
    unsigned gems = 0;
    /// The level's gems as of its last finished run, the same bits (0: a level without gems).
    unsigned gems_placed = 0;
    /// A run without assists reached the goal within the level's par time (chapters.hpp); kept in the
    /// file only when true, so files written before par times load as not beaten.
    bool par_beaten = false;

    /// Ranges accepted from the file: about 500 years of ticks at 60 a second, and coins well above what
    /// a level can hold.
    static constexpr std::int64_t max_ticks = 1'000'000'000'000;
    static constexpr int max_coins = 100'000'000;
    /// Every gem index of a level as a mask.
    static constexpr unsigned max_gem_mask = (1u << Gem::max_index) - 1;
};

/// The gems a finished run found, and the gems its level holds, one bit per index (bit 0: index 1).
struct GemsFound {
    unsigned found = 0;
    unsigned placed = 0;
};
/// The gems of `world`: those collected and those placed.
GemsFound gems_of(const World& world);
/// The number of gems in a mask.
int gem_count(unsigned mask);
/// What the results screen says of a finished run's gems: "Gems 2/3, new!" (found in this run and not
/// kept before: `kept_before`), "Gems 2/3"; "" for a level without gems.
std::string gems_summary(unsigned kept_before, GemsFound run);
/// What the results screen says of a run's time against the level's par time: "Par 0:30.0, beaten by 8.6 s",
/// "Par 0:30.0, beaten" (to the tick), "Par 0:30.0, 2.1 s over"; "" for a level without par (0).
std::string par_summary(std::int64_t ticks, std::int64_t par_ticks);

class Progress {
   public:
    /// Reads `path`; a missing file is an empty record. Entries that are not valid (a wrong type, a
    /// number out of range) are left out and named in `message`, the valid ones kept; a file that is not
    /// a progress file at all gives an empty record. Either way the file is damaged: see save().
    static Progress load(const std::filesystem::path& path, std::string& message);
    /// Writes atomically; false + message on failure. A damaged file read by load() is first renamed to
    /// `progress.json.damaged` (or `.damaged-2`, `-3`, ... when taken); when it cannot be set aside,
    /// nothing is written.
    bool save(const std::filesystem::path& path, std::string& message);
    /// True when load() found a damaged file that is still to be set aside.
    bool damaged() const { return damaged_; }

    /// Records a completion made under `play`; returns true when it is a new best time: the first, a
    /// faster one, or the first under this tuning (a best time under other tuning is replaced, not beaten).
    /// `gems`: the gems found in the run and those the level holds; found gems are added to the ones kept.
    /// `par_ticks`: the level's par time (0: none); a run within it marks the par beaten for good.
    bool record(const std::string& level, std::int64_t ticks, int coins, int coins_total,
                const PlayIdentity& play, GemsFound gems = {}, std::int64_t par_ticks = 0);
    /// Records a completion that keeps no best time (an assisted run): the level counts as finished, and
    /// the gems found count as in any finished run (an assist changes how hard the way is, not the find).
    void record_assisted(const std::string& level, int coins_total, GemsFound gems = {}) {
        LevelRecord& record = levels_[level];
        record.completed = true;
        record.coins_total = coins_total;
        keep_gems(record, gems);
    }
    /// The gems kept by every level added up: what unlocks skins (skins.hpp).
    int gems_found() const;
    /// Records that the player skipped `level` (an assist): the level after it opens; `level` stays not
    /// finished (no time, no coins, not counted by the ending) until it is finished.
    void record_skipped(const std::string& level) { levels_[level].skipped = true; }
    const LevelRecord* find(const std::string& key) const;
    /// The record the level select shows for a listed level, whose layout it does not read: a shipped
    /// level's by name; for any other level the one record kept under `name@...`, or none when there are
    /// several (levels of that name with other layouts were played: which one is listed is not known
    /// until it is opened).
    const LevelRecord* find_listed(const std::string& name, bool shipped) const;
    /// The record_key find_listed(name, shipped) found, or "" when none.
    std::string listed_key(const std::string& name, bool shipped) const;
    /// A record kept under the level's bare name before records had keys (a level not shipped) moves to
    /// `key` when its best run was made on `play` (so it is that level); true when it moved.
    bool adopt_unkeyed(const std::string& name, const std::string& key, const PlayIdentity& play);
    /// The split record of `level` made on the play identity `play`, else an empty one (a run on another
    /// level, tuning or simulation version is not compared with it).
    SplitRecord splits_for(const std::string& level, std::uint64_t play) const;
    /// Keeps `splits` as the split record of `level`.
    void keep_splits(const std::string& level, SplitRecord splits) {
        levels_[level].splits = std::move(splits);
    }
    /// What the chapters' unlock rules read: which levels are finished or skipped (either opens the next),
    /// the best coins added up. Valid while this Progress lives.
    ChapterProgress for_chapters() const;

   private:
    /// Adds a finished run's gems to `record`: found ones are kept for good, the placed ones follow the
    /// level.
    static void keep_gems(LevelRecord& record, GemsFound gems);
    std::map<std::string, LevelRecord> levels_;
    bool damaged_ = false;
};

/// The name a level's records (progress, best and latest runs, ghost) are kept under: a shipped level's
/// folder name, so its records stay through game updates that change it; any other level's name with
/// its layout (`NAME@0123456789abcdef`, PlayIdentity::layout_id), so a stranger's level that has an
/// installed level's name keeps records of its own, and an edited level starts new ones.
std::string record_key(const std::string& name, bool shipped, const PlayIdentity& play);

/// `key` as a file name: '%' and '/' (a level inside a project folder) escaped as %25 and %2F.
std::string record_file_stem(const std::string& key);

/// $XDG_DATA_HOME/quickstep/progress.json.
std::filesystem::path progress_path();

}  // namespace qs
