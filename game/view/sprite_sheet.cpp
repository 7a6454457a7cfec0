// Sprite atlas loading and drawing.
#include "game/view/sprite_sheet.hpp"

#include <cmath>

#include "engine/json_file.hpp"
#include "engine/png_image.hpp"

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
    auto image = load_png_rgba(png, 64LL * 1024 * 1024, error);
    if (!image) {
        error = png.string() + ": " + error;
        return false;
    }
    pixels_ = std::move(*image);
    if (!texture_.create(renderer, pixels_, error)) {
        error = png.string() + ": " + error;
        return false;
    }
    return true;
}

void SpriteSheet::set_skin(SDL_Renderer* renderer,
                           std::initializer_list<std::pair<std::uint32_t, std::uint32_t>> swaps) {
    skin_texture_ = Texture();
    bool changes = false;
    for (auto [from, to] : swaps) changes = changes || from != to;
    if (!changes || pixels_.pixels.empty()) return;
    RgbaImage recoloured = pixels_;
    for (std::uint32_t& pixel : recoloured.pixels) {
        for (auto [from, to] : swaps) {
            if (pixel >> 8 == from) {
                pixel = to << 8 | (pixel & 0xFF);
                break;
            }
        }
    }
    std::string error;
    if (!skin_texture_.create(renderer, recoloured, error)) skin_texture_ = Texture();
}

const Animation* SpriteSheet::find(const std::string& name) const {
    auto it = animations_.find(name);
    return it == animations_.end() ? nullptr : &it->second;
}

void SpriteSheet::draw(SDL_Renderer* renderer, Sprite sprite, double seconds, int x, int y, int w, int h,
                       bool flip, Uint8 alpha, bool flip_vertical) const {
    const Animation* animation = find(std::string(sprite_name(sprite)));
    if (!animation || !texture_.sdl()) return;
    const bool player = sprite >= Sprite::player_idle && sprite <= Sprite::player_hurt;
    const Texture& sheet = player && skin_texture_.sdl() ? skin_texture_ : texture_;
    int frame = static_cast<int>(std::floor(seconds * animation->fps)) % animation->frames;
    if (frame < 0) frame += animation->frames;
    SDL_Rect source{animation->x + frame * animation->w, animation->y, animation->w, animation->h};
    SDL_Rect dest{x, y, w, h};
    SDL_SetTextureAlphaMod(sheet.sdl(), alpha);
    int flags = (flip ? SDL_FLIP_HORIZONTAL : 0) | (flip_vertical ? SDL_FLIP_VERTICAL : 0);
    SDL_RenderCopyEx(renderer, sheet.sdl(), &source, &dest, 0.0, nullptr,
                     static_cast<SDL_RendererFlip>(flags));
    SDL_SetTextureAlphaMod(sheet.sdl(), 255);
}

}  // namespace qs
