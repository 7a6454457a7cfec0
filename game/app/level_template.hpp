// The level template generator behind `quickstep --new-level NAME WxH`: writes a new level folder that
// loads and plays at once and shows a level maker every tile type, prefab, editable field and colour.
//
//   std::string error;
//   if (!qs::create_level_template("levels/my_level", "my_level", 64, 24, error)) report(error);
//
// The folder gets <folder-name>.lvl (every tile type but empty, every prefab as an object with its editable
// fields at their defaults, one distinct colour each), geometry/layer0.png and sprites/layer0.png of
// W x H pixels (transparent, plus a ground row at the bottom, a player and a goal), and palette.png: a
// legend with each colour's swatch and name, and palette.gpl: the same named colours as a GIMP palette for
// the editor's swatches (the loader ignores both). With LevelTemplateFormat::ldtk or ::tiled the folder gets
// an LDtk project or a Tiled map instead (game/app/editor_template.hpp).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace qs {

/// Smallest and largest template side in tiles (the loader's max_level_tiles_side is 4096).
constexpr int kMinTemplateSide = 8;
constexpr int kMaxTemplateSide = 4096;

/// What --new-level writes: a PNG level folder, an LDtk project (--ldtk) or a Tiled map (--tiled).
enum class LevelTemplateFormat : std::uint8_t { png_folder, ldtk, tiled };

/// One colour of the template: a tile type or prefab name and its colour, 0xRRGGBB.
struct TemplateColour {
    std::string name;
    std::uint32_t rgb = 0;
};

/// The template's colours, all distinct: every tile type but empty in kTileTypes order, then every prefab
/// of level_schema() in its order; each gets its familiar colour when that is free, else a generated one.
struct TemplatePalette {
    std::vector<TemplateColour> tiles, prefabs;
};
TemplatePalette template_palette();

/// The level a new template folder `folder_name` of `format` holds, as --list-levels names it:
/// "FOLDER" (a PNG folder), "FOLDER/Level_0" (LDtk), "FOLDER/FOLDER" (Tiled).
std::string template_level_name(const std::string& folder_name, LevelTemplateFormat format);

/// Parses "WxH" (e.g. "64x24"; 'X' also accepted) into width and height; nullopt when malformed. The range
/// is checked by create_level_template().
std::optional<std::pair<int, int>> parse_level_size(std::string_view text);

/// True when `name` can name a level folder: 1..64 characters of A-Z a-z 0-9 _ - . not starting with '.'.
bool is_valid_level_folder_name(std::string_view name);

/// Creates the template level folder `folder` (its parent directories too) titled `name` (printable ASCII,
/// 1..64 characters) in `format`. Refuses a folder that already exists. On failure returns false, sets
/// `error` to one line and leaves nothing behind.
bool create_level_template(const std::filesystem::path& folder, const std::string& name, int width,
                           int height, std::string& error,
                           LevelTemplateFormat format = LevelTemplateFormat::png_folder);

}  // namespace qs
