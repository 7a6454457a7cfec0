// Fuzzer: the LDtk and Tiled readers and the level builder. The first input byte picks the file kind (LDtk
// project, Tiled JSON map, Tiled XML map, Tiled XML map with an XML tileset, Tiled project file beside a
// fixed JSON map whose objects use its classes), the rest is that file's text, read from a folder that also
// holds a fixed 16-pixel tileset image; a level that loads is built into a World and run for a few ticks.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "engine/level_editor.hpp"
#include "engine/png_image.hpp"
#include "game/levels/prefabs.hpp"
#include "game/sim/tiles.hpp"
#include "game/sim/world.hpp"

namespace fs = std::filesystem;

namespace {

/// The project folder with tiles.png (64x32: eight 16-pixel tiles) and a small external tileset.
fs::path make_folder() {
    fs::path dir =
        fs::temp_directory_path() / ("qs_fuzz_editor_" + std::to_string(::getpid())) / "fuzz_editor";
    fs::create_directories(dir);
    qs::RgbaImage tiles{64, 32, std::vector<std::uint32_t>(64 * 32, 0x804020ffu)};
    std::string error;
    if (!qs::save_png_rgba(dir / "tiles.png", tiles, error)) __builtin_trap();
    std::ofstream(dir / "tiles.tsx")
        << R"(<tileset name="t" tilewidth="16" tileheight="16" tilecount="8" )"
        << R"(columns="4"><image source="tiles.png" width="64" height="32"/>)"
        << R"(<tile id="0" type="ground"/><tile id="1" type="oneway"/></tileset>)";
    return dir;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const fs::path dir = make_folder();
    if (size < 1) return 0;
    static const char* const kNames[] = {"fuzz.ldtk", "fuzz.tmj", "fuzz.tmx", "fuzz.tmx",
                                         "fuzz.tiled-project"};
    const char* name = kNames[data[0] % 5];
    for (const char* other : {"fuzz.ldtk", "fuzz.tmj", "fuzz.tmx", "fuzz.tiled-project"})
        fs::remove(dir / other);
    {
        std::ofstream file(dir / name, std::ios::binary | std::ios::trunc);
        file.write(reinterpret_cast<const char*>(data + 1), static_cast<std::streamsize>(size - 1));
    }
    if (data[0] % 5 == 4) {
        // The map the project's classes apply to: ground, a player, a walker and a coin by class.
        std::ofstream(dir / "fuzz.tmj", std::ios::trunc)
            << R"({"type":"map","version":"1.10","orientation":"orthogonal","renderorder":"right-down",)"
            << R"("width":6,"height":4,"tilewidth":16,"tileheight":16,"infinite":false,)"
            << R"("tilesets":[{"firstgid":1,"source":"tiles.tsx"}],"layers":[{"type":"tilelayer",)"
            << R"("id":1,"name":"g","width":6,"height":4,"x":0,"y":0,"opacity":1,"visible":true,)"
            << R"("data":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,1,1,1,1,1]},{"type":"objectgroup",)"
            << R"("id":2,"name":"o","x":0,"y":0,"opacity":1,"visible":true,"objects":[)"
            << R"({"id":1,"type":"player","x":8,"y":40,"width":16,"height":16},)"
            << R"({"id":2,"type":"walker","x":56,"y":40,"width":16,"height":16},)"
            << R"({"id":3,"type":"coin","x":72,"y":24,"width":16,"height":16}]}]})";
    }
    const qs::EditorProject project = qs::list_editor_levels(dir);
    if (project.levels.empty() && project.errors.empty()) __builtin_trap();
    for (const qs::EditorLevelName& level : project.levels) {
        qs::LevelLoadResult loaded = qs::load_editor_level(dir, level.name, qs::level_schema());
        if (!loaded.level) {
            if (loaded.errors.empty()) __builtin_trap();
            continue;
        }
        std::vector<std::string> errors;
        std::vector<qs::Entity> entities = qs::build_level_entities(*loaded.level, errors);
        if (!errors.empty()) continue;
        auto shared = std::make_shared<qs::LevelData>(std::move(*loaded.level));
        qs::World world(shared, qs::Tuning{}, std::move(entities));
        qs::ActionState actions;
        for (int tick = 0; tick < 5; ++tick) {
            actions.begin_tick();
            if (tick % 2 == 0) actions.press(qs::Action::right);
            world.step(actions);
        }
    }
    return 0;
}
