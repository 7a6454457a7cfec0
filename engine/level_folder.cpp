// Level folder loading: finds the files, checks every header before decoding, validates the
// .lvl tables and every pixel's colour, and reports all problems as "PATH:X,Y: message" lines.
#include "engine/level_folder.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstring>
#include <fstream>
#include <future>
#include <map>
#include <system_error>
#include <unordered_map>

#include "engine/fnv1a.hpp"
#include "engine/join.hpp"
#include "engine/json_file.hpp"
#include "engine/png_image.hpp"
#include "engine/rect_partition.hpp"
#include "engine/thread_or_here.hpp"

namespace qs {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr std::array<const char*, 3> kLayerKinds = {"geometry", "sprites", "visuals"};
constexpr int kMaxPixelErrorsPerImage = 20;
constexpr std::size_t kMaxPixelsNamedPerId = 10;

/// Collects the error lines of one load.
class ErrorList {
   public:
    explicit ErrorList(std::vector<std::string>& lines) : lines_(lines) {}
    void add(const fs::path& path, const std::string& message) {
        lines_.push_back(path.string() + ": " + message);
    }
    void add_at(const fs::path& path, int x, int y, const std::string& message) {
        lines_.push_back(path.string() + ":" + std::to_string(x) + "," + std::to_string(y) + ": " + message);
    }
    void add_line(std::string line) { lines_.push_back(std::move(line)); }
    std::size_t count() const { return lines_.size(); }

   private:
    std::vector<std::string>& lines_;
};

/// "a string", "an array", "null": the kind of a JSON value, for "must be ..., got ..." messages.
std::string kind_of(const json& value) {
    switch (value.type()) {
        case json::value_t::null:
            return "null";
        case json::value_t::object:
            return "an object";
        case json::value_t::array:
            return "an array";
        case json::value_t::string:
            return "a string";
        case json::value_t::boolean:
            return "a boolean";
        case json::value_t::binary:
            return "binary data";
        default:
            return "a number";
    }
}

std::string json_quoted(const std::string& text) {
    return json(text).dump();
}

/// "#rrggbb" for a 0xRRGGBB value.
std::string colour_text(std::uint32_t rgb) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string text = "#000000";
    for (int digit = 0; digit < 6; ++digit) text[6 - digit] = kHex[(rgb >> (4 * digit)) & 0xf];
    return text;
}

/// Parses "#RRGGBB" (either case) into 0xRRGGBB.
std::optional<std::uint32_t> parse_colour(const std::string& text) {
    if (text.size() != 7 || text[0] != '#') return std::nullopt;
    std::uint32_t rgb = 0;
    for (std::size_t i = 1; i < 7; ++i) {
        const char c = text[i];
        int digit;
        if (c >= '0' && c <= '9') {
            digit = c - '0';
        } else if (c >= 'a' && c <= 'f') {
            digit = c - 'a' + 10;
        } else if (c >= 'A' && c <= 'F') {
            digit = c - 'A' + 10;
        } else {
            return std::nullopt;
        }
        rgb = (rgb << 4) | static_cast<std::uint32_t>(digit);
    }
    return rgb;
}

/// True when `inner` (canonical) lies under `root` (canonical).
bool lies_under(const fs::path& root, const fs::path& inner) {
    auto root_part = root.begin();
    auto inner_part = inner.begin();
    for (; root_part != root.end(); ++root_part, ++inner_part) {
        if (root_part->empty()) continue;  // a trailing separator
        if (inner_part == inner.end() || *root_part != *inner_part) return false;
    }
    return true;
}

/// Checks that `path` may be opened: it resolves inside the folder and is a regular file.
bool check_openable(const fs::path& canonical_root, const fs::path& path, ErrorList& errors) {
    std::error_code ec;
    const fs::path resolved = fs::canonical(path, ec);
    if (ec) {
        errors.add(path, fs::is_symlink(fs::symlink_status(path, ec)) ? "broken symbolic link"
                                                                      : "cannot resolve the path");
        return false;
    }
    if (!lies_under(canonical_root, resolved)) {
        errors.add(path, "symbolic link leads outside the level folder (refused)");
        return false;
    }
    if (!fs::is_regular_file(resolved, ec)) {
        errors.add(path, "not a regular file");
        return false;
    }
    return true;
}

/// A colour table of the .lvl (obj_* or spr_*): colour -> entry, with a label per entry for messages.
struct ColourTable {
    std::string colours_key;             ///< "obj_colors" or "spr_colors"
    std::vector<std::uint32_t> colours;  ///< 0xRRGGBB per entry
    std::vector<int> values;             ///< tile type index (obj) or sprite entry index (spr)
    std::vector<std::string> labels;     ///< tile type or prefab name
    bool usable = false;                 ///< parsed without any error, so pixels can be checked against it
};

/// Finds a table colour quickly: sorted (colour, entry) pairs and a one-entry cache for runs.
class ColourLookup {
   public:
    explicit ColourLookup(const ColourTable& table) {
        for (std::size_t i = 0; i < table.colours.size(); ++i) sorted_.emplace_back(table.colours[i], i);
        std::sort(sorted_.begin(), sorted_.end());
    }
    /// Entry index of `rgb`, or -1.
    int find(std::uint32_t rgb) {
        if (rgb == cached_colour_) return cached_entry_;
        const auto it =
            std::lower_bound(sorted_.begin(), sorted_.end(), std::pair<std::uint32_t, std::size_t>{rgb, 0});
        cached_colour_ = rgb;
        cached_entry_ = (it != sorted_.end() && it->first == rgb) ? static_cast<int>(it->second) : -1;
        return cached_entry_;
    }

   private:
    std::vector<std::pair<std::uint32_t, std::size_t>> sorted_;
    std::uint32_t cached_colour_ = 0xffffffffu;  // not a 24-bit colour
    int cached_entry_ = -1;
};

std::string describe_unknown_colour(std::uint32_t rgb, const ColourTable& table) {
    std::string message = "unknown colour " + colour_text(rgb);
    if (table.colours.empty()) return message + " (" + table.colours_key + " lists no colours)";
    std::size_t nearest = 0;
    std::int64_t nearest_distance = -1;
    for (std::size_t i = 0; i < table.colours.size(); ++i) {
        std::int64_t distance = 0;
        for (int shift : {16, 8, 0}) {
            const std::int64_t difference = static_cast<std::int64_t>((rgb >> shift) & 0xff) -
                                            static_cast<std::int64_t>((table.colours[i] >> shift) & 0xff);
            distance += difference * difference;
        }
        if (nearest_distance < 0 || distance < nearest_distance) {
            nearest = i;
            nearest_distance = distance;
        }
    }
    return message + " (nearest known: " + colour_text(table.colours[nearest]) + " " +
           json_quoted(table.labels[nearest]) + ")";
}

/// Reads the obj_* or spr_* table pair; `parse_value` turns one entry of the values array into the table
/// value and label, reporting its own errors, and returns false when the entry is bad.
template <class ParseValue>
ColourTable parse_colour_table(const json& lvl, const fs::path& lvl_path, const std::string& prefix,
                               bool required, ErrorList& errors, ParseValue parse_value) {
    ColourTable table;
    table.colours_key = prefix + "_colors";
    const std::string values_key = prefix + "_prefabs";
    const std::size_t errors_before = errors.count();

    const auto array_or_report = [&](const std::string& key, const char* what) -> const json* {
        const auto it = lvl.find(key);
        if (it == lvl.end()) {
            if (required) errors.add(lvl_path, key + " is missing (an array of " + what + ")");
            return nullptr;
        }
        if (!it->is_array()) {
            errors.add(lvl_path, key + " must be an array, got " + kind_of(*it));
            return nullptr;
        }
        return &*it;
    };
    const json* colours = array_or_report(table.colours_key, "\"#RRGGBB\" colours");
    const json* values = array_or_report(values_key, prefix == "obj" ? "tile type names" : "prefab entries");
    const std::size_t colour_count = colours ? colours->size() : 0;
    const std::size_t value_count = values ? values->size() : 0;
    if (colours && values && colour_count != value_count) {
        errors.add(lvl_path, table.colours_key + " has " + std::to_string(colour_count) + " entries but " +
                                 values_key + " has " + std::to_string(value_count));
    }
    if (!required && !colours && values && value_count > 0) {
        errors.add(lvl_path, table.colours_key + " is missing but " + values_key + " has " +
                                 std::to_string(value_count) + " entries");
    }
    if (!required && colours && !values && colour_count > 0) {
        errors.add(lvl_path, values_key + " is missing but " + table.colours_key + " has " +
                                 std::to_string(colour_count) + " entries");
    }

    std::unordered_map<std::uint32_t, std::size_t> first_index_of_colour;
    for (std::size_t i = 0; i < colour_count; ++i) {
        const json& entry = (*colours)[i];
        const std::string where = table.colours_key + "[" + std::to_string(i) + "]";
        std::optional<std::uint32_t> rgb;
        if (!entry.is_string()) {
            errors.add(lvl_path, where + " must be a string like \"#RRGGBB\", got " + kind_of(entry));
        } else if (!(rgb = parse_colour(entry.get<std::string>()))) {
            errors.add(lvl_path, where + ": " + json_quoted(entry.get<std::string>()) +
                                     " is not a colour like \"#RRGGBB\"");
        } else if (const auto [it, inserted] = first_index_of_colour.emplace(*rgb, i); !inserted) {
            errors.add(lvl_path, where + ": colour " + colour_text(*rgb) + " is listed twice (also " +
                                     table.colours_key + "[" + std::to_string(it->second) + "])");
        }
        table.colours.push_back(rgb.value_or(0));
    }
    table.values.resize(colour_count, 0);
    table.labels.resize(colour_count);
    for (std::size_t i = 0; i < value_count; ++i) {
        int value = 0;
        std::string label;
        if (parse_value((*values)[i], values_key + "[" + std::to_string(i) + "]", value, label) &&
            i < colour_count) {
            table.values[i] = value;
            table.labels[i] = label;
        }
    }
    table.usable = errors.count() == errors_before;
    return table;
}

/// Everything read from the .lvl.
struct LvlContents {
    json document;
    std::string name;
    std::string music;
    ColourTable geometry_table;
    ColourTable sprite_table;
    std::vector<SpriteEntry> sprite_entries;
};

std::optional<LvlContents> parse_lvl(const fs::path& lvl_path, json document, const LevelSchema& schema,
                                     ErrorList& errors) {
    LvlContents lvl;
    lvl.document = std::move(document);
    if (!lvl.document.is_object()) {
        errors.add(lvl_path, "the .lvl must hold a JSON object, got " + kind_of(lvl.document));
        return std::nullopt;
    }
    if (const auto name = lvl.document.find("name"); name != lvl.document.end()) {
        if (name->is_string()) {
            lvl.name = name->get<std::string>();
        } else {
            errors.add(lvl_path, "name must be a string, got " + kind_of(*name));
        }
    }
    if (const auto music = lvl.document.find("music"); music != lvl.document.end()) {
        const auto& tracks = schema.music_tracks;
        if (!music->is_string()) {
            errors.add(lvl_path, "music must be a track name (a string), got " + kind_of(*music));
        } else if (!tracks.empty() &&
                   std::find(tracks.begin(), tracks.end(), music->get<std::string>()) == tracks.end()) {
            errors.add(lvl_path, "music: unknown track " + json_quoted(music->get<std::string>()) +
                                     " (known: " + join(tracks) + ")");
        } else {
            lvl.music = music->get<std::string>();
        }
    }

    lvl.geometry_table = parse_colour_table(
        lvl.document, lvl_path, "obj", true, errors,
        [&](const json& entry, const std::string& where, int& value, std::string& label) {
            if (!entry.is_string()) {
                errors.add(lvl_path, where + " must be a tile type name, got " + kind_of(entry));
                return false;
            }
            const std::string type = entry.get<std::string>();
            const auto known = std::find(schema.tile_types.begin(), schema.tile_types.end(), type);
            if (known == schema.tile_types.end()) {
                errors.add(lvl_path, where + ": unknown tile type " + json_quoted(type) +
                                         " (known: " + join(schema.tile_types) + ")");
                return false;
            }
            value = static_cast<int>(known - schema.tile_types.begin());
            label = type;
            return true;
        });

    std::map<std::string, std::string> owner_of_id;  // id -> "spr_prefabs[i]"
    const auto parse_sprite_entry = [&](const json& entry, const std::string& where, int& value,
                                        std::string& label) {
        SpriteEntry sprite;
        const json* prefab_name = &entry;
        if (entry.is_object()) {
            const auto prefab = entry.find("prefab");
            if (prefab == entry.end()) {
                errors.add(lvl_path, where + " has no \"prefab\" name");
                return false;
            }
            prefab_name = &*prefab;
            if (!prefab->is_string()) {
                errors.add(lvl_path, where + ".prefab must be a string, got " + kind_of(*prefab));
                return false;
            }
            sprite.config = entry;
            sprite.config.erase("prefab");
            if (const auto id = entry.find("id"); id != entry.end()) {
                if (!id->is_string()) {
                    errors.add(lvl_path, where + ".id must be a string, got " + kind_of(*id));
                    return false;
                }
                sprite.id = id->get<std::string>();
                if (sprite.id.empty()) {
                    errors.add(lvl_path, where + ".id must not be empty");
                    return false;
                }
                if (const auto [it, inserted] = owner_of_id.emplace(sprite.id, where); !inserted) {
                    errors.add(lvl_path, where + ": id " + json_quoted(sprite.id) + " is already used by " +
                                             it->second);
                    return false;
                }
                sprite.config.erase("id");
            }
        } else if (!entry.is_string()) {
            errors.add(lvl_path, where + " must be a prefab name or an object, got " + kind_of(entry));
            return false;
        }
        sprite.prefab = prefab_name->get<std::string>();
        if (std::find(schema.prefabs.begin(), schema.prefabs.end(), sprite.prefab) == schema.prefabs.end()) {
            errors.add(lvl_path, where + ": unknown prefab " + json_quoted(sprite.prefab) +
                                     " (known: " + join(schema.prefabs) + ")");
            return false;
        }
        value = static_cast<int>(lvl.sprite_entries.size());
        label = sprite.prefab;
        lvl.sprite_entries.push_back(std::move(sprite));
        return true;
    };
    lvl.sprite_table = parse_colour_table(lvl.document, lvl_path, "spr", false, errors, parse_sprite_entry);
    if (lvl.sprite_table.usable) {
        // Every entry parsed, so entry i is sprite_entries[i]; give each its colour as written.
        const json& colours = lvl.document["spr_colors"];
        for (std::size_t i = 0; i < lvl.sprite_entries.size(); ++i) {
            lvl.sprite_entries[i].color = colours[i].get<std::string>();
        }
    }
    return lvl;
}

/// One layerN.png found on disk, with what its header said.
struct LayerFile {
    fs::path path;
    int index = 0;
    PngSize size;
    bool header_ok = false;  ///< openable, PNG header fine, within the pixel and side limits
    int scale = 0;  ///< k for sprites and visuals once checked against the geometry size; 1 for geometry
};

/// "layer12.png" -> 12; nullopt for other names (also leading zeros or absurd numbers).
std::optional<int> layer_number(const std::string& file_name) {
    constexpr std::string_view prefix = "layer", suffix = ".png";
    if (file_name.size() <= prefix.size() + suffix.size() || !file_name.starts_with(prefix) ||
        !file_name.ends_with(suffix)) {
        return std::nullopt;
    }
    const std::string_view digits(file_name.data() + prefix.size(),
                                  file_name.size() - prefix.size() - suffix.size());
    if (digits.size() > 6 || (digits.size() > 1 && digits[0] == '0')) return std::nullopt;
    int number = 0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), number);
    if (ec != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
    return number;
}

/// Lists kind/layerN.png in order; layers after a gap are reported and left out.
std::vector<LayerFile> list_layers(const fs::path& folder, const std::string& kind, const LevelLimits& limits,
                                   ErrorList& errors) {
    std::vector<LayerFile> layers;
    const fs::path directory = folder / kind;
    std::error_code ec;
    const fs::file_status status = fs::status(directory, ec);
    if (!fs::exists(status)) {
        if (kind == "geometry")
            errors.add(folder / kind / "layer0.png", "missing (every level needs geometry/layer0.png)");
        return layers;
    }
    if (!fs::is_directory(status)) {
        errors.add(directory, "must be a folder");
        return layers;
    }
    std::map<int, std::string> names_by_number;
    for (fs::directory_iterator it(directory, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (const std::optional<int> number = layer_number(name)) names_by_number.emplace(*number, name);
    }
    if (ec) {
        errors.add(directory, "cannot list the folder: " + ec.message());
        return layers;
    }
    int expected = 0;
    for (const auto& [number, name] : names_by_number) {
        if (number != expected) {
            errors.add(directory / name, "layer" + std::to_string(expected) + ".png is missing before it (" +
                                             kind + " layers are numbered from 0 without gaps)");
            continue;
        }
        ++expected;
        LayerFile layer;
        layer.path = directory / name;
        layer.index = number;
        layers.push_back(std::move(layer));
    }
    if (kind == "geometry" && (names_by_number.empty() || names_by_number.begin()->first != 0)) {
        errors.add(directory / "layer0.png", "missing (every level needs geometry/layer0.png)");
    }
    if (static_cast<int>(layers.size()) > limits.max_layers_per_kind) {
        errors.add(directory, std::to_string(layers.size()) + " layers, over the limit of " +
                                  std::to_string(limits.max_layers_per_kind));
        layers.clear();
    }
    return layers;
}

std::string size_text(int width, int height) {
    return std::to_string(width) + "x" + std::to_string(height);
}

/// Reads one layer's PNG header and applies the per-image limits.
void check_layer_header(const fs::path& canonical_root, const std::string& kind, LayerFile& layer,
                        const LevelLimits& limits, ErrorList& errors) {
    if (!check_openable(canonical_root, layer.path, errors)) return;
    std::string error;
    const std::optional<PngSize> size = read_png_size(layer.path, error);
    if (!size) {
        errors.add(layer.path, error);
        return;
    }
    layer.size = *size;
    if (std::string limit_error = check_pixel_limit(*size, limits.max_image_pixels); !limit_error.empty()) {
        errors.add(layer.path, limit_error);
        return;
    }
    if (kind == "geometry" &&
        (size->width > limits.max_level_tiles_side || size->height > limits.max_level_tiles_side)) {
        errors.add(layer.path, "geometry is " + size_text(size->width, size->height) +
                                   " tiles, over the limit of " +
                                   std::to_string(limits.max_level_tiles_side) + " tiles per side");
        return;
    }
    layer.header_ok = true;
}

/// Sets layer.scale to k when the layer is k times the geometry size, else reports it.
void check_layer_scale(const std::string& kind, LayerFile& layer, const PngSize& geometry,
                       ErrorList& errors) {
    const int k = layer.size.width / geometry.width;
    if (k >= 1 && layer.size.width == k * geometry.width &&
        static_cast<std::int64_t>(layer.size.height) == static_cast<std::int64_t>(k) * geometry.height) {
        layer.scale = k;
        return;
    }
    errors.add(layer.path, kind + " image is " + size_text(layer.size.width, layer.size.height) +
                               ", not a whole multiple of the geometry size " +
                               size_text(geometry.width, geometry.height) +
                               " (k x the geometry size: " + size_text(geometry.width, geometry.height) +
                               ", " + size_text(2 * geometry.width, 2 * geometry.height) + ", ...)");
}

std::optional<RgbaImage> decode_layer(const LayerFile& layer, const LevelLimits& limits, ErrorList& errors) {
    std::string error;
    std::optional<RgbaImage> image = load_png_rgba(layer.path, limits.max_image_pixels, error);
    if (!image) errors.add(layer.path, error);
    return image;
}

/// Decodes one layer row by row and calls `on_run(y, x0, x1, entry)` for every run of identical
/// non-transparent pixels x0 .. x1 - 1 of row y whose colour is in `table` (null: the table is unusable, the
/// layer is only decoded); reports the others (the first few by position, then a count). A layer that does
/// not decode reports that alone, as if none of its pixels had been seen (`on_run` may have been called: the
/// caller undoes its work). False then.
template <class OnRun>
bool decode_known_pixels(const LayerFile& layer, const LevelLimits& limits, const ColourTable* table,
                         ErrorList& errors, OnRun on_run) {
    std::vector<std::string> pixel_errors;
    ErrorList pixel_error_list(pixel_errors);
    std::optional<ColourLookup> lookup;
    if (table) lookup.emplace(*table);
    int unknown = 0;
    bool size_changed = false;
    const PngRowHandler on_row = [&](int y, std::span<const std::uint32_t> row) {
        size_changed = size_changed || row.size() != static_cast<std::size_t>(layer.size.width) ||
                       y >= layer.size.height;
        if (!table || size_changed) return;
        // Runs of one pixel value are looked up once (a row of a drawn level is mostly long runs).
        const int width = layer.size.width;
        for (int x = 0; x < width;) {
            const std::uint32_t pixel = row[x];
            int end = x + 1;
            while (end < width && row[end] == pixel) ++end;
            if ((pixel & 0xffu) != 0) {  // alpha 0: empty
                const std::uint32_t rgb = pixel >> 8;
                const int entry = lookup->find(rgb);
                if (entry >= 0) {
                    on_run(y, x, end, entry);
                } else {
                    for (int at = x; at < end; ++at) {
                        if (++unknown <= kMaxPixelErrorsPerImage)
                            pixel_error_list.add_at(layer.path, at, y, describe_unknown_colour(rgb, *table));
                    }
                }
            }
            x = end;
        }
    };
    std::string error;
    const std::optional<PngSize> decoded = load_png_rows(layer.path, limits.max_image_pixels, on_row, error);
    if (!decoded || size_changed || decoded->height != layer.size.height) {
        errors.add(layer.path, decoded ? "the image changed while the level was read" : error);
        return false;
    }
    for (std::string& line : pixel_errors) errors.add_line(std::move(line));
    if (unknown > kMaxPixelErrorsPerImage) {
        errors.add(layer.path,
                   "... and " + std::to_string(unknown - kMaxPixelErrorsPerImage) + " more unknown pixels");
    }
    return true;
}

/// FNV-1a 64 over a file's bytes, continuing from `hash`; read in blocks so memory stays small.
bool hash_file(const fs::path& path, std::uint64_t& hash) {
    std::ifstream file(path, std::ios::binary);
    if (!file) return false;
    std::array<char, 1 << 16> block;
    while (file) {
        file.read(block.data(), block.size());
        hash = fnv1a64(block.data(), static_cast<std::size_t>(file.gcount()), hash);
    }
    return file.eof();
}

/// The folder's own name, also for "levels/x/" and ".".
std::string folder_name_of(const fs::path& folder, const fs::path& canonical_root) {
    fs::path normal = folder.lexically_normal();
    if (normal.filename().empty()) normal = normal.parent_path();
    const std::string name = normal.filename().string();
    if (name.empty() || name == "." || name == "..") return canonical_root.filename().string();
    return name;
}

/// Where pixels of an entry with an id were placed (the first few) and how many there were.
struct IdUse {
    std::vector<std::string> pixels;  ///< "sprites/layer0.png:4,5"
    fs::path first_path;
    int first_x = 0, first_y = 0;
    std::size_t count = 0;
};

/// The canonical path of an existing folder, or nullopt with the reason in `errors`.
std::optional<fs::path> check_folder(const fs::path& folder, ErrorList& errors) {
    std::error_code ec;
    const fs::file_status folder_status = fs::status(folder, ec);
    if (!fs::exists(folder_status)) {
        errors.add(folder, "no such folder");
        return std::nullopt;
    }
    if (!fs::is_directory(folder_status)) {
        errors.add(folder, "not a folder");
        return std::nullopt;
    }
    fs::path canonical_root = fs::canonical(folder, ec);
    if (ec) {
        errors.add(folder, "cannot resolve the folder: " + ec.message());
        return std::nullopt;
    }
    return canonical_root;
}

/// The folder's one .lvl file: `lvl_path` is set when there is exactly one; the contents when it also
/// parses and checks. `listed` is false when the folder cannot be listed (loading stops there).
std::optional<LvlContents> read_lvl(const fs::path& folder, const fs::path& canonical_root,
                                    const LevelSchema& schema, const LevelLimits& limits, ErrorList& errors,
                                    std::vector<std::string>& lines, fs::path& lvl_path, bool& listed) {
    std::error_code ec;
    std::vector<std::string> lvl_names;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        if (it->path().extension() == ".lvl") lvl_names.push_back(it->path().filename().string());
    }
    listed = !ec;
    if (ec) {
        errors.add(folder, "cannot list the folder: " + ec.message());
        return std::nullopt;
    }
    std::sort(lvl_names.begin(), lvl_names.end());
    if (lvl_names.empty()) {
        errors.add(folder, "no .lvl file (a level folder holds exactly one)");
        return std::nullopt;
    }
    if (lvl_names.size() > 1) {
        errors.add(folder, std::to_string(lvl_names.size()) +
                               " .lvl files, expected exactly one: " + join(lvl_names));
        return std::nullopt;
    }
    lvl_path = folder / lvl_names.front();
    if (!check_openable(canonical_root, lvl_path, errors)) return std::nullopt;
    JsonLoad loaded = load_json_file(lvl_path, limits.max_lvl_bytes, limits.max_json_depth);
    if (!loaded.value) {
        lines.push_back(loaded.error);  // already "PATH:LINE:COLUMN: message"
        return std::nullopt;
    }
    return parse_lvl(lvl_path, std::move(*loaded.value), schema, errors);
}

/// The layer files of every kind (geometry, sprites, visuals), each header checked and each layer's scale
/// set (0 when it cannot be used) before anything is decoded.
std::array<std::vector<LayerFile>, 3> check_layers(const fs::path& folder, const fs::path& canonical_root,
                                                   const LevelLimits& limits, ErrorList& errors,
                                                   std::optional<PngSize>& geometry_size) {
    std::array<std::vector<LayerFile>, 3> layers;
    for (std::size_t kind = 0; kind < kLayerKinds.size(); ++kind) {
        layers[kind] = list_layers(folder, kLayerKinds[kind], limits, errors);
        for (LayerFile& layer : layers[kind])
            check_layer_header(canonical_root, kLayerKinds[kind], layer, limits, errors);
    }
    auto& [geometry_layers, sprite_layers, visual_layers] = layers;
    if (!geometry_layers.empty() && geometry_layers.front().header_ok)
        geometry_size = geometry_layers.front().size;
    for (LayerFile& layer : geometry_layers) {
        if (!layer.header_ok || !geometry_size) continue;
        if (layer.size.width != geometry_size->width || layer.size.height != geometry_size->height) {
            errors.add(layer.path, "geometry layers must all have one size: this one is " +
                                       size_text(layer.size.width, layer.size.height) + ", " +
                                       geometry_layers.front().path.string() + " is " +
                                       size_text(geometry_size->width, geometry_size->height));
            layer.header_ok = false;
        } else {
            layer.scale = 1;
        }
    }
    if (!geometry_size) return layers;
    for (LayerFile& layer : sprite_layers) {
        if (layer.header_ok) check_layer_scale("sprites", layer, *geometry_size, errors);
    }
    std::int64_t visual_pixels = 0;
    for (LayerFile& layer : visual_layers) {
        if (!layer.header_ok) continue;
        check_layer_scale("visuals", layer, *geometry_size, errors);
        visual_pixels += std::int64_t{layer.size.width} * layer.size.height;
    }
    if (visual_pixels > limits.max_visual_pixels) {
        errors.add(folder / "visuals", "the visuals layers hold " + std::to_string(visual_pixels) +
                                           " pixels together, over the limit of " +
                                           std::to_string(limits.max_visual_pixels));
        for (LayerFile& layer : visual_layers) layer.scale = 0;
    }
    return layers;
}

/// Geometry pixels -> tiles, decoded straight into the grid; a later layer's non-empty tile wins.
void read_geometry(const std::vector<LayerFile>& geometry_layers, const std::optional<LvlContents>& lvl,
                   const LevelLimits& limits, ErrorList& errors, TileGrid& tiles) {
    const ColourTable* table = lvl && lvl->geometry_table.usable ? &lvl->geometry_table : nullptr;
    for (const LayerFile& layer : geometry_layers) {
        if (layer.scale != 1) continue;
        decode_known_pixels(layer, limits, table, errors, [&](int y, int x0, int x1, int entry) {
            const int type = table->values[static_cast<std::size_t>(entry)];
            if (type == 0) return;
            std::memset(tiles.tiles.data() + static_cast<std::size_t>(y) * tiles.width + x0, type,
                        static_cast<std::size_t>(x1 - x0));
        });
    }
}

/// Sprite pixels -> placements, decoded straight into them, within the placement limit; an entry with an id
/// placed on more than one pixel is an error naming the pixels.
void read_sprites(const fs::path& folder, const std::vector<LayerFile>& sprite_layers,
                  const std::optional<LvlContents>& lvl, const LevelLimits& limits, ErrorList& errors,
                  std::vector<SpritePlacement>& placements) {
    std::map<int, IdUse> id_uses;  // by sprite entry
    std::size_t placements_over_limit = 0;
    const ColourTable* table = lvl && lvl->sprite_table.usable ? &lvl->sprite_table : nullptr;
    for (const LayerFile& layer : sprite_layers) {
        if (layer.scale < 1) continue;
        // What a layer that fails to decode half-way has added is taken back.
        const std::size_t placements_before = placements.size(), over_limit_before = placements_over_limit;
        std::map<int, IdUse> id_uses_before;
        if (!id_uses.empty()) id_uses_before = id_uses;
        const double k = layer.scale;
        const fs::path relative = fs::path("sprites") / layer.path.filename();
        const bool decoded =
            decode_known_pixels(layer, limits, table, errors, [&](int y, int x0, int x1, int entry) {
                const SpriteEntry& sprite = lvl->sprite_entries[static_cast<std::size_t>(entry)];
                for (int x = x0; x < x1; ++x) {
                    if (placements.size() >= limits.max_sprite_placements) {
                        ++placements_over_limit;
                        continue;
                    }
                    if (!sprite.id.empty()) {
                        IdUse& use = id_uses[entry];
                        if (use.count++ == 0) {
                            use.first_path = layer.path;
                            use.first_x = x;
                            use.first_y = y;
                        }
                        if (use.pixels.size() < kMaxPixelsNamedPerId) {
                            use.pixels.push_back(relative.string() + ":" + std::to_string(x) + "," +
                                                 std::to_string(y));
                        }
                    }
                    SpritePlacement placement;
                    placement.entry = entry;
                    placement.layer = layer.index;
                    placement.px = x;
                    placement.py = y;
                    placement.scale = layer.scale;
                    placement.x = (x + 0.5) / k;
                    placement.y = (y + 0.5) / k;
                    placements.push_back(placement);
                }
            });
        if (!decoded) {
            placements.resize(placements_before);
            placements_over_limit = over_limit_before;
            id_uses = std::move(id_uses_before);
        }
    }
    if (placements_over_limit > 0) {
        errors.add(folder / "sprites", std::to_string(placements.size() + placements_over_limit) +
                                           " sprite pixels, over the limit of " +
                                           std::to_string(limits.max_sprite_placements));
    }
    for (const auto& [entry, use] : id_uses) {
        if (use.count < 2) continue;
        const SpriteEntry& sprite = lvl->sprite_entries[static_cast<std::size_t>(entry)];
        std::string pixels = join(use.pixels);
        if (use.count > use.pixels.size()) pixels += ", ...";
        errors.add_at(use.first_path, use.first_x, use.first_y,
                      "id " + json_quoted(sprite.id) + " (" + sprite.color + ") is placed on " +
                          std::to_string(use.count) + " pixels: " + pixels +
                          "; an entry with an id may be placed on one pixel only");
    }
}

/// FNV-1a 64 over the .lvl and every layer file in kind and layer order; nullopt when one cannot be read.
std::optional<std::uint64_t> content_hash(const fs::path& lvl_path,
                                          const std::array<std::vector<LayerFile>, 3>& layers) {
    std::uint64_t hash = fnv1a64_seed;
    bool hashed = hash_file(lvl_path, hash);
    for (const auto& kind_layers : layers) {
        for (const LayerFile& layer : kind_layers) hashed = hashed && hash_file(layer.path, hash);
    }
    if (!hashed) return std::nullopt;
    return hash;
}

LevelLoadResult load_checked_folder(const fs::path& folder, const LevelSchema& schema,
                                    const LevelLimits& limits, const GeometryReady& geometry_ready) {
    LevelLoadResult result;
    ErrorList errors(result.errors);
    const std::optional<fs::path> canonical_root = check_folder(folder, errors);
    if (!canonical_root) return result;
    fs::path lvl_path;
    bool listed = false;
    std::optional<LvlContents> lvl =
        read_lvl(folder, *canonical_root, schema, limits, errors, result.errors, lvl_path, listed);
    if (!listed) return result;

    std::optional<PngSize> geometry_size;
    const std::array<std::vector<LayerFile>, 3> layers =
        check_layers(folder, *canonical_root, limits, errors, geometry_size);
    // (Plain references, not a structured binding: the lambda below captures them.)
    const std::vector<LayerFile>& geometry_layers = layers[0];
    const std::vector<LayerFile>& sprite_layers = layers[1];
    const std::vector<LayerFile>& visual_layers = layers[2];
    LevelData level;
    if (geometry_size) level.tiles = TileGrid(geometry_size->width, geometry_size->height);

    // Sprites and visuals on a second thread, geometry and its rectangles on this one:
    // nothing is shared but the read-only .lvl tables and layer lists. Each side keeps its own error list,
    // joined in the order a single thread would have found them.
    struct OtherLayers {
        std::vector<std::string> errors;
        std::vector<SpritePlacement> placements;
        std::vector<RgbaImage> visuals;
    };
    std::future<OtherLayers> other_layers = std::async(thread_or_here, [&] {
        OtherLayers other;
        ErrorList other_errors(other.errors);
        read_sprites(folder, sprite_layers, lvl, limits, other_errors, other.placements);
        for (const LayerFile& layer : visual_layers) {
            if (layer.scale < 1) continue;
            if (std::optional<RgbaImage> image = decode_layer(layer, limits, other_errors))
                other.visuals.push_back(std::move(*image));
        }
        return other;
    });
    // The future's destructor waits for the other thread if this one throws.
    const std::size_t errors_before_geometry = errors.count();
    read_geometry(geometry_layers, lvl, limits, errors, level.tiles);
    if (errors.count() == errors_before_geometry && lvl) {
        level.rects = level_rectangles(level.tiles);
        if (errors.count() == 0 && geometry_ready) geometry_ready(level.tiles, level.rects);
    }
    OtherLayers other = other_layers.get();
    for (std::string& line : other.errors) errors.add_line(std::move(line));
    if (errors.count() > 0 || !lvl) return result;

    // Hashed only once every file has read well (a FIFO in place of a PNG would block here otherwise).
    const std::optional<std::uint64_t> hash = content_hash(lvl_path, layers);
    if (!hash) {
        errors.add(folder, "cannot read the level files a second time for the content hash");
        return result;
    }
    level.placements = std::move(other.placements);
    level.visuals = std::move(other.visuals);
    level.folder_name = folder_name_of(folder, *canonical_root);
    level.folder = folder;
    level.lvl_path = lvl_path;
    level.name = lvl->name.empty() ? level.folder_name : lvl->name;
    level.music = lvl->music;
    level.lvl = std::move(lvl->document);
    level.sprite_entries = std::move(lvl->sprite_entries);
    level.content_hash = *hash;
    result.level = std::move(level);
    return result;
}

LevelScanResult scan_checked_folder(const fs::path& folder, const LevelSchema& schema,
                                    const LevelLimits& limits) {
    LevelScanResult result;
    ErrorList errors(result.errors);
    const std::optional<fs::path> canonical_root = check_folder(folder, errors);
    if (!canonical_root) return result;
    result.name = folder_name_of(folder, *canonical_root);
    fs::path lvl_path;
    bool listed = false;
    std::vector<std::string>& lines = result.errors;
    const std::optional<LvlContents> lvl =
        read_lvl(folder, *canonical_root, schema, limits, errors, lines, lvl_path, listed);
    if (!listed) return result;
    std::optional<PngSize> geometry_size;
    check_layers(folder, *canonical_root, limits, errors, geometry_size);
    if (lvl && !lvl->name.empty()) result.name = lvl->name;
    return result;
}

}  // namespace

bool looks_like_level_folder(const std::filesystem::path& folder) {
    std::error_code ec;
    if (!fs::is_directory(folder, ec)) return false;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        if (it->path().extension() == ".lvl") return true;
    }
    return false;
}

LevelLoadResult load_level_folder(const std::filesystem::path& folder, const LevelSchema& schema,
                                  const LevelLimits& limits, const GeometryReady& geometry_ready) {
    try {
        return load_checked_folder(folder, schema, limits, geometry_ready);
    } catch (const std::bad_alloc&) {
        return {std::nullopt, {folder.string() + ": out of memory while loading the level"}};
    } catch (const std::exception& e) {
        return {std::nullopt, {folder.string() + ": cannot load the level: " + e.what()}};
    }
}

LevelScanResult scan_level_folder(const std::filesystem::path& folder, const LevelSchema& schema,
                                  const LevelLimits& limits) {
    try {
        return scan_checked_folder(folder, schema, limits);
    } catch (const std::bad_alloc&) {
        return {folder.filename().string(), {folder.string() + ": out of memory while loading the level"}};
    } catch (const std::exception& e) {
        return {folder.filename().string(), {folder.string() + ": cannot load the level: " + e.what()}};
    }
}

}  // namespace qs
