// Hostile and unlucky files against the engine's readers: PNG chunk lengths, MessagePack and JSON
// nesting, input scripts (tick range, size cap, special files, binary bytes), save folders that cannot be
// created, temp files left by a crash, and the field ranges every reader checks against.
#include <doctest/doctest.h>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "engine/fields.hpp"
#include "engine/input.hpp"
#include "engine/json_file.hpp"
#include "engine/msgpack_check.hpp"
#include "engine/png_image.hpp"
#include "engine/save_file.hpp"
#include "tests/unit/file_bytes.hpp"

namespace fs = std::filesystem;

namespace {

using qs::test::read_bytes;

/// A fresh scratch folder for one test case.
fs::path scratch(const std::string& name) {
    fs::path dir = fs::temp_directory_path() / ("qs_engine_hostile_" + std::to_string(::getpid())) / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

void write_bytes(const fs::path& path, const std::vector<std::uint8_t>& bytes) {
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

/// A real 5x4 PNG written by the engine, as bytes.
std::vector<std::uint8_t> small_png(const fs::path& dir) {
    qs::RgbaImage image;
    image.width = 5;
    image.height = 4;
    for (int i = 0; i < 20; ++i) image.pixels.push_back(0x11223300u + static_cast<std::uint32_t>(i * 9 + 1));
    std::string error;
    REQUIRE_MESSAGE(qs::save_png_rgba(dir / "small.png", image, error), error);
    return read_bytes(dir / "small.png");
}

/// Offset of the first chunk of `type` in a PNG.
std::size_t chunk_offset(const std::vector<std::uint8_t>& png, const char* type) {
    std::size_t offset = 8;
    while (offset + 8 <= png.size()) {
        std::uint32_t length = (std::uint32_t{png[offset]} << 24) | (std::uint32_t{png[offset + 1]} << 16) |
                               (std::uint32_t{png[offset + 2]} << 8) | png[offset + 3];
        if (std::string(png.begin() + static_cast<std::ptrdiff_t>(offset + 4),
                        png.begin() + static_cast<std::ptrdiff_t>(offset + 8)) == type) {
            return offset;
        }
        offset += 12 + length;
    }
    FAIL("no chunk " << type);
    return 0;
}

void set_u32(std::vector<std::uint8_t>& bytes, std::size_t at, std::uint32_t value) {
    for (int i = 0; i < 4; ++i) bytes[at + i] = static_cast<std::uint8_t>(value >> (24 - 8 * i));
}

/// An input script over a small vocabulary, as a game would hold one.
struct Script {
    static constexpr std::string_view names[] = {"left", "right", "jump"};
    std::vector<qs::ScriptCommand> commands;
    bool parse(std::string_view text, const std::string& source, std::string& error) {
        return qs::parse_input_script(text, source, names, commands, error);
    }
    bool load(const fs::path& path, std::string& error) {
        return qs::load_input_script(path, names, commands, error);
    }
    std::int64_t last_tick() const { return commands.empty() ? -1 : commands.back().tick; }
};

bool printable_ascii(const std::string& text) {
    for (char c : text) {
        auto byte = static_cast<unsigned char>(c);
        if (byte < 0x20 || byte >= 0x7f) return false;
    }
    return true;
}

}  // namespace

TEST_CASE("png: an IDAT chunk claiming about 1 GB is refused before libpng sees it (it used to hang)") {
    fs::path dir = scratch("png_idat");
    std::vector<std::uint8_t> png = small_png(dir);
    std::string error;
    REQUIRE(qs::decode_png_rgba(png.data(), png.size(), 1 << 24, error));

    std::vector<std::uint8_t> lying = png;
    set_u32(lying, chunk_offset(lying, "IDAT"), 0x3ffffff0u);
    write_bytes(dir / "lying.png", lying);
    auto image = qs::load_png_rgba(dir / "lying.png", 1 << 24, error);
    CHECK_FALSE(image);
    CHECK(error.find("cannot decode the PNG (corrupt or truncated): chunk IDAT at byte 33 claims 1073741808 "
                     "bytes") == 0);
    // The header alone still reads (the level checks use it for sizes).
    CHECK(qs::read_png_size(dir / "lying.png", error));
}

TEST_CASE("png: chunk walk refuses a missing IEND, chunk lengths over 2^31 and a file without IDAT") {
    fs::path dir = scratch("png_chunks");
    std::vector<std::uint8_t> png = small_png(dir);
    std::string error;
    std::vector<std::uint8_t> no_end(png.begin(),
                                     png.begin() + static_cast<std::ptrdiff_t>(chunk_offset(png, "IEND")));
    CHECK_FALSE(qs::check_png_chunks(no_end.data(), no_end.size(), error));
    CHECK(error.find("without an IEND chunk") != std::string::npos);

    std::vector<std::uint8_t> huge = png;
    set_u32(huge, chunk_offset(huge, "IDAT"), 0xfffffff0u);
    CHECK_FALSE(qs::decode_png_rgba(huge.data(), huge.size(), 1 << 24, error));

    std::vector<std::uint8_t> no_data(png.begin(), png.begin() + 33);  // signature + IHDR
    std::vector<std::uint8_t> end(png.begin() + static_cast<std::ptrdiff_t>(chunk_offset(png, "IEND")),
                                  png.end());
    no_data.insert(no_data.end(), end.begin(), end.end());
    CHECK_FALSE(qs::check_png_chunks(no_data.data(), no_data.size(), error));
    CHECK(error.find("no image data") != std::string::npos);

    // Every prefix of a good file is refused with a message, never a crash or a hang.
    for (std::size_t cut = 0; cut < png.size(); ++cut) {
        CAPTURE(cut);
        CHECK_FALSE(qs::decode_png_rgba(png.data(), cut, 1 << 24, error));
    }
}

TEST_CASE("msgpack: nesting, lengths and value counts are bounded before any decoder runs") {
    const qs::MsgpackLimits limits{32, 1000, 64};
    std::vector<std::uint8_t> deep(200000, 0x91);  // [[[[...
    deep.push_back(0xc0);
    CHECK(qs::check_msgpack(deep.data(), deep.size(), limits).find("nested deeper than 32 levels") == 0);

    std::vector<std::uint8_t> ok = {0x82, 0xa1, 'a', 0x93, 0x01, 0xcb, 0,    0,   0,
                                    0,    0,    0,   0,    0,    0xc0, 0xa1, 'b', 0x90};
    CHECK(qs::check_msgpack(ok.data(), ok.size(), limits).empty());
    std::vector<std::uint8_t> trailing = ok;
    trailing.push_back(0x01);
    CHECK(qs::check_msgpack(trailing.data(), trailing.size(), limits).find("bytes after the end") !=
          std::string::npos);
    std::vector<std::uint8_t> lying_array = {0xdd, 0xff, 0xff, 0xff, 0xff, 0x01};  // 4 billion items
    CHECK(qs::check_msgpack(lying_array.data(), lying_array.size(), limits).find("items with only") !=
          std::string::npos);
    std::vector<std::uint8_t> lying_string = {0xdb, 0x00, 0x00, 0x00, 0x30, 'x'};
    CHECK_FALSE(qs::check_msgpack(lying_string.data(), lying_string.size(), limits).empty());
    std::vector<std::uint8_t> long_string = {0xd9, 100};
    long_string.resize(102, 'x');
    CHECK(qs::check_msgpack(long_string.data(), long_string.size(), limits).find("over the limit") !=
          std::string::npos);
    std::vector<std::uint8_t> many(2000, 0x01);
    many.insert(many.begin(), {0xdc, 0x07, 0xd0});
    CHECK(qs::check_msgpack(many.data(), many.size(), limits).find("more than 1000 values") == 0);
    std::vector<std::uint8_t> reserved = {0xc1};
    CHECK_FALSE(qs::check_msgpack(reserved.data(), reserved.size(), limits).empty());
    for (std::size_t cut = 0; cut < ok.size(); ++cut)
        CHECK_FALSE(qs::check_msgpack(ok.data(), cut, limits).empty());
}

TEST_CASE("json: a million opening brackets stop at the depth limit") {
    std::string deep(1000000, '[');
    qs::JsonLoad loaded = qs::parse_json_text(deep, "deep.json", 64);
    CHECK_FALSE(loaded.value);
    CHECK(loaded.error == "deep.json: line 1, column 65: nested deeper than 64 levels");
}

TEST_CASE("input script: ticks are range-checked (10^12, INT64_MAX and beyond are refused)") {
    Script script;
    std::string error;
    CHECK_FALSE(script.parse("0 +right\n1000000000000 jump\n", "s.txt", error));
    CHECK(error ==
          "s.txt:2: tick 1000000000000 is out of range: ticks go from 0 to 5184000 (24 hours at 60 ticks "
          "per second)");
    CHECK_FALSE(script.parse("9223372036854775807 jump\n", "s.txt", error));
    CHECK(error.find("s.txt:1: tick 9223372036854775807 is out of range") == 0);
    CHECK_FALSE(script.parse("99999999999999999999999 jump\n", "s.txt", error));
    CHECK(error.find("is out of range") != std::string::npos);
    CHECK_FALSE(script.parse("-5 jump\n", "s.txt", error));
    CHECK(error == "s.txt:1: tick must be a whole number >= 0, got '-5'");
    REQUIRE(script.parse("5184000 jump\n", "s.txt", error));
    CHECK(script.last_tick() == qs::max_script_tick);
}

TEST_CASE("input script: binary bytes are written as \\xNN in messages, never raw") {
    Script script;
    std::string error;
    std::string garbage = "0 jump\n\x01\x02\x1b[31m\xff\xfe\x7f \x80\n";
    CHECK_FALSE(script.parse(garbage, "bin.txt", error));
    CHECK(error.find(
              "bin.txt:2: tick must be a whole number >= 0, got '\\x01\\x02\\x1b[31m\\xff\\xfe\\x7f'") == 0);
    CHECK(printable_ascii(error));
    CHECK_FALSE(script.parse(std::string("0 j\0mp\n", 7), "nul.txt", error));
    CHECK(printable_ascii(error));
    CHECK_FALSE(script.parse("0 " + std::string(5000, '\xee') + "\n", "long.txt", error));
    CHECK(printable_ascii(error));
    CHECK(error.size() < 400);
}

TEST_CASE("input script: only regular files are read, at most max_script_bytes") {
    fs::path dir = scratch("scripts");
    Script script;
    std::string error;
    CHECK_FALSE(script.load("/dev/zero", error));
    CHECK(error == "/dev/zero: not a regular file (an input script is a text file)");
    CHECK_FALSE(script.load(dir, error));
    CHECK(error.find("not a regular file") != std::string::npos);
    CHECK_FALSE(script.load("/proc/self/mem", error));
    CHECK(error.find("/proc/self/mem: cannot read input script") == 0);
    CHECK_FALSE(script.load(dir / "missing.txt", error));
    CHECK(error.find("cannot open input script") != std::string::npos);
    {
        std::ofstream big(dir / "big.txt");
        std::string line = "# a comment line that takes some room in the file................\n";
        for (std::uintmax_t written = 0; written <= qs::max_script_bytes; written += line.size()) big << line;
    }
    CHECK_FALSE(script.load(dir / "big.txt", error));
    CHECK(error.find("over the limit of 8388608 bytes") != std::string::npos);
    std::ofstream(dir / "ok.txt") << "3 +left\n9 -left\n";
    REQUIRE_MESSAGE(script.load(dir / "ok.txt", error), error);
    CHECK(script.last_tick() == 9);
}

TEST_CASE("save files: a folder that cannot be created is reported as such, not as a missing file") {
    std::string error;
    // mkdir under /sys fails (EPERM or EACCES): the message must say so, not "No such file or directory".
    CHECK_FALSE(qs::write_file_atomically("/sys/qs_no_saves_here/deeper/quicksave-1.qss", {1, 2, 3}, error));
    CHECK(error.find("/sys/qs_no_saves_here/deeper: cannot create the folder: ") == 0);
    CHECK(error.find("No such file") == std::string::npos);
}

TEST_CASE("save files: temp files left by a crash are removed, one being written (locked) is not") {
    fs::path dir = scratch("temps");
    std::ofstream(dir / "quicksave-3.qss.tmp") << "half a save";
    std::ofstream(dir / "quicksave-4.qss.tmp") << "being written";
    std::ofstream(dir / "notes.tmp") << "not ours";
    std::ofstream(dir / "quicksave-2.qss") << "a save";
    int fd = ::open((dir / "quicksave-4.qss.tmp").c_str(), O_RDONLY);
    REQUIRE(fd >= 0);
    REQUIRE(::flock(fd, LOCK_EX) == 0);
    auto removed = qs::remove_abandoned_temp_files(
        dir, [](const fs::path& file) { return file.filename().string().rfind("quicksave-", 0) == 0; });
    ::close(fd);
    REQUIRE(removed.size() == 1);
    CHECK(removed[0].filename() == "quicksave-3.qss.tmp");
    CHECK_FALSE(fs::exists(dir / "quicksave-3.qss.tmp"));
    CHECK(fs::exists(dir / "quicksave-4.qss.tmp"));
    CHECK(fs::exists(dir / "notes.tmp"));
    CHECK(fs::exists(dir / "quicksave-2.qss"));
}

TEST_CASE("save files: temp names are unique per write; a kept name is never replaced") {
    fs::path dir = scratch("temp_names");
    // Crash leftovers in the unique form are removed like the old form; other files stay.
    std::ofstream(dir / "quicksave-5.qss.Ab12Cd.tmp") << "torn";
    std::ofstream(dir / "notes.Ab12Cd.tmp") << "not ours";
    auto removed = qs::remove_abandoned_temp_files(
        dir, [](const fs::path& file) { return file.filename().string().rfind("quicksave-", 0) == 0; });
    REQUIRE(removed.size() == 1);
    CHECK(removed[0].filename() == "quicksave-5.qss.Ab12Cd.tmp");
    CHECK(fs::exists(dir / "notes.Ab12Cd.tmp"));

    std::string error;
    REQUIRE_MESSAGE(qs::write_file_atomically(dir / "a.bin", {1, 2, 3}, error), error);
    bool taken = false;
    CHECK_FALSE(qs::write_file_atomically(dir / "a.bin", {4, 5}, error, qs::ExistingFile::keep, &taken));
    CHECK(taken);
    CHECK(fs::file_size(dir / "a.bin") == 3);
    REQUIRE_MESSAGE(qs::write_file_atomically(dir / "b.bin", {4, 5}, error, qs::ExistingFile::keep, &taken),
                    error);
    CHECK_FALSE(taken);
    REQUIRE_MESSAGE(qs::write_file_atomically(dir / "a.bin", {6}, error), error);  // replace (the default)
    CHECK(fs::file_size(dir / "a.bin") == 1);
    int temps = 0;
    for (const auto& entry : fs::directory_iterator(dir)) temps += entry.path().extension() == ".tmp";
    CHECK(temps == 1);  // notes.Ab12Cd.tmp only
}

TEST_CASE("fields: ranges are checked on the number as read, before any conversion") {
    const qs::FieldSpec height = qs::editable(1, 4096, "tiles");
    CHECK(qs::number_in_range<int>(4096, height));
    CHECK_FALSE(qs::number_in_range<int>(2147483648.0, height));
    CHECK_FALSE(qs::number_in_range<int>(0, height));
    CHECK_FALSE(qs::number_in_range<int>(2.5, height));
    CHECK_FALSE(qs::number_in_range<double>(std::nan(""), qs::within(-1, 1)));
    CHECK(qs::number_in_range<double>(1e300, qs::FieldSpec{}));  // no range: any finite number
    // Without a range, an integer still has its type's limits.
    CHECK(qs::number_in_range<int>(2147483647.0, qs::FieldSpec{}));
    CHECK_FALSE(qs::number_in_range<int>(2147483648.0, qs::FieldSpec{}));
    CHECK_FALSE(qs::number_in_range<std::int64_t>(9223372036854775808.0, qs::FieldSpec{}));
    CHECK_FALSE(qs::number_in_range<std::uint32_t>(-1, qs::FieldSpec{}));
    CHECK(qs::describe_range<int>(height) == "1 to 4096 tiles");
    CHECK(qs::describe_range<std::string>(qs::editable(0, 1000)) == "at most 1000 bytes long");
    CHECK(qs::check_field_value("speed", 1e300, qs::editable(0, 25, "tiles/s")) ==
          "speed is 1e+300, outside 0 to 25 tiles/s");
    // A FieldSpec still reads as its flags for visitors that only want those.
    qs::FieldFlag flags = height;
    CHECK(qs::has_flag(flags, qs::FieldFlag::editable));
}
