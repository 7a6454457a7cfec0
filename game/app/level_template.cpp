// Level template generator: the .lvl with every tile type and prefab, blank layers with a ground row, a
// player and a goal, and a palette legend drawn with the bitmap font on an SDL software renderer.
#include "game/app/level_template.hpp"

#include <SDL.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <memory>
#include <set>
#include <span>
#include <system_error>
#include <vector>

#include "engine/bitmap_font.hpp"
#include "engine/png_image.hpp"
#include "game/app/editor_template.hpp"
#include "game/app/paths.hpp"
#include "game/levels/level_catalog.hpp"
#include "game/levels/level_guide.hpp"
#include "game/sim/world.hpp"

namespace qs {
namespace {

namespace fs = std::filesystem;

/// Familiar default colours (those of the shipped levels and LEVELS.md examples); other names get generated
/// ones. Tile types have theirs in kTileTypes (game/sim/tiles.hpp).
struct DefaultColour {
    std::string_view name;
    std::uint32_t rgb;
};
constexpr auto kTileColours = [] {
    std::array<DefaultColour, tile_type_count - 1> colours{};  // every tile type but empty
    for (std::size_t i = 1; i < tile_type_count; ++i)
        colours[i - 1] = {kTileTypes[i].name, kTileTypes[i].template_colour};
    return colours;
}();
constexpr DefaultColour kPrefabColours[] = {
    {"player", 0x0000ff}, {"coin", 0xffff00},       {"walker", 0xff8000}, {"door", 0x00c000},
    {"switch", 0x00ff00}, {"platform", 0x8000ff},   {"turret", 0x804000}, {"checkpoint", 0x00ffff},
    {"goal", 0xff00ff},   {"camera_area", 0xff80c0}};

using PaletteEntry = TemplateColour;

std::string colour_text(std::uint32_t rgb) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string text = "#000000";
    for (int digit = 0; digit < 6; ++digit) text[6 - digit] = kHex[(rgb >> (4 * digit)) & 0xf];
    return text;
}

/// Squared RGB distance.
int colour_distance(std::uint32_t a, std::uint32_t b) {
    int sum = 0;
    for (int shift : {16, 8, 0}) {
        const int difference = static_cast<int>((a >> shift) & 0xff) - static_cast<int>((b >> shift) & 0xff);
        sum += difference * difference;
    }
    return sum;
}

/// A colour for a name without a familiar default: hues around the wheel, preferring colours far from those
/// in use (so swatches are easy to tell apart), never one in use.
std::uint32_t generated_colour(std::set<std::uint32_t>& used) {
    constexpr int kFarEnough = 3 * 48 * 48;
    constexpr int kTries = 2000;
    for (int i = 1;; ++i) {
        const double hue = std::fmod(i * 0.618033988749895, 1.0) * 6.0;
        const double value = i % 2 ? 0.9 : 0.6;
        const double fraction = hue - std::floor(hue);
        const double channels[6][3] = {{1, fraction, 0},     {1 - fraction, 1, 0}, {0, 1, fraction},
                                       {0, 1 - fraction, 1}, {fraction, 0, 1},     {1, 0, 1 - fraction}};
        const double* rgb = channels[static_cast<int>(hue) % 6];
        std::uint32_t colour = 0;
        for (int c = 0; c < 3; ++c)
            colour = (colour << 8) | static_cast<std::uint32_t>(std::lround(rgb[c] * value * 255));
        const bool far = std::all_of(used.begin(), used.end(), [&](std::uint32_t other) {
            return colour_distance(colour, other) >= kFarEnough;
        });
        if ((far || i > kTries) && used.insert(colour).second) return colour;
    }
}

/// Gives every name its colour: the familiar default when it is free, else a generated one.
std::vector<PaletteEntry> assign_colours(const std::vector<std::string>& names,
                                         std::span<const DefaultColour> defaults,
                                         std::set<std::uint32_t>& used) {
    std::vector<PaletteEntry> entries;
    for (const std::string& name : names) {
        const auto known = std::find_if(defaults.begin(), defaults.end(),
                                        [&](const DefaultColour& d) { return d.name == name; });
        if (known != defaults.end() && used.insert(known->rgb).second) {
            entries.push_back({name, known->rgb});
        } else {
            entries.push_back({name, generated_colour(used)});
        }
    }
    return entries;
}

/// `{"prefab": "walker", "speed": 2.0, "facing": -1}`: the prefab with its editable fields at defaults.
std::string prefab_entry_text(const std::string& prefab) {
    std::string text = "{\"prefab\": " + nlohmann::json(prefab).dump();
    for (const EditableField& field : editable_fields(prefab)) {
        if (field.default_value.is_null()) continue;  // a single reference has no default id to write
        text += ", " + nlohmann::json(field.name).dump() + ": " + field.default_value.dump();
    }
    return text + "}";
}

/// The .lvl text: colours and entries one per line, in the same order, so index i pairs up visibly.
std::string lvl_text(const std::string& name, const std::vector<PaletteEntry>& tiles,
                     const std::vector<PaletteEntry>& prefabs) {
    const auto list = [](const std::vector<std::string>& items) {
        std::string text = "[\n";
        for (std::size_t i = 0; i < items.size(); ++i)
            text += "    " + items[i] + (i + 1 < items.size() ? ",\n" : "\n");
        return text + "  ]";
    };
    std::vector<std::string> obj_colours, obj_names, spr_colours, spr_entries;
    for (const PaletteEntry& tile : tiles) {
        obj_colours.push_back("\"" + colour_text(tile.rgb) + "\"");
        obj_names.push_back(nlohmann::json(tile.name).dump());
    }
    for (const PaletteEntry& prefab : prefabs) {
        spr_colours.push_back("\"" + colour_text(prefab.rgb) + "\"");
        spr_entries.push_back(prefab_entry_text(prefab.name));
    }
    return "{\n  \"name\": " + nlohmann::json(name).dump() +
           ",\n  \"music\": \"day\",\n  \"obj_colors\": " + list(obj_colours) +
           ",\n  \"obj_prefabs\": " + list(obj_names) + ",\n  \"spr_colors\": " + list(spr_colours) +
           ",\n  \"spr_prefabs\": " + list(spr_entries) + "\n}\n";
}

std::uint32_t opaque(std::uint32_t rgb) {
    return (rgb << 8) | 0xffu;
}

RgbaImage blank_image(int width, int height) {
    RgbaImage image;
    image.width = width;
    image.height = height;
    image.pixels.assign(static_cast<std::size_t>(width) * height, 0u);
    return image;
}

std::uint32_t colour_of(const std::vector<PaletteEntry>& entries, std::string_view name) {
    for (const PaletteEntry& entry : entries) {
        if (entry.name == name) return entry.rgb;
    }
    return 0;
}

struct SurfaceDeleter {
    void operator()(SDL_Surface* surface) const { SDL_FreeSurface(surface); }
};
struct RendererDeleter {
    void operator()(SDL_Renderer* renderer) const { SDL_DestroyRenderer(renderer); }
};

/// Draws the legend: a title, then per table a heading and one row per colour (swatch, hex code, name).
bool render_palette(const std::string& name, const std::vector<PaletteEntry>& tiles,
                    const std::vector<PaletteEntry>& prefabs, RgbaImage& out, std::string& error) {
    constexpr int kScale = 2, kMargin = 16, kSwatch = 24, kRow = 30, kGap = 12;
    struct Section {
        std::string heading;
        const std::vector<PaletteEntry>* entries;
    };
    const Section sections[] = {{"Tiles: geometry/layerN.png (obj_colors)", &tiles},
                                {"Sprites: sprites/layerN.png (spr_colors)", &prefabs}};
    const std::string title = name + " - palette";
    const std::string note = "Pixels with alpha 0 are empty.";

    // The font's advance is only known once loaded, and loading needs a renderer: size with a 1x1 first.
    const auto make_canvas = [&](int width, int height, std::unique_ptr<SDL_Surface, SurfaceDeleter>& surface,
                                 std::unique_ptr<SDL_Renderer, RendererDeleter>& renderer, BitmapFont& font) {
        renderer.reset();  // before its surface goes
        surface.reset(SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_RGBA8888));
        if (surface) renderer.reset(SDL_CreateSoftwareRenderer(surface.get()));
        if (!renderer) {
            error = std::string("cannot create a software renderer for palette.png: ") + SDL_GetError();
            return false;
        }
        const fs::path font_dir = data_dir() / "assets" / "font";
        if (!font.load(renderer.get(), font_dir / "font.png", font_dir / "font.json", error)) {
            error = "cannot load the font for palette.png (" + font_dir.string() + "): " + error;
            return false;
        }
        return true;
    };

    std::unique_ptr<SDL_Surface, SurfaceDeleter> surface;
    std::unique_ptr<SDL_Renderer, RendererDeleter> renderer;
    BitmapFont font;
    if (!make_canvas(1, 1, surface, renderer, font)) return false;
    int width = std::max(font.text_width(title, kScale), font.text_width(note, kScale));
    int height = 2 * kMargin + 2 * font.line_height(kScale) + 8;
    for (const Section& section : sections) {
        width = std::max(width, font.text_width(section.heading, kScale));
        height += kGap + font.line_height(kScale) + 6 + static_cast<int>(section.entries->size()) * kRow;
        for (const PaletteEntry& entry : *section.entries) {
            width = std::max(
                width, kSwatch + kGap + font.text_width(colour_text(entry.rgb) + "  " + entry.name, kScale));
        }
    }
    width += 2 * kMargin;

    font = BitmapFont();  // its texture belongs to the 1x1 renderer
    if (!make_canvas(width, height, surface, renderer, font)) return false;
    SDL_Renderer* r = renderer.get();
    SDL_SetRenderDrawColor(r, 40, 44, 60, 255);
    SDL_RenderClear(r);
    int y = kMargin;
    font.draw(r, kMargin, y, title, {255, 255, 255, 255}, kScale);
    y += font.line_height(kScale) + 4;
    font.draw(r, kMargin, y, note, {180, 190, 210, 255}, kScale);
    y += font.line_height(kScale) + 4;
    for (const Section& section : sections) {
        y += kGap;
        font.draw(r, kMargin, y, section.heading, {255, 216, 74, 255}, kScale);
        y += font.line_height(kScale) + 6;
        for (const PaletteEntry& entry : *section.entries) {
            const SDL_Rect border{kMargin, y, kSwatch, kSwatch};
            const SDL_Rect swatch{kMargin + 2, y + 2, kSwatch - 4, kSwatch - 4};
            SDL_SetRenderDrawColor(r, 220, 220, 220, 255);
            SDL_RenderFillRect(r, &border);
            SDL_SetRenderDrawColor(r, (entry.rgb >> 16) & 0xff, (entry.rgb >> 8) & 0xff, entry.rgb & 0xff,
                                   255);
            SDL_RenderFillRect(r, &swatch);
            font.draw(r, kMargin + kSwatch + kGap, y + (kSwatch - font.line_height(kScale)) / 2,
                      colour_text(entry.rgb) + "  " + entry.name, {255, 255, 255, 255}, kScale);
            y += kRow;
        }
    }
    SDL_RenderPresent(r);
    out = blank_image(width, height);
    if (SDL_RenderReadPixels(r, nullptr, SDL_PIXELFORMAT_RGBA8888, out.pixels.data(), width * 4) != 0) {
        error = std::string("cannot read back palette.png: ") + SDL_GetError();
        return false;
    }
    return true;
}

/// The same colours as a GIMP palette (`.gpl`, also read by Aseprite, Krita and Inkscape): one named
/// colour per tile type and prefab, tiles first, in .lvl order.
std::string gpl_text(const std::string& name, const std::vector<PaletteEntry>& tiles,
                     const std::vector<PaletteEntry>& prefabs) {
    // GIMP takes the Name line verbatim; keep it on one line.
    std::string title = "Quickstep " + name;
    std::replace_if(
        title.begin(), title.end(), [](char c) { return c == '\n' || c == '\r'; }, ' ');
    std::string text = "GIMP Palette\nName: " + title + "\nColumns: 4\n#\n";
    const auto add = [&](const PaletteEntry& entry, const char* kind) {
        char line[160];
        std::snprintf(line, sizeof line, "%3u %3u %3u\t%s (%s %s)\n", (entry.rgb >> 16) & 0xffu,
                      (entry.rgb >> 8) & 0xffu, entry.rgb & 0xffu, entry.name.c_str(), kind,
                      colour_text(entry.rgb).c_str());
        text += line;
    };
    text += "# Tiles: geometry/layerN.png (obj_colors)\n";
    for (const PaletteEntry& tile : tiles) add(tile, "tile");
    text += "# Sprites: sprites/layerN.png (spr_colors)\n";
    for (const PaletteEntry& prefab : prefabs) add(prefab, "sprite");
    return text;
}

bool write_text_file(const fs::path& path, const std::string& text, std::string& error) {
    std::ofstream file(path, std::ios::binary);
    file << text;
    file.close();
    if (!file) {
        error = path.string() + ": cannot write the file";
        return false;
    }
    return true;
}

/// Writes every file into the (new, empty) folder.
bool write_template_files(const fs::path& folder, const std::string& folder_name, const std::string& name,
                          int width, int height, std::string& error) {
    const TemplatePalette palette_colours = template_palette();
    const std::vector<PaletteEntry>& tiles = palette_colours.tiles;
    const std::vector<PaletteEntry>& prefabs = palette_colours.prefabs;

    if (!write_text_file(folder / (folder_name + ".lvl"), lvl_text(name, tiles, prefabs), error))
        return false;

    RgbaImage geometry = blank_image(width, height);
    const std::uint32_t ground = opaque(colour_of(tiles, "ground"));
    for (int x = 0; x < width; ++x)
        geometry.pixels[static_cast<std::size_t>(height - 1) * width + x] = ground;
    RgbaImage sprites = blank_image(width, height);
    const std::size_t standing_row = static_cast<std::size_t>(height - 2) * width;
    sprites.pixels[standing_row + 1] = opaque(colour_of(prefabs, "player"));
    sprites.pixels[standing_row + width - 2] = opaque(colour_of(prefabs, "goal"));

    RgbaImage palette;
    for (const auto& [relative, image] : {std::pair<const char*, const RgbaImage*>{"geometry", &geometry},
                                          std::pair<const char*, const RgbaImage*>{"sprites", &sprites}}) {
        std::error_code ec;
        fs::create_directory(folder / relative, ec);
        if (ec) {
            error = (folder / relative).string() + ": cannot create the folder: " + ec.message();
            return false;
        }
        const fs::path path = folder / relative / "layer0.png";
        if (!save_png_rgba(path, *image, error)) {
            error = path.string() + ": " + error;
            return false;
        }
    }
    if (!render_palette(name, tiles, prefabs, palette, error)) return false;
    if (!save_png_rgba(folder / "palette.png", palette, error)) {
        error = (folder / "palette.png").string() + ": " + error;
        return false;
    }
    return write_text_file(folder / "palette.gpl", gpl_text(name, tiles, prefabs), error);
}

}  // namespace

TemplatePalette template_palette() {
    std::vector<std::string> tile_names;  // empty is alpha 0, not listed
    for (const TileProperties& tile : kTileTypes) {
        if (tile.type != TileType::empty) tile_names.emplace_back(tile.name);
    }
    std::set<std::uint32_t> used;
    TemplatePalette palette;
    palette.tiles = assign_colours(tile_names, kTileColours, used);
    palette.prefabs = assign_colours(level_schema().prefabs, kPrefabColours, used);
    return palette;
}

std::string template_level_name(const std::string& folder_name, LevelTemplateFormat format) {
    switch (format) {
        case LevelTemplateFormat::ldtk:
            return folder_name + "/" + std::string(kLdtkTemplateLevel);
        case LevelTemplateFormat::tiled:
            return folder_name + "/" + folder_name;
        case LevelTemplateFormat::png_folder:
            break;
    }
    return folder_name;
}

std::optional<std::pair<int, int>> parse_level_size(std::string_view text) {
    const std::size_t x = text.find_first_of("xX");
    if (x == std::string_view::npos) return std::nullopt;
    const auto parse = [](std::string_view digits, int& out) {
        if (digits.empty() || digits.size() > 9) return false;
        const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), out);
        return ec == std::errc() && end == digits.data() + digits.size() && digits[0] != '-' &&
               digits[0] != '+';
    };
    int width = 0, height = 0;
    if (!parse(text.substr(0, x), width) || !parse(text.substr(x + 1), height)) return std::nullopt;
    return std::pair{width, height};
}

bool is_valid_level_folder_name(std::string_view name) {
    if (name.empty() || name.size() > 64 || name[0] == '.') return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
               c == '-' || c == '.';
    });
}

bool create_level_template(const fs::path& folder, const std::string& name, int width, int height,
                           std::string& error, LevelTemplateFormat format) {
    fs::path normal = folder.lexically_normal();
    if (!normal.has_filename()) normal = normal.parent_path();
    const std::string folder_name = normal.filename().string();
    if (!is_valid_level_folder_name(folder_name)) {
        error =
            "'" + folder_name +
            "' is not a usable level folder name: use 1 to 64 letters, digits, '_', '-' or '.', not starting "
            "with '.'";
        return false;
    }
    if (name.empty() || name.size() > 64 || name.front() == ' ' || name.back() == ' ' ||
        !std::all_of(name.begin(), name.end(), [](char c) { return c >= 32 && c <= 126; })) {
        error = "level name '" + name + "' must be 1 to 64 printable ASCII characters without outer spaces";
        return false;
    }
    if (width < kMinTemplateSide || height < kMinTemplateSide || width > kMaxTemplateSide ||
        height > kMaxTemplateSide) {
        error = "level size " + std::to_string(width) + "x" + std::to_string(height) +
                " is out of range: each side " + "must be from " + std::to_string(kMinTemplateSide) + " to " +
                std::to_string(kMaxTemplateSide) + " tiles";
        return false;
    }
    std::error_code ec;
    if (fs::exists(fs::symlink_status(normal, ec))) {
        error = normal.string() + ": already exists (refusing to overwrite it; pick another name)";
        return false;
    }
    if (normal.has_parent_path()) fs::create_directories(normal.parent_path(), ec);
    if (ec) {
        error = normal.parent_path().string() + ": cannot create the folder: " + ec.message();
        return false;
    }
    if (!fs::create_directory(normal, ec)) {
        error = normal.string() + (ec ? ": cannot create the folder: " + ec.message()
                                      : ": already exists (refusing to overwrite it; pick another name)");
        return false;
    }
    bool written = false;
    try {
        switch (format) {
            case LevelTemplateFormat::png_folder:
                written = write_template_files(normal, folder_name, name, width, height, error);
                break;
            case LevelTemplateFormat::ldtk:
                written = write_ldtk_template(normal, folder_name, width, height, error);
                break;
            case LevelTemplateFormat::tiled:
                written = write_tiled_template(normal, folder_name, width, height, error);
                break;
        }
    } catch (const std::exception& e) {
        error = normal.string() + ": cannot write the template: " + e.what();
    }
    if (!written) fs::remove_all(normal, ec);  // we created it: leave nothing half-written behind
    return written;
}

}  // namespace qs
