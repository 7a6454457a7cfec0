// Where the game's files live: the shipped data (assets/, levels/), the user's data folder and the files
// in it (settings, progress, saves, screenshots, levels). App side: finding the binary needs SDL.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace qs {

/// Where the shipped assets/ and levels/ are: $QUICKSTEP_DATA_DIR, next to the binary's parent, or the
/// source tree the binary was built from.
std::filesystem::path data_dir();

/// $XDG_DATA_HOME/quickstep (default ~/.local/share/quickstep).
std::filesystem::path user_data_dir();

/// Every levels dir in scan order: shipped levels/, $XDG_DATA_HOME/quickstep/levels, then `extra_dirs`
/// (the --levels-dir entries).
std::vector<std::filesystem::path> level_dirs(const std::vector<std::filesystem::path>& extra_dirs);

/// True when `folder` is a level in the shipped levels/ (data_dir()), not one the player added.
bool is_shipped_level(const std::filesystem::path& folder);
/// is_shipped_level for many folders: the shipped levels dir found once.
class ShippedLevels {
   public:
    ShippedLevels();
    bool holds(const std::filesystem::path& folder) const;

   private:
    std::filesystem::path dir_;  ///< data_dir()/levels made canonical, empty when it cannot be
};

/// $XDG_DATA_HOME/quickstep/screenshots/quickstep-N.png with the first N not yet taken (the folder made).
std::filesystem::path next_screenshot_path();

/// A path as the player reads it on screen: under $HOME it starts with "~/".
std::string display_path(const std::filesystem::path& path);

}  // namespace qs
