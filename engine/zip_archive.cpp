// Zip archives through libzip: reading with every entry checked against the caps before and while its
// bytes are read, and writing a whole archive into memory.
#include "engine/zip_archive.hpp"

#include <memory>
#include <set>

#include <zip.h>

#include "engine/printable_text.hpp"
#include "engine/save_file.hpp"

namespace qs {

namespace {

/// Folder, regular file and symbolic link in the Unix mode bits of a zip entry's external attributes.
constexpr std::uint32_t kModeTypeMask = 0170000, kModeFolder = 0040000, kModeFile = 0100000,
                        kModeLink = 0120000;
/// 1 January 2020, 00:00 UTC: every entry's time stamp, so the same entries make the same archive.
constexpr time_t kFixedTime = 1577836800;

struct ZipCloser {
    void operator()(zip_t* archive) const { zip_discard(archive); }
};
struct ZipFileCloser {
    void operator()(zip_file_t* file) const { zip_fclose(file); }
};
struct SourceFreer {
    void operator()(zip_source_t* source) const { zip_source_free(source); }
};

std::string quoted(const std::string& name) {
    return "'" + printable(name) + "'";
}

/// The kind of entry its external attributes say (for archives made on Unix; others carry no kind).
std::string kind_problem(zip_t* archive, zip_uint64_t index, bool folder) {
    zip_uint8_t system = 0;
    zip_uint32_t attributes = 0;
    if (zip_file_get_external_attributes(archive, index, ZIP_FL_UNCHANGED, &system, &attributes) != 0)
        return "its attributes cannot be read";
    if (system != ZIP_OPSYS_UNIX) return "";
    const std::uint32_t type = (attributes >> 16) & kModeTypeMask;
    if (type == 0 || type == (folder ? kModeFolder : kModeFile)) return "";
    if (type == kModeLink) return "a symbolic link (only files and folders are read)";
    return folder ? "named like a folder but not one" : "not a regular file";
}

/// Checks every entry, then reads the files' bytes.
std::optional<std::vector<ArchiveEntry>> read_open_zip(zip_t* archive, const std::string& display_name,
                                                       const ArchiveLimits& limits, std::string& error) {
    const zip_int64_t count = zip_get_num_entries(archive, 0);
    if (count < 0) {
        error = display_name + ": damaged zip archive (its directory cannot be read)";
        return std::nullopt;
    }
    if (static_cast<std::uint64_t>(count) > limits.max_entries) {
        error = display_name + ": " + std::to_string(count) + " entries, over the limit of " +
                std::to_string(limits.max_entries);
        return std::nullopt;
    }
    struct Planned {
        zip_uint64_t index = 0;
        std::string name;
        std::uint64_t size = 0;
    };
    std::vector<Planned> files;
    std::set<std::string> names, file_names;
    std::uint64_t total = 0;
    const auto refuse = [&](const std::string& name, const std::string& problem) {
        error = display_name + ": entry " + quoted(name) + ": " + problem;
        return std::nullopt;
    };
    for (zip_uint64_t index = 0; index < static_cast<zip_uint64_t>(count); ++index) {
        zip_stat_t stat;
        zip_stat_init(&stat);
        if (zip_stat_index(archive, index, ZIP_FL_ENC_RAW, &stat) != 0 || !(stat.valid & ZIP_STAT_NAME)) {
            error = display_name + ": entry " + std::to_string(index) + ": damaged (" +
                    zip_strerror(archive) + ")";
            return std::nullopt;
        }
        const std::string name = stat.name;
        if (std::string problem = entry_name_problem(name, limits); !problem.empty())
            return refuse(name, problem);
        const bool folder = name.back() == '/';
        if ((stat.valid & ZIP_STAT_ENCRYPTION_METHOD) && stat.encryption_method != ZIP_EM_NONE)
            return refuse(name, "encrypted (packages are never encrypted)");
        if ((stat.valid & ZIP_STAT_COMP_METHOD) && stat.comp_method != ZIP_CM_STORE &&
            stat.comp_method != ZIP_CM_DEFLATE)
            return refuse(name, "compressed with method " + std::to_string(stat.comp_method) +
                                    " (only stored and deflated entries are read)");
        if (std::string problem = kind_problem(archive, index, folder); !problem.empty())
            return refuse(name, problem);
        if (!(stat.valid & ZIP_STAT_SIZE)) return refuse(name, "its size is not known");
        const std::string key = folder ? name.substr(0, name.size() - 1) : name;
        if (!names.insert(key).second) return refuse(name, "named twice in the archive");
        if (folder) {
            if (stat.size != 0) return refuse(name, "a folder that holds data");
            continue;
        }
        if (stat.size > limits.max_entry_bytes)
            return refuse(name, std::to_string(stat.size) + " bytes uncompressed, over the limit of " +
                                    std::to_string(limits.max_entry_bytes));
        total += stat.size;
        if (total > limits.max_total_bytes)
            return refuse(name, "the entries up to this one hold " + std::to_string(total) +
                                    " bytes uncompressed, over the limit of " +
                                    std::to_string(limits.max_total_bytes) + " for the whole archive");
        file_names.insert(name);
        files.push_back({index, name, stat.size});
    }
    // A file may not also be a folder another entry lies in ("a" and "a/b").
    for (const Planned& file : files) {
        for (std::size_t slash = file.name.find('/'); slash != std::string::npos;
             slash = file.name.find('/', slash + 1)) {
            const std::string folder = file.name.substr(0, slash);
            if (file_names.count(folder))
                return refuse(folder, "a file, and also a folder of " + quoted(file.name));
        }
    }

    std::vector<ArchiveEntry> entries;
    entries.reserve(files.size());
    for (const Planned& file : files) {
        std::unique_ptr<zip_file_t, ZipFileCloser> opened(zip_fopen_index(archive, file.index, 0));
        if (!opened) return refuse(file.name, std::string("cannot be read (") + zip_strerror(archive) + ")");
        ArchiveEntry entry;
        entry.name = file.name;
        // Never more than the declared size (checked against the caps) plus one byte to see a lie.
        entry.bytes.resize(static_cast<std::size_t>(file.size) + 1);
        std::uint64_t got = 0;
        while (got < entry.bytes.size()) {
            const zip_int64_t n = zip_fread(opened.get(), entry.bytes.data() + got, entry.bytes.size() - got);
            if (n < 0)
                return refuse(file.name, std::string("damaged (") + zip_file_strerror(opened.get()) + ")");
            if (n == 0) break;
            got += static_cast<std::uint64_t>(n);
        }
        if (got != file.size)
            return refuse(file.name, "damaged (" + std::to_string(got > file.size ? file.size + 1 : got) +
                                         (got > file.size ? "+" : "") + " bytes where it declares " +
                                         std::to_string(file.size) + ")");
        entry.bytes.resize(static_cast<std::size_t>(got));
        entries.push_back(std::move(entry));
    }
    return entries;
}

}  // namespace

std::string entry_name_problem(const std::string& name, const ArchiveLimits& limits) {
    if (name.empty()) return "an empty name";
    if (name.size() > limits.max_name_bytes)
        return "a name of " + std::to_string(name.size()) + " bytes, over the limit of " +
               std::to_string(limits.max_name_bytes);
    if (!valid_utf8(name)) return "a name that is not UTF-8";
    if (name.front() == '/') return "an absolute path (packages hold relative names only)";
    for (const unsigned char c : name) {
        if (c < 0x20 || c == 0x7f) return "a control character in its name";
        if (c == '\\') return "a '\\' in its name (zip names use '/')";
        if (c == ':') return "a ':' in its name (a drive or a stream, not a relative path)";
    }
    const std::string path = name.back() == '/' ? name.substr(0, name.size() - 1) : name;
    int depth = 0;
    std::size_t start = 0;
    while (true) {
        const std::size_t slash = path.find('/', start);
        const std::string part =
            path.substr(start, slash == std::string::npos ? std::string::npos : slash - start);
        if (part.empty()) return "an empty folder name in its path";
        if (part == "..") return "leaves the archive (a '..' in its path)";
        if (part == ".") return "a '.' in its path";
        if (slash == std::string::npos) break;
        if (++depth > limits.max_depth)
            return "more than " + std::to_string(limits.max_depth) + " folders deep";
        start = slash + 1;
    }
    return "";
}

std::optional<std::vector<ArchiveEntry>> read_zip(const std::uint8_t* data, std::size_t size,
                                                  const std::string& display_name,
                                                  const ArchiveLimits& limits, std::string& error) {
    if (size > limits.max_archive_bytes) {
        error = display_name + ": " + std::to_string(size) + " bytes, over the limit of " +
                std::to_string(limits.max_archive_bytes);
        return std::nullopt;
    }
    if (size == 0) {
        error = display_name + ": an empty file, not a zip archive";
        return std::nullopt;
    }
    zip_error_t zip_error;
    zip_error_init(&zip_error);
    std::unique_ptr<zip_source_t, SourceFreer> source(
        zip_source_buffer_create(size ? data : nullptr, size, 0, &zip_error));
    if (!source) {
        error = display_name + ": cannot read the archive (" + zip_error_strerror(&zip_error) + ")";
        zip_error_fini(&zip_error);
        return std::nullopt;
    }
    std::unique_ptr<zip_t, ZipCloser> archive(
        zip_open_from_source(source.get(), ZIP_RDONLY | ZIP_CHECKCONS, &zip_error));
    if (!archive && zip_error_code_zip(&zip_error) == ZIP_ER_EXISTS) {
        // The consistency check refuses a name twice without saying which: opened without it, the entry
        // checks below name it.
        zip_error_t again_error;
        zip_error_init(&again_error);
        std::unique_ptr<zip_t, ZipCloser> again(zip_open_from_source(source.get(), ZIP_RDONLY, &again_error));
        zip_error_fini(&again_error);
        if (again) {
            source.release();
            std::string named;
            if (!read_open_zip(again.get(), display_name, limits, named)) {
                error = named;
                zip_error_fini(&zip_error);
                return std::nullopt;
            }
            error = display_name + ": damaged zip archive (" + zip_error_strerror(&zip_error) + ")";
            zip_error_fini(&zip_error);
            return std::nullopt;
        }
    }
    if (!archive) {
        const int code = zip_error_code_zip(&zip_error);
        error = display_name + ": " +
                (code == ZIP_ER_NOZIP
                     ? std::string("not a zip archive (damaged, or not a package)")
                     : "damaged zip archive (" + std::string(zip_error_strerror(&zip_error)) + ")");
        zip_error_fini(&zip_error);
        return std::nullopt;
    }
    source.release();  // the archive owns it now
    zip_error_fini(&zip_error);
    return read_open_zip(archive.get(), display_name, limits, error);
}

std::optional<std::vector<ArchiveEntry>> read_zip_file(const std::filesystem::path& path,
                                                       const ArchiveLimits& limits, std::string& error) {
    std::error_code ec;
    const std::string shown = printable(path.string());
    if (!std::filesystem::is_regular_file(path, ec)) {
        error = shown + ": " + (std::filesystem::exists(path, ec) ? "not a regular file" : "no such file");
        return std::nullopt;
    }
    std::string read_error;
    const std::optional<std::vector<std::uint8_t>> bytes =
        read_whole_file(path, limits.max_archive_bytes, read_error);
    if (!bytes) {
        error = read_error;
        return std::nullopt;
    }
    return read_zip(bytes->data(), bytes->size(), shown, limits, error);
}

std::optional<std::vector<std::uint8_t>> make_zip(const std::vector<ArchiveEntry>& entries,
                                                  std::string& error) {
    const ArchiveLimits limits;
    for (const ArchiveEntry& entry : entries) {
        if (std::string problem = entry_name_problem(entry.name, limits); !problem.empty()) {
            error = "entry " + quoted(entry.name) + ": " + problem;
            return std::nullopt;
        }
    }
    zip_error_t zip_error;
    zip_error_init(&zip_error);
    std::unique_ptr<zip_source_t, SourceFreer> memory(zip_source_buffer_create(nullptr, 0, 0, &zip_error));
    zip_t* archive = memory ? zip_open_from_source(memory.get(), ZIP_TRUNCATE, &zip_error) : nullptr;
    if (!archive) {
        error = std::string("cannot make a zip archive (") + zip_error_strerror(&zip_error) + ")";
        zip_error_fini(&zip_error);
        return std::nullopt;
    }
    zip_error_fini(&zip_error);
    zip_source_keep(memory.get());  // the archive's close drops one reference; the bytes stay readable
    const auto fail = [&](const std::string& what) {
        error = what + " (" + zip_strerror(archive) + ")";
        zip_discard(archive);
        return std::nullopt;
    };
    for (const ArchiveEntry& entry : entries) {
        zip_source_t* data = zip_source_buffer(archive, entry.bytes.data(), entry.bytes.size(), 0);
        if (!data) return fail("cannot add " + quoted(entry.name));
        const zip_int64_t index = zip_file_add(archive, entry.name.c_str(), data, ZIP_FL_ENC_UTF_8);
        if (index < 0) {
            zip_source_free(data);
            return fail("cannot add " + quoted(entry.name));
        }
        const auto at = static_cast<zip_uint64_t>(index);
        if (zip_set_file_compression(archive, at, ZIP_CM_DEFLATE, 9) != 0 ||
            zip_file_set_mtime(archive, at, kFixedTime, 0) != 0 ||
            zip_file_set_external_attributes(archive, at, 0, ZIP_OPSYS_UNIX, (kModeFile | 0644u) << 16) != 0)
            return fail("cannot set up " + quoted(entry.name));
    }
    if (zip_close(archive) != 0) return fail("cannot write the zip archive");

    std::vector<std::uint8_t> bytes;
    zip_stat_t stat;
    zip_stat_init(&stat);
    if (zip_source_stat(memory.get(), &stat) != 0 || !(stat.valid & ZIP_STAT_SIZE) ||
        zip_source_open(memory.get()) != 0) {
        error = "cannot read back the zip archive";
        return std::nullopt;
    }
    bytes.resize(static_cast<std::size_t>(stat.size));
    const zip_int64_t got = zip_source_read(memory.get(), bytes.data(), bytes.size());
    zip_source_close(memory.get());
    if (got < 0 || static_cast<std::uint64_t>(got) != stat.size) {
        error = "cannot read back the zip archive";
        return std::nullopt;
    }
    return bytes;
}

}  // namespace qs
