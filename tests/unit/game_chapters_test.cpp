// Chapters: the shipped chapters file lists every shipped level once, the unlock rules over progress files
// (which level opens which, a bonus level's coins, a B-side's gems found in its own chapter), the playing
// order, hostile chapters files, and par times: the rule, their reading, and every shipped level's par
// following the rule from its solution.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "game/app/progress.hpp"
#include "game/levels/chapters.hpp"
#include "game/levels/level_catalog.hpp"
#include "game/sim/tuning.hpp"
#include "game/sim/world.hpp"
#include "game_shipped_levels.hpp"

using namespace qs;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

Chapters two_chapters() {
    std::string error;
    auto chapters = parse_chapters(json::parse(R"({"chapters": [
        {"name": "1. Hills", "blurb": "first", "levels": ["a", "b", {"level": "bonus", "coins": 50}]},
        {"name": "2. Caves", "blurb": "second", "levels": ["c", "d"]}]})"),
                                   "test", error);
    REQUIRE_MESSAGE(chapters, error);
    return *chapters;
}

const PlayIdentity play{1, 2, 3, 4, 1};

}  // namespace

TEST_CASE("chapters: a level opens when the one before it is finished, across chapters, bonus skipped") {
    const Chapters chapters = two_chapters();
    Progress progress;
    auto open = [&](const char* level) { return chapters.unlocked(level, progress.for_chapters()); };
    CHECK(open("a"));
    CHECK_FALSE(open("b"));
    CHECK_FALSE(open("c"));
    CHECK(open("my_own_level"));  // a player's level: never locked
    progress.record("a", 600, 10, 20, play);
    CHECK(open("b"));
    CHECK_FALSE(open("c"));
    progress.record("b", 600, 20, 20, play);
    CHECK(open("c"));  // the bonus level between them does not block the next chapter
    CHECK_FALSE(open("d"));
    CHECK_FALSE(open("bonus"));  // 30 coins of 50
    progress.record("c", 600, 25, 30, play);
    CHECK(open("bonus"));  // 55 coins
}

TEST_CASE("chapters: unlocks read a saved progress file the same way") {
    const Chapters chapters = two_chapters();
    Progress progress;
    progress.record("a", 600, 30, 30, play);
    progress.record("b", 700, 20, 20, play);
    const fs::path path = fs::temp_directory_path() / "quickstep-chapters-progress-test.json";
    std::string message;
    REQUIRE(progress.save(path, message));
    Progress loaded = Progress::load(path, message);
    fs::remove(path);
    CHECK(message.empty());
    CHECK(loaded.for_chapters().coins == 50);
    CHECK(chapters.unlocked("c", loaded.for_chapters()));
    CHECK(chapters.unlocked("bonus", loaded.for_chapters()));
    CHECK_FALSE(chapters.unlocked("d", loaded.for_chapters()));
}

TEST_CASE("chapters: a skipped level opens the next one, survives a save, and is not finished") {
    const Chapters chapters = two_chapters();
    Progress progress;
    progress.record("a", 600, 10, 20, play);
    progress.record_skipped("b");
    CHECK(chapters.unlocked("c", progress.for_chapters()));  // skipping b opens c
    CHECK_FALSE(chapters.unlocked("d", progress.for_chapters()));
    const fs::path path = fs::temp_directory_path() / "quickstep-chapters-skip-test.json";
    std::string message;
    REQUIRE(progress.save(path, message));
    Progress loaded = Progress::load(path, message);
    CHECK(message.empty());
    const LevelRecord* b = loaded.find("b");
    REQUIRE(b);
    CHECK(b->skipped);
    CHECK_FALSE(b->completed);  // not finished: no time, not counted by the ending
    CHECK(chapters.unlocked("c", loaded.for_chapters()));
    CHECK_FALSE(loaded.find("a")->skipped);
    loaded.record("b", 900, 5, 20, play);  // finished later: it keeps its skip mark and gets its time
    CHECK(loaded.find("b")->completed);
    CHECK(loaded.find("b")->best_ticks == 900);

    // A "skipped" that is not true or false makes its entry invalid, as any mistyped field does.
    {
        std::ofstream out(path);
        out << R"({"format": 1, "levels": {"b": {"completed": false, "skipped": "yes", "best_ticks": 0,
                   "best_coins": 0, "coins_total": 0}}})";
    }
    Progress bad = Progress::load(path, message);
    fs::remove_all(path.string() + ".damaged");
    fs::remove(path);
    CHECK(message.find("\"skipped\" is not true or false") != std::string::npos);
    CHECK_FALSE(bad.find("b"));
}

TEST_CASE("chapters: next level, the last level, numbers and the playing order") {
    const Chapters chapters = two_chapters();
    CHECK(chapters.next("a") == "b");
    CHECK(chapters.next("b") == "c");
    CHECK(chapters.next("bonus") == "c");
    CHECK(chapters.next("d") == std::nullopt);
    CHECK(chapters.next("unknown") == std::nullopt);
    CHECK(chapters.last() == "d");
    CHECK(chapters.number("a") == "1-1");
    CHECK(chapters.number("bonus") == "1-3");
    CHECK(chapters.number("d") == "2-2");
    CHECK(chapters.number("mine").empty());
    const std::vector<std::string> names{"mine", "d", "c", "bonus", "b", "a", "zz"};
    CHECK(chapters.playing_order(names) == std::vector<std::size_t>{5, 4, 3, 2, 1, 0, 6});
}

Chapters chapters_with_b_sides() {
    std::string error;
    auto chapters = parse_chapters(json::parse(R"({"chapters": [
        {"name": "1. Hills", "blurb": "first", "levels": ["a", "b", {"level": "a_b", "gems": 4}]},
        {"name": "2. Caves", "blurb": "second", "levels": ["c", "d", {"level": "c_b", "gems": 2}]}]})"),
                                   "test", error);
    REQUIRE_MESSAGE(chapters, error);
    return *chapters;
}

TEST_CASE("chapters: a B-side opens at its gems found in its own chapter, read from progress files") {
    const Chapters chapters = chapters_with_b_sides();
    const fs::path path = fs::temp_directory_path() / "quickstep-chapters-b-side-test.json";
    Progress progress;
    // Each check goes through a saved and loaded progress file, as the game reads it at start.
    auto open = [&](const char* level) {
        std::string message;
        REQUIRE(progress.save(path, message));
        Progress loaded = Progress::load(path, message);
        CHECK(message.empty());
        return chapters.unlocked(level, loaded.for_chapters());
    };
    CHECK_FALSE(open("a_b"));
    progress.record("a", 600, 10, 10, play, {0b011, 0b111});  // 2 gems in chapter 1
    progress.record("b", 600, 10, 10, play, {0b001, 0b111});  // 3
    CHECK_FALSE(open("a_b"));                                 // 3 of 4: locked below N
    CHECK(chapters.chapter_gems(0, progress.for_chapters()) == 3);
    progress.record("c", 600, 10, 10, play, {0b111, 0b111});  // 3 gems in chapter 2, 6 in all
    CHECK(progress.for_chapters().gems == 6);
    CHECK_FALSE(open("a_b"));  // the gems of another chapter do not count
    CHECK(open("c_b"));        // 3 of 2
    CHECK(chapters.locked_off_path(progress.for_chapters()) == std::vector<std::string>{"a_b"});
    progress.record("b", 600, 10, 10, play, {0b100, 0b111});  // b: gems 1 and 3, chapter 1 holds 4
    CHECK(chapters.chapter_gems(0, progress.for_chapters()) == 4);
    CHECK(open("a_b"));  // open at N
    CHECK(chapters.locked_off_path(progress.for_chapters()).empty());
    // A gem seen in an unfinished run is not kept, so it opens nothing; an assisted finish keeps its gems.
    Progress assisted;
    assisted.record_assisted("a", 10, {0b111, 0b111});
    assisted.record_assisted("b", 10, {0b001, 0b111});
    CHECK(chapters.unlocked("a_b", assisted.for_chapters()));
    fs::remove(path);
    // B-sides are off the main path: the level before them does not open them, "next" passes them by.
    Progress path_only;
    path_only.record("a", 600, 10, 10, play);
    path_only.record("b", 600, 10, 10, play);
    CHECK(chapters.unlocked("c", path_only.for_chapters()));
    CHECK_FALSE(chapters.unlocked("a_b", path_only.for_chapters()));
    CHECK(chapters.next("b") == "c");
    CHECK(chapters.next("a_b") == "c");
    CHECK(chapters.last() == "d");
    CHECK(chapters.number("c_b") == "2-3");
    CHECK(chapters.chapter_gems(7, path_only.for_chapters()) == 0);  // no such chapter
    CHECK(chapters.chapter_gems(0, ChapterProgress{}) == 0);         // no gem counts given
}

TEST_CASE("chapters: a hostile B-side entry is refused with the file and the entry named") {
    auto error_of = [](const std::string& entry) {
        std::string error;
        auto chapters =
            parse_chapters(json::parse(R"({"chapters": [{"name": "n", "blurb": "b", "levels": ["a", "b", )" +
                                       entry + "]}]}"),
                           "ch.json", error);
        CHECK_FALSE(chapters);
        return error;
    };
    const std::string range =
        "ch.json: chapters[0].levels[2]: \"gems\" must be a whole number from 1 to 6 "
        "(3 for each other level of the chapter), got ";
    CHECK(error_of(R"({"level": "x", "gems": 0})") == range + "0");
    CHECK(error_of(R"({"level": "x", "gems": -3})") == range + "-3");
    CHECK(error_of(R"({"level": "x", "gems": 7})") == range + "7");  // more than the chapter holds
    CHECK(error_of(R"({"level": "x", "gems": 2.5})") == range + "2.5");
    CHECK(error_of(R"({"level": "x", "gems": "4"})") == range + "\"4\"");
    CHECK(error_of(R"({"level": "x", "gems": 1e300})").find(range) == 0);
    CHECK(error_of(R"({"level": "x", "gems": 18446744073709551615})").find(range) == 0);
    CHECK(error_of(R"({"level": "x", "gems": 4, "coins": 10})") ==
          "ch.json: chapters[0].levels[2]: give either \"coins\" (a bonus level) or \"gems\" (a B-side)");
    CHECK(error_of(R"({"level": "x"})").find("give either") != std::string::npos);
    CHECK(error_of(R"({"level": "a", "gems": 2})").find("listed twice") != std::string::npos);
    std::string error;
    CHECK_FALSE(parse_chapters(
        json::parse(
            R"({"chapters": [{"name": "n", "blurb": "b", "levels": [{"level": "x", "gems": 1}, "a"]}]})"),
        "ch.json", error));
    CHECK(error == "ch.json: chapters[0].levels[0]: the first level cannot be a bonus level or a B-side");
    std::string limit;
    CHECK(parse_chapters(
        json::parse(
            R"({"chapters": [{"name": "n", "blurb": "b", "levels": ["a", "b", {"level": "x", "gems": 6}]}]})"),
        "ch.json", limit));  // all the gems the chapter holds: allowed
    CHECK(limit.empty());
}

TEST_CASE("chapters: a hostile or wrong chapters file is refused with the place named") {
    auto error_of = [](const char* text) {
        std::string error;
        auto chapters = parse_chapters(json::parse(text), "ch.json", error);
        CHECK_FALSE(chapters);
        return error;
    };
    CHECK(error_of("[]").find("ch.json: expected") == 0);
    CHECK(error_of(R"({"chapters": []})").find("at least one chapter") != std::string::npos);
    CHECK(error_of(R"({"chapters": [{"name": 3, "blurb": "b", "levels": ["a"]}]})").find("\"name\" must") !=
          std::string::npos);
    CHECK(error_of(R"({"chapters": [{"name": "", "blurb": "b", "levels": ["a"]}]})").find("1 to 200") !=
          std::string::npos);
    CHECK(error_of(R"({"chapters": [{"name": "n", "blurb": "b", "levels": []}]})").find("\"levels\"") !=
          std::string::npos);
    CHECK(error_of(R"({"chapters": [{"name": "n", "blurb": "b", "levels": ["a", "a"]}]})")
              .find("listed twice") != std::string::npos);
    CHECK(error_of(
              R"({"chapters": [{"name": "n", "blurb": "b", "levels": ["a", {"level": "x", "coins": -1}]}]})")
              .find("chapters[0].levels[1]: \"coins\"") != std::string::npos);
    CHECK(
        error_of(
            R"({"chapters": [{"name": "n", "blurb": "b", "levels": ["a", {"level": "x", "coins": 1e300}]}]})")
            .find("whole number") != std::string::npos);
    CHECK(error_of(R"({"chapters": [{"name": "n", "blurb": "b", "levels": [{"level": "x", "coins": 5}]}]})")
              .find("first level") != std::string::npos);
    CHECK(error_of(R"({"chapters": [{"name": "n", "blurb": "b", "levels": [7]}]})").find("folder name") !=
          std::string::npos);
    json many = {{"chapters", json::array()}};
    for (int i = 0; i < 33; ++i)
        many["chapters"].push_back({{"name", "n"}, {"blurb", "b"}, {"levels", {"l" + std::to_string(i)}}});
    std::string error;
    CHECK_FALSE(parse_chapters(many, "ch.json", error));
    CHECK(error.find("over the limit") != std::string::npos);
    CHECK_FALSE(load_chapters(fs::path(QUICKSTEP_SOURCE_DIR) / "no-such-chapters.json", error));
    CHECK(error.find("no-such-chapters.json") != std::string::npos);
}

TEST_CASE("chapters: the shipped chapters file lists every shipped level exactly once") {
    std::string error;
    auto chapters = load_chapters(fs::path(QUICKSTEP_SOURCE_DIR) / "assets/chapters.json", error);
    REQUIRE_MESSAGE(chapters, error);
    std::set<std::string> listed;
    for (const Chapter& chapter : chapters->list()) {
        for (const ChapterLevel& entry : chapter.levels) listed.insert(entry.level);
    }
    const std::vector<std::string>& folders = qs::test::shipped_levels();  // every folder of levels/
    CHECK(listed == std::set<std::string>(folders.begin(), folders.end()));
}

TEST_CASE("chapters: the shipped game ends after The Last Ascent, chapter 3's last level before its bonus") {
    std::string error;
    auto chapters = load_chapters(fs::path(QUICKSTEP_SOURCE_DIR) / "assets/chapters.json", error);
    REQUIRE_MESSAGE(chapters, error);
    REQUIRE(chapters->list().size() == 3);
    const Chapter& last_chapter = chapters->list().back();
    int main_levels = 0;
    for (const ChapterLevel& entry : last_chapter.levels) main_levels += entry.off_path() ? 0 : 1;
    CHECK(main_levels == 8);
    // Finishing the last main level opens the ending (App::next_level): the bonus level after it in the
    // same chapter is not "next", and nothing comes after it.
    CHECK(chapters->last() == "25_the_last_ascent");
    CHECK(chapters->next("25_the_last_ascent") == std::nullopt);
    CHECK(chapters->next("06_the_summit") == "25_the_last_ascent");
    CHECK(chapters->number("25_the_last_ascent") == "3-8");
    CHECK(chapters->number("10_golden_vault") == "3-9");
    CHECK(last_chapter.levels.back().off_path());  // the bonus and the B-side stay after the finale
}

TEST_CASE("chapters: each shipped chapter ends with one B-side that opens by its own chapter's gems") {
    std::string error;
    auto chapters = load_chapters(fs::path(QUICKSTEP_SOURCE_DIR) / "assets/chapters.json", error);
    REQUIRE_MESSAGE(chapters, error);
    for (const Chapter& chapter : chapters->list()) {
        CAPTURE(chapter.name);
        int b_sides = 0;
        for (const ChapterLevel& entry : chapter.levels) b_sides += entry.gems_needed > 0 ? 1 : 0;
        CHECK(b_sides == 1);
        CHECK(chapter.levels.back().gems_needed > 0);
        CHECK(chapter.levels.back().par_seconds > 0);
    }
}

TEST_CASE("chapters: the par rule is the solution's time times 1.5, rounded up to a whole second") {
    CHECK(par_seconds_for(600) == 15);   // 10 s -> 15 s exactly
    CHECK(par_seconds_for(601) == 16);   // 15.025 s rounds up
    CHECK(par_seconds_for(1560) == 39);  // 26 s -> 39 s
    CHECK(par_seconds_for(1561) == 40);
    CHECK(par_seconds_for(1) == 1);
    CHECK(par_seconds_for(2400) == 60);
}

TEST_CASE("chapters: par times are read per level and checked, the place named") {
    std::string error;
    auto chapters = parse_chapters(json::parse(R"({"chapters": [
        {"name": "1. Hills", "blurb": "first", "levels": ["a", "b", {"level": "bonus", "coins": 50}]}],
        "par": {"a": 30, "bonus": 3600}})"),
                                   "ch.json", error);
    REQUIRE_MESSAGE(chapters, error);
    CHECK(chapters->par_ticks("a") == 1800);
    CHECK(chapters->par_ticks("b") == 0);  // no par
    CHECK(chapters->par_ticks("bonus") == 216000);
    CHECK(chapters->par_ticks("not_listed") == 0);

    auto error_of = [](const std::string& par) {
        std::string message;
        auto parsed = parse_chapters(
            json::parse(R"({"chapters": [{"name": "n", "blurb": "b", "levels": ["a"]}], "par": )" + par +
                        "}"),
            "ch.json", message);
        CHECK_FALSE(parsed);
        return message;
    };
    const std::string range = "the par time must be a whole number of seconds from 1 to 3600";
    CHECK(error_of(R"({"a": 0})") == "ch.json: par.a: " + range + ", got 0");
    CHECK(error_of(R"({"a": -5})") == "ch.json: par.a: " + range + ", got -5");
    CHECK(error_of(R"({"a": 3601})") == "ch.json: par.a: " + range + ", got 3601");
    CHECK(error_of(R"({"a": 12.5})") == "ch.json: par.a: " + range + ", got 12.5");
    CHECK(error_of(R"({"a": "30"})") == "ch.json: par.a: " + range + ", got \"30\"");
    CHECK(error_of(R"({"a": 1e300})").find("ch.json: par.a: " + range) == 0);
    CHECK(error_of(R"({"a": 18446744073709551615})").find("ch.json: par.a: " + range) == 0);
    CHECK(error_of(R"({"zz": 30})") == "ch.json: par.zz: no chapter lists this level");
    CHECK(error_of(R"([30])") == "ch.json: \"par\" must be an object of level names and seconds");
}

TEST_CASE("chapters: every shipped main level has the par time its solution gives by the rule") {
    std::string error;
    auto chapters = load_chapters(fs::path(QUICKSTEP_SOURCE_DIR) / "assets/chapters.json", error);
    REQUIRE_MESSAGE(chapters, error);
    std::vector<std::string> problems;
    const Tuning tuning = load_tuning(std::string(QUICKSTEP_SOURCE_DIR) + "/assets/tuning.json", problems);
    for (const std::string& level : qs::test::shipped_levels()) {
        CAPTURE(level);
        const std::string folder = std::string(QUICKSTEP_SOURCE_DIR) + "/levels/" + level;
        CheckedLevel checked = check_level(folder);
        REQUIRE(checked.level);
        World world(checked.level, tuning, checked.entities);
        InputScript script;
        REQUIRE_MESSAGE(script.load(folder + "/solution.txt", error), error);
        ActionState actions;
        for (std::int64_t tick = 0; tick < 36000 && !world.game.completed; ++tick) {
            actions.begin_tick();
            script.apply(tick, actions);
            world.step(actions);
        }
        REQUIRE(world.game.completed);
        const std::int64_t solution = world.game.timer_ticks;
        CAPTURE(solution);
        CHECK(chapters->par_ticks(level) == std::int64_t{par_seconds_for(solution)} * 60);
        CHECK(solution <= chapters->par_ticks(level));  // the solution beats its level's par
    }
}
