// Data and user folders: $QUICKSTEP_DATA_DIR / the binary's location / the source tree, and XDG paths.
#include "game/app/paths.hpp"

#include <cstdlib>

#include <SDL.h>

namespace qs {

namespace fs = std::filesystem;

fs::path data_dir() {
    if (const char* env = std::getenv("QUICKSTEP_DATA_DIR"); env && *env) return env;
    std::error_code ec;
    if (char* base = SDL_GetBasePath()) {
        fs::path exe_dir = base;
        SDL_free(base);
        if (exe_dir.filename().empty()) exe_dir = exe_dir.parent_path();
        for (const fs::path& candidate :
             {exe_dir, exe_dir.parent_path(), exe_dir.parent_path() / "share/quickstep"}) {
            if (fs::is_directory(candidate / "assets", ec) && fs::is_directory(candidate / "levels", ec)) {
                return candidate;
            }
        }
    }
    return QUICKSTEP_SOURCE_DIR;
}

fs::path user_data_dir() {
    if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg) return fs::path(xdg) / "quickstep";
    if (const char* home = std::getenv("HOME"); home && *home)
        return fs::path(home) / ".local/share/quickstep";
    return fs::path(".quickstep");
}

std::vector<fs::path> level_dirs(const std::vector<fs::path>& extra_dirs) {
    std::vector<fs::path> dirs{data_dir() / "levels", user_data_dir() / "levels"};
    dirs.insert(dirs.end(), extra_dirs.begin(), extra_dirs.end());
    return dirs;
}

bool is_shipped_level(const fs::path& folder) {
    return ShippedLevels().holds(folder);
}

ShippedLevels::ShippedLevels() {
    std::error_code ec;
    dir_ = fs::weakly_canonical(data_dir() / "levels", ec);
    if (ec) dir_.clear();
}

bool ShippedLevels::holds(const fs::path& folder) const {
    if (dir_.empty()) return false;
    std::error_code ec;
    const fs::path parent = fs::weakly_canonical(folder, ec).parent_path();
    return !ec && parent == dir_;
}

std::string display_path(const fs::path& path) {
    std::string text = path.string();
    const char* home = std::getenv("HOME");
    if (!home || !*home) return text;
    std::string prefix = fs::path(home).lexically_normal().string();
    if (!prefix.empty() && prefix.back() == '/') prefix.pop_back();
    if (prefix.empty() || text.rfind(prefix + "/", 0) != 0) return text;
    return "~" + text.substr(prefix.size());
}

std::filesystem::path next_screenshot_path() {
    std::error_code ec;
    const std::filesystem::path dir = user_data_dir() / "screenshots";
    std::filesystem::create_directories(dir, ec);
    int n = 1;
    while (std::filesystem::exists(dir / ("quickstep-" + std::to_string(n) + ".png"), ec)) ++n;
    return dir / ("quickstep-" + std::to_string(n) + ".png");
}

}  // namespace qs
