// Zip archives read as hostile input: a round trip, and every kind of entry a stranger's archive may hold
// to escape, mislead or exhaust the reader (each refused naming the archive and the entry).
#include <doctest/doctest.h>

#include <sys/stat.h>
#include <zip.h>

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "engine/zip_archive.hpp"

namespace {

using qs::ArchiveEntry;
using qs::ArchiveLimits;

std::vector<std::uint8_t> bytes_of(const std::string& text) {
    return {text.begin(), text.end()};
}

/// An archive made by libzip directly (as any zip tool could), each entry set up by `setup` after it is
/// added: the hostile archives the reader must refuse.
std::vector<std::uint8_t> raw_zip(
    const std::vector<ArchiveEntry>& entries,
    const std::function<void(zip_t*, zip_uint64_t, const ArchiveEntry&)>& setup = {}) {
    zip_error_t error;
    zip_error_init(&error);
    zip_source_t* memory = zip_source_buffer_create(nullptr, 0, 0, &error);
    REQUIRE(memory);
    zip_t* archive = zip_open_from_source(memory, ZIP_TRUNCATE, &error);
    REQUIRE(archive);
    zip_source_keep(memory);
    for (const ArchiveEntry& entry : entries) {
        zip_source_t* data = zip_source_buffer(archive, entry.bytes.data(), entry.bytes.size(), 0);
        REQUIRE(data);
        zip_int64_t index = -1;
        if (!entry.name.empty() && entry.name.back() == '/')
            index = zip_dir_add(archive, entry.name.substr(0, entry.name.size() - 1).c_str(), ZIP_FL_ENC_RAW);
        else
            index = zip_file_add(archive, entry.name.c_str(), data, ZIP_FL_ENC_RAW);
        if (index < 0 || entry.name.back() == '/') zip_source_free(data);
        REQUIRE_MESSAGE(index >= 0, zip_strerror(archive));
        if (setup) setup(archive, static_cast<zip_uint64_t>(index), entry);
    }
    REQUIRE(zip_close(archive) == 0);
    zip_stat_t stat;
    zip_stat_init(&stat);
    REQUIRE(zip_source_stat(memory, &stat) == 0);
    REQUIRE(zip_source_open(memory) == 0);
    std::vector<std::uint8_t> bytes(static_cast<std::size_t>(stat.size));
    REQUIRE(zip_source_read(memory, bytes.data(), bytes.size()) == static_cast<zip_int64_t>(bytes.size()));
    zip_source_close(memory);
    zip_source_free(memory);
    zip_error_fini(&error);
    return bytes;
}

/// The error reading `bytes` gives (the test fails when it reads).
std::string refusal(const std::vector<std::uint8_t>& bytes, const ArchiveLimits& limits = {}) {
    std::string error;
    const auto entries = qs::read_zip(bytes.data(), bytes.size(), "x.qslevel", limits, error);
    CHECK_FALSE(entries);
    CHECK(error.starts_with("x.qslevel: "));
    return error;
}

void replace_all(std::vector<std::uint8_t>& bytes, const std::string& from, const std::string& to) {
    REQUIRE(from.size() == to.size());
    for (auto it = std::search(bytes.begin(), bytes.end(), from.begin(), from.end()); it != bytes.end();
         it = std::search(it + 1, bytes.end(), from.begin(), from.end()))
        std::copy(to.begin(), to.end(), it);
}

}  // namespace

TEST_CASE("zip archive: entries round trip, in order, and the same entries make the same bytes") {
    std::vector<ArchiveEntry> entries = {{"a.lvl", bytes_of("{\"name\": \"A\"}")},
                                         {"geometry/layer0.png", std::vector<std::uint8_t>(5000, 7)},
                                         {"empty.txt", {}}};
    std::string error;
    const auto zipped = qs::make_zip(entries, error);
    REQUIRE_MESSAGE(zipped, error);
    CHECK(zipped->size() < 1000);  // deflated
    const auto again = qs::make_zip(entries, error);
    REQUIRE(again);
    CHECK(*again == *zipped);
    const auto read = qs::read_zip(zipped->data(), zipped->size(), "x", {}, error);
    REQUIRE_MESSAGE(read, error);
    REQUIRE(read->size() == entries.size());
    for (std::size_t i = 0; i < entries.size(); ++i) {
        CHECK((*read)[i].name == entries[i].name);
        CHECK((*read)[i].bytes == entries[i].bytes);
    }
}

TEST_CASE("zip archive: folders are accepted and left out, a file may not also be a folder") {
    std::string error;
    const auto with_folder = raw_zip({{"level/", {}}, {"level/a.lvl", bytes_of("x")}});
    const auto read = qs::read_zip(with_folder.data(), with_folder.size(), "x", {}, error);
    REQUIRE_MESSAGE(read, error);
    REQUIRE(read->size() == 1);
    CHECK((*read)[0].name == "level/a.lvl");
    CHECK(refusal(raw_zip({{"a", bytes_of("1")}, {"a/b", bytes_of("2")}})) ==
          "x.qslevel: entry 'a': a file, and also a folder of 'a/b'");
}

TEST_CASE("zip archive: names that leave the archive or mislead are refused, naming the entry") {
    const std::pair<std::string, std::string> cases[] = {
        {"../x", "leaves the archive"},
        {"level/../../x", "leaves the archive"},
        {"/etc/passwd", "an absolute path"},
        {"a\\..\\b", "'\\'"},
        {"C:x", "':'"},
        {"a//b", "an empty folder name"},
        {"./a", "a '.'"},
        {"a\x1b[2Jb", "a control character"},
        {"bad\xff", "not UTF-8"},
        {std::string(300, 'n'), "over the limit of 255"},
        {"a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r", "folders deep"},
    };
    for (const auto& one_case : cases) {
        const std::string& name = one_case.first;
        const std::string& problem = one_case.second;
        CAPTURE(name);
        const std::string error = refusal(raw_zip({{name, bytes_of("data")}}));
        CHECK(error.find("entry '") != std::string::npos);
        CHECK(error.find(problem) != std::string::npos);
        std::string make_error;
        CHECK_FALSE(qs::make_zip({{name, bytes_of("data")}}, make_error));
    }
}

TEST_CASE("zip archive: symbolic links, encrypted entries and odd compression are refused") {
    const auto link =
        raw_zip({{"level/a.png", bytes_of("/etc/passwd")}}, [](zip_t* a, zip_uint64_t i, auto&) {
            REQUIRE(zip_file_set_external_attributes(a, i, 0, ZIP_OPSYS_UNIX, (S_IFLNK | 0777u) << 16) == 0);
        });
    CHECK(refusal(link) ==
          "x.qslevel: entry 'level/a.png': a symbolic link (only files and folders are read)");
    const auto device = raw_zip({{"fifo", {}}}, [](zip_t* a, zip_uint64_t i, auto&) {
        REQUIRE(zip_file_set_external_attributes(a, i, 0, ZIP_OPSYS_UNIX, (S_IFIFO | 0644u) << 16) == 0);
    });
    CHECK(refusal(device) == "x.qslevel: entry 'fifo': not a regular file");

    REQUIRE(zip_encryption_method_supported(ZIP_EM_AES_256, 1));
    const auto encrypted = raw_zip({{"secret.lvl", bytes_of("{}")}}, [](zip_t* a, zip_uint64_t i, auto&) {
        REQUIRE(zip_file_set_encryption(a, i, ZIP_EM_AES_256, "password") == 0);
    });
    CHECK(refusal(encrypted) == "x.qslevel: entry 'secret.lvl': encrypted (packages are never encrypted)");

    if (zip_compression_method_supported(ZIP_CM_BZIP2, 1)) {
        const auto bzip2 = raw_zip({{"a.lvl", bytes_of("{}")}}, [](zip_t* a, zip_uint64_t i, auto&) {
            REQUIRE(zip_set_file_compression(a, i, ZIP_CM_BZIP2, 0) == 0);
        });
        CHECK(refusal(bzip2).find("compressed with method 12") != std::string::npos);
    }
}

TEST_CASE("zip archive: a name twice is refused") {
    auto bytes = raw_zip({{"dupe_A", bytes_of("first")}, {"dupe_B", bytes_of("other")}});
    replace_all(bytes, "dupe_B", "dupe_A");  // in the local header and the central directory
    const std::string error = refusal(bytes);
    CAPTURE(error);
    CHECK(error.find("'dupe_A'") != std::string::npos);
    CHECK(error.find("named twice") != std::string::npos);
}

TEST_CASE("zip archive: compression bombs and too many entries are refused before reading") {
    // 64 MiB + 1 of zeros deflates to about 64 KiB: refused by its declared size, never inflated.
    const auto bomb = raw_zip({{"bomb.png", std::vector<std::uint8_t>((64u << 20) + 1, 0)}});
    CHECK(bomb.size() < 200000);
    CHECK(refusal(bomb) ==
          "x.qslevel: entry 'bomb.png': 67108865 bytes uncompressed, over the limit of 67108864");

    ArchiveLimits small;
    small.max_total_bytes = 2500;
    const std::vector<std::uint8_t> kilobyte(1000, 1);
    CHECK(refusal(raw_zip({{"a", kilobyte}, {"b", kilobyte}, {"c", kilobyte}}), small) ==
          "x.qslevel: entry 'c': the entries up to this one hold 3000 bytes uncompressed, over the limit of "
          "2500 for "
          "the whole archive");

    // One entry over the default count is refused by the central directory's count alone.
    std::vector<ArchiveEntry> many;
    for (std::size_t i = 0; i <= ArchiveLimits{}.max_entries; ++i) many.push_back({std::to_string(i), {}});
    CHECK(refusal(raw_zip(many)) == "x.qslevel: 1001 entries, over the limit of 1000");

    ArchiveLimits tiny_archive;
    tiny_archive.max_archive_bytes = 100;
    CHECK(refusal(raw_zip({{"a", kilobyte}}), tiny_archive).find("over the limit of 100") !=
          std::string::npos);
}

TEST_CASE("zip archive: truncated and flipped bytes are refused or read whole, never more") {
    std::string error;
    const std::vector<ArchiveEntry> entries = {{"a.lvl", bytes_of("{\"name\": \"level\"}")},
                                               {"geometry/layer0.png", std::vector<std::uint8_t>(300, 9)}};
    const auto good = qs::make_zip(entries, error);
    REQUIRE(good);
    for (std::size_t size = 0; size < good->size(); ++size) {
        CAPTURE(size);
        std::string truncated_error;
        CHECK_FALSE(qs::read_zip(good->data(), size, "x.qslevel", {}, truncated_error));
        CHECK(truncated_error.starts_with("x.qslevel: "));
    }
    int refused = 0;
    for (std::size_t at = 0; at < good->size(); ++at) {
        for (const std::uint8_t mask : {0x01, 0x80, 0xff}) {
            std::vector<std::uint8_t> flipped = *good;
            flipped[at] ^= mask;
            std::string flip_error;
            const auto read = qs::read_zip(flipped.data(), flipped.size(), "x.qslevel", {}, flip_error);
            if (!read) {
                ++refused;
                CHECK(flip_error.starts_with("x.qslevel: "));
                continue;
            }
            // What reads (a flipped time stamp, say) reads whole and within the entries' own sizes.
            std::uint64_t total = 0;
            for (const ArchiveEntry& entry : *read) total += entry.bytes.size();
            CHECK(total <= 317);
        }
    }
    CHECK(refused > 0);
}
