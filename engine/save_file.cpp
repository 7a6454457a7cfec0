// Save file container, atomic writes and the background writer.
#include "engine/save_file.hpp"
#include "engine/thread_priority.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>

#include <zlib.h>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/page_populate.hpp"

namespace qs {

namespace fs = std::filesystem;

namespace {

void put_u32(std::vector<std::uint8_t>& out, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}
void put_u64(std::vector<std::uint8_t>& out, std::uint64_t v) {
    for (int i = 0; i < 8; ++i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}
std::uint64_t get_le(const std::uint8_t* p, int bytes) {
    std::uint64_t v = 0;
    for (int i = bytes - 1; i >= 0; --i) v = (v << 8) | p[i];
    return v;
}

bool fsync_path(const fs::path& path, int flags) {
    int fd = ::open(path.c_str(), flags);
    if (fd < 0) return false;
    bool ok = ::fsync(fd) == 0;
    ::close(fd);
    return ok;
}

}  // namespace

std::uint64_t save_file_checksum(std::uint32_t format_version, const std::uint8_t* data, std::size_t size) {
    if (format_version < save_format_with_crc32) return fnv1a64(data, size);
    uLong crc = crc32_z(0, Z_NULL, 0);
    return crc32_z(crc, data, size);
}

std::vector<std::uint8_t> wrap_save_body(const SaveFileKind& kind, const std::vector<std::uint8_t>& body,
                                         std::uint32_t format_version, const std::string& content_id,
                                         std::uint64_t content_hash) {
    // Everything after the checksum field: [content hash, id length, id,] body.
    std::vector<std::uint8_t> covered;
    if (format_version >= save_format_with_content_id) {
        std::string id = content_id.substr(0, 0xFFFF);
        put_u64(covered, content_hash);
        covered.push_back(static_cast<std::uint8_t>(id.size() & 0xFF));
        covered.push_back(static_cast<std::uint8_t>(id.size() >> 8));
        covered.insert(covered.end(), id.begin(), id.end());
    }
    covered.insert(covered.end(), body.begin(), body.end());
    std::vector<std::uint8_t> out(kind.magic.begin(), kind.magic.end());
    out.reserve(save_header_size + covered.size());
    put_u32(out, format_version);
    put_u32(out, 0);
    put_u64(out, body.size());
    put_u64(out, save_file_checksum(format_version, covered.data(), covered.size()));
    out.insert(out.end(), covered.begin(), covered.end());
    return out;
}

std::optional<SaveBody> unwrap_save_file(const SaveFileKind& kind, const std::vector<std::uint8_t>& file,
                                         std::uint32_t newest_version, std::string& error) {
    std::size_t body_start = 0;
    auto out = check_save_file(kind, file, newest_version, body_start, error);
    if (out) out->body.assign(file.begin() + static_cast<std::ptrdiff_t>(body_start), file.end());
    return out;
}

std::optional<SaveBody> check_save_file(const SaveFileKind& kind, const std::vector<std::uint8_t>& file,
                                        std::uint32_t newest_version, std::size_t& body_start,
                                        std::string& error) {
    if (file.empty()) {
        error = "empty file";
        return std::nullopt;
    }
    if (file.size() < kind.magic.size() ||
        std::memcmp(file.data(), kind.magic.data(), kind.magic.size()) != 0) {
        error = "not a " + std::string(kind.program) + " save (no " +
                std::string(kind.magic.begin(), kind.magic.end()) + " signature)";
        return std::nullopt;
    }
    if (file.size() < save_header_size) {
        error = "truncated: " + std::to_string(file.size()) + " bytes, shorter than the " +
                std::to_string(save_header_size) + "-byte header";
        return std::nullopt;
    }
    SaveBody out;
    out.format_version = static_cast<std::uint32_t>(get_le(file.data() + 8, 4));
    std::uint64_t body_size = get_le(file.data() + 16, 8);
    std::uint64_t checksum = get_le(file.data() + 24, 8);
    if (out.format_version == 0 || out.format_version > 0xFFFF) {
        error = "corrupt: impossible save format version " + std::to_string(out.format_version);
        return std::nullopt;
    }
    if (out.format_version > newest_version) {
        error = "made by a newer " + std::string(kind.program) + " (save format " +
                std::to_string(out.format_version) + ", this build reads up to " +
                std::to_string(newest_version) + ")";
        return std::nullopt;
    }
    std::size_t covered = save_header_size;
    body_start = save_header_size;
    if (out.format_version >= save_format_with_content_id) {
        if (file.size() < save_header_size + 10) {
            error = "truncated: the header ends before the level id";
            return std::nullopt;
        }
        out.content_hash = get_le(file.data() + save_header_size, 8);
        std::size_t id_size = static_cast<std::size_t>(get_le(file.data() + save_header_size + 8, 2));
        body_start = save_header_size + 10 + id_size;
        if (file.size() < body_start) {
            error = "truncated: the header ends inside the level id";
            return std::nullopt;
        }
        out.content_id.assign(file.begin() + save_header_size + 10, file.begin() + body_start);
    }
    if (body_size != file.size() - body_start) {
        error = "truncated: the header promises " + std::to_string(body_size) + " body bytes, the file has " +
                std::to_string(file.size() - body_start);
        return std::nullopt;
    }
    if (save_file_checksum(out.format_version, file.data() + covered, file.size() - covered) != checksum) {
        error = "corrupt: checksum mismatch";
        return std::nullopt;
    }
    return out;
}

std::optional<std::vector<std::uint8_t>> read_whole_file(const fs::path& path, std::uintmax_t max_bytes,
                                                         std::string& error) {
    std::error_code ec;
    std::uintmax_t size = fs::file_size(path, ec);
    if (ec) {
        error = "cannot read: " + ec.message();
        return std::nullopt;
    }
    if (size > max_bytes) {
        error = "file is " + std::to_string(size) + " bytes, over the limit of " + std::to_string(max_bytes);
        return std::nullopt;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = "cannot open for reading";
        return std::nullopt;
    }
    // The fresh block's pages made present in one call rather than faulted in one by one by the read.
    std::vector<std::uint8_t> bytes;
    bytes.reserve(static_cast<std::size_t>(size));
    populate_pages(bytes.data(), static_cast<std::size_t>(size));
    bytes.resize(static_cast<std::size_t>(size));
    in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(size));
    if (static_cast<std::uintmax_t>(in.gcount()) != size) {
        error = "short read";
        return std::nullopt;
    }
    return bytes;
}

bool write_file_atomically(const fs::path& path, const std::vector<std::uint8_t>& bytes, std::string& error,
                           ExistingFile existing, bool* name_taken, bool* created_folder) {
    std::error_code ec;
    if (name_taken) *name_taken = false;
    if (created_folder) *created_folder = false;
    if (!path.parent_path().empty() && !fs::is_directory(path.parent_path(), ec)) {
        fs::create_directories(path.parent_path(), ec);
        if (ec) {
            error = path.parent_path().string() + ": cannot create the folder: " + ec.message();
            return false;
        }
        if (created_folder) *created_folder = true;
    }
    // A name of its own (O_EXCL): two processes writing the same file never write into one temp file.
    std::string temp_name = path.string() + ".XXXXXX.tmp";
    int fd = ::mkostemps(temp_name.data(), 4, O_CLOEXEC);
    if (fd < 0) {
        error = path.string() + ".tmp: cannot create: " + std::strerror(errno);
        return false;
    }
    const fs::path temp = temp_name;
    // Held until the file is renamed and closed: remove_abandoned_temp_files() leaves a locked temp file
    // alone (another process is writing it) and removes the rest (left by a crash).
    ::flock(fd, LOCK_EX);
    ::fchmod(fd, 0644);
    auto give_up = [&](std::string message) {
        error = std::move(message);
        ::close(fd);
        std::error_code remove_ec;
        fs::remove(temp, remove_ec);
        return false;
    };
    std::size_t written = 0;
    while (written < bytes.size()) {
        ssize_t n = ::write(fd, bytes.data() + written, bytes.size() - written);
        if (n < 0) {
            if (errno == EINTR) continue;
            return give_up(temp.string() + ": write failed: " + std::strerror(errno));
        }
        written += static_cast<std::size_t>(n);
    }
    if (::fsync(fd) != 0) return give_up(temp.string() + ": cannot flush to disk: " + std::strerror(errno));
    if (existing == ExistingFile::keep) {
        // renameat2(RENAME_NOREPLACE): the check and the rename are one step, so a file another process
        // put there meanwhile is never replaced.
        int renamed = ::renameat2(AT_FDCWD, temp.c_str(), AT_FDCWD, path.c_str(), RENAME_NOREPLACE);
        if (renamed != 0 && (errno == EINVAL || errno == ENOSYS)) {
            // A file system without it: link() refuses an existing name too.
            renamed = ::link(temp.c_str(), path.c_str());
            if (renamed == 0) ::unlink(temp.c_str());
        }
        if (renamed != 0) {
            const int rename_errno = errno;
            if (name_taken) *name_taken = rename_errno == EEXIST;
            return give_up(path.string() + ": cannot rename into place: " + std::strerror(rename_errno));
        }
    } else {
        fs::rename(temp, path, ec);
        if (ec) return give_up(path.string() + ": cannot rename into place: " + ec.message());
    }
    if (::close(fd) != 0) {
        error = path.string() + ": cannot flush to disk: " + std::strerror(errno);
        return false;
    }
    fsync_path(path.parent_path().empty() ? fs::path(".") : path.parent_path(), O_RDONLY | O_DIRECTORY);
    return true;
}

std::vector<fs::path> remove_abandoned_temp_files(const fs::path& dir,
                                                  const std::function<bool(const fs::path&)>& ours) {
    std::vector<fs::path> removed;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const fs::path& temp = it->path();
        if (temp.extension() != ".tmp") continue;
        // X.XXXXXX.tmp, or X.tmp from an older build.
        fs::path target = fs::path(temp).replace_extension();
        if (!ours(target)) {
            const std::string unique = target.extension().string();
            if (unique.size() != 7 || !ours(fs::path(target).replace_extension())) continue;
        }
        int fd = ::open(temp.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
        if (fd < 0) continue;
        struct stat opened {
        }, named{};
        // Only a regular file nobody holds the lock on, and still the one under that name.
        if (::fstat(fd, &opened) == 0 && S_ISREG(opened.st_mode) && ::flock(fd, LOCK_EX | LOCK_NB) == 0 &&
            ::lstat(temp.c_str(), &named) == 0 && named.st_ino == opened.st_ino &&
            named.st_dev == opened.st_dev) {
            std::error_code remove_ec;
            if (fs::remove(temp, remove_ec)) removed.push_back(temp);
        }
        ::close(fd);
    }
    return removed;
}

FolderLock::FolderLock(const fs::path& dir, const char* name) {
    fd_ = ::open((dir / name).c_str(), O_RDONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (fd_ < 0) return;
    while (::flock(fd_, LOCK_EX) != 0) {
        if (errno != EINTR) {
            ::close(fd_);
            fd_ = -1;
            return;
        }
    }
}

FolderLock::~FolderLock() {
    if (fd_ >= 0) ::close(fd_);  // closing lets go of the lock
}

BackgroundWriter::BackgroundWriter()
    : thread_([this] {
          set_this_thread_priority(ThreadPriority::background);
          run();
      }) {}

BackgroundWriter::~BackgroundWriter() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    thread_.join();
}

void BackgroundWriter::submit(std::function<void()> job) {
    {
        std::lock_guard lock(mutex_);
        jobs_.push_back(std::move(job));
    }
    wake_.notify_all();
}

void BackgroundWriter::flush() {
    std::unique_lock lock(mutex_);
    idle_.wait(lock, [this] { return jobs_.empty() && !busy_; });
}

void BackgroundWriter::run() {
    std::unique_lock lock(mutex_);
    for (;;) {
        wake_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
        if (jobs_.empty()) {
            if (stopping_) return;
            continue;
        }
        std::function<void()> job = std::move(jobs_.front());
        jobs_.pop_front();
        busy_ = true;
        lock.unlock();
        job();
        lock.lock();
        busy_ = false;
        if (jobs_.empty()) idle_.notify_all();
    }
}

}  // namespace qs
