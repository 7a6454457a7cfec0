// The level select's thumbnail of a level, from its tile grid, visuals layers and placements.
#include "game/levels/level_thumbnail.hpp"

#include <algorithm>
#include <cstdint>

#include "game/sim/tiles.hpp"

namespace qs {

namespace {

struct Rgb {
    int r = 0, g = 0, b = 0;
};

Rgb rgb_of(std::uint32_t rgb) {
    return {int(rgb >> 16 & 0xff), int(rgb >> 8 & 0xff), int(rgb & 0xff)};
}
std::uint32_t pixel(Rgb c) {
    return std::uint32_t(c.r) << 24 | std::uint32_t(c.g) << 16 | std::uint32_t(c.b) << 8 | 0xffu;
}
Rgb mix(Rgb under, Rgb over, int alpha) {  // alpha 0..255
    return {under.r + (over.r - under.r) * alpha / 255, under.g + (over.g - under.g) * alpha / 255,
            under.b + (over.b - under.b) * alpha / 255};
}

/// The colour of tile (x, y) over `sky` (its row's thumbnail colours), or `sky` for an empty one.
Rgb tile_colour(const TileGrid& tiles, int x, int y, Rgb sky) {
    const TileProperties& tile = tile_properties(tiles.at(x, y));
    if (tile.type == TileType::empty) return sky;
    const bool top = y > 0 && !tile_properties(tiles.at(x, y - 1)).solid;
    return rgb_of(top ? tile.thumbnail_top : tile.thumbnail);
}

/// The marker colour of a placed prefab, or nothing (0) for one that is not marked.
std::uint32_t marker_colour(const std::string& prefab) {
    if (prefab == "player") return 0x3070ff;
    if (prefab == "goal") return 0x30e060;
    if (prefab == "coin") return 0xffd030;
    if (prefab == "walker" || prefab == "turret") return 0xe03030;
    if (prefab == "checkpoint") return 0xff8020;
    return 0;
}

}  // namespace

RgbaImage level_thumbnail(const LevelData& level, int max_w, int max_h) {
    const int tiles_w = std::max(1, level.tiles.width), tiles_h = std::max(1, level.tiles.height);
    max_w = std::max(1, max_w);
    max_h = std::max(1, max_h);
    // Pixels per tile: the largest that fits, at most 8 (the size a visuals layer is drawn at).
    const double scale = std::min({8.0, double(max_w) / tiles_w, double(max_h) / tiles_h});
    RgbaImage image;
    image.width = std::clamp(int(tiles_w * scale), 1, max_w);
    image.height = std::clamp(int(tiles_h * scale), 1, max_h);
    image.pixels.resize(std::size_t(image.width) * image.height);
    const Rgb sky_top = rgb_of(0x5a88d0), sky_bottom = rgb_of(0xbcd8f0);
    for (int y = 0; y < image.height; ++y) {
        const Rgb sky = mix(sky_top, sky_bottom, image.height > 1 ? 255 * y / (image.height - 1) : 0);
        for (int x = 0; x < image.width; ++x) {
            // The tile under the pixel's centre, then each visuals layer's pixel there.
            const double tx = (x + 0.5) / scale, ty = (y + 0.5) / scale;
            Rgb colour = tile_colour(level.tiles, int(tx), int(ty), sky);
            for (const RgbaImage& layer : level.visuals) {
                if (layer.width <= 0 || layer.height <= 0) continue;
                const int vx = std::clamp(int(tx * layer.width / tiles_w), 0, layer.width - 1);
                const int vy = std::clamp(int(ty * layer.height / tiles_h), 0, layer.height - 1);
                const std::uint32_t v = layer.at(vx, vy);
                colour = mix(colour, rgb_of(v >> 8), int(v & 0xff));
            }
            image.pixels[std::size_t(y) * image.width + x] = pixel(colour);
        }
    }
    // Markers: a square of about a tile (at least 2 pixels) at each marked placement, the player last.
    const int size = std::max(2, int(scale + 0.5));
    for (const bool player_pass : {false, true}) {
        for (const SpritePlacement& placement : level.placements) {
            if (placement.entry < 0 || std::size_t(placement.entry) >= level.sprite_entries.size()) continue;
            const std::string& prefab = level.sprite_entries[std::size_t(placement.entry)].prefab;
            const std::uint32_t colour = marker_colour(prefab);
            if (!colour || (prefab == "player") != player_pass) continue;
            const int cx = int(placement.x * scale), cy = int(placement.y * scale);
            for (int y = cy - size / 2; y < cy - size / 2 + size; ++y)
                for (int x = cx - size / 2; x < cx - size / 2 + size; ++x)
                    if (x >= 0 && y >= 0 && x < image.width && y < image.height)
                        image.pixels[std::size_t(y) * image.width + x] = pixel(rgb_of(colour));
        }
    }
    return image;
}

}  // namespace qs
