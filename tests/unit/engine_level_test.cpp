// Tests for level folder loading: a complete good level (tiles, rectangles, placements, visuals, hash) and
// every kind of broken folder, checking the exact error lines and that all errors are reported together.
#include <doctest/doctest.h>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <string>
#include <vector>

#include "engine/content_digest.hpp"
#include "engine/json_file.hpp"
#include "engine/level_folder.hpp"
#include "engine/png_image.hpp"

#include "tests/unit/scratch_dir.hpp"

namespace {

namespace fs = std::filesystem;
using qs::RgbaImage;

constexpr std::uint32_t kClear = 0x00000000;
constexpr std::uint32_t kGround = 0x000000ff, kOneway = 0x808080ff, kSpikes = 0xff0000ff, kIce = 0x9ad0ffff;
constexpr std::uint32_t kWhite = 0xffffffff;  // mapped to "empty"
constexpr std::uint32_t kPlayer = 0x0000ffff, kCoin = 0xffff00ff, kWalker = 0xff8000ff, kSwitch = 0x00ff00ff,
                        kDoor = 0x00c000ff;

const qs::LevelSchema kSchema{
    {"empty", "ground", "oneway", "spikes", "ice"},
    {"player", "coin", "walker", "door", "switch", "platform", "turret", "checkpoint", "goal", "camera_area"},
    {"day", "cave"},
    {}};

const char* const kGoodLvl = R"({ "name": "Test Level",
  "obj_colors":  ["#000000", "#808080", "#FF0000", "#9ad0ff", "#ffffff"],
  "obj_prefabs": ["ground",  "oneway",  "spikes",  "ice",     "empty"],
  "spr_colors":  ["#0000ff", "#ffff00", "#ff8000", "#00ff00", "#00C000"],
  "spr_prefabs": ["player", "coin", {"prefab": "walker", "speed": 2.5},
                  {"prefab": "switch", "id": "s1", "targets": ["d1"]},
                  {"prefab": "door", "id": "d1"}] }
)";

/// A scratch folder under the system temp dir, removed when the test ends.
struct TempDir : qs::test::ScratchDir {
    TempDir() : ScratchDir("qs_level_test") {}
};

void write_bytes(const fs::path& path, const std::string& bytes) {
    fs::create_directories(path.parent_path());
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    file.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    REQUIRE(file.good());
}

std::string read_text(const fs::path& path) {
    std::ifstream file(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
}

RgbaImage blank(int width, int height) {
    return RgbaImage{width, height,
                     std::vector<std::uint32_t>(static_cast<std::size_t>(width) * height, kClear)};
}

void put(RgbaImage& image, int x, int y, std::uint32_t pixel) {
    image.pixels[static_cast<std::size_t>(y) * image.width + x] = pixel;
}

void write_png(const fs::path& path, const RgbaImage& image) {
    fs::create_directories(path.parent_path());
    std::string error;
    REQUIRE_MESSAGE(qs::save_png_rgba(path, image, error), error);
}

/// The PNG signature and an IHDR claiming `width` x `height`, cut off right after it (no CRC, no data).
std::string crafted_png_header(std::uint32_t width, std::uint32_t height) {
    std::string bytes = "\x89PNG\r\n\x1a\n";
    bytes += std::string("\0\0\0\x0d", 4) + "IHDR";
    for (const std::uint32_t value : {width, height}) {
        for (int shift = 24; shift >= 0; shift -= 8) bytes += static_cast<char>((value >> shift) & 0xff);
    }
    bytes += std::string("\x08\x06\0\0\0", 5);
    return bytes;
}

/// Writes a valid 8x4 level: two geometry layers, sprites at k = 2 and k = 1, visuals at k = 3.
void write_good_level(const fs::path& folder) {
    write_bytes(folder / "level.lvl", kGoodLvl);
    RgbaImage geometry = blank(8, 4);
    for (int x = 0; x < 8; ++x) put(geometry, x, 3, kGround);
    put(geometry, 5, 2, kGround);
    put(geometry, 6, 2, kIce);
    write_png(folder / "geometry/layer0.png", geometry);
    RgbaImage overlay = blank(8, 4);
    put(overlay, 3, 1, kOneway);
    put(overlay, 4, 1, 0x80808010);  // translucent pixels still count by their colour
    put(overlay, 0, 3, kSpikes);     // replaces the ground below
    put(overlay, 1, 3, kWhite);      // "empty": leaves the ground
    write_png(folder / "geometry/layer1.png", overlay);
    RgbaImage sprites = blank(16, 8);
    put(sprites, 1, 1, kPlayer);
    put(sprites, 5, 3, kCoin);
    put(sprites, 9, 5, kWalker);
    put(sprites, 12, 4, kSwitch);
    put(sprites, 14, 2, kDoor);
    write_png(folder / "sprites/layer0.png", sprites);
    RgbaImage more_sprites = blank(8, 4);
    put(more_sprites, 2, 0, kCoin);
    write_png(folder / "sprites/layer1.png", more_sprites);
    RgbaImage visuals = blank(24, 12);
    put(visuals, 3, 3, 0x12345678);
    write_png(folder / "visuals/layer0.png", visuals);
}

std::uint64_t fnv1a(std::uint64_t hash, const std::string& bytes) {
    for (const unsigned char byte : bytes) {
        hash ^= byte;
        hash *= 0x100000001b3ull;
    }
    return hash;
}

qs::LevelLoadResult load(const fs::path& folder, const qs::LevelLimits& limits = {}) {
    return qs::load_level_folder(folder, kSchema, limits);
}

/// Loads `folder` and requires it to fail with exactly `expected`, in order, whether the visuals' pixels
/// are kept or only their digests.
void check_errors(const fs::path& folder, const std::vector<std::string>& expected,
                  const qs::LevelLimits& limits = {}) {
    const qs::LevelLoadResult digested =
        qs::load_level_folder(folder, kSchema, limits, {}, qs::VisualPixels::digest_only);
    CHECK_FALSE(digested.level.has_value());
    CHECK(digested.errors == expected);
    const qs::LevelLoadResult result = load(folder, limits);
    CHECK_FALSE(result.level.has_value());
    CHECK(result.errors == expected);
    if (result.errors != expected) {
        for (const std::string& line : result.errors) MESSAGE(line);
    }
}

}  // namespace

TEST_CASE("level: a good folder loads into tiles, rectangles, placements and visuals") {
    TempDir temp;
    const fs::path folder = temp.path() / "my_level";
    write_good_level(folder);
    CHECK(qs::looks_like_level_folder(folder));
    CHECK_FALSE(qs::looks_like_level_folder(temp.path()));
    CHECK_FALSE(qs::looks_like_level_folder(temp.path() / "nowhere"));

    const qs::LevelLoadResult result = load(folder);
    for (const std::string& line : result.errors) MESSAGE(line);
    REQUIRE(result.errors.empty());
    REQUIRE(result.level.has_value());
    const qs::LevelData& level = *result.level;
    CHECK(level.folder_name == "my_level");
    CHECK(level.name == "Test Level");
    CHECK(level.lvl_path == folder / "level.lvl");
    CHECK(level.lvl["obj_colors"].size() == 5);

    REQUIRE(level.tiles.width == 8);
    REQUIRE(level.tiles.height == 4);
    CHECK(level.tiles.at(0, 3) == 3);  // spikes from layer 1 win
    CHECK(level.tiles.at(1, 3) == 1);  // "empty" in layer 1 keeps the ground
    CHECK(level.tiles.at(3, 1) == 2);
    CHECK(level.tiles.at(4, 1) == 2);
    CHECK(level.tiles.at(6, 2) == 4);
    CHECK(level.tiles.at(0, 0) == 0);
    const std::vector<qs::TileRect> expected_rects{
        {3, 1, 2, 1, 2}, {5, 2, 1, 1, 1}, {6, 2, 1, 1, 4}, {0, 3, 1, 1, 3}, {1, 3, 7, 1, 1}};
    CHECK(level.rects == expected_rects);

    REQUIRE(level.sprite_entries.size() == 5);
    CHECK(level.sprite_entries[0].prefab == "player");
    CHECK(level.sprite_entries[0].config == nlohmann::json::object());
    CHECK(level.sprite_entries[2].config == nlohmann::json{{"speed", 2.5}});
    CHECK(level.sprite_entries[3].id == "s1");
    CHECK(level.sprite_entries[3].config == nlohmann::json{{"targets", {"d1"}}});
    CHECK(level.sprite_entries[4].color == "#00C000");
    CHECK(level.sprite_entries[4].id == "d1");
    CHECK(level.sprite_entries[4].config == nlohmann::json::object());

    REQUIRE(level.placements.size() == 6);
    const qs::SpritePlacement& player = level.placements[0];
    CHECK(player.entry == 0);
    CHECK(player.layer == 0);
    CHECK(player.px == 1);
    CHECK(player.py == 1);
    CHECK(player.scale == 2);
    CHECK(player.x == 0.75);
    CHECK(player.y == 0.75);
    CHECK(level.placements[1].entry == 4);  // the door at (14, 2) comes first in row order
    CHECK(level.placements[1].x == 7.25);
    CHECK(level.placements[1].y == 1.25);
    CHECK(level.placements[4].entry == 2);
    const qs::SpritePlacement& coin = level.placements[5];
    CHECK(coin.entry == 1);
    CHECK(coin.layer == 1);
    CHECK(coin.scale == 1);
    CHECK(coin.x == 2.5);
    CHECK(coin.y == 0.5);

    REQUIRE(level.visuals.size() == 1);
    CHECK(level.visuals[0].width == 24);
    CHECK(level.visuals[0].at(3, 3) == 0x12345678);
    CHECK(level.visual_digests == std::vector<std::uint64_t>{qs::digest_image(level.visuals[0])});

    // A run that draws nothing keeps the visuals' digests, not their pixels; the rest is the same.
    const qs::LevelLoadResult digested =
        qs::load_level_folder(folder, kSchema, {}, {}, qs::VisualPixels::digest_only);
    REQUIRE(digested.level.has_value());
    CHECK(digested.level->visuals.empty());
    CHECK(digested.level->visual_digests == level.visual_digests);
    CHECK(digested.level->tiles.tiles == level.tiles.tiles);
    CHECK(digested.level->placements.size() == level.placements.size());
    CHECK(digested.level->files_hash == level.files_hash);
    CHECK(digested.level->source_files == level.source_files);

    std::uint64_t hash = 0xcbf29ce484222325ull;
    for (const char* file : {"level.lvl", "geometry/layer0.png", "geometry/layer1.png", "sprites/layer0.png",
                             "sprites/layer1.png", "visuals/layer0.png"}) {
        hash = fnv1a(hash, read_text(folder / file));
    }
    CHECK(level.files_hash == hash);

    // A trailing separator does not change the folder name; another byte changes the hash.
    const qs::LevelLoadResult again = load(folder.string() + "/");
    REQUIRE(again.level.has_value());
    CHECK(again.level->folder_name == "my_level");
    write_bytes(folder / "level.lvl", std::string(kGoodLvl) + " ");
    const qs::LevelLoadResult changed = load(folder);
    REQUIRE(changed.level.has_value());
    CHECK(changed.level->files_hash != level.files_hash);
}

TEST_CASE(
    "level: geometry_ready gets the tiles and rectangles while the other layers are read, only for good "
    "geometry") {
    TempDir temp;
    const fs::path folder = temp.path() / "lvl";
    write_good_level(folder);
    int calls = 0;
    qs::TileGrid seen_tiles;
    std::vector<qs::TileRect> seen_rects;
    const qs::GeometryReady geometry_ready = [&](const qs::TileGrid& tiles,
                                                 const std::vector<qs::TileRect>& rects) {
        ++calls;
        seen_tiles = tiles;
        seen_rects = rects;
    };
    const qs::LevelLoadResult good = qs::load_level_folder(folder, kSchema, {}, geometry_ready);
    REQUIRE(good.level);
    CHECK(calls == 1);
    CHECK(seen_tiles.width == good.level->tiles.width);
    CHECK(seen_tiles.tiles == good.level->tiles.tiles);
    CHECK(seen_rects == good.level->rects);

    // A sprite of an unknown colour: the geometry was good (called), the level is not.
    RgbaImage sprites = blank(16, 8);
    put(sprites, 0, 0, 0x0101ffff);
    write_png(folder / "sprites/layer0.png", sprites);
    calls = 0;
    const qs::LevelLoadResult bad_sprite = qs::load_level_folder(folder, kSchema, {}, geometry_ready);
    CHECK_FALSE(bad_sprite.level);
    CHECK(bad_sprite.errors.size() == 1);
    CHECK(calls == 1);

    // A geometry pixel of an unknown colour: never called.
    RgbaImage geometry = blank(8, 4);
    put(geometry, 2, 1, 0x101010ff);
    write_png(folder / "geometry/layer0.png", geometry);
    calls = 0;
    const qs::LevelLoadResult bad_geometry = qs::load_level_folder(folder, kSchema, {}, geometry_ready);
    CHECK_FALSE(bad_geometry.level);
    CHECK(bad_geometry.errors.size() == 2);  // the geometry pixel, then the sprite pixel
    CHECK(calls == 0);
}

TEST_CASE("level: the name defaults to the folder name, sprite tables and layers are optional") {
    TempDir temp;
    const fs::path folder = temp.path() / "bare";
    write_bytes(folder / "bare.lvl", R"({"obj_colors": ["#000000"], "obj_prefabs": ["ground"]})");
    RgbaImage geometry = blank(3, 2);
    put(geometry, 1, 1, kGround);
    write_png(folder / "geometry/layer0.png", geometry);
    const qs::LevelLoadResult result = load(folder);
    REQUIRE(result.errors.empty());
    CHECK(result.level->name == "bare");
    CHECK(result.level->placements.empty());
    CHECK(result.level->rects == std::vector<qs::TileRect>{{1, 1, 1, 1, 1}});
}

TEST_CASE("level: the optional music key names a known track") {
    TempDir temp;
    const fs::path folder = temp.path() / "tune";
    const std::string lvl = folder.string() + "/tune.lvl";
    RgbaImage geometry = blank(3, 2);
    put(geometry, 1, 1, kGround);
    write_png(folder / "geometry/layer0.png", geometry);
    write_bytes(folder / "tune.lvl",
                R"({"music": "cave", "obj_colors": ["#000000"], "obj_prefabs": ["ground"]})");
    qs::LevelLoadResult result = load(folder);
    REQUIRE(result.errors.empty());
    CHECK(result.level->music == "cave");
    write_bytes(folder / "tune.lvl", R"({"obj_colors": ["#000000"], "obj_prefabs": ["ground"]})");
    result = load(folder);
    REQUIRE(result.errors.empty());
    CHECK(result.level->music.empty());
    write_bytes(folder / "tune.lvl",
                R"({"music": "jazz", "obj_colors": ["#000000"], "obj_prefabs": ["ground"]})");
    check_errors(folder, {lvl + ": music: unknown track \"jazz\" (known: day, cave)"});
    write_bytes(folder / "tune.lvl", R"({"music": 3, "obj_colors": ["#000000"], "obj_prefabs": ["ground"]})");
    check_errors(folder, {lvl + ": music must be a track name (a string), got a number"});
}

TEST_CASE("level: the optional parallax key gives each visuals layer a depth from 0 to 1") {
    TempDir temp;
    const fs::path folder = temp.path() / "deep";
    const std::string lvl = folder.string() + "/deep.lvl";
    RgbaImage geometry = blank(3, 2);
    put(geometry, 1, 1, kGround);
    write_png(folder / "geometry/layer0.png", geometry);
    write_png(folder / "visuals/layer0.png", blank(6, 4));
    write_png(folder / "visuals/layer1.png", blank(6, 4));
    const auto with = [&](const std::string& parallax) {
        write_bytes(folder / "deep.lvl", R"({"parallax": )" + parallax +
                                             R"(, "obj_colors": ["#000000"], "obj_prefabs": ["ground"]})");
    };
    with("[0.5, 1]");
    qs::LevelLoadResult result = load(folder);
    REQUIRE(result.errors.empty());
    CHECK(result.level->parallax == std::vector<double>{0.5, 1});
    with("[0]");  // a layer the list does not reach moves with the tiles
    result = load(folder);
    REQUIRE(result.errors.empty());
    CHECK(result.level->parallax == std::vector<double>{0});
    with("[1.5]");
    check_errors(folder, {lvl + ": parallax[0] must be a number from 0 (the layer stays put) to 1 (it moves "
                                "with the tiles), got 1.5"});
    with(R"([0.5, "far"])");
    check_errors(folder, {lvl + ": parallax[1] must be a number from 0 (the layer stays put) to 1 (it moves "
                                "with the tiles), got a string"});
    with("0.5");
    check_errors(folder,
                 {lvl + ": parallax must be a list of at most 16 numbers, one per visuals layer, got a "
                        "number"});
    with("[0.5, 0.5, 0.5]");
    check_errors(folder, {lvl + ": parallax: 3 factors for 2 visuals layers"});
}

TEST_CASE("level: missing geometry, and zero or two .lvl files") {
    TempDir temp;
    const fs::path folder = temp.path() / "lvl";
    write_good_level(folder);
    const std::string p = folder.string();
    fs::remove_all(folder / "geometry");
    check_errors(folder, {p + "/geometry/layer0.png: missing (every level needs geometry/layer0.png)"});

    write_good_level(folder);
    fs::remove(folder / "geometry/layer0.png");
    check_errors(folder,
                 {p + "/geometry/layer1.png: layer0.png is missing before it (geometry layers are numbered "
                      "from 0 without gaps)",
                  p + "/geometry/layer0.png: missing (every level needs geometry/layer0.png)"});

    write_good_level(folder);
    write_bytes(folder / "zz.lvl", "{}");
    check_errors(folder, {p + ": 2 .lvl files, expected exactly one: level.lvl, zz.lvl"});
    fs::remove(folder / "zz.lvl");
    fs::remove(folder / "level.lvl");
    check_errors(folder, {p + ": no .lvl file (a level folder holds exactly one)"});
    CHECK_FALSE(qs::looks_like_level_folder(folder));

    check_errors(temp.path() / "absent", {(temp.path() / "absent").string() + ": no such folder"});
}

TEST_CASE("level: layer gaps and sizes") {
    TempDir temp;
    const fs::path folder = temp.path() / "lvl";
    const std::string p = folder.string();
    write_good_level(folder);
    fs::rename(folder / "sprites/layer1.png", folder / "sprites/layer2.png");
    check_errors(folder,
                 {p + "/sprites/layer2.png: layer1.png is missing before it (sprites layers are numbered "
                      "from 0 without gaps)"});

    fs::remove_all(folder);
    write_good_level(folder);
    write_png(folder / "sprites/layer1.png", blank(17, 8));
    write_png(folder / "visuals/layer0.png", blank(16, 12));
    write_png(folder / "geometry/layer1.png", blank(9, 4));
    check_errors(
        folder,
        {p + "/geometry/layer1.png: geometry layers must all have one size: this one is 9x4, " + p +
             "/geometry/layer0.png is 8x4",
         p + "/sprites/layer1.png: sprites image is 17x8, not a whole multiple of the geometry size 8x4 "
             "(k x the geometry size: 8x4, 16x8, ...)",
         p + "/visuals/layer0.png: visuals image is 16x12, not a whole multiple of the geometry size 8x4 "
             "(k x the geometry size: 8x4, 16x8, ...)"});
}

TEST_CASE("level: unknown pixel colours name the nearest known colour, and are capped per image") {
    TempDir temp;
    const fs::path folder = temp.path() / "lvl";
    const std::string p = folder.string();
    write_good_level(folder);
    RgbaImage geometry = blank(8, 4);
    put(geometry, 2, 1, 0x101010ff);
    put(geometry, 7, 0, 0x9ad0fe01);  // nearly transparent still counts; nearest is the ice colour
    write_png(folder / "geometry/layer0.png", geometry);
    RgbaImage sprites = blank(16, 8);
    put(sprites, 0, 0, 0x0101ffff);
    write_png(folder / "sprites/layer0.png", sprites);
    check_errors(folder,
                 {p + "/geometry/layer0.png:7,0: unknown colour #9ad0fe (nearest known: #9ad0ff \"ice\")",
                  p + "/geometry/layer0.png:2,1: unknown colour #101010 (nearest known: #000000 \"ground\")",
                  p + "/sprites/layer0.png:0,0: unknown colour #0101ff (nearest known: #0000ff \"player\")"});

    RgbaImage noisy = blank(8, 4);
    for (int i = 0; i < 25; ++i) put(noisy, i % 8, i / 8, 0x123456ff);
    write_png(folder / "geometry/layer0.png", noisy);
    write_png(folder / "sprites/layer0.png", blank(16, 8));
    const qs::LevelLoadResult result = load(folder);
    REQUIRE(result.errors.size() == 21);
    CHECK(result.errors[0] == p + "/geometry/layer0.png:0,0: unknown colour #123456 (nearest known: #000000 "
                                  "\"ground\")");
    CHECK(result.errors[19] == p + "/geometry/layer0.png:3,2: unknown colour #123456 (nearest known: #000000 "
                                   "\"ground\")");
    CHECK(result.errors[20] == p + "/geometry/layer0.png: ... and 5 more unknown pixels");
}

TEST_CASE("level: colour table errors") {
    TempDir temp;
    const fs::path folder = temp.path() / "lvl";
    const std::string p = folder.string();
    const std::string lvl = p + "/level.lvl";
    write_good_level(folder);

    write_bytes(folder / "level.lvl", R"({"obj_colors": ["#000000", "#9AD0FF", "#9ad0ff", "#000000"],
        "obj_prefabs": ["ground", "ice", "ice", "spikes"],
        "spr_colors": ["#0000ff", "#ffff00", "#ff8000", "#00ff00", "#00c000"],
        "spr_prefabs": ["player", "coin", "walker", "switch", "door"]})");
    check_errors(folder, {lvl + ": obj_colors[2]: colour #9ad0ff is listed twice (also obj_colors[1])",
                          lvl + ": obj_colors[3]: colour #000000 is listed twice (also obj_colors[0])"});

    write_bytes(folder / "level.lvl", R"({"obj_colors": ["#000000", "#808080"], "obj_prefabs": ["ground"],
        "spr_colors": ["#0000ff"], "spr_prefabs": ["player", "coin"]})");
    check_errors(folder, {lvl + ": obj_colors has 2 entries but obj_prefabs has 1",
                          lvl + ": spr_colors has 1 entries but spr_prefabs has 2"});

    write_bytes(folder / "level.lvl",
                R"({"obj_colors": ["#000000", "#808080"], "obj_prefabs": ["ground", "lava"],
        "spr_colors": ["#0000ff", "#ffff00", "#ff8000", "#00ff00"],
        "spr_prefabs": ["hero", {"prefab": "walkr"}, {"speed": 1}, {"prefab": "door", "id": 7}]})");
    check_errors(
        folder,
        {lvl + ": obj_prefabs[1]: unknown tile type \"lava\" (known: empty, ground, oneway, spikes, ice)",
         lvl + ": spr_prefabs[0]: unknown prefab \"hero\" (known: player, coin, walker, door, switch, "
               "platform, turret, checkpoint, goal, camera_area)",
         lvl + ": spr_prefabs[1]: unknown prefab \"walkr\" (known: player, coin, walker, door, switch, "
               "platform, turret, checkpoint, goal, camera_area)",
         lvl + ": spr_prefabs[2] has no \"prefab\" name",
         lvl + ": spr_prefabs[3].id must be a string, got a number"});

    write_bytes(folder / "level.lvl", R"({"name": 5, "obj_colors": "#000000", "obj_prefabs": ["ground"],
        "spr_colors": ["#00ff0", 3], "spr_prefabs": ["coin", [1]]})");
    check_errors(folder, {lvl + ": name must be a string, got a number",
                          lvl + ": obj_colors must be an array, got a string",
                          lvl + ": spr_colors[0]: \"#00ff0\" is not a colour like \"#RRGGBB\"",
                          lvl + ": spr_colors[1] must be a string like \"#RRGGBB\", got a number",
                          lvl + ": spr_prefabs[1] must be a prefab name or an object, got an array"});

    write_bytes(folder / "level.lvl", R"({"obj_prefabs": ["ground"],
        "spr_colors": ["#0000ff", "#00ff00"], "spr_prefabs": [{"prefab": "door", "id": "d"},
                                                             {"prefab": "switch", "id": "d"}]})");
    check_errors(folder, {lvl + ": obj_colors is missing (an array of \"#RRGGBB\" colours)",
                          lvl + ": spr_prefabs[1]: id \"d\" is already used by spr_prefabs[0]"});

    write_bytes(folder / "level.lvl", "[1, 2]");
    check_errors(folder, {lvl + ": the .lvl must hold a JSON object, got an array"});
}

TEST_CASE("level: bad, deep and oversized JSON") {
    TempDir temp;
    const fs::path folder = temp.path() / "lvl";
    const std::string lvl = (folder / "level.lvl").string();
    write_good_level(folder);

    write_bytes(folder / "level.lvl", "{\n  \"name\": \"x\",\n  \"obj_colors\": [\"#000000\",]\n}\n");
    check_errors(folder, {lvl + ": line 3, column 28: syntax error while parsing value - unexpected ']'; "
                                "expected '[', '{', or a literal"});

    write_bytes(folder / "level.lvl", "{\"name\": \"x\"\n\n   \"obj_colors\": []}");
    check_errors(folder, {lvl + ": line 3, column 15: syntax error while parsing object - unexpected "
                                "string literal; expected '}'"});

    const auto started = std::chrono::steady_clock::now();
    write_bytes(folder / "level.lvl", std::string(100000, '['));
    check_errors(folder, {lvl + ": line 1, column 65: nested deeper than 64 levels"});
    CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(2));

    write_bytes(folder / "level.lvl", "{\"a\": \"[[[[\", \"b\": [[[{\"c\": [1]}]]]}");
    qs::LevelLimits shallow;
    shallow.max_json_depth = 4;
    CHECK(load(folder, shallow).errors ==
          std::vector<std::string>{lvl + ": line 1, column 23: nested deeper than 4 levels"});

    write_bytes(folder / "level.lvl", std::string(2 << 20, ' '));
    check_errors(folder, {lvl + ": file is 2097152 bytes, over the limit of 1048576 bytes"});

    // The JSON helper on its own.
    const qs::JsonLoad text = qs::parse_json_text("[1, 2,\n 3", "t.json", 8);
    CHECK_FALSE(text.value.has_value());
    CHECK(text.error.rfind("t.json: line 2, column 3: ", 0) == 0);
    CHECK(qs::parse_json_text("{\"a\": [[1]]}", "t.json", 3).value.has_value());
    CHECK(qs::parse_json_text("{\"a\": [[1]]}", "t.json", 2).error ==
          "t.json: line 1, column 8: nested deeper than 2 levels");
    CHECK(qs::load_json_file(folder / "nothing.json", 100, 8).error ==
          (folder / "nothing.json").string() + ": file not found");
}

TEST_CASE("level: broken PNG files are refused before decoding") {
    TempDir temp;
    const fs::path folder = temp.path() / "lvl";
    const std::string p = folder.string();
    write_good_level(folder);
    const std::string real_png = read_text(folder / "geometry/layer0.png");

    write_bytes(folder / "geometry/layer1.png", std::string("\xFF\xD8\xFF\xE0\x00\x10JFIF\x00\x01", 12));
    write_bytes(folder / "sprites/layer1.png", "");
    write_bytes(folder / "visuals/layer0.png", real_png.substr(0, 40));
    const qs::LevelLoadResult result = load(folder);
    CHECK_FALSE(result.level.has_value());
    REQUIRE(result.errors.size() == 3);
    CHECK(result.errors[0] == p + "/geometry/layer1.png: not a PNG file (starts like a JPEG)");
    CHECK(result.errors[1] == p + "/sprites/layer1.png: empty file (0 bytes), not a PNG image");
    CHECK(result.errors[2].rfind(p + "/visuals/layer0.png: cannot decode the PNG (corrupt or truncated)",
                                 0) == 0);
    CHECK(qs::load_level_folder(folder, kSchema, {}, {}, qs::VisualPixels::digest_only).errors ==
          result.errors);

    write_good_level(folder);
    write_bytes(folder / "geometry/layer0.png", crafted_png_header(60000, 60000));
    write_bytes(folder / "sprites/layer0.png", crafted_png_header(5000, 4000));
    write_bytes(folder / "visuals/layer0.png", std::string("GIF89a\x01\0\x01\0", 10));
    check_errors(folder,
                 {p + "/geometry/layer0.png: image is 60000x60000 = 3600000000 pixels, over the limit of "
                      "16777216",
                  p + "/sprites/layer0.png: image is 5000x4000 = 20000000 pixels, over the limit of 16777216",
                  p + "/visuals/layer0.png: not a PNG file (starts like a GIF)"});

    write_good_level(folder);
    fs::remove(folder / "geometry/layer1.png");
    write_bytes(folder / "geometry/layer0.png", crafted_png_header(5000, 2));
    check_errors(
        folder,
        {p + "/geometry/layer0.png: geometry is 5000x2 tiles, over the limit of 4096 tiles per side"});

    write_good_level(folder);
    write_bytes(folder / "geometry/layer1.png", real_png.substr(0, 20));
    write_bytes(folder / "sprites/layer1.png", "BM\x36\x00");
    check_errors(folder, {p + "/geometry/layer1.png: truncated PNG header",
                          p + "/sprites/layer1.png: not a PNG file (starts like a BMP)"});

    std::string error;
    CHECK_FALSE(qs::read_png_size(folder / "nothing.png", error).has_value());
    CHECK(error == "cannot open the file");
    const auto size = qs::read_png_size(folder / "geometry/layer0.png", error);
    REQUIRE(size.has_value());
    CHECK(size->width == 8);
    CHECK_FALSE(qs::load_png_rgba(folder / "geometry/layer0.png", 31, error).has_value());
    CHECK(error == "image is 8x4 = 32 pixels, over the limit of 31");
}

TEST_CASE("level: an entry with an id placed on more than one pixel") {
    TempDir temp;
    const fs::path folder = temp.path() / "lvl";
    const std::string p = folder.string();
    write_good_level(folder);
    RgbaImage sprites = blank(16, 8);
    put(sprites, 1, 1, kPlayer);
    put(sprites, 14, 2, kDoor);
    put(sprites, 3, 5, kDoor);
    write_png(folder / "sprites/layer0.png", sprites);
    RgbaImage more_sprites = blank(8, 4);
    put(more_sprites, 6, 3, kDoor);
    put(more_sprites, 2, 2, kCoin);
    put(more_sprites, 3, 2, kCoin);  // coins have no id: any number is fine
    write_png(folder / "sprites/layer1.png", more_sprites);
    check_errors(folder,
                 {p + "/sprites/layer0.png:14,2: id \"d1\" (#00C000) is placed on 3 pixels: "
                      "sprites/layer0.png:14,2, sprites/layer0.png:3,5, sprites/layer1.png:6,3; an entry "
                      "with an id may be placed on one pixel only"});

    qs::LevelLimits few;
    few.max_sprite_placements = 2;
    write_good_level(folder);
    check_errors(folder, {p + "/sprites: 6 sprite pixels, over the limit of 2"}, few);
}

TEST_CASE("level: symbolic links may not lead outside the folder") {
    TempDir temp;
    const fs::path folder = temp.path() / "lvl";
    const std::string p = folder.string();
    write_good_level(folder);
    write_png(temp.path() / "outside.png", blank(8, 4));
    write_bytes(temp.path() / "outside.lvl", kGoodLvl);

    // A link that stays inside is fine.
    fs::create_directories(folder / "art");
    fs::rename(folder / "geometry/layer1.png", folder / "art/overlay.png");
    fs::create_symlink("../art/overlay.png", folder / "geometry/layer1.png");
    CHECK(load(folder).errors.empty());

    fs::remove(folder / "geometry/layer1.png");
    fs::create_symlink(temp.path() / "outside.png", folder / "geometry/layer1.png");
    fs::remove(folder / "level.lvl");
    fs::create_symlink("../outside.lvl", folder / "level.lvl");
    fs::create_symlink(folder / "missing.png", folder / "visuals/layer1.png");
    check_errors(folder, {p + "/level.lvl: symbolic link leads outside the level folder (refused)",
                          p + "/geometry/layer1.png: symbolic link leads outside the level folder (refused)",
                          p + "/visuals/layer1.png: broken symbolic link"});

    // A whole layer folder linked from elsewhere is refused file by file.
    fs::remove(folder / "level.lvl");
    write_bytes(folder / "level.lvl", kGoodLvl);
    fs::remove(folder / "geometry/layer1.png");
    fs::remove(folder / "visuals/layer1.png");
    fs::create_directories(temp.path() / "elsewhere");
    write_png(temp.path() / "elsewhere/layer0.png", blank(24, 12));
    fs::remove_all(folder / "visuals");
    fs::create_directory_symlink(temp.path() / "elsewhere", folder / "visuals");
    check_errors(folder, {p + "/visuals/layer0.png: symbolic link leads outside the level folder (refused)"});
}

TEST_CASE("level: a folder with many problems reports all of them") {
    TempDir temp;
    const fs::path folder = temp.path() / "lvl";
    const std::string p = folder.string();
    const std::string lvl = p + "/level.lvl";
    write_good_level(folder);
    write_bytes(folder / "level.lvl", R"({"obj_colors": ["#000000", "#808080", "#ff0000"],
        "obj_prefabs": ["ground", "oneway", "spikes"],
        "spr_colors": ["#0000ff", "#ffff00"], "spr_prefabs": ["player", "coin_"]})");
    RgbaImage geometry = blank(8, 4);
    put(geometry, 0, 3, kGround);
    put(geometry, 1, 3, kIce);  // not in this table
    write_png(folder / "geometry/layer0.png", geometry);
    write_png(folder / "sprites/layer1.png", blank(12, 6));  // k = 1.5
    write_png(folder / "visuals/layer2.png", blank(8, 4));   // gap: no layer1
    write_bytes(folder / "visuals/layer0.png", "");
    check_errors(
        folder,
        {lvl + ": spr_prefabs[1]: unknown prefab \"coin_\" (known: player, coin, walker, door, switch, "
               "platform, turret, checkpoint, goal, camera_area)",
         p + "/visuals/layer2.png: layer1.png is missing before it (visuals layers are numbered from 0 "
             "without gaps)",
         p + "/visuals/layer0.png: empty file (0 bytes), not a PNG image",
         p + "/sprites/layer1.png: sprites image is 12x6, not a whole multiple of the geometry size 8x4 "
             "(k x the geometry size: 8x4, 16x8, ...)",
         p + "/geometry/layer0.png:1,3: unknown colour #9ad0ff (nearest known: #808080 \"oneway\")",
         p + "/geometry/layer1.png:1,3: unknown colour #ffffff (nearest known: #808080 \"oneway\")"});
}

TEST_CASE("level: a placement is small, and messages about it point to its pixel or its editor entity") {
    // A level may place 100 000 entities: a placement holds numbers only; an editor's text of where an
    // entity is lives in its sprite entry (one entry per editor entity).
    static_assert(sizeof(qs::SpritePlacement) <= 40);
    qs::LevelData level;
    level.folder = "/levels/mine";
    level.sprite_entries.resize(2);
    level.sprite_entries[1].where = "/maker/world.ldtk:3,4: level L1: entity Coin";
    qs::SpritePlacement pixel;
    pixel.entry = 0;
    pixel.layer = 1;
    pixel.px = 7;
    pixel.py = 9;
    CHECK(qs::placement_location(level, pixel) == "/levels/mine/sprites/layer1.png:7,9");
    qs::SpritePlacement entity = pixel;
    entity.entry = 1;
    CHECK(qs::placement_location(level, entity) == "/maker/world.ldtk:3,4: level L1: entity Coin");
}
