// The game's tile types: one table of what each is (name, solidity, harm, floor, friction, template colour,
// sprite), read by the level schema, the terrain, the lint, the retry spot, the template and the drawing;
// and the names the level loader accepts (tile types for obj_prefabs, placeable entities for spr_prefabs).
// Adding a tile type: "Adding a tile type" in CONTRIBUTING.md.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string_view>

#include "engine/level_data.hpp"

namespace qs {

/// The game's tile types, in the order of their numbers in a TileGrid and of the rows of kTileTypes. A new
/// type goes before `count`.
enum class TileType : std::uint8_t { empty, ground, oneway, spikes, ice, count };

inline constexpr std::size_t tile_type_count = static_cast<std::size_t>(TileType::count);

/// How a solid tile's surface slows what moves on it: the terrain's Box2D friction and the player's
/// deceleration (Tuning::ground_decel, Tuning::ice_decel). Also the outline kind of its edges.
enum class TileFriction : std::uint8_t { ground, ice };

/// What one tile type is.
struct TileProperties {
    TileType type;                  ///< the row's type: rows are in enum order (checked below)
    std::string_view name;          ///< in a .lvl's obj_prefabs, in dumps and in LEVELS.md
    bool solid;                     ///< blocks from every side
    bool one_way;                   ///< blocks only from above: stood on, jumped up through, dropped through
    bool hurts;                     ///< kills the player on touch (a sensor over the tiles)
    bool safe_floor;                ///< a floor to stand on: the lint's reachable floors, the retry spot
    TileFriction friction;          ///< of a solid tile's surface
    std::uint32_t template_colour;  ///< 0xRRGGBB in a new level's .lvl (--new-level); empty is not listed
    std::string_view sprite;        ///< atlas animation drawn for it (game/view/sprites.hpp); "": not drawn
    std::string_view top_sprite;    ///< drawn instead where the tile above is not solid
    std::uint32_t thumbnail;        ///< 0xRRGGBB in the level select's thumbnails; empty: the sky
    std::uint32_t thumbnail_top;    ///< the same where the tile above is not solid
};

inline constexpr TileProperties kTileTypes[] = {
    // type            name      solid  one_way hurts  safe   friction             colour    sprite, on top,
    //                                                                                       thumbnail, on top
    {TileType::empty, "empty", false, false, false, false, TileFriction::ground, 0x000000, "", "", 0, 0},
    {TileType::ground, "ground", true, false, false, true, TileFriction::ground, 0x000000, "tile_ground",
     "tile_ground_top", 0x6b4a2f, 0x5cb04a},
    {TileType::oneway, "oneway", false, true, false, true, TileFriction::ground, 0x808080, "tile_oneway",
     "tile_oneway", 0xb08850, 0xb08850},
    {TileType::spikes, "spikes", true, false, true, false, TileFriction::ground, 0xff0000, "tile_spikes",
     "tile_spikes", 0xd8d8e0, 0xd8d8e0},
    {TileType::ice, "ice", true, false, false, true, TileFriction::ice, 0x9ad0ff, "tile_ice", "tile_ice",
     0x9ad0ff, 0x9ad0ff},
};

/// The table's checks: one row per TileType in enum order, each named once, each drawn (but empty) with a
/// colour of its own in the template.
constexpr bool tile_table_in_enum_order() {
    if (std::size(kTileTypes) != tile_type_count) return false;
    for (std::size_t i = 0; i < tile_type_count; ++i) {
        if (static_cast<std::size_t>(kTileTypes[i].type) != i) return false;
    }
    return true;
}
static_assert(tile_table_in_enum_order(), "kTileTypes needs one row per TileType, in enum order");
constexpr bool tile_table_complete() {
    for (std::size_t i = 0; i < tile_type_count; ++i) {
        const TileProperties& tile = kTileTypes[i];
        if (tile.name.empty()) return false;
        if (tile.type != TileType::empty && (tile.sprite.empty() || tile.top_sprite.empty())) return false;
        if (tile.type != TileType::empty && (tile.thumbnail == 0 || tile.thumbnail_top == 0)) return false;
        for (std::size_t j = 0; j < i; ++j) {
            if (kTileTypes[j].name == tile.name) return false;
            if (j > 0 && kTileTypes[j].template_colour == tile.template_colour) return false;
        }
    }
    return true;
}
static_assert(tile_table_complete(),
              "every tile type needs a name of its own, a sprite, a template colour of its own and "
              "thumbnail colours");

/// The row of a tile number; numbers past the table (no loaded level has them) are empty.
constexpr const TileProperties& tile_properties(std::uint8_t tile) {
    return kTileTypes[tile < tile_type_count ? tile : 0];
}

/// Solid tiles block from every side (ground, spikes, ice); oneway only from above.
constexpr bool tile_is_solid(std::uint8_t tile) {
    return tile_properties(tile).solid;
}

/// Tile type names and prefab names (every entity type with `placeable`) as the level loader needs them.
const LevelSchema& level_schema();

}  // namespace qs
