// Tests for qs::FolderWatcher: changes to a level folder's files are reported once, only after the writes
// have settled (debounce), with time passed in explicitly so nothing sleeps.
#include <doctest/doctest.h>

#include <unistd.h>

#include <chrono>
#include <fstream>
#include <string>

#include "engine/file_watch.hpp"

#include "tests/unit/scratch_dir.hpp"

namespace {

namespace fs = std::filesystem;

/// A scratch level folder (one .lvl, geometry/layer0.png), removed when the test ends.
class WatchedFolder {
   public:
    WatchedFolder() : scratch_("qs_watch_test"), path_(scratch_.path()) {
        write("level.lvl", "{}");
        write("geometry/layer0.png", "png bytes");
    }
    const fs::path& path() const { return path_; }

    /// Writes `bytes` to `relative` and gives it a fresh, distinct mtime (so coarse clocks do not hide it).
    void write(const std::string& relative, const std::string& bytes) {
        const fs::path file = path_ / relative;
        fs::create_directories(file.parent_path());
        std::ofstream(file, std::ios::binary) << bytes;
        fs::last_write_time(file, base_time_ + std::chrono::seconds(++writes_));
    }

   private:
    qs::test::ScratchDir scratch_;
    fs::path path_;
    fs::file_time_type base_time_ = fs::file_time_type::clock::now() - std::chrono::hours(1);
    int writes_ = 0;
};

/// Polls every frame (1/60 s) from `from` up to `to`; returns how many polls reported a change and the time
/// of the first report (or -1).
std::pair<int, double> poll_frames(qs::FolderWatcher& watcher, double from, double to) {
    int reports = 0;
    double first = -1;
    for (double t = from; t <= to; t += 1.0 / 60) {
        if (watcher.poll(t)) {
            if (reports++ == 0) first = t;
        }
    }
    return {reports, first};
}

}  // namespace

TEST_CASE("watch: nothing changed, nothing reported") {
    WatchedFolder folder;
    qs::FolderWatcher watcher;
    CHECK_FALSE(watcher.poll(0.0));  // not watching yet
    watcher.reset(folder.path(), 0.0);
    CHECK(watcher.watched_file_count() == 2);
    CHECK(poll_frames(watcher, 0.0, 5.0).first == 0);
    CHECK_FALSE(watcher.pending());
}

TEST_CASE("watch: a change is reported once, only after the debounce") {
    WatchedFolder folder;
    qs::FolderWatcher watcher;
    watcher.reset(folder.path(), 10.0);
    CHECK_FALSE(watcher.poll(10.05));

    folder.write("level.lvl", R"({"name": "changed"})");
    CHECK_FALSE(watcher.poll(10.2));  // seen, but still settling
    CHECK(watcher.pending());
    CHECK_FALSE(watcher.poll(10.35));
    CHECK_FALSE(watcher.poll(10.45));  // 0.25 s after the change
    CHECK(watcher.poll(10.55));        // 0.35 s quiet
    CHECK_FALSE(watcher.pending());
    CHECK(poll_frames(watcher, 10.6, 12.0).first == 0);  // once only
}

TEST_CASE("watch: a burst of writes is one report, after the last write") {
    WatchedFolder folder;
    qs::FolderWatcher watcher;
    watcher.reset(folder.path(), 0.0);
    int reports = 0;
    // An editor saving in pieces: a write every 0.15 s for 1.5 s, polled every frame.
    int writes = 0;
    double last_write = 0;
    for (double t = 0.0; t <= 1.5; t += 1.0 / 60) {
        if (t >= 0.15 * (writes + 1)) {
            folder.write("geometry/layer0.png", std::string(static_cast<std::size_t>(writes) + 1, 'x'));
            ++writes;
            last_write = t;
        }
        if (watcher.poll(t)) ++reports;
    }
    CHECK(writes >= 9);
    CHECK(reports == 0);
    const auto [after, first] = poll_frames(watcher, 1.5 + 1.0 / 60, 4.0);
    CHECK(after == 1);
    CHECK(first >= last_write + watcher.debounce);
    CHECK(first <= last_write + watcher.debounce + 2 * watcher.poll_interval + 0.05);
}

TEST_CASE("watch: the same size with a new mtime is a change") {
    WatchedFolder folder;
    qs::FolderWatcher watcher;
    watcher.reset(folder.path(), 0.0);
    folder.write("geometry/layer0.png", "png bytes");  // same bytes, later mtime
    CHECK(poll_frames(watcher, 0.0, 1.0).first == 1);
}

TEST_CASE("watch: layer files that appear or disappear count, other files do not") {
    WatchedFolder folder;
    qs::FolderWatcher watcher;
    watcher.reset(folder.path(), 0.0);

    folder.write("sprites/layer0.png", "sprites");
    auto [reports, first] = poll_frames(watcher, 0.0, 1.0);
    CHECK(reports == 1);
    CHECK(watcher.watched_file_count() == 3);

    folder.write("visuals/layer1.png", "a new visuals layer");
    CHECK(poll_frames(watcher, 1.0, 2.0).first == 1);

    fs::remove(folder.path() / "visuals/layer1.png");
    CHECK(poll_frames(watcher, 2.0, 3.0).first == 1);
    CHECK(watcher.watched_file_count() == 3);

    // Not level files: notes, the palette legend, editor backups.
    folder.write("notes.txt", "ideas");
    folder.write("palette.png", "legend");
    folder.write("geometry/layer0.png~", "backup");
    folder.write("geometry/layerx.png", "not a layer name");
    CHECK(poll_frames(watcher, 3.0, 4.0).first == 0);
}

TEST_CASE("watch: the disk is looked at no more often than the poll interval") {
    WatchedFolder folder;
    qs::FolderWatcher watcher;
    watcher.poll_interval = 0.5;
    watcher.debounce = 0.0;
    watcher.reset(folder.path(), 0.0);
    folder.write("level.lvl", "{ }");
    CHECK_FALSE(watcher.poll(0.2));  // too soon to look
    CHECK_FALSE(watcher.pending());
    CHECK_FALSE(watcher.poll(0.6));  // looks, sees the change
    CHECK(watcher.pending());
    CHECK_FALSE(watcher.poll(0.9));  // too soon to look again
    CHECK(watcher.poll(1.2));        // looks: quiet since 0.6
}

TEST_CASE("watch: reset takes a new baseline and drops a pending change") {
    WatchedFolder folder;
    qs::FolderWatcher watcher;
    watcher.reset(folder.path(), 0.0);
    folder.write("level.lvl", "{\"a\": 1}");
    CHECK_FALSE(watcher.poll(0.2));
    CHECK(watcher.pending());
    watcher.reset(folder.path(), 0.3);  // e.g. the game just reloaded the level itself
    CHECK_FALSE(watcher.pending());
    CHECK(poll_frames(watcher, 0.3, 2.0).first == 0);
}

TEST_CASE("watch: a folder that disappears is a change, a missing folder never throws") {
    WatchedFolder folder;
    qs::FolderWatcher watcher;
    watcher.reset(folder.path() / "no_such_folder", 0.0);
    CHECK(watcher.watched_file_count() == 0);
    CHECK(poll_frames(watcher, 0.0, 1.0).first == 0);

    watcher.reset(folder.path(), 1.0);
    fs::remove_all(folder.path());
    CHECK(poll_frames(watcher, 1.0, 2.0).first == 1);
    CHECK(watcher.watched_file_count() == 0);
}

TEST_CASE("watch: a level of an editor project watches the project's files, subfolders included") {
    qs::test::ScratchDir scratch("qs_watch_test");
    const fs::path project = scratch.path() / "proj";
    const auto write = [&](const std::string& relative, const std::string& bytes, int second) {
        const fs::path file = project / relative;
        fs::create_directories(file.parent_path());
        std::ofstream(file, std::ios::binary) << bytes;
        fs::last_write_time(
            file, fs::file_time_type::clock::now() - std::chrono::hours(1) + std::chrono::seconds(second));
    };
    write("p.ldtk", "{}", 1);
    write("p/Level_0.ldtkl", "{}", 2);
    write("tiles.png", "png", 3);
    write("notes.txt", "not read by the game", 4);
    qs::FolderWatcher watcher;
    watcher.reset(project / "Level_0", 0.0);  // names a level, not a folder on disk
    CHECK(watcher.watched_file_count() == 3);
    write("notes.txt", "changed", 5);
    CHECK(poll_frames(watcher, 0.0, 2.0).first == 0);
    write("p/Level_0.ldtkl", "{\"changed\": 1}", 6);
    CHECK(poll_frames(watcher, 2.0, 4.0).first == 1);
}

TEST_CASE("watch: a level folder beside an editor project stays a level folder when it disappears") {
    qs::test::ScratchDir scratch("qs_watch_test");
    const fs::path level = scratch.path() / "level";
    fs::create_directories(level / "geometry");
    std::ofstream(scratch.path() / "other.ldtk") << "{}";  // a project in the folder around the level
    std::ofstream(scratch.path() / "other.png") << "png";
    std::ofstream(level / "level.lvl") << "{}";
    std::ofstream(level / "geometry" / "layer0.png") << "png";
    qs::FolderWatcher watcher;
    watcher.reset(level, 0.0);
    CHECK(watcher.watched_file_count() == 2);
    fs::remove_all(level);
    CHECK(poll_frames(watcher, 0.0, 2.0).first == 1);
    CHECK(watcher.watched_file_count() == 0);  // not the project's files around it
    std::ofstream(scratch.path() / "other.ldtk") << "{\"changed\": 1}";
    CHECK(poll_frames(watcher, 2.0, 4.0).first == 0);
}

TEST_CASE("watch: a single file (a level package) is watched by itself") {
    WatchedFolder folder;
    folder.write("level.qslevel", "zip bytes");
    qs::FolderWatcher watcher;
    watcher.reset(folder.path() / "level.qslevel", 0.0);
    CHECK(watcher.watched_file_count() == 1);
    CHECK(poll_frames(watcher, 0.0, 2.0).first == 0);
    folder.write("level.lvl", "{\"name\": \"beside it\"}");  // other files do not count
    CHECK(poll_frames(watcher, 2.0, 4.0).first == 0);
    folder.write("level.qslevel", "new zip bytes");  // replaced
    const auto [reports, first] = poll_frames(watcher, 4.0, 6.0);
    CHECK(reports == 1);
    CHECK(first >= 4.3);
}
