// Play and look identities: the same pixels whatever the encoder give the same identities (every PNG of
// every shipped level re-encoded by ImageMagick and by optipng); an art edit changes the look only; a
// moved entity, a changed tile, a play key or the tuning change play and name what changed. The dev test
// tier re-encodes its sample of the levels (game_shipped_levels.hpp: tier_levels).
#include <doctest/doctest.h>

#include <cstdlib>
#include <fstream>
#include <string>

#include "engine/png_image.hpp"
#include "file_bytes.hpp"
#include "game/levels/level_identity.hpp"
#include "game/levels/stress_level.hpp"
#include "game/sim/simulation_version.hpp"
#include "game_shipped_levels.hpp"
#include "scratch_dir.hpp"

using namespace qs;
namespace fs = std::filesystem;

namespace {

std::vector<fs::path> pngs_of(const fs::path& folder) {
    std::vector<fs::path> pngs;
    for (const auto& entry : fs::recursive_directory_iterator(folder)) {
        if (entry.path().extension() == ".png") pngs.push_back(entry.path());
    }
    std::sort(pngs.begin(), pngs.end());
    return pngs;
}

/// Runs a shell command; the test fails when it does not exit 0 (a missing encoder is a failure).
void run(const std::string& command) {
    CAPTURE(command);
    REQUIRE(std::system((command + " >/dev/null 2>&1").c_str()) == 0);
}

std::string shell_quoted(const fs::path& path) {
    return "'" + path.string() + "'";
}

/// The level in `folder`, which must load.
CheckedLevel checked_at(const fs::path& folder) {
    CheckedLevel checked = check_level(folder);
    CAPTURE(folder.string());
    if (!checked.errors.empty()) CAPTURE(checked.errors.front());
    REQUIRE(checked.level);
    return checked;
}

/// Changes one pixel of a PNG through the engine's own decoder and encoder.
void set_pixel(const fs::path& png, int x, int y, std::uint32_t rgba) {
    std::string error;
    std::optional<RgbaImage> image = load_png_rgba(png, 1 << 24, error);
    REQUIRE(image);
    image->pixels[static_cast<std::size_t>(y) * image->width + x] = rgba;
    REQUIRE(save_png_rgba(png, *image, error));
}

RgbaImage image_at(const fs::path& png) {
    std::string error;
    std::optional<RgbaImage> image = load_png_rgba(png, 1 << 24, error);
    REQUIRE(image);
    return *image;
}

const Tuning default_tuning{};

}  // namespace

TEST_CASE("re-encoding every PNG of every shipped level (ImageMagick, then optipng) changes no identity") {
    for (const std::string& name : test::tier_levels()) {
        CAPTURE(name);
        test::ScratchDir scratch("qs_identity_reencode");
        const fs::path original = fs::path(QUICKSTEP_SOURCE_DIR) / "levels" / name;
        const fs::path copy = scratch.path() / name;
        fs::copy(original, copy, fs::copy_options::recursive);
        const CheckedLevel before = checked_at(copy);
        const std::vector<fs::path> pngs = pngs_of(copy);
        REQUIRE(!pngs.empty());

        // ImageMagick: 8-bit RGBA at another compression level; every file's bytes change.
        for (const fs::path& png : pngs) {
            const std::vector<std::uint8_t> bytes = test::read_bytes(png);
            run("convert " + shell_quoted(png) +
                " -define png:compression-level=1 -define png:compression-filter=0 " +
                "PNG32:" + shell_quoted(png.string() + ".im.png"));
            fs::rename(png.string() + ".im.png", png);
            CHECK(test::read_bytes(png) != bytes);
        }
        const CheckedLevel by_imagemagick = checked_at(copy);
        CHECK(by_imagemagick.identity == before.identity);

        // optipng on ImageMagick's files: palette or grey where it can, other filters and compression.
        for (const fs::path& png : pngs) {
            const std::vector<std::uint8_t> bytes = test::read_bytes(png);
            run("optipng -quiet -o2 " + shell_quoted(png));
            CHECK(test::read_bytes(png) != bytes);
        }
        const CheckedLevel by_optipng = checked_at(copy);
        CHECK(by_optipng.identity == before.identity);
        CHECK(play_identity(by_optipng.identity, default_tuning) ==
              play_identity(before.identity, default_tuning));
    }
}

TEST_CASE("a run that draws nothing gets every shipped level's identity without keeping its visuals") {
    for (const std::string& name : test::shipped_levels()) {
        CAPTURE(name);
        const fs::path folder = fs::path(QUICKSTEP_SOURCE_DIR) / "levels" / name;
        const CheckedLevel drawn = checked_at(folder);
        const CheckedLevel digested = check_level(folder, VisualPixels::digest_only);
        REQUIRE(digested.level);
        CHECK(digested.level->visuals.empty());
        CHECK(digested.level->visual_digests.size() == drawn.level->visuals.size());
        CHECK(digested.identity == drawn.identity);
    }
}

TEST_CASE("an art edit changes the look only; a moved entity or tile changes play and names it") {
    test::ScratchDir scratch("qs_identity_edits");
    const fs::path folder = scratch.path() / "01_first_steps";
    fs::copy(fs::path(QUICKSTEP_SOURCE_DIR) / "levels/01_first_steps", folder, fs::copy_options::recursive);
    const CheckedLevel before = checked_at(folder);
    const PlayIdentity play_before = play_identity(before.identity, default_tuning);

    SUBCASE("a visuals pixel: look only") {
        const fs::path png = folder / "visuals/layer0.png";
        const RgbaImage image = image_at(png);
        set_pixel(png, 3, 2, (image.at(3, 2) ^ 0x10101000u) | 0xffu);
        const CheckedLevel after = checked_at(folder);
        CHECK(after.identity.look.visuals != before.identity.look.visuals);
        CHECK(after.identity.look.id() != before.identity.look.id());
        CHECK(play_identity(after.identity, default_tuning) == play_before);
    }
    SUBCASE("the name and the music: look only") {
        std::ifstream in(before.level->lvl_path);
        std::string text((std::istreambuf_iterator<char>(in)), {});
        in.close();
        text.replace(text.find("First Steps"), 11, "First Jumps");
        text.replace(text.find("\"day\""), 5, "\"dusk\"");
        std::ofstream(before.level->lvl_path) << text;
        const CheckedLevel after = checked_at(folder);
        CHECK(after.identity.look.name != before.identity.look.name);
        CHECK(after.identity.look.music != before.identity.look.music);
        CHECK(play_identity(after.identity, default_tuning) == play_before);
    }
    SUBCASE("a sprite pixel moved one to the right: entities") {
        const fs::path png = folder / "sprites/layer0.png";
        const RgbaImage image = image_at(png);
        int moved_x = -1, moved_y = -1;
        for (int y = 0; y < image.height && moved_x < 0; ++y) {
            for (int x = 0; x + 1 < image.width; ++x) {
                if ((image.at(x, y) & 0xff) != 0 && (image.at(x + 1, y) & 0xff) == 0) {
                    moved_x = x;
                    moved_y = y;
                    break;
                }
            }
        }
        REQUIRE(moved_x >= 0);
        set_pixel(png, moved_x + 1, moved_y, image.at(moved_x, moved_y));
        set_pixel(png, moved_x, moved_y, 0);
        const CheckedLevel after = checked_at(folder);
        const PlayIdentity play_after = play_identity(after.identity, default_tuning);
        CHECK(play_differences(play_before, play_after) == std::vector<std::string>{"entities"});
        CHECK(play_after.id() != play_before.id());
        CHECK(after.identity.look == before.identity.look);
    }
    SUBCASE("one tile: geometry") {
        const fs::path png = folder / "geometry/layer0.png";
        const RgbaImage image = image_at(png);
        int solid_x = -1, solid_y = -1, empty_x = -1, empty_y = -1;
        for (int y = 0; y < image.height; ++y) {
            for (int x = 0; x < image.width; ++x) {
                const bool solid = (image.at(x, y) & 0xff) != 0;
                if (solid && solid_x < 0) solid_x = x, solid_y = y;
                if (!solid && empty_x < 0) empty_x = x, empty_y = y;
            }
        }
        REQUIRE(solid_x >= 0);
        REQUIRE(empty_x >= 0);
        set_pixel(png, empty_x, empty_y, image.at(solid_x, solid_y));
        const CheckedLevel after = checked_at(folder);
        CHECK(play_differences(play_before, play_identity(after.identity, default_tuning)) ==
              std::vector<std::string>{"geometry"});
    }
    SUBCASE("a field written out at its default changes nothing; another value changes entities") {
        std::ifstream in(before.level->lvl_path);
        std::string text((std::istreambuf_iterator<char>(in)), {});
        in.close();
        const std::size_t coin = text.find("\"coin\"");
        REQUIRE(coin != std::string::npos);
        text.replace(coin, 6, "{\"prefab\": \"coin\"}");
        std::ofstream(before.level->lvl_path) << text;
        CHECK(play_identity(checked_at(folder).identity, default_tuning) == play_before);
        const std::size_t sign = text.find("Space to jump");
        text.replace(sign, 13, "Space to hop!");
        std::ofstream(before.level->lvl_path) << text;
        CHECK(play_differences(play_before, play_identity(checked_at(folder).identity, default_tuning)) ==
              std::vector<std::string>{"entities"});
    }
    SUBCASE("a .lvl key the game does not know counts as play (rules); a comment does not") {
        std::ifstream in(before.level->lvl_path);
        std::string text((std::istreambuf_iterator<char>(in)), {});
        in.close();
        text.insert(text.find('{') + 1, "\"_note\": \"made on a train\",");
        std::ofstream(before.level->lvl_path) << text;
        const CheckedLevel commented = check_level(folder);
        if (commented.level) {  // a level with an unknown key may also be refused: then nothing to compare
            CHECK(play_identity(commented.identity, default_tuning) == play_before);
        }
    }
}

TEST_CASE("the tuning and the simulation version are part of play") {
    const CheckedLevel checked = checked_at(fs::path(QUICKSTEP_SOURCE_DIR) / "levels/01_first_steps");
    Tuning higher;
    higher.jump_speed += 1;
    const PlayIdentity normal = play_identity(checked.identity, default_tuning);
    const PlayIdentity jumpy = play_identity(checked.identity, higher);
    CHECK(play_differences(normal, jumpy) == std::vector<std::string>{"tuning"});
    CHECK(normal.same_level(jumpy));
    CHECK(normal.sim_version == simulation_version);
    PlayIdentity older = normal;
    older.sim_version = simulation_version - 1;
    older.geometry ^= 1;
    CHECK(play_differences(older, normal) == std::vector<std::string>{"geometry", "simulation version"});
    CHECK(join_differences({"geometry", "entities", "tuning"}) == "geometry, entities and tuning");
    // One source of defaults: game/sim/tuning.hpp. assets/tuning.json sets no field (comments only), so
    // what it reads is the defaults until someone changes a value there.
    std::vector<std::string> problems;
    const fs::path shipped_file = fs::path(QUICKSTEP_SOURCE_DIR) / "assets/tuning.json";
    const Tuning shipped = load_tuning(shipped_file, problems);
    CHECK(problems.empty());
    CHECK(tuning_digest(shipped) == tuning_digest(default_tuning));
    std::ifstream in(shipped_file);
    const nlohmann::json document = nlohmann::json::parse(in);
    for (const auto& item : document.items()) {
        const std::string key = item.key();  // a plain name: clang 14 cannot capture bindings (CAPTURE)
        CAPTURE(key);
        CHECK(key.front() == '_');
    }
}

TEST_CASE("a stress level (built in memory) carries an identity of its content") {
    const StressLevel stress = make_stress_level(300, 4);
    const StressLevel again = make_stress_level(300, 4);
    const StressLevel other = make_stress_level(300, 5);
    CHECK(stress.identity.geometry != 0);
    CHECK(stress.identity == again.identity);
    CHECK(stress.identity.entities != other.identity.entities);
}
