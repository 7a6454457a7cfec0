// Bitmap font: loads the glyph grid PNG + layout JSON into one texture and draws tinted text from it.
#include "engine/bitmap_font.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <utility>

#include <nlohmann/json.hpp>

#include "engine/png_image.hpp"

namespace qs {
namespace {

constexpr std::int64_t max_font_pixels = 4096 * 4096;
constexpr std::uintmax_t max_font_json_bytes = 64 * 1024;

/// Reads an integer member in [min_value, max_value]; on failure sets `error` and returns false.
bool read_int(const nlohmann::json& json, const char* key, int min_value, int max_value, int& out,
              std::string& error) {
    auto found = json.find(key);
    if (found == json.end() || !found->is_number_integer()) {
        error = std::string("font layout needs an integer \"") + key + "\"";
        return false;
    }
    auto value = found->get<long long>();
    if (value < min_value || value > max_value) {
        error = std::string("font layout \"") + key + "\" must be from " + std::to_string(min_value) +
                " to " + std::to_string(max_value);
        return false;
    }
    out = static_cast<int>(value);
    return true;
}

bool is_utf8_continuation(unsigned char byte) {
    return (byte & 0xc0) == 0x80;
}

}  // namespace

BitmapFont::~BitmapFont() {
    release();
}

BitmapFont::BitmapFont(BitmapFont&& other) noexcept {
    *this = std::move(other);
}

BitmapFont& BitmapFont::operator=(BitmapFont&& other) noexcept {
    if (this != &other) {
        release();
        texture_ = std::exchange(other.texture_, nullptr);
        glyph_w_ = other.glyph_w_;
        glyph_h_ = other.glyph_h_;
        first_ = other.first_;
        columns_ = other.columns_;
        advance_ = other.advance_;
        cell_count_ = other.cell_count_;
    }
    return *this;
}

void BitmapFont::release() {
    if (texture_) SDL_DestroyTexture(texture_);
    texture_ = nullptr;
}

bool BitmapFont::load(SDL_Renderer* renderer, const std::filesystem::path& png,
                      const std::filesystem::path& json, std::string& error) {
    if (!renderer) {
        error = "no renderer to make the font texture with";
        return false;
    }
    std::error_code size_error;
    auto json_bytes = std::filesystem::file_size(json, size_error);
    if (size_error) {
        error = "cannot read " + json.string() + ": " + size_error.message();
        return false;
    }
    if (json_bytes > max_font_json_bytes) {
        error = json.string() + " is too large for a font layout";
        return false;
    }
    std::ifstream json_file(json, std::ios::binary);
    std::stringstream json_text;
    json_text << json_file.rdbuf();
    nlohmann::json layout = nlohmann::json::parse(json_text.str(), nullptr, /*allow_exceptions=*/false);
    if (layout.is_discarded() || !layout.is_object()) {
        error = json.string() + " is not a JSON object";
        return false;
    }
    int glyph_w = 0, glyph_h = 0, first = 0, columns = 0, advance = 0;
    if (!read_int(layout, "glyph_w", 1, 256, glyph_w, error) ||
        !read_int(layout, "glyph_h", 1, 256, glyph_h, error) ||
        !read_int(layout, "first", 0, 255, first, error) ||
        !read_int(layout, "columns", 1, 256, columns, error) ||
        !read_int(layout, "advance", 0, 1024, advance, error)) {
        error = json.string() + ": " + error;
        return false;
    }

    std::string png_error;
    auto image = load_png_rgba(png, max_font_pixels, png_error);
    if (!image) {
        error = png.string() + ": " + png_error;
        return false;
    }
    if (image->width < columns * glyph_w || image->height < glyph_h) {
        error = png.string() + " is smaller than one row of " + std::to_string(columns) + " glyph cells";
        return false;
    }
    SDL_Surface* surface = SDL_CreateRGBSurfaceWithFormatFrom(
        image->pixels.data(), image->width, image->height, 32, image->width * 4, SDL_PIXELFORMAT_RGBA8888);
    if (!surface) {
        error = std::string("cannot wrap the font image: ") + SDL_GetError();
        return false;
    }
    SDL_Texture* texture = SDL_CreateTextureFromSurface(renderer, surface);
    SDL_FreeSurface(surface);
    if (!texture) {
        error = std::string("cannot make the font texture: ") + SDL_GetError();
        return false;
    }
    SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND);

    release();
    texture_ = texture;
    glyph_w_ = glyph_w;
    glyph_h_ = glyph_h;
    first_ = first;
    columns_ = columns;
    advance_ = advance;
    cell_count_ = columns * (image->height / glyph_h);
    return true;
}

int BitmapFont::cell_for(unsigned char byte) const {
    if (is_utf8_continuation(byte) || byte == '\r') return -1;
    const int cell = static_cast<int>(byte) - first_;
    if (byte >= 32 && byte < 127 && cell >= 0 && cell < cell_count_) return cell;
    const int fallback = '?' - first_;
    return fallback >= 0 && fallback < cell_count_ ? fallback : -1;
}

void BitmapFont::draw(SDL_Renderer* renderer, int x, int y, std::string_view text, SDL_Color color,
                      int scale) const {
    if (!texture_ || !renderer || scale <= 0) return;
    SDL_SetTextureColorMod(texture_, color.r, color.g, color.b);
    SDL_SetTextureAlphaMod(texture_, color.a);
    int pen_x = x, pen_y = y;
    for (char ch : text) {
        const auto byte = static_cast<unsigned char>(ch);
        if (byte == '\n') {
            pen_x = x;
            pen_y += glyph_h_ * scale;
            continue;
        }
        if (is_utf8_continuation(byte) || byte == '\r') continue;
        const int cell = cell_for(byte);
        if (cell >= 0 && byte != ' ') {
            SDL_Rect source{cell % columns_ * glyph_w_, cell / columns_ * glyph_h_, glyph_w_, glyph_h_};
            SDL_Rect target{pen_x, pen_y, glyph_w_ * scale, glyph_h_ * scale};
            SDL_RenderCopy(renderer, texture_, &source, &target);
        }
        pen_x += advance_ * scale;
    }
}

int BitmapFont::text_width(std::string_view text, int scale) const {
    int widest = 0, line_chars = 0;
    for (char ch : text) {
        const auto byte = static_cast<unsigned char>(ch);
        if (byte == '\n') {
            widest = std::max(widest, line_chars);
            line_chars = 0;
        } else if (!is_utf8_continuation(byte) && byte != '\r') {
            ++line_chars;
        }
    }
    widest = std::max(widest, line_chars);
    return widest * advance_ * scale;
}

}  // namespace qs
