// The quicksave writer under load and faults: F5 faster than the disk holds at most ring-size waiting saves
// (the newest are the ones written), a save the reader would refuse is not written, two writers sharing a
// folder never overwrite each other's files, and a save folder deleted while playing is made again; after a
// restart, the newest file read ahead is what F9 loads only while that file is unchanged.
#include <doctest/doctest.h>

#include <filesystem>
#include <set>
#include <thread>

#include "engine/save_file.hpp"
#include "game/save/quicksaves.hpp"
#include "game/save/save_codec.hpp"
#include "game_test_world.hpp"
#include "scratch_dir.hpp"

using namespace qs;
using namespace qs::test;
namespace fs = std::filesystem;

namespace {

std::shared_ptr<SavedGame> save_at(World& world, std::int64_t tick) {
    return std::make_shared<SavedGame>(SavedGame{"test_map", test_play(7), 0, tick, world.capture()});
}

/// The ticks of the quicksave files in `dir` that decode; `bad` counts the others.
std::multiset<std::int64_t> saved_ticks(const fs::path& dir, int& bad) {
    std::multiset<std::int64_t> ticks;
    bad = 0;
    for (const auto& entry : fs::directory_iterator(dir)) {
        if (!quicksave_sequence(entry.path())) continue;
        std::string error;
        auto bytes = read_whole_file(entry.path(), max_quicksave_file_bytes, error);
        std::optional<SavedGame> save = bytes ? decode_save_file(*bytes, error) : std::nullopt;
        if (save) {
            ticks.insert(save->tick);
        } else {
            ++bad;
        }
    }
    return ticks;
}

bool has_temp_files(const fs::path& dir) {
    for (const auto& entry : fs::directory_iterator(dir))
        if (entry.path().extension() == ".tmp") return true;
    return false;
}

}  // namespace

TEST_CASE("quicksave writer: F5 faster than the disk keeps at most the ring's saves waiting, the newest") {
    const ScratchDir scratch_dir("qs_writer_coalesce");
    fs::path dir = scratch_dir.path();
    auto world = make_world({"P.c.w.t.", "########"});
    std::vector<std::weak_ptr<SavedGame>> made;
    {
        QuickSaves saves(dir, 5);
        saves.keep(save_at(*world, 0), 0.1);
        saves.flush();
        {
            // Another process holds the folder's lock: the writer waits with its first save in hand.
            FolderLock other(dir, quicksave_lock_name);
            REQUIRE(other.locked());
            for (int i = 1; i <= 300; ++i) {
                auto save = save_at(*world, i);
                made.push_back(save);
                saves.keep(save, 0.1);
                CHECK(saves.saves_waiting() <= 5);
            }
            // Only the ring (5 in memory) and the waiting ones (at most 5) still hold a save.
            std::size_t alive = 0;
            for (const auto& save : made) alive += save.expired() ? 0 : 1;
            CHECK(alive <= 10);
        }
        saves.flush();
        CHECK(saves.saves_waiting() == 0);
        CHECK(saves.take_write_errors().empty());
    }
    int bad = 0;
    CHECK(saved_ticks(dir, bad) == std::multiset<std::int64_t>{296, 297, 298, 299, 300});
    CHECK(bad == 0);
    CHECK_FALSE(has_temp_files(dir));
    // F9 in a new process finds the newest.
    QuickSaves fresh(dir, 5);
    auto found = fresh.newest([](const SavedGame&, std::string&) { return true; });
    REQUIRE(found.save);
    CHECK(found.save->tick == 300);
}

TEST_CASE("quicksave writer: a save the reader would refuse is not written; the player is told") {
    const ScratchDir scratch_dir("qs_writer_refused");
    fs::path dir = scratch_dir.path();
    auto world = make_world({"P.......", "########"}, [](std::vector<Entity>& entities) {
        Sign sign;
        sign.state.x = 4.5;
        sign.state.y = 0.5;
        sign.text = std::string(1001, 'a');  // over the 1000 bytes a sign's text may have in a save
        entities.push_back(sign);
    });
    QuickSaves saves(dir, 5);
    saves.keep(save_at(*world, 5), 0.1);
    saves.flush();
    std::vector<std::string> errors = saves.take_write_errors();
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].find("Quicksave kept in memory only: not written: it would not load again") == 0);
    CHECK(errors[0].find("text is 1001 bytes long") != std::string::npos);
    int bad = 0;
    CHECK(saved_ticks(dir, bad).empty());
    CHECK(bad == 0);
    // It is still in memory: F9 loads it.
    auto found = saves.newest([](const SavedGame&, std::string&) { return true; });
    REQUIRE(found.save);
    CHECK(found.save->tick == 5);
}

TEST_CASE("quicksave writer: two writers saving into one folder at once lose nothing and overwrite nothing") {
    const ScratchDir scratch_dir("qs_writer_two_writers");
    fs::path dir = scratch_dir.path();
    auto world_a = make_world({"P.c.w.t.", "########"});
    auto world_b = make_world({"P.c.w.t.", "########"});
    constexpr int each = 150;
    // A ring larger than what both write: nothing is pruned, so every reported save must be on disk.
    auto play = [&](World& world, std::int64_t first_tick, std::vector<std::string>& errors) {
        QuickSaves saves(dir, 1000);
        for (int i = 0; i < each; ++i) saves.keep(save_at(world, first_tick + i), 0.1);
        saves.flush();
        errors = saves.take_write_errors();
    };
    std::vector<std::string> errors_a, errors_b;
    std::thread a([&] { play(*world_a, 10000, errors_a); });
    std::thread b([&] { play(*world_b, 20000, errors_b); });
    a.join();
    b.join();
    CHECK(errors_a.empty());
    CHECK(errors_b.empty());
    int bad = 0;
    std::multiset<std::int64_t> ticks = saved_ticks(dir, bad);
    CHECK(bad == 0);
    std::multiset<std::int64_t> want;
    for (int i = 0; i < each; ++i) {
        want.insert(10000 + i);
        want.insert(20000 + i);
    }
    CHECK(ticks == want);
    CHECK_FALSE(has_temp_files(dir));
}

TEST_CASE("quicksave writer: a save folder deleted while playing is made again, and the player is told") {
    const ScratchDir scratch_dir("qs_writer_deleted");
    fs::path dir = scratch_dir.path() / "saves";
    auto world = make_world({"P.c.w.t.", "########"});
    QuickSaves saves(dir, 5);
    saves.keep(save_at(*world, 1), 0.1);
    saves.flush();
    CHECK(saves.take_write_errors().empty());
    fs::remove_all(dir);
    saves.keep(save_at(*world, 2), 0.1);
    saves.flush();
    std::vector<std::string> messages = saves.take_write_errors();
    REQUIRE(messages.size() == 1);
    CHECK(messages[0] == "The save folder " + dir.string() + " was gone: made it again");
    int bad = 0;
    CHECK(saved_ticks(dir, bad) == std::multiset<std::int64_t>{2});
    // The save whose file went with the folder is still in memory: F8 reaches it.
    auto newest = saves.newest([](const SavedGame&, std::string&) { return true; });
    REQUIRE(newest.save);
    CHECK(newest.save->tick == 2);
    auto older = saves.older([](const SavedGame&, std::string&) { return true; });
    REQUIRE(older.save);
    CHECK(older.save->tick == 1);
}

TEST_CASE("quicksave reader: the newest file is read ahead at opening, and read again once it changed") {
    const ScratchDir scratch_dir("qs_reader_ahead");
    fs::path dir = scratch_dir.path();
    auto world = make_world({"P.c.w.t.", "########"});
    const auto any = [](const SavedGame&, std::string&) { return true; };
    {
        QuickSaves saves(dir, 5);
        saves.keep(save_at(*world, 3), 0.1);
        saves.keep(save_at(*world, 5), 0.1);
        saves.flush();
    }
    const fs::path newest = quicksave_path(dir, 2);
    REQUIRE(fs::exists(newest));

    SUBCASE("unchanged: the first F9 after a restart takes the save read ahead") {
        QuickSaves saves(dir, 5);
        auto found = saves.newest(any);
        REQUIRE(found.save);
        CHECK(found.save->tick == 5);
        CHECK(found.problems.empty());
        CHECK(saves.files_read_by_searches() == 0);
        // F8 reads the older file itself.
        found = saves.older(any);
        REQUIRE(found.save);
        CHECK(found.save->tick == 3);
        CHECK(saves.files_read_by_searches() == 1);
    }
    SUBCASE("replaced after the restart: F9 loads the file as it is now, not the one read ahead") {
        QuickSaves saves(dir, 5);
        saves.flush();  // the read-ahead is done
        auto other = save_at(*world, 9);
        other->sequence = 2;
        std::string error;
        REQUIRE(write_file_atomically(newest, encode_save_file(*other), error));
        fs::last_write_time(newest, fs::last_write_time(newest) + std::chrono::seconds(2));
        auto found = saves.newest(any);
        REQUIRE(found.save);
        CHECK(found.save->tick == 9);
        CHECK(saves.files_read_by_searches() == 1);
    }
    SUBCASE("damaged after the restart: F9 names the file and loads the older save") {
        QuickSaves saves(dir, 5);
        saves.flush();
        std::vector<std::uint8_t> junk(64, 0x5a);
        std::string error;
        REQUIRE(write_file_atomically(newest, junk, error));
        fs::last_write_time(newest, fs::last_write_time(newest) + std::chrono::seconds(2));
        auto found = saves.newest(any);
        REQUIRE(found.save);
        CHECK(found.save->tick == 3);
        REQUIRE(found.problems.size() == 1);
        CHECK(found.problems[0].find(newest.string() + ": ") == 0);
        CHECK(saves.files_read_by_searches() == 2);
    }
    SUBCASE("damaged before the restart: the read-ahead's message is the one F9 gives") {
        std::vector<std::uint8_t> junk(64, 0x5a);
        std::string error;
        REQUIRE(write_file_atomically(newest, junk, error));
        QuickSaves saves(dir, 5);
        auto found = saves.newest(any);
        REQUIRE(found.save);
        CHECK(found.save->tick == 3);
        REQUIRE(found.problems.size() == 1);
        CHECK(found.problems[0].find(newest.string() + ": ") == 0);
        CHECK(saves.files_read_by_searches() == 1);  // only the older file
    }
    SUBCASE("an F5 first: the read-ahead is let go, F8 reads the files") {
        QuickSaves saves(dir, 5);
        saves.keep(save_at(*world, 7), 0.1);
        saves.flush();
        auto found = saves.older(any);
        REQUIRE(found.save);
        CHECK(found.save->tick == 5);
        CHECK(saves.files_read_by_searches() == 1);
    }
}

TEST_CASE("quicksave writer: a file another game saved meanwhile is kept, and later saves number above it") {
    const ScratchDir scratch_dir("qs_writer_numbered_above");
    fs::path dir = scratch_dir.path();
    auto world = make_world({"P.c.w.t.", "########"});
    QuickSaves saves(dir, 5);
    saves.keep(save_at(*world, 1), 0.1);
    saves.flush();
    REQUIRE(fs::exists(quicksave_path(dir, 1)));
    // Another game writes number 7 while this one plays: keep() numbers the next save from what the
    // writer last saw (1), and the writer, which looks at the folder under its lock, writes it above 7.
    const std::vector<std::uint8_t> other{'n', 'o', 't', ' ', 'm', 'i', 'n', 'e'};
    std::string error;
    REQUIRE(write_file_atomically(quicksave_path(dir, 7), other, error));
    saves.keep(save_at(*world, 2), 0.1);
    saves.flush();
    saves.keep(save_at(*world, 3), 0.1);
    saves.flush();
    CHECK(saves.take_write_errors().empty());
    auto bytes = read_whole_file(quicksave_path(dir, 7), 100, error);
    REQUIRE(bytes);
    CHECK(*bytes == other);
    auto tick_of = [&](std::uint64_t number) -> std::int64_t {
        auto file = read_whole_file(quicksave_path(dir, number), max_quicksave_file_bytes, error);
        std::optional<SavedGame> save = file ? decode_save_file(*file, error) : std::nullopt;
        return save ? save->tick : -1;
    };
    CHECK(tick_of(8) == 2);
    CHECK(tick_of(9) == 3);
    auto found = saves.newest([](const SavedGame&, std::string&) { return true; });
    REQUIRE(found.save);
    CHECK(found.save->tick == 3);
}
