// What the LDtk and the Tiled templates of --new-level share (editor_template.cpp, editor_template_ldtk.cpp):
// the tile size, the two tileset images cut from the sprite sheet, where the template places the player and
// the goal, and small JSON helpers.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "game/app/editor_template.hpp"
#include "game/app/level_template.hpp"

namespace qs::editor_template_detail {

using ojson = nlohmann::ordered_json;

inline constexpr int kTile = kEditorTemplateTilePx;
inline constexpr int kPrefabColumns = 8;
inline constexpr const char* kTilesImage = "tiles.png";
inline constexpr const char* kPrefabsImage = "prefabs.png";
inline constexpr const char* kLevelBackground = "#5C9BD8";

/// One tile of tiles.png: a tile type's sprite, or the sprite drawn where the tile above is not solid.
struct TerrainTile {
    int type = 0;  ///< index in kTileTypes
    std::string_view sprite;
    bool top = false;
};

/// Every tile type but empty: its sprite, then its top sprite when that differs.
std::vector<TerrainTile> terrain_tiles();
/// The tile of tiles.png drawn for tile type `type` (its top sprite when `top` and it has one).
int terrain_tile_id(int type, bool top);
/// The sprite a prefab is drawn with in the editor: the first atlas animation named like it or starting
/// with its name and '_' (player_idle, door_closed, ...); nullopt when there is none (camera_area).
std::optional<std::string_view> prefab_sprite(std::string_view prefab);
/// "#RRGGBB".
std::string hex_colour(std::uint32_t rgb);
/// A finite range end for an editor (LDtk's min / max), or null for none.
ojson range_end(double value);
/// Rows of prefabs.png: kPrefabColumns prefabs a row.
int prefab_rows(std::size_t prefabs);

/// Where the template places things: a ground floor on the bottom row, the player on the left above it,
/// the goal on the right.
struct Placement {
    int floor_y, player_x, goal_x, stand_y;
};
Placement placement(int width, int height);

/// `value` as indented JSON into `path`; false with `error` naming the file.
bool write_json(const std::filesystem::path& path, const ojson& value, std::string& error);
/// tiles.png and prefabs.png, cut from assets/sprites/sheet.png by sheet.json's animations.
bool write_template_art(const std::filesystem::path& folder, const TemplatePalette& palette,
                        std::string& error);

}  // namespace qs::editor_template_detail
