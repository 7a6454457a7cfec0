// Practice runs: a level played from elsewhere than its start, where no progress, best time or replay is
// kept. Two start one: --start X,Y, and T, the level painter's retry from the last footing (the last spot
// where the player stood on solid ground in this level).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <utility>

namespace qs {

class PlaySession;
struct Player;
struct TileGrid;

class Practice {
   public:
    /// What moving the player did: `moved` when it now stands at the spot (the camera jumps there), and
    /// the toast to show (empty: none).
    struct Outcome {
        bool moved = false;
        std::string toast;
        double toast_seconds = 2.5;
    };

    /// A level begins: a run from its start, no footing yet.
    void level_begun() {
        active_ = false;
        footing_.reset();
    }
    /// True in a practice run: no records kept.
    bool active() const { return active_; }
    /// After each tick: remembers the player's spot when they stand on a tile that is a safe floor
    /// (kTileTypes; not a platform, not spikes). `player` may be null (none in the level).
    void remember_footing(const Player* player, const TileGrid& tiles);
    /// The last footing in this level (the player's centre, in tiles), where T brings the player back.
    const std::optional<std::pair<double, double>>& footing() const { return footing_; }
    /// --start: moves the player to the tile's centre, a practice run from then on; not moved (the message
    /// printed) when it cannot stand there.
    Outcome start_at(PlaySession& session, std::pair<int, int> tile);
    /// T: the level again (`restart` starts it over), with the player at the last footing (a practice run
    /// from then on). Refused while the run is `recorded` (--record, or a replay plays).
    Outcome retry_from_footing(PlaySession& session, bool recorded, const std::function<void()>& restart);

   private:
    bool active_ = false;  ///< the player did not start at the level's start
    std::optional<std::pair<double, double>> footing_;
};

}  // namespace qs
