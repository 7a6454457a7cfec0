// PNG files checked before decoding (signature, IHDR size, pixel cap) and decoded to RGBA with SDL_image's
// PNG loader only; also writes PNGs (screenshots, generated art) through SDL_image.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
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

/// Checks the header, refuses images over `max_pixels`, then decodes with IMG_LoadPNG_RW to RGBA.
/// On failure returns nullopt and sets `error` (a sentence, without the path).
std::optional<RgbaImage> load_png_rgba(const std::filesystem::path& path, std::int64_t max_pixels,
                                       std::string& error);

/// Writes `image` as PNG (IMG_SavePNG); returns false and sets `error` on failure.
bool save_png_rgba(const std::filesystem::path& path, const RgbaImage& image, std::string& error);

}  // namespace qs
