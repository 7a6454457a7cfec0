// 64-bit digests of decoded content (tile grids, RGBA images, any bytes), for identities that follow what a
// file means rather than how it was encoded: the same pixels give the same digest whatever wrote the PNG.
//
//   std::uint64_t tiles = qs::digest_tiles(level.tiles);     // size + every tile value
//   std::uint64_t art = qs::digest_image(level.visuals[0]);  // size + pixels (alpha 0 counts as one colour)
//   qs::DigestBuilder d; d.add_string("coin"); d.add_double(x); std::uint64_t id = d.finish();
//
// The hash is XXH64 (seed 0) as its specification defines it: stored in save files, so it must never
// change (tests pin its published test values).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/rgba_image.hpp"
#include "engine/tile_grid.hpp"

namespace qs {

/// XXH64 of `size` bytes with `seed`.
std::uint64_t xxh64(const void* data, std::size_t size, std::uint64_t seed = 0);

/// Collects values in a fixed little-endian byte form and digests them at the end (for small records:
/// big arrays go through xxh64 or the functions below and are added as their digest).
class DigestBuilder {
   public:
    void add_u64(std::uint64_t value) {
        char bytes[8];
        for (int i = 0; i < 8; ++i) bytes[i] = static_cast<char>(value >> (8 * i));
        bytes_.append(bytes, 8);
    }
    void add_i64(std::int64_t value) { add_u64(static_cast<std::uint64_t>(value)); }
    /// The IEEE-754 bits (0.0 and -0.0 count as one value).
    void add_double(double value) {
        if (value == 0) value = 0;
        std::uint64_t bits = 0;
        std::memcpy(&bits, &value, sizeof bits);
        add_u64(bits);
    }
    /// The length, then the bytes (so "ab" + "c" differs from "a" + "bc").
    void add_string(std::string_view text) {
        add_u64(text.size());
        bytes_.append(text.data(), text.size());
    }
    std::uint64_t finish() const { return xxh64(bytes_.data(), bytes_.size()); }

   private:
    std::string bytes_;
};

/// Width, height and every tile value of `grid`.
std::uint64_t digest_tiles(const TileGrid& grid);

/// Width, height and every pixel of `image` (0xRRGGBBAA); every pixel with alpha 0 counts as 0x00000000,
/// since a fully transparent pixel shows nothing whatever colour an encoder kept in it.
std::uint64_t digest_image(const RgbaImage& image);

/// digest_image fed one row at a time, top to bottom, so an image can be digested as it is decoded without
/// being kept: the rows of `image` handed to add_row, then finish(image.width, image.height), give
/// digest_image(image).
class ImageDigest {
   public:
    /// The next row's pixels.
    void add_row(std::span<const std::uint32_t> pixels);
    std::uint64_t finish(int width, int height) const;

   private:
    std::vector<std::uint8_t> row_;
    std::vector<std::uint64_t> rows_;
};

}  // namespace qs
