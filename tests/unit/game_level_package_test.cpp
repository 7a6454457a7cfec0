// Level packages: a shipped level packed and read back is the same level (the same play and look
// identities), a package in a levels folder is listed by its level's name, loading one leaves nothing behind,
// and a damaged or hostile package is refused with a message naming the package and what is wrong.
#include <doctest/doctest.h>

#include <stdlib.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>

#include "engine/save_file.hpp"
#include "game/app/level_list.hpp"
#include "game/app/level_packages.hpp"
#include "game/levels/level_catalog.hpp"
#include "game/levels/level_package.hpp"
#include "game_shipped_levels.hpp"
#include "scratch_dir.hpp"

namespace {

namespace fs = std::filesystem;

/// A package of `checked` (a folder level) with `proof` as its proof bytes.
qs::LevelPackage package_of(const qs::CheckedLevel& checked, std::vector<std::uint8_t> proof = {1, 2, 3}) {
    qs::LevelPackage package;
    package.level = checked.level->folder_name;
    package.play = qs::play_identity(checked.identity, qs::Tuning{});
    package.made_by = "test";
    package.proof = std::move(proof);
    for (const fs::path& relative : checked.level->source_files) {
        std::string error;
        auto bytes = qs::read_whole_file(checked.level->folder / relative, 1 << 24, error);
        REQUIRE_MESSAGE(bytes, error);
        package.files.push_back({relative.generic_string(), std::move(*bytes)});
    }
    return package;
}

void write_file(const fs::path& path, const std::vector<std::uint8_t>& bytes) {
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    REQUIRE(out);
}

std::vector<std::uint8_t> encoded(const qs::LevelPackage& package) {
    std::string error;
    auto bytes = qs::encode_level_package(package, error);
    REQUIRE_MESSAGE(bytes, error);
    return *bytes;
}

/// The error decoding `bytes` gives (the test fails when it decodes).
std::string refusal(const std::vector<std::uint8_t>& bytes) {
    std::string error;
    CHECK_FALSE(qs::decode_level_package(bytes.data(), bytes.size(), "p.qslevel", error));
    CHECK(error.starts_with("p.qslevel: "));
    return error;
}

std::vector<std::uint8_t> zip_of(const std::vector<qs::ArchiveEntry>& entries) {
    std::string error;
    auto bytes = qs::make_zip(entries, error);
    REQUIRE_MESSAGE(bytes, error);
    return *bytes;
}

std::vector<std::uint8_t> text(const std::string& s) {
    return {s.begin(), s.end()};
}

const std::string kPlay =
    R"("play": {"geometry": "0000000000000001", "entities": "0000000000000002", "rules": "0000000000000003",
                "tuning": "0000000000000004", "sim_version": 1})";

/// Sets TMPDIR (where scratch folders are made) for the test's lifetime.
class TempDirOverride {
   public:
    explicit TempDirOverride(const fs::path& dir) {
        if (const char* old = getenv("TMPDIR")) old_ = old;
        setenv("TMPDIR", dir.c_str(), 1);
    }
    ~TempDirOverride() {
        if (old_.empty())
            unsetenv("TMPDIR");
        else
            setenv("TMPDIR", old_.c_str(), 1);
    }

   private:
    std::string old_;
};

}  // namespace

TEST_CASE("level package: every shipped level round trips to the same level, named after it") {
    qs::test::ScratchDir scratch("qs_package_test");
    qs::test::for_each_shipped_level([&](const qs::CheckedLevel& folder) {
        const qs::LevelPackage package = package_of(folder);
        CHECK(package.files.size() >= 3);  // the .lvl, geometry and sprites at least
        const fs::path file = scratch.path() / (folder.level->folder_name + ".qslevel");
        write_file(file, encoded(package));

        std::string error;
        const auto read = qs::read_level_package(file, error);
        REQUIRE_MESSAGE(read, error);
        CHECK(read->level == package.level);
        CHECK(read->play == package.play);
        CHECK(read->proof == package.proof);
        REQUIRE(read->files.size() == package.files.size());
        for (std::size_t i = 0; i < package.files.size(); ++i) {
            CHECK(read->files[i].name == package.files[i].name);
            CHECK(read->files[i].bytes == package.files[i].bytes);
        }

        const qs::CheckedLevel packed = qs::check_level(file);
        REQUIRE(packed.level);
        CHECK(packed.identity == folder.identity);  // play and look alike
        CHECK(packed.level->folder_name == folder.level->folder_name);
        CHECK(packed.level->folder == file);
        REQUIRE(packed.package);
        CHECK(packed.package->files.empty());  // the level holds them
        CHECK(packed.package->proof == package.proof);
    });
}

TEST_CASE("level package: loading one writes nothing outside a scratch folder, which is removed") {
    qs::test::ScratchDir scratch("qs_package_test");
    const fs::path temp = scratch.path() / "tmp";
    fs::create_directories(temp);
    qs::CheckedLevel folder = qs::check_level(std::string(QUICKSTEP_SOURCE_DIR) + "/levels/01_first_steps");
    REQUIRE(folder.level);
    const fs::path file = scratch.path() / "levels" / "first.qslevel";
    fs::create_directories(file.parent_path());
    write_file(file, encoded(package_of(folder)));
    {
        TempDirOverride override_tmp(temp);
        CHECK(qs::check_level(file).level);
        const std::vector<qs::LevelListing> listed = qs::discover_levels({file.parent_path()});
        REQUIRE(listed.size() == 1);
        CHECK(listed[0].ok);
        CHECK(listed[0].package);
        CHECK(listed[0].name == "01_first_steps");
        qs::LevelVerdicts verdicts;
        const std::vector<qs::LevelListing> scanned = qs::discover_levels({file.parent_path()}, verdicts);
        REQUIRE(scanned.size() == 1);
        CHECK(scanned[0].ok);
        CHECK(scanned[0].name == "01_first_steps");
        CHECK(scanned[0].title == listed[0].title);
    }
    CHECK(fs::is_empty(temp));
    std::vector<fs::path> beside;
    for (const auto& entry : fs::directory_iterator(file.parent_path())) beside.push_back(entry.path());
    CHECK(beside == std::vector<fs::path>{file});
}

TEST_CASE(
    "level package: a broken level inside is listed with messages naming the package, not a scratch path") {
    qs::test::ScratchDir scratch("qs_package_test");
    qs::CheckedLevel folder = qs::check_level(std::string(QUICKSTEP_SOURCE_DIR) + "/levels/01_first_steps");
    REQUIRE(folder.level);
    qs::LevelPackage package = package_of(folder);
    for (qs::ArchiveEntry& entry : package.files) {
        if (entry.name.ends_with(".lvl")) entry.bytes = text("{\"obj_colors\": 3}");
    }
    const fs::path file = scratch.path() / "broken.qslevel";
    write_file(file, encoded(package));
    const qs::CheckedLevel checked = qs::check_level(file);
    CHECK_FALSE(checked.level);
    REQUIRE_FALSE(checked.errors.empty());
    CHECK(checked.errors[0].starts_with(file.string() + "/"));
    CHECK(checked.errors[0].find("obj_colors") != std::string::npos);
    const std::vector<qs::LevelListing> listed = qs::discover_levels({scratch.path()});
    REQUIRE(listed.size() == 1);
    CHECK_FALSE(listed[0].ok);
    CHECK(listed[0].name == "01_first_steps");
    CHECK(listed[0].reason == checked.errors[0]);
}

TEST_CASE("level package: a damaged or hostile package is refused naming the package and the reason") {
    const std::string manifest = "{\"format\": 1, \"level\": \"lvl\", " + kPlay + "}";
    const auto good = zip_of({{"quickstep-package.json", text(manifest)},
                              {"proof.qsr", text("proof")},
                              {"level/a.lvl", text("{}")}});
    std::string error;
    REQUIRE_MESSAGE(qs::decode_level_package(good.data(), good.size(), "p.qslevel", error), error);

    CHECK(refusal(zip_of({{"quickstep-package.json", text("{\"format\": 2, \"level\": \"lvl\"}")},
                          {"proof.qsr", text("proof")},
                          {"level/a.lvl", text("{}")}})) ==
          "p.qslevel: made by a newer version of Quickstep (package format 2; this build reads up to 1)");
    CHECK(refusal(zip_of({{"proof.qsr", text("proof")}, {"level/a.lvl", text("{}")}}))
              .find("no quickstep-package.json") != std::string::npos);
    CHECK(refusal(zip_of({{"quickstep-package.json", text(manifest)}, {"level/a.lvl", text("{}")}}))
              .find("no proof.qsr") != std::string::npos);
    CHECK(refusal(zip_of({{"quickstep-package.json", text(manifest)}, {"proof.qsr", text("p")}}))
              .find("no level files") != std::string::npos);
    CHECK(refusal(zip_of({{"quickstep-package.json", text(manifest)},
                          {"proof.qsr", text("p")},
                          {"level/a.lvl", text("{}")},
                          {"run.sh", text("rm -rf ~")}})) ==
          "p.qslevel: entry 'run.sh': not part of a level package (quickstep-package.json, proof.qsr and "
          "level/... "
          "are)");
    const std::pair<std::string, std::string> manifests[] = {
        {"[1]", "must be a JSON object"},
        {"{\"format\": \"1\"}", "\"format\" must be a whole number"},
        {"{\"format\": 1, \"level\": \"../x\", " + kPlay + "}", "\"level\" leaves the archive"},
        {"{\"format\": 1, \"level\": \"a/b/c\", " + kPlay + "}", "\"level\" is not a level name"},
        {"{\"format\": 1, \"level\": 5, " + kPlay + "}", "\"level\" must be the level's name"},
        {"{\"format\": 1, \"level\": \"lvl\"}", "\"play\" is missing"},
        {"{\"format\": 1, \"level\": \"lvl\", \"play\": {\"geometry\": \"12\"}}",
         "\"play\".\"geometry\" must be 16 hex"},
        {"{\"format\": 1, \"level\": \"lvl\", \"play\": " + std::string(100, '[') + "}",
         "quickstep-package.json: "},
    };
    for (const auto& one_case : manifests) {
        const std::string& text_of_manifest = one_case.first;
        const std::string& problem = one_case.second;
        CAPTURE(text_of_manifest);
        const std::string refused = refusal(zip_of({{"quickstep-package.json", text(text_of_manifest)},
                                                    {"proof.qsr", text("p")},
                                                    {"level/a.lvl", text("{}")}}));
        CHECK(refused.find(problem) != std::string::npos);
    }
    std::string missing_error;
    CHECK_FALSE(qs::read_level_package("/nonexistent/p.qslevel", missing_error));
    CHECK(missing_error == "/nonexistent/p.qslevel: no such file");
}

TEST_CASE("level package: a proof that is not a replay is damaged; the maker's clear needs a package") {
    qs::test::ScratchDir scratch("qs_package_test");
    qs::CheckedLevel folder = qs::check_level(std::string(QUICKSTEP_SOURCE_DIR) + "/levels/01_first_steps");
    REQUIRE(folder.level);
    const fs::path file = scratch.path() / "p.qslevel";
    write_file(file, encoded(package_of(folder, text("not a replay"))));
    const qs::CheckedLevel checked = qs::check_level(file);
    REQUIRE(checked.level);
    std::string problem;
    CHECK_FALSE(qs::maker_clear(checked, problem));
    CHECK(problem.starts_with("damaged: its proof.qsr: "));
    CHECK_FALSE(qs::maker_clear(folder, problem));
    CHECK(problem == "not a level package");
}

TEST_CASE("level package: the level select's list marks a package whose proof plays to the goal") {
    qs::test::ScratchDir scratch("qs_package_test");
    const std::string level = "01_first_steps";
    const fs::path shipped = fs::path(QUICKSTEP_SOURCE_DIR) / "levels" / level;
    // The solution recorded as a replay, as --record writes it; and a run of it cut short.
    const auto record = [&](const fs::path& file, std::optional<std::int64_t> frames) {
        qs::AppOptions options;
        options.level = shipped.string();
        options.headless = true;
        options.input = shipped / "solution.txt";
        options.record = file;
        options.frames = frames;
        options.save_dir = scratch.path() / "saves";
        REQUIRE(qs::run_app(options) == 0);
    };
    record(scratch.path() / "proof.qsr", std::nullopt);
    record(scratch.path() / "short.qsr", 200);

    const fs::path levels = scratch.path() / "levels";
    fs::create_directories(levels);
    qs::AppOptions pack_options;
    pack_options.proof = scratch.path() / "proof.qsr";
    REQUIRE(qs::pack_level(shipped.string(), levels / "good.qslevel", pack_options) == 0);
    pack_options.proof = scratch.path() / "short.qsr";
    CHECK(qs::pack_level(shipped.string(), levels / "short.qslevel", pack_options) == 1);
    CHECK_FALSE(fs::exists(levels / "short.qslevel"));

    // A package whose proof is the short run (written as --pack would, without its check).
    const qs::CheckedLevel folder = qs::check_level(shipped);
    REQUIRE(folder.level);
    std::string error;
    auto short_bytes = qs::read_whole_file(scratch.path() / "short.qsr", 1 << 20, error);
    REQUIRE(short_bytes);
    qs::LevelPackage unfinished = package_of(folder, *short_bytes);
    unfinished.play = qs::decode_replay(*short_bytes, error)->play;
    write_file(levels / "unfinished.qslevel", encoded(unfinished));

    qs::LevelList list({levels});
    list.rescan();
    list.verify_packages();
    const qs::LevelListing* good = nullptr;
    const qs::LevelListing* bad = nullptr;
    for (const qs::LevelListing& listing : list.listings()) {
        if (listing.path == levels / "good.qslevel") good = &listing;
        if (listing.path == levels / "unfinished.qslevel") bad = &listing;
    }
    REQUIRE(good);
    REQUIRE(bad);
    CHECK(good->ok);
    CHECK(good->name == level);
    CHECK(good->maker_ticks > 0);
    CHECK(good->maker_problem.empty());
    CHECK(bad->ok);  // a level that plays; its maker's clear does not
    CHECK(bad->maker_ticks == -1);
    CHECK(bad->maker_problem.find("does not reach the goal: its run ends at tick 200") != std::string::npos);
    // Kept while the files are unchanged; played again when one is replaced.
    const std::int64_t ticks = good->maker_ticks;
    list.rescan();
    for (const qs::LevelListing& listing : list.listings()) {
        if (listing.path == levels / "good.qslevel") CHECK(listing.maker_ticks == ticks);
    }
    fs::copy_file(levels / "unfinished.qslevel", levels / "good.qslevel",
                  fs::copy_options::overwrite_existing);
    fs::last_write_time(levels / "good.qslevel", fs::file_time_type::clock::now() + std::chrono::seconds(5));
    list.rescan();
    list.verify_packages();
    for (const qs::LevelListing& listing : list.listings()) {
        if (listing.path == levels / "good.qslevel") CHECK(listing.maker_ticks == -1);
    }
}
