// Hostile and unlucky saves and levels against the game: values outside the field ranges,
// deeply nested MessagePack, the save ring with junk files, the fall back to an older save, temp files,
// tile lookups and the timer at absurd values, and prefab field ranges in a .lvl.
#include <doctest/doctest.h>

#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>

#include "engine/save_file.hpp"
#include "game/levels/prefabs.hpp"
#include "game/save/quicksaves.hpp"
#include "game/save/save_codec.hpp"
#include "game/save/state_dump.hpp"
#include "game_test_world.hpp"

using namespace qs;
using namespace qs::test;
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

fs::path scratch(const std::string& name) {
    fs::path dir = fs::temp_directory_path() / ("qs_game_hostile_" + std::to_string(::getpid())) / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

std::unique_ptr<World> lab_world() {
    return make_world({
        "..........",
        "P.w.d.m.t.",
        "##########",
    });
}

SavedGame save_of(World& world, std::int64_t tick = 10) {
    return SavedGame{"test_map", test_play(7), 1, tick, world.capture()};
}

/// The save file of `save` with its MessagePack body changed by `edit` (checksum recomputed: the file is
/// intact, only its content is hostile).
std::vector<std::uint8_t> edited_file(const SavedGame& save, const std::function<void(json&)>& edit) {
    json body = json::from_msgpack(encode_save_body(save));
    edit(body);
    return wrap_save_body(json::to_msgpack(body), save_format_version, save.level, save.play.id());
}

/// Where a field of an entity type sits in the saved records.
std::size_t position_of(const json& body, const std::string& type, const std::string& field) {
    for (const json& table : body["types"]) {
        if (table["type"] != type) continue;
        const json& names = table["fields"];
        for (std::size_t i = 0; i < names.size(); ++i)
            if (names[i] == field) return i + 1;
    }
    FAIL("no field " << type << "." << field);
    return 0;
}

/// The record index of the first entity of `type`.
std::size_t record_of(const json& body, const std::string& type) {
    for (std::size_t t = 0; t < body["types"].size(); ++t) {
        if (body["types"][t]["type"] != type) continue;
        for (std::size_t r = 0; r < body["entities"].size(); ++r)
            if (body["entities"][r][0] == t) return r;
    }
    FAIL("no entity of type " << type);
    return 0;
}

void set_field(json& body, const std::string& type, const std::string& field, const json& value) {
    body["entities"][record_of(body, type)][position_of(body, type, field)] = value;
}

std::optional<SavedGame> decode(const std::vector<std::uint8_t>& file, std::string& error) {
    return decode_save_file(file, error);
}

void write_file(const fs::path& path, const std::vector<std::uint8_t>& bytes) {
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

}  // namespace

TEST_CASE("hostile saves: huge and absurd coordinates are refused, naming the entity and the field") {
    auto world = lab_world();
    SavedGame save = save_of(*world);
    for (double bad : {1e300, 3e38, 2147483648.0, 2147483647.0, -1e7, 1e6 + 1}) {
        CAPTURE(bad);
        std::string error;
        auto decoded = decode(edited_file(save, [&](json& b) { set_field(b, "player", "x", bad); }), error);
        CHECK_FALSE(decoded);
        CHECK(error.find("corrupt: entity #0 (player): x is ") == 0);
        CHECK(error.find("outside -1000000 to 1000000 tiles") != std::string::npos);
    }
    // NaN and infinity can be written in MessagePack (JSON cannot): refused as well.
    for (double bad : {std::nan(""), double(INFINITY), -double(INFINITY)}) {
        std::string error;
        CHECK_FALSE(decode(edited_file(save, [&](json& b) { set_field(b, "walker", "vy", bad); }), error));
        CHECK(error.find("(walker): vy must be a finite number") != std::string::npos);
    }
    // In range: still loads.
    std::string error;
    CHECK(decode(edited_file(save, [&](json& b) { set_field(b, "player", "x", 999999.5); }), error));
}

TEST_CASE("hostile saves: integers out of range or of the wrong kind are refused before any conversion") {
    auto world = lab_world();
    SavedGame save = save_of(*world);
    struct Case {
        const char* type;
        const char* field;
        json value;
        const char* message;
    };
    const Case cases[] = {
        {"player", "dead_ticks", -1, "(player): dead_ticks is -1, outside 0 to 36000 ticks"},
        {"door", "height", 2147483648.0, "(door): height is 2147483648, outside 1 to 4096 tiles"},
        {"door", "height", 4294967298u, "(door): height is 4294967298, outside 1 to 4096 tiles"},
        {"platform", "width", 0, "(platform): width is 0, outside 1 to 4096 tiles"},
        {"turret", "interval", 0, "(turret): interval is 0, outside 1 to 36000 ticks"},
        {"walker", "speed", 1e300, "(walker): speed is 1e+300, outside 0 to 25 tiles/s"},
        {"walker", "facing", 1.5, "(walker): facing must be a whole number, got a number"},
        {"platform", "progress", 2, "(platform): progress is 2, outside 0 to 1"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.field);
        std::string error;
        CHECK_FALSE(
            decode(edited_file(save, [&](json& b) { set_field(b, c.type, c.field, c.value); }), error));
        CHECK(error.find(c.message) != std::string::npos);
    }
    std::string error;
    CHECK_FALSE(decode(edited_file(save, [](json& b) { b["game"]["timer_ticks"] = INT64_MAX; }), error));
    CHECK(error == "corrupt: game: timer_ticks is 9.223372037e+18, outside 0 to 1000000000000 ticks");
    CHECK_FALSE(decode(edited_file(save, [](json& b) { b["tick"] = 1e300; }), error));
    CHECK(error.find("corrupt: tick must be a whole number") == 0);
    CHECK_FALSE(decode(edited_file(save, [](json& b) { b["slots"]["generation"][0] = -3; }), error));
    CHECK(error.find("corrupt: a slot generation must be a whole number") == 0);
    CHECK_FALSE(decode(edited_file(save, [](json& b) { b["entities"][0][0] = 1e20; }), error));
    CHECK(error.find("entity #0 type must be a whole number") != std::string::npos);
}

TEST_CASE("hostile saves: sign text that is not UTF-8 is refused (a dump of it would throw)") {
    auto world = make_world({"P.......", "########"}, [](std::vector<Entity>& entities) {
        Sign sign;
        sign.state.x = 4.5;
        sign.state.y = 0.5;
        entities.push_back(sign);
    });
    SavedGame save = save_of(*world);
    std::string error;
    CHECK_FALSE(
        decode(edited_file(save, [](json& b) { set_field(b, "sign", "text", "bad \xff\xfe text"); }), error));
    CHECK(error.find("(sign): text is not valid UTF-8 text") != std::string::npos);
    CHECK_FALSE(decode(
        edited_file(save, [](json& b) { set_field(b, "sign", "text", std::string(1001, 'a')); }), error));
    CHECK(error.find("(sign): text is 1001 bytes long, over the limit (at most 1000 bytes long)") !=
          std::string::npos);
}

TEST_CASE("hostile saves: deeply nested MessagePack with a valid checksum is refused, not a stack overflow") {
    std::vector<std::uint8_t> body = {0x81, 0xa8, 's', 'e', 'q', 'u', 'e', 'n', 'c', 'e'};
    body.insert(body.end(), 300000, 0x91);
    body.push_back(0xc0);
    std::string error;
    CHECK_FALSE(decode(wrap_save_body(body, save_format_version, "test_map", 7), error));
    CHECK(error.find("corrupt: the body is not usable MessagePack: nested deeper than 32 levels") == 0);
    // A huge declared array with no data behind it.
    std::vector<std::uint8_t> lying = {0x81, 0xa5, 's',  'l',  'o',  't', 's',
                                       0xdd, 0x7f, 0xff, 0xff, 0xff, 0xc0};
    CHECK_FALSE(decode(wrap_save_body(lying, save_format_version, "test_map", 7), error));
    CHECK(error.find("items with only") != std::string::npos);
}

TEST_CASE("quicksaves: junk files never push good saves out of the ring and are never deleted") {
    fs::path dir = scratch("ring_junk");
    auto world = lab_world();
    SavedGame good = save_of(*world);
    for (std::uint64_t s : {1, 2}) {
        good.sequence = s;
        write_file(quicksave_path(dir, s), encode_save_file(good));
    }
    std::vector<fs::path> junk;
    for (std::uint64_t s = 100; s < 105; ++s) {
        junk.push_back(quicksave_path(dir, s));
        std::ofstream(junk.back()) << "not a save " << s;
    }
    {
        QuickSaves saves(dir, 5);
        saves.keep(std::make_shared<SavedGame>(save_of(*world)), 0.1);
        saves.flush();
    }
    CHECK(fs::exists(quicksave_path(dir, 1)));
    CHECK(fs::exists(quicksave_path(dir, 2)));
    CHECK(fs::exists(quicksave_path(dir, 105)));
    for (const fs::path& path : junk) CHECK(fs::exists(path));

    // With more good saves than the ring holds, exactly the 5 newest good ones stay; junk stays too.
    {
        QuickSaves saves(dir, 5);
        for (int i = 0; i < 4; ++i) saves.keep(std::make_shared<SavedGame>(save_of(*world)), 0.1);
        saves.flush();
    }
    int good_files = 0;
    for (const auto& entry : fs::directory_iterator(dir)) {
        std::string error;
        auto bytes = read_whole_file(entry.path(), 1 << 24, error);
        if (bytes && decode_save_file(*bytes, error)) ++good_files;
    }
    CHECK(good_files == 5);
    for (const fs::path& path : junk) CHECK(fs::exists(path));
    CHECK_FALSE(fs::exists(quicksave_path(dir, 1)));
    CHECK(fs::exists(quicksave_path(dir, 109)));
}

TEST_CASE("quicksaves: a newest save with absurd values is named and skipped for the next older one") {
    fs::path dir = scratch("ring_fallback");
    auto world = lab_world();
    SavedGame older = save_of(*world, 10);
    older.sequence = 1;
    write_file(quicksave_path(dir, 1), encode_save_file(older));
    SavedGame newer = save_of(*world, 20);
    newer.sequence = 2;
    write_file(quicksave_path(dir, 2),
               edited_file(newer, [](json& b) { set_field(b, "player", "y", 3e38); }));
    QuickSaves saves(dir, 5);
    auto found = saves.newest([](const SavedGame&, std::string&) { return true; });
    REQUIRE(found.save);
    CHECK(found.save->tick == 10);
    REQUIRE(found.problems.size() == 1);
    CHECK(found.problems[0].find("quicksave-2.qss: corrupt: entity #0 (player): y is 3e+38, outside") !=
          std::string::npos);
    CHECK(found.problems[0].find("trying an older save") != std::string::npos);
    // The loaded save restores into a working world.
    world->restore(found.save->snapshot);
    Driver{*world}.ticks(5);
}

TEST_CASE("quicksaves: a junk file named with the largest number does not make new saves unfindable") {
    fs::path dir = scratch("ring_max_name");
    std::ofstream(dir / "quicksave-999999999999999999.qss") << "junk";
    auto world = lab_world();
    QuickSaves saves(dir, 5);
    saves.keep(std::make_shared<SavedGame>(save_of(*world, 33)), 0.1);
    saves.flush();
    QuickSaves fresh(dir, 5);  // a new process: reads from disk
    auto found = fresh.newest([](const SavedGame&, std::string&) { return true; });
    REQUIRE(found.save);
    CHECK(found.save->tick == 33);
    CHECK(fs::exists(dir / "quicksave-999999999999999999.qss"));
}

TEST_CASE("quicksaves: stray temp files are cleaned at start; saves and other files are left") {
    fs::path dir = scratch("ring_tmp");
    std::ofstream(dir / "quicksave-7.qss.tmp") << "torn";
    std::ofstream(dir / "quicksave-6.qss") << "junk save";
    std::ofstream(dir / "readme.tmp") << "someone else's";
    QuickSaves saves(dir, 5);
    CHECK_FALSE(fs::exists(dir / "quicksave-7.qss.tmp"));
    CHECK(fs::exists(dir / "quicksave-6.qss"));
    CHECK(fs::exists(dir / "readme.tmp"));
}

TEST_CASE("world: tile lookups and the timer stay defined at absurd values") {
    auto world = lab_world();
    // Values no save can carry (the readers refuse them); the simulation must stay defined on them too.
    CHECK_FALSE(world->solid_at(1e300, 2147483648.0));
    CHECK_FALSE(world->solid_at(-1e300, std::nan("")));
    GroundContact ground = world->probe_ground(2147483647.0, 5.0, 0.4, true);  // must return
    CHECK_FALSE(ground.grounded);
    CHECK_FALSE(world->box_blocked(2147483647.0, 2147483647.0, 0.4, 0.4));
    double x = 2147483647.0, y = 2147483000.0;
    world->move_box(x, y, 0.4, 0.4, 0.3, 0.3);
    world->game.timer_ticks = INT64_MAX;
    Driver{*world}.tick();
    CHECK(world->game.timer_ticks == INT64_MAX);
}

TEST_CASE("world: a walker that fell far below the level stops there (its save stays loadable)") {
    auto world = make_world({"P...", "####", "....", "..w."});
    Driver d{*world};
    d.ticks(600);
    Walker* walker = first<Walker>(*world);
    REQUIRE(walker);
    CHECK(walker->state.y <= world->level().tiles.height + 64 + 1);
    std::string error;
    CHECK(decode_save_file(encode_save_file(save_of(*world)), error));
}

TEST_CASE("levels: prefab fields outside their ranges are errors naming the entry and the field") {
    LevelData level;
    level.lvl_path = "lab/lab.lvl";
    level.folder = "lab";
    level.tiles = TileGrid(8, 4);
    auto entry = [&](const std::string& prefab, json config) {
        level.sprite_entries.push_back({"#000000", prefab, "", std::move(config), ""});
        SpritePlacement placement;
        placement.entry = static_cast<int>(level.sprite_entries.size()) - 1;
        placement.px = placement.entry;
        level.placements.push_back(placement);
    };
    entry("player", json::object());
    entry("walker", {{"speed", 1e300}});
    entry("door", {{"height", 2147483648.0}});
    entry("platform", {{"width", 0}});
    entry("platform", {{"width", -5}});
    entry("turret", {{"interval", 0}});
    entry("camera_area", {{"w", 5000}});
    entry("coin", {{"value", 4294967297u}});
    entry("sign", {{"text", std::string(2000, 'x')}});
    std::vector<std::string> errors;
    build_level_entities(level, errors);
    std::vector<std::string> expected = {
        "lab/lab.lvl: spr_prefabs[1] (walker): speed is 1e+300, outside 0 to 25 tiles/s",
        "lab/lab.lvl: spr_prefabs[2] (door): height is 2147483648, outside 1 to 4096 tiles",
        "lab/lab.lvl: spr_prefabs[3] (platform): width is 0, outside 1 to 4096 tiles",
        "lab/lab.lvl: spr_prefabs[4] (platform): width is -5, outside 1 to 4096 tiles",
        "lab/lab.lvl: spr_prefabs[5] (turret): interval is 0, outside 1 to 36000 ticks",
        "lab/lab.lvl: spr_prefabs[6] (camera_area): w is 5000, outside 1 to 4096 tiles",
        "lab/lab.lvl: spr_prefabs[7] (coin): value is 4294967297, outside 0 to 10000",
        "lab/lab.lvl: spr_prefabs[8] (sign): text is 2000 bytes long, over the limit (at most 1000 bytes "
        "long)",
    };
    CHECK(errors == expected);
}

TEST_CASE("fields: field lists walk a const entity (the dump and the save codec copy nothing)") {
    const Walker walker{};
    std::vector<FieldInfo> fields = list_fields(walker);
    REQUIRE(fields.size() == 11);  // the body's 8, speed, facing, grounded
    CHECK(fields[8].name == "speed");
    CHECK(fields[8].editable);
    CHECK(fields[8].spec.max == 25);
    CHECK(std::string(fields[8].spec.unit) == "tiles/s");
    const Entity entity = Platform{};
    CHECK(dump_entity({3, 1}, entity)["width"] == 3);
    // Every number in every field list has a range.
    for_each_entity_type([]<class T>() {
        for (const FieldInfo& field : list_fields(T{})) {
            CAPTURE(T::type_name);
            CAPTURE(field.name);
            if (field.type == "number" || field.type == "integer" || field.type == "string")
                CHECK(field.spec.has_range());
        }
    });
}
