// New LDtk projects and Tiled maps for --new-level: the tile types, the prefabs with their fields (from the
// field lists, as LEVELS.md's reference) and two small tilesets cut from the game's sprite sheet.
#include "game/app/editor_template.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <optional>
#include <vector>

#include "engine/fnv1a.hpp"
#include "engine/json_file.hpp"
#include "engine/png_image.hpp"
#include "game/app/level_template.hpp"
#include "game/app/paths.hpp"
#include "game/levels/level_guide.hpp"
#include "game/sim/tiles.hpp"
#include "game/sim/world.hpp"
#include "game/view/sprites.hpp"

namespace qs {
namespace {

namespace fs = std::filesystem;
using ojson = nlohmann::ordered_json;

constexpr int kTile = kEditorTemplateTilePx;
constexpr int kPrefabColumns = 8;
constexpr const char* kTilesImage = "tiles.png";
constexpr const char* kPrefabsImage = "prefabs.png";
constexpr const char* kLdtkVersion = "1.5.3";  // the JSON format written, as LDtk 1.5.3 saves it
constexpr const char* kTiledVersion = "1.10";  // the map format written, as Tiled 1.10.2 saves it
constexpr const char* kLevelBackground = "#5C9BD8";

/// One tile of tiles.png: a tile type's sprite, or the sprite drawn where the tile above is not solid.
struct TerrainTile {
    int type = 0;  ///< index in kTileTypes
    std::string_view sprite;
    bool top = false;
};

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

/// A stable iid in LDtk's UUID form, from the project name and what it names.
std::string make_iid(const std::string& project, const std::string& what) {
    const std::string key = project + "/" + what;
    const std::uint64_t a = fnv1a64(key.data(), key.size());
    const std::uint64_t b = fnv1a64(key.data(), key.size(), a);
    char text[40];
    std::snprintf(text, sizeof text, "%08x-%04x-11ef-%04x-%012llx", static_cast<unsigned>(a >> 32),
                  static_cast<unsigned>((a >> 16) & 0xffff), static_cast<unsigned>(0x8000 | (a & 0x3fff)),
                  static_cast<unsigned long long>(b & 0xffffffffffffull));
    return text;
}

/// A finite range end for an editor (LDtk's min / max), or null for none.
ojson range_end(double value) {
    if (!std::isfinite(value)) return nullptr;
    return value;
}

// --- LDtk --------------------------------------------------------------------------------------------

enum LdtkUid : int {
    kTilesTilesetUid = 1,
    kPrefabsTilesetUid = 2,
    kEntitiesLayerUid = 3,
    kTilesLayerUid = 4,
    kRuleGroupUid = 5,
    kFirstRuleUid = 10,
    kFirstEntityUid = 100,
    kFirstFieldUid = 1000,
};

ojson tileset_rect(int tileset_uid, int tile_id, int columns) {
    return ojson{{"tilesetUid", tileset_uid},
                 {"x", (tile_id % columns) * kTile},
                 {"y", (tile_id / columns) * kTile},
                 {"w", kTile},
                 {"h", kTile}};
}

int prefab_rows(std::size_t prefabs) {
    return std::max(1, static_cast<int>((prefabs + kPrefabColumns - 1) / kPrefabColumns));
}

ojson ldtk_tileset(int uid, const char* identifier, const char* image, int columns, int rows,
                   const char* tag) {
    return ojson{{"__cWid", columns},
                 {"__cHei", rows},
                 {"identifier", identifier},
                 {"uid", uid},
                 {"relPath", image},
                 {"embedAtlas", nullptr},
                 {"pxWid", columns * kTile},
                 {"pxHei", rows * kTile},
                 {"tileGridSize", kTile},
                 {"spacing", 0},
                 {"padding", 0},
                 {"tags", ojson::array({tag})},
                 {"tagsSourceEnumUid", nullptr},
                 {"enumTags", ojson::array()},
                 {"customData", ojson::array()},
                 {"savedSelections", ojson::array()},
                 {"cachedPixelData", nullptr}};
}

ojson ldtk_layer_def(const char* type, const char* identifier, int uid, const char* colour) {
    return ojson{{"__type", type},
                 {"identifier", identifier},
                 {"type", type},
                 {"uid", uid},
                 {"doc", nullptr},
                 {"uiColor", colour},
                 {"gridSize", kTile},
                 {"guideGridWid", 0},
                 {"guideGridHei", 0},
                 {"displayOpacity", 1},
                 {"inactiveOpacity", 1},
                 {"hideInList", false},
                 {"hideFieldsWhenInactive", false},
                 {"canSelectWhenInactive", true},
                 {"renderInWorldView", true},
                 {"pxOffsetX", 0},
                 {"pxOffsetY", 0},
                 {"parallaxFactorX", 0},
                 {"parallaxFactorY", 0},
                 {"parallaxScaling", true},
                 {"requiredTags", ojson::array()},
                 {"excludedTags", ojson::array()},
                 {"autoTilesKilledByOtherLayerUid", nullptr},
                 {"uiFilterTags", ojson::array()},
                 {"useAsyncRender", false},
                 {"intGridValues", ojson::array()},
                 {"intGridValuesGroups", ojson::array()},
                 {"autoRuleGroups", ojson::array()},
                 {"autoSourceLayerDefUid", nullptr},
                 {"tilesetDefUid", nullptr},
                 {"tilePivotX", 0},
                 {"tilePivotY", 0},
                 {"biomeFieldUid", nullptr}};
}

/// One auto-layer rule: where the `size` x `size` pattern matches, draw tile `tile_id`.
ojson ldtk_rule(int uid, int size, ojson pattern, int tile_id) {
    return ojson{{"uid", uid},
                 {"active", true},
                 {"size", size},
                 {"tileRectsIds", ojson::array({ojson::array({tile_id})})},
                 {"alpha", 1},
                 {"chance", 1},
                 {"breakOnMatch", true},
                 {"pattern", std::move(pattern)},
                 {"flipX", false},
                 {"flipY", false},
                 {"xModulo", 1},
                 {"yModulo", 1},
                 {"xOffset", 0},
                 {"yOffset", 0},
                 {"tileXOffset", 0},
                 {"tileYOffset", 0},
                 {"tileRandomXMin", 0},
                 {"tileRandomXMax", 0},
                 {"tileRandomYMin", 0},
                 {"tileRandomYMax", 0},
                 {"checker", "None"},
                 {"tileMode", "Single"},
                 {"pivotX", 0},
                 {"pivotY", 0},
                 {"outOfBoundsValue", nullptr},
                 {"invalidated", false},
                 {"perlinActive", false},
                 {"perlinSeed", 1},
                 {"perlinScale", 0.2},
                 {"perlinOctaves", 2}};
}

/// The rule a value's top tile comes from: this value here and not this value above.
int top_rule_uid(int value) {
    return kFirstRuleUid + 2 * (value - 1);
}
int plain_rule_uid(int value) {
    return kFirstRuleUid + 2 * (value - 1) + 1;
}

/// The IntGrid layer: one value per tile type (value = its place in kTileTypes), each shown with its colour
/// and tile, and rules that draw the tiles as the game does (the top sprite where the value is not above).
ojson ldtk_tiles_layer_def(const TemplatePalette& palette) {
    ojson layer = ldtk_layer_def("IntGrid", "Tiles", kTilesLayerUid, "#E4A672");
    layer["tilesetDefUid"] = kTilesTilesetUid;
    const int columns = static_cast<int>(terrain_tiles().size());
    ojson rules = ojson::array();
    for (std::size_t i = 1; i < tile_type_count; ++i) {
        const int value = static_cast<int>(i);
        layer["intGridValues"].push_back(
            ojson{{"value", value},
                  {"identifier", kTileTypes[i].name},
                  {"color", hex_colour(palette.tiles[i - 1].rgb)},
                  {"tile", tileset_rect(kTilesTilesetUid, terrain_tile_id(value, false), columns)},
                  {"groupUid", 0}});
        if (terrain_tile_id(value, true) != terrain_tile_id(value, false))
            rules.push_back(ldtk_rule(top_rule_uid(value), 3,
                                      ojson::array({0, -value, 0, 0, value, 0, 0, 0, 0}),
                                      terrain_tile_id(value, true)));
        rules.push_back(
            ldtk_rule(plain_rule_uid(value), 1, ojson::array({value}), terrain_tile_id(value, false)));
    }
    layer["autoRuleGroups"].push_back(ojson{{"uid", kRuleGroupUid},
                                            {"name", "Quickstep tiles"},
                                            {"color", nullptr},
                                            {"icon", nullptr},
                                            {"active", true},
                                            {"isOptional", false},
                                            {"rules", std::move(rules)},
                                            {"usesWizard", false},
                                            {"requiredBiomeValues", ojson::array()},
                                            {"biomeRequirementMode", 0}});
    return layer;
}

/// A field definition of LDtk's type `ldtk_type` ("F_Int", ...) with the display LDtk gives new fields.
ojson ldtk_field_def(const EditableField& field, int uid, std::string& error) {
    std::string shown, kind;
    bool is_array = false, nullable = false;
    ojson default_override = nullptr, min = nullptr, max = nullptr;
    if (field.type == "integer") {
        shown = "Int", kind = "F_Int";
        default_override = ojson{{"id", "V_Int"}, {"params", ojson::array({field.default_value})}};
        min = range_end(field.min), max = range_end(field.max);
    } else if (field.type == "number") {
        shown = "Float", kind = "F_Float";
        default_override = ojson{{"id", "V_Float"}, {"params", ojson::array({field.default_value})}};
        min = range_end(field.min), max = range_end(field.max);
    } else if (field.type == "boolean") {
        shown = "Bool", kind = "F_Bool";
        default_override = ojson{{"id", "V_Bool"}, {"params", ojson::array({field.default_value})}};
    } else if (field.type == "string") {
        shown = "String", kind = "F_String";
        if (field.default_value.is_string() && !field.default_value.get<std::string>().empty())
            default_override = ojson{{"id", "V_String"}, {"params", ojson::array({field.default_value})}};
    } else if (field.is_reference) {
        kind = "F_EntityRef";
        is_array = field.default_value.is_array();
        nullable = !is_array;
        shown = is_array ? "Array<EntityRef>" : "EntityRef";
    } else {
        error = "field " + field.name + " of type " + field.type + " has no LDtk field type";
        return nullptr;
    }
    return ojson{{"identifier", field.name},
                 {"doc", field.range.empty() ? ojson(nullptr) : ojson(field.range)},
                 {"__type", shown},
                 {"uid", uid},
                 {"type", kind},
                 {"isArray", is_array},
                 {"canBeNull", nullable},
                 {"arrayMinLength", nullptr},
                 {"arrayMaxLength", nullptr},
                 {"editorDisplayMode", is_array || nullable ? "RefLinkBetweenCenters" : "Hidden"},
                 {"editorDisplayScale", 1},
                 {"editorDisplayPos", "Above"},
                 {"editorLinkStyle", "CurvedArrow"},
                 {"editorDisplayColor", nullptr},
                 {"editorAlwaysShow", false},
                 {"editorShowInWorld", true},
                 {"editorCutLongValues", true},
                 {"editorTextSuffix", nullptr},
                 {"editorTextPrefix", nullptr},
                 {"useForSmartColor", false},
                 {"exportToToc", false},
                 {"searchable", false},
                 {"min", min},
                 {"max", max},
                 {"regex", nullptr},
                 {"acceptFileTypes", nullptr},
                 {"defaultOverride", default_override},
                 {"textLanguageMode", nullptr},
                 {"symmetricalRef", false},
                 {"autoChainRef", false},
                 {"allowOutOfLevelRef", false},
                 {"allowedRefs", "Any"},
                 {"allowedRefsEntityUid", nullptr},
                 {"allowedRefTags", ojson::array()},
                 {"tilesetUid", nullptr}};
}

/// The entity definitions, one per prefab in schema order, their field uids counted from kFirstFieldUid.
ojson ldtk_entity_defs(const TemplatePalette& palette, std::string& error) {
    ojson defs = ojson::array();
    int field_uid = kFirstFieldUid;
    for (std::size_t i = 0; i < palette.prefabs.size(); ++i) {
        const std::string& prefab = palette.prefabs[i].name;
        const bool drawn = prefab_sprite(prefab).has_value();
        ojson fields = ojson::array();
        for (const EditableField& field : editable_fields(prefab)) {
            ojson def = ldtk_field_def(field, field_uid++, error);
            if (def.is_null()) {
                error = prefab + ": " + error;
                return nullptr;
            }
            fields.push_back(std::move(def));
        }
        const bool one = prefab == "player";
        defs.push_back(
            ojson{{"identifier", prefab},
                  {"uid", kFirstEntityUid + static_cast<int>(i)},
                  {"tags", ojson::array()},
                  {"exportToToc", false},
                  {"allowOutOfBounds", false},
                  {"doc", nullptr},
                  {"width", kTile},
                  {"height", kTile},
                  {"resizableX", false},
                  {"resizableY", false},
                  {"minWidth", nullptr},
                  {"maxWidth", nullptr},
                  {"minHeight", nullptr},
                  {"maxHeight", nullptr},
                  {"keepAspectRatio", false},
                  {"tileOpacity", 1},
                  {"fillOpacity", drawn ? 0.08 : 0.3},
                  {"lineOpacity", drawn ? 0 : 1},
                  {"hollow", false},
                  {"color", hex_colour(palette.prefabs[i].rgb)},
                  {"renderMode", drawn ? "Tile" : "Rectangle"},
                  {"showName", !drawn},
                  {"tilesetId", drawn ? ojson(kPrefabsTilesetUid) : ojson(nullptr)},
                  {"tileRenderMode", "FitInside"},
                  {"tileRect", drawn ? tileset_rect(kPrefabsTilesetUid, static_cast<int>(i), kPrefabColumns)
                                     : ojson(nullptr)},
                  {"uiTileRect", nullptr},
                  {"nineSliceBorders", ojson::array()},
                  {"maxCount", one ? 1 : 0},
                  {"limitScope", "PerLevel"},
                  {"limitBehavior", "MoveLastOne"},
                  {"pivotX", 0.5},
                  {"pivotY", 0.5},
                  {"fieldDefs", std::move(fields)}});
    }
    return defs;
}

/// An entity of definition `def` centred on cell (cx, cy), its fields at their defaults.
ojson ldtk_entity(const std::string& project, const ojson& def, int cx, int cy) {
    ojson fields = ojson::array();
    for (const ojson& field : def["fieldDefs"]) {
        ojson value = nullptr;
        if (field["isArray"].get<bool>()) {
            value = ojson::array();
        } else if (field["defaultOverride"].is_object()) {
            value = field["defaultOverride"]["params"][0];
        } else if (field["type"] == "F_String") {
            value = "";
        } else if (field["type"] == "F_Bool") {
            value = false;
        }
        fields.push_back(ojson{{"__identifier", field["identifier"]},
                               {"__type", field["__type"]},
                               {"__value", std::move(value)},
                               {"__tile", nullptr},
                               {"defUid", field["uid"]},
                               {"realEditorValues", ojson::array()}});
    }
    const std::string name = def["identifier"].get<std::string>();
    return ojson{{"__identifier", name},
                 {"__grid", ojson::array({cx, cy})},
                 {"__pivot", ojson::array({0.5, 0.5})},
                 {"__tags", ojson::array()},
                 {"__tile", def["tileRect"]},
                 {"__smartColor", def["color"]},
                 {"iid", make_iid(project, "entity/" + name)},
                 {"width", kTile},
                 {"height", kTile},
                 {"defUid", def["uid"]},
                 {"px", ojson::array({cx * kTile + kTile / 2, cy * kTile + kTile / 2})},
                 {"fieldInstances", std::move(fields)},
                 {"__worldX", cx * kTile + kTile / 2},
                 {"__worldY", cy * kTile + kTile / 2}};
}

ojson ldtk_layer_instance(const std::string& project, const ojson& def, int width, int height) {
    const bool drawn = def["tilesetDefUid"].is_number();
    return ojson{{"__identifier", def["identifier"]},
                 {"__type", def["__type"]},
                 {"__cWid", width},
                 {"__cHei", height},
                 {"__gridSize", kTile},
                 {"__opacity", 1},
                 {"__pxTotalOffsetX", 0},
                 {"__pxTotalOffsetY", 0},
                 {"__tilesetDefUid", def["tilesetDefUid"]},
                 {"__tilesetRelPath", drawn ? ojson(kTilesImage) : ojson(nullptr)},
                 {"iid", make_iid(project, "layer/" + def["identifier"].get<std::string>())},
                 {"levelId", 0},
                 {"layerDefUid", def["uid"]},
                 {"pxOffsetX", 0},
                 {"pxOffsetY", 0},
                 {"visible", true},
                 {"optionalRules", ojson::array()},
                 {"intGridCsv", ojson::array()},
                 {"autoLayerTiles", ojson::array()},
                 {"seed", 1},
                 {"overrideTilesetUid", nullptr},
                 {"gridTiles", ojson::array()},
                 {"entityInstances", ojson::array()}};
}

const ojson& def_named(const ojson& defs, std::string_view identifier) {
    for (const ojson& def : defs) {
        if (def["identifier"] == identifier) return def;
    }
    static const ojson none;
    return none;
}

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

/// Where the template places things: a ground floor on the bottom row, the player on the left above it,
/// the goal on the right.
struct Placement {
    int floor_y, player_x, goal_x, stand_y;
};
Placement placement(int width, int height) {
    return {height - 1, 1, width - 2, height - 2};
}

}  // namespace

namespace {

/// The project, or null with `error` set when a prefab field has no LDtk counterpart.
ojson ldtk_project(const std::string& folder_name, int width, int height, std::string& error) {
    const TemplatePalette palette = template_palette();
    ojson entity_defs = ldtk_entity_defs(palette, error);
    if (entity_defs.is_null()) return nullptr;
    const int terrain_count = static_cast<int>(terrain_tiles().size());
    const ojson tiles_layer = ldtk_tiles_layer_def(palette);
    const ojson entities_layer = ldtk_layer_def("Entities", "Entities", kEntitiesLayerUid, "#0099DB");
    int next_uid = kFirstFieldUid;
    for (const ojson& def : entity_defs) next_uid += static_cast<int>(def["fieldDefs"].size());

    // The level: a ground floor along the bottom (drawn by the rules' tiles), a player and a goal.
    const Placement at = placement(width, height);
    ojson entities = ldtk_layer_instance(folder_name, entities_layer, width, height);
    entities["entityInstances"].push_back(
        ldtk_entity(folder_name, def_named(entity_defs, "player"), at.player_x, at.stand_y));
    entities["entityInstances"].push_back(
        ldtk_entity(folder_name, def_named(entity_defs, "goal"), at.goal_x, at.stand_y));
    ojson tiles = ldtk_layer_instance(folder_name, tiles_layer, width, height);
    const int ground = static_cast<int>(TileType::ground);
    std::vector<int> csv(static_cast<std::size_t>(width) * height, 0);
    for (int x = 0; x < width; ++x) {
        const int cell = at.floor_y * width + x;
        csv[static_cast<std::size_t>(cell)] = ground;
        const int tile = terrain_tile_id(ground, true);
        tiles["autoLayerTiles"].push_back(ojson{{"px", ojson::array({x * kTile, at.floor_y * kTile})},
                                                {"src", ojson::array({tile * kTile, 0})},
                                                {"f", 0},
                                                {"t", tile},
                                                {"d", ojson::array({top_rule_uid(ground), cell})},
                                                {"a", 1}});
    }
    tiles["intGridCsv"] = csv;
    ojson level{{"identifier", kLdtkTemplateLevel},
                {"iid", make_iid(folder_name, "level")},
                {"uid", 0},
                {"worldX", 0},
                {"worldY", 0},
                {"worldDepth", 0},
                {"pxWid", width * kTile},
                {"pxHei", height * kTile},
                {"__bgColor", kLevelBackground},
                {"bgColor", nullptr},
                {"useAutoIdentifier", false},
                {"bgRelPath", nullptr},
                {"bgPos", nullptr},
                {"bgPivotX", 0.5},
                {"bgPivotY", 0.5},
                {"__smartColor", "#ADC7E8"},
                {"__bgPos", nullptr},
                {"externalRelPath", nullptr},
                {"fieldInstances", ojson::array()},
                {"layerInstances", ojson::array({std::move(entities), std::move(tiles)})},
                {"__neighbours", ojson::array()}};

    return ojson{
        {"__header__",
         {{"fileType", "LDtk Project JSON"},
          {"app", "LDtk"},
          {"doc", "https://ldtk.io/json"},
          {"schema", "https://ldtk.io/files/JSON_SCHEMA.json"},
          {"appAuthor", "Sebastien 'deepnight' Benard"},
          {"appVersion", kLdtkVersion},
          {"url", "https://ldtk.io"}}},
        {"iid", make_iid(folder_name, "project")},
        {"jsonVersion", kLdtkVersion},
        {"appBuildId", 473703},
        {"nextUid", next_uid},
        {"identifierStyle", "Free"},
        {"toc", ojson::array()},
        {"worldLayout", "Free"},
        {"worldGridWidth", 256},
        {"worldGridHeight", 256},
        {"defaultLevelWidth", width * kTile},
        {"defaultLevelHeight", height * kTile},
        {"defaultPivotX", 0.5},
        {"defaultPivotY", 0.5},
        {"defaultGridSize", kTile},
        {"defaultEntityWidth", kTile},
        {"defaultEntityHeight", kTile},
        {"bgColor", "#40465B"},
        {"defaultLevelBgColor", kLevelBackground},
        {"minifyJson", false},
        {"externalLevels", false},
        {"exportTiled", false},
        {"simplifiedExport", false},
        {"imageExportMode", "None"},
        {"exportLevelBg", true},
        {"pngFilePattern", nullptr},
        {"backupOnSave", false},
        {"backupLimit", 10},
        {"backupRelPath", nullptr},
        {"levelNamePattern", "Level_%idx"},
        {"tutorialDesc", nullptr},
        {"customCommands", ojson::array()},
        {"flags", ojson::array()},
        {"defs",
         {{"layers", ojson::array({entities_layer, tiles_layer})},
          {"entities", std::move(entity_defs)},
          {"tilesets",
           ojson::array(
               {ldtk_tileset(kTilesTilesetUid, "Quickstep_tiles", kTilesImage, terrain_count, 1, "tiles"),
                ldtk_tileset(kPrefabsTilesetUid, "Quickstep_prefabs", kPrefabsImage, kPrefabColumns,
                             prefab_rows(palette.prefabs.size()), "prefabs")})},
          {"enums", ojson::array()},
          {"externalEnums", ojson::array()},
          {"levelFields", ojson::array()}}},
        {"levels", ojson::array({std::move(level)})},
        {"worlds", ojson::array()},
        {"dummyWorldIid", make_iid(folder_name, "world")}};
}

}  // namespace

nlohmann::ordered_json ldtk_template_project(const std::string& folder_name, int width, int height) {
    std::string error;
    return ldtk_project(folder_name, width, height, error);
}

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

bool write_ldtk_template(const fs::path& folder, const std::string& folder_name, int width, int height,
                         std::string& error) {
    const ojson project = ldtk_project(folder_name, width, height, error);
    if (project.is_null()) return false;
    return write_template_art(folder, template_palette(), error) &&
           write_json(folder / (folder_name + ".ldtk"), project, error);
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
