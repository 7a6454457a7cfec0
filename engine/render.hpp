// The screen: an SDL window (or, headless, a 1280x720 software renderer on a memory surface) with a pixel
// canvas presented with pixel-crisp integer scaling, plus textures loaded from PNG. The canvas is sized to
// the window (fit_canvas): 640x360 at x2, x3, x4 on 720p, 1080p, 1440p, 640x400 at x2 on 1280x800.
//
//   qs::Screen screen;
//   if (!screen.open({.headless = true}, error)) ...
//   screen.begin_frame({20, 24, 40, 255});  // draw into the canvas (canvas_width() x canvas_height())
//   screen.end_frame();                      // scale to the window and present
//   screen.save_screenshot("out.png", error);
#pragma once

#include <filesystem>
#include <string>

#include <SDL.h>

namespace qs {

struct RgbaImage;

/// A texture made from a PNG file; owns the SDL_Texture.
class Texture {
   public:
    Texture() = default;
    Texture(const Texture&) = delete;
    Texture& operator=(const Texture&) = delete;
    Texture(Texture&& other) noexcept;
    Texture& operator=(Texture&& other) noexcept;
    ~Texture();

    /// Loads a PNG (checked, decoded with the PNG loader) into a texture for `renderer`.
    bool load(SDL_Renderer* renderer, const std::filesystem::path& png, std::string& error);
    /// Makes the texture from pixels in memory (0xRRGGBBAA, as RgbaImage holds them); false + error on
    /// failure.
    bool create(SDL_Renderer* renderer, const RgbaImage& image, std::string& error);
    SDL_Texture* sdl() const { return texture_; }
    int width() const { return width_; }
    int height() const { return height_; }

   private:
    SDL_Texture* texture_ = nullptr;
    int width_ = 0, height_ = 0;
};

/// How a canvas fills an output (a window's pixels): its size, the whole-number scale and where it lies.
struct CanvasFit {
    int canvas_width = 0, canvas_height = 0;  ///< logical pixels the game draws
    int scale = 1;                            ///< output pixels per canvas pixel
    int x = 0, y = 0;                         ///< output position of the canvas's top-left corner
};

/// The canvas for an output of out_w x out_h pixels and a base size. `fill`: the largest whole scale at
/// which the view is at least 7/8 of the base on both axes, and the canvas grows to the output's shape
/// (up to 5/4 of the base; bars of less than one scale step beyond); otherwise the base size at the
/// largest whole scale that fits, with bars.
CanvasFit fit_canvas(int out_w, int out_h, int base_w, int base_h, bool fill);

/// The window (or headless surface) and the game's canvas.
class Screen {
   public:
    struct Options {
        bool headless = false;
        int base_width = 640;  ///< the canvas at the usual scales (16:9)
        int base_height = 360;
        bool fill = true;      ///< the canvas takes the window's shape; false: base size with bars
        int window_scale = 2;  ///< initial window size = base * scale
        bool vsync = true;     ///< each present waits for the display's refresh
        std::string title;     ///< the window title: the program's name
    };

    Screen() = default;
    Screen(const Screen&) = delete;
    Screen& operator=(const Screen&) = delete;
    ~Screen();

    /// Initialises SDL video (the dummy driver when headless) and creates the canvas.
    bool open(const Options& options, std::string& error);
    SDL_Renderer* sdl() const { return renderer_; }
    SDL_Window* window() const { return window_; }
    bool headless() const { return headless_; }
    /// True when frames reach a display: a window under a real video driver, not headless, not SDL's
    /// "dummy" or "offscreen" driver (which show nothing to anyone).
    bool shown() const;
    /// How long one frame stays on the display: its refresh period, or 1/60 s when it does not say.
    double refresh_seconds() const;
    int canvas_width() const { return fit_.canvas_width; }
    int canvas_height() const { return fit_.canvas_height; }
    /// Sizes the canvas to the window as it is now (a resize, fullscreen, the fill setting).
    void refit();
    /// Fill the window (true) or keep the base size with bars.
    void set_fill(bool fill);

    /// Refits, targets the canvas and clears it.
    void begin_frame(SDL_Color clear);
    /// Draws the canvas at its whole-number scale, bars around it, and presents.
    void end_frame();
    /// Writes the last frame as the window shows it (output size, scaled canvas, black bars) as PNG.
    bool save_screenshot(const std::filesystem::path& path, std::string& error);
    /// Switches between a window and desktop fullscreen.
    void toggle_fullscreen();
    bool fullscreen() const { return fullscreen_; }
    void set_fullscreen(bool on);

   private:
    SDL_Window* window_ = nullptr;
    SDL_Surface* headless_surface_ = nullptr;
    SDL_Renderer* renderer_ = nullptr;
    SDL_Texture* canvas_ = nullptr;
    CanvasFit fit_;
    int base_width_ = 0, base_height_ = 0;
    bool fill_ = true;
    bool headless_ = false;
    bool fullscreen_ = false;
    bool video_started_ = false;
};

}  // namespace qs
