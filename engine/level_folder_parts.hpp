// The parts of level folder loading shared by its files (level_folder.cpp: the folder, the steps in order
// and the content hash; level_lvl.cpp: the .lvl and its colour tables; level_layers.cpp: the PNG layers,
// their headers and their pixels -> tiles and placements). Not for use outside engine/level_*.cpp.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/level_folder.hpp"
#include "engine/png_image.hpp"

namespace qs::level_folder_detail {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr std::array<const char*, 3> kLayerKinds = {"geometry", "sprites", "visuals"};

/// Collects the error lines of one load.
class ErrorList {
   public:
    explicit ErrorList(std::vector<std::string>& lines) : lines_(lines) {}
    void add(const fs::path& path, const std::string& message) {
        lines_.push_back(path.string() + ": " + message);
    }
    void add_at(const fs::path& path, int x, int y, const std::string& message) {
        lines_.push_back(path.string() + ":" + std::to_string(x) + "," + std::to_string(y) + ": " + message);
    }
    void add_line(std::string line) { lines_.push_back(std::move(line)); }
    std::size_t count() const { return lines_.size(); }

   private:
    std::vector<std::string>& lines_;
};

/// "a string", "an array", "null": the kind of a JSON value, for "must be ..., got ..." messages.
std::string kind_of(const json& value);
/// The text as a JSON string, quotes and escapes included.
std::string json_quoted(const std::string& text);
/// "#rrggbb" for a 0xRRGGBB value.
std::string colour_text(std::uint32_t rgb);
/// Checks that `path` may be opened: it resolves inside the folder and is a regular file.
bool check_openable(const fs::path& canonical_root, const fs::path& path, ErrorList& errors);

/// A colour table of the .lvl (obj_* or spr_*): colour -> entry, with a label per entry for messages.
struct ColourTable {
    std::string colours_key;             ///< "obj_colors" or "spr_colors"
    std::vector<std::uint32_t> colours;  ///< 0xRRGGBB per entry
    std::vector<int> values;             ///< tile type index (obj) or sprite entry index (spr)
    std::vector<std::string> labels;     ///< tile type or prefab name
    bool usable = false;                 ///< parsed without any error, so pixels can be checked against it
};

/// Everything read from the .lvl.
struct LvlContents {
    json document;
    std::string name;
    std::string author;
    std::string music;
    std::vector<double> parallax;
    ColourTable geometry_table;
    ColourTable sprite_table;
    std::vector<SpriteEntry> sprite_entries;
};

/// The folder's one .lvl file: `lvl_path` is set when there is exactly one; the contents when it also
/// parses and checks. `listed` is false when the folder cannot be listed (loading stops there).
std::optional<LvlContents> read_lvl(const fs::path& folder, const fs::path& canonical_root,
                                    const LevelSchema& schema, const LevelLimits& limits, ErrorList& errors,
                                    std::vector<std::string>& lines, fs::path& lvl_path, bool& listed);

/// One layerN.png found on disk, with what its header said.
struct LayerFile {
    fs::path path;
    int index = 0;
    PngSize size;
    bool header_ok = false;  ///< openable, PNG header fine, within the pixel and side limits
    int scale = 0;  ///< k for sprites and visuals once checked against the geometry size; 1 for geometry
};

/// The layer files of every kind (geometry, sprites, visuals), each header checked and each layer's scale
/// set (0 when it cannot be used) before anything is decoded.
std::array<std::vector<LayerFile>, 3> check_layers(const fs::path& folder, const fs::path& canonical_root,
                                                   const LevelLimits& limits, ErrorList& errors,
                                                   std::optional<PngSize>& geometry_size);

/// A whole layer decoded (a visuals layer), or nullopt with the reason in `errors`.
std::optional<RgbaImage> decode_layer(const LayerFile& layer, const LevelLimits& limits, ErrorList& errors);

/// digest_image of a layer decoded row by row without keeping it (the same checks and errors as
/// decode_layer), or nullopt with the reason in `errors`.
std::optional<std::uint64_t> digest_layer(const LayerFile& layer, const LevelLimits& limits,
                                          ErrorList& errors);

/// Geometry pixels -> tiles, decoded straight into the grid; a later layer's non-empty tile wins.
void read_geometry(const std::vector<LayerFile>& geometry_layers, const std::optional<LvlContents>& lvl,
                   const LevelLimits& limits, ErrorList& errors, TileGrid& tiles);

/// Sprite pixels -> placements, decoded straight into them, within the placement limit; an entry with an id
/// placed on more than one pixel is an error naming the pixels.
void read_sprites(const fs::path& folder, const std::vector<LayerFile>& sprite_layers,
                  const std::optional<LvlContents>& lvl, const LevelLimits& limits, ErrorList& errors,
                  std::vector<SpritePlacement>& placements);

/// The folder's own name, also for "levels/x/" and ".".
std::string folder_name_of(const fs::path& folder, const fs::path& canonical_root);

}  // namespace qs::level_folder_detail
