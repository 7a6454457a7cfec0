// png_to_ppm: decodes a PNG with the game's own loader (SDL_image) and writes its RGB pixels as a binary
// PPM (P6), so test scripts can look at screenshots without a PNG decoder of their own.
//   png_to_ppm IN.png OUT.ppm      (OUT "-" = standard output)
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "engine/png_image.hpp"

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: png_to_ppm IN.png OUT.ppm\n");
        return 2;
    }
    // Screenshots and test images: far below 64 Mpx.
    constexpr std::int64_t max_pixels = std::int64_t{1} << 26;
    std::string error;
    std::optional<qs::RgbaImage> image = qs::load_png_rgba(argv[1], max_pixels, error);
    if (!image) {
        std::fprintf(stderr, "png_to_ppm: %s: %s\n", argv[1], error.c_str());
        return 1;
    }
    std::vector<unsigned char> rgb;
    rgb.reserve(image->pixels.size() * 3);
    for (std::uint32_t pixel : image->pixels) {
        rgb.push_back(static_cast<unsigned char>(pixel >> 24));
        rgb.push_back(static_cast<unsigned char>(pixel >> 16));
        rgb.push_back(static_cast<unsigned char>(pixel >> 8));
    }
    const std::string out_path = argv[2];
    std::FILE* out = out_path == "-" ? stdout : std::fopen(out_path.c_str(), "wb");
    if (!out) {
        std::fprintf(stderr, "png_to_ppm: %s: cannot write\n", out_path.c_str());
        return 1;
    }
    std::fprintf(out, "P6\n%d %d\n255\n", image->width, image->height);
    const bool written = std::fwrite(rgb.data(), 1, rgb.size(), out) == rgb.size();
    const bool closed = out == stdout ? std::fflush(out) == 0 : std::fclose(out) == 0;
    if (!written || !closed) {
        std::fprintf(stderr, "png_to_ppm: %s: write failed\n", out_path.c_str());
        return 1;
    }
    return 0;
}
