// Level folders: finds the one .lvl, reads the geometry / sprites / visuals PNG layers (geometry 1 pixel =
// 1 tile; each sprites and visuals layer a whole multiple of it), checks every colour against the .lvl
// tables (an unknown colour is "PATH:X,Y: message") and turns the folder into plain LevelData.
//
//   qs::LevelSchema schema{{"empty", "ground", "oneway", "spikes", "ice"}, {"player", "coin", ...}};
//   qs::LevelLoadResult r = qs::load_level_folder("levels/01_first_steps", schema);
//   if (!r.level) for (auto& e : r.errors) std::cerr << e << '\n';   // "PATH:X,Y: message"
//
// The engine knows tile types and prefabs only as names handed in by the game (LevelSchema). It checks
// structure (files, sizes, colours, tables, prefab names, ids); the game checks prefab fields.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/level_data.hpp"

namespace qs {

struct LevelLoadResult {
    std::optional<LevelData> level;     ///< set when there were no errors
    std::vector<std::string> errors;    ///< every error found, each "PATH:X,Y: message" or "PATH: message"
    std::vector<std::string> warnings;  ///< what was skipped without failing, each "PATH...: warning: ..."
};

/// Hard caps for hostile files; documented in LEVELS.md.
struct LevelLimits {
    std::uintmax_t max_lvl_bytes = 1 << 20;  ///< .lvl size checked before reading
    int max_json_depth = 64;
    std::int64_t max_image_pixels = 16 * 1024 * 1024;  ///< per image, from the IHDR before decoding
    int max_level_tiles_side = 4096;                   ///< geometry width and height
    int max_layers_per_kind = 16;  ///< layerN.png files in each of geometry/, sprites/, visuals/
    std::int64_t max_visual_pixels = 64 * 1024 * 1024;  ///< all visuals/ layers together
    std::size_t max_sprite_placements = 100000;         ///< coloured sprite pixels over all sprites/ layers
};

/// True when `folder` is meant to be a level: it holds at least one *.lvl file (maybe broken).
bool looks_like_level_folder(const std::filesystem::path& folder);

/// What a level folder's .lvl and PNG headers say, no image decoded.
struct LevelScanResult {
    std::string name;                 ///< the .lvl "name", else the folder's name
    std::vector<std::string> errors;  ///< the first errors load_level_folder would report, in its order
    std::string author{};             ///< the .lvl "author", empty when absent
};

/// The checks of load_level_folder that need no pixels: the files, the .lvl and its tables, every PNG
/// header, the sizes, scales and limits. No errors here does not mean the level loads (a pixel of an
/// unknown colour, a prefab's fields); errors here are exactly load_level_folder's first ones.
LevelScanResult scan_level_folder(const std::filesystem::path& folder, const LevelSchema& schema,
                                  const LevelLimits& limits = {});

/// Called by load_level_folder once the geometry is decoded without errors and merged into rectangles,
/// while the sprites and visuals layers are still being decoded on a second thread: work that needs only
/// the tiles and rectangles (the game's collision shapes) overlaps the rest of the reading. Not called for
/// a folder whose .lvl or geometry has errors; the level may still fail later (a sprite pixel, say).
using GeometryReady = std::function<void(const TileGrid& tiles, const std::vector<TileRect>& rects)>;

/// Loads and validates a level folder. Never throws for bad content; every problem is in `errors`, in the
/// same order whichever thread found it: the files and .lvl, geometry, sprites, visuals.
/// `pixels`: whether the visuals layers' pixels are kept (LevelData::visual_digests is filled either way).
LevelLoadResult load_level_folder(const std::filesystem::path& folder, const LevelSchema& schema,
                                  const LevelLimits& limits = {}, const GeometryReady& geometry_ready = {},
                                  VisualPixels pixels = VisualPixels::keep);

}  // namespace qs
