// game_stress_level: writes a stress level folder with thousands of entities (for benchmarks and soak runs).
//   game_stress_level OUT_FOLDER [ENTITY_COUNT=10000] [SEED=1]
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "engine/png_image.hpp"
#include "game/levels/stress_level.hpp"

int main(int argc, char** argv) {
    if (argc < 2 || argc > 4) {
        std::fprintf(stderr, "usage: game_stress_level OUT_FOLDER [ENTITY_COUNT=10000] [SEED=1]\n");
        return 2;
    }
    int count = argc > 2 ? std::stoi(argv[2]) : 10000;
    unsigned seed = argc > 3 ? static_cast<unsigned>(std::stoul(argv[3])) : 1u;
    const std::filesystem::path folder = argv[1];
    qs::StressLevelFiles files = qs::make_stress_level_files(count, seed);
    std::error_code ec;
    std::filesystem::create_directories(folder / "geometry", ec);
    std::filesystem::create_directories(folder / "sprites", ec);
    std::string error;
    if (!qs::save_png_rgba(folder / "geometry/layer0.png", files.geometry, error) ||
        !qs::save_png_rgba(folder / "sprites/layer0.png", files.sprites, error)) {
        std::fprintf(stderr, "game_stress_level: %s\n", error.c_str());
        return 1;
    }
    std::ofstream lvl(folder / "stress.lvl", std::ios::binary);
    lvl << files.lvl_text;
    if (!lvl) {
        std::fprintf(stderr, "game_stress_level: %s: cannot write\n", (folder / "stress.lvl").c_str());
        return 1;
    }
    std::printf("%s\n", argv[1]);
    return 0;
}
