// What a level is, from its decoded content: its *play* identity (everything the simulation reads) and its
// *look* (what only the eye sees). Quicksaves, replays and ghosts are keyed to play; a change of look
// never refuses them (docs/reference.md §8). Components are kept apart so a mismatch names what changed.
//
//   LevelIdentity id = level_identity(*checked.level, checked.entities);   // at check time
//   PlayIdentity play = play_identity(id, tuning);                          // at level start
//   std::vector<std::string> what = play_differences(saved, play);         // {"tuning", "geometry"}
//
// play:
//   geometry  every geometry tile of the combined layers, decoded (not the PNG bytes or the colours)
//   entities  each placed entity in placement order (= slot order): its prefab, its .lvl id, and every
//             field of its field list as built (position, editable fields with defaults applied, resolved
//             references), so a default written out in the .lvl or a renamed colour changes nothing
//   rules     the .lvl keys that may change play: every key but the look keys (name, music), the colour
//             tables (whose meaning is already in geometry and entities) and comments ("_..." keys)
//   tuning    every Tuning field (assets/tuning.json with the defaults of game/sim/tuning.hpp)
//   sim_version  game/sim/simulation_version.hpp: bumped when the rules in code change
// look: the visuals layers' pixels (a transparent pixel is transparent whatever colour it keeps), the music
// track and the level's name.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/level_data.hpp"
#include "game/sim/roster.hpp"
#include "game/sim/tuning.hpp"

namespace qs {

/// The play identity: what a quicksave, a replay and a ghost belong to. 64-bit digests per component.
struct PlayIdentity {
    std::uint64_t geometry = 0;
    std::uint64_t entities = 0;
    std::uint64_t rules = 0;
    std::uint64_t tuning = 0;
    std::uint32_t sim_version = 0;

    /// All components in one 64-bit id (what a save file's header carries).
    std::uint64_t id() const;
    /// The level's part alone (geometry, entities, rules) in one 64-bit id: what a level's records are
    /// kept under when it is not a shipped one (record_key).
    std::uint64_t layout_id() const;
    /// The level's part alone (geometry, entities, rules): equal means the world's layout is the same, so
    /// a save restores exactly whatever the tuning and simulation version.
    bool same_level(const PlayIdentity& other) const {
        return geometry == other.geometry && entities == other.entities && rules == other.rules;
    }
    bool operator==(const PlayIdentity&) const = default;
};

/// The look: what changes only how the level looks and sounds.
struct LookIdentity {
    std::uint64_t visuals = 0;
    std::uint64_t music = 0;
    std::uint64_t name = 0;
    std::uint64_t id() const;
    bool operator==(const LookIdentity&) const = default;
};

/// What level_identity computes once per level check: the play components that come from the level
/// itself (tuning and simulation version are added at level start) and the look.
struct LevelIdentity {
    std::uint64_t geometry = 0, entities = 0, rules = 0;
    LookIdentity look;
    bool operator==(const LevelIdentity&) const = default;
};

/// The identity of a loaded level and its built entities (placement order; entities[i] is placements[i]
/// when the level has placements, so its .lvl id is known).
LevelIdentity level_identity(const LevelData& level, const std::vector<Entity>& entities);

/// Every Tuning field, by name and value.
std::uint64_t tuning_digest(const Tuning& tuning);

/// The play identity of `level` played with `tuning` by this build.
PlayIdentity play_identity(const LevelIdentity& level, const Tuning& tuning);

/// The components of `then` that differ from `now`, named as docs/reference.md §8 names them: "geometry",
/// "entities", "rules", "tuning", "simulation version" (in that order; empty when equal).
std::vector<std::string> play_differences(const PlayIdentity& then, const PlayIdentity& now);

/// "geometry and tuning", "geometry, entities and tuning": the names joined for a sentence.
std::string join_differences(const std::vector<std::string>& names);

}  // namespace qs
