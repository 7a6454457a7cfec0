// The ghost of a level's best run: where that run's player was at every tick of level time (the level
// timer, so a rewind or a quickload in the run leaves only the timeline that finished). Kept beside the best
// run's replay as <level>-best.ghost, in the save-file container with a body tagged "QSGHOST2": the play
// identity of the run (the header carries its id), then the points. "QSGHOST1" files (before play
// identities) are read as legacy: their level is known only by a hash of its file bytes.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "game/levels/level_identity.hpp"

namespace qs {

struct GhostTrack {
    struct Point {
        float x = 0, y = 0;  ///< the player's centre, tiles
        std::int8_t facing = 1;
        bool operator==(const Point&) const = default;
    };
    std::string level;
    PlayIdentity play;          ///< the level's play identity when the run was made (tuning included)
    bool legacy = false;        ///< a QSGHOST1 file: no play identity, cannot be matched to the level
    std::vector<Point> points;  ///< by level-timer tick

    /// Records the player at level-timer tick `timer` (a later tick of an earlier time replaces it).
    void set(std::int64_t timer, Point point);
    /// The point at `timer`, or nullptr past the end of the run.
    const Point* at(std::int64_t timer) const;
};

/// A ghost file holds at most this many points (an hour at 60 Hz).
inline constexpr std::size_t max_ghost_points = 60 * 60 * 60;

bool write_ghost_file(const std::filesystem::path& path, const GhostTrack& track, std::string& error);
/// Reads and checks a ghost file (sizes, finite coordinates within ±1 000 000 tiles, facing -1..1).
std::optional<GhostTrack> read_ghost_file(const std::filesystem::path& path, std::string& error);

}  // namespace qs
