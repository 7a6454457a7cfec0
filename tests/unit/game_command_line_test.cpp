// The command-line parser: every usage error with its exact message, every option read into what main()
// runs, and which of several asks wins (--help over what follows it, --check over --new-level over
// --list-levels).
#include <doctest/doctest.h>

#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "game/app/command_line.hpp"
#include "scratch_dir.hpp"

using namespace qs;
using Command = CommandLine::Command;

namespace {

CommandLine parse(std::vector<std::string> args) {
    return parse_command_line(args);
}

/// The usage error `args` make ("" when they make none).
std::string error_of(std::vector<std::string> args) {
    const CommandLine line = parse(std::move(args));
    if (line.command != Command::usage_error) return "";
    CHECK(!line.error.empty());
    return line.error;
}

}  // namespace

TEST_CASE("command line: no arguments run the game windowed from the title") {
    const CommandLine line = parse({});
    CHECK(line.command == Command::run);
    CHECK(line.options.level.empty());
    CHECK_FALSE(line.options.headless);
    CHECK(line.options.levels_dirs.empty());
    CHECK_FALSE(line.options.save_dir);
    CHECK_FALSE(line.options.frames);
    CHECK_FALSE(line.options.input);
    CHECK_FALSE(line.options.dump_state);
    CHECK_FALSE(line.options.screenshot);
    CHECK_FALSE(line.options.record);
    CHECK_FALSE(line.options.replay);
    CHECK_FALSE(line.options.start);
    CHECK_FALSE(line.options.pad_script);
    CHECK_FALSE(line.options.livesplit);
}

TEST_CASE("command line: every run option is read") {
    test::ScratchDir scratch("qs_command_line_test");
    const std::string levels_a = (scratch.path() / "a").string();
    const std::string levels_b = (scratch.path() / "b").string();  // missing folders are made when needed
    const CommandLine line =
        parse({"01_first_steps", "--levels-dir", levels_a, "--levels-dir", levels_b, "--save-dir",
               scratch.path().string(), "--headless", "--frames", "120", "--input", "run.txt", "--dump-state",
               "-", "--screenshot", "last.png", "--start", "12,7"});
    REQUIRE(line.command == Command::run);
    const AppOptions& options = line.options;
    CHECK(options.level == "01_first_steps");
    REQUIRE(options.levels_dirs.size() == 2);
    CHECK(options.levels_dirs[0] == levels_a);
    CHECK(options.levels_dirs[1] == levels_b);
    CHECK(options.save_dir == scratch.path());
    CHECK(options.headless);
    CHECK(options.frames == 120);
    CHECK(options.input == "run.txt");
    CHECK(options.dump_state == "-");
    CHECK(options.screenshot == "last.png");
    CHECK(options.start == std::pair{12, 7});
    CHECK_FALSE(options.record);
    CHECK_FALSE(options.replay);
    CHECK_FALSE(options.pad_script);
}

TEST_CASE("command line: --record, --replay, --pad-script, --frames 0 and a level path") {
    CommandLine line = parse({"--headless", "--record", "run.qsr", "levels/01_first_steps", "--frames", "0"});
    REQUIRE(line.command == Command::run);
    CHECK(line.options.record == "run.qsr");
    CHECK(line.options.level == "levels/01_first_steps");
    CHECK(line.options.frames == 0);

    line = parse({"--replay", "best.qsr", "--headless"});
    REQUIRE(line.command == Command::run);
    CHECK(line.options.replay == "best.qsr");
    CHECK(line.options.level.empty());

    line = parse({"--pad-script", "jump.pad", "02_ice"});
    REQUIRE(line.command == Command::run);
    CHECK(line.options.pad_script == "jump.pad");
    CHECK_FALSE(line.options.headless);
    CHECK(line.options.level == "02_ice");

    // A value is taken as it is, even one that looks like an option.
    line = parse({"--input", "--headless"});
    REQUIRE(line.command == Command::run);
    CHECK(line.options.input == "--headless");
    CHECK_FALSE(line.options.headless);
}

TEST_CASE("command line: --help, --version and --level-guide win over what follows them") {
    CHECK(parse({"--help"}).command == Command::help);
    CHECK(parse({"-h"}).command == Command::help);
    CHECK(parse({"--headless", "--help", "--bogus"}).command == Command::help);
    CHECK(parse({"--version", "--frames", "x"}).command == Command::version);
    CHECK(parse({"--level-guide", "a", "b", "c"}).command == Command::level_guide);
    CHECK(parse({"--check", "--help"}).command == Command::help);
    // An error met before them is still an error.
    CHECK(error_of({"--bogus", "--help"}) == "unknown option '--bogus'");
    const std::string_view usage = usage_text();
    CHECK(usage.substr(0, 35) == "usage: quickstep [LEVEL] [options]\n");
    CHECK(usage.find("  --new-level NAME WxH  create a level folder NAME") != std::string_view::npos);
    CHECK(usage.back() == '\n');
}

TEST_CASE("command line: --check takes the paths up to the next option, LEVEL first") {
    CommandLine line = parse({"--check", "levels/a", "levels/b", "--levels-dir", "x"});
    REQUIRE(line.command == Command::check);
    CHECK(line.check_paths == std::vector<std::string>{"levels/a", "levels/b"});
    CHECK(line.options.levels_dirs.size() == 1);

    line = parse({"first", "--check", "second"});
    REQUIRE(line.command == Command::check);
    CHECK(line.check_paths == std::vector<std::string>{"first", "second"});

    // --check runs before --new-level and --list-levels.
    line = parse({"--list-levels", "--new-level", "mine", "64x24", "--check", "a"});
    CHECK(line.command == Command::check);
}

TEST_CASE("command line: --list-levels and --new-level") {
    CommandLine line = parse({"--list-levels", "--levels-dir", "mine"});
    REQUIRE(line.command == Command::list_levels);
    REQUIRE(line.options.levels_dirs.size() == 1);
    CHECK(line.options.levels_dirs[0] == "mine");

    line = parse({"--new-level", "my_level.2", "64x24", "--levels-dir", "mine", "--list-levels"});
    REQUIRE(line.command == Command::new_level);
    CHECK(line.new_level_name == "my_level.2");
    CHECK(line.new_level_width == 64);
    CHECK(line.new_level_height == 24);
    CHECK(line.options.levels_dirs.size() == 1);

    line = parse({"--new-level", "big", "4096X8"});
    REQUIRE(line.command == Command::new_level);
    CHECK(line.new_level_width == 4096);
    CHECK(line.new_level_height == 8);
}

TEST_CASE("command line: --new-level --ldtk and --tiled pick the editor, anywhere on the line") {
    CommandLine line = parse({"--new-level", "mine", "32x16"});
    REQUIRE(line.command == Command::new_level);
    CHECK(line.new_level_format == qs::LevelTemplateFormat::png_folder);

    line = parse({"--new-level", "mine", "32x16", "--ldtk"});
    REQUIRE(line.command == Command::new_level);
    CHECK(line.new_level_format == qs::LevelTemplateFormat::ldtk);
    CHECK(line.new_level_name == "mine");
    CHECK(line.new_level_width == 32);

    line = parse({"--tiled", "--levels-dir", "dir", "--new-level", "mine", "8x8"});
    REQUIRE(line.command == Command::new_level);
    CHECK(line.new_level_format == qs::LevelTemplateFormat::tiled);
    CHECK(line.new_level_height == 8);
    CHECK(parse({"--new-level", "m", "9x9", "--tiled", "--tiled"}).new_level_format ==
          qs::LevelTemplateFormat::tiled);

    CHECK(error_of({"--new-level", "m", "9x9", "--ldtk", "--tiled"}) ==
          "--ldtk and --tiled each make a new level for one editor: give one");
    CHECK(error_of({"--tiled", "--ldtk", "--new-level", "m", "9x9"}) ==
          "--ldtk and --tiled each make a new level for one editor: give one");
    CHECK(error_of({"--ldtk"}) ==
          "--ldtk goes with --new-level NAME WxH (it picks the editor the new level is for)");
    CHECK(error_of({"01_first_steps", "--tiled", "--headless"}) ==
          "--tiled goes with --new-level NAME WxH (it picks the editor the new level is for)");
    CHECK(error_of({"--new-level", "m", "4x9", "--ldtk"}) ==
          "--new-level needs a size WxH with W and H from 8 to 4096 (like 64x24), got '4x9'");
    CHECK(error_of({"--new-level", "bad/name", "9x9", "--tiled"}) ==
          "--new-level NAME must be 1 to 64 letters, digits, '_', '-' or '.', got 'bad/name'");
    const std::string_view usage = usage_text();
    CHECK(usage.find("\n    --ldtk            ") != std::string_view::npos);
    CHECK(usage.find("\n    --tiled           ") != std::string_view::npos);
}

TEST_CASE("command line: usage errors while reading the options") {
    CHECK(error_of({"--bogus"}) == "unknown option '--bogus'");
    CHECK(error_of({"--headless", "--frames", "ten"}) == "--frames needs a whole number >= 0, got 'ten'");
    CHECK(error_of({"--frames", "-1"}) == "--frames needs a whole number >= 0, got '-1'");
    CHECK(error_of({"--frames", "12x"}) == "--frames needs a whole number >= 0, got '12x'");
    CHECK(error_of({"--frames", "99999999999999999999"}) ==
          "--frames needs a whole number >= 0, got '99999999999999999999'");
    CHECK(error_of({"a", "b"}) == "more than one LEVEL given ('a' and 'b')");
    CHECK(error_of({"--new-level"}) == "--new-level needs NAME and WxH");
    CHECK(error_of({"--new-level", "mine"}) == "--new-level needs NAME and WxH");
    CHECK(error_of({"x", "--start"}) == "--start needs X,Y (a tile, like 12,7)");
    for (const std::string bad :
         {"", "12", "12,", ",7", "-1,7", "12,-7", "1.5,7", "12,7,1", "a,b", "12 ,7"}) {
        CAPTURE(bad);
        CHECK(error_of({"x", "--start", bad}) ==
              "--start needs X,Y: two whole numbers >= 0 (a tile, like 12,7), got '" + bad + "'");
    }
    for (const char* option : {"--levels-dir", "--save-dir", "--input", "--dump-state", "--screenshot",
                               "--frames", "--record", "--replay", "--pad-script", "--livesplit"}) {
        CAPTURE(option);
        CHECK(error_of({option}) == std::string(option) + " needs a value");
        CHECK(error_of({option, ""}) == std::string(option) + " needs a value");
        CHECK(error_of({"--headless", option}) == std::string(option) + " needs a value");
    }
}

TEST_CASE("command line: --livesplit HOST:PORT and its usage errors") {
    for (const std::string good : {"localhost:16834", "127.0.0.1:1", "[::1]:65535", "timer.local:8080"}) {
        CAPTURE(good);
        const CommandLine line = parse({"--headless", "--livesplit", good, "01_first_steps"});
        REQUIRE(line.command == Command::run);
        CHECK(line.options.livesplit == good);
    }
    const std::pair<std::string, std::string> bad[] = {
        {"localhost", "--livesplit needs HOST:PORT (like localhost:16834), got 'localhost'"},
        {"16834", "--livesplit needs HOST:PORT (like localhost:16834), got '16834'"},
        {":16834",
         "--livesplit needs a host name or address of 1 to 253 characters before the ':', got "
         "':16834'"},
        {"localhost:", "--livesplit needs a port from 1 to 65535 after the ':', got 'localhost:'"},
        {"localhost:0", "--livesplit needs a port from 1 to 65535 after the ':', got 'localhost:0'"},
        {"localhost:65536", "--livesplit needs a port from 1 to 65535 after the ':', got 'localhost:65536'"},
        {"localhost:-5", "--livesplit needs a port from 1 to 65535 after the ':', got 'localhost:-5'"},
        {"localhost:16834x",
         "--livesplit needs a port from 1 to 65535 after the ':', got 'localhost:16834x'"},
        {"::1:16834", "--livesplit needs an IPv6 host in brackets ([::1]:16834), got '::1:16834'"},
        {"[::1]16834",
         "--livesplit needs HOST:PORT with an IPv6 host in brackets ([::1]:16834), got '[::1]16834'"},
        {"my host:1", "--livesplit needs a host of plain ASCII without spaces, got 'my host:1'"},
    };
    for (const auto& value_and_message : bad) {
        const std::string& value = value_and_message.first;
        CAPTURE(value);
        CHECK(error_of({"--headless", "--livesplit", value}) == value_and_message.second);
    }
}

TEST_CASE("command line: --replay-to-script RUN.qsr OUT.txt") {
    CommandLine line = parse({"--replay-to-script", "run.qsr", "run.txt", "--levels-dir", "."});
    REQUIRE(line.command == Command::replay_to_script);
    CHECK(line.replay_file == "run.qsr");
    CHECK(line.script_file == "run.txt");
    CHECK(line.options.levels_dirs.size() == 1);
    const std::string needs = "--replay-to-script needs RUN.qsr and OUT.txt";
    CHECK(error_of({"--replay-to-script"}) == needs);
    CHECK(error_of({"--replay-to-script", "run.qsr"}) == needs);
    CHECK(error_of({"--replay-to-script", "", "run.txt"}) == needs);
    const std::string alone = "--replay-to-script takes no LEVEL and no other run, check or level option";
    CHECK(error_of({"01_first_steps", "--replay-to-script", "run.qsr", "run.txt"}) == alone);
    CHECK(error_of({"--replay-to-script", "run.qsr", "run.txt", "--replay", "other.qsr"}) == alone);
    CHECK(error_of({"--replay-to-script", "run.qsr", "run.txt", "--list-levels"}) == alone);
}

TEST_CASE("command line: usage errors of the whole line") {
    CHECK(error_of({"--start", "1,2"}) == "--start needs a LEVEL to start in");
    CHECK(error_of({"--start", "1,2", "--record", "r.qsr"}) == "--start needs a LEVEL to start in");
    CHECK(error_of({"lvl", "--start", "1,2", "--record", "r.qsr"}) ==
          "--start makes a practice run, which is not recorded: drop --record/--replay");
    CHECK(error_of({"lvl", "--replay", "r.qsr", "--start", "1,2"}) ==
          "--start makes a practice run, which is not recorded: drop --record/--replay");
    CHECK(error_of({"--headless", "--pad-script", "p.pad"}) ==
          "--pad-script drives the game in a window: drop --headless");
    CHECK(error_of({"--check"}) == "--check needs at least one level folder");
    CHECK(error_of({"lvl", "--check", "--headless"}) == "--check needs at least one level folder");
    CHECK(error_of({"--new-level", ".hidden", "64x24"}) ==
          "--new-level NAME must be 1 to 64 letters, digits, '_', '-' or '.', got '.hidden'");
    CHECK(error_of({"--new-level", "a/b", "64x24"}) ==
          "--new-level NAME must be 1 to 64 letters, digits, '_', '-' or '.', got 'a/b'");
    CHECK(error_of({"--new-level", std::string(65, 'a'), "64x24"}) ==
          "--new-level NAME must be 1 to 64 letters, digits, '_', '-' or '.', got '" + std::string(65, 'a') +
              "'");
    for (const char* size : {"7x24", "64x7", "4097x8", "8x4097", "64", "64x", "x24", "big"}) {
        CAPTURE(size);
        CHECK(error_of({"--new-level", "mine", size}) ==
              "--new-level needs a size WxH with W and H from 8 to 4096 (like 64x24), got '" +
                  std::string(size) + "'");
    }
    // The name is looked at before the size.
    CHECK(error_of({"--new-level", "", "0x0"}) ==
          "--new-level NAME must be 1 to 64 letters, digits, '_', '-' or '.', got ''");
}

TEST_CASE("command line: a --levels-dir or --save-dir that is a file is a usage error") {
    test::ScratchDir scratch("qs_command_line_test");
    const std::string file = (scratch.path() / "file.txt").string();
    std::ofstream(file) << "not a folder\n";
    const std::string missing = (scratch.path() / "missing").string();

    CHECK(error_of({"--levels-dir", scratch.path().string(), "--levels-dir", file}) ==
          "--levels-dir " + file + ": not a folder");
    CHECK(error_of({"--save-dir", file}) == "--save-dir " + file + ": not a folder");
    CHECK(error_of({"--levels-dir", missing, "--save-dir", missing}).empty());
    // Checked before the other checks of the whole line.
    CHECK(error_of({"--levels-dir", file, "--start", "1,2"}) == "--levels-dir " + file + ": not a folder");
    CHECK(error_of({"--save-dir", file, "--check"}) == "--save-dir " + file + ": not a folder");

    AppOptions options;
    CHECK(folder_option_error(options).empty());
    options.levels_dirs = {missing, scratch.path()};
    options.save_dir = scratch.path();
    CHECK(folder_option_error(options).empty());
    options.save_dir = file;
    CHECK(folder_option_error(options) == "--save-dir " + file + ": not a folder");
    options.levels_dirs.push_back(file);
    CHECK(folder_option_error(options) == "--levels-dir " + file + ": not a folder");
}

TEST_CASE("command line: --frame-report takes a file to write, in a folder that exists") {
    test::ScratchDir scratch("qs_command_line_test");
    const std::string report = (scratch.path() / "frames.txt").string();
    const CommandLine line = parse({"01_first_steps", "--headless", "--frame-report", report});
    REQUIRE(line.command == Command::run);
    CHECK(line.options.frame_report == report);
    CHECK(parse({"--frame-report", "frames.txt"}).options.frame_report == "frames.txt");  // here

    const std::string missing = (scratch.path() / "missing" / "frames.txt").string();
    CHECK(error_of({"--frame-report", missing}) == "--frame-report " + missing + ": no folder " +
                                                       (scratch.path() / "missing").string() +
                                                       " to write it in");
    CHECK(error_of({"--frame-report", scratch.path().string()}) ==
          "--frame-report " + scratch.path().string() + ": a folder, not a file to write");
    CHECK(error_of({"--frame-report"}) == "--frame-report needs a value");
}
