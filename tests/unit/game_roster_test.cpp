// The steps of "Adding an entity type" (README.md) that the compiler cannot check: every sprite and sound
// name exists in the assets, the level schema lists exactly the placeable types, switches target exactly
// the toggleable types, and every type survives a save file and builds from its prefab name.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "game/sim/simulation_version.hpp"
#include "game/levels/prefabs.hpp"
#include "game/save/save_codec.hpp"
#include "game/save/state_dump.hpp"
#include "game/sim/world.hpp"
#include "game/view/sprites.hpp"

using namespace qs;

namespace {

std::filesystem::path source_dir() {
    return std::filesystem::path(QUICKSTEP_TEST_DATA).parent_path().parent_path();
}

}  // namespace

TEST_CASE("roster: every Sprite is an animation in assets/sprites/sheet.json") {
    std::ifstream file(source_dir() / "assets/sprites/sheet.json");
    REQUIRE(file);
    const nlohmann::json sheet = nlohmann::json::parse(file);
    const nlohmann::json& animations = sheet.at("animations");
    for (std::string_view name : sprite_names) {
        CHECK_MESSAGE(animations.contains(std::string(name)),
                      "Sprite '" << name << "' is not in sheet.json: draw it in tools/art/sprites.txt");
    }
    for (const auto& [name, unused] : animations.items()) {
        bool known = false;
        for (std::string_view sprite : sprite_names) known = known || sprite == name;
        if (!known) MESSAGE("sheet.json has '" << name << "', which game/view/sprites.hpp does not name");
    }
}

TEST_CASE("roster: every Sound has assets/sounds/<name>.wav") {
    for (std::string_view name : sound_names) {
        CHECK_MESSAGE(
            std::filesystem::is_regular_file(source_dir() / "assets/sounds" / (std::string(name) + ".wav")),
            "Sound '" << name << "' has no assets/sounds/" << name
                      << ".wav: add it to tools/make_sounds.cpp");
    }
}

TEST_CASE("roster: the level schema's prefabs are exactly the placeable types, each made by name") {
    std::set<std::string> placeable;
    for_each_entity_type([&]<class T>() {
        if constexpr (T::placeable) placeable.insert(T::type_name);
        std::optional<Entity> made = make_entity(T::type_name);
        REQUIRE_MESSAGE(made, T::type_name << " cannot be made from its name");
        CHECK(std::holds_alternative<T>(*made));
    });
    const std::vector<std::string>& prefabs = level_schema().prefabs;
    CHECK(std::set<std::string>(prefabs.begin(), prefabs.end()) == placeable);
    CHECK(prefabs.size() == placeable.size());
}

TEST_CASE("roster: a switch's targets take exactly the types it can toggle") {
    for_each_entity_type([&]<class T>() {
        CAPTURE(T::type_name);
        CHECK(Switch::accepts_reference<T>("targets") == Toggleable<T>);
    });
    CHECK(Toggleable<Door>);
    CHECK(Toggleable<Platform>);
    CHECK(Toggleable<Turret>);
}

TEST_CASE("roster: one entity of every type comes back from a save file with the same fields") {
    auto level = std::make_shared<LevelData>();
    level->folder_name = "roster";
    level->tiles = TileGrid(8, 4);
    std::vector<Entity> spawned;
    double x = 0.5;
    for_each_entity_type([&]<class T>() {
        T entity;
        entity.state.x = x;
        entity.state.y = 1.5;
        x += 0.5;
        spawned.emplace_back(entity);
    });
    World world(level, Tuning{}, spawned);
    SavedGame save{"roster", PlayIdentity{0, 0, 0, 0, simulation_version}, 1, 0, world.capture()};
    std::string error;
    std::optional<SavedGame> loaded = decode_save_file(encode_save_file(save), error);
    REQUIRE_MESSAGE(loaded, error);
    REQUIRE(loaded->snapshot.entities.size() == save.snapshot.entities.size());
    for (std::size_t i = 0; i < save.snapshot.entities.size(); ++i) {
        const EntityRef ref{static_cast<std::uint32_t>(i), 1};
        CAPTURE(entity_type_name(save.snapshot.entities[i]));
        CHECK(dump_entity(ref, loaded->snapshot.entities[i]) == dump_entity(ref, save.snapshot.entities[i]));
    }
}
