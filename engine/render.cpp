// Screen and Texture: SDL window or headless software renderer, a canvas fitted to it at a whole-number
// scale, screenshots of what the window shows.
#include "engine/render.hpp"

#include <algorithm>
#include <cstring>
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
    if (!create(renderer, *image, error)) {
        error = png.string() + ": " + error;
        return false;
    }
    return true;
}

bool Texture::create(SDL_Renderer* renderer, const RgbaImage& image, std::string& error) {
    SDL_Texture* texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGBA8888, SDL_TEXTUREACCESS_STATIC,
                                             image.width, image.height);
    if (!texture) {
        error = SDL_GetError();
        return false;
    }
    SDL_UpdateTexture(texture, nullptr, image.pixels.data(), image.width * 4);
    SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND);
    if (texture_) SDL_DestroyTexture(texture_);
    texture_ = texture;
    width_ = image.width;
    height_ = image.height;
    return true;
}

Screen::~Screen() {
    if (canvas_) SDL_DestroyTexture(canvas_);
    if (renderer_) SDL_DestroyRenderer(renderer_);
    if (headless_surface_) SDL_FreeSurface(headless_surface_);
    if (window_) SDL_DestroyWindow(window_);
    if (video_started_) SDL_QuitSubSystem(SDL_INIT_VIDEO);
}

CanvasFit fit_canvas(int out_w, int out_h, int base_w, int base_h, bool fill) {
    CanvasFit fit;
    base_w = std::max(1, base_w);
    base_h = std::max(1, base_h);
    out_w = std::max(1, out_w);
    out_h = std::max(1, out_h);
    if (fill) {
        // A view of at least 7/8 of the base: out * 8 / (base * 7) whole steps.
        fit.scale = std::max(1, std::min(out_w * 8 / (base_w * 7), out_h * 8 / (base_h * 7)));
        fit.canvas_width = std::min(out_w / fit.scale, base_w * 5 / 4);
        fit.canvas_height = std::min(out_h / fit.scale, base_h * 5 / 4);
    } else {
        fit.scale = std::max(1, std::min(out_w / base_w, out_h / base_h));
        fit.canvas_width = base_w;
        fit.canvas_height = base_h;
    }
    fit.x = (out_w - fit.canvas_width * fit.scale) / 2;
    fit.y = (out_h - fit.canvas_height * fit.scale) / 2;
    return fit;
}

bool Screen::shown() const {
    if (headless_ || !window_) return false;
    const char* driver = SDL_GetCurrentVideoDriver();
    return driver && std::strcmp(driver, "dummy") != 0 && std::strcmp(driver, "offscreen") != 0;
}

double Screen::refresh_seconds() const {
    SDL_DisplayMode mode{};
    if (window_ && SDL_GetWindowDisplayMode(window_, &mode) == 0 && mode.refresh_rate >= 24 &&
        mode.refresh_rate <= 1000)
        return 1.0 / mode.refresh_rate;
    return 1.0 / 60;
}

namespace {

// The window kind the renderer SDL tries first needs. SDL's OpenGL renderer on a window made without
// SDL_WINDOW_OPENGL destroys that window and opens another: a flash on the desktop, and a window id that
// tools (and window managers) saw vanish.
Uint32 window_kind_for_first_renderer() {
    const char* wanted = SDL_GetHint(SDL_HINT_RENDER_DRIVER);
    SDL_RendererInfo info{};
    if (wanted && *wanted) return std::strcmp(wanted, "opengl") == 0 ? SDL_WINDOW_OPENGL : 0;
    if (SDL_GetNumRenderDrivers() > 0 && SDL_GetRenderDriverInfo(0, &info) == 0 && info.name &&
        std::strcmp(info.name, "opengl") == 0)
        return SDL_WINDOW_OPENGL;
    return 0;
}

}  // namespace

bool Screen::open(const Options& options, std::string& error) {
    headless_ = options.headless;
    base_width_ = options.base_width;
    base_height_ = options.base_height;
    fill_ = options.fill;
    if (headless_) SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    if (SDL_InitSubSystem(SDL_INIT_VIDEO) != 0) {
        error = std::string("cannot start video: ") + SDL_GetError();
        return false;
    }
    video_started_ = true;
    if (!headless_) {
        // With no display to reach, SDL falls back to a driver that shows nothing: a window asked for and
        // not named by SDL_VIDEODRIVER is refused instead of running unseen.
        const char* driver = SDL_GetCurrentVideoDriver();
        const char* asked = SDL_GetHint(SDL_HINT_VIDEODRIVER);
        if (driver && (std::strcmp(driver, "offscreen") == 0 || std::strcmp(driver, "dummy") == 0) &&
            !(asked && std::strcmp(asked, driver) == 0)) {
            const char* display = SDL_getenv("DISPLAY");
            error = std::string("cannot open a window: no display could be reached (DISPLAY=") +
                    (display ? display : "unset") + "); --headless runs without one";
            return false;
        }
    }
    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "0");
    int width = base_width_ * options.window_scale;
    int height = base_height_ * options.window_scale;
    if (headless_) {
        headless_surface_ = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_RGBA8888);
        if (headless_surface_) renderer_ = SDL_CreateSoftwareRenderer(headless_surface_);
    } else {
        // On a screen hardly larger than the window (a Steam Deck's 1280x800, a 1366x768 laptop) the
        // window takes the whole usable screen, so the canvas fits it instead of leaving a strip.
        Uint32 flags = SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
        SDL_Rect usable{};
        if (SDL_GetDisplayUsableBounds(0, &usable) == 0 && usable.w > 0 && usable.h > 0 &&
            (usable.w < width + 32 || usable.h < height + 64)) {
            width = usable.w;
            height = usable.h;
            flags |= SDL_WINDOW_MAXIMIZED;
        }
        const Uint32 kind = window_kind_for_first_renderer();
        window_ = SDL_CreateWindow(options.title.c_str(), SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                   width, height, flags | kind);
        if (!window_ && kind)  // no OpenGL to be had: a plain window for the other renderers
            window_ = SDL_CreateWindow(options.title.c_str(), SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                       width, height, flags);
        if (window_) {
            Uint32 renderer_flags = SDL_RENDERER_ACCELERATED | SDL_RENDERER_TARGETTEXTURE;
            if (options.vsync) renderer_flags |= SDL_RENDERER_PRESENTVSYNC;
            renderer_ = SDL_CreateRenderer(window_, -1, renderer_flags);
            if (!renderer_) renderer_ = SDL_CreateRenderer(window_, -1, SDL_RENDERER_SOFTWARE);
        }
    }
    if (!renderer_) {
        error = std::string("cannot create a renderer: ") + SDL_GetError();
        return false;
    }
    SDL_SetRenderDrawBlendMode(renderer_, SDL_BLENDMODE_BLEND);
    refit();
    if (!canvas_) {
        error = std::string("cannot create the canvas: ") + SDL_GetError();
        return false;
    }
    return true;
}

void Screen::refit() {
    int out_w = 0, out_h = 0;
    SDL_GetRendererOutputSize(renderer_, &out_w, &out_h);
    const CanvasFit fit = fit_canvas(out_w, out_h, base_width_, base_height_, fill_);
    const bool same_size =
        canvas_ && fit.canvas_width == fit_.canvas_width && fit.canvas_height == fit_.canvas_height;
    fit_ = fit;
    if (same_size) return;
    SDL_Texture* canvas = SDL_CreateTexture(renderer_, SDL_PIXELFORMAT_RGBA8888, SDL_TEXTUREACCESS_TARGET,
                                            fit_.canvas_width, fit_.canvas_height);
    if (!canvas) return;  // keeps drawing into the old canvas
    if (canvas_) SDL_DestroyTexture(canvas_);
    canvas_ = canvas;
}

void Screen::set_fill(bool fill) {
    fill_ = fill;
    refit();
}

void Screen::begin_frame(SDL_Color clear) {
    refit();
    SDL_SetRenderTarget(renderer_, canvas_);
    SDL_SetRenderDrawColor(renderer_, clear.r, clear.g, clear.b, clear.a);
    SDL_RenderClear(renderer_);
}

void Screen::end_frame() {
    SDL_SetRenderTarget(renderer_, nullptr);
    SDL_Rect dest{fit_.x, fit_.y, fit_.canvas_width * fit_.scale, fit_.canvas_height * fit_.scale};
    SDL_SetRenderDrawColor(renderer_, 0, 0, 0, 255);
    SDL_RenderClear(renderer_);
    SDL_RenderCopy(renderer_, canvas_, nullptr, &dest);
    SDL_RenderPresent(renderer_);
}

bool Screen::save_screenshot(const std::filesystem::path& path, std::string& error) {
    const int cw = fit_.canvas_width, ch = fit_.canvas_height;
    SDL_SetRenderTarget(renderer_, canvas_);
    RgbaImage canvas;
    canvas.width = cw;
    canvas.height = ch;
    canvas.pixels.resize(static_cast<std::size_t>(cw) * ch);
    int read =
        SDL_RenderReadPixels(renderer_, nullptr, SDL_PIXELFORMAT_RGBA8888, canvas.pixels.data(), cw * 4);
    SDL_SetRenderTarget(renderer_, nullptr);
    if (read != 0) {
        error = std::string("cannot read the frame: ") + SDL_GetError();
        return false;
    }
    // The output as the window shows it: the canvas at its scale, black bars around it.
    int out_w = 0, out_h = 0;
    SDL_GetRendererOutputSize(renderer_, &out_w, &out_h);
    RgbaImage shot;
    shot.width = std::max(1, out_w);
    shot.height = std::max(1, out_h);
    shot.pixels.assign(static_cast<std::size_t>(shot.width) * shot.height, 0x000000FFu);
    for (int y = 0; y < shot.height; ++y) {
        const int cy = (y - fit_.y) / fit_.scale;
        if (y < fit_.y || cy >= ch) continue;
        for (int x = 0; x < shot.width; ++x) {
            const int cx = (x - fit_.x) / fit_.scale;
            if (x < fit_.x || cx >= cw) continue;
            shot.pixels[static_cast<std::size_t>(y) * shot.width + x] = canvas.at(cx, cy) | 0xFFu;
        }
    }
    return save_png_rgba(path, shot, error);
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
