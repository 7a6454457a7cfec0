// Crash-safe quicksaves, proven: a child process saves as fast as it can and is SIGKILLed at a random moment,
// many times; after every kill no earlier save file has changed, every save file under its final name
// decodes, the newest one loads without complaint, and the next start removes the torn temp file.
#include <doctest/doctest.h>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <random>

#include "game/save/quicksaves.hpp"
#include "game_test_world.hpp"

using namespace qs;
using namespace qs::test;
namespace fs = std::filesystem;

namespace {

std::map<std::string, std::string> save_files(const fs::path& dir) {
    std::map<std::string, std::string> out;
    for (const auto& entry : fs::directory_iterator(dir)) {
        if (!quicksave_sequence(entry.path())) continue;
        std::ifstream in(entry.path(), std::ios::binary);
        out[entry.path().filename().string()] = {std::istreambuf_iterator<char>(in), {}};
    }
    return out;
}

/// The saving process: a level with enough entities that each write takes a while, saved over and over.
/// Writes one byte to `started` once its first save is on disk, so the parent's random kill moments fall
/// among writes however loaded the machine is.
[[noreturn]] void save_forever(const fs::path& dir, int started) {
    int null = ::open("/dev/null", O_WRONLY);
    ::dup2(null, 2);  // the report lines
    auto world =
        make_world({"P.ccccccccccccccccccccccccccccccc.w.t", "#####################################"},
                   [](std::vector<Entity>& entities) {
                       for (int i = 0; i < 1500; ++i) {
                           Coin coin;
                           coin.state.x = 2.5 + i % 30;
                           coin.state.y = 0.5;
                           entities.push_back(coin);
                       }
                   });
    QuickSaves saves(dir, 5);
    Driver driver{*world};
    for (std::int64_t tick = 0;; ++tick) {
        driver.tick({Action::right});
        saves.keep(std::make_shared<SavedGame>(SavedGame{"test_map", test_play(7), 0, tick, world->capture()}), 0.1);
        saves.flush();
        if (tick == 0) {
            const char byte = 1;
            if (::write(started, &byte, 1) != 1) ::_exit(3);
            ::close(started);
        }
    }
}

}  // namespace

TEST_CASE("crash safety: SIGKILL at random moments while saving never damages a save") {
    fs::path dir = fs::temp_directory_path() / ("qs_crash_safety_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    std::mt19937 random(20261123);
    const int rounds = 60;
    int torn_temp_files = 0, loads = 0;
    for (int round = 0; round < rounds; ++round) {
        CAPTURE(round);
        const std::map<std::string, std::string> before = save_files(dir);
        int started[2];
        REQUIRE(::pipe(started) == 0);
        pid_t child = ::fork();
        REQUIRE(child >= 0);
        if (child == 0) {
            ::close(started[0]);
            save_forever(dir, started[1]);
        }
        ::close(started[1]);
        // Wait (up to a minute) for the child's first save, then kill it at a random moment after it.
        pollfd first_save{started[0], POLLIN, 0};
        CHECK(::poll(&first_save, 1, 60000) == 1);
        ::close(started[0]);
        ::usleep(std::uniform_int_distribution<unsigned>(0, 40000)(random));
        ::kill(child, SIGKILL);
        int status = 0;
        ::waitpid(child, &status, 0);
        REQUIRE(WIFSIGNALED(status));

        // No earlier save changed: each one is byte for byte the same, or rotated out of the ring.
        const std::map<std::string, std::string> after = save_files(dir);
        for (const auto& file : before) {  // no structured bindings in doctest messages (clang 14)
            auto found = after.find(file.first);
            if (found != after.end()) CHECK_MESSAGE(found->second == file.second, file.first << " changed");
        }
        // No torn file under a final name: every save decodes.
        for (const auto& file : after) {
            std::string error;
            CHECK_MESSAGE(
                decode_save_file(std::vector<std::uint8_t>(file.second.begin(), file.second.end()), error),
                file.first << ": " << error);
        }
        for (const auto& entry : fs::directory_iterator(dir))
            torn_temp_files += entry.path().extension() == ".tmp";
        // A new start removes the temp file and loads the newest save without skipping anything.
        QuickSaves fresh(dir, 5);
        for (const auto& entry : fs::directory_iterator(dir)) CHECK(entry.path().extension() != ".tmp");
        REQUIRE(!after.empty());
        std::uint64_t newest = 0;
        for (const auto& [name, bytes] : after) newest = std::max(newest, *quicksave_sequence(name));
        QuickSaves::Found found = fresh.newest([](const SavedGame&, std::string&) { return true; });
        REQUIRE(found.save);
        CHECK(found.problems.empty());
        CHECK(found.save->sequence == newest);
        ++loads;
    }
    MESSAGE(rounds << " kills, " << torn_temp_files << " of them during a write (temp file left), " << loads
                   << " newest saves loaded");
    CHECK(loads == rounds);  // every round had at least its first save on disk before the kill
    fs::remove_all(dir);
}
