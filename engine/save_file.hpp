// Save files on disk: a small binary container around a body the program encodes, written atomically (temp
// file, fsync, rename, fsync dir) on a background thread.
//
//   Header (little endian): magic (8, the program's signature) | format version (4) | reserved (4) |
//   body size (8) | checksum (8, over everything after it) | content hash (8) | content id length (2) |
//   content id — since format 2; format 1 files have the first 32 bytes only. Then the body.
//   The checksum is FNV-1a 64 up to format 2; from format 3 it is CRC-32 (zlib's crc32, the polynomial of
//   zip and PNG) in the low 4 bytes, the high 4 bytes zero: several times faster on a large body (FNV-1a
//   takes one dependent multiply per byte). Files of every version up to newest_version are read.
//
//   constexpr qs::SaveFileKind kind{{'M', 'Y', 'G', 'A', 'M', 'E', 'S', 'V'}, "MyGame"};
//   auto bytes = qs::wrap_save_body(kind, body, /*format_version=*/2, "01_first_steps", level_hash);
//   auto file = qs::unwrap_save_file(kind, bytes, /*newest_version=*/2, error);  // nullopt + error when bad
//
// The content id and hash say what the save belongs to (for a game: a level and a hash of its files), so a
// reader can refuse a save for other content without decoding the body. A crash mid-write leaves either
// the old file or the new one, never a torn file under the final name.
#pragma once

#include <array>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "engine/fnv1a.hpp"

namespace qs {

/// Whose save files these are: the 8-byte signature they start with and the program's name in messages
/// ("not a <program> save", "made by a newer <program>").
struct SaveFileKind {
    std::array<char, 8> magic;
    std::string_view program;
};
/// The fixed part of the header (format 1 has only this part).
inline constexpr std::size_t save_header_size = 32;
/// The first format whose header carries the content id and hash.
inline constexpr std::uint32_t save_format_with_content_id = 2;
/// The first format whose checksum is CRC-32 (before: FNV-1a 64).
inline constexpr std::uint32_t save_format_with_crc32 = 3;

/// The checksum a file of `format_version` carries over `size` bytes (CRC-32 from format 3, else FNV-1a 64).
std::uint64_t save_file_checksum(std::uint32_t format_version, const std::uint8_t* data, std::size_t size);

/// Header + body, ready to write (format_version >= 2: the content id and hash go into the header).
std::vector<std::uint8_t> wrap_save_body(const SaveFileKind& kind, const std::vector<std::uint8_t>& body,
                                         std::uint32_t format_version, const std::string& content_id = "",
                                         std::uint64_t content_hash = 0);

/// A checked save file: its format version, what it belongs to (empty / 0 for format 1) and its body.
struct SaveBody {
    std::uint32_t format_version = 0;
    std::string content_id;
    std::uint64_t content_hash = 0;
    std::vector<std::uint8_t> body;
};

/// Checks magic, version (≤ newest_version), sizes and checksum. On failure returns nullopt with `error`
/// a sentence: "not a <program> save", "truncated: ...", "corrupt: checksum mismatch", "made by a newer ...".
std::optional<SaveBody> unwrap_save_file(const SaveFileKind& kind, const std::vector<std::uint8_t>& file,
                                         std::uint32_t newest_version, std::string& error);
/// The same checks without copying the body: the SaveBody's `body` stays empty and `body_start` is where
/// the body starts in `file` (it runs to the end of the file).
std::optional<SaveBody> check_save_file(const SaveFileKind& kind, const std::vector<std::uint8_t>& file,
                                        std::uint32_t newest_version, std::size_t& body_start,
                                        std::string& error);

/// Reads a whole file (refusing files over max_bytes). nullopt + error on failure.
std::optional<std::vector<std::uint8_t>> read_whole_file(const std::filesystem::path& path,
                                                         std::uintmax_t max_bytes, std::string& error);

/// What write_file_atomically does when a file of that name exists already.
enum class ExistingFile : std::uint8_t { replace, keep };

/// Writes `bytes` to `path` through a temp file of a name no other writer uses (`path`.XXXXXX.tmp, made
/// with O_EXCL): write, fsync, rename, fsync the directory. The temp file is locked (flock) while it exists.
/// Creates the folder when missing (`created_folder`, when given, says whether it did). With
/// ExistingFile::keep a file already named `path` is never replaced: false, with `name_taken` set when given.
/// `error` names the path and the reason.
bool write_file_atomically(const std::filesystem::path& path, const std::vector<std::uint8_t>& bytes,
                           std::string& error, ExistingFile existing = ExistingFile::replace,
                           bool* name_taken = nullptr, bool* created_folder = nullptr);

/// Removes the temp files a crashed write_file_atomically left in `dir`: every `X.XXXXXX.tmp` (and `X.tmp`,
/// as older builds named them) for which `ours(X)` is true and that no process holds locked (one being
/// written right now is left alone). Returns them.
std::vector<std::filesystem::path> remove_abandoned_temp_files(
    const std::filesystem::path& dir, const std::function<bool(const std::filesystem::path&)>& ours);

/// An exclusive lock (flock) on the file `dir`/`name`, made when missing, held for the object's lifetime:
/// processes writing into one folder take turns. Blocks until it has the lock; locked() is false when
/// the file could not be opened (the folder is missing or read-only), and nothing is held then.
class FolderLock {
   public:
    FolderLock(const std::filesystem::path& dir, const char* name);
    ~FolderLock();
    FolderLock(const FolderLock&) = delete;
    FolderLock& operator=(const FolderLock&) = delete;
    bool locked() const { return fd_ >= 0; }

   private:
    int fd_ = -1;
};

/// Runs jobs one after another on its own thread, a background one (engine/thread_priority.hpp: woken by a
/// job, it never pre-empts the thread running on its core). flush() waits until all submitted
/// jobs are done; the destructor flushes. Owned by the caller; not copyable. A job holds what it captured
/// until it has run: a caller that submits faster than jobs run bounds what they hold itself (QuickSaves
/// does).
class BackgroundWriter {
   public:
    BackgroundWriter();
    BackgroundWriter(const BackgroundWriter&) = delete;
    BackgroundWriter& operator=(const BackgroundWriter&) = delete;
    ~BackgroundWriter();

    /// Queues a job.
    void submit(std::function<void()> job);
    /// Blocks until every queued job has finished.
    void flush();

   private:
    void run();
    std::mutex mutex_;
    std::condition_variable wake_, idle_;
    std::deque<std::function<void()>> jobs_;
    bool busy_ = false;
    bool stopping_ = false;
    std::thread thread_;
};

}  // namespace qs
