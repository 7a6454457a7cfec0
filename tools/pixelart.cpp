// pixelart: turns a text pixel-art file into PNGs (single images, sprite sheets with their JSON, bitmap
// fonts with their JSON); `--preview` renders a contact sheet of a sprite sheet for review.
//
// Usage:
//   pixelart INPUT.txt OUTDIR
//   pixelart --preview SHEET_DIR FONT_DIR OUT.png   (SHEET_DIR holds sheet.png/json, FONT_DIR font.png/json)
//
// Text format (one directive per line; blank lines are ignored outside pixel blocks):
//   # comment                     a line whose first non-blank character is '#'
//   color C #RRGGBB               defines pixel character C (one printable character, not a space);
//   color C #RRGGBBAA             '.' is conventionally transparent: `color . #00000000`
//   image NAME W H                followed by H rows of exactly W characters -> OUTDIR/NAME.png;
//                                 NAME may contain '/' to create subfolders (e.g. geometry/layer0)
//   sheet NAME WIDTH TILE         starts a sprite sheet -> OUTDIR/NAME.png + OUTDIR/NAME.json, WIDTH pixels
//                                 wide, frames TILE x TILE; the `anim` directives after it belong to it
//   anim NAME FRAMES FPS          followed by TILE rows, each FRAMES frames of TILE characters separated by
//                                 one space; the frames are packed left to right into the current sheet
//                                 (an animation never wraps: it starts a new sheet row when it must)
//   font NAME GW GH CW CH COLUMNS starts a bitmap font -> OUTDIR/NAME.png + OUTDIR/NAME.json: glyphs of
//                                 GW x GH characters drawn at the top-left of CW x CH cells, COLUMNS cells
//                                 per row, covering ASCII 32..126 (every one must be given)
//   glyph X                       followed by GH rows of GW characters; X is the character itself, or
//                                 `space`, or a decimal code (for codes that are not one character)
// Inside a pixel block every line is a row (no comments there); a trailing '\r' is dropped.
// Errors are reported as `FILE:LINE: message` and the tool exits with status 1 (2 for a usage error).

#include <SDL.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/bitmap_font.hpp"
#include "engine/png_image.hpp"

namespace qs {
namespace {

/// Upper bound on any image side, so a typo cannot ask for gigabytes.
constexpr int max_image_side = 8192;
constexpr int font_first_char = 32;
constexpr int font_last_char = 126;

/// A parse failure with the line it belongs to.
struct ArtError {
    int line = 0;
    std::string message;
};

/// One animation strip placed in a sheet.
struct SheetAnimation {
    std::string name;
    int x = 0, y = 0, frames = 0, fps = 0;
};

/// A sprite sheet being assembled from `anim` blocks.
struct SheetBuild {
    std::string name;
    int declared_line = 0;
    int width = 0, tile = 0;
    int cursor_x = 0, cursor_y = 0;
    std::vector<std::uint32_t> pixels;  ///< grows by one tile row at a time
    std::vector<SheetAnimation> animations;
};

/// A bitmap font being assembled from `glyph` blocks.
struct FontBuild {
    std::string name;
    int declared_line = 0;
    int glyph_w = 0, glyph_h = 0, cell_w = 0, cell_h = 0, columns = 0;
    RgbaImage image;
    std::array<int, font_last_char + 1> glyph_line{};  ///< 0 = not given yet
};

/// Splits on runs of spaces and tabs.
std::vector<std::string_view> split_words(std::string_view line) {
    std::vector<std::string_view> words;
    std::size_t pos = 0;
    while (pos < line.size()) {
        while (pos < line.size() && (line[pos] == ' ' || line[pos] == '\t')) ++pos;
        std::size_t end = pos;
        while (end < line.size() && line[end] != ' ' && line[end] != '\t') ++end;
        if (end > pos) words.push_back(line.substr(pos, end - pos));
        pos = end;
    }
    return words;
}

std::optional<int> parse_int(std::string_view text) {
    int value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

/// Parses "#RRGGBB" or "#RRGGBBAA" into 0xRRGGBBAA.
std::optional<std::uint32_t> parse_hex_color(std::string_view text) {
    if (text.size() != 7 && text.size() != 9) return std::nullopt;
    if (text[0] != '#') return std::nullopt;
    std::uint32_t value = 0;
    for (char ch : text.substr(1)) {
        int digit = 0;
        if (ch >= '0' && ch <= '9')
            digit = ch - '0';
        else if (ch >= 'a' && ch <= 'f')
            digit = ch - 'a' + 10;
        else if (ch >= 'A' && ch <= 'F')
            digit = ch - 'A' + 10;
        else
            return std::nullopt;
        value = value << 4 | static_cast<std::uint32_t>(digit);
    }
    if (text.size() == 7) value = value << 8 | 0xffu;
    return value;
}

/// An output name: relative, made of [A-Za-z0-9_-.] parts joined by '/', no "." or ".." parts.
bool is_valid_output_name(std::string_view name) {
    if (name.empty() || name.front() == '/' || name.back() == '/') return false;
    std::size_t start = 0;
    while (start <= name.size()) {
        std::size_t slash = name.find('/', start);
        if (slash == std::string_view::npos) slash = name.size();
        std::string_view part = name.substr(start, slash - start);
        if (part.empty() || part == "." || part == "..") return false;
        for (char ch : part) {
            bool ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
                      ch == '_' || ch == '-' || ch == '.';
            if (!ok) return false;
        }
        start = slash + 1;
    }
    return true;
}

/// Reads a pixel-art text file and writes everything it describes.
class ArtCompiler {
   public:
    ArtCompiler(std::filesystem::path input, std::filesystem::path out_dir)
        : input_(std::move(input)), out_dir_(std::move(out_dir)) {
        palette_.fill(std::nullopt);
    }

    /// Returns 0 on success; prints `FILE:LINE: message` and returns 1 on the first error.
    int run() {
        std::ifstream file(input_, std::ios::binary);
        if (!file) {
            std::fprintf(stderr, "%s: cannot open file\n", input_.string().c_str());
            return 1;
        }
        std::ostringstream content;
        content << file.rdbuf();
        split_lines(content.str());
        try {
            compile();
        } catch (const ArtError& error) {
            std::fprintf(stderr, "%s:%d: %s\n", input_.string().c_str(), error.line, error.message.c_str());
            return 1;
        }
        return 0;
    }

   private:
    void split_lines(const std::string& text) {
        std::size_t start = 0;
        while (start < text.size()) {
            std::size_t end = text.find('\n', start);
            if (end == std::string::npos) end = text.size();
            std::string line = text.substr(start, end - start);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            lines_.push_back(std::move(line));
            start = end + 1;
        }
    }

    [[noreturn]] void fail(int line, std::string message) const { throw ArtError{line, std::move(message)}; }

    int int_arg(int line, std::string_view word, std::string_view what, int min_value, int max_value) const {
        auto value = parse_int(word);
        if (!value || *value < min_value || *value > max_value) {
            fail(line, std::string(what) + " must be an integer from " + std::to_string(min_value) + " to " +
                           std::to_string(max_value) + ", got '" + std::string(word) + "'");
        }
        return *value;
    }

    void expect_words(int line, const std::vector<std::string_view>& words, std::size_t count,
                      std::string_view usage) const {
        if (words.size() != count) fail(line, "expected `" + std::string(usage) + "`");
    }

    std::string output_name(int line, std::string_view name) const {
        if (!is_valid_output_name(name)) {
            fail(line, "bad name '" + std::string(name) +
                           "': use letters, digits, '_', '-', '.' and '/' between parts (no '..')");
        }
        return std::string(name);
    }

    /// Line numbers are 1-based; `index` is 0-based into lines_.
    void compile() {
        std::size_t index = 0;
        while (index < lines_.size()) {
            const int line_number = static_cast<int>(index) + 1;
            std::string_view line = lines_[index];
            ++index;
            auto words = split_words(line);
            if (words.empty() || words[0].front() == '#') continue;
            const std::string_view directive = words[0];
            if (directive == "color") {
                define_color(line_number, words);
            } else if (directive == "image") {
                expect_words(line_number, words, 4, "image NAME W H");
                std::string name = output_name(line_number, words[1]);
                int width = int_arg(line_number, words[2], "W", 1, max_image_side);
                int height = int_arg(line_number, words[3], "H", 1, max_image_side);
                RgbaImage image;
                image.width = width;
                image.height = height;
                image.pixels.assign(static_cast<std::size_t>(width) * height, 0);
                read_block(index, line_number, height, width, 1, [&](int x, int y, std::uint32_t rgba) {
                    image.pixels[static_cast<std::size_t>(y) * width + x] = rgba;
                });
                index += static_cast<std::size_t>(height);
                write_png(line_number, name, image);
            } else if (directive == "sheet") {
                expect_words(line_number, words, 4, "sheet NAME WIDTH TILE");
                finish_sheet();
                SheetBuild sheet;
                sheet.name = output_name(line_number, words[1]);
                sheet.declared_line = line_number;
                sheet.width = int_arg(line_number, words[2], "WIDTH", 1, max_image_side);
                sheet.tile = int_arg(line_number, words[3], "TILE", 1, sheet.width);
                sheet_ = std::move(sheet);
            } else if (directive == "anim") {
                expect_words(line_number, words, 4, "anim NAME FRAMES FPS");
                add_animation(index, line_number, words);
                index += static_cast<std::size_t>(sheet_->tile);
            } else if (directive == "font") {
                expect_words(line_number, words, 7, "font NAME GW GH CW CH COLUMNS");
                finish_font();
                start_font(line_number, words);
            } else if (directive == "glyph") {
                add_glyph(index, line_number, line);
                index += static_cast<std::size_t>(font_->glyph_h);
            } else {
                fail(line_number, "unknown directive '" + std::string(directive) +
                                      "' (expected color, image, sheet, anim, font or glyph)");
            }
        }
        finish_sheet();
        finish_font();
    }

    void define_color(int line, const std::vector<std::string_view>& words) {
        // `color C #hex`, where C may itself be '#'.
        if (words.size() != 3 || words[1].size() != 1) {
            fail(line, "expected `color C #RRGGBB` or `color C #RRGGBBAA` with C one character");
        }
        const unsigned char symbol = static_cast<unsigned char>(words[1][0]);
        if (symbol <= ' ' || symbol > '~')
            fail(line, "colour character must be printable ASCII, not a space");
        auto rgba = parse_hex_color(words[2]);
        if (!rgba) fail(line, "bad colour '" + std::string(words[2]) + "': expected #RRGGBB or #RRGGBBAA");
        if (palette_[symbol]) {
            fail(line, std::string("colour '") + static_cast<char>(symbol) + "' is already defined on line " +
                           std::to_string(palette_line_[symbol]));
        }
        palette_[symbol] = *rgba;
        palette_line_[symbol] = line;
    }

    /// Reads `rows` rows starting at lines_[first_row]; each row holds `frames` runs of `width` characters
    /// separated by one space (`frames` = 1: exactly `width` characters). Calls `put(x, y, rgba)` with x
    /// counted across all frames.
    template <class Put>
    void read_block(std::size_t first_row, int header_line, int rows, int width, int frames,
                    Put&& put) const {
        const std::size_t expected = static_cast<std::size_t>(width) * frames + (frames - 1);
        for (int y = 0; y < rows; ++y) {
            const std::size_t row_index = first_row + static_cast<std::size_t>(y);
            const int row_line = static_cast<int>(row_index) + 1;
            if (row_index >= lines_.size()) {
                fail(header_line,
                     "expected " + std::to_string(rows) + " rows, the file ends after " + std::to_string(y));
            }
            const std::string& row = lines_[row_index];
            if (row.size() != expected) {
                std::string how = frames == 1
                                      ? std::to_string(width) + " characters"
                                      : std::to_string(frames) + " frames of " + std::to_string(width) +
                                            " characters separated by single spaces (" +
                                            std::to_string(expected) + " characters)";
                fail(row_line, "row " + std::to_string(y + 1) + " has " + std::to_string(row.size()) +
                                   " characters, expected " + how);
            }
            for (int frame = 0; frame < frames; ++frame) {
                const std::size_t start = static_cast<std::size_t>(frame) * (width + 1);
                if (frame > 0 && row[start - 1] != ' ') {
                    fail(row_line, "column " + std::to_string(start) + ": expected a space between frames");
                }
                for (int x = 0; x < width; ++x) {
                    const unsigned char symbol = static_cast<unsigned char>(row[start + x]);
                    if (!palette_[symbol]) {
                        std::string shown = symbol >= ' ' && symbol <= '~' ? std::string(1, char(symbol))
                                                                           : "\\x" + std::to_string(symbol);
                        fail(row_line, "column " + std::to_string(start + x + 1) + ": undefined colour '" +
                                           shown + "'");
                    }
                    put(frame * width + x, y, *palette_[symbol]);
                }
            }
        }
    }

    void add_animation(std::size_t first_row, int line, const std::vector<std::string_view>& words) {
        if (!sheet_) fail(line, "`anim` needs a `sheet NAME WIDTH TILE` before it");
        SheetBuild& sheet = *sheet_;
        SheetAnimation animation;
        animation.name = std::string(words[1]);
        if (!is_valid_output_name(animation.name) || animation.name.find('/') != std::string::npos) {
            fail(line, "bad animation name '" + animation.name + "'");
        }
        for (const auto& other : sheet.animations) {
            if (other.name == animation.name) fail(line, "animation '" + animation.name + "' defined twice");
        }
        const int max_frames = sheet.width / sheet.tile;
        animation.frames = int_arg(line, words[2], "FRAMES", 1, max_frames);
        animation.fps = int_arg(line, words[3], "FPS", 0, 1000);
        const int strip_width = animation.frames * sheet.tile;
        if (sheet.cursor_x + strip_width > sheet.width) {
            sheet.cursor_x = 0;
            sheet.cursor_y += sheet.tile;
        }
        animation.x = sheet.cursor_x;
        animation.y = sheet.cursor_y;
        const std::size_t needed = static_cast<std::size_t>(sheet.cursor_y + sheet.tile) * sheet.width;
        if (sheet.cursor_y + sheet.tile > max_image_side) fail(line, "sheet is taller than the image limit");
        if (sheet.pixels.size() < needed) sheet.pixels.resize(needed, 0);
        read_block(
            first_row, line, sheet.tile, sheet.tile, animation.frames, [&](int x, int y, std::uint32_t rgba) {
                sheet.pixels[static_cast<std::size_t>(animation.y + y) * sheet.width + animation.x + x] =
                    rgba;
            });
        sheet.cursor_x += strip_width;
        sheet.animations.push_back(std::move(animation));
    }

    void finish_sheet() {
        if (!sheet_) return;
        SheetBuild sheet = std::move(*sheet_);
        sheet_.reset();
        if (sheet.animations.empty())
            fail(sheet.declared_line, "sheet '" + sheet.name + "' has no animations");
        RgbaImage image;
        image.width = sheet.width;
        image.height = static_cast<int>(sheet.pixels.size() / sheet.width);
        image.pixels = std::move(sheet.pixels);
        write_png(sheet.declared_line, sheet.name, image);

        // One animation per line, so a changed sprite shows up as a one-line diff.
        std::string json = "{\n  \"tile_size\": " + std::to_string(sheet.tile) + ",\n  \"animations\": {\n";
        for (std::size_t i = 0; i < sheet.animations.size(); ++i) {
            const auto& animation = sheet.animations[i];
            nlohmann::ordered_json entry = {
                {"x", animation.x}, {"y", animation.y},           {"w", sheet.tile},
                {"h", sheet.tile},  {"frames", animation.frames}, {"fps", animation.fps}};
            json += "    " + nlohmann::json(animation.name).dump() + ": " + entry.dump() +
                    (i + 1 < sheet.animations.size() ? ",\n" : "\n");
        }
        json += "  }\n}\n";
        write_text(sheet.declared_line, sheet.name + ".json", json);
    }

    void start_font(int line, const std::vector<std::string_view>& words) {
        FontBuild font;
        font.name = output_name(line, words[1]);
        font.declared_line = line;
        font.glyph_w = int_arg(line, words[2], "GW", 1, 256);
        font.glyph_h = int_arg(line, words[3], "GH", 1, 256);
        font.cell_w = int_arg(line, words[4], "CW", font.glyph_w, 256);
        font.cell_h = int_arg(line, words[5], "CH", font.glyph_h, 256);
        const int glyph_count = font_last_char - font_first_char + 1;
        font.columns = int_arg(line, words[6], "COLUMNS", 1, glyph_count);
        const int rows = (glyph_count + font.columns - 1) / font.columns;
        font.image.width = font.columns * font.cell_w;
        font.image.height = rows * font.cell_h;
        font.image.pixels.assign(static_cast<std::size_t>(font.image.width) * font.image.height, 0);
        font_ = std::move(font);
    }

    void add_glyph(std::size_t first_row, int line, std::string_view text) {
        if (!font_) fail(line, "`glyph` needs a `font ...` line before it");
        FontBuild& font = *font_;
        // The argument is taken verbatim after "glyph " so that '#' and other symbols work.
        std::string_view argument = text.substr(text.find("glyph") + 5);
        while (!argument.empty() && (argument.front() == ' ' || argument.front() == '\t'))
            argument.remove_prefix(1);
        while (!argument.empty() && (argument.back() == ' ' || argument.back() == '\t'))
            argument.remove_suffix(1);
        int code = -1;
        if (argument.size() == 1) {
            code = static_cast<unsigned char>(argument[0]);
        } else if (argument == "space") {
            code = ' ';
        } else if (auto number = parse_int(argument)) {
            code = *number;
        }
        if (code < font_first_char || code > font_last_char) {
            fail(line, "expected `glyph X` with X a printable ASCII character, `space` or a code 32..126");
        }
        if (font.glyph_line[code] != 0) {
            fail(line, "glyph " + std::to_string(code) + " already given on line " +
                           std::to_string(font.glyph_line[code]));
        }
        font.glyph_line[code] = line;
        const int index = code - font_first_char;
        const int cell_x = index % font.columns * font.cell_w;
        const int cell_y = index / font.columns * font.cell_h;
        read_block(first_row, line, font.glyph_h, font.glyph_w, 1, [&](int x, int y, std::uint32_t rgba) {
            font.image.pixels[static_cast<std::size_t>(cell_y + y) * font.image.width + cell_x + x] = rgba;
        });
    }

    void finish_font() {
        if (!font_) return;
        FontBuild font = std::move(*font_);
        font_.reset();
        for (int code = font_first_char; code <= font_last_char; ++code) {
            if (font.glyph_line[code] == 0) {
                std::string shown = code == ' ' ? "space" : std::string(1, static_cast<char>(code));
                fail(font.declared_line, "font '" + font.name + "' has no glyph for '" + shown + "' (" +
                                             std::to_string(code) + ")");
            }
        }
        write_png(font.declared_line, font.name, font.image);
        nlohmann::ordered_json json = {{"glyph_w", font.cell_w},
                                       {"glyph_h", font.cell_h},
                                       {"first", font_first_char},
                                       {"columns", font.columns},
                                       {"advance", font.cell_w}};
        write_text(font.declared_line, font.name + ".json", json.dump() + "\n");
    }

    std::filesystem::path output_path(int line, const std::string& relative) const {
        std::filesystem::path path = out_dir_ / relative;
        std::error_code ec;
        std::filesystem::create_directories(path.parent_path(), ec);
        if (ec) fail(line, "cannot create folder " + path.parent_path().string() + ": " + ec.message());
        return path;
    }

    void write_png(int line, const std::string& name, const RgbaImage& image) const {
        std::filesystem::path path = output_path(line, name + ".png");
        std::string error;
        if (!save_png_rgba(path, image, error)) fail(line, "cannot write " + path.string() + ": " + error);
    }

    void write_text(int line, const std::string& relative, const std::string& text) const {
        std::filesystem::path path = output_path(line, relative);
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out << text;
        out.close();
        if (!out) fail(line, "cannot write " + path.string());
    }

    std::filesystem::path input_;
    std::filesystem::path out_dir_;
    std::vector<std::string> lines_;
    std::array<std::optional<std::uint32_t>, 256> palette_{};
    std::array<int, 256> palette_line_{};
    std::optional<SheetBuild> sheet_;
    std::optional<FontBuild> font_;
};

// ---- Contact sheet ------------------------------------------------------------------------------------

/// Owns the SDL objects of an offscreen software renderer.
struct OffscreenCanvas {
    SDL_Surface* surface = nullptr;
    SDL_Renderer* renderer = nullptr;
    ~OffscreenCanvas() {
        if (renderer) SDL_DestroyRenderer(renderer);
        if (surface) SDL_FreeSurface(surface);
    }
};

/// Owns one SDL texture.
struct TextureHandle {
    SDL_Texture* texture = nullptr;
    ~TextureHandle() {
        if (texture) SDL_DestroyTexture(texture);
    }
};

SDL_Texture* texture_from_rgba(SDL_Renderer* renderer, const RgbaImage& image) {
    SDL_Surface* surface =
        SDL_CreateRGBSurfaceWithFormatFrom(const_cast<std::uint32_t*>(image.pixels.data()), image.width,
                                           image.height, 32, image.width * 4, SDL_PIXELFORMAT_RGBA8888);
    if (!surface) return nullptr;
    SDL_Texture* texture = SDL_CreateTextureFromSurface(renderer, surface);
    SDL_FreeSurface(surface);
    if (texture) SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND);
    return texture;
}

/// Draws every animation of the sheet at 4x with its name, frame count and fps, on a checker and on sky.
int render_preview(const std::filesystem::path& sheet_dir, const std::filesystem::path& font_dir,
                   const std::filesystem::path& out_png) {
    std::string error;
    auto sheet_image = load_png_rgba(sheet_dir / "sheet.png", 1 << 24, error);
    if (!sheet_image) {
        std::fprintf(stderr, "%s: %s\n", (sheet_dir / "sheet.png").string().c_str(), error.c_str());
        return 1;
    }
    nlohmann::ordered_json sheet_json;
    try {
        std::ifstream in(sheet_dir / "sheet.json");
        sheet_json = nlohmann::ordered_json::parse(in);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s: %s\n", (sheet_dir / "sheet.json").string().c_str(), e.what());
        return 1;
    }
    const int scale = 4;
    const int columns = 3;
    const int column_width = 8 * 16 * scale / 2 + 40;
    const int row_height = 16 * scale + 30;
    const auto& animations = sheet_json.at("animations");
    const int count = static_cast<int>(animations.size());
    const int rows = (count + columns - 1) / columns;
    const int width = columns * column_width + 16;
    const int header_height = 130;
    const int height = rows * row_height + header_height;

    OffscreenCanvas canvas;
    canvas.surface = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_RGBA8888);
    if (canvas.surface) canvas.renderer = SDL_CreateSoftwareRenderer(canvas.surface);
    if (!canvas.renderer) {
        std::fprintf(stderr, "cannot create a software renderer: %s\n", SDL_GetError());
        return 1;
    }
    SDL_Renderer* renderer = canvas.renderer;
    BitmapFont font;
    if (!font.load(renderer, font_dir / "font.png", font_dir / "font.json", error)) {
        std::fprintf(stderr, "%s: %s\n", font_dir.string().c_str(), error.c_str());
        return 1;
    }
    TextureHandle sheet_texture{texture_from_rgba(renderer, *sheet_image)};
    if (!sheet_texture.texture) {
        std::fprintf(stderr, "cannot make the sheet texture: %s\n", SDL_GetError());
        return 1;
    }
    SDL_SetRenderDrawColor(renderer, 40, 44, 60, 255);
    SDL_RenderClear(renderer);
    font.draw(renderer, 8, 8, "Quickstep sprite sheet - 4x  (name: frames @ fps)", {255, 255, 255, 255}, 2);
    const std::string_view font_sample =
        "The quick brown fox jumps over the lazy dog.\n"
        "THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG!\n"
        "0123456789 !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~\n"
        "Coins: 42/50  Lives: 3  (F5 save, F9 load)";
    font.draw(renderer, 8, 32, font_sample, {255, 216, 74, 255}, 1);
    font.draw(renderer, 300, 32, font_sample, {124, 200, 255, 255}, 2);

    int index = 0;
    for (const auto& [name, animation] : animations.items()) {
        const int cell_x = 8 + index % columns * column_width;
        const int cell_y = header_height + index / columns * row_height;
        const int x = animation.at("x"), y = animation.at("y"), w = animation.at("w"), h = animation.at("h");
        const int frames = animation.at("frames"), fps = animation.at("fps");
        std::string label = name + ": " + std::to_string(frames) + " @ " + std::to_string(fps);
        font.draw(renderer, cell_x, cell_y, label, {255, 255, 255, 255}, 1);
        for (int frame = 0; frame < frames; ++frame) {
            SDL_Rect backdrop{cell_x + frame * (w * scale + 4), cell_y + 12, w * scale, h * scale};
            // Alternate sky blue and a checker so transparency and contrast are both visible.
            if (frame % 2 == 0) {
                SDL_SetRenderDrawColor(renderer, 124, 200, 255, 255);
                SDL_RenderFillRect(renderer, &backdrop);
            } else {
                for (int cy = 0; cy < h * scale; cy += 8) {
                    for (int cx = 0; cx < w * scale; cx += 8) {
                        std::uint8_t shade = ((cx + cy) / 8) % 2 ? 90 : 120;
                        SDL_SetRenderDrawColor(renderer, shade, shade, shade, 255);
                        SDL_Rect square{backdrop.x + cx, backdrop.y + cy, 8, 8};
                        SDL_RenderFillRect(renderer, &square);
                    }
                }
            }
            SDL_Rect source{x + frame * w, y, w, h};
            SDL_RenderCopy(renderer, sheet_texture.texture, &source, &backdrop);
        }
        ++index;
    }
    SDL_RenderPresent(renderer);

    RgbaImage out;
    out.width = width;
    out.height = height;
    out.pixels.resize(static_cast<std::size_t>(width) * height);
    if (SDL_RenderReadPixels(renderer, nullptr, SDL_PIXELFORMAT_RGBA8888, out.pixels.data(), width * 4) !=
        0) {
        std::fprintf(stderr, "cannot read pixels: %s\n", SDL_GetError());
        return 1;
    }
    std::error_code ec;
    std::filesystem::create_directories(out_png.parent_path(), ec);
    if (!save_png_rgba(out_png, out, error)) {
        std::fprintf(stderr, "%s: %s\n", out_png.string().c_str(), error.c_str());
        return 1;
    }
    return 0;
}

}  // namespace
}  // namespace qs

int main(int argc, char** argv) {
    if (argc == 5 && std::string_view(argv[1]) == "--preview") {
        return qs::render_preview(argv[2], argv[3], argv[4]);
    }
    if (argc != 3 || std::string_view(argv[1]).starts_with("-")) {
        std::fprintf(stderr,
                     "usage: pixelart INPUT.txt OUTDIR\n"
                     "       pixelart --preview SHEET_DIR FONT_DIR OUT.png\n");
        return 2;
    }
    return qs::ArtCompiler(argv[1], argv[2]).run();
}
