// XXH64 (https://github.com/Cyan4973/xxHash/blob/dev/doc/xxhash_spec.md) and digests of grids and images.
#include "engine/content_digest.hpp"

#include <bit>
#include <vector>

namespace qs {

namespace {

constexpr std::uint64_t P1 = 0x9E3779B185EBCA87ull;
constexpr std::uint64_t P2 = 0xC2B2AE3D27D4EB4Full;
constexpr std::uint64_t P3 = 0x165667B19E3779F9ull;
constexpr std::uint64_t P4 = 0x85EBCA77C2B2AE63ull;
constexpr std::uint64_t P5 = 0x27D4EB2F165667C5ull;

std::uint64_t read64(const std::uint8_t* p) {
    std::uint64_t v = 0;
    for (int i = 7; i >= 0; --i) v = (v << 8) | p[i];
    return v;
}
std::uint64_t read32(const std::uint8_t* p) {
    return std::uint64_t{p[0]} | std::uint64_t{p[1]} << 8 | std::uint64_t{p[2]} << 16 |
           std::uint64_t{p[3]} << 24;
}
std::uint64_t round(std::uint64_t acc, std::uint64_t input) {
    acc += input * P2;
    return std::rotl(acc, 31) * P1;
}
std::uint64_t merge_round(std::uint64_t acc, std::uint64_t value) {
    acc ^= round(0, value);
    return acc * P1 + P4;
}

}  // namespace

std::uint64_t xxh64(const void* data, std::size_t size, std::uint64_t seed) {
    const auto* p = static_cast<const std::uint8_t*>(data);
    const std::uint8_t* const end = p + size;
    std::uint64_t h;
    if (size >= 32) {
        std::uint64_t v1 = seed + P1 + P2, v2 = seed + P2, v3 = seed, v4 = seed - P1;
        const std::uint8_t* const limit = end - 32;
        do {
            v1 = round(v1, read64(p));
            v2 = round(v2, read64(p + 8));
            v3 = round(v3, read64(p + 16));
            v4 = round(v4, read64(p + 24));
            p += 32;
        } while (p <= limit);
        h = std::rotl(v1, 1) + std::rotl(v2, 7) + std::rotl(v3, 12) + std::rotl(v4, 18);
        h = merge_round(h, v1);
        h = merge_round(h, v2);
        h = merge_round(h, v3);
        h = merge_round(h, v4);
    } else {
        h = seed + P5;
    }
    h += static_cast<std::uint64_t>(size);
    for (; end - p >= 8; p += 8) {
        h ^= round(0, read64(p));
        h = std::rotl(h, 27) * P1 + P4;
    }
    if (end - p >= 4) {
        h ^= read32(p) * P1;
        h = std::rotl(h, 23) * P2 + P3;
        p += 4;
    }
    for (; p < end; ++p) {
        h ^= *p * P5;
        h = std::rotl(h, 11) * P1;
    }
    h ^= h >> 33;
    h *= P2;
    h ^= h >> 29;
    h *= P3;
    h ^= h >> 32;
    return h;
}

std::uint64_t digest_tiles(const TileGrid& grid) {
    DigestBuilder d;
    d.add_i64(grid.width);
    d.add_i64(grid.height);
    d.add_u64(xxh64(grid.tiles.data(), grid.tiles.size()));
    return d.finish();
}

void ImageDigest::add_row(std::span<const std::uint32_t> pixels) {
    // The row's pixels little-endian, transparent ones cleared; the row digests are digested in turn.
    row_.resize(pixels.size() * 4);
    for (std::size_t x = 0; x < pixels.size(); ++x) {
        const std::uint32_t pixel = (pixels[x] & 0xffu) != 0 ? pixels[x] : 0u;
        row_[4 * x] = static_cast<std::uint8_t>(pixel);
        row_[4 * x + 1] = static_cast<std::uint8_t>(pixel >> 8);
        row_[4 * x + 2] = static_cast<std::uint8_t>(pixel >> 16);
        row_[4 * x + 3] = static_cast<std::uint8_t>(pixel >> 24);
    }
    rows_.push_back(xxh64(row_.data(), row_.size()));
}

std::uint64_t ImageDigest::finish(int width, int height) const {
    DigestBuilder d;
    d.add_i64(width);
    d.add_i64(height);
    for (std::uint64_t r : rows_) d.add_u64(r);
    return d.finish();
}

std::uint64_t digest_image(const RgbaImage& image) {
    ImageDigest digest;
    const std::size_t width = image.width > 0 ? static_cast<std::size_t>(image.width) : 0;
    for (int y = 0; y < image.height; ++y)
        digest.add_row({image.pixels.data() + static_cast<std::size_t>(y) * width, width});
    return digest.finish(image.width, image.height);
}

}  // namespace qs
