// Fuzzer: the .lvl parser and the level builder. The input is the .lvl text of a level folder whose
// geometry and sprites layers are fixed (written once per process); a level that loads is built into a
// World and run for a few ticks.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "engine/level_folder.hpp"
#include "engine/png_image.hpp"
#include "game/levels/prefabs.hpp"
#include "game/sim/world.hpp"

namespace fs = std::filesystem;

namespace {

/// The level folder: 16x6 geometry (ground, a one-way ledge, spikes, ice) and a sprites layer with one
/// pixel of each of eight colours.
fs::path make_folder() {
    fs::path dir = fs::temp_directory_path() / ("qs_fuzz_level_" + std::to_string(::getpid())) / "fuzz_level";
    fs::create_directories(dir / "geometry");
    fs::create_directories(dir / "sprites");
    qs::RgbaImage geometry{16, 6, std::vector<std::uint32_t>(96, 0)};
    for (int x = 0; x < 16; ++x) geometry.pixels[5 * 16 + x] = 0x000000ffu;
    for (int x = 6; x < 10; ++x) geometry.pixels[3 * 16 + x] = 0x808080ffu;
    geometry.pixels[5 * 16 + 4] = 0xff0000ffu;
    geometry.pixels[5 * 16 + 12] = 0x9ad0ffffu;
    qs::RgbaImage sprites{16, 6, std::vector<std::uint32_t>(96, 0)};
    const std::uint32_t colours[] = {0x0000ffffu, 0xffff00ffu, 0xff8000ffu, 0x00ff00ffu,
                                     0x00c000ffu, 0xff00ffffu, 0x00ffffffu, 0xff0000ffu};
    const int spots[][2] = {{1, 4}, {3, 4}, {5, 4}, {7, 4}, {9, 3}, {14, 4}, {11, 2}, {13, 1}};
    for (int i = 0; i < 8; ++i) sprites.pixels[spots[i][1] * 16 + spots[i][0]] = colours[i];
    std::string error;
    if (!qs::save_png_rgba(dir / "geometry" / "layer0.png", geometry, error) ||
        !qs::save_png_rgba(dir / "sprites" / "layer0.png", sprites, error)) {
        __builtin_trap();
    }
    return dir;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const fs::path dir = make_folder();
    {
        std::ofstream lvl(dir / "fuzz.lvl", std::ios::binary | std::ios::trunc);
        lvl.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    }
    qs::LevelLoadResult loaded = qs::load_level_folder(dir, qs::level_schema());
    if (!loaded.level) {
        if (loaded.errors.empty()) __builtin_trap();
        return 0;
    }
    std::vector<std::string> errors;
    std::vector<qs::Entity> entities = qs::build_level_entities(*loaded.level, errors);
    if (!errors.empty()) return 0;
    auto level = std::make_shared<qs::LevelData>(std::move(*loaded.level));
    qs::World world(level, qs::Tuning{}, std::move(entities));
    qs::ActionState actions;
    for (int tick = 0; tick < 10; ++tick) {
        actions.begin_tick();
        if (tick % 3 == 0) actions.press(qs::Action::right);
        if (tick == 4) actions.tap(qs::Action::jump);
        world.step(actions);
    }
    return 0;
}
