// The LDtk project and the Tiled map behind `quickstep --new-level NAME WxH --ldtk` / `--tiled`: they open in
// the editor with Quickstep's vocabulary as a ready palette (the tile types, every placeable prefab with its
// editable fields, types, ranges and defaults from the field lists, a tileset drawn from the game's sprite
// art) and hold one level with a floor, a player and a goal, so it plays at once.
//
//   std::string error;   // called by create_level_template() on a new, empty folder
//   if (!qs::write_ldtk_template("levels/mine", "mine", 64, 24, error)) report(error);
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace qs {

/// The identifier of the one level of a new LDtk project (LDtk's own name for a first level).
inline constexpr std::string_view kLdtkTemplateLevel = "Level_0";

/// Editor pixels per tile in the generated projects (the sprite sheet's tile size).
inline constexpr int kEditorTemplateTilePx = 16;

/// Writes FOLDER.ldtk (one level, kLdtkTemplateLevel, width x height cells) with tiles.png and
/// prefabs.png into `folder` (which exists and is empty). False with one line in `error` on failure.
bool write_ldtk_template(const std::filesystem::path& folder, const std::string& folder_name, int width,
                         int height, std::string& error);

/// Writes FOLDER.tmj (width x height tiles) with its tilesets tiles.tsj and prefabs.tsj and their images
/// tiles.png and prefabs.png into `folder` (which exists and is empty). False with `error` on failure.
bool write_tiled_template(const std::filesystem::path& folder, const std::string& folder_name, int width,
                          int height, std::string& error);

/// The LDtk project JSON write_ldtk_template() writes (for tests: every prefab's entity definition).
/// Needs no files: the tileset sizes follow from the level schema.
nlohmann::ordered_json ldtk_template_project(const std::string& folder_name, int width, int height);

/// The Tiled tileset of prefab tiles (prefabs.tsj) write_tiled_template() writes.
nlohmann::ordered_json tiled_template_prefab_tileset();

}  // namespace qs
