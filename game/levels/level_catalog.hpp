// Level discovery and checking: which level folders exist in the levels dirs (shipped first), what their
// .lvl and PNG headers say (discovery decodes no image), the full check (loader + prefab configuration)
// used by --check, --list-levels and play, and the full check's verdicts remembered by file sizes and times.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/level_folder.hpp"
#include "game/levels/level_identity.hpp"
#include "game/levels/level_package.hpp"
#include "game/sim/roster.hpp"
#include "game/sim/terrain_shapes.hpp"

namespace qs {

/// A level folder fully checked: the data and its entities, or every error found.
struct CheckedLevel {
    std::shared_ptr<const LevelData> level;  ///< null when there were errors
    std::vector<Entity> entities;            ///< placement order
    /// `entities` are build_level_entities(*level) (check_level sets it): whoever holds the level may drop
    /// them and build them again from it (a play session keeps no copy beside its World).
    bool entities_from_level = false;
    std::vector<std::string> errors;
    /// The level's collision shapes, made while its sprites were still being read (null with errors).
    std::shared_ptr<const TerrainShapes> terrain = nullptr;
    LevelIdentity identity;  ///< play (but tuning) and look, from the decoded content (none with errors)
    double check_ms = 0;     ///< wall time check_level took (reading and checking the folder); 0 for a copy
    /// A level package's manifest and proof (its `files` left out: the level holds them), whether the level
    /// loaded or not; null for a folder and for a package that could not be read.
    std::shared_ptr<const LevelPackage> package;
};

/// Loads the folder and checks its prefab configuration (timed: check_ms). `folder` may also name a level
/// of an LDtk / Tiled project as PROJECT_FOLDER/NAME, or be a project folder holding exactly one level. A
/// level package (`*.qslevel` file) is read and unpacked into a scratch folder, loaded from there, and the
/// scratch folder removed: the level's `folder` and every message then name the package
/// ("x.qslevel/geometry/layer0.png:3,4: ..."). `pixels`: whether the level's visuals keep their pixels (a
/// run that never draws the level needs only their digests; the verdict and identity are the same).
CheckedLevel check_level(const std::filesystem::path& folder, VisualPixels pixels = VisualPixels::keep);

/// A path that names one level of an editor project: the project folder and the level's name.
struct EditorLevelPath {
    std::filesystem::path folder;
    std::string name;
};
/// The project folder and level name when `path` is PROJECT_FOLDER/NAME (PROJECT_FOLDER holding an LDtk
/// project or Tiled maps, and `path` not itself a level folder); nullopt otherwise.
std::optional<EditorLevelPath> editor_level_of(const std::filesystem::path& path);
/// True when `path` is something check_level can load: a level folder, a project folder, an editor level,
/// or a level package file.
bool is_level_path(const std::filesystem::path& path);
/// The levels of an editor project folder as paths PROJECT_FOLDER/NAME (empty when it lists none; its
/// errors then come from check_level(folder)). Empty for anything else.
std::vector<std::filesystem::path> editor_level_paths(const std::filesystem::path& folder);

/// One discovered level folder, level of an editor project, or level package.
struct LevelListing {
    /// folder name; FOLDER/NAME for a level of an LDtk or Tiled project; a package's level name (its file
    /// name without .qslevel when broken)
    std::string name;
    std::string title;  ///< the .lvl "name", or the folder name
    std::filesystem::path path;
    bool ok = false;
    std::string reason;          ///< first error when broken
    bool fully_checked = false;  ///< the verdict is the full check's (else the .lvl and headers only)
    bool package = false;        ///< a level package (`*.qslevel` file), not a folder
    bool shipped = false;        ///< found in the game's own levels dir (its records are keyed by name)
    /// A package whose proof was played to the goal: its maker's level time; -1 when not (yet) known.
    std::int64_t maker_ticks = -1;
    std::string maker_problem{};  ///< a package whose proof was played without reaching the goal: why
    std::string author{};         ///< the .lvl "author" (who made the level), empty when it gives none
};

/// A fingerprint of a level folder's files: the names, sizes and modification times of its .lvl files and
/// of everything in geometry/, sprites/ and visuals/ (for an editor project or one of its levels: of every
/// file in the project folder and its subfolders; of a level package: the file's own). Nullopt when the
/// folder cannot be listed.
std::optional<std::uint64_t> level_folder_fingerprint(const std::filesystem::path& folder);

/// The full check's verdicts on level folders, each kept with the folder's fingerprint from before the
/// check: a folder whose files have not changed since keeps its verdict without being read again.
class LevelVerdicts {
   public:
    /// check_level(folder, pixels), its verdict remembered.
    CheckedLevel check(const std::filesystem::path& folder, VisualPixels pixels = VisualPixels::keep);
    /// Remembers the verdict of `checked`, a full check of `folder` when it had `fingerprint`.
    void remember(const std::filesystem::path& folder, std::uint64_t fingerprint,
                  const CheckedLevel& checked);
    /// Sets `listing`'s verdict from a remembered full check when `fingerprint` is the one it was made at;
    /// false when there is none.
    bool recall(std::uint64_t fingerprint, LevelListing& listing) const;

   private:
    struct Verdict {
        std::uint64_t fingerprint = 0;
        bool ok = false;
        std::string name, title, reason, author;
    };
    std::map<std::filesystem::path, Verdict> verdicts_;
};

/// Every level folder (a subfolder holding a .lvl) and level package (a `*.qslevel` file) in `dirs`, each
/// dir's sorted by file name, dirs in the given order; a subfolder holding an LDtk project or Tiled maps
/// gives one listing per level, in project order (one broken listing named after the folder when its
/// levels cannot be listed). A missing dir is skipped. Every level is fully checked (--list-levels).
std::vector<LevelListing> discover_levels(const std::vector<std::filesystem::path>& dirs);

/// The folder that the listing named `name` of discover_levels(dirs, ...) would point to when it is a level
/// folder of the first of `dirs` (the shipped levels), found from that dir's entries alone; nullopt when it
/// is not, or a package comes before it there (a package is named by the level inside it), or `name`
/// names a path: then only the whole listing tells.
std::optional<std::filesystem::path> first_dir_level_folder(const std::vector<std::filesystem::path>& dirs,
                                                            const std::string& name);

/// For each listing whose name an earlier listing already has (a run given that name plays the earlier
/// one; this one plays only by its path): its index, then the earlier one's.
std::vector<std::pair<std::size_t, std::size_t>> shadowed_listings(const std::vector<LevelListing>& levels);

/// The level folders named `name` in the dirs after the first (a copy of a shipped level kept under its
/// folder name), found from those dirs' entries alone: a package, named by the level inside it, is not
/// looked at.
std::vector<std::filesystem::path> later_level_folders_named(const std::vector<std::filesystem::path>& dirs,
                                                             const std::string& name);

/// The same levels, each verdict from `verdicts` when the level's files have not changed since its full
/// check, else from its .lvl and PNG headers only (scan_level_folder: no image is decoded; a package is
/// unpacked for it). The game starts with this; a level is fully checked when it is opened.
std::vector<LevelListing> discover_levels(const std::vector<std::filesystem::path>& dirs,
                                          const LevelVerdicts& verdicts);

}  // namespace qs
