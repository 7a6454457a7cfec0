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
// the editor's swatches (the loader ignores both).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace qs {

/// Smallest and largest template side in tiles (the loader's max_level_tiles_side is 4096).
constexpr int kMinTemplateSide = 8;
constexpr int kMaxTemplateSide = 4096;

/// Parses "WxH" (e.g. "64x24"; 'X' also accepted) into width and height; nullopt when malformed. The range
/// is checked by create_level_template().
std::optional<std::pair<int, int>> parse_level_size(std::string_view text);

/// True when `name` can name a level folder: 1..64 characters of A-Z a-z 0-9 _ - . not starting with '.'.
bool is_valid_level_folder_name(std::string_view name);

/// Creates the template level folder `folder` (its parent directories too) titled `name` (printable ASCII,
/// 1..64 characters). Refuses a folder that already exists. On failure returns false, sets `error` to one
/// line and leaves nothing behind.
bool create_level_template(const std::filesystem::path& folder, const std::string& name, int width,
                           int height, std::string& error);

}  // namespace qs
