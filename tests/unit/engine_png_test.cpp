// Tests for PNG decoding through libpng: every colour type (grey, palette with transparency, 16 bits,
// interlaced) arrives as the same 8-bit RGBA, row by row or whole, and the checks before decoding hold.
#include <doctest/doctest.h>

#include <png.h>
#include <zlib.h>

#include <cstdio>
#include <string>
#include <vector>

#include "engine/png_image.hpp"

#include "tests/unit/file_bytes.hpp"
#include "tests/unit/scratch_dir.hpp"

namespace {

namespace fs = std::filesystem;

/// Writes `rows` (already in the file's colour type and bit depth) with libpng's full write interface.
void write_raw_png(const fs::path& path, int width, int height, int bit_depth, int colour_type,
                   bool interlaced, const std::vector<std::vector<png_byte>>& rows,
                   const std::vector<png_color>& palette = {},
                   const std::vector<png_byte>& palette_alpha = {}) {
    FILE* file = std::fopen(path.c_str(), "wb");
    REQUIRE(file != nullptr);
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
    png_infop info = png_create_info_struct(png);
    REQUIRE((png && info));
    png_init_io(png, file);
    png_set_IHDR(png, info, static_cast<png_uint_32>(width), static_cast<png_uint_32>(height), bit_depth,
                 colour_type, interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (!palette.empty()) png_set_PLTE(png, info, palette.data(), static_cast<int>(palette.size()));
    if (!palette_alpha.empty())
        png_set_tRNS(png, info, palette_alpha.data(), static_cast<int>(palette_alpha.size()), nullptr);
    std::vector<png_bytep> pointers;
    for (const auto& row : rows) pointers.push_back(const_cast<png_bytep>(row.data()));
    png_write_info(png, info);
    png_write_image(png, pointers.data());
    png_write_end(png, nullptr);
    png_destroy_write_struct(&png, &info);
    std::fclose(file);
}

std::vector<std::uint32_t> decode(const fs::path& path) {
    std::string error;
    const auto image = qs::load_png_rgba(path, 1 << 20, error);
    REQUIRE_MESSAGE(image, error);
    return image->pixels;
}

}  // namespace

TEST_CASE("png: grey, 16-bit, palette with transparency and interlaced images all decode to 8-bit RGBA") {
    qs::test::ScratchDir dir("qs_png_test");
    const fs::path grey = dir.path() / "grey.png";
    write_raw_png(grey, 3, 1, 8, PNG_COLOR_TYPE_GRAY, false, {{0x00, 0x80, 0xff}});
    CHECK(decode(grey) == std::vector<std::uint32_t>{0x000000ff, 0x808080ff, 0xffffffff});

    const fs::path deep = dir.path() / "deep.png";
    write_raw_png(
        deep, 2, 1, 16, PNG_COLOR_TYPE_RGB_ALPHA, false,
        {{0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x02}});
    CHECK(decode(deep) == std::vector<std::uint32_t>{0x12569aff, 0x00000001});

    const fs::path palette = dir.path() / "palette.png";
    write_raw_png(palette, 4, 1, 8, PNG_COLOR_TYPE_PALETTE, false, {{0, 1, 2, 1}},
                  {{0xff, 0x00, 0x00}, {0x9a, 0xd0, 0xff}, {0x00, 0x00, 0xff}}, {0x00, 0xff});
    CHECK(decode(palette) == std::vector<std::uint32_t>{0xff000000, 0x9ad0ffff, 0x0000ffff, 0x9ad0ffff});

    const fs::path rgba = dir.path() / "rgba.png";
    write_raw_png(rgba, 2, 1, 8, PNG_COLOR_TYPE_RGB_ALPHA, false,
                  {{0x11, 0x22, 0x33, 0x44, 0xa0, 0xb0, 0xc0, 0x00}});
    CHECK(decode(rgba) == std::vector<std::uint32_t>{0x11223344, 0xa0b0c000});
    const fs::path rgb = dir.path() / "rgb.png";
    write_raw_png(rgb, 2, 1, 8, PNG_COLOR_TYPE_RGB, false, {{0x11, 0x22, 0x33, 0xa0, 0xb0, 0xc0}});
    CHECK(decode(rgb) == std::vector<std::uint32_t>{0x112233ff, 0xa0b0c0ff});
    const fs::path grey_alpha = dir.path() / "grey_alpha.png";
    write_raw_png(grey_alpha, 2, 1, 8, PNG_COLOR_TYPE_GRAY_ALPHA, false, {{0x40, 0x80, 0xc0, 0x01}});
    CHECK(decode(grey_alpha) == std::vector<std::uint32_t>{0x40404080, 0xc0c0c001});
    const fs::path deep_rgb = dir.path() / "deep_rgb.png";
    write_raw_png(deep_rgb, 1, 1, 16, PNG_COLOR_TYPE_RGB, false, {{0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc}});
    CHECK(decode(deep_rgb) == std::vector<std::uint32_t>{0x12569aff});
    const fs::path two_bit = dir.path() / "two_bit.png";
    write_raw_png(two_bit, 4, 1, 2, PNG_COLOR_TYPE_GRAY, false, {{0x1b}});  // 0, 1, 2, 3
    CHECK(decode(two_bit) == std::vector<std::uint32_t>{0x000000ff, 0x555555ff, 0xaaaaaaff, 0xffffffff});

    // 9 x 9 RGB, Adam7: every pass holds pixels; the rows come out whole and in order.
    std::vector<std::vector<png_byte>> rows(9);
    std::vector<std::uint32_t> expected;
    for (int y = 0; y < 9; ++y) {
        for (int x = 0; x < 9; ++x) {
            const auto r = static_cast<png_byte>(x * 20), g = static_cast<png_byte>(y * 20), b = png_byte{7};
            rows[static_cast<std::size_t>(y)].insert(rows[static_cast<std::size_t>(y)].end(), {r, g, b});
            expected.push_back((std::uint32_t{r} << 24) | (std::uint32_t{g} << 16) | (std::uint32_t{b} << 8) |
                               0xff);
        }
    }
    const fs::path interlaced = dir.path() / "interlaced.png";
    write_raw_png(interlaced, 9, 9, 8, PNG_COLOR_TYPE_RGB, true, rows);
    CHECK(decode(interlaced) == expected);

    std::string error;
    int next_row = 0;
    const auto size = qs::load_png_rows(
        interlaced, 1 << 20,
        [&](int y, std::span<const std::uint32_t> row) {
            CHECK(y == next_row++);
            REQUIRE(row.size() == 9);
            CHECK(row[4] == expected[static_cast<std::size_t>(y) * 9 + 4]);
        },
        error);
    REQUIRE(size);
    CHECK(next_row == 9);
}

TEST_CASE("png: the pixel limit is checked before decoding, libpng's errors are reported as corrupt data") {
    qs::test::ScratchDir dir("qs_png_test");
    const fs::path grey = dir.path() / "grey.png";
    write_raw_png(grey, 3, 2, 8, PNG_COLOR_TYPE_GRAY, false, {{1, 2, 3}, {4, 5, 6}});
    std::string error;
    bool called = false;
    CHECK_FALSE(qs::load_png_rows(
        grey, 5, [&](int, std::span<const std::uint32_t>) { called = true; }, error));
    CHECK(error == "image is 3x2 = 6 pixels, over the limit of 5");
    CHECK_FALSE(called);

    // A flipped bit inside the IDAT data: the chunk walk passes, libpng's CRC check refuses it.
    std::vector<std::uint8_t> bytes = qs::test::read_bytes(grey);
    const std::string text(bytes.begin(), bytes.end());
    const std::size_t idat = text.find("IDAT");
    REQUIRE(idat != std::string::npos);
    bytes[idat + 6] ^= 0x40;
    error.clear();
    CHECK_FALSE(qs::decode_png_rgba(bytes.data(), bytes.size(), 1 << 20, error));
    CHECK(error.rfind("cannot decode the PNG (corrupt or truncated): ", 0) == 0);
}

TEST_CASE("png: the IDAT chunks' CRC-32 guards the data, zlib's Adler-32 is not recomputed") {
    qs::test::ScratchDir dir("qs_png_test");
    const fs::path grey = dir.path() / "grey.png";
    write_raw_png(grey, 3, 2, 8, PNG_COLOR_TYPE_GRAY, false, {{1, 2, 3}, {4, 5, 6}});
    std::vector<std::uint8_t> bytes = qs::test::read_bytes(grey);
    const std::string text(bytes.begin(), bytes.end());
    const std::size_t type_at = text.find("IDAT");
    REQUIRE(type_at != std::string::npos);
    const std::size_t length = (std::size_t{bytes[type_at - 4]} << 24) |
                               (std::size_t{bytes[type_at - 3]} << 16) |
                               (std::size_t{bytes[type_at - 2]} << 8) | bytes[type_at - 1];
    const std::size_t data_at = type_at + 4, crc_at = data_at + length;
    const auto rewrite_crc = [&] {
        const uLong crc = crc32(0, bytes.data() + type_at, static_cast<uInt>(4 + length));
        for (int i = 0; i < 4; ++i) bytes[crc_at + i] = static_cast<std::uint8_t>(crc >> (24 - 8 * i));
    };
    std::string error;
    const auto intact = qs::decode_png_rgba(bytes.data(), bytes.size(), 1 << 20, error);
    REQUIRE(intact);

    // The zlib stream's own checksum (its last 4 bytes) changed and the chunk's CRC made to match: the
    // pixels are what the stream holds.
    std::vector<std::uint8_t> original = bytes;
    bytes[crc_at - 1] ^= 0x01;
    rewrite_crc();
    const auto adler_changed = qs::decode_png_rgba(bytes.data(), bytes.size(), 1 << 20, error);
    REQUIRE(adler_changed);
    CHECK(adler_changed->pixels == intact->pixels);

    // The same byte changed without a matching CRC: refused.
    bytes = original;
    bytes[crc_at - 1] ^= 0x01;
    error.clear();
    CHECK_FALSE(qs::decode_png_rgba(bytes.data(), bytes.size(), 1 << 20, error));
    CHECK(error.rfind("cannot decode the PNG (corrupt or truncated): ", 0) == 0);

    // A stream cut short inside the compressed data, CRC made to match: it does not inflate, refused.
    bytes = original;
    bytes[data_at + 2] ^= 0xff;
    rewrite_crc();
    error.clear();
    CHECK_FALSE(qs::decode_png_rgba(bytes.data(), bytes.size(), 1 << 20, error));
    CHECK(error.rfind("cannot decode the PNG (corrupt or truncated): ", 0) == 0);
}
