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
    const PlayIdentity play{1, 2, 3, tuning_digest(Tuning{}), 1};
    CHECK(progress.record("01_first_steps", 900, 10, 42, play));
    CHECK(progress.record("01_first_steps", 700, 5, 42, play));         // faster: a new best
    CHECK_FALSE(progress.record("01_first_steps", 800, 30, 42, play));  // slower, more coins
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
    CHECK(record->best_tuning == play.tuning);
    CHECK(record->best_play == play.id());
    fs::remove(path);
}

TEST_CASE("progress: a best time under other tuning is replaced, not beaten; old files count as defaults") {
    Progress progress;
    const PlayIdentity normal{1, 2, 3, tuning_digest(Tuning{}), 1};
    Tuning floaty;
    floaty.gravity = 30;
    PlayIdentity other = normal;
    other.tuning = tuning_digest(floaty);
    CHECK(progress.record("lab", 700, 5, 10, normal));
    CHECK(progress.record("lab", 900, 5, 10, other));  // slower, but the first under this tuning
    CHECK(progress.find("lab")->best_tuning == other.tuning);
    CHECK(progress.find("lab")->best_ticks == 900);
    CHECK_FALSE(progress.record("lab", 950, 5, 10, other));

    // tests/data/legacy/progress.json: written before best times kept their tuning.
    std::string message;
    Progress legacy =
        Progress::load(fs::path(QUICKSTEP_SOURCE_DIR) / "tests/data/legacy/progress.json", message);
    CHECK(message.empty());
    const LevelRecord* record = legacy.find("01_first_steps");
    REQUIRE(record);
    CHECK(record->best_ticks == 732);
    CHECK(record->best_tuning == tuning_digest(Tuning{}));
    CHECK_FALSE(legacy.record("01_first_steps", 800, 5, 42, normal));  // compared: the same tuning
    CHECK(legacy.record("01_first_steps", 800, 5, 42, other));
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

namespace {

std::string read_text(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

/// A fresh folder for one test's files.
fs::path fresh_dir(const char* name) {
    fs::path dir = fs::temp_directory_path() / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

}  // namespace

TEST_CASE("progress: one mistyped entry keeps the others, and the damaged file is set aside") {
    fs::path dir = fresh_dir("quickstep-progress-partial");
    fs::path path = dir / "progress.json";
    const std::string text = R"({ "levels": {
        "a": { "completed": true, "best_ticks": 600, "best_coins": 3, "coins_total": 5 },
        "b": { "completed": true, "best_ticks": "fast", "best_coins": 1, "coins_total": 2 },
        "c": { "completed": true, "best_ticks": 900, "best_coins": 2, "coins_total": 2 } } })";
    std::ofstream(path) << text;
    std::string message;
    Progress progress = Progress::load(path, message);
    CHECK(message.find("1 of 3 entries left out") != std::string::npos);
    CHECK(message.find("level 'b'") != std::string::npos);
    REQUIRE(progress.find("a"));
    CHECK(progress.find("a")->best_ticks == 600);
    REQUIRE(progress.find("c"));
    CHECK(progress.find("b") == nullptr);
    CHECK(progress.damaged());

    progress.record("d", 1200, 0, 0, PlayIdentity{1, 2, 3, tuning_digest(Tuning{}), 1});
    message.clear();
    REQUIRE(progress.save(path, message));
    CHECK_FALSE(progress.damaged());
    CHECK(read_text(dir / "progress.json.damaged") == text);  // what could not be read, byte for byte
    Progress again = Progress::load(path, message);
    CHECK(again.find("a"));
    CHECK(again.find("c"));
    CHECK(again.find("d"));
    CHECK_FALSE(again.damaged());
    // A later save overwrites the good file and keeps the damaged one.
    REQUIRE(again.save(path, message));
    CHECK(read_text(dir / "progress.json.damaged") == text);
    fs::remove_all(dir);
}

TEST_CASE("progress: numbers out of range or of the wrong kind are refused, never converted") {
    fs::path dir = fresh_dir("quickstep-progress-ranges");
    fs::path path = dir / "progress.json";
    for (const char* ticks :
         {"1e300", "-1", "18446744073709551615", "9223372036854775807", "600.5", "1000000000001"}) {
        std::ofstream(path) << R"({ "levels": { "a": { "completed": true, "best_ticks": )" << ticks
                            << R"(, "best_coins": 1, "coins_total": 2 } } })";
        std::string message;
        Progress loaded = Progress::load(path, message);
        CAPTURE(ticks);
        CHECK(loaded.find("a") == nullptr);
        CHECK(message.find("best_ticks") != std::string::npos);
    }
    for (const char* coins : {"-1", "4294967346", "1e10", "true"}) {
        std::ofstream(path) << R"({ "levels": { "a": { "completed": true, "best_ticks": 600, "best_coins": )"
                            << coins << R"(, "coins_total": 2 } } })";
        std::string message;
        CAPTURE(coins);
        CHECK(Progress::load(path, message).find("a") == nullptr);
        CHECK(message.find("best_coins") != std::string::npos);
    }
    std::ofstream(path) << R"({ "levels": { "a": { "completed": true, "best_ticks": 1000000000000,)"
                        << R"( "best_coins": 100000000, "coins_total": 0 } } })";
    std::string message;
    CHECK(Progress::load(path, message).find("a"));  // the ends of the ranges are valid
    CHECK(message.empty());
    fs::remove_all(dir);
}

TEST_CASE("progress: an unreadable file is set aside under a free name, never overwritten") {
    fs::path dir = fresh_dir("quickstep-progress-aside");
    fs::path path = dir / "progress.json";
    std::ofstream(dir / "progress.json.damaged") << "older damage";
    std::ofstream(path) << "{ oops";
    std::string message;
    Progress progress = Progress::load(path, message);
    CHECK(message.find("progress starts empty") != std::string::npos);
    progress.record("a", 60, 0, 0, PlayIdentity{1, 2, 3, tuning_digest(Tuning{}), 1});
    REQUIRE(progress.save(path, message));
    CHECK(read_text(dir / "progress.json.damaged") == "older damage");
    CHECK(read_text(dir / "progress.json.damaged-2") == "{ oops");
    CHECK(Progress::load(path, message).find("a"));
    fs::remove_all(dir);
}

TEST_CASE("progress: split records survive save and load, keyed by play identity; bad ones are refused") {
    fs::path dir = fresh_dir("quickstep-progress-splits");
    fs::path path = dir / "progress.json";
    const PlayIdentity play{1, 2, 3, tuning_digest(Tuning{}), 1};
    Progress progress;
    CHECK(progress.splits_for("a", play.id()).best_run.empty());
    progress.record("a", 700, 1, 2, play);
    SplitRecord splits;
    CHECK(splits.add_finished_run({{12, 200}, {4, 450}, {split_at_goal, 700}}, play.id()));
    progress.keep_splits("a", splits);
    std::string message;
    REQUIRE(progress.save(path, message));
    Progress loaded = Progress::load(path, message);
    CHECK(message.empty());
    const SplitRecord kept = loaded.splits_for("a", play.id());
    CHECK(kept.play == play.id());
    CHECK(kept.best_run == splits.best_run);
    CHECK(kept.best_segments == splits.best_segments);
    CHECK(loaded.splits_for("a", play.id() + 1).best_run.empty());  // another play identity: nothing
    CHECK(loaded.splits_for("b", play.id()).best_run.empty());

    for (const char* bad :
         {R"("x")", R"({ "play": "12", "best_run": [], "best_segments": [] })",
          R"({ "play": "0000000000000001", "best_run": [[1]], "best_segments": [] })",
          R"({ "play": "0000000000000001", "best_run": [[-2, 5]], "best_segments": [] })",
          R"({ "play": "0000000000000001", "best_run": [[1, -5]], "best_segments": [] })",
          R"({ "play": "0000000000000001", "best_run": [[4294967296, 5]], "best_segments": [] })",
          R"({ "play": "0000000000000001", "best_run": [], "best_segments": [[-3, 1, 5]] })",
          R"({ "play": "0000000000000001", "best_run": [], "best_segments": [[1, 2, 1.5]] })",
          R"({ "play": "0000000000000001", "best_run": [] })"}) {
        std::ofstream(path)
            << R"({ "levels": { "a": { "completed": true, "best_ticks": 600, "best_coins": 1,)"
            << R"( "coins_total": 2, "splits": )" << bad << " } } }";
        CAPTURE(bad);
        CHECK(Progress::load(path, message).find("a") == nullptr);
        CHECK(message.find("splits") != std::string::npos);
    }
    fs::remove_all(dir);
}

TEST_CASE("progress: records of levels the player added are kept by name and layout, never mixed") {
    const PlayIdentity installed{1, 2, 3, tuning_digest(Tuning{}), 1};
    PlayIdentity stranger = installed;
    stranger.geometry = 99;  // same folder name, another level
    PlayIdentity retuned = installed;
    retuned.tuning = 77;  // the same level under other tuning: the same layout
    CHECK(record_key("01_first_steps", true, installed) == "01_first_steps");
    CHECK(record_key("01_first_steps", true, stranger) == "01_first_steps");
    const std::string mine = record_key("hills", false, installed);
    const std::string theirs = record_key("hills", false, stranger);
    CHECK(mine.rfind("hills@", 0) == 0);
    CHECK(mine.size() == std::string("hills@").size() + 16);
    CHECK(mine != theirs);
    CHECK(record_key("hills", false, retuned) == mine);

    Progress progress;
    CHECK(progress.find_listed("hills", false) == nullptr);
    progress.record(mine, 600, 3, 5, installed);
    REQUIRE(progress.find_listed("hills", false));
    CHECK(progress.find_listed("hills", false)->best_ticks == 600);
    CHECK(progress.find_listed("hills", true) == nullptr);  // a shipped "hills" has its own record
    // The stranger's level of the same name finishes faster: the installed level's record is untouched.
    CHECK(progress.record(theirs, 300, 1, 2, stranger));
    REQUIRE(progress.find(mine));
    CHECK(progress.find(mine)->best_ticks == 600);
    CHECK(progress.find(mine)->best_coins == 3);
    CHECK(progress.find(theirs)->best_ticks == 300);
    // Two layouts of one name: the list cannot tell which one it shows until it is opened.
    CHECK(progress.find_listed("hills", false) == nullptr);
    CHECK(progress.listed_key("hills", false).empty());
    // A level whose own name goes on with '@' is not taken for a layout of "hills".
    Progress other;
    other.record(record_key("hills@home", false, installed), 100, 0, 0, installed);
    CHECK(other.find_listed("hills", false) == nullptr);
    CHECK(other.find_listed("hills@home", false));
}

TEST_CASE("progress: a record kept under a bare name moves to the level's key only when it is that level") {
    const PlayIdentity play{1, 2, 3, tuning_digest(Tuning{}), 1};
    PlayIdentity edited = play;
    edited.entities = 5;
    Progress progress;
    progress.record("hills", 600, 3, 5, play);  // as written before records had keys
    CHECK_FALSE(progress.adopt_unkeyed("hills", record_key("hills", false, edited), edited));
    CHECK(progress.find("hills"));
    const std::string key = record_key("hills", false, play);
    CHECK(progress.adopt_unkeyed("hills", key, play));
    CHECK(progress.find("hills") == nullptr);
    REQUIRE(progress.find(key));
    CHECK(progress.find(key)->best_ticks == 600);
    CHECK_FALSE(progress.adopt_unkeyed("hills", key, play));  // nothing left to move
}

TEST_CASE("progress: a record key as a file name keeps a project's level in the replays folder") {
    CHECK(record_file_stem("01_first_steps") == "01_first_steps");
    CHECK(record_file_stem("castle/Level_0@00ff") == "castle%2FLevel_0@00ff");
    CHECK(record_file_stem("100%/a") == "100%25%2Fa");
}

TEST_CASE("progress: a run within par marks it beaten for good; files without the mark load as not beaten") {
    Progress progress;
    const PlayIdentity play{1, 2, 3, tuning_digest(Tuning{}), 1};
    progress.record("lab", 1900, 5, 10, play, {}, 1800);  // over par
    CHECK_FALSE(progress.find("lab")->par_beaten);
    progress.record("lab", 1800, 5, 10, play, {}, 1800);  // to the tick: beaten
    CHECK(progress.find("lab")->par_beaten);
    progress.record("lab", 2500, 5, 10, play, {}, 1800);  // a slower run later keeps it
    CHECK(progress.find("lab")->par_beaten);
    progress.record("no_par", 100, 1, 1, play);  // a level without par never has it beaten
    CHECK_FALSE(progress.find("no_par")->par_beaten);

    const fs::path path = fs::temp_directory_path() / "quickstep-progress-par-test.json";
    std::string message;
    REQUIRE(progress.save(path, message));
    Progress loaded = Progress::load(path, message);
    CHECK(message.empty());
    CHECK(loaded.find("lab")->par_beaten);
    CHECK_FALSE(loaded.find("no_par")->par_beaten);

    // tests/data/legacy/progress.json was written before par times: it loads whole, nothing beaten.
    Progress legacy =
        Progress::load(fs::path(QUICKSTEP_SOURCE_DIR) / "tests/data/legacy/progress.json", message);
    CHECK(message.empty());
    CHECK_FALSE(legacy.damaged());
    REQUIRE(legacy.find("01_first_steps"));
    CHECK(legacy.find("01_first_steps")->best_ticks == 732);
    CHECK_FALSE(legacy.find("01_first_steps")->par_beaten);

    // A mark that is not true or false makes its entry invalid, as any mistyped field does.
    std::ofstream(path) << R"({ "levels": { "a": { "completed": true, "best_ticks": 600, "best_coins": 1,)"
                        << R"( "coins_total": 2, "par_beaten": 1 } } })";
    Progress bad = Progress::load(path, message);
    CHECK(message.find("level 'a': \"par_beaten\" is not true or false") != std::string::npos);
    CHECK_FALSE(bad.find("a"));
    fs::remove(path);
}

TEST_CASE("progress: the results' par text: beaten by, beaten to the tick, over; none without par") {
    CHECK(par_summary(1280, 1800) == "Par 0:30.0, beaten by 8.6 s");
    CHECK(par_summary(1800, 1800) == "Par 0:30.0, beaten");
    CHECK(par_summary(1796, 1800) == "Par 0:30.0, beaten");  // under a tenth of a second
    CHECK(par_summary(1926, 1800) == "Par 0:30.0, 2.1 s over");
    CHECK(par_summary(5000, 0).empty());
}
