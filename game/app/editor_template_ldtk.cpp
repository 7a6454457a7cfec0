// The LDtk project of `quickstep --new-level NAME WxH --ldtk`: the tile types as an IntGrid layer with
// auto-layer rules that draw them as the game does, every placeable prefab as an entity definition with its
// editable fields, and one level with a floor, a player and a goal.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "engine/fnv1a.hpp"
#include "game/app/editor_template.hpp"
#include "game/app/editor_template_parts.hpp"
#include "game/app/level_template.hpp"
#include "game/levels/level_guide.hpp"
#include "game/sim/tiles.hpp"
#include "game/sim/world.hpp"

namespace qs {
namespace {

using namespace editor_template_detail;
namespace fs = std::filesystem;

constexpr const char* kLdtkVersion = "1.5.3";  // the JSON format written, as LDtk 1.5.3 saves it

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

bool write_ldtk_template(const fs::path& folder, const std::string& folder_name, int width, int height,
                         std::string& error) {
    const ojson project = ldtk_project(folder_name, width, height, error);
    if (project.is_null()) return false;
    return write_template_art(folder, template_palette(), error) &&
           write_json(folder / (folder_name + ".ldtk"), project, error);
}

}  // namespace qs
