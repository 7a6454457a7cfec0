// Gems in the player's progress and what they unlock: found gems kept per level across runs, saves and
// loads, hostile gem lists refused, the results line, and the skins' unlock rules read from progress files.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "engine/png_image.hpp"
#include "game/app/progress.hpp"
#include "game/app/settings.hpp"
#include "game/app/skins.hpp"
#include "game_shipped_levels.hpp"

using namespace qs;
namespace fs = std::filesystem;

namespace {

const PlayIdentity play{1, 2, 3, tuning_digest(Tuning{}), 1};

fs::path fresh_dir(const char* name) {
    fs::path dir = fs::temp_directory_path() / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

/// A progress file whose levels have found the gems listed (each level holds gems 1 to 3).
fs::path progress_file(const fs::path& dir, const std::vector<std::pair<std::string, std::string>>& levels) {
    std::string text = R"({ "levels": {)";
    for (std::size_t i = 0; i < levels.size(); ++i) {
        text += (i ? ", \"" : " \"") + levels[i].first +
                R"(": { "completed": true, "best_ticks": 600, "best_coins": 1, "coins_total": 2, "gems": )" +
                levels[i].second + R"(, "gems_placed": [1, 2, 3] })";
    }
    text += " } }";
    const fs::path path = dir / "progress.json";
    std::ofstream(path) << text;
    return path;
}

}  // namespace

TEST_CASE("gems: a finished run's gems are added to the level's, kept through save and load") {
    Progress progress;
    CHECK(progress.gems_found() == 0);
    progress.record("11_spring_meadow", 900, 5, 40, play, {0b001, 0b111});
    progress.record("11_spring_meadow", 800, 5, 40, play, {0b100, 0b111});  // another gem, another run
    progress.record("11_spring_meadow", 950, 5, 40, play, {0b000, 0b111});  // none: nothing is lost
    progress.record_assisted("12_bounce_works", 20, {0b010, 0b111});        // assists keep gems too
    progress.record("my_own_level", 700, 5, 40, play);  // a level without gems (a player's own)
    CHECK(progress.find("11_spring_meadow")->gems == 0b101u);
    CHECK(progress.find("11_spring_meadow")->gems_placed == 0b111u);
    CHECK(progress.find("my_own_level")->gems_placed == 0u);
    CHECK(progress.gems_found() == 3);
    CHECK(progress.for_chapters().gems == 3);

    const fs::path dir = fresh_dir("quickstep-gems-progress");
    std::string message;
    REQUIRE(progress.save(dir / "progress.json", message));
    std::ifstream in(dir / "progress.json");
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(text.find("\"gems\": [\n        1,\n        3\n      ]") != std::string::npos);  // indices
    Progress loaded = Progress::load(dir / "progress.json", message);
    CHECK(message.empty());
    REQUIRE(loaded.find("11_spring_meadow"));
    CHECK(loaded.find("11_spring_meadow")->gems == 0b101u);
    CHECK(loaded.find("12_bounce_works")->gems == 0b010u);
    CHECK(loaded.find("my_own_level")->gems == 0u);
    CHECK(loaded.gems_found() == 3);
    fs::remove_all(dir);
}

TEST_CASE("gems: a file written before gems loads with none; hostile gem lists are refused") {
    const fs::path dir = fresh_dir("quickstep-gems-hostile");
    const fs::path path = dir / "progress.json";
    std::ofstream(path) << R"({ "levels": { "a": { "completed": true, "best_ticks": 600, "best_coins": 1,)"
                        << R"( "coins_total": 2 } } })";
    std::string message;
    Progress old = Progress::load(path, message);
    CHECK(message.empty());
    REQUIRE(old.find("a"));
    CHECK(old.find("a")->gems == 0u);
    for (const char* gems : {"[0]", "[4]", "[1, 1]", "[1, 2, 3, 1]", "7", "[1.5]", "[\"1\"]", "[-1]",
                             "[4294967297]", "{}", "null"}) {
        CAPTURE(gems);
        std::ofstream(path) << R"({ "levels": { "a": { "completed": true, "best_ticks": 600,)"
                            << R"( "best_coins": 1, "coins_total": 2, "gems": )" << gems << R"( } } })";
        message.clear();
        Progress loaded = Progress::load(path, message);
        CHECK(loaded.find("a") == nullptr);
        CHECK(message.find("\"gems\" is not a list of distinct gem indices from 1 to 3") !=
              std::string::npos);
        CHECK(loaded.gems_found() == 0);
    }
    fs::remove_all(dir);
}

TEST_CASE("gems: the results line counts a run's gems and says when one is new") {
    CHECK(gems_summary(0, {0, 0}) == "");  // a level without gems says nothing
    CHECK(gems_summary(0, {0b000, 0b111}) == "Gems 0/3");
    CHECK(gems_summary(0, {0b011, 0b111}) == "Gems 2/3, new!");
    CHECK(gems_summary(0b011, {0b011, 0b111}) == "Gems 2/3");        // found before: not new
    CHECK(gems_summary(0b011, {0b110, 0b111}) == "Gems 2/3, new!");  // gem 3 is
    CHECK(gem_count(0b101) == 2);
}

TEST_CASE("gems: skins unlock at their documented gem totals, read from progress files") {
    // The rule: Fox from the start, Arctic at 9 gems, Moss at 21, Midnight at 40, Golden at 60. The levels
    // that hide gems (those with a gems.txt, three gems each) hold more than Golden needs.
    REQUIRE(skins.front().gems_needed == 0);
    for (std::size_t i = 1; i < skins.size(); ++i) CHECK(skins[i].gems_needed > skins[i - 1].gems_needed);
    std::vector<std::string> gem_levels;
    for (const std::string& name : qs::test::shipped_levels()) {
        if (fs::exists(fs::path(QUICKSTEP_SOURCE_DIR) / "levels" / name / "gems.txt"))
            gem_levels.emplace_back(name);
    }
    const int gems_hidden = static_cast<int>(gem_levels.size()) * 3;
    CHECK(skins.back().gems_needed <= gems_hidden);
    // The first `gems` gems of those levels, in order, as a progress file's levels.
    auto first_gems = [&](int gems) {
        std::vector<std::pair<std::string, std::string>> levels;
        for (std::size_t i = 0; gems > 0 && i < gem_levels.size(); ++i, gems -= 3) {
            levels.emplace_back(gem_levels[i], gems >= 3 ? "[1, 2, 3]" : gems == 2 ? "[1, 3]" : "[2]");
        }
        return levels;
    };
    const fs::path dir = fresh_dir("quickstep-gems-skins");
    struct Case {
        std::vector<std::pair<std::string, std::string>> levels;
        int gems;
        const char* best_open;  ///< the last skin open
    };
    const Case cases[] = {
        {{}, 0, "Fox"},
        {first_gems(8), 8, "Fox"},
        {first_gems(9), 9, "Arctic"},
        {first_gems(20), 20, "Arctic"},
        {first_gems(21), 21, "Moss"},
        {first_gems(39), 39, "Moss"},
        {first_gems(40), 40, "Midnight"},
        {first_gems(59), 59, "Midnight"},
        {first_gems(60), 60, "Golden"},
        {first_gems(gems_hidden), gems_hidden, "Golden"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.gems);
        std::string message;
        Progress progress = Progress::load(progress_file(dir, c.levels), message);
        CHECK(message.empty());
        CHECK(progress.gems_found() == c.gems);
        const Skin* best = &skins.front();
        for (const Skin& skin : skins) {
            if (skin_unlocked(skin, progress.gems_found())) best = &skin;
        }
        CHECK(std::string(best->name) == c.best_open);
        // A chosen skin is worn only when open; a locked one is worn as the default.
        for (const Skin& skin : skins) {
            const Skin& worn = skin_or_default(skin.name, progress.gems_found());
            CHECK(std::string(worn.name) == (skin.gems_needed <= c.gems ? skin.name : skins.front().name));
            CHECK((skin_label(skin, c.gems).find("locked: " + std::to_string(skin.gems_needed) + " gems") !=
                   std::string::npos) == (skin.gems_needed > c.gems));
        }
    }
    CHECK(std::string(skin_or_default("Nobody", 99).name) == "Fox");
    // The news of a finished run: the last skin it opened, none when it opened none.
    CHECK(skin_unlocked_between(8, 9) == &skins[1]);
    CHECK(skin_unlocked_between(20, 60) == &skins[4]);
    CHECK(skin_unlocked_between(9, 20) == nullptr);
    fs::remove_all(dir);
}

TEST_CASE("gems: the skin setting survives save and load; an unknown skin is refused with the names") {
    const fs::path dir = fresh_dir("quickstep-gems-settings");
    Settings settings = Settings::defaults();
    CHECK(settings.skin == "Fox");
    settings.skin = "Moss";
    std::string message;
    REQUIRE(settings.save(dir / "settings.json", message));
    CHECK(Settings::load(dir / "settings.json", message).skin == "Moss");
    for (const char* skin : {"\"Mossy\"", "3", "null", "\"\""}) {
        CAPTURE(skin);
        std::ofstream(dir / "bad.json") << R"({ "skin": )" << skin << " }";
        message.clear();
        const Settings loaded = Settings::load(dir / "bad.json", message);
        CHECK(loaded.skin == "Fox");
        CHECK(message.find("skin must be one of Fox, Arctic, Moss, Midnight, Golden") != std::string::npos);
    }
    fs::remove_all(dir);
}

TEST_CASE("gems: the sprite sheet draws the fox in the colours the skins replace") {
    // A skin swaps the default skin's two colours in the player's sprites: both must be in the sheet, and
    // no skin may use a colour another skin's swap would mistake for fur.
    std::string error;
    const auto sheet =
        load_png_rgba(fs::path(QUICKSTEP_SOURCE_DIR) / "assets/sprites/sheet.png", 1 << 24, error);
    REQUIRE_MESSAGE(sheet, error);
    for (std::uint32_t colour : {skins.front().fur, skins.front().fur_shade}) {
        CAPTURE(colour);
        bool found = false;
        for (std::uint32_t pixel : sheet->pixels) found = found || (pixel >> 8 == colour && (pixel & 0xFF));
        CHECK(found);
    }
    for (const Skin& skin : skins) CHECK(skin.fur != skin.fur_shade);
}
