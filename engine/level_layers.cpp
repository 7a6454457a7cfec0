// A level's PNG layers: listing geometry/, sprites/ and visuals/, checking every header, size and scale
// before anything is decoded, and turning pixels into tiles and sprite placements through the .lvl tables.
#include <algorithm>
#include <charconv>
#include <cstring>
#include <map>
#include <system_error>

#include "engine/content_digest.hpp"
#include "engine/join.hpp"
#include "engine/level_folder_parts.hpp"

namespace qs::level_folder_detail {
namespace {

constexpr int kMaxPixelErrorsPerImage = 20;
constexpr std::size_t kMaxPixelsNamedPerId = 10;

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

/// Where pixels of an entry with an id were placed (the first few) and how many there were.
struct IdUse {
    std::vector<std::string> pixels;  ///< "sprites/layer0.png:4,5"
    fs::path first_path;
    int first_x = 0, first_y = 0;
    std::size_t count = 0;
};

}  // namespace

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

std::optional<RgbaImage> decode_layer(const LayerFile& layer, const LevelLimits& limits, ErrorList& errors) {
    std::string error;
    std::optional<RgbaImage> image = load_png_rgba(layer.path, limits.max_image_pixels, error);
    if (!image) errors.add(layer.path, error);
    return image;
}

std::optional<std::uint64_t> digest_layer(const LayerFile& layer, const LevelLimits& limits,
                                          ErrorList& errors) {
    std::string error;
    ImageDigest digest;
    const PngRowHandler add_row = [&](int, std::span<const std::uint32_t> row) { digest.add_row(row); };
    const std::optional<PngSize> decoded = load_png_rows(layer.path, limits.max_image_pixels, add_row, error);
    if (!decoded) {
        errors.add(layer.path, error);
        return std::nullopt;
    }
    return digest.finish(decoded->width, decoded->height);
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

}  // namespace qs::level_folder_detail
