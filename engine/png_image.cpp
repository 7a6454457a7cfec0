// PNG reading and writing: the header (signature, IHDR size) and the chunk walk are checked by hand, pixels
// are decoded by libpng (row by row, no format sniffing) and encoded by SDL_image (IMG_SavePNG, the library
// loaded when a PNG is written).
#include "engine/png_image.hpp"

#include <SDL.h>
#include <SDL_image.h>
#include <png.h>

#include <csetjmp>
#include <cstdio>

#include <algorithm>
#include <array>
#include <bit>
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

namespace {

/// libpng's read state over bytes in memory; destroys libpng's structures when it goes.
struct PngReading {
    png_structp png = nullptr;
    png_infop info = nullptr;
    const std::uint8_t* data = nullptr;
    std::size_t size = 0, offset = 0;
    char message[200] = "";  ///< libpng's error message

    ~PngReading() { png_destroy_read_struct(&png, info ? &info : nullptr, nullptr); }
};

void on_png_error(png_structp png, png_const_charp message) {
    auto* reading = static_cast<PngReading*>(png_get_error_ptr(png));
    std::snprintf(reading->message, sizeof reading->message, "%s", message ? message : "unknown error");
    png_longjmp(png, 1);
}

void on_png_warning(png_structp, png_const_charp) {}  // ancillary problems: the image still decodes

void read_png_bytes(png_structp png, png_bytep out, png_size_t count) {
    auto* reading = static_cast<PngReading*>(png_get_io_ptr(png));
    if (count > reading->size - reading->offset) png_error(png, "the file ends inside the image data");
    std::memcpy(out, reading->data + reading->offset, count);
    reading->offset += count;
}

/// The decoding proper. Everything it needs is allocated before the setjmp (a libpng error longjmps back
/// here from inside libpng only, skipping no C++ frame): `row_bytes` holds one RGBA row, `image_rows` the
/// rows of the whole image when the PNG is interlaced (its passes fill them in turn), `pixels` one row
/// handed over.
bool run_png_decoder(PngReading& reading, const PngSize& size, bool interlaced,
                     std::vector<png_byte>& row_bytes, std::vector<png_bytep>& image_rows,
                     std::vector<std::uint32_t>& pixels, const PngRowHandler& on_row) {
    png_structp png = reading.png;
    png_infop info = reading.info;
    if (setjmp(png_jmpbuf(png))) return false;
    png_set_read_fn(png, &reading, read_png_bytes);
    png_read_info(png, info);
    if (static_cast<int>(png_get_image_width(png, info)) != size.width ||
        static_cast<int>(png_get_image_height(png, info)) != size.height ||
        (png_get_interlace_type(png, info) != PNG_INTERLACE_NONE) != interlaced) {
        png_error(png, "the header changed while decoding");
    }
    png_set_expand(png);    // palette to RGB, grey under 8 bits to 8, tRNS to alpha
    png_set_strip_16(png);  // 16 bits to 8, as SDL_image did
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);  // opaque alpha where there is none
    const int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != row_bytes.size())
        png_error(png, "unexpected row size after conversion");
    const auto to_pixels = [&](const png_byte* bytes) {
        // R, G, B, A bytes to 0xRRGGBBAA: a plain copy, byte-swapped in place on little-endian machines.
        std::memcpy(pixels.data(), bytes, pixels.size() * 4);
        if constexpr (std::endian::native == std::endian::little) {
            for (std::uint32_t& pixel : pixels)
                pixel = (pixel >> 24) | ((pixel >> 8) & 0xff00u) | ((pixel << 8) & 0xff0000u) | (pixel << 24);
        }
    };
    if (interlaced) {
        for (int pass = 0; pass < passes; ++pass) {
            for (int y = 0; y < size.height; ++y)
                png_read_row(png, image_rows[static_cast<std::size_t>(y)], nullptr);
        }
        for (int y = 0; y < size.height; ++y) {
            to_pixels(image_rows[static_cast<std::size_t>(y)]);
            on_row(y, pixels);
        }
        return true;
    }
    for (int y = 0; y < size.height; ++y) {
        png_read_row(png, row_bytes.data(), nullptr);
        to_pixels(row_bytes.data());
        on_row(y, pixels);
    }
    return true;
}

/// The whole file at `path` in memory, at most png_file_byte_limit bytes for the size its header gives.
std::optional<std::vector<std::uint8_t>> read_png_file(const std::filesystem::path& path,
                                                       std::int64_t max_pixels, std::string& error) {
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
    return bytes;
}

}  // namespace

std::optional<PngSize> decode_png_rows(const std::uint8_t* data, std::size_t size, std::int64_t max_pixels,
                                       const PngRowHandler& on_row, std::string& error) {
    const std::optional<PngSize> size_in_header = check_png_chunks(data, size, error);
    if (!size_in_header) return std::nullopt;
    if (std::string limit_error = check_pixel_limit(*size_in_header, max_pixels); !limit_error.empty()) {
        error = std::move(limit_error);
        return std::nullopt;
    }
    const PngSize image = *size_in_header;
    // The IHDR's interlace byte (checked again by libpng): an interlaced image needs all its rows at once.
    const bool interlaced = data[8 + 8 + 12] != 0;
    const std::size_t row_size = static_cast<std::size_t>(image.width) * 4;
    std::vector<png_byte> row_bytes(row_size);
    std::vector<png_byte> image_bytes(interlaced ? row_size * static_cast<std::size_t>(image.height) : 0);
    std::vector<png_bytep> image_rows;
    if (interlaced) {
        image_rows.resize(static_cast<std::size_t>(image.height));
        for (std::size_t y = 0; y < image_rows.size(); ++y) image_rows[y] = image_bytes.data() + y * row_size;
    }
    std::vector<std::uint32_t> pixels(static_cast<std::size_t>(image.width));

    PngReading reading;
    reading.data = data;
    reading.size = size;
    reading.png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &reading, on_png_error, on_png_warning);
    if (reading.png) reading.info = png_create_info_struct(reading.png);
    if (!reading.png || !reading.info) {
        error = "cannot decode the PNG: out of memory";
        return std::nullopt;
    }
    // Bounds for libpng itself: the size the checks allowed, few ancillary chunks, none over 8 MiB.
    png_set_user_limits(reading.png, static_cast<png_uint_32>(image.width),
                        static_cast<png_uint_32>(image.height));
    png_set_chunk_cache_max(reading.png, 1000);
    png_set_chunk_malloc_max(reading.png, 8u << 20);
#if defined(PNG_SET_OPTION_SUPPORTED) && defined(PNG_IGNORE_ADLER32)
    // zlib's Adler-32 over the inflated bytes is not computed (a seventh of the decoding time of a large
    // layer): every IDAT chunk's CRC-32 over the compressed bytes is still checked, so a damaged file is
    // still refused, and a stream that does not inflate is still an error.
    png_set_option(reading.png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
#endif
    if (!run_png_decoder(reading, image, interlaced, row_bytes, image_rows, pixels, on_row)) {
        error = std::string("cannot decode the PNG (corrupt or truncated): ") + reading.message;
        return std::nullopt;
    }
    return image;
}

std::optional<RgbaImage> decode_png_rgba(const std::uint8_t* data, std::size_t size, std::int64_t max_pixels,
                                         std::string& error) {
    // The size first (decode_png_rows checks it all again) so the pixels are allocated once.
    const std::optional<PngSize> header = check_png_chunks(data, size, error);
    if (!header) return std::nullopt;
    if (std::string limit_error = check_pixel_limit(*header, max_pixels); !limit_error.empty()) {
        error = std::move(limit_error);
        return std::nullopt;
    }
    RgbaImage image;
    image.width = header->width;
    image.height = header->height;
    image.pixels.resize(static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height));
    const auto row_size = static_cast<std::size_t>(image.width) * sizeof(std::uint32_t);
    const PngRowHandler copy_row = [&](int y, std::span<const std::uint32_t> row) {
        std::memcpy(image.pixels.data() + static_cast<std::size_t>(y) * image.width, row.data(), row_size);
    };
    if (!decode_png_rows(data, size, max_pixels, copy_row, error)) return std::nullopt;
    return image;
}

std::optional<PngSize> load_png_rows(const std::filesystem::path& path, std::int64_t max_pixels,
                                     const PngRowHandler& on_row, std::string& error) {
    const std::optional<std::vector<std::uint8_t>> bytes = read_png_file(path, max_pixels, error);
    if (!bytes) return std::nullopt;
    return decode_png_rows(bytes->data(), bytes->size(), max_pixels, on_row, error);
}

std::optional<RgbaImage> load_png_rgba(const std::filesystem::path& path, std::int64_t max_pixels,
                                       std::string& error) {
    const std::optional<std::vector<std::uint8_t>> bytes = read_png_file(path, max_pixels, error);
    if (!bytes) return std::nullopt;
    return decode_png_rgba(bytes->data(), bytes->size(), max_pixels, error);
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
    // SDL2_image is loaded when the first PNG is written, not linked: a run that writes none (a headless
    // level start) does not load it and the image libraries it depends on. It is never unloaded (the
    // loader keeps one copy however often it is asked), as a linked library would stay.
    void* library = nullptr;
    for (const char* name : {"libSDL2_image-2.0.so.0", "libSDL2_image.so"}) {
        library = SDL_LoadObject(name);
        if (library) break;
    }
    const auto save = library
                          ? reinterpret_cast<decltype(&IMG_SavePNG)>(SDL_LoadFunction(library, "IMG_SavePNG"))
                          : nullptr;
    if (!save) {
        error = std::string("cannot load SDL2_image (libSDL2_image-2.0.so.0) to write the PNG: ") +
                SDL_GetError();
        return false;
    }
    if (save(surface.get(), path.string().c_str()) != 0) {
        error = std::string("cannot write the PNG: ") + SDL_GetError();
        return false;
    }
    return true;
}

}  // namespace qs
