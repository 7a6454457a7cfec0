// Levels from editors: the folder's project files, the quickstep.json name mapping, and the builder that
// turns what the LDtk and Tiled readers hand it into LevelData (tiles, rectangles, entities, visuals).
#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <set>
#include <system_error>

#include "engine/content_digest.hpp"
#include "engine/fnv1a.hpp"
#include "engine/join.hpp"
#include "engine/json_file.hpp"
#include "engine/level_editor_parts.hpp"
#include "engine/level_folder_parts.hpp"
#include "engine/png_image.hpp"
#include "engine/printable_text.hpp"
#include "engine/rect_partition.hpp"

namespace qs {
namespace level_editor_detail {

std::string json_kind(const json& value) {
    return level_folder_detail::kind_of(value);
}

std::string quote_name(const std::string& text) {
    return json(printable(text)).dump();
}

std::optional<std::uint32_t> parse_hex_colour(const std::string& text) {
    if ((text.size() != 7 && text.size() != 9) || text[0] != '#') return std::nullopt;
    std::uint32_t value = 0;
    for (std::size_t i = 1; i < text.size(); ++i) {
        const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(text[i])));
        int digit;
        if (c >= '0' && c <= '9') {
            digit = c - '0';
        } else if (c >= 'a' && c <= 'f') {
            digit = c - 'a' + 10;
        } else {
            return std::nullopt;
        }
        value = (value << 4) | static_cast<std::uint32_t>(digit);
    }
    if (text.size() == 7) return (value << 8) | 0xffu;
    return (value << 8) | (value >> 24);  // #AARRGGBB -> RRGGBBAA
}

std::optional<std::int64_t> whole_in(const json& value, std::int64_t low, std::int64_t high) {
    std::int64_t whole;
    if (value.is_number_integer()) {
        if (value.is_number_unsigned()) {
            if (value.get<std::uint64_t>() > static_cast<std::uint64_t>(high)) return std::nullopt;
            whole = static_cast<std::int64_t>(value.get<std::uint64_t>());
        } else {
            whole = value.get<std::int64_t>();
        }
    } else if (value.is_number_float()) {
        const double d = value.get<double>();
        if (!std::isfinite(d) || d != std::floor(d) || d < static_cast<double>(low) ||
            d > static_cast<double>(high))
            return std::nullopt;
        whole = static_cast<std::int64_t>(d);
    } else {
        return std::nullopt;
    }
    if (whole < low || whole > high) return std::nullopt;
    return whole;
}

std::optional<double> finite_number(const json& value) {
    if (!value.is_number()) return std::nullopt;
    const double d = value.get<double>();
    if (!std::isfinite(d)) return std::nullopt;
    return d;
}

std::string string_or(const json& object, const char* key, const std::string& fallback) {
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : fallback;
}

std::optional<std::int64_t> whole_member(const json& object, const char* key, std::int64_t low,
                                         std::int64_t high, const std::string& where,
                                         std::vector<std::string>& errors,
                                         std::optional<std::int64_t> fallback) {
    const auto it = object.find(key);
    if (it == object.end()) {
        if (!fallback) errors.push_back(where + key + " is missing");
        return fallback;
    }
    const std::optional<std::int64_t> value = whole_in(*it, low, high);
    if (!value)
        errors.push_back(where + key + " must be a whole number from " + std::to_string(low) + " to " +
                         std::to_string(high) + ", got " + (it->is_number() ? it->dump() : json_kind(*it)));
    return value;
}

std::optional<fs::path> inside_path(const fs::path& canonical_root, const fs::path& base_dir,
                                    const std::string& relative, const std::string& where,
                                    std::vector<std::string>& errors) {
    const fs::path given(relative);
    if (relative.empty() || given.is_absolute() || given.has_root_name() || !valid_utf8(relative)) {
        errors.push_back(where + "path " + quote_name(relative) +
                         " must be relative to the project, inside the level folder (refused)");
        return std::nullopt;
    }
    const fs::path joined = (base_dir / given).lexically_normal();
    std::error_code ec;
    const fs::path from_root = fs::weakly_canonical(joined, ec).lexically_relative(canonical_root);
    if (from_root.empty() || *from_root.begin() == "..") {
        errors.push_back(where + "path " + quote_name(relative) +
                         " leads outside the level folder (refused)");
        return std::nullopt;
    }
    std::vector<std::string> lines;
    level_folder_detail::ErrorList list(lines);
    if (!level_folder_detail::check_openable(canonical_root, joined, list)) {
        for (const std::string& line : lines) errors.push_back(where + line);
        return std::nullopt;
    }
    return joined;
}

std::optional<json> read_project_json(const fs::path& path, const EditorLimits& limits,
                                      std::vector<std::string>& errors) {
    JsonLoad loaded = load_json_file(path, limits.max_project_bytes, limits.max_json_depth);
    if (!loaded.value) {
        errors.push_back(loaded.error);
        return std::nullopt;
    }
    return std::move(loaded.value);
}

namespace {

std::string lower(std::string text) {
    for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

/// Reads quickstep.json when the folder has one.
std::optional<NameMapping> read_mapping(const fs::path& folder, const fs::path& canonical_root,
                                        const EditorLimits& limits, std::vector<std::string>& errors) {
    NameMapping mapping;
    const fs::path path = folder / "quickstep.json";
    std::error_code ec;
    if (!fs::exists(fs::symlink_status(path, ec))) return mapping;
    std::vector<std::string> lines;
    level_folder_detail::ErrorList list(lines);
    if (!level_folder_detail::check_openable(canonical_root, path, list)) {
        errors.insert(errors.end(), lines.begin(), lines.end());
        return std::nullopt;
    }
    JsonLoad loaded = load_json_file(path, limits.max_mapping_bytes, limits.max_json_depth);
    if (!loaded.value) {
        errors.push_back(loaded.error);
        return std::nullopt;
    }
    const json& document = *loaded.value;
    if (!document.is_object()) {
        errors.push_back(path.string() +
                         ": must hold a JSON object like {\"tiles\": {...}, \"entities\": "
                         "{...}}, got " +
                         json_kind(document));
        return std::nullopt;
    }
    bool ok = true;
    for (const auto& [key, value] : document.items()) {
        auto* table = key == "tiles" ? &mapping.tiles : key == "entities" ? &mapping.entities : nullptr;
        if (!table) {
            errors.push_back(path.string() + ": unknown key " + quote_name(key) +
                             " (known: tiles, entities)");
            ok = false;
            continue;
        }
        if (!value.is_object()) {
            errors.push_back(path.string() + ": " + key + " must be an object of names, got " +
                             json_kind(value));
            ok = false;
            continue;
        }
        for (const auto& [name, meaning] : value.items()) {
            if (meaning.is_null()) {
                (*table)[name] = std::nullopt;
            } else if (meaning.is_string()) {
                (*table)[name] = meaning.get<std::string>();
            } else {
                errors.push_back(path.string() + ": " + key + "." + name + " must be a name or null, got " +
                                 json_kind(meaning));
                ok = false;
            }
        }
    }
    if (!ok) return std::nullopt;
    return mapping;
}

/// Checks the names quickstep.json maps to.
void check_mapping(const NameMapping& mapping, const fs::path& path, const LevelSchema& schema,
                   std::vector<std::string>& errors) {
    for (const auto& [name, meaning] : mapping.tiles) {
        if (meaning && std::find(schema.tile_types.begin(), schema.tile_types.end(), *meaning) ==
                           schema.tile_types.end())
            errors.push_back(path.string() + ": tiles." + name + ": unknown tile type " +
                             quote_name(*meaning) + " (known: " + join(schema.tile_types) + ")");
    }
    for (const auto& [name, meaning] : mapping.entities) {
        if (meaning &&
            std::find(schema.prefabs.begin(), schema.prefabs.end(), *meaning) == schema.prefabs.end())
            errors.push_back(path.string() + ": entities." + name + ": unknown prefab " +
                             quote_name(*meaning) + " (known: " + join(schema.prefabs) + ")");
    }
}

/// The project files directly in `folder`, by kind, sorted by name.
struct ProjectFiles {
    std::vector<fs::path> ldtk, maps;
    bool listed = false;
};

ProjectFiles project_files(const fs::path& folder) {
    ProjectFiles files;
    std::error_code ec;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        const fs::path& path = it->path();
        const fs::path extension = path.extension();
        if (extension == ".ldtk") files.ldtk.push_back(path);
        if (extension == ".tmj" || extension == ".tmx") files.maps.push_back(path);
    }
    files.listed = !ec;
    std::sort(files.ldtk.begin(), files.ldtk.end());
    std::sort(files.maps.begin(), files.maps.end());
    return files;
}

/// A level name usable in file names and on the command line: UTF-8, no separators or control characters.
bool usable_level_name(const std::string& name) {
    if (name.empty() || name.size() > 128 || name == "." || name == ".." || !valid_utf8(name)) return false;
    return std::none_of(name.begin(), name.end(), [](char c) {
        return c == '/' || c == '\\' || static_cast<unsigned char>(c) < 0x20 || c == 0x7f;
    });
}

EditorProject list_levels(const fs::path& folder, const EditorLimits& limits, json* ldtk_project = nullptr) {
    EditorProject project;
    const ProjectFiles files = project_files(folder);
    if (!files.listed) {
        project.errors.push_back(folder.string() + ": cannot list the folder");
        return project;
    }
    if (files.ldtk.size() > 1) {
        std::vector<std::string> names;
        for (const fs::path& file : files.ldtk) names.push_back(file.filename().string());
        project.errors.push_back(folder.string() + ": " + std::to_string(files.ldtk.size()) +
                                 " LDtk projects, expected at most one: " + join(names));
        return project;
    }
    if (!files.ldtk.empty())
        project.levels = list_ldtk_levels(files.ldtk.front(), limits, project.errors, ldtk_project);
    for (const fs::path& map : files.maps) project.levels.push_back({map.stem().string(), map});
    std::set<std::string> seen;
    for (const EditorLevelName& level : project.levels) {
        if (!usable_level_name(level.name)) {
            project.errors.push_back(level.file.string() + ": level name " + quote_name(level.name) +
                                     " cannot name a level (1 to 128 characters of UTF-8 text, no '/', '\\' "
                                     "or control characters): rename it");
        } else if (!seen.insert(level.name).second) {
            project.errors.push_back(level.file.string() + ": two levels are named " +
                                     quote_name(level.name) + " in this folder: rename one");
        }
    }
    if (static_cast<int>(project.levels.size()) > limits.max_levels) {
        project.errors.push_back(folder.string() + ": " + std::to_string(project.levels.size()) +
                                 " levels, over the limit of " + std::to_string(limits.max_levels));
    }
    if (project.levels.empty() && project.errors.empty())
        project.errors.push_back(folder.string() + ": the project holds no level");
    if (!project.errors.empty()) project.levels.clear();
    return project;
}

LevelLoadResult load_level(const fs::path& folder, const std::string& name, const LevelSchema& schema,
                           const LevelLimits& limits, const EditorLimits& editor_limits) {
    LevelLoadResult result;
    std::error_code ec;
    const fs::path canonical_root = fs::canonical(folder, ec);
    if (ec || !fs::is_directory(canonical_root, ec)) {
        result.errors.push_back(folder.string() + ": no such folder");
        return result;
    }
    json ldtk_project;  // parsed once: listed, then read
    EditorProject project = list_levels(folder, editor_limits, &ldtk_project);
    if (!project.errors.empty()) {
        result.errors = std::move(project.errors);
        return result;
    }
    const auto level = std::find_if(project.levels.begin(), project.levels.end(),
                                    [&](const EditorLevelName& l) { return l.name == name; });
    if (level == project.levels.end()) {
        std::vector<std::string> names;
        for (const EditorLevelName& l : project.levels) names.push_back(l.name);
        result.errors.push_back(folder.string() + ": no level " + quote_name(name) +
                                " in the project (levels: " + join(names) + ")");
        return result;
    }
    const std::optional<NameMapping> mapping =
        read_mapping(folder, canonical_root, editor_limits, result.errors);
    if (!mapping) return result;
    check_mapping(*mapping, folder / "quickstep.json", schema, result.errors);
    if (!result.errors.empty()) return result;

    EditorLevelBuilder builder(schema, limits, editor_limits, *mapping, canonical_root, result.errors,
                               result.warnings);
    if (fs::exists(folder / "quickstep.json", ec)) builder.read_file(folder / "quickstep.json");
    const fs::path file = level->file;
    if (file.extension() == ".ldtk") {
        read_ldtk_level(ldtk_project, file, name, canonical_root, editor_limits, builder, result.errors);
    } else {
        read_tiled_map(file, canonical_root, editor_limits, builder, result.errors);
    }
    std::optional<LevelData> data = builder.finish(folder, name, level->file);
    if (data) {
        data->folder_name = level_folder_detail::folder_name_of(folder, canonical_root) + "/" + name;
        data->editor = file.extension() == ".ldtk" ? "LDtk" : "Tiled";
        data->warnings = result.warnings;
        result.level = std::move(data);
    }
    return result;
}

}  // namespace

EditorLevelBuilder::EditorLevelBuilder(const LevelSchema& schema, const LevelLimits& limits,
                                       const EditorLimits& editor_limits, const NameMapping& mapping,
                                       fs::path canonical_root, std::vector<std::string>& errors,
                                       std::vector<std::string>& warnings)
    : schema_(schema),
      limits_(limits),
      editor_limits_(editor_limits),
      mapping_(mapping),
      canonical_root_(std::move(canonical_root)),
      errors_(errors),
      warnings_(warnings),
      errors_at_start_(errors.size()) {}

bool EditorLevelBuilder::start(int width_tiles, int height_tiles, int tile_px, const std::string& where) {
    const int side = limits_.max_level_tiles_side;
    if (width_tiles < 1 || height_tiles < 1 || width_tiles > side || height_tiles > side) {
        errors_.push_back(where + "level is " + std::to_string(width_tiles) + "x" +
                          std::to_string(height_tiles) + " tiles, outside 1 to " + std::to_string(side) +
                          " tiles per side");
        return false;
    }
    if (tile_px < 1 || tile_px > editor_limits_.max_tile_px) {
        errors_.push_back(where + "tile size " + std::to_string(tile_px) + " pixels, outside 1 to " +
                          std::to_string(editor_limits_.max_tile_px));
        return false;
    }
    tiles_ = TileGrid(width_tiles, height_tiles);
    tile_px_ = tile_px;
    return true;
}

int EditorLevelBuilder::tile_type(const std::string& name, const std::string& where_seen) {
    if (const auto known = tile_meaning_.find(name); known != tile_meaning_.end()) return known->second;
    int type = 0;
    std::optional<std::string> meaning;
    bool skipped_by_mapping = false;
    if (const auto mapped = mapping_.tiles.find(name); mapped != mapping_.tiles.end()) {
        meaning = mapped->second;
        skipped_by_mapping = !meaning;
    } else {
        for (const std::string& tile : schema_.tile_types) {
            if (lower(tile) == lower(name)) meaning = tile;
        }
        if (!meaning)
            warnings_.push_back(where_seen + "warning: tile " + quote_name(name) +
                                " has no meaning here (tile types: " + join(schema_.tile_types) +
                                "; map it in quickstep.json): skipped");
    }
    if (meaning) {
        type = static_cast<int>(std::find(schema_.tile_types.begin(), schema_.tile_types.end(), *meaning) -
                                schema_.tile_types.begin());
    }
    (void)skipped_by_mapping;
    tile_meaning_[name] = type;
    return type;
}

void EditorLevelBuilder::set_tile(int x, int y, int type) {
    if (type > 0 && tiles_.inside(x, y)) tiles_.set(x, y, static_cast<std::uint8_t>(type));
}

bool EditorLevelBuilder::add_entity(EditorEntity entity) {
    auto known = prefab_meaning_.find(entity.name);
    if (known == prefab_meaning_.end()) {
        std::optional<std::string> prefab;
        if (const auto mapped = mapping_.entities.find(entity.name); mapped != mapping_.entities.end()) {
            prefab = mapped->second;
        } else {
            for (const std::string& name : schema_.prefabs) {
                if (lower(name) == lower(entity.name)) prefab = name;
            }
            if (!prefab)
                warnings_.push_back(entity.where + ": warning: entity " + quote_name(entity.name) +
                                    " has no meaning here (prefabs: " + join(schema_.prefabs) +
                                    "; map it in quickstep.json): skipped");
        }
        known = prefab_meaning_.emplace(entity.name, prefab).first;
    }
    if (!known->second) return false;
    if (entities_.size() >= limits_.max_sprite_placements) {
        if (entities_.size() == limits_.max_sprite_placements)
            errors_.push_back(entity.where + ": more than " + std::to_string(limits_.max_sprite_placements) +
                              " entities in the level, over the limit");
        entities_.emplace_back();  // counted, never built: the level fails
        prefabs_.emplace_back();
        return true;
    }
    if (!std::isfinite(entity.x) || !std::isfinite(entity.y) || entity.x < 0 || entity.y < 0 ||
        entity.x > tiles_.width || entity.y > tiles_.height) {
        errors_.push_back(entity.where + ": lies outside the level (" + std::to_string(tiles_.width) + "x" +
                          std::to_string(tiles_.height) + " tiles)");
        return true;
    }
    const std::string& prefab = *known->second;
    const auto fields_of = schema_.prefab_fields.find(prefab);
    std::vector<EditorField> kept;
    for (EditorField& field : entity.fields) {
        std::optional<std::string> target;
        if (lower(field.name) == "id") target = "id";
        if (fields_of != schema_.prefab_fields.end()) {
            for (const std::string& name : fields_of->second) {
                if (lower(name) == lower(field.name)) target = name;
            }
        }
        if (!target) {
            std::vector<std::string> editable =
                fields_of == schema_.prefab_fields.end() ? std::vector<std::string>{} : fields_of->second;
            warnings_.push_back(entity.where + ": warning: field " + quote_name(field.name) +
                                " means nothing to " + prefab + " (" + prefab + " has: " +
                                (editable.empty() ? std::string("no editable fields") : join(editable)) +
                                "): skipped");
            continue;
        }
        if (field.value.is_null()) continue;  // left unset in the editor: the default
        field.name = *target;
        kept.push_back(std::move(field));
    }
    entity.fields = std::move(kept);
    entities_.push_back(std::move(entity));
    prefabs_.push_back(prefab);
    return true;
}

const RgbaImage* EditorLevelBuilder::image(const fs::path& path, const std::string& where) {
    const auto known = images_.find(path);
    if (known != images_.end()) return known->second.get();
    std::string error;
    const std::int64_t left = editor_limits_.max_image_pixels_total - image_pixels_;
    std::optional<RgbaImage> loaded =
        load_png_rgba(path, std::max<std::int64_t>(0, std::min(limits_.max_image_pixels, left)), error);
    std::unique_ptr<RgbaImage>& slot = images_[path];
    if (!loaded) {
        if (left < limits_.max_image_pixels)
            error += " (the level's images together may hold " +
                     std::to_string(editor_limits_.max_image_pixels_total) + " pixels)";
        errors_.push_back(where + path.string() + ": " + error);
        return nullptr;
    }
    image_pixels_ += static_cast<std::int64_t>(loaded->width) * loaded->height;
    read_file(path);
    slot = std::make_unique<RgbaImage>(std::move(*loaded));
    return slot.get();
}

bool EditorLevelBuilder::make_canvas() {
    if (scale_ > 0) return true;
    // The picture gets as many pixels per tile as the editor's tiles have, fewer when that would pass the
    // visuals budget (the background layer of width x height pixels counts too).
    const std::int64_t cells = static_cast<std::int64_t>(tiles_.width) * tiles_.height;
    if (cells <= 0) return false;
    // With a backdrop (a background image, below the game's tiles) the picture and the backdrop share it.
    const std::int64_t budget =
        backdrop_wanted_ ? limits_.max_visual_pixels / 2 : limits_.max_visual_pixels - cells;
    int scale = tile_px_;
    while (scale > 1 && cells * scale * scale > budget) --scale;
    scale_ = scale;
    canvas_.width = tiles_.width * scale;
    canvas_.height = tiles_.height * scale;
    canvas_.pixels.assign(static_cast<std::size_t>(canvas_.width) * canvas_.height, 0);
    if (backdrop_wanted_) {
        backdrop_.width = canvas_.width;
        backdrop_.height = canvas_.height;
        backdrop_.pixels.assign(canvas_.pixels.size(), background_.value_or(0));
    }
    return true;
}

bool EditorLevelBuilder::draw_backdrop(const RgbaImage& src, int sx, int sy, int sw, int sh, double dx,
                                       double dy, int dw, int dh) {
    if (scale_ > 0 && backdrop_.pixels.empty()) return true;  // the picture was started first: not drawn
    backdrop_wanted_ = true;
    to_backdrop_ = true;
    const bool ok = draw(src, sx, sy, sw, sh, dx, dy, dw, dh, false, false, false, 1.0);
    to_backdrop_ = false;
    return ok;
}

bool EditorLevelBuilder::over_budget(std::int64_t limit, const char* what) {
    if (!budget_reported_)
        errors_.push_back(canonical_root_.string() + ": more than " + std::to_string(limit) + " " + what +
                          " drawn in one level, over the limit");
    budget_reported_ = true;
    return false;
}

bool EditorLevelBuilder::draw(const RgbaImage& src, int sx, int sy, int sw, int sh, double dx, double dy,
                              int dw, int dh, bool flip_x, bool flip_y, bool diagonal, double opacity) {
    if (++drawn_ > editor_limits_.max_drawn_tiles)
        return over_budget(editor_limits_.max_drawn_tiles, "tiles");
    if (sw < 1 || sh < 1 || dw < 1 || dh < 1 || !(opacity > 0) || !std::isfinite(dx) || !std::isfinite(dy))
        return true;
    if (!make_canvas()) return true;
    // Source pixels outside the image are transparent.
    const double s = static_cast<double>(scale_) / tile_px_;
    const int x0 = static_cast<int>(std::floor(std::max(-1e9, std::min(1e9, dx * s))));
    const int y0 = static_cast<int>(std::floor(std::max(-1e9, std::min(1e9, dy * s))));
    const int w = std::max(1, static_cast<int>(std::lround(dw * s)));
    const int h = std::max(1, static_cast<int>(std::lround(dh * s)));
    const double alpha_scale = std::min(1.0, opacity);
    RgbaImage& target = to_backdrop_ ? backdrop_ : canvas_;
    const std::int64_t columns = std::max(0, std::min(w, canvas_.width - x0) - std::max(0, -x0));
    const std::int64_t rows = std::max(0, std::min(h, canvas_.height - y0) - std::max(0, -y0));
    drawn_pixels_ += columns * rows;
    if (drawn_pixels_ > editor_limits_.max_drawn_pixels)
        return over_budget(editor_limits_.max_drawn_pixels, "pixels");
    for (int y = std::max(0, -y0); y < h && y0 + y < canvas_.height; ++y) {
        for (int x = std::max(0, -x0); x < w && x0 + x < canvas_.width; ++x) {
            // Destination (x, y) in the tile -> source (u, v): un-flip, then un-swap.
            int u = static_cast<int>((static_cast<std::int64_t>(x) * (diagonal ? sh : sw)) / w);
            int v = static_cast<int>((static_cast<std::int64_t>(y) * (diagonal ? sw : sh)) / h);
            if (flip_x) u = (diagonal ? sh : sw) - 1 - u;
            if (flip_y) v = (diagonal ? sw : sh) - 1 - v;
            if (diagonal) std::swap(u, v);
            const int px = sx + u, py = sy + v;
            if (px < 0 || py < 0 || px >= src.width || py >= src.height) continue;
            const std::uint32_t colour = src.at(px, py);
            std::uint32_t& out = target.pixels[static_cast<std::size_t>(y0 + y) * target.width + x0 + x];
            if ((colour & 0xff) == 0xff && alpha_scale >= 1) {
                out = colour;  // opaque: most pixels of most tiles
                continue;
            }
            const double a = (colour & 0xff) / 255.0 * alpha_scale;
            if (a <= 0) continue;
            const double out_a = (out & 0xff) / 255.0;
            const double result_a = a + out_a * (1 - a);
            std::uint32_t mixed = 0;
            for (int shift : {24, 16, 8}) {
                const double c = ((colour >> shift) & 0xff) * a + ((out >> shift) & 0xff) * out_a * (1 - a);
                mixed |= static_cast<std::uint32_t>(std::lround(c / result_a)) << shift;
            }
            out = mixed | static_cast<std::uint32_t>(std::lround(result_a * 255));
        }
    }
    return true;
}

std::optional<LevelData> EditorLevelBuilder::finish(const fs::path& folder, const std::string& level_name,
                                                    const fs::path& level_file) {
    if (errors_.size() > errors_at_start_ || tiles_.width == 0) return std::nullopt;
    LevelData level;
    // Ids: an entity's own "id" field, else (when another entity refers to it) its editor key.
    std::set<std::string> referenced;
    const auto collect = [&](const auto& self, const json& value) -> void {
        if (value.is_object() && value.contains("$ref") && value["$ref"].is_string()) {
            referenced.insert(value["$ref"].get<std::string>());
        } else if (value.is_array()) {
            for (const json& item : value) self(self, item);
        }
    };
    for (const EditorEntity& entity : entities_) {
        for (const EditorField& field : entity.fields) collect(collect, field.value);
    }
    std::map<std::string, std::string> id_of_key;
    std::map<std::string, std::string> owner_of_id;
    std::vector<std::string> ids(entities_.size());
    for (std::size_t i = 0; i < entities_.size(); ++i) {
        const EditorEntity& entity = entities_[i];
        for (const EditorField& field : entity.fields) {
            if (field.name != "id") continue;
            if (!field.value.is_string() || field.value.get<std::string>().empty()) {
                errors_.push_back(entity.where + ": id must be a non-empty string, got " +
                                  json_kind(field.value));
            } else {
                ids[i] = field.value.get<std::string>();
            }
        }
        if (ids[i].empty() && !entity.key.empty() && referenced.count(entity.key)) ids[i] = entity.key;
        if (ids[i].empty()) continue;
        if (const auto [it, inserted] = owner_of_id.emplace(ids[i], entity.where); !inserted) {
            errors_.push_back(entity.where + ": id " + quote_name(ids[i]) + " is already used by " +
                              it->second);
        }
        if (!entity.key.empty()) id_of_key[entity.key] = ids[i];
    }
    const auto resolve = [&](const auto& self, const json& value, const EditorEntity& entity,
                             const std::string& field) -> json {
        if (value.is_object() && value.contains("$ref")) {
            const auto it = id_of_key.find(value["$ref"].is_string() ? value["$ref"].get<std::string>() : "");
            if (it == id_of_key.end()) {
                errors_.push_back(
                    entity.where + ": " + field +
                    ": refers to an entity that is not placed in this level (or means nothing here)");
                return nullptr;
            }
            return it->second;
        }
        if (value.is_array()) {
            json out = json::array();
            for (const json& item : value) out.push_back(self(self, item, entity, field));
            return out;
        }
        return value;
    };
    for (std::size_t i = 0; i < entities_.size(); ++i) {
        const EditorEntity& entity = entities_[i];
        SpriteEntry entry;
        entry.prefab = prefabs_[i];
        entry.id = ids[i];
        entry.where = entity.where;
        for (const EditorField& field : entity.fields) {
            if (field.name == "id") continue;
            entry.config[field.name] = resolve(resolve, field.value, entity, field.name);
        }
        SpritePlacement placement;
        placement.entry = static_cast<int>(i);
        placement.px = static_cast<int>(std::floor(entity.x));
        placement.py = static_cast<int>(std::floor(entity.y));
        placement.x = entity.x;
        placement.y = entity.y;
        level.sprite_entries.push_back(std::move(entry));
        level.placements.push_back(std::move(placement));
    }
    if (errors_.size() > errors_at_start_) return std::nullopt;

    if (scale_ > 0 && !backdrop_.pixels.empty()) {
        level.visuals.push_back(std::move(backdrop_));
        level.visuals.push_back(std::move(canvas_));
    } else if (scale_ > 0) {
        RgbaImage background;
        background.width = tiles_.width;
        background.height = tiles_.height;
        background.pixels.assign(static_cast<std::size_t>(tiles_.width) * tiles_.height,
                                 background_.value_or(0));
        level.visuals.push_back(std::move(background));
        level.visuals.push_back(std::move(canvas_));
    } else if (background_) {
        RgbaImage background;
        background.width = tiles_.width;
        background.height = tiles_.height;
        background.pixels.assign(static_cast<std::size_t>(tiles_.width) * tiles_.height, *background_);
        level.visuals.push_back(std::move(background));
    }
    level.rects = level_rectangles(tiles_);
    level.tiles = std::move(tiles_);
    level.folder = folder / level_name;
    level.lvl_path = level_file;
    level.name = level_name;
    level.lvl = json::object({{"name", level_name}});
    std::uint64_t hash = fnv1a64_seed;
    for (const fs::path& file : files_) {
        std::ifstream in(file, std::ios::binary);
        std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        hash = fnv1a64(bytes.data(), bytes.size(), hash);
    }
    level.files_hash = hash;
    // The files it was read from, by their paths in the project folder, each once, in reading order.
    const fs::path root = folder.lexically_normal();
    for (const fs::path& file : files_) {
        fs::path relative = file.lexically_normal().lexically_relative(root);
        if (relative.empty() || *relative.begin() == "..") {
            std::error_code ec;
            relative = fs::weakly_canonical(file, ec).lexically_relative(canonical_root_);
        }
        if (relative.empty() || *relative.begin() == ".." ||
            std::find(level.source_files.begin(), level.source_files.end(), relative) !=
                level.source_files.end())
            continue;
        level.source_files.push_back(std::move(relative));
    }
    return level;
}

}  // namespace level_editor_detail

bool looks_like_editor_folder(const std::filesystem::path& folder) {
    std::error_code ec;
    if (!std::filesystem::is_directory(folder, ec)) return false;
    const level_editor_detail::ProjectFiles files = level_editor_detail::project_files(folder);
    return !files.ldtk.empty() || !files.maps.empty();
}

EditorProject list_editor_levels(const std::filesystem::path& folder, const EditorLimits& editor_limits) {
    try {
        return level_editor_detail::list_levels(folder, editor_limits);
    } catch (const std::bad_alloc&) {
        return {{}, {folder.string() + ": out of memory while reading the project"}};
    } catch (const std::exception& e) {
        return {{}, {folder.string() + ": cannot read the project: " + e.what()}};
    }
}

LevelLoadResult load_editor_level(const std::filesystem::path& folder, const std::string& name,
                                  const LevelSchema& schema, const LevelLimits& limits,
                                  const EditorLimits& editor_limits, VisualPixels pixels) {
    try {
        LevelLoadResult result = level_editor_detail::load_level(folder, name, schema, limits, editor_limits);
        if (result.level) {
            for (const RgbaImage& image : result.level->visuals)
                result.level->visual_digests.push_back(digest_image(image));
            if (pixels == VisualPixels::digest_only) result.level->visuals.clear();
        }
        return result;
    } catch (const std::bad_alloc&) {
        return {std::nullopt, {folder.string() + ": out of memory while loading the level"}, {}};
    } catch (const std::exception& e) {
        return {std::nullopt, {folder.string() + ": cannot load the level: " + e.what()}, {}};
    }
}

}  // namespace qs
