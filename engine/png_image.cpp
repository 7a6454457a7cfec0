// PNG reading and writing: the header (signature, IHDR size) is checked by hand, pixels are decoded and
// encoded by SDL_image's PNG code only (IMG_LoadPNG_RW / IMG_SavePNG), never by format sniffing.
#include "engine/png_image.hpp"

#include <SDL.h>
#include <SDL_image.h>

#include <algorithm>
#include <array>
#include <climits>
#include <cstring>
#include <fstream>
#include <memory>
#include <vector>

namespace qs {
namespace {

constexpr std::array<unsigned char, 8> kPngSignature = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
// Signature (8) + IHDR length (4) + type (4) + data (13); the CRC is left to the decoder.
constexpr std::size_t kHeaderBytes = 8 + 4 + 4 + 13;

std::uint32_t read_big_endian_u32(const unsigned char* bytes) {
    return (std::uint32_t{bytes[0]} << 24) | (std::uint32_t{bytes[1]} << 16) |
           (std::uint32_t{bytes[2]} << 8) | std::uint32_t{bytes[3]};
}

bool starts_with_bytes(const unsigned char* bytes, std::size_t count, const char* prefix) {
    const std::size_t prefix_length = std::strlen(prefix);
    return count >= prefix_length && std::memcmp(bytes, prefix, prefix_length) == 0;
}

/// Names the format a non-PNG file looks like, or "" when it is not recognised.
std::string guess_other_format(const unsigned char* bytes, std::size_t count) {
    if (starts_with_bytes(bytes, count, "\xFF\xD8\xFF")) return "a JPEG";
    if (starts_with_bytes(bytes, count, "GIF87a") || starts_with_bytes(bytes, count, "GIF89a"))
        return "a GIF";
    if (starts_with_bytes(bytes, count, "BM")) return "a BMP";
    if (count >= 12 && starts_with_bytes(bytes, count, "RIFF") && std::memcmp(bytes + 8, "WEBP", 4) == 0)
        return "a WebP";
    if (starts_with_bytes(bytes, count, "II*") || starts_with_bytes(bytes, count, "MM\0*")) return "a TIFF";
    if (starts_with_bytes(bytes, count, "gimp xcf")) return "a GIMP XCF";
    if (starts_with_bytes(bytes, count, "8BPS")) return "a Photoshop PSD";
    if (starts_with_bytes(bytes, count, "<?xml") || starts_with_bytes(bytes, count, "<svg")) return "an SVG";
    return "";
}

struct SurfaceDeleter {
    void operator()(SDL_Surface* surface) const { SDL_FreeSurface(surface); }
};
using SurfacePtr = std::unique_ptr<SDL_Surface, SurfaceDeleter>;

}  // namespace

std::optional<PngSize> read_png_size(const std::filesystem::path& path, std::string& error) {
    std::ifstream file(path, std::ios::binary);
    if (!file) {
        error = "cannot open the file";
        return std::nullopt;
    }
    std::array<unsigned char, kHeaderBytes> header{};
    file.read(reinterpret_cast<char*>(header.data()), header.size());
    const auto count = static_cast<std::size_t>(file.gcount());

    if (count == 0) {
        error = "empty file (0 bytes), not a PNG image";
        return std::nullopt;
    }
    const std::size_t signature_bytes = std::min(count, kPngSignature.size());
    if (std::memcmp(header.data(), kPngSignature.data(), signature_bytes) != 0) {
        const std::string other = guess_other_format(header.data(), count);
        error = other.empty() ? "not a PNG file (the PNG signature is missing)"
                              : "not a PNG file (starts like " + other + ")";
        return std::nullopt;
    }
    if (count < kHeaderBytes) {
        error = "truncated PNG header";
        return std::nullopt;
    }
    const unsigned char* chunk = header.data() + kPngSignature.size();
    if (std::memcmp(chunk + 4, "IHDR", 4) != 0 || read_big_endian_u32(chunk) != 13) {
        error = "broken PNG: the IHDR chunk does not come first";
        return std::nullopt;
    }
    const std::uint32_t width = read_big_endian_u32(chunk + 8);
    const std::uint32_t height = read_big_endian_u32(chunk + 12);
    if (width == 0 || height == 0 || width > 0x7fffffffu || height > 0x7fffffffu) {
        error = "broken PNG: IHDR gives the size " + std::to_string(width) + "x" + std::to_string(height);
        return std::nullopt;
    }
    return PngSize{static_cast<int>(width), static_cast<int>(height)};
}

std::string check_pixel_limit(const PngSize& size, std::int64_t max_pixels) {
    const std::int64_t pixels = std::int64_t{size.width} * size.height;
    if (pixels <= max_pixels) return "";
    return "image is " + std::to_string(size.width) + "x" + std::to_string(size.height) + " = " +
           std::to_string(pixels) + " pixels, over the limit of " + std::to_string(max_pixels);
}

std::optional<PngSize> check_png_chunks(const std::uint8_t* data, std::size_t size, std::string& error) {
    if (size < kHeaderBytes || std::memcmp(data, kPngSignature.data(), kPngSignature.size()) != 0) {
        error =
            size < kHeaderBytes ? "truncated PNG header" : "not a PNG file (the PNG signature is missing)";
        return std::nullopt;
    }
    const unsigned char* ihdr = data + kPngSignature.size();
    if (std::memcmp(ihdr + 4, "IHDR", 4) != 0 || read_big_endian_u32(ihdr) != 13) {
        error = "broken PNG: the IHDR chunk does not come first";
        return std::nullopt;
    }
    const std::uint32_t width = read_big_endian_u32(ihdr + 8), height = read_big_endian_u32(ihdr + 12);
    if (width == 0 || height == 0 || width > 0x7fffffffu || height > 0x7fffffffu) {
        error = "broken PNG: IHDR gives the size " + std::to_string(width) + "x" + std::to_string(height);
        return std::nullopt;
    }
    // Every chunk: length (4), type (4), data, CRC (4), all inside the file, up to IEND.
    std::size_t offset = kPngSignature.size();
    bool image_data = false;
    for (;;) {
        if (size - offset < 12) {
            error = "cannot decode the PNG (corrupt or truncated): the file ends at byte " +
                    std::to_string(size) + " without an IEND chunk (truncated)";
            return std::nullopt;
        }
        const std::uint32_t length = read_big_endian_u32(data + offset);
        const std::string type(reinterpret_cast<const char*>(data + offset + 4), 4);
        const bool letters = std::all_of(type.begin(), type.end(), [](char c) {
            return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
        });
        if (!letters) {
            error = "cannot decode the PNG (corrupt or truncated): no valid chunk at byte " +
                    std::to_string(offset);
            return std::nullopt;
        }
        if (length > 0x7fffffffu || length > size - offset - 12) {
            error = "cannot decode the PNG (corrupt or truncated): chunk " + type + " at byte " +
                    std::to_string(offset) + " claims " + std::to_string(length) + " bytes, but only " +
                    std::to_string(size - offset - 12) + " are left in the file";
            return std::nullopt;
        }
        if (type == "IDAT") image_data = true;
        offset += 12 + std::size_t{length};
        if (type == "IEND") break;
    }
    if (!image_data) {
        error = "cannot decode the PNG (corrupt or truncated): no image data (IDAT chunk)";
        return std::nullopt;
    }
    return PngSize{static_cast<int>(width), static_cast<int>(height)};
}

std::optional<RgbaImage> decode_png_rgba(const std::uint8_t* data, std::size_t size, std::int64_t max_pixels,
                                         std::string& error) {
    const std::optional<PngSize> size_in_header = check_png_chunks(data, size, error);
    if (!size_in_header) return std::nullopt;
    if (std::string limit_error = check_pixel_limit(*size_in_header, max_pixels); !limit_error.empty()) {
        error = std::move(limit_error);
        return std::nullopt;
    }
    if (size > static_cast<std::size_t>(INT_MAX)) {
        error = "file is over " + std::to_string(INT_MAX) + " bytes";
        return std::nullopt;
    }
    SDL_RWops* stream = SDL_RWFromConstMem(data, static_cast<int>(size));
    if (stream == nullptr) {
        error = std::string("cannot read the PNG: ") + SDL_GetError();
        return std::nullopt;
    }
    SDL_ClearError();
    SurfacePtr decoded(IMG_LoadPNG_RW(stream));
    SDL_RWclose(stream);
    if (!decoded) {
        const char* reason = SDL_GetError();
        error = std::string("cannot decode the PNG (corrupt or truncated)");
        if (reason != nullptr && *reason != '\0') error += std::string(": ") + reason;
        return std::nullopt;
    }
    if (decoded->w != size_in_header->width || decoded->h != size_in_header->height) {
        error = "broken PNG: decoded size differs from the IHDR";
        return std::nullopt;
    }
    SurfacePtr rgba(SDL_ConvertSurfaceFormat(decoded.get(), SDL_PIXELFORMAT_RGBA8888, 0));
    if (!rgba) {
        error = std::string("cannot convert the PNG to RGBA: ") + SDL_GetError();
        return std::nullopt;
    }
    decoded.reset();

    RgbaImage image;
    image.width = rgba->w;
    image.height = rgba->h;
    image.pixels.resize(static_cast<std::size_t>(image.width) * image.height);
    if (SDL_MUSTLOCK(rgba.get())) SDL_LockSurface(rgba.get());
    const auto* rows = static_cast<const unsigned char*>(rgba->pixels);
    const std::size_t row_bytes = static_cast<std::size_t>(image.width) * sizeof(std::uint32_t);
    for (int y = 0; y < image.height; ++y) {
        std::memcpy(image.pixels.data() + static_cast<std::size_t>(y) * image.width,
                    rows + static_cast<std::size_t>(y) * rgba->pitch, row_bytes);
    }
    if (SDL_MUSTLOCK(rgba.get())) SDL_UnlockSurface(rgba.get());
    return image;
}

std::optional<RgbaImage> load_png_rgba(const std::filesystem::path& path, std::int64_t max_pixels,
                                       std::string& error) {
    const std::optional<PngSize> size = read_png_size(path, error);
    if (!size) return std::nullopt;
    if (std::string limit_error = check_pixel_limit(*size, max_pixels); !limit_error.empty()) {
        error = std::move(limit_error);
        return std::nullopt;
    }
    // The whole file into memory, capped for the size the header gives, so the chunks are checked and
    // decoded from the same bytes (a file that changes meanwhile cannot slip past the check).
    const std::uint64_t max_bytes = png_file_byte_limit(*size);
    std::ifstream file(path, std::ios::binary);
    if (!file) {
        error = "cannot open the file";
        return std::nullopt;
    }
    std::vector<std::uint8_t> bytes;
    std::array<char, 1 << 16> block;
    while (file) {
        file.read(block.data(), block.size());
        const auto count = static_cast<std::size_t>(file.gcount());
        if (bytes.size() + count > max_bytes) {
            error = "file is over " + std::to_string(max_bytes) + " bytes, the limit for a " +
                    std::to_string(size->width) + "x" + std::to_string(size->height) + " image";
            return std::nullopt;
        }
        bytes.insert(bytes.end(), block.begin(), block.begin() + static_cast<std::ptrdiff_t>(count));
    }
    if (!file.eof()) {
        error = "cannot read the file";
        return std::nullopt;
    }
    return decode_png_rgba(bytes.data(), bytes.size(), max_pixels, error);
}

std::uint64_t png_file_byte_limit(const PngSize& size) {
    // 8 bytes per pixel (16-bit RGBA stored uncompressed) and a row filter byte each, plus 16 MiB for
    // ancillary chunks (colour profiles, metadata) that editors write.
    return std::uint64_t{8} * static_cast<std::uint64_t>(size.width) *
               static_cast<std::uint64_t>(size.height) +
           static_cast<std::uint64_t>(size.height) + (std::uint64_t{16} << 20);
}

bool save_png_rgba(const std::filesystem::path& path, const RgbaImage& image, std::string& error) {
    if (image.width <= 0 || image.height <= 0 ||
        image.pixels.size() != static_cast<std::size_t>(image.width) * image.height) {
        error = "cannot save an image of size " + std::to_string(image.width) + "x" +
                std::to_string(image.height) + " with " + std::to_string(image.pixels.size()) + " pixels";
        return false;
    }
    // SDL wants a mutable pointer but only reads the pixels while saving.
    SurfacePtr surface(SDL_CreateRGBSurfaceWithFormatFrom(
        const_cast<std::uint32_t*>(image.pixels.data()), image.width, image.height, 32,
        image.width * static_cast<int>(sizeof(std::uint32_t)), SDL_PIXELFORMAT_RGBA8888));
    if (!surface) {
        error = std::string("cannot wrap the image for saving: ") + SDL_GetError();
        return false;
    }
    if (IMG_SavePNG(surface.get(), path.string().c_str()) != 0) {
        error = std::string("cannot write the PNG: ") + SDL_GetError();
        return false;
    }
    return true;
}

}  // namespace qs
