// Fuzzer: the PNG reader (chunk walk, pixel cap, then libpng row by row into an RgbaImage) on arbitrary
// bytes.
#include <cstddef>
#include <cstdint>
#include <string>

#include "engine/png_image.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string error;
    auto image = qs::decode_png_rgba(data, size, 1 << 20, error);
    if (image && image->pixels.size() != static_cast<std::size_t>(image->width) * image->height)
        __builtin_trap();
    if (!image && error.empty()) __builtin_trap();
    return 0;
}
