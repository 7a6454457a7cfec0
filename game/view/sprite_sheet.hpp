// The sprite atlas (assets/sprites/sheet.png + sheet.json): named animations drawn at canvas pixels.
#pragma once

#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <map>
#include <string>

#include "engine/render.hpp"
#include "engine/rgba_image.hpp"
#include "game/view/sprites.hpp"

namespace qs {

/// Frames laid out left to right from (x, y), each w x h pixels.
struct Animation {
    int x = 0, y = 0, w = 16, h = 16, frames = 1;
    double fps = 1;
};

class SpriteSheet {
   public:
    bool load(SDL_Renderer* renderer, const std::filesystem::path& png, const std::filesystem::path& json,
              std::string& error);
    bool has(const std::string& name) const { return animations_.count(name) != 0; }
    const Animation* find(const std::string& name) const;
    bool has(Sprite sprite) const { return has(std::string(sprite_name(sprite))); }
    /// Draws frame `seconds * fps` of `sprite` with its top-left at (x, y), scaled to w x h canvas pixels
    /// (nothing when the atlas lacks it).
    void draw(SDL_Renderer* renderer, Sprite sprite, double seconds, int x, int y, int w, int h,
              bool flip = false, Uint8 alpha = 255, bool flip_vertical = false) const;
    int tile_size() const { return tile_size_; }
    /// The player's sprites drawn with the colour `from` (0xRRGGBB) replaced by `to`, for each pair (a
    /// skin: skins.hpp); pairs that change nothing draw the sheet as it is. Other sprites are unchanged.
    void set_skin(SDL_Renderer* renderer,
                  std::initializer_list<std::pair<std::uint32_t, std::uint32_t>> swaps);

   private:
    Texture texture_;
    Texture skin_texture_;  ///< the sheet recoloured for the skin; empty: no skin
    RgbaImage pixels_;      ///< the sheet as loaded, for recolouring
    std::map<std::string, Animation> animations_;
    int tile_size_ = 16;
};

}  // namespace qs
