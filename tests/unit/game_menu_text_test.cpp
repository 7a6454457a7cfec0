// What the menus show a player: level-select error lines with file names instead of full paths, folders
// under the home folder written as "~/...", one row per level with its runs and sharing in its own menu,
// and the ending's account of what is done, read from progress files.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "fake_menu_host.hpp"
#include "game/app/paths.hpp"

using namespace qs;

TEST_CASE("level select: a broken level's line names the file, not its full path, and can be highlighted") {
    FakeHost host;
    host.levels_.push_back({"good", "Good Level", "/somewhere/levels/good", true, ""});
    host.levels_.push_back({"broken", "broken", "/home/someone/.local/share/quickstep/levels/broken", false,
                            "/home/someone/.local/share/quickstep/levels/broken/geometry/layer0.png:51,10: "
                            "unknown colour #808080 (nearest known: #ff0000 \"spikes\")"});
    MenuScreens menus(host);
    menus.open_level_select();
    const Menu* menu = menus.menu();
    REQUIRE(menu->items.size() == 3);
    CHECK(menu->items[1].label == "broken (broken)");
    CHECK_FALSE(menu->items[1].enabled);
    CHECK(menu->items[1].detail ==
          "layer0.png:51,10: unknown colour #808080 (nearest known: #ff0000 \"spikes\")");
    menus.handle({{Action::down, true}});
    CHECK(menus.menu()->cursor == 1);  // a broken level can be highlighted to read why
}

TEST_CASE("level select: a playable level shows its title and how the player stands, never its folder") {
    FakeHost host;
    host.levels_.push_back({"01_good", "Good Level", "/somewhere/levels/01_good", true, ""});
    MenuScreens menus(host);
    menus.open_level_select();
    const Menu* menu = menus.menu();
    REQUIRE(menu->items.size() == 2);
    CHECK(menu->items[0].label == "Good Level");
    CHECK(menu->items[0].detail == "Not finished yet: Good Level");
    for (const MenuItem& item : menu->items) {
        CHECK(item.label.find('/') == std::string::npos);
        CHECK(item.detail.find('/') == std::string::npos);
        CHECK(item.detail.find("01_good") == std::string::npos);
    }
}

TEST_CASE("level select: a level's author and its maker's clear come before how the player stands") {
    FakeHost host;
    host.levels_.push_back({"01_good", "Good Level", "/somewhere/levels/good.qslevel", true, ""});
    host.levels_.back().package = true;
    host.levels_.back().maker_ticks = 732;
    host.levels_.back().author = "Ann";
    host.levels_.push_back({"02_other", "Other", "/somewhere/levels/02_other", true, ""});
    MenuScreens menus(host);
    menus.open_level_select();
    const Menu* menu = menus.menu();
    REQUIRE(menu->items.size() == 3);  // the two levels (one row each), Back
    CHECK(menu->items[0].label == "Good Level  (cleared by its maker)");
    CHECK(menu->items[0].detail == "By Ann. Cleared by its maker in 0:12.2. Not finished yet: Good Level");
    CHECK(menu->items[1].detail == "Not finished yet: Other");
    // Its own menu says the same under its name.
    menus.handle({{Action::confirm, true}});
    REQUIRE(menus.scene() == MenuScreens::Scene::level_menu);
    CHECK(menus.menu()->title == "Good Level");
    CHECK(menus.menu()->subtitle == "By Ann. Cleared by its maker in 0:12.2. Not finished yet: Good Level");
}

TEST_CASE("display_path: the home folder is written as ~") {
    const char* home = std::getenv("HOME");
    if (!home || !*home || std::string(home) == "/") return;
    CHECK(display_path(std::filesystem::path(home) / ".local/share/quickstep/levels") ==
          "~/.local/share/quickstep/levels");
    CHECK(display_path("/elsewhere/levels") == "/elsewhere/levels");
}

TEST_CASE("skip this level: offered in the pause menu of a chapter's level; a skipped level says so") {
    FakeHost host;
    MenuScreens menus(host);
    menus.open_pause();
    auto has_skip = [&] {
        for (const MenuItem& item : menus.menu()->items)
            if (item.label == "Skip this level") return true;
        return false;
    };
    CHECK_FALSE(has_skip());  // a level of the player's own (or a replay): nothing to skip to
    host.skippable_ = true;
    menus.open_pause();
    REQUIRE(has_skip());
    const std::vector<MenuItem>& items = menus.menu()->items;
    const auto skip = std::find_if(items.begin(), items.end(),
                                   [](const MenuItem& item) { return item.label == "Skip this level"; });
    CHECK(skip->detail.find("Assist") != std::string::npos);
    skip->on_confirm();
    CHECK(host.skips == 1);

    host.levels_.push_back({"01_hard", "Hard Level", "/somewhere/levels/01_hard", true, ""});
    host.levels_.back().shipped = true;  // its record is kept under its name
    host.progress_.record_skipped("01_hard");
    menus.open_level_select();
    CHECK(menus.menu()->items[0].label == "Hard Level  (skipped)");
    CHECK(menus.menu()->items[0].detail == "Skipped (assist), not finished yet: Hard Level");
}

namespace {

/// The labels of the open menu, in order.
std::vector<std::string> menu_labels(const MenuScreens& menus) {
    std::vector<std::string> out;
    for (const MenuItem& item : menus.menu()->items) out.push_back(item.label);
    return out;
}

}  // namespace

TEST_CASE("level select: share a finished level; watch the maker's clear of a verified package") {
    FakeHost host;
    host.levels_.push_back({"mine", "My Level", "/somewhere/levels/mine", true, ""});
    LevelListing package{"theirs", "Their Level", "/somewhere/levels/theirs.qslevel", true, ""};
    package.package = true;
    package.maker_ticks = 1234;
    host.levels_.push_back(package);
    MenuScreens menus(host);
    menus.open_level_select();
    // One row per level; no best run yet: nothing to share, so My Level starts at once; the package's
    // clear can be watched from its own menu.
    CHECK(menu_labels(menus) ==
          std::vector<std::string>{"My Level", "Their Level  (cleared by its maker)", "Back"});
    menus.menu()->items[0].on_confirm();
    REQUIRE(host.started.size() == 1);
    CHECK(host.started[0] == "/somewhere/levels/mine");
    menus.open_level_select();
    menus.menu()->items[1].on_confirm();
    REQUIRE(menus.scene() == MenuScreens::Scene::level_menu);
    CHECK(menus.menu()->title == "Their Level");
    CHECK(menu_labels(menus) == std::vector<std::string>{"Play", "Watch the maker's clear", "Back"});
    menus.menu()->items[1].on_confirm();
    CHECK(host.maker_watches == 1);

    host.best_run_ = true;  // both have a best run: the folder can be shared, the package is one already
    menus.open_level_select();
    CHECK(menu_labels(menus) ==
          std::vector<std::string>{"My Level", "Their Level  (cleared by its maker)", "Back"});
    menus.menu()->items[0].on_confirm();
    REQUIRE(menus.scene() == MenuScreens::Scene::level_menu);
    CHECK(menus.menu()->title == "My Level");
    CHECK(menu_labels(menus) == std::vector<std::string>{"Play", "Watch best run", "Share...", "Back"});
    menus.menu()->items[2].on_confirm();
    CHECK(host.shares == 1);
    menus.menu()->items[1].on_confirm();
    CHECK(host.best_watches == 1);
    menus.open_level_select();
    menus.menu()->items[1].on_confirm();
    CHECK(menu_labels(menus) ==
          std::vector<std::string>{"Play", "Watch best run", "Watch the maker's clear", "Back"});
    CHECK(host.started.size() == 1);  // opening a level's menu starts nothing
}

TEST_CASE("level menu: Play first (confirm, confirm starts the level); Back keeps the level highlighted") {
    FakeHost host;
    host.best_run_ = true;
    for (const char* name : {"a_first", "b_second", "c_third"})
        host.levels_.push_back({name, std::string("Level ") + name, std::string("/lv/") + name, true, ""});
    MenuScreens menus(host);
    menus.open_level_select();
    REQUIRE(menu_labels(menus).size() == 4);
    menus.handle({{Action::down, true}, {Action::down, true}});
    menus.handle({{Action::confirm, true}});
    REQUIRE(menus.scene() == MenuScreens::Scene::level_menu);
    CHECK(menus.trace_state(false) == "level_menu 0 \"Play\"");
    for (const MenuItem& item : menus.menu()->items) CHECK(item.preview == "/lv/c_third");  // its thumbnail
    // Back (the button) returns to the level select on the same level.
    menus.handle({{Action::back, true}});
    REQUIRE(menus.scene() == MenuScreens::Scene::level_select);
    CHECK(menus.trace_state(false) == "level_select 2 \"Level c_third\"");
    // The menu's "Back" item does the same.
    menus.handle({{Action::up, true}});
    menus.handle({{Action::confirm, true}});
    REQUIRE(menus.scene() == MenuScreens::Scene::level_menu);
    menus.handle({{Action::up, true}});
    CHECK(menus.menu()->items[menus.menu()->cursor].label == "Back");
    menus.handle({{Action::confirm, true}});
    CHECK(menus.trace_state(false) == "level_select 1 \"Level b_second\"");
    // Confirm, confirm: the level plays.
    menus.handle({{Action::confirm, true}});
    menus.handle({{Action::confirm, true}});
    REQUIRE(host.started.size() == 1);
    CHECK(host.started[0] == "/lv/b_second");
}

TEST_CASE("level select: a level finished only with assists says so, with no time; a best time shows") {
    FakeHost host;
    host.levels_.push_back({"01_hard", "Hard Level", "/somewhere/levels/01_hard", true, ""});
    host.levels_.back().shipped = true;
    host.progress_.record_assisted("01_hard", 42);
    MenuScreens menus(host);
    menus.open_level_select();
    CHECK(menus.menu()->items[0].label == "Hard Level  * assisted");
    CHECK(menus.menu()->items[0].detail == "Finished with assists (no best time kept): Hard Level");
    CHECK(host.progress_.record("01_hard", 732, 40, 42, PlayIdentity{}));  // the first time, a best
    menus.open_level_select();
    CHECK(menus.menu()->items[0].label.find("* 0:12.2  40/42") != std::string::npos);
    // The card names the level: the list's name column may cut a long name.
    CHECK(menus.menu()->items[0].detail.starts_with(
        "Finished Hard Level. Best time 0:12.2, most coins 40 of 42"));
}

namespace {

/// A progress file in a fresh temp folder: `levels` as JSON members ("name": {record}).
std::filesystem::path ending_progress_file(const char* folder, const std::string& levels) {
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / folder;
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const std::filesystem::path path = dir / "progress.json";
    std::ofstream(path) << R"({ "levels": {)" << levels << "} }";
    return path;
}

/// A finished level's record: its coins and gems.
std::string finished_record(const std::string& name, int coins, int coins_total, const char* gems,
                            const char* gems_placed) {
    return "\"" + name + R"(": { "completed": true, "best_ticks": 600, "best_coins": )" +
           std::to_string(coins) + R"(, "coins_total": )" + std::to_string(coins_total) + R"(, "gems": )" +
           gems + R"(, "gems_placed": )" + gems_placed + " }";
}

/// The notes of the ending opened over `progress` with three shipped levels a, b and c listed.
std::vector<std::string> ending_notes(const std::filesystem::path& progress) {
    FakeHost host;
    for (const char* name : {"a", "b", "c"}) {
        host.levels_.push_back({name, name, std::string("/lv/") + name, true, ""});
        host.levels_.back().shipped = true;
    }
    host.levels_.push_back({"broken", "broken", "/lv/broken", false, "no geometry"});  // not counted
    std::string message;
    host.progress_ = Progress::load(progress, message);
    CHECK(message.empty());
    MenuScreens menus(host);
    menus.open_ending(completion_of(host.progress_, host.levels_));
    CHECK(menus.menu()->title == "THE END");
    CHECK(menus.menu()->subtitle.find("Thank you for playing") != std::string::npos);
    // The credits come first, one line each and no line broken inside the command, then an empty line,
    // then what is done and still to do (returned).
    const std::vector<MenuNote>& all = menus.menu()->notes;
    const auto gap = std::find_if(all.begin(), all.end(), [](const MenuNote& n) { return n.text.empty(); });
    REQUIRE(gap != all.end());
    CHECK(std::any_of(all.begin(), gap, [](const MenuNote& n) {
        return n.text == "Make your own: quickstep --new-level NAME 120x30";
    }));
    std::vector<std::string> notes;
    for (auto note = std::next(gap); note != all.end(); ++note) notes.push_back(note->text);
    return notes;
}

}  // namespace

TEST_CASE("ending: says in words what is done and what is still to find; everything done only when it is") {
    // Partial: a and b finished, only b with every coin; 4 of the 6 gems they hold found; c not finished.
    const auto partial = ending_notes(ending_progress_file(
        "quickstep-ending-partial", finished_record("a", 10, 12, "[1]", "[1, 2, 3]") + ", " +
                                        finished_record("b", 5, 5, "[1, 2, 3]", "[1, 2, 3]")));
    CHECK(partial == std::vector<std::string>{
                         "Levels finished: 2 of 3", "Levels with every coin collected: 1 of 3",
                         "Gems found: 4 of 6 in the levels you finished",
                         "Still to do: finish 1 level, collect every coin in 2 levels, find 2 gems"});
    // No coin run complete: the line says so in words, never "0 of 3" (what is left is in "Still to do").
    const auto no_coins = ending_notes(ending_progress_file(
        "quickstep-ending-nocoins", finished_record("a", 1, 12, "[]", "[1, 2, 3]") + ", " +
                                        finished_record("b", 1, 5, "[]", "[1, 2, 3]") + ", " +
                                        finished_record("c", 0, 3, "[]", "[]")));
    CHECK(no_coins == std::vector<std::string>{"Levels finished: 3 of 3",
                                               "No level with every coin collected yet", "Gems found: 0 of 6",
                                               "Still to do: collect every coin in 3 levels, find 6 gems"});
    // Every level finished with every coin, but a gem missing: not everything done yet.
    const std::string all_coins = finished_record("a", 12, 12, "[1, 2, 3]", "[1, 2, 3]") + ", " +
                                  finished_record("b", 5, 5, "[1, 2, 3]", "[1, 2, 3]") + ", ";
    const auto one_gem = ending_notes(ending_progress_file(
        "quickstep-ending-onegem", all_coins + finished_record("c", 3, 3, "[1]", "[1, 2]")));
    REQUIRE(one_gem.size() == 4);
    CHECK(one_gem[2] == "Gems found: 7 of 8");
    CHECK(one_gem[3] == "Still to do: find 1 gem");
    // Complete.
    const auto complete = ending_notes(ending_progress_file(
        "quickstep-ending-complete", all_coins + finished_record("c", 3, 3, "[1, 2]", "[1, 2]")));
    CHECK(complete == std::vector<std::string>{
                          "Everything done: every level finished, every coin collected, every gem found"});
    for (const char* folder : {"quickstep-ending-partial", "quickstep-ending-nocoins",
                               "quickstep-ending-onegem", "quickstep-ending-complete"})
        std::filesystem::remove_all(std::filesystem::temp_directory_path() / folder);
}
