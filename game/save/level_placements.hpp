// What a level placed, as a save remembers it: every sprite placement's identity (its prefab and its .lvl
// id, or its prefab and pixel) and a fingerprint of its .lvl settings. A save carries the table of the level
// it was made in, so it can be loaded into an edited version of that level (save_carry.hpp).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/level_data.hpp"

namespace qs {

struct LevelPlacements {
    /// One spr_prefabs entry.
    struct Entry {
        std::string prefab;
        std::string id;              ///< the .lvl id, empty when none (an id'd colour is on one pixel only)
        std::uint64_t settings = 0;  ///< FNV-1a 64 of the entry's configuration (entry_settings_hash)
        bool operator==(const Entry&) const = default;
    };
    /// One coloured sprite pixel (LevelData::placements, in its order).
    struct Placement {
        std::uint32_t entry = 0;  ///< index into entries
        std::int32_t layer = 0, px = 0, py = 0;
        bool operator==(const Placement&) const = default;
    };
    std::vector<Entry> entries;
    std::vector<Placement> placements;
    bool operator==(const LevelPlacements&) const = default;
};

/// Ranges a table read from a save must keep (LEVELS.md's limits, with room).
inline constexpr std::int32_t max_placement_layer = 1000;
inline constexpr std::int32_t max_placement_pixel = 1 << 24;
inline constexpr std::size_t max_placement_entries = 1 << 20;

/// The settings fingerprint of one spr_prefabs entry: its prefab and its configuration (the entry object
/// without "prefab" and "id", keys in sorted order), so the same settings written in another key order or
/// spacing give the same value.
std::uint64_t entry_settings_hash(const SpriteEntry& entry);

/// The table of `level`.
std::shared_ptr<const LevelPlacements> level_placements(const LevelData& level);

/// Empty when `table` is consistent (entry indexes in range, known placeable prefabs, coordinates within
/// the ranges above), else what is wrong.
std::string check_level_placements(const LevelPlacements& table);

}  // namespace qs
