// quickstep: does what the command line asks (game/app/command_line.hpp reads it; exit 0 ok, 1 invalid
// content, 2 usage error) — play, validate level folders, list levels, make a new level, write a replay as
// an input script, pack or verify a level package.
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <SDL.h>

#include "engine/heap_tuning.hpp"
#include "engine/printable_text.hpp"
#include "engine/save_file.hpp"
#include "game/app/app.hpp"
#include "game/app/command_line.hpp"
#include "game/app/level_list.hpp"
#include "game/app/level_packages.hpp"
#include "game/app/level_template.hpp"
#include "game/app/paths.hpp"
#include "game/app/replay_check.hpp"
#include "game/levels/level_catalog.hpp"
#include "game/levels/level_guide.hpp"
#include "game/levels/level_lint.hpp"
#include "game/save/replay_script.hpp"

namespace {

int usage_error(const std::string& message) {
    const std::string_view usage = qs::usage_text();
    std::fprintf(stderr, "quickstep: %s\n%.*s", message.c_str(), static_cast<int>(usage.size()),
                 usage.data());
    return 2;
}

/// A --check argument: a folder as given, or a level name found in the levels dirs as `quickstep NAME`
/// finds it (a name with no folder of that name here).
/// The levels dirs are listed (from .lvl files and PNG headers, nothing decoded) only for a name.
std::filesystem::path level_to_check(const std::string& arg, const qs::AppOptions& options,
                                     std::optional<std::vector<qs::LevelListing>>& listed) {
    std::error_code ec;
    const bool looks_like_path = arg.find('/') != std::string::npos || arg == "." || arg == "..";
    if (std::filesystem::is_directory(arg, ec) || qs::is_level_path(arg)) return arg;
    if (!listed) listed = qs::discover_levels(qs::level_dirs(options.levels_dirs), qs::LevelVerdicts{});
    const std::vector<qs::LevelListing>& levels = *listed;
    for (const qs::LevelListing& listing : levels) {
        if (listing.name == arg) return listing.path;
    }
    if (!looks_like_path) {
        // A project folder found in the levels dirs by its name: its levels are listed as NAME/LEVEL.
        for (const qs::LevelListing& listing : levels) {
            if (listing.name.starts_with(arg + "/")) return listing.path.parent_path();
        }
    }
    return arg;
}

int check_levels(const std::vector<std::string>& paths, const qs::AppOptions& options) {
    std::optional<std::vector<qs::LevelListing>> levels;
    bool all_ok = true;
    std::vector<std::string> tuning_problems;
    const qs::Tuning tuning = qs::load_tuning(qs::data_dir() / "assets/tuning.json", tuning_problems);
    for (const std::string& problem : tuning_problems)
        std::fprintf(stderr, "quickstep: %s\n", problem.c_str());
    std::vector<std::pair<std::string, std::filesystem::path>> targets;
    for (const std::string& path : paths) {
        // A project folder of an editor: each of its levels, as FOLDER/NAME.
        const std::filesystem::path target = level_to_check(path, options, levels);
        const std::vector<std::filesystem::path> editor_levels = qs::editor_level_paths(target);
        if (editor_levels.empty()) {
            targets.emplace_back(path, target);
        } else {
            for (const std::filesystem::path& level : editor_levels)
                targets.emplace_back((std::filesystem::path(path) / level.filename()).string(), level);
        }
    }
    for (const auto& [path, target] : targets) {
        qs::CheckedLevel checked = qs::check_level(target, qs::VisualPixels::digest_only);
        if (checked.level) {
            // Warnings do not change the outcome: the level plays, it may just be unfair or unfinishable.
            for (const std::string& warning : checked.level->warnings)
                std::fprintf(stderr, "%s\n", qs::printable(warning).c_str());
            for (const std::string& warning : qs::level_warnings(*checked.level, checked.entities, tuning))
                std::fprintf(stderr, "%s\n", qs::printable(warning).c_str());
            std::printf("%s: ok\n", qs::printable(path).c_str());
        } else {
            all_ok = false;
            for (const std::string& error : checked.errors)
                std::fprintf(stderr, "%s\n", qs::printable(error).c_str());
            std::printf("%s: broken (%zu error%s)\n", qs::printable(path).c_str(), checked.errors.size(),
                        checked.errors.size() == 1 ? "" : "s");
        }
    }
    return all_ok ? 0 : 1;
}

/// --new-level NAME WxH [--ldtk|--tiled]: writes the template folder and prints its path; for an editor
/// project, says on stderr which level it holds.
int new_level(const qs::CommandLine& line) {
    const std::string& name = line.new_level_name;
    const std::filesystem::path dir =
        line.options.levels_dirs.empty() ? qs::user_data_dir() / "levels" : line.options.levels_dirs.front();
    std::string error;
    if (!qs::create_level_template(dir / name, name, line.new_level_width, line.new_level_height, error,
                                   line.new_level_format)) {
        std::fprintf(stderr, "quickstep: %s\n", error.c_str());
        return 1;
    }
    std::printf("%s\n", (dir / name).string().c_str());
    if (line.new_level_format != qs::LevelTemplateFormat::png_folder) {
        const bool ldtk = line.new_level_format == qs::LevelTemplateFormat::ldtk;
        std::fprintf(stderr, "quickstep: level %s: open %s in %s\n",
                     qs::template_level_name(name, line.new_level_format).c_str(),
                     (dir / name / (name + (ldtk ? ".ldtk" : ".tmj"))).string().c_str(),
                     ldtk ? "LDtk" : "Tiled");
    }
    return 0;
}

/// --replay-to-script RUN.qsr OUT.txt: refused (exit 1, the reason named) when the script would not play
/// the run as recorded: a damaged replay, its level missing or changed, other tuning in assets/tuning.json,
/// or a run a script cannot express.
int replay_to_script(const qs::CommandLine& line) {
    std::string error;
    const std::optional<qs::Replay> replay = qs::read_replay_file(line.replay_file, error);
    const std::string file = qs::printable(line.replay_file);
    auto refuse = [&](const std::string& why) {
        std::fprintf(stderr, "quickstep: %s: %s\n", file.c_str(), why.c_str());
        return 1;
    };
    if (!replay) {
        std::fprintf(stderr, "quickstep: %s\n", error.c_str());
        return 1;
    }
    qs::LevelList levels(line.options.levels_dirs);
    levels.rescan();
    const qs::LevelListing* listing = levels.find(replay->level);
    if (!listing) return refuse("its level '" + qs::printable(replay->level) + "' is not installed");
    if (std::string mismatch = replay_mismatch(*replay, levels.check(listing->path), levels);
        !mismatch.empty())
        return refuse(mismatch);
    if (std::string problem = qs::replay_script_problem(*replay); !problem.empty()) return refuse(problem);
    // A script plays with assets/tuning.json, a replay with the tuning it carries.
    std::vector<std::string> problems;
    const qs::Tuning tuning = qs::load_tuning(qs::data_dir() / "assets/tuning.json", problems);
    if (qs::tuning_digest(tuning) != qs::tuning_digest(replay->tuning))
        return refuse("it was played with other tuning than assets/tuning.json, which a script plays with");
    const std::string script = qs::replay_to_script(*replay, qs::printable(replay->level));
    if (line.script_file == "-") {
        std::fwrite(script.data(), 1, script.size(), stdout);
        return 0;
    }
    if (!qs::write_file_atomically(line.script_file, std::vector<std::uint8_t>(script.begin(), script.end()),
                                   error)) {
        std::fprintf(stderr, "quickstep: %s\n", error.c_str());
        return 1;
    }
    return 0;
}

int list_levels(const qs::AppOptions& options) {
    const std::vector<qs::LevelListing> levels = qs::discover_levels(qs::level_dirs(options.levels_dirs));
    for (const qs::LevelListing& listing : levels) {
        // Escaped: a name or path with a tab, a newline or a terminal escape must not change the lines.
        std::printf("%s\t%s\t%s\t%s\n", qs::printable(listing.name).c_str(), listing.ok ? "ok" : "broken",
                    qs::printable(listing.path.string()).c_str(), qs::printable(listing.reason).c_str());
    }
    for (const auto& [later, earlier] : qs::shadowed_listings(levels)) {
        std::fprintf(
            stderr, "quickstep: %s: named '%s' like %s, which that name plays; play this one by its path\n",
            qs::printable(levels[later].path.string()).c_str(), qs::printable(levels[later].name).c_str(),
            qs::printable(levels[earlier].path.string()).c_str());
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    qs::keep_freed_memory_for_reuse();  // quickloads reuse the heap instead of faulting in fresh pages
    const qs::CommandLine line = qs::parse_command_line(std::vector<std::string>(argv + 1, argv + argc));
    using Command = qs::CommandLine::Command;
    switch (line.command) {
        case Command::usage_error:
            return usage_error(line.error);
        case Command::help:
            std::printf("%.*s", static_cast<int>(qs::usage_text().size()), qs::usage_text().data());
            return 0;
        case Command::version:
            std::printf("quickstep %s\n", QUICKSTEP_VERSION);
            return 0;
        case Command::level_guide:
            std::printf("%s", qs::level_guide_reference().c_str());
            return 0;
        case Command::check:
            return check_levels(line.check_paths, line.options);
        case Command::new_level:
            return new_level(line);
        case Command::list_levels:
            return list_levels(line.options);
        case Command::replay_to_script:
            return replay_to_script(line);
        case Command::pack:
        case Command::verify:
            // The proof plays headless, whatever the command line says.
            SDL_setenv("SDL_VIDEODRIVER", "dummy", 1);
            SDL_setenv("SDL_AUDIODRIVER", "dummy", 1);
            return line.command == Command::pack
                       ? qs::pack_level(line.pack_level, line.pack_out, line.options)
                       : qs::verify_package(line.verify_file);
        case Command::run:
            break;
    }
    if (line.options.headless) {
        SDL_setenv("SDL_VIDEODRIVER", "dummy", 1);
        SDL_setenv("SDL_AUDIODRIVER", "dummy", 1);
    }
    return qs::run_app(line.options);
}
