// Bitmap font: a grid of fixed-size glyph cells in one PNG (white on transparent) plus a small JSON file
// that says how the grid is laid out; text is drawn tinted with SDL_SetTextureColorMod.
//
//   qs::BitmapFont font;
//   std::string error;
//   if (!font.load(renderer, "assets/font/font.png", "assets/font/font.json", error)) { ...report... }
//   font.draw(renderer, 8, 8, "Coins: 12\nLives: 3", {255, 255, 255, 255}, 2);
//
// font.json: { "glyph_w": 6, "glyph_h": 10, "first": 32, "columns": 16, "advance": 6 }
// The glyph for character c sits in cell (c - first) counted left to right, top to bottom, `columns` cells
// per row; each cell is glyph_w x glyph_h pixels and the pen moves `advance` pixels per character.
#pragma once

#include <SDL.h>

#include <filesystem>
#include <string>
#include <string_view>

namespace qs {

/// A fixed-width bitmap font drawn from one texture. The texture belongs to the renderer given to
/// load(): destroy the font (or load it again) before that renderer is destroyed.
class BitmapFont {
   public:
    BitmapFont() = default;
    ~BitmapFont();
    BitmapFont(const BitmapFont&) = delete;
    BitmapFont& operator=(const BitmapFont&) = delete;
    BitmapFont(BitmapFont&& other) noexcept;
    BitmapFont& operator=(BitmapFont&& other) noexcept;

    /// Reads the glyph grid `png` (through qs::load_png_rgba) and its layout `json`, and makes a texture
    /// for `renderer`. On failure returns false, sets `error` to a sentence and keeps the old font (if any).
    bool load(SDL_Renderer* renderer, const std::filesystem::path& png, const std::filesystem::path& json,
              std::string& error);

    /// True after a successful load().
    bool loaded() const { return texture_ != nullptr; }

    /// Draws `text` with its top-left corner at (x, y), tinted `color` (alpha included), each font pixel
    /// `scale` x `scale` screen pixels. '\n' starts a new line at x; '\r' is ignored; a character the font
    /// lacks (including each UTF-8 sequence) draws as '?'. Does nothing when no font is loaded.
    void draw(SDL_Renderer* renderer, int x, int y, std::string_view text, SDL_Color color,
              int scale = 1) const;

    /// Width in pixels of the widest line of `text`: characters x advance x scale.
    int text_width(std::string_view text, int scale = 1) const;

    /// Height of one line in pixels (glyph_h x scale); a text of n lines is n x line_height() tall.
    int line_height(int scale = 1) const { return glyph_h_ * scale; }

    /// Horizontal pen step per character at scale 1.
    int advance() const { return advance_; }

   private:
    /// Grid cell of the glyph drawn for one byte, or -1 for bytes that draw nothing.
    int cell_for(unsigned char byte) const;
    void release();

    SDL_Texture* texture_ = nullptr;
    int glyph_w_ = 0, glyph_h_ = 0, first_ = 32, columns_ = 1, advance_ = 0, cell_count_ = 0;
};

}  // namespace qs
