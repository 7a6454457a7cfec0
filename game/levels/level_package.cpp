// Level packages: the manifest, the zip layout (engine/zip_archive) and unpacking into a scratch folder.
#include "game/levels/level_package.hpp"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <set>

#include <nlohmann/json.hpp>

#include "engine/json_file.hpp"
#include "engine/printable_text.hpp"
#include "engine/save_file.hpp"

namespace qs {

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr const char* kManifestName = "quickstep-package.json";
constexpr const char* kProofName = "proof.qsr";
constexpr std::string_view kLevelPrefix = "level/";
constexpr std::size_t kMaxManifestBytes = 64 * 1024;
constexpr int kMaxManifestDepth = 8;

std::string hex64(std::uint64_t value) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string text(16, '0');
    for (int digit = 0; digit < 16; ++digit) text[15 - digit] = kHex[(value >> (4 * digit)) & 0xf];
    return text;
}

std::optional<std::uint64_t> parse_hex64(const json& value) {
    if (!value.is_string()) return std::nullopt;
    const std::string& text = value.get_ref<const std::string&>();
    std::uint64_t number = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), number, 16);
    if (text.size() != 16 || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return number;
}

json play_json(const PlayIdentity& play) {
    return {{"geometry", hex64(play.geometry)},
            {"entities", hex64(play.entities)},
            {"rules", hex64(play.rules)},
            {"tuning", hex64(play.tuning)},
            {"sim_version", play.sim_version}};
}

/// The manifest's play identity, or a sentence saying what is wrong with it.
std::optional<PlayIdentity> parse_play(const json& value, std::string& problem) {
    if (!value.is_object()) {
        problem = "\"play\" must be an object";
        return std::nullopt;
    }
    PlayIdentity play;
    const std::pair<const char*, std::uint64_t*> digests[] = {{"geometry", &play.geometry},
                                                              {"entities", &play.entities},
                                                              {"rules", &play.rules},
                                                              {"tuning", &play.tuning}};
    for (const auto& [key, digest] : digests) {
        const auto it = value.find(key);
        const std::optional<std::uint64_t> parsed = it == value.end() ? std::nullopt : parse_hex64(*it);
        if (!parsed) {
            problem = std::string("\"play\".\"") + key + "\" must be 16 hex digits";
            return std::nullopt;
        }
        *digest = *parsed;
    }
    const auto version = value.find("sim_version");
    if (version == value.end() || !version->is_number_unsigned() ||
        version->get<std::uint64_t>() > 0xffffffffu) {
        problem = "\"play\".\"sim_version\" must be a whole number from 0 to 4294967295";
        return std::nullopt;
    }
    play.sim_version = version->get<std::uint32_t>();
    return play;
}

/// The level name of a manifest: one or two path components (a folder, or a folder and a level in it).
std::string level_name_problem(const std::string& level) {
    if (level.empty()) return "is empty";
    if (std::string problem = entry_name_problem(level, level_package_limits()); !problem.empty())
        return problem;
    if (level.back() == '/' || std::count(level.begin(), level.end(), '/') > 1)
        return "is not a level name (a folder, or a folder and a level in it)";
    return "";
}

/// The manifest: format first, so a newer package is named as such whatever else it holds.
bool read_manifest(const ArchiveEntry& entry, const std::string& shown, LevelPackage& package,
                   std::string& error) {
    const std::string where = shown + ": " + kManifestName;
    if (entry.bytes.size() > kMaxManifestBytes) {
        error = where + ": " + std::to_string(entry.bytes.size()) + " bytes, over the limit of " +
                std::to_string(kMaxManifestBytes);
        return false;
    }
    JsonLoad loaded = parse_json_text(
        std::string_view(reinterpret_cast<const char*>(entry.bytes.data()), entry.bytes.size()), where,
        kMaxManifestDepth);
    if (!loaded.value) {
        error = loaded.error;
        return false;
    }
    const json& manifest = *loaded.value;
    if (!manifest.is_object()) {
        error = where + ": must be a JSON object";
        return false;
    }
    const auto format = manifest.find("format");
    if (format == manifest.end() || !format->is_number_unsigned() || format->get<std::uint64_t>() < 1 ||
        format->get<std::uint64_t>() > 1000000) {
        error = where + ": \"format\" must be a whole number from 1 to 1000000";
        return false;
    }
    if (format->get<std::uint64_t>() > static_cast<std::uint64_t>(level_package_format)) {
        error = shown + ": made by a newer version of Quickstep (package format " +
                std::to_string(format->get<std::uint64_t>()) + "; this build reads up to " +
                std::to_string(level_package_format) + ")";
        return false;
    }
    const auto level = manifest.find("level");
    if (level == manifest.end() || !level->is_string()) {
        error = where + ": \"level\" must be the level's name (a string)";
        return false;
    }
    package.level = level->get<std::string>();
    if (std::string problem = level_name_problem(package.level); !problem.empty()) {
        error = where + ": \"level\" " + problem;
        return false;
    }
    const auto play = manifest.find("play");
    std::string problem = "\"play\" is missing";
    std::optional<PlayIdentity> parsed = play == manifest.end() ? std::nullopt : parse_play(*play, problem);
    if (!parsed) {
        error = where + ": " + problem;
        return false;
    }
    package.play = *parsed;
    if (const auto made_by = manifest.find("made_by"); made_by != manifest.end() && made_by->is_string())
        package.made_by = printable(made_by->get<std::string>().substr(0, 200));
    return true;
}

}  // namespace

ArchiveLimits level_package_limits() {
    return ArchiveLimits{};
}

bool is_level_package_path(const fs::path& path) {
    return path.extension() == level_package_extension;
}

std::optional<std::vector<std::uint8_t>> encode_level_package(const LevelPackage& package,
                                                              std::string& error) {
    const json manifest = {{"format", level_package_format},
                           {"level", package.level},
                           {"play", play_json(package.play)},
                           {"made_by", package.made_by}};
    const std::string text = manifest.dump(2) + "\n";
    std::vector<ArchiveEntry> entries;
    entries.push_back({kManifestName, std::vector<std::uint8_t>(text.begin(), text.end())});
    entries.push_back({kProofName, package.proof});
    for (const ArchiveEntry& file : package.files)
        entries.push_back({std::string(kLevelPrefix) + file.name, file.bytes});
    return make_zip(entries, error);
}

std::optional<LevelPackage> decode_level_package(const std::uint8_t* data, std::size_t size,
                                                 const std::string& display_name, std::string& error) {
    std::optional<std::vector<ArchiveEntry>> entries =
        read_zip(data, size, display_name, level_package_limits(), error);
    if (!entries) return std::nullopt;
    LevelPackage package;
    const ArchiveEntry* manifest = nullptr;
    const ArchiveEntry* proof = nullptr;
    for (ArchiveEntry& entry : *entries) {
        if (entry.name == kManifestName) {
            manifest = &entry;
        } else if (entry.name == kProofName) {
            proof = &entry;
        } else if (entry.name.starts_with(kLevelPrefix)) {
            package.files.push_back({entry.name.substr(kLevelPrefix.size()), std::move(entry.bytes)});
        } else {
            error = display_name + ": entry '" + printable(entry.name) +
                    "': not part of a level package (quickstep-package.json, proof.qsr and level/... are)";
            return std::nullopt;
        }
    }
    if (!manifest) {
        error = display_name + ": no " + kManifestName + " (not a level package, or a damaged one)";
        return std::nullopt;
    }
    if (!read_manifest(*manifest, display_name, package, error)) return std::nullopt;
    if (!proof) {
        error = display_name + ": no " + kProofName + " (the replay that proves the level can be finished)";
        return std::nullopt;
    }
    if (package.files.empty()) {
        error = display_name + ": no level files (nothing under level/)";
        return std::nullopt;
    }
    package.proof = proof->bytes;
    return package;
}

std::optional<LevelPackage> read_level_package(const fs::path& path, std::string& error) {
    const std::string shown = printable(path.string());
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) {
        error = shown + ": " + (fs::exists(path, ec) ? "not a regular file" : "no such file");
        return std::nullopt;
    }
    std::string read_error;
    const std::optional<std::vector<std::uint8_t>> bytes =
        read_whole_file(path, level_package_limits().max_archive_bytes, read_error);
    if (!bytes) {
        error = read_error;
        return std::nullopt;
    }
    return decode_level_package(bytes->data(), bytes->size(), shown, error);
}

UnpackedLevel::UnpackedLevel(const LevelPackage& package, std::string& error)
    : scratch_("quickstep-package-") {
    // The folder is the level name's first part (a level of a project folder is "folder/level").
    folder_ = package.level.substr(0, package.level.find('/'));
    level_ = package.level;
    if (!scratch_.ok()) {
        error = "cannot make a scratch folder to read the package in";
        return;
    }
    // Every name was checked (relative, no '..', no file that is also a folder), so each lands inside.
    for (const ArchiveEntry& file : package.files) {
        const fs::path path = folder() / fs::path(file.name);
        std::error_code ec;
        fs::create_directories(path.parent_path(), ec);
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(file.bytes.data()),
                  static_cast<std::streamsize>(file.bytes.size()));
        if (!out) {
            error = "cannot write '" + printable(file.name) + "' into the scratch folder " + root().string();
            return;
        }
    }
    ok_ = true;
}

}  // namespace qs
