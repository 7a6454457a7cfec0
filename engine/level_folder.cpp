// Level folder loading, the steps in order: the folder, its .lvl (level_lvl.cpp), every layer's header
// (level_layers.cpp), then the pixels (geometry here, sprites and visuals on a second thread) and the
// content hash; all problems are reported as "PATH:X,Y: message" lines.
#include "engine/level_folder.hpp"

#include <array>
#include <fstream>
#include <future>
#include <system_error>

#include "engine/content_digest.hpp"
#include "engine/fnv1a.hpp"
#include "engine/level_folder_parts.hpp"
#include "engine/rect_partition.hpp"
#include "engine/thread_or_here.hpp"

namespace qs {
namespace {

using namespace level_folder_detail;

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

/// FNV-1a 64 over the .lvl and every layer file in kind and layer order; nullopt when one cannot be read.
std::optional<std::uint64_t> files_hash(const fs::path& lvl_path,
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
                                    const LevelLimits& limits, const GeometryReady& geometry_ready,
                                    VisualPixels pixels) {
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
        std::vector<std::uint64_t> visual_digests;
    };
    std::future<OtherLayers> other_layers = std::async(thread_or_here, [&] {
        OtherLayers other;
        ErrorList other_errors(other.errors);
        read_sprites(folder, sprite_layers, lvl, limits, other_errors, other.placements);
        for (const LayerFile& layer : visual_layers) {
            if (layer.scale < 1) continue;
            if (pixels == VisualPixels::digest_only) {
                if (const std::optional<std::uint64_t> digest = digest_layer(layer, limits, other_errors))
                    other.visual_digests.push_back(*digest);
            } else if (std::optional<RgbaImage> image = decode_layer(layer, limits, other_errors)) {
                other.visual_digests.push_back(digest_image(*image));
                other.visuals.push_back(std::move(*image));
            }
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
    const std::optional<std::uint64_t> hash = files_hash(lvl_path, layers);
    if (!hash) {
        errors.add(folder, "cannot read the level files a second time for the content hash");
        return result;
    }
    level.placements = std::move(other.placements);
    level.visuals = std::move(other.visuals);
    level.visual_digests = std::move(other.visual_digests);
    level.folder_name = folder_name_of(folder, *canonical_root);
    level.folder = folder;
    level.lvl_path = lvl_path;
    level.name = lvl->name.empty() ? level.folder_name : lvl->name;
    level.music = lvl->music;
    if (lvl->parallax.size() > level.visual_digests.size()) {
        errors.add(lvl_path, "parallax: " + std::to_string(lvl->parallax.size()) + " factors for " +
                                 std::to_string(level.visual_digests.size()) + " visuals layers");
        return result;
    }
    level.parallax = lvl->parallax;
    level.author = lvl->author;
    level.lvl = std::move(lvl->document);
    level.sprite_entries = std::move(lvl->sprite_entries);
    level.files_hash = *hash;
    level.source_files.push_back(lvl_path.filename());
    for (std::size_t kind = 0; kind < layers.size(); ++kind) {
        for (const LayerFile& layer : layers[kind])
            level.source_files.push_back(fs::path(kLayerKinds[kind]) / layer.path.filename());
    }
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
    if (lvl) result.author = lvl->author;
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
                                  const LevelLimits& limits, const GeometryReady& geometry_ready,
                                  VisualPixels pixels) {
    try {
        return load_checked_folder(folder, schema, limits, geometry_ready, pixels);
    } catch (const std::bad_alloc&) {
        return {std::nullopt, {folder.string() + ": out of memory while loading the level"}, {}};
    } catch (const std::exception& e) {
        return {std::nullopt, {folder.string() + ": cannot load the level: " + e.what()}, {}};
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

namespace level_folder_detail {

/// The folder's own name, also for "levels/x/" and ".".
std::string folder_name_of(const fs::path& folder, const fs::path& canonical_root) {
    fs::path normal = folder.lexically_normal();
    if (normal.filename().empty()) normal = normal.parent_path();
    const std::string name = normal.filename().string();
    if (name.empty() || name == "." || name == "..") return canonical_root.filename().string();
    return name;
}

}  // namespace level_folder_detail

}  // namespace qs
