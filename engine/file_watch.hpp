// FolderWatcher: notices when the fixed files of one level folder change (for hot reload), by polling
// sizes and modification times with std::filesystem, and reports a change only once writing has settled.
//
//   qs::FolderWatcher watcher;
//   watcher.reset("levels/01_first_steps", now);
//   ... every frame:
//   if (watcher.poll(now)) reload_the_level();   // true once, 0.3 s after the last write
//
// Watched: every *.lvl file in the folder and every layerN.png in geometry/, sprites/ and visuals/
// (a layer file that appears or disappears counts as a change). Nothing else in the folder is looked at.
// For an LDtk / Tiled project folder, or a path FOLDER/NAME naming one of its levels: every .ldtk, .ldtkl,
// .tmj, .tmx, .tsj, .tsx, .tiled-project, .png and .json file in the project folder and its subfolders (at
// most 4096).
// Which of the two a folder is gets decided by reset(): a level folder that disappears later is a change
// (no files left), never a reason to start watching the folder around it.
// Given a regular file instead of a folder (a level package), that file alone is watched.
// poll() touches the disk at most every `poll_interval` seconds, so it is cheap enough to call per frame.
// Time is passed in by the caller (any monotonic clock in seconds), so tests need no sleeping.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace qs {

/// Watches one folder's level files; see the file comment. Not thread-safe; holds no OS handles.
class FolderWatcher {
   public:
    /// Quiet time after the last seen change before poll() reports it.
    double debounce = 0.3;
    /// Minimum time between two looks at the disk.
    double poll_interval = 0.1;

    /// Starts watching `folder`: takes the current state as the baseline (nothing pending).
    void reset(const std::filesystem::path& folder, double now_seconds);

    /// Looks at the disk when `poll_interval` has passed since the last look. Returns true exactly once
    /// per settled change: when something changed and a look at least `debounce` seconds after the last
    /// change found nothing new. Returns false when nothing is being watched (no reset() yet).
    bool poll(double now_seconds);

    /// True when a change has been seen but not yet reported (the files are still settling).
    bool pending() const { return pending_; }

    /// The folder given to reset() (empty before).
    const std::filesystem::path& folder() const { return folder_; }

    /// How many files the last look found (for diagnostics and tests).
    std::size_t watched_file_count() const { return files_.size(); }

   private:
    /// One watched file as last seen.
    struct FileStamp {
        std::string relative;  ///< "first_steps.lvl", "geometry/layer0.png"
        std::uintmax_t size = 0;
        std::filesystem::file_time_type mtime{};
        bool operator==(const FileStamp&) const = default;
    };

    /// `file`'s size and mtime (zero when it cannot be read), under the name `relative`.
    static FileStamp stamp_of(const std::filesystem::path& file, std::string relative);
    /// Lists the watched files with their size and mtime, sorted by name; never throws.
    std::vector<FileStamp> scan() const;

    std::filesystem::path folder_;
    std::filesystem::path project_;  ///< the editor project's folder when folder_ is (a level of) one
    std::vector<FileStamp> files_;
    bool watching_ = false;
    bool pending_ = false;
    double last_scan_ = 0;
    double last_change_ = 0;
};

}  // namespace qs
