// Level packages (.qslevel): one zip file holding a level's source files, the replay that proves it can be
// finished, and the play identity that replay was verified on. Read as hostile input: engine/zip_archive
// caps and checks every entry; the manifest and its numbers are checked here. Loading a package writes
// nothing outside it but a private scratch folder that is removed again (UnpackedLevel).
//
//   quickstep-package.json   {"format": 1, "level": "01_first_steps", "play": {...}, "made_by": "..."}
//   proof.qsr                the proof: a replay file, as --record writes it
//   level/...                the files the level was read from, by their paths in its folder (for a level
//                            of an LDtk / Tiled project "ldtk/Level_0": the project files it needs)
//
//   std::optional<LevelPackage> package = read_level_package("x.qslevel", error);
//   UnpackedLevel unpacked(*package, error);            // <scratch>/01_first_steps/level files
//   CheckedLevel checked = check_level(unpacked.level_path());
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/scratch_folder.hpp"
#include "engine/zip_archive.hpp"
#include "game/levels/level_identity.hpp"

namespace qs {

/// The package format this build writes and the newest it reads.
inline constexpr int level_package_format = 1;
/// The file name extension of a level package.
inline constexpr const char* level_package_extension = ".qslevel";

/// A level package's contents, checked.
struct LevelPackage {
    std::string level;    ///< the packaged level's name (its folder's name, or FOLDER/NAME)
    PlayIdentity play;    ///< the play identity (tuning included) the proof was recorded on
    std::string made_by;  ///< "quickstep 0.1.0": the build that packed it (shown, never trusted)
    /// The level's files, named by their paths relative to the level's folder ("geometry/layer0.png"), or
    /// to its project folder for a level made in an editor ("first_steps.ldtk").
    std::vector<ArchiveEntry> files;
    std::vector<std::uint8_t> proof;  ///< the proof replay, a whole .qsr file
};

/// The caps of a package (engine/zip_archive's defaults: 1000 entries, 64 MiB per entry, 256 MiB in all).
ArchiveLimits level_package_limits();

/// True for a path that names a level package (`*.qslevel`).
bool is_level_package_path(const std::filesystem::path& path);

/// The package as zip bytes (the same contents always give the same bytes); nullopt and `error` when a
/// file name cannot be stored.
std::optional<std::vector<std::uint8_t>> encode_level_package(const LevelPackage& package,
                                                              std::string& error);

/// Checks and decodes zip bytes; nullopt and `error` ("x.qslevel: entry 'level/../a': leaves the archive
/// ..."; "x.qslevel: made by a newer version of Quickstep (package format 2; this build reads 1)").
std::optional<LevelPackage> decode_level_package(const std::uint8_t* data, std::size_t size,
                                                 const std::string& display_name, std::string& error);

/// decode_level_package on a file.
std::optional<LevelPackage> read_level_package(const std::filesystem::path& path, std::string& error);

/// A package's level files written into a fresh private scratch folder, as `<scratch>/<level>/...`, so
/// the level loaders read them as they read any level folder; everything is removed with the object.
class UnpackedLevel {
   public:
    /// Writes the files; ok() is false with `error` when the scratch folder or a file cannot be made.
    UnpackedLevel(const LevelPackage& package, std::string& error);
    bool ok() const { return ok_; }
    /// The level's folder inside the scratch folder (a project folder for a level made in an editor).
    std::filesystem::path folder() const { return scratch_.path() / folder_; }
    /// The path check_level loads the level from: folder(), or FOLDER/NAME for a level of a project.
    std::filesystem::path level_path() const { return scratch_.path() / level_; }
    /// The scratch folder itself (error messages about the level name paths inside it).
    const std::filesystem::path& root() const { return scratch_.path(); }

   private:
    ScratchFolder scratch_;
    std::string folder_, level_;
    bool ok_ = false;
};

}  // namespace qs
