// The command line of quickstep: the usage text and the parser. Options that take one value are a table;
// the others (flags, --start X,Y, --new-level NAME WxH [--ldtk|--tiled], --check PATH...) are read one by
// one.
#include "game/app/command_line.hpp"

#include <filesystem>
#include <optional>
#include <system_error>
#include <utility>

#include "engine/whole_number.hpp"
#include "game/app/level_template.hpp"
#include "game/app/livesplit_client.hpp"

namespace qs {

namespace {

constexpr std::string_view usage =
    "usage: quickstep [LEVEL] [options]\n"
    "  LEVEL               a level folder name found in a levels dir, or a path to a level folder\n"
    "  --levels-dir DIR    also scan DIR for level folders (repeatable); always scanned: the shipped\n"
    "                      levels/ and $XDG_DATA_HOME/quickstep/levels\n"
    "  --save-dir DIR      where quicksaves live (default $XDG_DATA_HOME/quickstep/saves)\n"
    "  --headless          no window, no audio; simulate as fast as possible\n"
    "  --frames N          stop at tick N\n"
    "  --input FILE        scripted input: lines '<tick> +action', '<tick> -action', '<tick> action'\n"
    "  --dump-state FILE   write the world state as JSON at exit ('-' = stdout)\n"
    "  --screenshot FILE   write a PNG of the last frame at exit (also headless)\n"
    "  --record FILE       when the run ends, write it as a replay file\n"
    "  --start X,Y         start LEVEL with the player on tile X,Y (practice: no records kept)\n"
    "  --replay FILE       play a replay file instead of live input (headless: as fast as possible)\n"
    "  --replay-to-script RUN.qsr OUT.txt  write a replay as an input script that plays the same run\n"
    "                      (ticks from the level start; OUT '-' = stdout)\n"
    "  --livesplit HOST:PORT  drive LiveSplit Server's timer there: a split at each checkpoint first\n"
    "                      reached and at the goal, game time = level time (also a setting)\n"
    "  --frame-report FILE one line per frame: frame, tick, ticks run, tick/render/present ms, what\n"
    "                      happened (f5 f9 f8 rewind release restart, or none) and the game thread's\n"
    "                      page faults; headless a frame is a tick\n"
    "  --pad-script FILE   (tests) a virtual gamepad driven by FILE in a window, one tick per frame,\n"
    "                      not waiting for the display; the run ends after the script's last frame\n"
    "                      (see game/app/pad_script.hpp)\n"
    "  --check PATH...     validate level folders, run nothing; exit 0 if all valid, else 1\n"
    "  --list-levels       one line per discovered level: name TAB ok|broken TAB path TAB reason\n"
    "  --new-level NAME WxH  create a level folder NAME from the template (W, H from 8 to 4096) in the\n"
    "                      first --levels-dir, else $XDG_DATA_HOME/quickstep/levels; prints its path\n"
    "    --ldtk            ... as an LDtk project NAME/NAME.ldtk (level NAME/Level_0)\n"
    "    --tiled           ... as a Tiled map NAME/NAME.tmj with its tilesets (level NAME/NAME)\n"
    "  --level-guide       print the generated reference section of LEVELS.md\n"
    "  --pack LEVEL OUT.qslevel [--proof RUN.qsr]  write LEVEL and a replay that finishes it (default: your\n"
    "                      best run of it) as one level package; refused when the replay does not finish\n"
    "  --verify FILE.qslevel  play a level package's proof headless: exit 0 and 'complete:' when it\n"
    "                      reaches the goal, else exit 1 naming what is wrong\n"
    "  --help, --version\n"
    "Keys: arrows/WASD move, Space/Z jump, Down+jump drops through one-way floors, F5 quicksave,\n"
    "F9 quickload, F8 older quicksave, hold Backspace to rewind, R restart, T retry from your last\n"
    "footing (practice), Esc pause, F (paused) frame advance, F11 fullscreen, F12 screenshot.\n"
    "Assists (Options): game speed, invincible, infinite hearts; scripts hold +invincible or\n"
    "+infinite_hearts. An assisted run keeps no best time, splits or ghost.\n";

/// An option taking one value (not empty): a file or folder stored in `path`, or, when `path` is null, a
/// value `set` stores or returns why it is not valid.
struct ValueOption {
    std::string_view name;
    std::optional<std::filesystem::path> AppOptions::*path = nullptr;
    std::string (*set)(AppOptions& options, const std::string& value) = nullptr;
};

const ValueOption value_options[] = {
    {"--levels-dir", nullptr,
     [](AppOptions& o, const std::string& v) {
         o.levels_dirs.emplace_back(v);
         return std::string();
     }},
    {"--save-dir", &AppOptions::save_dir},
    {"--input", &AppOptions::input},
    {"--dump-state", &AppOptions::dump_state},
    {"--screenshot", &AppOptions::screenshot},
    {"--frames", nullptr,
     [](AppOptions& o, const std::string& v) {
         std::int64_t frames = 0;
         if (!qs::whole_number(v, frames)) return "--frames needs a whole number >= 0, got '" + v + "'";
         o.frames = frames;
         return std::string();
     }},
    {"--record", &AppOptions::record},
    {"--replay", &AppOptions::replay},
    {"--proof", &AppOptions::proof},
    {"--pad-script", &AppOptions::pad_script},
    {"--frame-report", &AppOptions::frame_report},
    {"--livesplit", nullptr,
     [](AppOptions& o, const std::string& v) {
         std::string error;
         if (!parse_livesplit_address(v, error)) return "--livesplit " + error + ", got '" + v + "'";
         o.livesplit = v;
         return std::string();
     }},
};

CommandLine just(CommandLine::Command command) {
    CommandLine line;
    line.command = command;
    return line;
}

CommandLine usage_error(std::string message) {
    CommandLine line = just(CommandLine::Command::usage_error);
    line.error = std::move(message);
    return line;
}

/// --start's X,Y (a tile).
std::optional<std::pair<int, int>> parse_tile(std::string_view text) {
    const std::size_t comma = text.find(',');
    int x = -1, y = -1;
    if (comma == std::string_view::npos || !qs::whole_number(text.substr(0, comma), x) ||
        !qs::whole_number(text.substr(comma + 1), y))
        return std::nullopt;
    return std::pair{x, y};
}

}  // namespace

std::string_view usage_text() {
    return usage;
}

std::string folder_option_error(const AppOptions& options) {
    auto not_a_folder = [](const std::filesystem::path& dir) {
        std::error_code ec;
        return std::filesystem::exists(dir, ec) && !std::filesystem::is_directory(dir, ec);
    };
    for (const std::filesystem::path& dir : options.levels_dirs) {
        if (not_a_folder(dir)) return "--levels-dir " + dir.string() + ": not a folder";
    }
    if (options.save_dir && not_a_folder(*options.save_dir))
        return "--save-dir " + options.save_dir->string() + ": not a folder";
    if (options.frame_report) {
        // A file to write: not a folder, in a folder that exists.
        std::error_code ec;
        const std::filesystem::path& file = *options.frame_report;
        if (std::filesystem::is_directory(file, ec))
            return "--frame-report " + file.string() + ": a folder, not a file to write";
        const std::filesystem::path parent = file.has_parent_path() ? file.parent_path() : ".";
        if (!std::filesystem::is_directory(parent, ec))
            return "--frame-report " + file.string() + ": no folder " + parent.string() + " to write it in";
    }
    return {};
}

CommandLine parse_command_line(const std::vector<std::string>& args) {
    using Command = CommandLine::Command;
    CommandLine line;
    AppOptions& options = line.options;
    bool list = false;
    bool checking = false;
    std::optional<std::pair<std::string, std::string>> new_level_args;  // NAME, WxH
    std::optional<std::string> editor_flag;                             // --ldtk or --tiled
    std::optional<std::pair<std::string, std::string>> to_script_args;  // RUN.qsr, OUT.txt
    std::optional<std::pair<std::string, std::string>> pack_args;       // LEVEL, OUT
    std::optional<std::string> verify_arg;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        const ValueOption* value_option = nullptr;
        for (const ValueOption& option : value_options) {
            if (arg == option.name) value_option = &option;
        }
        if (arg == "--help" || arg == "-h") {
            return just(Command::help);
        } else if (arg == "--version") {
            return just(Command::version);
        } else if (arg == "--level-guide") {
            return just(Command::level_guide);
        } else if (arg == "--headless") {
            options.headless = true;
        } else if (arg == "--list-levels") {
            list = true;
        } else if (arg == "--new-level") {
            if (i + 2 >= args.size()) return usage_error("--new-level needs NAME and WxH");
            new_level_args.emplace(args[i + 1], args[i + 2]);
            i += 2;
        } else if (arg == "--ldtk" || arg == "--tiled") {
            if (editor_flag && *editor_flag != arg)
                return usage_error("--ldtk and --tiled each make a new level for one editor: give one");
            editor_flag = arg;
            line.new_level_format = arg == "--ldtk" ? LevelTemplateFormat::ldtk : LevelTemplateFormat::tiled;
        } else if (arg == "--replay-to-script") {
            if (i + 2 >= args.size() || args[i + 1].empty() || args[i + 2].empty())
                return usage_error("--replay-to-script needs RUN.qsr and OUT.txt");
            to_script_args.emplace(args[i + 1], args[i + 2]);
            i += 2;
        } else if (arg == "--pack") {
            if (i + 2 >= args.size() || args[i + 1].empty() || args[i + 2].empty())
                return usage_error("--pack needs LEVEL and OUT.qslevel");
            pack_args.emplace(args[i + 1], args[i + 2]);
            i += 2;
        } else if (arg == "--verify") {
            if (i + 1 >= args.size() || args[i + 1].empty())
                return usage_error("--verify needs FILE.qslevel");
            verify_arg = args[++i];
        } else if (arg == "--start") {
            if (i + 1 >= args.size()) return usage_error("--start needs X,Y (a tile, like 12,7)");
            const std::string& v = args[++i];
            options.start = parse_tile(v);
            if (!options.start) {
                return usage_error("--start needs X,Y: two whole numbers >= 0 (a tile, like 12,7), got '" +
                                   v + "'");
            }
        } else if (arg == "--check") {
            checking = true;
            while (i + 1 < args.size() && args[i + 1].rfind("--", 0) != 0)
                line.check_paths.push_back(args[++i]);
        } else if (value_option) {
            if (i + 1 >= args.size() || args[i + 1].empty()) return usage_error(arg + " needs a value");
            const std::string& value = args[++i];
            if (value_option->path) {
                options.*value_option->path = value;
            } else if (std::string error = value_option->set(options, value); !error.empty()) {
                return usage_error(std::move(error));
            }
        } else if (arg.rfind("--", 0) == 0 && arg.size() > 2) {
            return usage_error("unknown option '" + arg + "'");
        } else if (options.level.empty()) {
            options.level = arg;
        } else {
            return usage_error("more than one LEVEL given ('" + options.level + "' and '" + arg + "')");
        }
    }
    if (std::string error = folder_option_error(options); !error.empty())
        return usage_error(std::move(error));
    if (options.start && (options.level.empty() || options.replay || options.record)) {
        return usage_error(
            options.level.empty()
                ? "--start needs a LEVEL to start in"
                : "--start makes a practice run, which is not recorded: drop --record/--replay");
    }
    if (options.pad_script && options.headless)
        return usage_error("--pad-script drives the game in a window: drop --headless");
    if (editor_flag && !new_level_args)
        return usage_error(*editor_flag +
                           " goes with --new-level NAME WxH (it picks the editor the new level is for)");
    if (to_script_args) {
        if (checking || new_level_args || list || !options.level.empty() || options.input || options.replay ||
            options.record || options.start || options.pad_script || pack_args || verify_arg)
            return usage_error("--replay-to-script takes no LEVEL and no other run, check or level option");
        line.command = Command::replay_to_script;
        line.replay_file = to_script_args->first;
        line.script_file = to_script_args->second;
        return line;
    }
    if (options.proof && !pack_args) return usage_error("--proof goes with --pack LEVEL OUT.qslevel");
    if (pack_args || verify_arg) {
        if (pack_args && verify_arg) return usage_error("--pack and --verify are two commands: give one");
        if (checking || list || new_level_args || !options.level.empty() || options.replay ||
            options.record || options.input || options.start || options.pad_script || options.frames ||
            options.dump_state || options.screenshot)
            return usage_error(
                std::string(pack_args ? "--pack" : "--verify") +
                " takes no LEVEL to play, --check, --list-levels, --new-level, --replay, --record, "
                "--input, --start, --pad-script, --frames, --dump-state or --screenshot");
        if (pack_args) {
            line.command = Command::pack;
            line.pack_level = pack_args->first;
            line.pack_out = pack_args->second;
            if (line.pack_out.extension() != ".qslevel" || line.pack_out.stem().empty())
                return usage_error("--pack OUT must be a file name ending in .qslevel, got '" +
                                   pack_args->second + "'");
        } else {
            line.command = Command::verify;
            line.verify_file = *verify_arg;
        }
        return line;
    }
    if (checking) {
        if (line.check_paths.empty()) return usage_error("--check needs at least one level folder");
        if (!options.level.empty()) line.check_paths.insert(line.check_paths.begin(), options.level);
        line.command = Command::check;
        return line;
    }
    if (new_level_args) {
        const auto& [name, size_text] = *new_level_args;
        if (!is_valid_level_folder_name(name)) {
            return usage_error("--new-level NAME must be 1 to 64 letters, digits, '_', '-' or '.', got '" +
                               name + "'");
        }
        const auto size = parse_level_size(size_text);
        if (!size || size->first < kMinTemplateSide || size->second < kMinTemplateSide ||
            size->first > kMaxTemplateSide || size->second > kMaxTemplateSide) {
            return usage_error("--new-level needs a size WxH with W and H from " +
                               std::to_string(kMinTemplateSide) + " to " + std::to_string(kMaxTemplateSide) +
                               " (like 64x24), got '" + size_text + "'");
        }
        line.command = Command::new_level;
        line.new_level_name = name;
        line.new_level_width = size->first;
        line.new_level_height = size->second;
        return line;
    }
    line.command = list ? Command::list_levels : Command::run;
    return line;
}

}  // namespace qs
