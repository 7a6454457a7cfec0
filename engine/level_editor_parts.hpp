// The parts of reading levels made in editors shared by the LDtk and Tiled readers (level_editor.cpp: the
// name mapping, the level builder, listing and dispatch; level_ldtk.cpp; level_tiled.cpp: .tmj/.tsj and,
// turned into the same JSON, .tmx/.tsx; level_tiled_data.cpp: tile layer data). Not for use outside
// engine/level_*.cpp.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/level_editor.hpp"

namespace qs::level_editor_detail {

namespace fs = std::filesystem;
using nlohmann::json;

/// The folder's quickstep.json: editor names -> tile type / prefab names, nullopt to skip the name.
struct NameMapping {
    std::map<std::string, std::optional<std::string>> tiles, entities;
};

/// "a string", "an array", ...: the kind of a JSON value for messages.
std::string json_kind(const json& value);
/// The text as a JSON string, quotes and escapes included.
std::string quote_name(const std::string& text);
/// "#RRGGBB" or "#AARRGGBB" (Tiled) -> 0xRRGGBBAA; nullopt for anything else.
std::optional<std::uint32_t> parse_hex_colour(const std::string& text);
/// A whole number in [low, high] held by `value`, or nullopt.
std::optional<std::int64_t> whole_in(const json& value, std::int64_t low, std::int64_t high);
/// A finite number held by `value`, or nullopt.
std::optional<double> finite_number(const json& value);
/// The string member `key` of `object`, or `fallback` when it is missing or not a string.
std::string string_or(const json& object, const char* key, const std::string& fallback = "");
/// The whole number member `key` of `object` in [low, high]. A missing member gives `fallback`, or, with
/// none, nullopt and an error "WHERE KEY is missing"; a member out of range gives nullopt and an error
/// naming it, the range and the value.
std::optional<std::int64_t> whole_member(const json& object, const char* key, std::int64_t low,
                                         std::int64_t high, const std::string& where,
                                         std::vector<std::string>& errors,
                                         std::optional<std::int64_t> fallback = std::nullopt);

/// A field of an entity as read from the editor: its name and value; a reference to another entity of the
/// level is {"$ref": key} (alone or in an array), resolved to that entity's id when the level is built.
struct EditorField {
    std::string name;
    json value;
};

/// An entity or object as read from the editor.
struct EditorEntity {
    std::string name;     ///< LDtk identifier, Tiled class (or type, else name)
    std::string where;    ///< "PATH:X,Y: level L: entity E", the start of messages about it
    std::string key;      ///< what references to it name (LDtk iid, Tiled "#<object id>")
    double x = 0, y = 0;  ///< centre, in tiles
    std::vector<EditorField> fields;
};

/// A path a project file names: relative to `base_dir`, and it must stay inside the level folder.
/// Returns the path (base_dir / relative) or nullopt with the reason in `errors` (prefixed by `where`).
std::optional<fs::path> inside_path(const fs::path& canonical_root, const fs::path& base_dir,
                                    const std::string& relative, const std::string& where,
                                    std::vector<std::string>& errors);

/// Reads a project JSON file (size cap, depth limit); nullopt with the error in `errors`.
std::optional<json> read_project_json(const fs::path& path, const EditorLimits& limits,
                                      std::vector<std::string>& errors);

/// Builds one LevelData from what an editor reader hands it: the grid, tiles by name, entities, drawn tiles.
class EditorLevelBuilder {
   public:
    EditorLevelBuilder(const LevelSchema& schema, const LevelLimits& limits,
                       const EditorLimits& editor_limits, const NameMapping& mapping, fs::path canonical_root,
                       std::vector<std::string>& errors, std::vector<std::string>& warnings);

    /// The level's size in tiles and the editor's pixels per tile; false (error added) outside the limits.
    bool start(int width_tiles, int height_tiles, int tile_px, const std::string& where);
    int width() const { return tiles_.width; }
    int height() const { return tiles_.height; }
    int tile_px() const { return tile_px_; }

    /// The tile type index a tile name means (mapping, then the tile types by name in any case); 0 (empty)
    /// for a name with no meaning, with one warning per name naming `where_seen`.
    int tile_type(const std::string& name, const std::string& where_seen);
    /// Sets a cell; a later non-empty tile wins, as a later geometry layer does.
    void set_tile(int x, int y, int type);

    /// Adds an entity when its name means a prefab (else one warning per name); fields with no meaning
    /// for that prefab are dropped with a warning. True when the name means a prefab.
    bool add_entity(EditorEntity entity);
    /// A warning about the level (`where` and the text, "warning: " included by the caller).
    void warn(std::string text) { warnings_.push_back(std::move(text)); }

    /// The level background: filled below everything drawn.
    void set_background(std::uint32_t rgba) { background_ = rgba; }

    /// A tileset image by path (checked inside the folder, read once, through the bounded PNG reader; all
    /// images of a level together hold at most EditorLimits::max_image_pixels_total pixels); null with the
    /// reason in the errors.
    const RgbaImage* image(const fs::path& path, const std::string& where);

    /// Draws the `sw` x `sh` pixels of `src` at (sx, sy) into the level's picture at editor pixel (dx, dy),
    /// scaled to `dw` x `dh`: `diagonal` swaps x and y first (Tiled), then the flips; alpha over what is
    /// there, times `opacity`. False (error added, once) when the level's drawn tile or pixel budget is
    /// spent.
    bool draw(const RgbaImage& src, int sx, int sy, int sw, int sh, double dx, double dy, int dw, int dh,
              bool flip_x, bool flip_y, bool diagonal, double opacity);

    /// Draws like draw() (no flips, opaque) into the level's backdrop: a picture of the level's size below
    /// the game's tiles (visuals layer 0, over the background colour), for a background image. Called
    /// before anything is drawn with draw(); later calls draw nothing. False when the budget is spent.
    bool draw_backdrop(const RgbaImage& src, int sx, int sy, int sw, int sh, double dx, double dy, int dw,
                       int dh);

    /// A file the level was read from, for the level's files hash.
    void read_file(const fs::path& path) { files_.push_back(path); }

    /// The level, or nullopt when errors were added since construction.
    std::optional<LevelData> finish(const fs::path& folder, const std::string& level_name,
                                    const fs::path& level_file);

   private:
    bool make_canvas();

    const LevelSchema& schema_;
    const LevelLimits& limits_;
    const EditorLimits& editor_limits_;
    const NameMapping& mapping_;
    fs::path canonical_root_;
    std::vector<std::string>& errors_;
    std::vector<std::string>& warnings_;
    std::size_t errors_at_start_ = 0;

    TileGrid tiles_;
    int tile_px_ = 1;
    std::map<std::string, int> tile_meaning_;  ///< names already looked up
    std::map<std::string, std::optional<std::string>> prefab_meaning_;
    std::vector<EditorEntity> entities_;
    std::vector<std::string> prefabs_;  ///< per entity
    std::optional<std::uint32_t> background_;
    std::map<fs::path, std::unique_ptr<RgbaImage>> images_;  ///< null: failed once, reported
    std::int64_t image_pixels_ = 0;                          ///< held by images_
    RgbaImage canvas_;
    RgbaImage backdrop_;  ///< below the game's tiles; empty unless draw_backdrop() was called first
    bool backdrop_wanted_ = false, to_backdrop_ = false;
    int scale_ = 0;  ///< canvas pixels per tile; 0: no canvas yet
    std::int64_t drawn_ = 0;
    std::int64_t drawn_pixels_ = 0;  ///< picture pixels written or blended, over all draws
    bool budget_reported_ = false;
    /// Reports (once per level) that drawing went over `limit` `what` ("tiles", "pixels"); returns false.
    bool over_budget(std::int64_t limit, const char* what);
    std::vector<fs::path> files_;
};

/// The levels of one .ldtk project file; the parsed project is kept in `project` when given.
std::vector<EditorLevelName> list_ldtk_levels(const fs::path& project_file, const EditorLimits& limits,
                                              std::vector<std::string>& errors, json* project = nullptr);
/// Reads level `name` of the .ldtk project `project` (parsed from `project_file`) into `builder`; false when
/// it is not in the project.
bool read_ldtk_level(const json& project, const fs::path& project_file, const std::string& name,
                     const fs::path& canonical_root, const EditorLimits& limits, EditorLevelBuilder& builder,
                     std::vector<std::string>& errors);

/// Reads a Tiled map (.tmj or .tmx) into `builder`.
void read_tiled_map(const fs::path& map_file, const fs::path& canonical_root, const EditorLimits& limits,
                    EditorLevelBuilder& builder, std::vector<std::string>& errors);

/// A Tiled tile layer's gids (width x height, flags included), from its data in any encoding Tiled writes
/// (level_tiled_data.cpp); nullopt with an error naming `where`.
std::optional<std::vector<std::uint32_t>> layer_gids(const json& layer, std::int64_t width,
                                                     std::int64_t height, const EditorLimits& limits,
                                                     const std::string& where,
                                                     std::vector<std::string>& errors);

/// A .tmx or .tsx file as the JSON Tiled writes for the same map or tileset (.tmj / .tsj); nullopt with
/// the error in `errors`.
std::optional<json> read_tiled_xml(const fs::path& path, const EditorLimits& limits,
                                   std::vector<std::string>& errors);

}  // namespace qs::level_editor_detail
