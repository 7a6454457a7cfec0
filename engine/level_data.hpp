// A level as plain data: what a level folder holds once loaded and validated (tile grid, merged
// rectangles, sprite entries and placements, visuals), and the names the game hands the loader.
// No file access and no SDL here: the simulation builds worlds from this.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/rgba_image.hpp"
#include "engine/tile_grid.hpp"

namespace qs {

/// What the game tells the loader: tile type names (index 0 must be "empty") and prefab names.
struct LevelSchema {
    std::vector<std::string> tile_types;
    std::vector<std::string> prefabs;
    /// Names the optional .lvl key "music" may take (empty: any string).
    std::vector<std::string> music_tracks;
    /// Each prefab's editable field names (levels from editors keep only these fields of an entity).
    std::map<std::string, std::vector<std::string>> prefab_fields;
};

/// One entry of `spr_prefabs`: its colour, prefab name, optional id and the remaining configuration
/// (the entry object without "prefab" and "id"; an empty object for a plain name).
struct SpriteEntry {
    std::string color;  ///< "#rrggbb" as written in the .lvl
    std::string prefab;
    std::string id;  ///< empty when the entry has none
    nlohmann::json config = nlohmann::json::object();
    /// For a level from an editor: "PATH:X,Y: level L: entity E" (X, Y its cell), where messages about the
    /// entry and its one placement point; empty for a .lvl entry (messages name spr_prefabs[i]).
    std::string where;
};

/// One coloured sprite pixel, or one entity of an editor's level: which entry it spawns and where (tile
/// units, centre of the entity). A level may hold 100 000 of them: nothing here that most do not need.
struct SpritePlacement {
    int entry = 0;        ///< index into LevelData::sprite_entries
    int layer = 0;        ///< sprites/layerN.png
    int px = 0, py = 0;   ///< pixel in that layer
    int scale = 1;        ///< k: the layer is k x the geometry size
    double x = 0, y = 0;  ///< ((px + 0.5) / k, (py + 0.5) / k)
};

struct LevelData;

/// Where messages about a placement of `level` point: for a level from an editor, its entry's place
/// ("PATH:X,Y: level L: entity E", X, Y its cell: an editor's entity is one entry and one placement);
/// else "FOLDER/sprites/layerN.png:PX,PY".
std::string placement_location(const LevelData& level, const SpritePlacement& placement);

/// What a loader keeps of a level's visuals layers: their pixels (a run that draws the level), or only each
/// layer's digest (a run that draws nothing: the look identity needs no more, and a layer is decoded row
/// by row through one row's memory, with the same checks and errors).
enum class VisualPixels { keep, digest_only };

/// Everything a level folder holds, validated.
struct LevelData {
    std::string folder_name;  ///< the folder's own name: the level's id in dumps and saves
    std::filesystem::path folder;
    std::filesystem::path lvl_path;
    std::string name;             ///< "name" from the .lvl (folder name when absent)
    std::string editor;           ///< "LDtk" or "Tiled" for a level made in an editor, empty for PNG layers
    std::string music;            ///< "music" from the .lvl: a track name, empty when absent
    std::string author;           ///< "author" from the .lvl (printable text), empty when absent
    nlohmann::json lvl;           ///< the whole .lvl document
    TileGrid tiles;               ///< all geometry layers combined; a later layer's non-empty tile wins
    std::vector<TileRect> rects;  ///< the fewest rectangles (rect_partition: level_rectangles), (y, x) order
    std::vector<SpriteEntry> sprite_entries;
    std::vector<SpritePlacement> placements;  ///< layer, then row, then column order
    /// visuals/layerN.png in order, RGBA; empty when loaded with VisualPixels::digest_only
    std::vector<RgbaImage> visuals;
    /// digest_image of each visuals layer, in order, whatever VisualPixels was (every loader fills it)
    std::vector<std::uint64_t> visual_digests;
    /// "parallax" from the .lvl: how far each visuals layer moves with the camera, by layer (1: with the
    /// tiles; 0.5: half as far, so it looks farther away; 0: not at all). Layers past its end take 1.
    std::vector<double> parallax;
    /// FNV-1a 64 over the bytes of the .lvl and every layer file, in a fixed order. Not the level's identity
    /// (the game computes that from the decoded content): it recognises the level of files whose header
    /// carries this hash, written before the game keyed them to decoded content.
    std::uint64_t files_hash = 0;
    /// What the loader skipped without failing (a level from an editor: entities, fields and tile names
    /// with no meaning here); --check prints them.
    std::vector<std::string> warnings;
    /// The files the level was read from, by their paths relative to source_folder() ("first_steps.lvl",
    /// "geometry/layer0.png"; "first_steps.ldtk", "tiles.png"): what a level package of it holds. Every
    /// loader lists the files it read.
    std::vector<std::filesystem::path> source_files;

    /// The folder `source_files` are in: `folder` for a level folder, the project folder (the parent of
    /// `folder`, which names the level) for a level made in an editor.
    std::filesystem::path source_folder() const { return editor.empty() ? folder : folder.parent_path(); }
};

}  // namespace qs
