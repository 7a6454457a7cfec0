// The command line of quickstep (a fixed contract): what a list of arguments asks for (play, check level
// folders, list levels, make a new level, pack or verify a level package, print the help, the version or
// the level guide) or the usage error it makes. main() does what it asks; nothing here runs the game.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "game/app/app.hpp"
#include "game/app/level_template.hpp"

namespace qs {

/// The text --help prints, also printed after every usage error.
std::string_view usage_text();

/// What a command line asks for.
struct CommandLine {
    enum class Command : std::uint8_t {
        run,               ///< play (or simulate headless) with `options`
        check,             ///< --check: validate `check_paths`
        list_levels,       ///< --list-levels: the levels found in `options.levels_dirs` and the usual places
        new_level,         ///< --new-level NAME WxH: make a level folder from the template
        pack,              ///< --pack LEVEL OUT [--proof RUN]: write the level package `pack_out`
        verify,            ///< --verify FILE: play the proof of the level package `verify_file`
        help,              ///< --help or -h
        version,           ///< --version
        level_guide,       ///< --level-guide
        replay_to_script,  ///< --replay-to-script RUN.qsr OUT.txt: `replay_file` as the input script
                           ///< `script_file`
        usage_error,       ///< `error` says what is wrong (exit 2)
    };
    Command command = Command::run;
    AppOptions options;                    ///< what to run; the levels dirs for list_levels and new_level
    std::vector<std::string> check_paths;  ///< check: the folders, LEVEL first when one was given
    std::string new_level_name;            ///< new_level: a valid level folder name
    int new_level_width = 0;               ///< new_level: from kMinTemplateSide to kMaxTemplateSide
    int new_level_height = 0;
    LevelTemplateFormat new_level_format = LevelTemplateFormat::png_folder;  ///< new_level: --ldtk, --tiled
    std::string replay_file;            ///< replay_to_script: the replay read
    std::string script_file;            ///< replay_to_script: the script written ("-": stdout)
    std::string pack_level;             ///< pack: the level, a name or a path (as LEVEL is for play)
    std::filesystem::path pack_out;     ///< pack: the package to write (ends in .qslevel)
    std::filesystem::path verify_file;  ///< verify: the package
    std::string error;  ///< usage_error: one line, printed after "quickstep: " and before the usage text
};

/// Reads the arguments after the program name. --help, --version and --level-guide win over anything that
/// follows them; the first usage error met (reading from the left, then the checks of the whole line)
/// is the one reported. Looks at the file system only for folder_option_error().
CommandLine parse_command_line(const std::vector<std::string>& args);

/// The usage error of a --levels-dir or --save-dir that names something that exists but is no folder (a
/// missing one is made when needed), or of a --frame-report that names a folder or a file in a folder that
/// does not exist; empty when there is none.
std::string folder_option_error(const AppOptions& options);

}  // namespace qs
