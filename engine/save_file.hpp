// Save files on disk: a small binary container (magic, format version, body size, checksum) around a
// body the game encodes, written atomically (temp file, fsync, rename, fsync dir) on a background thread.
//
//   auto bytes = qs::wrap_save_body(body, /*format_version=*/1);
//   writer.submit([=] { std::string e; qs::write_file_atomically(path, bytes, e); });
//   ...
//   auto body = qs::unwrap_save_file(file_bytes, /*newest_version=*/1, error);  // nullopt + error when bad
//
// A crash mid-write leaves either the old file or the new one, never a torn file under the final name.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace qs {

/// The first 8 bytes of every save file.
inline constexpr char save_magic[8] = {'Q', 'S', 'T', 'E', 'P', 'S', 'A', 'V'};
/// magic (8) + format version (4) + reserved (4) + body size (8) + FNV-1a 64 of the body (8).
inline constexpr std::size_t save_header_size = 32;

/// FNV-1a 64-bit hash.
std::uint64_t fnv1a64(const void* data, std::size_t size, std::uint64_t seed = 0xcbf29ce484222325ull);

/// Header + body, ready to write.
std::vector<std::uint8_t> wrap_save_body(const std::vector<std::uint8_t>& body, std::uint32_t format_version);

/// A checked save file's body and its format version.
struct SaveBody {
    std::uint32_t format_version = 0;
    std::vector<std::uint8_t> body;
};

/// Checks magic, version (≤ newest_version), size and checksum. On failure returns nullopt with `error`
/// a sentence: "not a Quickstep save", "truncated: ...", "corrupt: checksum mismatch", "made by a newer ...".
std::optional<SaveBody> unwrap_save_file(const std::vector<std::uint8_t>& file, std::uint32_t newest_version,
                                         std::string& error);

/// Reads a whole file (refusing files over max_bytes). nullopt + error on failure.
std::optional<std::vector<std::uint8_t>> read_whole_file(const std::filesystem::path& path,
                                                         std::uintmax_t max_bytes, std::string& error);

/// Writes `bytes` to `path` through `path`.tmp: write, fsync, rename, fsync the directory.
bool write_file_atomically(const std::filesystem::path& path, const std::vector<std::uint8_t>& bytes,
                           std::string& error);

/// Runs jobs one after another on its own thread. flush() waits until all submitted jobs are done; the
/// destructor flushes. Owned by the caller; not copyable.
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
