// Levels made in LDtk and Tiled: a folder holding an LDtk project (*.ldtk, its *.ldtkl level files, its
// tilesets) or Tiled maps (*.tmj / *.tmx, their *.tsj / *.tsx tilesets) gives one level per LDtk level or
// per map, read into the same LevelData a PNG level folder gives (tiles merged into rectangles, one sprite
// entry and placement per entity, the drawn layers composed into visuals).
//
//   qs::EditorProject project = qs::list_editor_levels("levels/my_ldtk");   // names: "Level_0", ...
//   qs::LevelLoadResult r = qs::load_editor_level("levels/my_ldtk", "Level_0", schema);
//   for (auto& w : r.warnings) std::cerr << w << '\n';   // things skipped: unknown entities, fields
//
// Meaning comes by name: an IntGrid value or a tile class named like a tile type is that tile, an entity or
// object named (or classed) like a prefab is that prefab (any case), and its fields of the names of the
// prefab's editable fields set them. The folder's optional quickstep.json maps other names, null skipping
// one. Names with no meaning are skipped with a warning. Errors are "PATH:X,Y: level L: message" (X, Y the
// cell) or "PATH: message".
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/level_folder.hpp"

namespace qs {

/// Caps for hostile project files, besides LevelLimits (tile grid side, image pixels, entities, visuals);
/// documented in LEVELS.md.
struct EditorLimits {
    std::uintmax_t max_project_bytes = 32u << 20;        ///< .ldtk, .ldtkl, .tmj, .tmx, .tsj, .tsx each
    std::uintmax_t max_mapping_bytes = 1u << 20;         ///< quickstep.json
    int max_json_depth = 64;                             ///< JSON nesting (XML: tinyxml2's own limit of 100)
    int max_levels = 1024;                               ///< LDtk levels in a project, maps in a folder
    int max_layers = 256;                                ///< layers in one level (groups included)
    int max_tilesets = 256;                              ///< tilesets one level uses
    int max_tile_px = 1024;                              ///< grid size / tile width and height in pixels
    std::int64_t max_drawn_tiles = 4 * 1024 * 1024;      ///< tiles drawn over all layers of one level
    std::uintmax_t max_decoded_layer_bytes = 64u << 20;  ///< one Tiled layer's data once decompressed
    std::int64_t max_image_pixels_total = 64 * 1024 * 1024;  ///< all images one level reads, together
    std::int64_t max_drawn_pixels = std::int64_t{1} << 30;   ///< picture pixels drawn over all layers
    std::size_t max_property_types = 4096;  ///< .tiled-project types, class members (its size: as a .tmj)
};

/// One level of an editor project: its name (the LDtk level identifier, the Tiled map's file name without
/// extension) and the file it comes from (the .ldtk, .tmj or .tmx).
struct EditorLevelName {
    std::string name;
    std::filesystem::path file;
};

/// The levels a folder's project files hold, or why they cannot be listed.
struct EditorProject {
    std::vector<EditorLevelName> levels;  ///< project order (LDtk), then file name order (Tiled)
    std::vector<std::string> errors;
};

/// True when `folder` holds an LDtk project or a Tiled map (*.ldtk, *.tmj, *.tmx), maybe broken.
bool looks_like_editor_folder(const std::filesystem::path& folder);

/// The levels of the project(s) in `folder`: reads each .ldtk's level list and lists each map file.
EditorProject list_editor_levels(const std::filesystem::path& folder, const EditorLimits& editor_limits = {});

/// Loads level `name` of the project in `folder` as LevelData. Its folder_name is "FOLDER/NAME", its
/// `folder` the path `folder / name` (which names the level, not a directory on disk), its lvl_path the
/// file the level comes from. Never throws for bad content. The visuals are composed whatever `pixels`
/// says (from the project's tilesets); with VisualPixels::digest_only only their digests are kept.
LevelLoadResult load_editor_level(const std::filesystem::path& folder, const std::string& name,
                                  const LevelSchema& schema, const LevelLimits& limits = {},
                                  const EditorLimits& editor_limits = {},
                                  VisualPixels pixels = VisualPixels::keep);

}  // namespace qs
