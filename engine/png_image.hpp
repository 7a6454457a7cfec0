// PNG files checked before decoding (signature, IHDR size, pixel cap, chunk lengths) and decoded with libpng,
// row by row into one reused row buffer (straight into whatever the pixels become) or into an RgbaImage;
// also writes PNGs (screenshots, generated art) through SDL_image, loaded when one is written.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/rgba_image.hpp"

namespace qs {

/// Width and height read from the IHDR chunk, without decoding.
struct PngSize {
    int width = 0, height = 0;
};

/// Reads and checks the 8-byte signature and the IHDR; on failure returns nullopt and sets `error`
/// to a sentence such as "not a PNG file (starts like a JPEG)" or "truncated PNG header".
std::optional<PngSize> read_png_size(const std::filesystem::path& path, std::string& error);

/// Empty when a `size` image fits in `max_pixels`, else the sentence
/// "image is 60000x60000 = 3600000000 pixels, over the limit of 16777216".
std::string check_pixel_limit(const PngSize& size, std::int64_t max_pixels);

/// Checks the header, refuses images over `max_pixels`, reads the file (at most png_file_byte_limit bytes),
/// then decodes it with decode_png_rgba. On failure returns nullopt and sets `error` (a sentence, without
/// the path).
std::optional<RgbaImage> load_png_rgba(const std::filesystem::path& path, std::int64_t max_pixels,
                                       std::string& error);

/// Checks a whole PNG file in memory before any decoder sees it: signature, IHDR first with a sane size,
/// then every chunk's length against the bytes left, up to an IEND, with at least one IDAT. Returns the
/// IHDR size, or nullopt and `error` ("broken PNG: chunk IDAT at byte 33 claims 1073741824 bytes, ...").
std::optional<PngSize> check_png_chunks(const std::uint8_t* data, std::size_t size, std::string& error);

/// Receives one decoded row: its number and its pixels (the image's width), each 0xRRGGBBAA. The row buffer
/// is reused for the next row.
using PngRowHandler = std::function<void(int y, std::span<const std::uint32_t> pixels)>;

/// check_png_chunks, the pixel limit, then libpng on the bytes (its size limits set to the IHDR's, its
/// chunk cache and chunk allocation bounded), every colour type converted to 8-bit RGBA (palette and
/// transparency expanded, 16 bits cut to 8, grey to RGB, opaque alpha added), rows handed to `on_row` from
/// top to bottom. Returns the size, or nullopt and `error` ("cannot decode the PNG (corrupt or truncated):
/// ..."); rows handed over before a failure may have been used.
std::optional<PngSize> decode_png_rows(const std::uint8_t* data, std::size_t size, std::int64_t max_pixels,
                                       const PngRowHandler& on_row, std::string& error);

/// decode_png_rows into one RgbaImage.
std::optional<RgbaImage> decode_png_rgba(const std::uint8_t* data, std::size_t size, std::int64_t max_pixels,
                                         std::string& error);

/// The checks of load_png_rgba (header, pixel limit, byte limit), then decode_png_rows on the file.
std::optional<PngSize> load_png_rows(const std::filesystem::path& path, std::int64_t max_pixels,
                                     const PngRowHandler& on_row, std::string& error);

/// The largest PNG file read for an image of `size` (far above any real encoding of it).
std::uint64_t png_file_byte_limit(const PngSize& size);

/// Writes `image` as PNG (IMG_SavePNG; SDL2_image is loaded on the first call and kept); returns false and
/// sets `error` on failure.
bool save_png_rgba(const std::filesystem::path& path, const RgbaImage& image, std::string& error);

}  // namespace qs
