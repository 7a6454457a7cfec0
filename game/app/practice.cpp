// Practice runs: --start X,Y and the retry from the last footing, and what counts as a footing.
#include "game/app/practice.hpp"

#include <cmath>
#include <cstdio>

#include "game/app/play_session.hpp"
#include "game/sim/tiles.hpp"

namespace qs {

void Practice::remember_footing(const Player* player, const TileGrid& tiles) {
    if (!player || !player->grounded || !player->alive()) return;
    const int tx = static_cast<int>(std::floor(player->state.x));
    const int ty = static_cast<int>(std::floor(player->state.y + Player::half_height + 0.1));
    if (!tiles.inside(tx, ty)) return;
    if (tile_properties(tiles.at(tx, ty)).safe_floor) footing_ = std::pair{player->state.x, player->state.y};
}

Practice::Outcome Practice::start_at(PlaySession& session, std::pair<int, int> tile) {
    const TileGrid& tiles = session.world()->level().tiles;
    const auto [x, y] = tile;
    if (!tiles.inside(x, y) || !session.keep_player_at(x + 0.5, y + 0.5)) {
        std::fprintf(
            stderr, "quickstep: --start %d,%d: %s (the level is %dx%d tiles)\n", x, y,
            tiles.inside(x, y) ? "the player does not fit there (a solid tile)" : "outside the level",
            tiles.width, tiles.height);
        return {};
    }
    active_ = true;
    std::fprintf(stderr,
                 "quickstep: practice run from tile %d,%d: no progress, best time or replay is kept\n", x, y);
    return {true, "Practice from " + std::to_string(x) + "," + std::to_string(y) + ": no records kept", 4};
}

Practice::Outcome Practice::retry_from_footing(PlaySession& session, bool recorded,
                                               const std::function<void()>& restart) {
    if (!session.world()) return {};
    if (recorded) {
        std::fprintf(stderr, "quickstep: retry from the last footing refused: this run is recorded\n");
        return {false, "No retry from the last footing in a recorded run"};
    }
    if (!footing_) return {false, "Stand on solid ground first: T brings you back there"};
    const auto [x, y] = *footing_;
    restart();
    if (!session.keep_player_at(x, y)) {  // the level changed under that spot (a hot reload)
        footing_.reset();
        return {false, "That spot is gone: back at the start"};
    }
    active_ = true;
    std::fprintf(stderr,
                 "quickstep: retry from %.2f,%.2f: practice run, no progress, best time or replay is kept\n",
                 x, y);
    return {true, "Retry from your last footing: practice, no records kept"};
}

}  // namespace qs
