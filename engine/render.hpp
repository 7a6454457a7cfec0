// The screen: an SDL window (or, headless, a software renderer on a memory surface) with a fixed-size
// pixel canvas that is presented with pixel-crisp integer scaling, plus textures loaded from PNG.
//
//   qs::Screen screen;
//   if (!screen.open({.headless = true}, error)) ...
//   screen.begin_frame({20, 24, 40, 255});  // draw into the 480x270 canvas with screen.sdl()
//   screen.end_frame();                      // scale to the window and present
//   screen.save_screenshot("out.png", error);
#pragma once

#include <filesystem>
#include <string>

#include <SDL.h>

namespace qs {

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
    SDL_Texture* sdl() const { return texture_; }
    int width() const { return width_; }
    int height() const { return height_; }

   private:
    SDL_Texture* texture_ = nullptr;
    int width_ = 0, height_ = 0;
};

/// The window (or headless surface) and the game's canvas.
class Screen {
   public:
    struct Options {
        bool headless = false;
        int canvas_width = 480;  ///< logical pixels the game draws
        int canvas_height = 270;
        int window_scale = 2;  ///< initial window size = canvas * scale
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
    int canvas_width() const { return canvas_width_; }
    int canvas_height() const { return canvas_height_; }

    /// Targets the canvas and clears it.
    void begin_frame(SDL_Color clear);
    /// Draws the canvas at the largest integer scale that fits, letterboxed, and presents.
    void end_frame();
    /// Writes the last canvas, scaled 2x with nearest-neighbour, as PNG.
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
    int canvas_width_ = 0, canvas_height_ = 0;
    bool headless_ = false;
    bool fullscreen_ = false;
    bool video_started_ = false;
};

}  // namespace qs
