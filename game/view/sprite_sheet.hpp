// The sprite atlas (assets/sprites/sheet.png + sheet.json): named animations drawn at canvas pixels.
#pragma once

#include <filesystem>
#include <map>
#include <string>

#include "engine/render.hpp"
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

   private:
    Texture texture_;
    std::map<std::string, Animation> animations_;
    int tile_size_ = 16;
};

}  // namespace qs
