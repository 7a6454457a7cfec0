// Loading a save into an edited level: the save's entities are matched to the edited level's placements
// (by .lvl id, else by prefab and pixel), matched ones keep their saved state, new placements start fresh,
// removed ones are gone, and every reference between carried entities is moved to its new key. A save of
// an unchanged level is not carried: it loads exactly (World::restore).
//
//   if (!save_fits_level_exactly(save, level, play)) {
//       World fresh(level, tuning, entities);            // the edited level at its start
//       CarryReport report;
//       auto carried = carry_save(save, fresh.capture(), level, report, error);
//       if (carried) fresh.restore(*carried);             // report.summary(): what was carried
//   }
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>

#include "game/save/save_codec.hpp"

namespace qs {

/// Whether `save` was made in a version of `level` (played as `play`) with the same geometry, entities and
/// rules (PlayIdentity::same_level; a change of look or tuning keeps it), so that it loads exactly; a save
/// written before play identities fits when the level's files are byte for byte the ones it was made on.
/// When it does not fit, it is carried into the level (carry_save). The one place that decides between the
/// two.
bool save_fits_level_exactly(const SavedGame& save, const LevelData& level, const PlayIdentity& play);

/// What carry_save did, for the player to read.
struct CarryReport {
    std::size_t saved = 0;  ///< live entities in the save
    std::size_t kept = 0;   ///< of those, carried into the edited level with their saved state
    std::size_t still_gone =
        0;  ///< placements gone in play before the save (collected, defeated): still gone
    /// By entity type name: placements new in the edit, saved entities whose placement the edit removed
    /// (and spawned ones whose shooter went with it), entities whose .lvl settings changed (carried with the
    /// edited level's editable fields), id'd entities whose pixel moved (fresh at their new place).
    std::map<std::string, int> added, removed, changed, moved;
    /// Where the player went: its saved spot, the nearest free spot (that spot is in a wall now) or the
    /// level's start (no free spot near it).
    enum class Spot : std::uint8_t { kept, nearest, start } spot = Spot::kept;
    double spot_distance = 0;  ///< tiles from the saved spot to the nearest free one

    /// "kept your place, 14 of 15 entities; 1 new coin, 1 walker removed" (plus where the player went when
    /// the saved spot is in a wall now).
    std::string summary() const;
};

/// How far (tiles, each way) the nearest free spot is looked for around a saved spot that is solid now.
inline constexpr int carry_spot_search_radius = 8;

/// The snapshot that puts `save` into `level`, an edited version of the level it was made in. `fresh` is
/// that level at its start (the capture of a World just built from it: every placement's entity, state.
/// placement naming it). The player (position, velocity, state) and the game state (coins, deaths,
/// timer) come from the save; coins_total and the player's spawn point from the edited level. nullopt with
/// `error` when the save cannot be carried (it has no placement table, or its entities do not match it).
std::optional<WorldSnapshot> carry_save(const SavedGame& save, const WorldSnapshot& fresh,
                                        const LevelData& level, CarryReport& report, std::string& error);

}  // namespace qs
