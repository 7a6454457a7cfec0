// Zip archives through libzip, read as hostile input: every entry checked (name, kind, size, encryption,
// compression) and read into memory within hard caps before anyone sees it; written whole from memory.
//
//   qs::ArchiveLimits limits;                                  // entry count, entry and total sizes
//   std::string error;
//   auto entries = qs::read_zip_file("x.qslevel", limits, error);
//   if (!entries) std::cerr << error << '\n';  // "x.qslevel: entry '../a': leaves the archive (..)"
//   std::vector<std::uint8_t> bytes = *qs::make_zip(*entries, error);  // deflated, fixed times
//
// Accepted entries are regular files (stored or deflated, not encrypted) and folders, with relative names
// of non-empty components in UTF-8: no leading '/', no '\', no ':', no '.' or '..' component, no control
// characters, no name twice, no file that is also a folder of another entry. Nothing is written to disk by
// reading; entries are returned in archive order, folders left out.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace qs {

/// Hard caps for an archive from a stranger (checked before the bytes are read and again while they are).
struct ArchiveLimits {
    std::uintmax_t max_archive_bytes = 256u << 20;  ///< the archive file itself
    std::size_t max_entries = 1000;                 ///< entries of any kind, folders included
    std::uint64_t max_entry_bytes = 64u << 20;      ///< one entry, uncompressed
    std::uint64_t max_total_bytes = 256u << 20;     ///< all entries together, uncompressed
    std::size_t max_name_bytes = 255;               ///< one entry's name
    int max_depth = 16;                             ///< folders in one entry's name
};

/// One file of an archive: its relative name ("level/geometry/layer0.png") and its bytes.
struct ArchiveEntry {
    std::string name;
    std::vector<std::uint8_t> bytes;
};

/// Why `name` may not be an entry name (a phrase such as "leaves the archive (a '..' in its path)"), or ""
/// when it may. A trailing '/' marks a folder and is allowed.
std::string entry_name_problem(const std::string& name, const ArchiveLimits& limits);

/// Reads and checks a zip archive held in memory. On failure nullopt and `error`, a sentence starting with
/// `display_name` and naming the entry when one is at fault ("x.qslevel: entry 'a.png': encrypted").
std::optional<std::vector<ArchiveEntry>> read_zip(const std::uint8_t* data, std::size_t size,
                                                  const std::string& display_name,
                                                  const ArchiveLimits& limits, std::string& error);

/// read_zip on a file's bytes (a regular file of at most max_archive_bytes, read whole first).
std::optional<std::vector<ArchiveEntry>> read_zip_file(const std::filesystem::path& path,
                                                       const ArchiveLimits& limits, std::string& error);

/// A zip archive of `entries` in their order, each deflated, with a fixed time stamp and plain file
/// permissions, so the same entries always make the same bytes. Nullopt and `error` when a name is not
/// allowed (entry_name_problem with default limits) or libzip fails.
std::optional<std::vector<std::uint8_t>> make_zip(const std::vector<ArchiveEntry>& entries,
                                                  std::string& error);

}  // namespace qs
