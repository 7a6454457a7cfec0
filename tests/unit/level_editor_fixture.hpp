// Shared by the LDtk and Tiled reader tests: a schema with the game's kinds of tiles and entities, a scratch
// folder, and helpers to write files and to compare a drawn picture with a tile image.
#pragma once

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "engine/level_editor.hpp"
#include "engine/png_image.hpp"
#include "scratch_dir.hpp"

namespace qs::test::editor {

namespace fs = std::filesystem;

inline const qs::LevelSchema kEditorSchema{
    {"empty", "ground", "oneway", "spikes", "ice"},
    {"player", "coin", "walker", "door", "switch", "goal", "checkpoint", "sign"},
    {"day"},
    {{"player", {"facing"}},
     {"coin", {"value"}},
     {"walker", {"speed", "facing"}},
     {"door", {"open", "height"}},
     {"switch", {"targets", "on"}},
     {"goal", {}},
     {"checkpoint", {}},
     {"sign", {"text"}}}};

struct EditorDir : qs::test::ScratchDir {
    EditorDir() : ScratchDir("qs_editor_test") {}
};

inline void write_text(const fs::path& path, const std::string& text) {
    fs::create_directories(path.parent_path());
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    file << text;
    REQUIRE(file.good());
}

/// Every line of `lines` joined, for CHECK messages and substring checks.
inline std::string all(const std::vector<std::string>& lines) {
    std::string text;
    for (const std::string& line : lines) text += line + "\n";
    return text;
}

/// Checks that the picture holds `image`'s rectangle (sx, sy, sw, sh) drawn at (dx, dy), each source pixel
/// `k` x `k` picture pixels, mirrored left-right when `flip_x`; an image pixel with alpha 0 left nothing.
inline void check_drawn(const qs::RgbaImage& picture, const fs::path& image_file, int sx, int sy, int sw,
                        int sh, int dx, int dy, int k = 1, bool flip_x = false) {
    std::string error;
    const std::optional<qs::RgbaImage> image = qs::load_png_rgba(image_file, 1 << 20, error);
    REQUIRE_MESSAGE(image, error);
    int differ = 0, opaque = 0;
    for (int y = 0; y < sh * k; ++y) {
        for (int x = 0; x < sw * k; ++x) {
            const std::uint32_t want = image->at(sx + (flip_x ? sw - 1 - x / k : x / k), sy + y / k);
            const std::uint32_t got = picture.at(dx + x, dy + y);
            opaque += (want & 0xff) == 0xff;
            if ((want & 0xff) == 0 ? (got & 0xff) != 0 : got != want) ++differ;
        }
    }
    CHECK_MESSAGE(differ == 0, image_file.string()
                                   << " at " << dx << "," << dy << ": " << differ << " pixels differ");
    CHECK(opaque > 0);  // the comparison saw the tile's own pixels
}

}  // namespace qs::test::editor
