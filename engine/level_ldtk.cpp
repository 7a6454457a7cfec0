// LDtk projects (JSON format 1.x): the level list, and one level read into the builder: IntGrid layers as
// geometry, entity layers as entities with their fields, tile / auto-tile layers drawn bottom to top.
#include <algorithm>
#include <cmath>

#include "engine/level_editor_parts.hpp"

namespace qs::level_editor_detail {
namespace {

/// The levels array of a project: its "levels", or those of its "worlds" (multi-world projects).
std::vector<const json*> project_levels(const json& project, const fs::path& file,
                                        std::vector<std::string>& errors) {
    std::vector<const json*> levels;
    if (!project.is_object()) {
        errors.push_back(file.string() + ": an LDtk project must hold a JSON object, got " +
                         json_kind(project));
        return levels;
    }
    const auto add_from = [&](const json& holder, const std::string& where) {
        const auto it = holder.find("levels");
        if (it == holder.end()) return;
        if (!it->is_array()) {
            errors.push_back(file.string() + ": " + where + "levels must be an array, got " + json_kind(*it));
            return;
        }
        for (const json& level : *it) levels.push_back(&level);
    };
    add_from(project, "");
    if (const auto worlds = project.find("worlds"); worlds != project.end() && worlds->is_array()) {
        for (std::size_t i = 0; i < worlds->size(); ++i) {
            if ((*worlds)[i].is_object()) add_from((*worlds)[i], "worlds[" + std::to_string(i) + "].");
        }
    }
    return levels;
}

/// A field value as the builder takes it: entity references become {"$ref": iid}.
json field_value(const json& value, const std::string& type) {
    const bool reference = type == "EntityRef" || type == "Array<EntityRef>";
    if (!reference) return value;
    const auto one = [](const json& ref) -> json {
        if (ref.is_object() && ref.contains("entityIid") && ref["entityIid"].is_string())
            return json{{"$ref", ref["entityIid"]}};
        return nullptr;
    };
    if (value.is_array()) {
        json out = json::array();
        for (const json& item : value) out.push_back(one(item));
        return out;
    }
    return value.is_null() ? value : one(value);
}

struct TilesetInfo {
    std::string rel_path;  ///< empty: no image (an embedded atlas)
    int grid = 0;
};

/// The tilesets of the project by uid.
std::map<std::int64_t, TilesetInfo> project_tilesets(const json& defs) {
    std::map<std::int64_t, TilesetInfo> tilesets;
    const auto list = defs.find("tilesets");
    if (list == defs.end() || !list->is_array()) return tilesets;
    for (const json& tileset : *list) {
        if (!tileset.is_object()) continue;
        const auto uid = tileset.find("uid");
        const auto grid = tileset.find("tileGridSize");
        if (uid == tileset.end() || grid == tileset.end()) continue;
        const auto uid_value = whole_in(*uid, INT32_MIN, INT32_MAX);
        const auto grid_value = whole_in(*grid, 1, 4096);
        if (!uid_value || !grid_value) continue;
        tilesets[*uid_value] = {string_or(tileset, "relPath"), static_cast<int>(*grid_value)};
    }
    return tilesets;
}

/// IntGrid value -> its identifier, per layer definition uid.
std::map<std::int64_t, std::map<std::int64_t, std::string>> intgrid_names(const json& defs) {
    std::map<std::int64_t, std::map<std::int64_t, std::string>> names;
    const auto layers = defs.find("layers");
    if (layers == defs.end() || !layers->is_array()) return names;
    for (const json& layer : *layers) {
        if (!layer.is_object() || !layer.contains("uid")) continue;
        const auto uid = whole_in(layer["uid"], INT32_MIN, INT32_MAX);
        const auto values = layer.find("intGridValues");
        if (!uid || values == layer.end() || !values->is_array()) continue;
        for (const json& value : *values) {
            if (!value.is_object() || !value.contains("value")) continue;
            const auto number = whole_in(value["value"], INT32_MIN, INT32_MAX);
            if (!number) continue;
            const std::string identifier = string_or(value, "identifier");
            names[*uid][*number] = identifier.empty() ? std::to_string(*number) : identifier;
        }
    }
    return names;
}

/// `count` finite numbers from the array member `key` of `object` within [low, high]; nullopt with an error.
std::optional<std::vector<double>> numbers_member(const json& object, const char* key, std::size_t count,
                                                  double low, double high, const std::string& where,
                                                  std::vector<std::string>& errors) {
    const auto it = object.find(key);
    std::vector<double> out;
    if (it != object.end() && it->is_array() && it->size() == count) {
        for (const json& item : *it) {
            const auto value = finite_number(item);
            if (!value || *value < low || *value > high) break;
            out.push_back(*value);
        }
    }
    if (out.size() == count) return out;
    errors.push_back(where + key + " must be " + std::to_string(count) + " numbers from " + json(low).dump() +
                     " to " + json(high).dump());
    return std::nullopt;
}

/// The level's background image (bgRelPath) under every layer and the game's tiles, where LDtk shows it:
/// the rectangle __bgPos.cropRect of the image, scaled by __bgPos.scale, its top-left corner at
/// __bgPos.topLeftPx; with bgPos "Repeat", that picture repeated over the level. Without __bgPos:
/// unscaled, placed by bgPivotX/Y.
void draw_level_background(const json& level, const std::string& where, const fs::path& project_dir,
                           const fs::path& canonical_root, double level_w, double level_h,
                           EditorLevelBuilder& builder, std::vector<std::string>& errors) {
    const std::string rel_path = string_or(level, "bgRelPath");
    if (rel_path.empty()) return;
    const std::string at = where + "background image (bgRelPath): ";
    const std::optional<fs::path> path = inside_path(canonical_root, project_dir, rel_path, at, errors);
    if (!path) return;
    const RgbaImage* image = builder.image(*path, at);
    if (!image) return;
    double crop_x = 0, crop_y = 0, crop_w = image->width, crop_h = image->height, scale_x = 1, scale_y = 1;
    double left = 0, top = 0;
    const auto position = level.find("__bgPos");
    if (position != level.end() && position->is_object()) {
        const std::string pos_where = where + "__bgPos.";
        const auto crop = numbers_member(*position, "cropRect", 4, 0, std::max(image->width, image->height),
                                         pos_where, errors);
        const auto scale = numbers_member(*position, "scale", 2, 1e-3, 1e3, pos_where, errors);
        const auto top_left = numbers_member(*position, "topLeftPx", 2, -1e7, 1e7, pos_where, errors);
        if (!crop || !scale || !top_left) return;
        crop_x = std::round((*crop)[0]);
        crop_y = std::round((*crop)[1]);
        crop_w = std::round((*crop)[2]);
        crop_h = std::round((*crop)[3]);
        if (crop_w < 1 || crop_h < 1 || crop_x + crop_w > image->width || crop_y + crop_h > image->height) {
            errors.push_back(pos_where + "cropRect " + position->at("cropRect").dump() +
                             " must lie in the image " + std::to_string(image->width) + "x" +
                             std::to_string(image->height));
            return;
        }
        scale_x = (*scale)[0];
        scale_y = (*scale)[1];
        left = (*top_left)[0];
        top = (*top_left)[1];
    } else if (position != level.end() && !position->is_null()) {
        errors.push_back(where + "__bgPos must be an object or null, got " + json_kind(*position));
        return;
    } else {
        const auto pivot = [&](const char* key) {
            const auto it = level.find(key);
            return it == level.end() ? 0.5 : std::clamp(finite_number(*it).value_or(0.5), 0.0, 1.0);
        };
        left = std::round(pivot("bgPivotX") * (level_w - image->width));
        top = std::round(pivot("bgPivotY") * (level_h - image->height));
    }
    const int dw = std::max(1, static_cast<int>(std::lround(crop_w * scale_x)));
    const int dh = std::max(1, static_cast<int>(std::lround(crop_h * scale_y)));
    const auto draw_at = [&](double x, double y) {
        return builder.draw_backdrop(*image, static_cast<int>(crop_x), static_cast<int>(crop_y),
                                     static_cast<int>(crop_w), static_cast<int>(crop_h), x, y, dw, dh);
    };
    if (string_or(level, "bgPos") != "Repeat") {
        draw_at(left, top);
        return;
    }
    // Repeated from the top-left corner both ways until the level is covered (each copy counts against
    // the drawing budget).
    const double first_x = left - std::ceil(left / dw) * dw, first_y = top - std::ceil(top / dh) * dh;
    for (double y = first_y; y < level_h; y += dh) {
        for (double x = first_x; x < level_w; x += dw) {
            if (!draw_at(x, y)) return;
        }
    }
}

/// Reads one level object (inline or from its .ldtkl) into the builder.
void read_level(const json& level, const fs::path& level_file, const json& defs, const fs::path& project_dir,
                const fs::path& canonical_root, const EditorLimits& limits, EditorLevelBuilder& builder,
                std::vector<std::string>& errors) {
    const std::string name = string_or(level, "identifier");
    const std::string where = level_file.string() + ": level " + quote_name(name) + ": ";
    const std::size_t errors_before = errors.size();
    const auto px_wid = whole_member(level, "pxWid", 1, INT32_MAX, where, errors);
    const auto px_hei = whole_member(level, "pxHei", 1, INT32_MAX, where, errors);
    const auto layers_it = level.find("layerInstances");
    if (layers_it == level.end() || !layers_it->is_array()) {
        errors.push_back(where + "layerInstances must be an array, got " +
                         (layers_it == level.end() ? std::string("nothing") : json_kind(*layers_it)));
        return;
    }
    const json& layers = *layers_it;
    if (static_cast<int>(layers.size()) > limits.max_layers) {
        errors.push_back(where + std::to_string(layers.size()) + " layers, over the limit of " +
                         std::to_string(limits.max_layers));
        return;
    }
    if (errors.size() > errors_before) return;

    // Each layer's shape first: type, grid size, cells.
    struct Layer {
        const json* data = nullptr;
        std::string type, name, where;
        int grid = 0, cw = 0, ch = 0;
    };
    std::vector<Layer> shaped;
    for (std::size_t i = 0; i < layers.size(); ++i) {
        const json& layer = layers[i];
        Layer shape;
        shape.data = &layer;
        if (!layer.is_object()) {
            errors.push_back(where + "layerInstances[" + std::to_string(i) + "] must be an object");
            continue;
        }
        shape.type = string_or(layer, "__type");
        shape.name = string_or(layer, "__identifier", "#" + std::to_string(i));
        shape.where = where + "layer " + quote_name(shape.name) + ": ";
        const auto grid = whole_member(layer, "__gridSize", 1, limits.max_tile_px, shape.where, errors);
        const auto cw = whole_member(layer, "__cWid", 0, 4096 * 4096, shape.where, errors);
        const auto ch = whole_member(layer, "__cHei", 0, 4096 * 4096, shape.where, errors);
        if (!grid || !cw || !ch) continue;
        shape.grid = static_cast<int>(*grid);
        shape.cw = static_cast<int>(*cw);
        shape.ch = static_cast<int>(*ch);
        shaped.push_back(shape);
    }
    if (errors.size() > errors_before) return;

    // The geometry grid: the IntGrid layers' cell size (all of them share one), else the first layer's.
    int grid = 0;
    for (const Layer& layer : shaped) {
        if (layer.type != "IntGrid") continue;
        if (grid == 0) {
            grid = layer.grid;
        } else if (layer.grid != grid) {
            errors.push_back(layer.where + "IntGrid cells of " + std::to_string(layer.grid) +
                             " pixels, but another IntGrid layer's are " + std::to_string(grid) +
                             " (one IntGrid cell is one tile: give the IntGrid layers one grid size)");
        }
    }
    if (grid == 0) grid = shaped.empty() ? 16 : shaped.front().grid;
    const std::int64_t width = (*px_wid + grid - 1) / grid, height = (*px_hei + grid - 1) / grid;
    if (errors.size() > errors_before ||
        !builder.start(static_cast<int>(std::min<std::int64_t>(width, INT32_MAX)),
                       static_cast<int>(std::min<std::int64_t>(height, INT32_MAX)), grid, where))
        return;
    if (const auto bg = parse_hex_colour(string_or(level, "__bgColor"))) builder.set_background(*bg);
    draw_level_background(level, where, project_dir, canonical_root, static_cast<double>(*px_wid),
                          static_cast<double>(*px_hei), builder, errors);

    const auto intgrid_values = intgrid_names(defs);
    const auto tilesets = project_tilesets(defs);
    // LDtk lists layers top first: geometry and drawing go bottom to top, so a higher layer wins.
    for (auto it = shaped.rbegin(); it != shaped.rend(); ++it) {
        const Layer& layer = *it;
        const json& data = *layer.data;
        if (layer.type == "IntGrid") {
            if (layer.cw != width || layer.ch != height) {
                errors.push_back(layer.where + "__cWid x __cHei is " + std::to_string(layer.cw) + "x" +
                                 std::to_string(layer.ch) + ", not the level's " + std::to_string(width) +
                                 "x" + std::to_string(height) + " cells");
                continue;
            }
            const auto csv = data.find("intGridCsv");
            if (csv == data.end() || !csv->is_array() ||
                csv->size() != static_cast<std::size_t>(layer.cw) * static_cast<std::size_t>(layer.ch)) {
                errors.push_back(layer.where + "intGridCsv must be an array of __cWid x __cHei = " +
                                 std::to_string(static_cast<std::int64_t>(layer.cw) * layer.ch) + " values");
                continue;
            }
            const auto def_uid = data.contains("layerDefUid")
                                     ? whole_in(data["layerDefUid"], INT32_MIN, INT32_MAX)
                                     : std::nullopt;
            const auto names = def_uid ? intgrid_values.find(*def_uid) : intgrid_values.end();
            int reported = 0;
            std::map<std::int64_t, int> type_of_value;  // looked up once per value
            for (int cy = 0; cy < layer.ch; ++cy) {
                for (int cx = 0; cx < layer.cw; ++cx) {
                    const json& cell = (*csv)[static_cast<std::size_t>(cy) * layer.cw + cx];
                    const auto value = whole_in(cell, 0, INT32_MAX);
                    if (value && *value == 0) continue;
                    const auto at = [&] {
                        return level_file.string() + ":" + std::to_string(cx) + "," + std::to_string(cy) +
                               ": level " + quote_name(name) + ": layer " + quote_name(layer.name) + ": ";
                    };
                    if (!value) {
                        if (++reported <= 5)
                            errors.push_back(at() + "IntGrid value must be a whole number from 0, got " +
                                             (cell.is_number() ? cell.dump() : json_kind(cell)));
                        continue;
                    }
                    auto known = type_of_value.find(*value);
                    if (known == type_of_value.end()) {
                        std::string value_name = std::to_string(*value);
                        int type = -1;
                        if (names != intgrid_values.end()) {
                            const auto named = names->second.find(*value);
                            if (named != names->second.end())
                                value_name = named->second;
                            else
                                type = -2;
                        }
                        if (type == -1) type = builder.tile_type(value_name, at());
                        known = type_of_value.emplace(*value, type).first;
                    }
                    if (known->second == -2) {
                        if (++reported <= 5)
                            errors.push_back(at() + "IntGrid value " + std::to_string(*value) +
                                             " is not defined in the layer's definition");
                        continue;
                    }
                    builder.set_tile(cx, cy, known->second);
                }
            }
            if (reported > 5)
                errors.push_back(layer.where + "... and " + std::to_string(reported - 5) + " more bad cells");
        }
        if (layer.type == "Entities") {
            const auto instances = data.find("entityInstances");
            if (instances == data.end() || !instances->is_array()) {
                errors.push_back(layer.where + "entityInstances must be an array");
                continue;
            }
            const double offset_x = finite_number(data.value("__pxTotalOffsetX", json(0))).value_or(0);
            const double offset_y = finite_number(data.value("__pxTotalOffsetY", json(0))).value_or(0);
            for (const json& instance : *instances) {
                if (!instance.is_object()) {
                    errors.push_back(layer.where + "an entity instance must be an object");
                    continue;
                }
                EditorEntity entity;
                entity.name = string_or(instance, "__identifier");
                entity.key = string_or(instance, "iid");
                const auto px = instance.find("px");
                const auto pivot = instance.find("__pivot");
                double x = 0, y = 0, pivot_x = 0, pivot_y = 0;
                bool placed = px != instance.end() && px->is_array() && px->size() == 2;
                if (placed) {
                    const auto a = finite_number((*px)[0]), b = finite_number((*px)[1]);
                    placed = a && b;
                    x = a.value_or(0);
                    y = b.value_or(0);
                }
                if (pivot != instance.end() && pivot->is_array() && pivot->size() == 2) {
                    pivot_x = std::clamp(finite_number((*pivot)[0]).value_or(0), 0.0, 1.0);
                    pivot_y = std::clamp(finite_number((*pivot)[1]).value_or(0), 0.0, 1.0);
                }
                const double w =
                    std::clamp(finite_number(instance.value("width", json(grid))).value_or(grid), 0.0, 1e6);
                const double h =
                    std::clamp(finite_number(instance.value("height", json(grid))).value_or(grid), 0.0, 1e6);
                // Centre in pixels -> tiles.
                const double cx = (x + offset_x - pivot_x * w + w / 2) / grid;
                const double cy = (y + offset_y - pivot_y * h + h / 2) / grid;
                const int cell_x = static_cast<int>(std::floor(std::clamp(cx, -1e9, 1e9)));
                const int cell_y = static_cast<int>(std::floor(std::clamp(cy, -1e9, 1e9)));
                entity.where = level_file.string() + ":" + std::to_string(cell_x) + "," +
                               std::to_string(cell_y) + ": level " + quote_name(name) + ": entity " +
                               quote_name(entity.name);
                if (!placed) {
                    errors.push_back(layer.where + "entity " + quote_name(entity.name) +
                                     ": px must be [x, y]");
                    continue;
                }
                entity.x = cx;
                entity.y = cy;
                if (const auto fields = instance.find("fieldInstances");
                    fields != instance.end() && fields->is_array()) {
                    for (const json& field : *fields) {
                        if (!field.is_object()) continue;
                        const auto value = field.find("__value");
                        entity.fields.push_back({string_or(field, "__identifier"),
                                                 field_value(value == field.end() ? json() : *value,
                                                             string_or(field, "__type"))});
                    }
                }
                builder.add_entity(std::move(entity));
            }
            continue;
        }
        // Drawn layers: Tiles (gridTiles), AutoLayer and IntGrid with rules (autoLayerTiles).
        const char* tiles_key = layer.type == "Tiles" ? "gridTiles" : "autoLayerTiles";
        const auto tiles = data.find(tiles_key);
        if (tiles == data.end() || !tiles->is_array() || tiles->empty()) continue;
        if (data.contains("visible") && data["visible"].is_boolean() && !data["visible"].get<bool>())
            continue;
        const auto tileset_uid = data.contains("__tilesetDefUid")
                                     ? whole_in(data["__tilesetDefUid"], INT32_MIN, INT32_MAX)
                                     : std::nullopt;
        const auto tileset = tileset_uid ? tilesets.find(*tileset_uid) : tilesets.end();
        const std::string rel_path = string_or(data, "__tilesetRelPath");
        if (tileset == tilesets.end() || rel_path.empty()) {
            errors.push_back(layer.where +
                             "its tiles come from a tileset without an image file (tileset uid " +
                             (tileset_uid ? std::to_string(*tileset_uid) : std::string("missing")) + ")");
            continue;
        }
        const std::optional<fs::path> image_path =
            inside_path(canonical_root, project_dir, rel_path, layer.where + "tileset: ", errors);
        if (!image_path) continue;
        const RgbaImage* image = builder.image(*image_path, layer.where + "tileset: ");
        if (!image) continue;
        const double opacity =
            std::clamp(finite_number(data.value("__opacity", json(1))).value_or(1), 0.0, 1.0);
        const double offset_x = finite_number(data.value("__pxTotalOffsetX", json(0))).value_or(0);
        const double offset_y = finite_number(data.value("__pxTotalOffsetY", json(0))).value_or(0);
        const int src_size = tileset->second.grid;
        int bad = 0;
        for (const json& tile : *tiles) {
            const json* px = tile.is_object() && tile.contains("px") ? &tile["px"] : nullptr;
            const json* src = tile.is_object() && tile.contains("src") ? &tile["src"] : nullptr;
            if (!px || !src || !px->is_array() || !src->is_array() || px->size() != 2 || src->size() != 2) {
                ++bad;
                continue;
            }
            const auto x = finite_number((*px)[0]), y = finite_number((*px)[1]);
            const auto sx = whole_in((*src)[0], 0, image->width), sy = whole_in((*src)[1], 0, image->height);
            const auto flips =
                tile.contains("f") ? whole_in(tile["f"], 0, 3) : std::optional<std::int64_t>(0);
            const double alpha =
                tile.contains("a") ? std::clamp(finite_number(tile["a"]).value_or(1), 0.0, 1.0) : 1.0;
            if (!x || !y || !sx || !sy || !flips) {
                ++bad;
                continue;
            }
            if (!builder.draw(*image, static_cast<int>(*sx), static_cast<int>(*sy), src_size, src_size,
                              *x + offset_x, *y + offset_y, layer.grid, layer.grid, (*flips & 1) != 0,
                              (*flips & 2) != 0, false, opacity * alpha))
                return;
        }
        if (bad > 0)
            errors.push_back(layer.where + std::to_string(bad) +
                             " tiles with a bad px, src or f (src must lie in the tileset image " +
                             std::to_string(image->width) + "x" + std::to_string(image->height) + ")");
    }
}

}  // namespace

std::vector<EditorLevelName> list_ldtk_levels(const fs::path& project_file, const EditorLimits& limits,
                                              std::vector<std::string>& errors, json* kept) {
    std::vector<EditorLevelName> names;
    std::optional<json> project = read_project_json(project_file, limits, errors);
    if (!project) return names;
    for (const json* level : project_levels(*project, project_file, errors)) {
        const auto identifier = level->is_object() ? level->find("identifier") : level->end();
        if (!level->is_object() || identifier == level->end() || !identifier->is_string()) {
            errors.push_back(project_file.string() + ": a level without an identifier (a string)");
            continue;
        }
        names.push_back({identifier->get<std::string>(), project_file});
        if (static_cast<int>(names.size()) > limits.max_levels) break;
    }
    if (kept) *kept = std::move(*project);
    return names;
}

bool read_ldtk_level(const json& project_json, const fs::path& project_file, const std::string& name,
                     const fs::path& canonical_root, const EditorLimits& limits, EditorLevelBuilder& builder,
                     std::vector<std::string>& errors) {
    builder.read_file(project_file);
    const json* project = &project_json;
    const json* level = nullptr;
    std::vector<std::string> listing_errors;  // reported when the project was listed
    for (const json* candidate : project_levels(*project, project_file, listing_errors)) {
        if (candidate->is_object() && string_or(*candidate, "identifier") == name) level = candidate;
    }
    if (!level) return false;
    static const json no_defs = json::object();
    const json& defs =
        project->contains("defs") && (*project)["defs"].is_object() ? (*project)["defs"] : no_defs;
    const fs::path project_dir = project_file.parent_path();
    const std::string external = string_or(*level, "externalRelPath");
    if (external.empty()) {
        read_level(*level, project_file, defs, project_dir, canonical_root, limits, builder, errors);
        return true;
    }
    const std::optional<fs::path> level_path =
        inside_path(canonical_root, project_dir, external,
                    project_file.string() + ": level " + quote_name(name) + ": externalRelPath: ", errors);
    if (!level_path) return true;
    builder.read_file(*level_path);
    const std::optional<json> level_json = read_project_json(*level_path, limits, errors);
    if (!level_json) return true;
    if (!level_json->is_object()) {
        errors.push_back(level_path->string() + ": an LDtk level file must hold a JSON object, got " +
                         json_kind(*level_json));
        return true;
    }
    read_level(*level_json, *level_path, defs, project_dir, canonical_root, limits, builder, errors);
    return true;
}

}  // namespace qs::level_editor_detail
