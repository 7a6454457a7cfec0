// The level package commands (--pack, --verify) and the maker's clear shown in the level select.
#include "game/app/level_packages.hpp"

#include <cstdio>
#include <fstream>

#include "engine/printable_text.hpp"
#include "engine/save_file.hpp"
#include "engine/scratch_folder.hpp"
#include "game/app/level_list.hpp"
#include "game/app/run_records.hpp"
#include "game/view/hud.hpp"

namespace qs {

namespace fs = std::filesystem;

namespace {

/// The proof of a checked package, decoded and matched against its manifest; nullopt with `problem`.
std::optional<Replay> package_proof(const CheckedLevel& checked, std::string& problem) {
    if (!checked.package) {
        problem = "not a level package";
        return std::nullopt;
    }
    std::string error;
    std::optional<Replay> proof = decode_replay(checked.package->proof, error);
    if (!proof) {
        problem = "damaged: its proof.qsr: " + error;
        return std::nullopt;
    }
    if (proof->play != checked.package->play) {
        problem = "damaged: its manifest and its proof name different play identities";
        return std::nullopt;
    }
    return proof;
}

}  // namespace

std::string pack_checked_level(CheckedLevel checked, const std::optional<fs::path>& proof_file,
                               const fs::path& out, std::string& error) {
    const std::string shown_out = printable(out.string());
    const LevelData& data = *checked.level;
    const std::string shown_level = printable(data.folder_name);
    if (checked.package) {
        error = "quickstep: " + shown_level + ": a level package already: pack the level it came from";
        return {};
    }
    if (data.source_files.empty()) {
        error = "quickstep: " + shown_level +
                ": its loader does not say which files it read: it cannot be packed";
        return {};
    }

    // The proof: the file given, else the player's best run of the level (kept under its record key).
    const PlayIdentity layout = play_identity(checked.identity, Tuning{});
    const fs::path proof_path =
        proof_file.value_or(RunRecords::best_run_path(RunRecords::key_of(data, layout)));
    const std::string shown_proof = printable(proof_path.string());
    std::error_code ec;
    if (!proof_file && !fs::exists(proof_path, ec)) {
        error = "quickstep: " + shown_level + ": no --proof given and no best run of the level in " +
                printable(proof_path.parent_path().string()) +
                " (finish it in the game, or record a run with --record)";
        return {};
    }
    std::optional<std::vector<std::uint8_t>> proof_bytes =
        read_whole_file(proof_path, max_replay_file_bytes, error);
    std::optional<Replay> proof = proof_bytes ? decode_replay(*proof_bytes, error) : std::nullopt;
    if (!proof) {
        error = "quickstep: " + shown_proof + ": " + error;
        return {};
    }

    LevelPackage package;
    package.level = data.folder_name;
    package.play = proof->play;
    package.made_by = std::string("quickstep ") + QUICKSTEP_VERSION;
    package.proof = std::move(*proof_bytes);
    for (const fs::path& relative : data.source_files) {
        std::optional<std::vector<std::uint8_t>> bytes =
            read_whole_file(data.source_folder() / relative, level_package_limits().max_entry_bytes, error);
        if (!bytes) {
            error = "quickstep: " + error;
            return {};
        }
        package.files.push_back({relative.generic_string(), std::move(*bytes)});
    }
    std::optional<std::vector<std::uint8_t>> encoded = encode_level_package(package, error);
    if (!encoded) {
        error = "quickstep: " + shown_out + ": " + error;
        return {};
    }

    // The proof is played on the package as it will be written, read back like any package.
    ScratchFolder scratch("quickstep-pack-");
    const fs::path trial = scratch.path() / out.filename();
    {
        std::ofstream file(trial, std::ios::binary);
        file.write(reinterpret_cast<const char*>(encoded->data()),
                   static_cast<std::streamsize>(encoded->size()));
        if (!scratch.ok() || !file) {
            error = "quickstep: " + shown_out + ": cannot write a trial copy in a scratch folder";
            return {};
        }
    }
    CheckedLevel packed = check_level(trial, VisualPixels::digest_only);  // played headless, never drawn
    if (!packed.level) {
        error.clear();
        for (const std::string& line : packed.errors) {
            std::string shown = line;
            if (shown.starts_with(trial.string())) shown.replace(0, trial.string().size(), out.string());
            error += printable(shown) + "\n";
        }
        error += "quickstep: " + shown_out + " not written: the level does not load from the package";
        return {};
    }
    const ProofRun run = play_proof(std::move(packed), *proof, false);
    if (!run.finished) {
        error = "quickstep: " + shown_out + " not written: the proof " + shown_proof + " " + run.problem;
        return {};
    }
    std::error_code made;
    fs::create_directories(out.parent_path(), made);  // a missing folder is named by the write below
    if (!write_file_atomically(out, *encoded, error)) {
        error = "quickstep: " + error;
        return {};
    }
    return "packed: " + shown_out + ": " + shown_level + ", " + std::to_string(package.files.size()) +
           " files, " + std::to_string(encoded->size()) + " bytes, cleared at tick " +
           std::to_string(run.complete_tick) + " in " + format_time(run.level_ticks);
}

int pack_level(const std::string& level, const fs::path& out, const AppOptions& options) {
    LevelList levels(options.levels_dirs, VisualPixels::digest_only);
    levels.rescan();
    int exit_code = 0;
    std::optional<CheckedLevel> checked = levels.first_level(level, true, exit_code);
    if (!checked) return exit_code;
    std::string error;
    const std::string report = pack_checked_level(std::move(*checked), options.proof, out, error);
    if (report.empty()) {
        std::fprintf(stderr, "%s\n", error.c_str());
        return 1;
    }
    std::printf("%s\n", report.c_str());
    return 0;
}

int verify_package(const fs::path& file) {
    const std::string shown = printable(file.string());
    CheckedLevel checked = check_level(file, VisualPixels::digest_only);  // played headless, never drawn
    if (!checked.level) {
        for (const std::string& line : checked.errors) std::fprintf(stderr, "%s\n", printable(line).c_str());
        if (checked.package)
            std::fprintf(stderr, "quickstep: %s: the level in the package does not load\n", shown.c_str());
        return 1;
    }
    std::string problem;
    std::optional<Replay> proof = package_proof(checked, problem);
    if (!proof) {
        std::fprintf(stderr, "quickstep: %s: %s\n", shown.c_str(), problem.c_str());
        return 1;
    }
    const ProofRun run = play_proof(std::move(checked), std::move(*proof), true);
    if (!run.finished) {
        std::fprintf(stderr, "quickstep: %s: the proof %s\n", shown.c_str(), run.problem.c_str());
        return 1;
    }
    return 0;
}

std::optional<Replay> maker_proof(const CheckedLevel& checked, std::string& problem) {
    return package_proof(checked, problem);
}

std::optional<std::int64_t> maker_clear(const CheckedLevel& checked, std::string& problem) {
    std::optional<Replay> proof = package_proof(checked, problem);
    if (!proof) return std::nullopt;
    const ProofRun run = play_proof(checked, std::move(*proof), false);
    if (!run.finished) {
        problem = "the proof " + run.problem;
        return std::nullopt;
    }
    return run.level_ticks;
}

}  // namespace qs
