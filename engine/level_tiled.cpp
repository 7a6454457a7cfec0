// Tiled maps (.tmj, and .tmx through the same JSON): tilesets (embedded, .tsj, .tsx), tile layers (CSV,
// base64, zlib / gzip / zstd) as geometry by tile class and drawn with their flips, object layers as
// entities, image layers drawn, groups in order. The tile layers' data is read in level_tiled_data.cpp.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "engine/level_editor_parts.hpp"

namespace qs::level_editor_detail {
namespace {

constexpr std::uint32_t kFlipH = 0x80000000u, kFlipV = 0x40000000u, kFlipD = 0x20000000u,
                        kRotateHex = 0x10000000u;
constexpr std::uint32_t kGidMask = 0x0fffffffu;

double number_or(const json& object, const char* key, double fallback) {
    const auto it = object.find(key);
    if (it == object.end()) return fallback;
    return finite_number(*it).value_or(fallback);
}

/// One tileset as the map uses it.
struct Tileset {
    std::int64_t first_gid = 0;
    std::string name;
    int tile_w = 0, tile_h = 0, spacing = 0, margin = 0, columns = 0, count = 0;
    int offset_x = 0, offset_y = 0;
    const RgbaImage* image = nullptr;  ///< the tileset image; null for an image collection (or no image)
    /// An image collection's tiles: each its own image, or the rectangle of it the tile names.
    struct TileImage {
        const RgbaImage* image = nullptr;
        int x = 0, y = 0, w = 0, h = 0;
    };
    std::map<std::int64_t, TileImage> image_of;    ///< local tile id -> its image (image collections)
    bool collection = false;                       ///< no tileset image: the tiles listed are the tileset
    std::map<std::int64_t, std::string> class_of;  ///< local tile id -> class / type
    std::map<std::int64_t, json> properties_of;    ///< local tile id -> its custom properties (an array)
    std::string where;
};

/// Reads the tilesets a map lists (embedded or external), sorted by first gid.
std::vector<Tileset> read_tilesets(const json& map, const fs::path& map_file, const fs::path& canonical_root,
                                   const EditorLimits& limits, EditorLevelBuilder& builder,
                                   std::vector<std::string>& errors) {
    std::vector<Tileset> tilesets;
    const auto list = map.find("tilesets");
    if (list == map.end()) return tilesets;
    if (!list->is_array()) {
        errors.push_back(map_file.string() + ": tilesets must be an array, got " + json_kind(*list));
        return tilesets;
    }
    if (static_cast<int>(list->size()) > limits.max_tilesets) {
        errors.push_back(map_file.string() + ": " + std::to_string(list->size()) +
                         " tilesets, over the limit of " + std::to_string(limits.max_tilesets));
        return tilesets;
    }
    for (std::size_t i = 0; i < list->size(); ++i) {
        const json& entry = (*list)[i];
        std::string where = map_file.string() + ": tileset " + std::to_string(i) + ": ";
        if (!entry.is_object()) {
            errors.push_back(where + "must be an object");
            continue;
        }
        Tileset tileset;
        const auto first_gid = whole_member(entry, "firstgid", 1, kGidMask, where, errors);
        if (!first_gid) continue;
        tileset.first_gid = *first_gid;
        json external;
        const json* body = &entry;
        fs::path base = map_file.parent_path();
        if (const std::string source = string_or(entry, "source"); !source.empty()) {
            const std::optional<fs::path> path = inside_path(canonical_root, base, source, where, errors);
            if (!path) continue;
            std::optional<json> loaded;
            if (path->extension() == ".tsx") {
                loaded = read_tiled_xml(*path, limits, errors);
            } else {
                loaded = read_project_json(*path, limits, errors);
            }
            if (!loaded) continue;
            builder.read_file(*path);
            external = std::move(*loaded);
            body = &external;
            base = path->parent_path();
            where = path->string() + ": ";
            if (!body->is_object()) {
                errors.push_back(where + "a tileset must hold an object, got " + json_kind(*body));
                continue;
            }
        }
        tileset.name = string_or(*body, "name", "#" + std::to_string(i));
        tileset.where = where;
        const std::size_t errors_before = errors.size();
        tileset.tile_w = static_cast<int>(
            whole_member(*body, "tilewidth", 1, limits.max_tile_px, where, errors).value_or(0));
        tileset.tile_h = static_cast<int>(
            whole_member(*body, "tileheight", 1, limits.max_tile_px, where, errors).value_or(0));
        tileset.spacing =
            static_cast<int>(whole_member(*body, "spacing", 0, 4096, where, errors, 0).value_or(0));
        tileset.margin =
            static_cast<int>(whole_member(*body, "margin", 0, 4096, where, errors, 0).value_or(0));
        tileset.columns =
            static_cast<int>(whole_member(*body, "columns", 0, 1 << 20, where, errors, 0).value_or(0));
        tileset.count =
            static_cast<int>(whole_member(*body, "tilecount", 0, 1 << 24, where, errors, 0).value_or(0));
        if (const auto offset = body->find("tileoffset"); offset != body->end() && offset->is_object()) {
            tileset.offset_x =
                static_cast<int>(whole_member(*offset, "x", -4096, 4096, where, errors, 0).value_or(0));
            tileset.offset_y =
                static_cast<int>(whole_member(*offset, "y", -4096, 4096, where, errors, 0).value_or(0));
        }
        if (errors.size() > errors_before) continue;
        // An image collection's tile: its own image (inside the folder, through the bounded PNG reader),
        // or the rectangle x, y, width, height of it.
        const auto tile_image = [&](const json& tile, const std::string& at) {
            Tileset::TileImage drawn;
            const std::optional<fs::path> path =
                inside_path(canonical_root, base, string_or(tile, "image"), at + "image: ", errors);
            if (!path) return drawn;
            const RgbaImage* image = builder.image(*path, at + "image: ");
            if (!image) return drawn;
            const std::size_t before = errors.size();
            const auto x = whole_member(tile, "x", 0, image->width - 1, at, errors, 0);
            const auto y = whole_member(tile, "y", 0, image->height - 1, at, errors, 0);
            if (errors.size() > before) return drawn;
            const auto w = whole_member(tile, "width", 1, image->width - *x, at, errors, image->width - *x);
            const auto h =
                whole_member(tile, "height", 1, image->height - *y, at, errors, image->height - *y);
            if (errors.size() > before) return drawn;
            drawn = {image, static_cast<int>(*x), static_cast<int>(*y), static_cast<int>(*w),
                     static_cast<int>(*h)};
            return drawn;
        };
        if (const auto tiles = body->find("tiles"); tiles != body->end() && tiles->is_array()) {
            if (tiles->size() > (1u << 24)) {
                errors.push_back(where + "too many tile entries");
                continue;
            }
            for (const json& tile : *tiles) {
                if (!tile.is_object() || !tile.contains("id")) continue;
                const auto id = whole_in(tile["id"], 0, kGidMask);
                if (!id) {
                    errors.push_back(where + "a tile id must be a whole number, got " +
                                     json_kind(tile["id"]));
                    continue;
                }
                std::string tile_class = string_or(tile, "class");
                if (tile_class.empty()) tile_class = string_or(tile, "type");
                if (!tile_class.empty()) tileset.class_of[*id] = tile_class;
                if (const auto properties = tile.find("properties");
                    properties != tile.end() && properties->is_array())
                    tileset.properties_of[*id] = *properties;
                if (tile.contains("image") && !body->contains("image"))
                    tileset.image_of[*id] = tile_image(tile, where + "tile " + std::to_string(*id) + ": ");
            }
        }
        tileset.collection = !body->contains("image") && !tileset.image_of.empty();
        if (const std::string image = string_or(*body, "image"); !image.empty()) {
            const std::optional<fs::path> path =
                inside_path(canonical_root, base, image, where + "image: ", errors);
            if (path) tileset.image = builder.image(*path, where + "image: ");
            if (tileset.image && tileset.columns == 0)
                tileset.columns = std::max(1, (tileset.image->width - 2 * tileset.margin + tileset.spacing) /
                                                  (tileset.tile_w + tileset.spacing));
            if (tileset.image && tileset.count == 0) {
                const int rows = std::max(1, (tileset.image->height - 2 * tileset.margin + tileset.spacing) /
                                                 (tileset.tile_h + tileset.spacing));
                tileset.count = tileset.columns * rows;
            }
        }
        tilesets.push_back(std::move(tileset));
    }
    std::sort(tilesets.begin(), tilesets.end(),
              [](const Tileset& a, const Tileset& b) { return a.first_gid < b.first_gid; });
    return tilesets;
}

/// The tileset a gid (flags removed) belongs to, or null.
const Tileset* tileset_of(const std::vector<Tileset>& tilesets, std::uint32_t gid) {
    const Tileset* found = nullptr;
    for (const Tileset& tileset : tilesets) {
        if (tileset.first_gid <= gid) found = &tileset;
    }
    return found;
}

/// Custom properties as entity fields; an object property becomes a reference {"$ref": "#<id>"}.
std::vector<EditorField> properties_of(const json& object) {
    std::vector<EditorField> fields;
    const auto properties = object.find("properties");
    if (properties == object.end() || !properties->is_array()) return fields;
    for (const json& property : *properties) {
        if (!property.is_object() || !property.contains("name") || !property["name"].is_string()) continue;
        json value = property.contains("value") ? property["value"] : json();
        if (string_or(property, "type") == "object") {
            const auto id = whole_in(value, 0, INT32_MAX);
            value = id && *id > 0 ? json{{"$ref", "#" + std::to_string(*id)}} : json();
        }
        fields.push_back({property["name"].get<std::string>(), std::move(value)});
    }
    return fields;
}

/// The class defaults a Tiled project gives: class name (as Tiled spells it) -> its members as fields.
using ClassDefaults = std::map<std::string, std::vector<EditorField>>;

/// Reads the Tiled project file (*.tiled-project) beside the map, when the folder has one: its custom
/// types (propertyTypes), of which the classes' members are the default properties of objects of that class.
/// Bounded like every project file (size, nesting, counts); nullopt with the errors when it is bad.
std::optional<ClassDefaults> read_tiled_project(const fs::path& map_file, const fs::path& canonical_root,
                                                const EditorLimits& limits, EditorLevelBuilder& builder,
                                                std::vector<std::string>& errors) {
    ClassDefaults classes;
    std::vector<fs::path> found;
    std::error_code ec;
    for (fs::directory_iterator it(map_file.parent_path(), ec), end; !ec && it != end; it.increment(ec)) {
        if (it->path().extension() == ".tiled-project") found.push_back(it->path());
    }
    if (found.empty()) return classes;
    std::sort(found.begin(), found.end());
    if (found.size() > 1) {
        errors.push_back(found[1].string() + ": a second Tiled project beside " +
                         found[0].filename().string() + " (keep one .tiled-project file in the folder)");
        return std::nullopt;
    }
    const std::string where = found[0].string() + ": ";
    const std::optional<fs::path> path =
        inside_path(canonical_root, map_file.parent_path(), found[0].filename().string(), where, errors);
    if (!path) return std::nullopt;
    builder.read_file(*path);
    const std::optional<json> project = read_project_json(*path, limits, errors);
    if (!project) return std::nullopt;
    if (!project->is_object()) {
        errors.push_back(where + "a Tiled project must hold a JSON object, got " + json_kind(*project));
        return std::nullopt;
    }
    const auto types = project->find("propertyTypes");
    if (types == project->end()) return classes;
    if (!types->is_array()) {
        errors.push_back(where + "propertyTypes must be an array, got " + json_kind(*types));
        return std::nullopt;
    }
    if (types->size() > limits.max_property_types) {
        errors.push_back(where + std::to_string(types->size()) + " custom types, over the limit of " +
                         std::to_string(limits.max_property_types));
        return std::nullopt;
    }
    const std::size_t errors_before = errors.size();
    for (std::size_t i = 0; i < types->size(); ++i) {
        const json& type = (*types)[i];
        const std::string at = where + "propertyTypes[" + std::to_string(i) + "]: ";
        if (!type.is_object()) {
            errors.push_back(at + "must be an object, got " + json_kind(type));
            continue;
        }
        if (string_or(type, "type") != "class") continue;  // enums: their values arrive as plain values
        const auto name = type.find("name");
        if (name == type.end() || !name->is_string() || name->get<std::string>().empty()) {
            errors.push_back(at + "a class needs a name (a string)");
            continue;
        }
        const auto members = type.find("members");
        if (members != type.end() && !members->is_array()) {
            errors.push_back(at + "class " + quote_name(name->get<std::string>()) +
                             ": members must be an array, got " + json_kind(*members));
            continue;
        }
        if (members != type.end() && members->size() > limits.max_property_types) {
            errors.push_back(at + "class " + quote_name(name->get<std::string>()) + ": " +
                             std::to_string(members->size()) + " members, over the limit of " +
                             std::to_string(limits.max_property_types));
            continue;
        }
        classes[name->get<std::string>()] = members == type.end()
                                                ? std::vector<EditorField>{}
                                                : properties_of(json{{"properties", *members}});
    }
    if (errors.size() > errors_before) return std::nullopt;
    return classes;
}

/// Walks the layers, bottom first, with the offsets, opacity and visibility their groups pass down.
struct LayerWalk {
    const fs::path& map_file;
    const fs::path& canonical_root;
    const EditorLimits& limits;
    EditorLevelBuilder& builder;
    std::vector<std::string>& errors;
    const std::vector<Tileset>& tilesets;
    const ClassDefaults& classes;
    std::int64_t width = 0, height = 0;
    int tile_px = 0;
    int layers_seen = 0;

    void walk(const json& layers, double offset_x, double offset_y, double opacity, bool visible, int depth) {
        if (!layers.is_array()) {
            errors.push_back(map_file.string() + ": layers must be an array, got " + json_kind(layers));
            return;
        }
        for (const json& layer : layers) {
            if (++layers_seen > limits.max_layers) {
                if (layers_seen == limits.max_layers + 1)
                    errors.push_back(map_file.string() + ": more than " + std::to_string(limits.max_layers) +
                                     " layers, over the limit");
                return;
            }
            if (!layer.is_object()) {
                errors.push_back(map_file.string() + ": a layer must be an object");
                continue;
            }
            const std::string type = string_or(layer, "type");
            const std::string name = string_or(layer, "name");
            const std::string where = map_file.string() + ": layer " + quote_name(name) + ": ";
            const double x = offset_x + number_or(layer, "offsetx", 0) + number_or(layer, "x", 0) * tile_px;
            const double y = offset_y + number_or(layer, "offsety", 0) + number_or(layer, "y", 0) * tile_px;
            const double alpha = opacity * std::clamp(number_or(layer, "opacity", 1), 0.0, 1.0);
            // (.tmj writes visible as true / false, .tmx as 1 / 0.)
            const bool shown = visible && !(layer.contains("visible") &&
                                            (layer["visible"] == false || layer["visible"] == 0));
            if (type == "group") {
                if (depth >= 16) {
                    errors.push_back(where + "groups nested deeper than 16");
                    continue;
                }
                if (layer.contains("layers")) walk(layer["layers"], x, y, alpha, shown, depth + 1);
            } else if (type == "tilelayer") {
                tile_layer(layer, name, where, x, y, alpha, shown);
            } else if (type == "objectgroup") {
                object_layer(layer, name, x, y, alpha, shown);
            } else if (type == "imagelayer") {
                image_layer(layer, where, x, y, alpha, shown);
            } else {
                errors.push_back(where + "unknown layer type " + quote_name(type) +
                                 " (known: tilelayer, objectgroup, imagelayer, group)");
            }
        }
    }

    void tile_layer(const json& layer, const std::string& name, const std::string& where, double x, double y,
                    double opacity, bool shown) {
        const std::size_t errors_before = errors.size();
        const auto w = whole_member(layer, "width", 1, 4096, where, errors, width);
        const auto h = whole_member(layer, "height", 1, 4096, where, errors, height);
        if (errors.size() > errors_before) return;
        if (*w != width || *h != height) {
            errors.push_back(where + "layer is " + std::to_string(*w) + "x" + std::to_string(*h) +
                             " tiles, not the map's " + std::to_string(width) + "x" + std::to_string(height));
            return;
        }
        const std::optional<std::vector<std::uint32_t>> gids =
            layer_gids(layer, width, height, limits, where, errors);
        if (!gids) return;
        std::map<std::uint32_t, int> type_of_gid;
        int bad = 0;
        for (std::int64_t cy = 0; cy < height; ++cy) {
            for (std::int64_t cx = 0; cx < width; ++cx) {
                const std::uint32_t raw = (*gids)[static_cast<std::size_t>(cy * width + cx)];
                const std::uint32_t gid = raw & kGidMask;
                if (gid == 0) continue;
                const auto at = [&] {
                    return map_file.string() + ":" + std::to_string(cx) + "," + std::to_string(cy) +
                           ": layer " + quote_name(name) + ": ";
                };
                const Tileset* tileset = tileset_of(tilesets, gid);
                const std::int64_t local = tileset ? gid - tileset->first_gid : -1;
                if (!tileset || (tileset->collection ? !tileset->image_of.count(local)
                                                     : tileset->count > 0 && local >= tileset->count)) {
                    if (++bad <= 5)
                        errors.push_back(at() + "tile id " + std::to_string(gid) +
                                         " is in no tileset of the map");
                    continue;
                }
                if (raw & kRotateHex) {
                    if (++bad <= 5)
                        errors.push_back(at() + "tile " + std::to_string(gid) +
                                         " has the hexagonal rotation flag on an orthogonal map");
                    continue;
                }
                auto known = type_of_gid.find(gid);
                if (known == type_of_gid.end()) {
                    const auto tile_class = tileset->class_of.find(local);
                    known = type_of_gid
                                .emplace(gid, tile_class == tileset->class_of.end()
                                                  ? 0
                                                  : builder.tile_type(tile_class->second, at()))
                                .first;
                }
                builder.set_tile(static_cast<int>(cx), static_cast<int>(cy), known->second);
                if (!shown) continue;
                if (tileset->collection) {
                    // A collection's tile is drawn at its own size, bottom-left on the cell's bottom-left.
                    const Tileset::TileImage& tile = tileset->image_of.at(local);
                    if (!tile.image) continue;
                    const int dw = (raw & kFlipD) ? tile.h : tile.w, dh = (raw & kFlipD) ? tile.w : tile.h;
                    if (!builder.draw(*tile.image, tile.x, tile.y, tile.w, tile.h,
                                      x + static_cast<double>(cx) * tile_px + tileset->offset_x,
                                      y + static_cast<double>(cy + 1) * tile_px - dh + tileset->offset_y, dw,
                                      dh, (raw & kFlipH) != 0, (raw & kFlipV) != 0, (raw & kFlipD) != 0,
                                      opacity))
                        return;
                    continue;
                }
                if (!tileset->image || tileset->columns < 1) continue;
                const int column = static_cast<int>(local % tileset->columns);
                const int row = static_cast<int>(local / tileset->columns);
                const int sx = tileset->margin + column * (tileset->tile_w + tileset->spacing);
                const int sy = tileset->margin + row * (tileset->tile_h + tileset->spacing);
                // Tiled draws a tile with its bottom-left corner on the cell's bottom-left corner.
                const double dx = x + static_cast<double>(cx) * tile_px + tileset->offset_x;
                const double dy =
                    y + static_cast<double>(cy + 1) * tile_px - tileset->tile_h + tileset->offset_y;
                if (!builder.draw(*tileset->image, sx, sy, tileset->tile_w, tileset->tile_h, dx, dy,
                                  (raw & kFlipD) ? tileset->tile_h : tileset->tile_w,
                                  (raw & kFlipD) ? tileset->tile_w : tileset->tile_h, (raw & kFlipH) != 0,
                                  (raw & kFlipV) != 0, (raw & kFlipD) != 0, opacity))
                    return;
            }
        }
        if (bad > 5) errors.push_back(where + "... and " + std::to_string(bad - 5) + " more bad tiles");
    }

    void object_layer(const json& layer, const std::string& layer_name, double x, double y, double opacity,
                      bool shown) {
        const auto objects = layer.find("objects");
        if (objects == layer.end()) return;
        if (!objects->is_array()) {
            errors.push_back(map_file.string() + ": layer " + quote_name(layer_name) +
                             ": objects must be an array");
            return;
        }
        for (const json& object : *objects) {
            if (!object.is_object()) continue;
            EditorEntity entity;
            entity.name = string_or(object, "class");
            if (entity.name.empty()) entity.name = string_or(object, "type");
            // A tile object takes its tile's class and properties, its own properties overriding them.
            const std::optional<std::int64_t> gid = whole_in(object.value("gid", json()), 0, 0xffffffffLL);
            const Tileset* tileset =
                gid ? tileset_of(tilesets, static_cast<std::uint32_t>(*gid) & kGidMask) : nullptr;
            const std::int64_t local =
                tileset ? (static_cast<std::int64_t>(*gid) & kGidMask) - tileset->first_gid : -1;
            if (entity.name.empty() && tileset) {
                const auto tile_class = tileset->class_of.find(local);
                if (tile_class != tileset->class_of.end()) entity.name = tile_class->second;
            }
            const std::string class_name = entity.name;  // the class whose project defaults apply
            if (entity.name.empty()) entity.name = string_or(object, "name");
            const std::optional<std::int64_t> id = whole_in(object.value("id", json()), 0, INT32_MAX);
            if (id) entity.key = "#" + std::to_string(*id);
            const std::optional<double> ox = finite_number(object.value("x", json()));
            const std::optional<double> oy = finite_number(object.value("y", json()));
            const double left = x + ox.value_or(0), bottom = y + oy.value_or(0);
            const auto flags = static_cast<std::uint32_t>(gid.value_or(0));
            const double w = std::clamp(number_or(object, "width", 0), 0.0, 1e7);
            const double h = std::clamp(number_or(object, "height", 0), 0.0, 1e7);
            const bool tile_object = object.contains("gid");
            // Rectangles and ellipses hang from their top-left corner, tile objects from their bottom-left.
            const double cx = (left + w / 2) / tile_px;
            const double cy = (bottom + (tile_object ? -h / 2 : h / 2)) / tile_px;
            entity.where = map_file.string() + ":" +
                           std::to_string(static_cast<long long>(std::floor(std::clamp(cx, -1e9, 1e9)))) +
                           "," +
                           std::to_string(static_cast<long long>(std::floor(std::clamp(cy, -1e9, 1e9)))) +
                           ": layer " + quote_name(layer_name) + ": object " + quote_name(entity.name) +
                           (id ? " (id " + std::to_string(*id) + ")" : std::string());
            if (!ox || !oy) {
                errors.push_back(entity.where + ": x and y must be numbers");
                continue;
            }
            if (object.contains("template")) {
                errors.push_back(entity.where +
                                 ": object templates (.tx) are not read: detach the template in "
                                 "Tiled (right click > Detach)");
                continue;
            }
            entity.x = cx;
            entity.y = cy;
            entity.fields = properties_of(object);
            if (tileset) {
                if (const auto inherited = tileset->properties_of.find(local);
                    inherited != tileset->properties_of.end()) {
                    for (EditorField& field : properties_of(json{{"properties", inherited->second}})) {
                        const bool overridden =
                            std::any_of(entity.fields.begin(), entity.fields.end(),
                                        [&](const EditorField& own) { return own.name == field.name; });
                        if (!overridden) entity.fields.push_back(std::move(field));
                    }
                }
            }
            // Then the class's members in the Tiled project, as Tiled shows them on an object that leaves
            // them unchanged (it saves only the properties set on the object).
            if (const auto defaults = classes.find(class_name); defaults != classes.end()) {
                for (const EditorField& field : defaults->second) {
                    const bool overridden =
                        std::any_of(entity.fields.begin(), entity.fields.end(),
                                    [&](const EditorField& own) { return own.name == field.name; });
                    if (!overridden) entity.fields.push_back(field);
                }
            }
            const std::string where = entity.where;
            const bool prefab = builder.add_entity(std::move(entity));
            // A tile object that is no prefab is scenery: drawn at its size, bottom-left on its x, y (a
            // prefab is drawn by the game).
            if (prefab || !tileset || !shown ||
                (object.contains("visible") && (object["visible"] == false || object["visible"] == 0)))
                continue;
            if (number_or(object, "rotation", 0) != 0) {
                builder.warn(where + ": warning: a rotated tile object is not drawn");
                continue;
            }
            if (!draw_tile_object(*tileset, local, left, bottom, w, h, (flags & kFlipH) != 0,
                                  (flags & kFlipV) != 0, opacity, where))
                return;
        }
    }

    /// Draws tile `local` of `tileset` as a tile object with its bottom-left corner at editor pixel
    /// (left, bottom), `w` x `h` pixels (0: the tile's own size); false when the drawing budget is spent.
    bool draw_tile_object(const Tileset& tileset, std::int64_t local, double left, double bottom, double w,
                          double h, bool flip_x, bool flip_y, double opacity, const std::string& where) {
        const RgbaImage* image = tileset.image;
        int sx = 0, sy = 0, sw = tileset.tile_w, sh = tileset.tile_h;
        if (tileset.collection) {
            const auto tile = tileset.image_of.find(local);
            if (tile == tileset.image_of.end()) {
                errors.push_back(where + ": tile " + std::to_string(local) + " is not in tileset " +
                                 quote_name(tileset.name));
                return true;
            }
            image = tile->second.image;
            sx = tile->second.x;
            sy = tile->second.y;
            sw = tile->second.w;
            sh = tile->second.h;
        } else if (tileset.columns >= 1 && (tileset.count < 1 || local < tileset.count)) {
            sx = tileset.margin +
                 static_cast<int>(local % tileset.columns) * (tileset.tile_w + tileset.spacing);
            sy = tileset.margin +
                 static_cast<int>(local / tileset.columns) * (tileset.tile_h + tileset.spacing);
        } else {
            image = nullptr;
        }
        if (!image) return true;
        // Drawn no larger than the level (a hostile size costs nothing more).
        const double most = static_cast<double>(std::max(width, height)) * tile_px;
        const int dw = static_cast<int>(std::lround(std::min(w > 0 ? w : sw, most)));
        const int dh = static_cast<int>(std::lround(std::min(h > 0 ? h : sh, most)));
        return builder.draw(*image, sx, sy, sw, sh, left + tileset.offset_x, bottom - dh + tileset.offset_y,
                            dw, dh, flip_x, flip_y, false, opacity);
    }

    void image_layer(const json& layer, const std::string& where, double x, double y, double opacity,
                     bool shown) {
        const std::string source = string_or(layer, "image");
        if (source.empty() || !shown) return;
        const std::optional<fs::path> path =
            inside_path(canonical_root, map_file.parent_path(), source, where + "image: ", errors);
        if (!path) return;
        const RgbaImage* image = builder.image(*path, where + "image: ");
        if (!image) return;
        builder.draw(*image, 0, 0, image->width, image->height, x, y, image->width, image->height, false,
                     false, false, opacity);
    }
};

}  // namespace

void read_tiled_map(const fs::path& map_file, const fs::path& canonical_root, const EditorLimits& limits,
                    EditorLevelBuilder& builder, std::vector<std::string>& errors) {
    builder.read_file(map_file);
    const std::optional<json> map = map_file.extension() == ".tmx"
                                        ? read_tiled_xml(map_file, limits, errors)
                                        : read_project_json(map_file, limits, errors);
    if (!map) return;
    const std::string where = map_file.string() + ": ";
    if (!map->is_object()) {
        errors.push_back(where + "a Tiled map must hold a JSON object, got " + json_kind(*map));
        return;
    }
    const std::string orientation = string_or(*map, "orientation", "orthogonal");
    if (orientation != "orthogonal") {
        errors.push_back(where + "the map is " + orientation + "; Quickstep plays orthogonal maps");
        return;
    }
    if (map->contains("infinite") && ((*map)["infinite"] == true || (*map)["infinite"] == 1)) {
        errors.push_back(where +
                         "the map is infinite: make it fixed-size in Tiled (Map > Map Properties > "
                         "Infinite off)");
        return;
    }
    const std::size_t errors_before = errors.size();
    const auto width = whole_member(*map, "width", 1, INT32_MAX, where, errors);
    const auto height = whole_member(*map, "height", 1, INT32_MAX, where, errors);
    const auto tile_w = whole_member(*map, "tilewidth", 1, limits.max_tile_px, where, errors);
    const auto tile_h = whole_member(*map, "tileheight", 1, limits.max_tile_px, where, errors);
    if (errors.size() > errors_before) return;
    if (*tile_w != *tile_h) {
        errors.push_back(where + "map tiles are " + std::to_string(*tile_w) + "x" + std::to_string(*tile_h) +
                         " pixels; a Quickstep tile is square (give the map equal tile width and height)");
        return;
    }
    if (!builder.start(static_cast<int>(std::min<std::int64_t>(*width, INT32_MAX)),
                       static_cast<int>(std::min<std::int64_t>(*height, INT32_MAX)),
                       static_cast<int>(*tile_w), where))
        return;
    if (const auto bg = parse_hex_colour(string_or(*map, "backgroundcolor"))) builder.set_background(*bg);
    const std::vector<Tileset> tilesets =
        read_tilesets(*map, map_file, canonical_root, limits, builder, errors);
    if (errors.size() > errors_before) return;
    const std::optional<ClassDefaults> classes =
        read_tiled_project(map_file, canonical_root, limits, builder, errors);
    if (!classes) return;
    LayerWalk walk{map_file, canonical_root, limits, builder, errors,
                   tilesets, *classes,       *width, *height, static_cast<int>(*tile_w)};
    if (map->contains("layers")) walk.walk((*map)["layers"], 0, 0, 1, true, 0);
}

}  // namespace qs::level_editor_detail
