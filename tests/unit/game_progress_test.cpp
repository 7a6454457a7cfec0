// Progress: completions, best times and coins, a save/load round trip, malformed files.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "game/app/progress.hpp"

using namespace qs;
namespace fs = std::filesystem;

TEST_CASE("progress: best time and most coins are kept across save and load") {
    Progress progress;
    CHECK(progress.find("01_first_steps") == nullptr);
    CHECK(progress.record("01_first_steps", 900, 10, 42));
    CHECK(progress.record("01_first_steps", 700, 5, 42));         // faster: a new best
    CHECK_FALSE(progress.record("01_first_steps", 800, 30, 42));  // slower, more coins
    fs::path path = fs::temp_directory_path() / "quickstep-progress-test.json";
    std::string message;
    REQUIRE(progress.save(path, message));
    Progress loaded = Progress::load(path, message);
    CHECK(message.empty());
    const LevelRecord* record = loaded.find("01_first_steps");
    REQUIRE(record);
    CHECK(record->completed);
    CHECK(record->best_ticks == 700);
    CHECK(record->best_coins == 30);
    CHECK(record->coins_total == 42);
    fs::remove(path);
}

TEST_CASE("progress: a malformed file gives a message naming it and an empty record") {
    fs::path path = fs::temp_directory_path() / "quickstep-progress-bad.json";
    for (const char* text : {"{ \"levels\": { \"a\": { \"completed\": \"yes\" } } }", "{ oops", "[]"}) {
        std::ofstream(path) << text;
        std::string message;
        Progress loaded = Progress::load(path, message);
        CHECK(message.find(path.string()) != std::string::npos);
        CHECK(loaded.find("a") == nullptr);
    }
    fs::remove(path);
}
