// An RGBA image in memory: the pixels of a decoded PNG layer, row-major, one 32-bit RGBA value each.
#pragma once

#include <cstdint>
#include <vector>

namespace qs {

/// An RGBA image in memory; each pixel is 0xRRGGBBAA.
struct RgbaImage {
    int width = 0, height = 0;
    std::vector<std::uint32_t> pixels;  ///< row-major

    std::uint32_t at(int x, int y) const { return pixels[static_cast<std::size_t>(y) * width + x]; }
};

}  // namespace qs
