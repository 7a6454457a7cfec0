// game_stress_level: writes a stress level folder with thousands of entities, or a cave level of any size
// (for benchmarks, soak runs and level-start measurements).
//   game_stress_level OUT_FOLDER [ENTITY_COUNT=10000] [SEED=1]
//   game_stress_level --cave OUT_FOLDER [WxH=2048x2048] [SEED=11]
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "engine/png_image.hpp"
#include "game/levels/cave_level.hpp"
#include "game/levels/stress_level.hpp"

namespace {

constexpr const char* usage_text =
    "usage: game_stress_level OUT_FOLDER [ENTITY_COUNT=10000] [SEED=1]\n"
    "       game_stress_level --cave OUT_FOLDER [WxH=2048x2048] [SEED=11]   (W and H from 8 to 4096)\n";

/// Writes geometry/layer0.png, sprites/layer0.png and LVL_NAME into `folder`; false (message printed) on
/// failure.
bool write_level_folder(const std::filesystem::path& folder, const qs::StressLevelFiles& files,
                        const std::string& lvl_name) {
    std::error_code ec;
    std::filesystem::create_directories(folder / "geometry", ec);
    std::filesystem::create_directories(folder / "sprites", ec);
    std::string error;
    if (!qs::save_png_rgba(folder / "geometry/layer0.png", files.geometry, error) ||
        !qs::save_png_rgba(folder / "sprites/layer0.png", files.sprites, error)) {
        std::fprintf(stderr, "game_stress_level: %s\n", error.c_str());
        return false;
    }
    std::ofstream lvl(folder / lvl_name, std::ios::binary);
    lvl << files.lvl_text;
    if (!lvl) {
        std::fprintf(stderr, "game_stress_level: %s: cannot write\n", (folder / lvl_name).c_str());
        return false;
    }
    return true;
}

/// "2048x1024" -> {2048, 1024}, or "2048" -> {2048, 2048}; false when malformed or outside 8..4096.
bool parse_size(const std::string& text, int& width, int& height) {
    try {
        std::size_t used = 0;
        width = std::stoi(text, &used);
        height = width;
        if (used < text.size()) {
            if (text[used] != 'x') return false;
            const std::string rest = text.substr(used + 1);
            height = std::stoi(rest, &used);
            if (used != rest.size()) return false;
        }
    } catch (const std::exception&) {
        return false;
    }
    return width >= 8 && height >= 8 && width <= 4096 && height <= 4096;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc >= 3 && std::string(argv[1]) == "--cave") {
        int width = 2048, height = 2048;
        if (argc > 5 || (argc > 3 && !parse_size(argv[3], width, height))) {
            std::fprintf(stderr, "%s", usage_text);
            return 2;
        }
        const unsigned seed = argc > 4 ? static_cast<unsigned>(std::stoul(argv[4])) : 11u;
        if (!write_level_folder(argv[2], qs::make_cave_level_files(width, height, seed), "cave.lvl"))
            return 1;
        std::printf("%s\n", argv[2]);
        return 0;
    }
    if (argc < 2 || argc > 4 || argv[1][0] == '-') {
        std::fprintf(stderr, "%s", usage_text);
        return 2;
    }
    int count = argc > 2 ? std::stoi(argv[2]) : 10000;
    unsigned seed = argc > 3 ? static_cast<unsigned>(std::stoul(argv[3])) : 1u;
    if (!write_level_folder(argv[1], qs::make_stress_level_files(count, seed), "stress.lvl")) return 1;
    std::printf("%s\n", argv[1]);
    return 0;
}
