// Progress: which levels the player has finished, with best time and most coins, kept as JSON in
// $XDG_DATA_HOME/quickstep/progress.json. A malformed file gives a message and an empty record.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>

namespace qs {

struct LevelRecord {
    bool completed = false;
    std::int64_t best_ticks = 0;  ///< fastest completion (0 = none yet)
    int best_coins = 0;
    int coins_total = 0;
};

class Progress {
   public:
    /// Reads `path`; a missing file is an empty record; problems go to `message`.
    static Progress load(const std::filesystem::path& path, std::string& message);
    /// Writes atomically; false + message on failure.
    bool save(const std::filesystem::path& path, std::string& message) const;

    /// Records a completion; returns true when it is a new best time.
    bool record(const std::string& level, std::int64_t ticks, int coins, int coins_total);
    const LevelRecord* find(const std::string& level) const;

   private:
    std::map<std::string, LevelRecord> levels_;
};

/// $XDG_DATA_HOME/quickstep/progress.json.
std::filesystem::path progress_path();

}  // namespace qs
