// quickstep: the command line (a fixed contract: exit 0 ok, 1 invalid content, 2 usage error) — play,
// validate level folders, list levels.
#include <charconv>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <SDL.h>

#include "engine/heap_tuning.hpp"
#include "game/app/app.hpp"
#include "game/app/level_template.hpp"
#include "game/app/paths.hpp"
#include "game/levels/level_catalog.hpp"
#include "game/levels/level_guide.hpp"
#include "game/levels/level_lint.hpp"

namespace {

constexpr const char* usage_text =
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
    "  --pad-script FILE   (tests) a virtual gamepad driven by FILE in a window, one tick per frame;\n"
    "                      the run ends after the script's last frame (see game/app/pad_script.hpp)\n"
    "  --check PATH...     validate level folders, run nothing; exit 0 if all valid, else 1\n"
    "  --list-levels       one line per discovered level: name TAB ok|broken TAB path TAB reason\n"
    "  --new-level NAME WxH  create a level folder NAME from the template (W, H from 8 to 4096) in the\n"
    "                      first --levels-dir, else $XDG_DATA_HOME/quickstep/levels; prints its path\n"
    "  --level-guide       print the generated reference section of LEVELS.md\n"
    "  --help, --version\n"
    "Keys: arrows/WASD move, Space/Z jump, Down+jump drops through one-way floors, F5 quicksave,\n"
    "F9 quickload, F8 older quicksave, hold Backspace to rewind, R restart, T retry from your last\n"
    "footing (practice), Esc pause, F11 fullscreen, F12 screenshot.\n";

int usage_error(const std::string& message) {
    std::fprintf(stderr, "quickstep: %s\n%s", message.c_str(), usage_text);
    return 2;
}

int check_levels(const std::vector<std::string>& paths) {
    bool all_ok = true;
    std::vector<std::string> tuning_problems;
    const qs::Tuning tuning = qs::load_tuning(qs::data_dir() / "assets/tuning.json", tuning_problems);
    for (const std::string& problem : tuning_problems)
        std::fprintf(stderr, "quickstep: %s\n", problem.c_str());
    for (const std::string& path : paths) {
        qs::CheckedLevel checked = qs::check_level(path);
        if (checked.level) {
            // Warnings do not change the outcome: the level plays, it may just be unfair or unfinishable.
            for (const std::string& warning : qs::level_warnings(*checked.level, checked.entities, tuning))
                std::fprintf(stderr, "%s\n", warning.c_str());
            std::printf("%s: ok\n", path.c_str());
        } else {
            all_ok = false;
            for (const std::string& error : checked.errors) std::fprintf(stderr, "%s\n", error.c_str());
            std::printf("%s: broken (%zu error%s)\n", path.c_str(), checked.errors.size(),
                        checked.errors.size() == 1 ? "" : "s");
        }
    }
    return all_ok ? 0 : 1;
}

/// --new-level NAME WxH: writes the template folder and prints its path.
int new_level(const qs::AppOptions& options, const std::string& name, const std::string& size_text) {
    if (!qs::is_valid_level_folder_name(name)) {
        return usage_error("--new-level NAME must be 1 to 64 letters, digits, '_', '-' or '.', got '" + name +
                           "'");
    }
    const auto size = qs::parse_level_size(size_text);
    if (!size || size->first < qs::kMinTemplateSide || size->second < qs::kMinTemplateSide ||
        size->first > qs::kMaxTemplateSide || size->second > qs::kMaxTemplateSide) {
        return usage_error("--new-level needs a size WxH with W and H from " +
                           std::to_string(qs::kMinTemplateSide) + " to " +
                           std::to_string(qs::kMaxTemplateSide) + " (like 64x24), got '" + size_text + "'");
    }
    const std::filesystem::path dir =
        options.levels_dirs.empty() ? qs::user_data_dir() / "levels" : options.levels_dirs.front();
    std::string error;
    if (!qs::create_level_template(dir / name, name, size->first, size->second, error)) {
        std::fprintf(stderr, "quickstep: %s\n", error.c_str());
        return 1;
    }
    std::printf("%s\n", (dir / name).string().c_str());
    return 0;
}

int list_levels(const qs::AppOptions& options) {
    for (const qs::LevelListing& listing : qs::discover_levels(qs::level_dirs(options.levels_dirs))) {
        std::string reason = listing.reason;
        for (char& c : reason) {
            if (c == '\t' || c == '\n') c = ' ';
        }
        std::printf("%s\t%s\t%s\t%s\n", listing.name.c_str(), listing.ok ? "ok" : "broken",
                    listing.path.c_str(), reason.c_str());
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    qs::keep_freed_memory_for_reuse();  // quickloads reuse the heap instead of faulting in fresh pages
    qs::AppOptions options;
    bool list = false;
    std::vector<std::string> check_paths;
    bool checking = false;
    std::optional<std::pair<std::string, std::string>> new_level_args;  // NAME, WxH
    std::vector<std::string> args(argv + 1, argv + argc);
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        auto value = [&](std::string& out) {
            if (i + 1 >= args.size()) return false;
            out = args[++i];
            return true;
        };
        std::string v;
        if (arg == "--help" || arg == "-h") {
            std::printf("%s", usage_text);
            return 0;
        } else if (arg == "--version") {
            std::printf("quickstep %s\n", QUICKSTEP_VERSION);
            return 0;
        } else if (arg == "--headless") {
            options.headless = true;
        } else if (arg == "--list-levels") {
            list = true;
        } else if (arg == "--level-guide") {
            std::printf("%s", qs::level_guide_reference().c_str());
            return 0;
        } else if (arg == "--new-level") {
            if (i + 2 >= args.size()) return usage_error("--new-level needs NAME and WxH");
            new_level_args.emplace(args[i + 1], args[i + 2]);
            i += 2;
        } else if (arg == "--start") {
            if (!value(v)) return usage_error("--start needs X,Y (a tile, like 12,7)");
            const std::size_t comma = v.find(',');
            int x = -1, y = -1;
            const auto whole = [](std::string_view text, int& out) {
                auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
                return !text.empty() && ec == std::errc() && ptr == text.data() + text.size() && out >= 0;
            };
            if (comma == std::string::npos || !whole(std::string_view(v).substr(0, comma), x) ||
                !whole(std::string_view(v).substr(comma + 1), y)) {
                return usage_error("--start needs X,Y: two whole numbers >= 0 (a tile, like 12,7), got '" +
                                   v + "'");
            }
            options.start = std::pair{x, y};
        } else if (arg == "--check") {
            checking = true;
            while (i + 1 < args.size() && args[i + 1].rfind("--", 0) != 0) check_paths.push_back(args[++i]);
        } else if (arg == "--levels-dir" || arg == "--save-dir" || arg == "--input" ||
                   arg == "--dump-state" || arg == "--screenshot" || arg == "--frames" || arg == "--record" ||
                   arg == "--replay" || arg == "--pad-script") {
            if (!value(v) || v.empty()) return usage_error(arg + " needs a value");
            if (arg == "--levels-dir") options.levels_dirs.emplace_back(v);
            if (arg == "--save-dir") options.save_dir = v;
            if (arg == "--input") options.input = v;
            if (arg == "--dump-state") options.dump_state = v;
            if (arg == "--screenshot") options.screenshot = v;
            if (arg == "--record") options.record = v;
            if (arg == "--replay") options.replay = v;
            if (arg == "--pad-script") options.pad_script = v;
            if (arg == "--frames") {
                std::int64_t frames = 0;
                auto [ptr, ec] = std::from_chars(v.data(), v.data() + v.size(), frames);
                if (ec != std::errc() || ptr != v.data() + v.size() || frames < 0) {
                    return usage_error("--frames needs a whole number >= 0, got '" + v + "'");
                }
                options.frames = frames;
            }
        } else if (arg.rfind("--", 0) == 0 && arg.size() > 2) {
            return usage_error("unknown option '" + arg + "'");
        } else if (options.level.empty()) {
            options.level = arg;
        } else {
            return usage_error("more than one LEVEL given ('" + options.level + "' and '" + arg + "')");
        }
    }
    // A folder option naming something that exists but is no folder is a mistake worth saying (a missing
    // one is created when needed).
    auto not_a_folder = [](const std::filesystem::path& dir) {
        std::error_code ec;
        return std::filesystem::exists(dir, ec) && !std::filesystem::is_directory(dir, ec);
    };
    for (const std::filesystem::path& dir : options.levels_dirs) {
        if (not_a_folder(dir)) return usage_error("--levels-dir " + dir.string() + ": not a folder");
    }
    if (options.save_dir && not_a_folder(*options.save_dir)) {
        return usage_error("--save-dir " + options.save_dir->string() + ": not a folder");
    }
    if (options.start && (options.level.empty() || options.replay || options.record)) {
        return usage_error(
            options.level.empty()
                ? "--start needs a LEVEL to start in"
                : "--start makes a practice run, which is not recorded: drop --record/--replay");
    }
    if (options.pad_script && options.headless)
        return usage_error("--pad-script drives the game in a window: drop --headless");
    if (checking) {
        if (check_paths.empty()) return usage_error("--check needs at least one level folder");
        if (!options.level.empty()) check_paths.insert(check_paths.begin(), options.level);
        return check_levels(check_paths);
    }
    if (new_level_args) return new_level(options, new_level_args->first, new_level_args->second);
    if (list) return list_levels(options);
    if (options.headless) {
        SDL_setenv("SDL_VIDEODRIVER", "dummy", 1);
        SDL_setenv("SDL_AUDIODRIVER", "dummy", 1);
    }
    return qs::run_app(options);
}
