// Screen and Texture: SDL window or headless software renderer, integer-scaled canvas, screenshots.
#include "engine/render.hpp"

#include <algorithm>
#include <utility>

#include "engine/png_image.hpp"

namespace qs {

Texture::Texture(Texture&& other) noexcept
    : texture_(std::exchange(other.texture_, nullptr)), width_(other.width_), height_(other.height_) {}

Texture& Texture::operator=(Texture&& other) noexcept {
    if (this != &other) {
        if (texture_) SDL_DestroyTexture(texture_);
        texture_ = std::exchange(other.texture_, nullptr);
        width_ = other.width_;
        height_ = other.height_;
    }
    return *this;
}

Texture::~Texture() {
    if (texture_) SDL_DestroyTexture(texture_);
}

bool Texture::load(SDL_Renderer* renderer, const std::filesystem::path& png, std::string& error) {
    auto image = load_png_rgba(png, 64LL * 1024 * 1024, error);
    if (!image) {
        error = png.string() + ": " + error;
        return false;
    }
    SDL_Texture* texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGBA8888, SDL_TEXTUREACCESS_STATIC,
                                             image->width, image->height);
    if (!texture) {
        error = png.string() + ": " + SDL_GetError();
        return false;
    }
    SDL_UpdateTexture(texture, nullptr, image->pixels.data(), image->width * 4);
    SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND);
    if (texture_) SDL_DestroyTexture(texture_);
    texture_ = texture;
    width_ = image->width;
    height_ = image->height;
    return true;
}

Screen::~Screen() {
    if (canvas_) SDL_DestroyTexture(canvas_);
    if (renderer_) SDL_DestroyRenderer(renderer_);
    if (headless_surface_) SDL_FreeSurface(headless_surface_);
    if (window_) SDL_DestroyWindow(window_);
    if (video_started_) SDL_QuitSubSystem(SDL_INIT_VIDEO);
}

bool Screen::open(const Options& options, std::string& error) {
    headless_ = options.headless;
    canvas_width_ = options.canvas_width;
    canvas_height_ = options.canvas_height;
    if (headless_) SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    if (SDL_InitSubSystem(SDL_INIT_VIDEO) != 0) {
        error = std::string("cannot start video: ") + SDL_GetError();
        return false;
    }
    video_started_ = true;
    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "0");
    int width = canvas_width_ * options.window_scale;
    int height = canvas_height_ * options.window_scale;
    if (headless_) {
        headless_surface_ = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_RGBA8888);
        if (headless_surface_) renderer_ = SDL_CreateSoftwareRenderer(headless_surface_);
    } else {
        window_ = SDL_CreateWindow(options.title.c_str(), SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                   width, height, SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
        if (window_) {
            renderer_ = SDL_CreateRenderer(
                window_, -1,
                SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC | SDL_RENDERER_TARGETTEXTURE);
            if (!renderer_) renderer_ = SDL_CreateRenderer(window_, -1, SDL_RENDERER_SOFTWARE);
        }
    }
    if (!renderer_) {
        error = std::string("cannot create a renderer: ") + SDL_GetError();
        return false;
    }
    canvas_ = SDL_CreateTexture(renderer_, SDL_PIXELFORMAT_RGBA8888, SDL_TEXTUREACCESS_TARGET, canvas_width_,
                                canvas_height_);
    if (!canvas_) {
        error = std::string("cannot create the canvas: ") + SDL_GetError();
        return false;
    }
    SDL_SetRenderDrawBlendMode(renderer_, SDL_BLENDMODE_BLEND);
    return true;
}

void Screen::begin_frame(SDL_Color clear) {
    SDL_SetRenderTarget(renderer_, canvas_);
    SDL_SetRenderDrawColor(renderer_, clear.r, clear.g, clear.b, clear.a);
    SDL_RenderClear(renderer_);
}

void Screen::end_frame() {
    SDL_SetRenderTarget(renderer_, nullptr);
    int out_w = 0, out_h = 0;
    SDL_GetRendererOutputSize(renderer_, &out_w, &out_h);
    int scale = std::max(1, std::min(out_w / canvas_width_, out_h / canvas_height_));
    SDL_Rect dest{(out_w - canvas_width_ * scale) / 2, (out_h - canvas_height_ * scale) / 2,
                  canvas_width_ * scale, canvas_height_ * scale};
    SDL_SetRenderDrawColor(renderer_, 0, 0, 0, 255);
    SDL_RenderClear(renderer_);
    SDL_RenderCopy(renderer_, canvas_, nullptr, &dest);
    SDL_RenderPresent(renderer_);
}

bool Screen::save_screenshot(const std::filesystem::path& path, std::string& error) {
    SDL_SetRenderTarget(renderer_, canvas_);
    RgbaImage canvas;
    canvas.width = canvas_width_;
    canvas.height = canvas_height_;
    canvas.pixels.resize(static_cast<std::size_t>(canvas_width_) * canvas_height_);
    int read = SDL_RenderReadPixels(renderer_, nullptr, SDL_PIXELFORMAT_RGBA8888, canvas.pixels.data(),
                                    canvas_width_ * 4);
    SDL_SetRenderTarget(renderer_, nullptr);
    if (read != 0) {
        error = std::string("cannot read the frame: ") + SDL_GetError();
        return false;
    }
    RgbaImage scaled;
    scaled.width = canvas.width * 2;
    scaled.height = canvas.height * 2;
    scaled.pixels.resize(static_cast<std::size_t>(scaled.width) * scaled.height);
    for (int y = 0; y < scaled.height; ++y) {
        for (int x = 0; x < scaled.width; ++x) {
            scaled.pixels[static_cast<std::size_t>(y) * scaled.width + x] = canvas.at(x / 2, y / 2) | 0xFFu;
        }
    }
    return save_png_rgba(path, scaled, error);
}

void Screen::set_fullscreen(bool on) {
    if (!window_) return;
    fullscreen_ = on;
    SDL_SetWindowFullscreen(window_, on ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0);
}

void Screen::toggle_fullscreen() {
    set_fullscreen(!fullscreen_);
}

}  // namespace qs
