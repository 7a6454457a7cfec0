// New LDtk projects and Tiled maps for --new-level: the tile types, the prefabs with their fields (from the
// field lists, as LEVELS.md's reference) and two small tilesets cut from the game's sprite sheet. This file
// holds what both share and the Tiled map; editor_template_ldtk.cpp the LDtk project.
#include "game/app/editor_template.hpp"
#include "game/app/editor_template_parts.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <optional>
#include <vector>

#include "engine/json_file.hpp"
#include "engine/png_image.hpp"
#include "game/app/level_template.hpp"
#include "game/app/paths.hpp"
#include "game/levels/level_guide.hpp"
#include "game/sim/tiles.hpp"
#include "game/sim/world.hpp"
#include "game/view/sprites.hpp"

namespace qs {
namespace editor_template_detail {

namespace fs = std::filesystem;

/// Every tile type but empty: its sprite, then its top sprite when that differs.
std::vector<TerrainTile> terrain_tiles() {
    std::vector<TerrainTile> tiles;
    for (std::size_t i = 1; i < tile_type_count; ++i) {
        tiles.push_back({static_cast<int>(i), kTileTypes[i].sprite, false});
        if (kTileTypes[i].top_sprite != kTileTypes[i].sprite)
            tiles.push_back({static_cast<int>(i), kTileTypes[i].top_sprite, true});
    }
    return tiles;
}

/// The tile of tiles.png drawn for tile type `type` (its top sprite when `top` and it has one).
int terrain_tile_id(int type, bool top) {
    const std::vector<TerrainTile> tiles = terrain_tiles();
    int found = -1;
    for (std::size_t i = 0; i < tiles.size(); ++i) {
        if (tiles[i].type == type && (found < 0 || tiles[i].top == top)) found = static_cast<int>(i);
    }
    return found;
}

/// The sprite a prefab is drawn with in the editor: the first atlas animation named like it or starting
/// with its name and '_' (player_idle, door_closed, ...); nullopt when there is none (camera_area).
std::optional<std::string_view> prefab_sprite(std::string_view prefab) {
    for (std::string_view sprite : sprite_names) {
        if (sprite == prefab || (sprite.size() > prefab.size() && sprite.substr(0, prefab.size()) == prefab &&
                                 sprite[prefab.size()] == '_'))
            return sprite;
    }
    return std::nullopt;
}

std::string hex_colour(std::uint32_t rgb) {
    char text[8];
    std::snprintf(text, sizeof text, "#%06X", static_cast<unsigned>(rgb & 0xffffffu));
    return text;
}

/// A finite range end for an editor (LDtk's min / max), or null for none.
ojson range_end(double value) {
    if (!std::isfinite(value)) return nullptr;
    return value;
}

int prefab_rows(std::size_t prefabs) {
    return std::max(1, static_cast<int>((prefabs + kPrefabColumns - 1) / kPrefabColumns));
}

Placement placement(int width, int height) {
    return {height - 1, 1, width - 2, height - 2};
}

// --- Files -------------------------------------------------------------------------------------------

bool write_json(const fs::path& path, const ojson& value, std::string& error) {
    std::ofstream file(path, std::ios::binary);
    file << value.dump(1) << '\n';
    file.close();
    if (!file) {
        error = path.string() + ": cannot write the file";
        return false;
    }
    return true;
}

/// A sprite's first frame from the atlas, into `out` at (dx, dy): the atlas cell scaled to one tile.
void blit_tile(const RgbaImage& sheet, int sx, int sy, int sw, int sh, RgbaImage& out, int dx, int dy) {
    for (int y = 0; y < kTile; ++y) {
        for (int x = 0; x < kTile; ++x) {
            const int px = sx + x * sw / kTile, py = sy + y * sh / kTile;
            out.pixels[static_cast<std::size_t>(dy + y) * out.width + dx + x] = sheet.at(px, py);
        }
    }
}

/// An outlined square in `rgb` for a prefab the atlas does not draw (camera_area).
void outline_tile(std::uint32_t rgb, RgbaImage& out, int dx, int dy) {
    for (int y = 0; y < kTile; ++y) {
        for (int x = 0; x < kTile; ++x) {
            const bool edge = x < 2 || y < 2 || x >= kTile - 2 || y >= kTile - 2;
            const bool corner = (x < 5 || x >= kTile - 5) && (y < 5 || y >= kTile - 5);
            out.pixels[static_cast<std::size_t>(dy + y) * out.width + dx + x] = edge && corner
                                                                                    ? (rgb << 8) | 0xffu
                                                                                : edge ? (rgb << 8) | 0x80u
                                                                                       : 0u;
        }
    }
}

/// tiles.png and prefabs.png, cut from assets/sprites/sheet.png by sheet.json's animations.
bool write_template_art(const fs::path& folder, const TemplatePalette& palette, std::string& error) {
    const fs::path sprites = data_dir() / "assets" / "sprites";
    const JsonLoad loaded = load_json_file(sprites / "sheet.json", 1u << 20, 16);
    if (!loaded.value) {
        error = "cannot read the sprite atlas: " + loaded.error;
        return false;
    }
    std::optional<RgbaImage> sheet = load_png_rgba(sprites / "sheet.png", 4096 * 4096, error);
    if (!sheet) {
        error = (sprites / "sheet.png").string() + ": " + error;
        return false;
    }
    const nlohmann::json& animations =
        loaded.value->contains("animations") ? (*loaded.value)["animations"] : nlohmann::json::object();
    const auto draw = [&](std::string_view name, RgbaImage& out, int dx, int dy) {
        const auto found = animations.find(std::string(name));
        const auto number = [&](const char* key, int low, int high) -> std::optional<int> {
            if (found == animations.end() || !found->is_object() || !found->contains(key) ||
                !(*found)[key].is_number_integer())
                return std::nullopt;
            const std::int64_t value = (*found)[key].get<std::int64_t>();
            if (value < low || value > high) return std::nullopt;
            return static_cast<int>(value);
        };
        const auto x = number("x", 0, sheet->width - 1), y = number("y", 0, sheet->height - 1);
        const auto w = number("w", 1, sheet->width), h = number("h", 1, sheet->height);
        if (!x || !y || !w || !h || *x + *w > sheet->width || *y + *h > sheet->height) {
            error = (sprites / "sheet.json").string() + ": animation " + std::string(name) +
                    " is missing or lies outside sheet.png";
            return false;
        }
        blit_tile(*sheet, *x, *y, *w, *h, out, dx, dy);
        return true;
    };

    const std::vector<TerrainTile> terrain = terrain_tiles();
    RgbaImage tiles{static_cast<int>(terrain.size()) * kTile, kTile, {}};
    tiles.pixels.assign(static_cast<std::size_t>(tiles.width) * tiles.height, 0u);
    for (std::size_t i = 0; i < terrain.size(); ++i) {
        if (!draw(terrain[i].sprite, tiles, static_cast<int>(i) * kTile, 0)) return false;
    }
    RgbaImage prefabs{kPrefabColumns * kTile, prefab_rows(palette.prefabs.size()) * kTile, {}};
    prefabs.pixels.assign(static_cast<std::size_t>(prefabs.width) * prefabs.height, 0u);
    for (std::size_t i = 0; i < palette.prefabs.size(); ++i) {
        const int dx = static_cast<int>(i % kPrefabColumns) * kTile,
                  dy = static_cast<int>(i / kPrefabColumns) * kTile;
        if (const auto sprite = prefab_sprite(palette.prefabs[i].name)) {
            if (!draw(*sprite, prefabs, dx, dy)) return false;
        } else {
            outline_tile(palette.prefabs[i].rgb, prefabs, dx, dy);
        }
    }
    for (const auto& [file, image] : {std::pair{kTilesImage, &tiles}, std::pair{kPrefabsImage, &prefabs}}) {
        if (!save_png_rgba(folder / file, *image, error)) {
            error = (folder / file).string() + ": " + error;
            return false;
        }
    }
    return true;
}

}  // namespace editor_template_detail

namespace {

using namespace editor_template_detail;
namespace fs = std::filesystem;

constexpr const char* kTiledVersion = "1.10";  // the map format written, as Tiled 1.10.2 saves it

// --- Tiled -------------------------------------------------------------------------------------------

ojson tiled_tileset(const char* name, const char* image, int columns, int rows, int count, ojson tiles) {
    return ojson{{"columns", columns},
                 {"image", image},
                 {"imageheight", rows * kTile},
                 {"imagewidth", columns * kTile},
                 {"margin", 0},
                 {"name", name},
                 {"spacing", 0},
                 {"tilecount", count},
                 {"tiledversion", "1.10.2"},
                 {"tileheight", kTile},
                 {"tiles", std::move(tiles)},
                 {"tilewidth", kTile},
                 {"type", "tileset"},
                 {"version", kTiledVersion}};
}

ojson tiled_terrain_tileset() {
    const std::vector<TerrainTile> tiles = terrain_tiles();
    ojson entries = ojson::array();
    for (std::size_t i = 0; i < tiles.size(); ++i)
        entries.push_back(ojson{{"id", i}, {"type", kTileTypes[tiles[i].type].name}});
    const int count = static_cast<int>(tiles.size());
    return tiled_tileset("quickstep_tiles", kTilesImage, count, 1, count, std::move(entries));
}

}  // namespace

nlohmann::ordered_json tiled_template_prefab_tileset() {
    const TemplatePalette palette = template_palette();
    ojson entries = ojson::array();
    for (std::size_t i = 0; i < palette.prefabs.size(); ++i) {
        const std::string& prefab = palette.prefabs[i].name;
        ojson properties = ojson::array();
        for (const EditableField& field : editable_fields(prefab)) {
            // Tiled's property types; a reference is an object property (0: none), one object per field.
            const char* type = field.is_reference        ? "object"
                               : field.type == "integer" ? "int"
                               : field.type == "number"  ? "float"
                               : field.type == "boolean" ? "bool"
                                                         : "string";
            ojson value = field.is_reference ? ojson(0) : field.default_value;
            properties.push_back(ojson{{"name", field.name}, {"type", type}, {"value", std::move(value)}});
        }
        ojson tile{{"id", i}, {"type", prefab}};
        if (!properties.empty()) tile["properties"] = std::move(properties);
        entries.push_back(std::move(tile));
    }
    const int count = static_cast<int>(palette.prefabs.size());
    return tiled_tileset("quickstep_prefabs", kPrefabsImage, kPrefabColumns,
                         prefab_rows(palette.prefabs.size()), count, std::move(entries));
}

bool write_tiled_template(const fs::path& folder, const std::string& folder_name, int width, int height,
                          std::string& error) {
    const TemplatePalette palette = template_palette();
    const ojson terrain = tiled_terrain_tileset();
    const ojson prefabs = tiled_template_prefab_tileset();
    const int terrain_first = 1;
    const int prefab_first = terrain_first + terrain["tilecount"].get<int>();
    const auto prefab_gid = [&](std::string_view prefab) {
        for (std::size_t i = 0; i < palette.prefabs.size(); ++i) {
            if (palette.prefabs[i].name == prefab) return prefab_first + static_cast<int>(i);
        }
        return 0;
    };

    const Placement at = placement(width, height);
    std::vector<std::uint32_t> data(static_cast<std::size_t>(width) * height, 0u);
    const int ground_top = terrain_first + terrain_tile_id(static_cast<int>(TileType::ground), true);
    for (int x = 0; x < width; ++x) data[static_cast<std::size_t>(at.floor_y) * width + x] = ground_top;
    // Tile objects hang from their bottom-left corner; their class and fields come from their tile.
    const auto tile_object = [&](int id, std::string_view prefab, int cx) {
        return ojson{{"gid", prefab_gid(prefab)},
                     {"height", kTile},
                     {"id", id},
                     {"name", ""},
                     {"rotation", 0},
                     {"type", ""},
                     {"visible", true},
                     {"width", kTile},
                     {"x", cx * kTile},
                     {"y", (at.stand_y + 1) * kTile}};
    };
    const ojson map{
        {"compressionlevel", -1},
        {"height", height},
        {"infinite", false},
        {"layers", ojson::array({ojson{{"data", data},
                                       {"height", height},
                                       {"id", 1},
                                       {"name", "Tiles"},
                                       {"opacity", 1},
                                       {"type", "tilelayer"},
                                       {"visible", true},
                                       {"width", width},
                                       {"x", 0},
                                       {"y", 0}},
                                 ojson{{"draworder", "topdown"},
                                       {"id", 2},
                                       {"name", "Things"},
                                       {"objects", ojson::array({tile_object(1, "player", at.player_x),
                                                                 tile_object(2, "goal", at.goal_x)})},
                                       {"opacity", 1},
                                       {"type", "objectgroup"},
                                       {"visible", true},
                                       {"x", 0},
                                       {"y", 0}}})},
        {"nextlayerid", 3},
        {"nextobjectid", 3},
        {"orientation", "orthogonal"},
        {"renderorder", "right-down"},
        {"tiledversion", "1.10.2"},
        {"tileheight", kTile},
        {"tilesets", ojson::array({ojson{{"firstgid", terrain_first}, {"source", "tiles.tsj"}},
                                   ojson{{"firstgid", prefab_first}, {"source", "prefabs.tsj"}}})},
        {"tilewidth", kTile},
        {"type", "map"},
        {"version", kTiledVersion},
        {"width", width}};
    return write_template_art(folder, palette, error) && write_json(folder / "tiles.tsj", terrain, error) &&
           write_json(folder / "prefabs.tsj", prefabs, error) &&
           write_json(folder / (folder_name + ".tmj"), map, error);
}

}  // namespace qs
