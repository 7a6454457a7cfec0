// FolderWatcher: polls the .lvl and layerN.png files of one folder, the files of an editor project, or one
// file (size + mtime) and debounces changes.
#include "engine/file_watch.hpp"

#include <algorithm>
#include <array>
#include <system_error>

namespace qs {
namespace {

namespace fs = std::filesystem;

constexpr std::array<const char*, 3> kLayerDirectories = {"geometry", "sprites", "visuals"};

/// "layer<digits>.png"
bool is_layer_file_name(const std::string& name) {
    constexpr std::string_view prefix = "layer", suffix = ".png";
    if (name.size() <= prefix.size() + suffix.size() || !name.starts_with(prefix) || !name.ends_with(suffix))
        return false;
    for (std::size_t i = prefix.size(); i < name.size() - suffix.size(); ++i) {
        if (name[i] < '0' || name[i] > '9') return false;
    }
    return true;
}

/// A file an LDtk or Tiled project may read (project, levels, maps, tilesets, images, quickstep.json, the
/// Tiled project with its custom types).
bool is_project_file(const fs::path& path) {
    static constexpr std::array<const char*, 9> kExtensions = {
        ".ldtk", ".ldtkl", ".tmj", ".tmx", ".tsj", ".tsx", ".png", ".json", ".tiled-project"};
    const std::string extension = path.extension().string();
    return std::any_of(kExtensions.begin(), kExtensions.end(), [&](const char* e) { return extension == e; });
}

/// The folder of an editor project that `folder` is (or names a level of), or empty.
fs::path project_root(const fs::path& folder) {
    std::error_code ec;
    const fs::path root = fs::is_directory(folder, ec) ? folder : folder.lexically_normal().parent_path();
    bool project = false;
    for (fs::directory_iterator it(root.empty() ? fs::path(".") : root, ec), end; !ec && it != end;
         it.increment(ec)) {
        const fs::path extension = it->path().extension();
        if (extension == ".lvl") return {};
        if (extension == ".ldtk" || extension == ".tmj" || extension == ".tmx") project = true;
    }
    return project ? (root.empty() ? fs::path(".") : root) : fs::path();
}

}  // namespace

FolderWatcher::FileStamp FolderWatcher::stamp_of(const fs::path& file, std::string relative) {
    FileStamp stamp;
    stamp.relative = std::move(relative);
    std::error_code ec;
    // Follows links, like the loader; a file that vanishes mid-scan just reads as size 0.
    stamp.size = fs::file_size(file, ec);
    if (ec) stamp.size = 0;
    stamp.mtime = fs::last_write_time(file, ec);
    if (ec) stamp.mtime = {};
    return stamp;
}

std::vector<FolderWatcher::FileStamp> FolderWatcher::scan() const {
    std::vector<FileStamp> found;
    std::error_code file_ec;
    if (!folder_.empty() && fs::is_regular_file(folder_, file_ec)) {  // one file (a level package)
        FileStamp stamp;
        stamp.relative = folder_.filename().string();
        stamp.size = fs::file_size(folder_, file_ec);
        if (!file_ec) stamp.mtime = fs::last_write_time(folder_, file_ec);
        if (file_ec) stamp = FileStamp{stamp.relative, 0, {}};
        found.push_back(std::move(stamp));
        return found;
    }
    if (const fs::path& root = project_; !root.empty()) {
        // An editor project: every file it may read, in the folder and its subfolders (bounded).
        constexpr std::size_t kMaxFiles = 4096;
        std::error_code ec;
        fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec), end;
        for (std::size_t seen = 0; !ec && it != end && seen < kMaxFiles; it.increment(ec), ++seen) {
            if (it.depth() > 8) it.disable_recursion_pending();
            if (!is_project_file(it->path())) continue;
            found.push_back(stamp_of(it->path(), it->path().lexically_relative(root).string()));
        }
        std::sort(found.begin(), found.end(),
                  [](const FileStamp& a, const FileStamp& b) { return a.relative < b.relative; });
        return found;
    }
    const auto add_matching = [&](const fs::path& directory, const std::string& prefix, auto matches) {
        std::error_code ec;
        for (fs::directory_iterator it(directory, ec), end; !ec && it != end; it.increment(ec)) {
            const std::string name = it->path().filename().string();
            if (!matches(name)) continue;
            found.push_back(stamp_of(it->path(), prefix + name));
        }
    };
    add_matching(folder_, "", [](const std::string& name) { return fs::path(name).extension() == ".lvl"; });
    for (const char* kind : kLayerDirectories)
        add_matching(folder_ / kind, std::string(kind) + "/", is_layer_file_name);
    std::sort(found.begin(), found.end(),
              [](const FileStamp& a, const FileStamp& b) { return a.relative < b.relative; });
    return found;
}

void FolderWatcher::reset(const std::filesystem::path& folder, double now_seconds) {
    folder_ = folder;
    project_ = project_root(folder);
    files_ = scan();
    watching_ = true;
    pending_ = false;
    last_scan_ = now_seconds;
    last_change_ = now_seconds;
}

bool FolderWatcher::poll(double now_seconds) {
    if (!watching_) return false;
    // A clock that went backwards (a new time base) simply allows the next look at once.
    if (now_seconds >= last_scan_ && now_seconds - last_scan_ < poll_interval) return false;
    last_scan_ = now_seconds;
    last_change_ = std::min(last_change_, now_seconds);
    std::vector<FileStamp> current = scan();
    if (current != files_) {
        files_ = std::move(current);
        pending_ = true;
        last_change_ = now_seconds;
        return false;
    }
    if (pending_ && now_seconds - last_change_ >= debounce) {
        pending_ = false;
        return true;
    }
    return false;
}

}  // namespace qs
