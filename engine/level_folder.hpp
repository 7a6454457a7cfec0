// Level folders (DESIGN §5.6): finds the one .lvl, reads the geometry / sprites / visuals PNG layers,
// checks every colour against the .lvl tables and turns the folder into plain LevelData.
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
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/png_image.hpp"
#include "engine/tile_grid.hpp"

namespace qs {

/// What the game tells the loader: tile type names (index 0 must be "empty") and prefab names.
struct LevelSchema {
    std::vector<std::string> tile_types;
    std::vector<std::string> prefabs;
};

/// One entry of `spr_prefabs`: its colour, prefab name, optional id and the remaining configuration
/// (the entry object without "prefab" and "id"; an empty object for a plain name).
struct SpriteEntry {
    std::string color;  ///< "#rrggbb" as written in the .lvl
    std::string prefab;
    std::string id;  ///< empty when the entry has none
    nlohmann::json config = nlohmann::json::object();
};

/// One coloured sprite pixel: which entry it spawns and where (tile units, centre of the entity).
struct SpritePlacement {
    int entry = 0;        ///< index into LevelData::sprite_entries
    int layer = 0;        ///< sprites/layerN.png
    int px = 0, py = 0;   ///< pixel in that layer
    int scale = 1;        ///< k: the layer is k x the geometry size
    double x = 0, y = 0;  ///< ((px + 0.5) / k, (py + 0.5) / k)
};

/// Everything a level folder holds, validated.
struct LevelData {
    std::string folder_name;  ///< the folder's own name: the level's id in dumps and saves
    std::filesystem::path folder;
    std::filesystem::path lvl_path;
    std::string name;             ///< "name" from the .lvl (folder name when absent)
    nlohmann::json lvl;           ///< the whole .lvl document
    TileGrid tiles;               ///< all geometry layers combined; a later layer's non-empty tile wins
    std::vector<TileRect> rects;  ///< tiles merged into rectangles (rect_partition), sorted by (y, x)
    std::vector<SpriteEntry> sprite_entries;
    std::vector<SpritePlacement> placements;  ///< layer, then row, then column order
    std::vector<RgbaImage> visuals;           ///< visuals/layerN.png in order, RGBA
    std::uint64_t content_hash = 0;           ///< FNV-1a 64 over the .lvl and every layer file, fixed order
};

struct LevelLoadResult {
    std::optional<LevelData> level;   ///< set when there were no errors
    std::vector<std::string> errors;  ///< every error found, each "PATH:X,Y: message" or "PATH: message"
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

/// Loads and validates a level folder. Never throws for bad content; every problem is in `errors`.
LevelLoadResult load_level_folder(const std::filesystem::path& folder, const LevelSchema& schema,
                                  const LevelLimits& limits = {});

}  // namespace qs
