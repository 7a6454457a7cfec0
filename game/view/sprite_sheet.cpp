// Sprite atlas loading and drawing.
#include "game/view/sprite_sheet.hpp"

#include <cmath>

#include "engine/json_file.hpp"

namespace qs {

bool SpriteSheet::load(SDL_Renderer* renderer, const std::filesystem::path& png,
                       const std::filesystem::path& json, std::string& error) {
    JsonLoad doc = load_json_file(json, 1 << 20, 16);
    if (!doc.value) {
        error = doc.error;
        return false;
    }
    try {
        tile_size_ = doc.value->value("tile_size", 16);
        for (const auto& [name, a] : doc.value->at("animations").items()) {
            Animation animation;
            animation.x = a.at("x").get<int>();
            animation.y = a.at("y").get<int>();
            animation.w = a.value("w", tile_size_);
            animation.h = a.value("h", tile_size_);
            animation.frames = std::max(1, a.value("frames", 1));
            animation.fps = a.value("fps", 1.0);
            animations_[name] = animation;
        }
    } catch (const nlohmann::json::exception& e) {
        error = json.string() + ": " + e.what();
        return false;
    }
    return texture_.load(renderer, png, error);
}

const Animation* SpriteSheet::find(const std::string& name) const {
    auto it = animations_.find(name);
    return it == animations_.end() ? nullptr : &it->second;
}

void SpriteSheet::draw(SDL_Renderer* renderer, Sprite sprite, double seconds, int x, int y, int w, int h,
                       bool flip, Uint8 alpha, bool flip_vertical) const {
    const Animation* animation = find(std::string(sprite_name(sprite)));
    if (!animation || !texture_.sdl()) return;
    int frame = static_cast<int>(std::floor(seconds * animation->fps)) % animation->frames;
    if (frame < 0) frame += animation->frames;
    SDL_Rect source{animation->x + frame * animation->w, animation->y, animation->w, animation->h};
    SDL_Rect dest{x, y, w, h};
    SDL_SetTextureAlphaMod(texture_.sdl(), alpha);
    int flags = (flip ? SDL_FLIP_HORIZONTAL : 0) | (flip_vertical ? SDL_FLIP_VERTICAL : 0);
    SDL_RenderCopyEx(renderer, texture_.sdl(), &source, &dest, 0.0, nullptr,
                     static_cast<SDL_RendererFlip>(flags));
    SDL_SetTextureAlphaMod(texture_.sdl(), 255);
}

}  // namespace qs
