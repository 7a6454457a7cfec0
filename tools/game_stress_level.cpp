// game_stress_level: writes a stress level folder with thousands of entities (for benchmarks and soak runs).
//   game_stress_level OUT_FOLDER [ENTITY_COUNT=10000] [SEED=1]
#include <cstdio>
#include <string>

#include "game/stress_level.hpp"

int main(int argc, char** argv) {
    if (argc < 2 || argc > 4) {
        std::fprintf(stderr, "usage: game_stress_level OUT_FOLDER [ENTITY_COUNT=10000] [SEED=1]\n");
        return 2;
    }
    int count = argc > 2 ? std::stoi(argv[2]) : 10000;
    unsigned seed = argc > 3 ? static_cast<unsigned>(std::stoul(argv[3])) : 1u;
    std::string error;
    if (!qs::write_stress_level_folder(argv[1], count, seed, error)) {
        std::fprintf(stderr, "game_stress_level: %s\n", error.c_str());
        return 1;
    }
    std::printf("%s\n", argv[1]);
    return 0;
}
