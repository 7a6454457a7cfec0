// Quicksave ring, background disk writes, and newest-first loading that skips bad files.
#include "game/save/quicksaves.hpp"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <map>
#include <set>
#include <utility>

#include "engine/heap_tuning.hpp"

namespace qs {

namespace fs = std::filesystem;

namespace {

/// A file's size and modification time (`good` left false); nothing when it cannot be read.
std::optional<QuickSaveVerdict> stamp_of(const fs::path& path) {
    std::error_code ec;
    QuickSaveVerdict now{fs::file_size(path, ec), {}, false};
    if (ec) return std::nullopt;
    now.modified = fs::last_write_time(path, ec);
    if (ec) return std::nullopt;
    return now;
}

/// Whether a save file decodes, remembered per file (name, size, modification time) so the ring does not
/// decode every file on every F5.
bool decodes_cached(const fs::path& path, std::map<std::string, QuickSaveVerdict>& cache) {
    std::optional<QuickSaveVerdict> now = stamp_of(path);
    if (!now) return false;
    auto found = cache.find(path.string());
    if (found != cache.end() && found->second.size == now->size && found->second.modified == now->modified)
        return found->second.good;
    std::string error;
    auto file = read_whole_file(path, max_quicksave_file_bytes, error);
    now->good = file && decode_save_file(*file, error);
    cache[path.string()] = *now;
    return now->good;
}

/// A save file read and decoded, keeping its bytes; null, with `error` saying why, when it does not load.
std::shared_ptr<const SavedGame> load_save_file(const fs::path& path, std::string& error) {
    auto file = read_whole_file(path, max_quicksave_file_bytes, error);
    std::optional<SavedGame> decoded;
    if (file) decoded = decode_save_file(*file, error);
    if (!decoded) return nullptr;
    decoded->file_bytes = std::make_shared<const std::vector<std::uint8_t>>(std::move(*file));
    return std::make_shared<const SavedGame>(std::move(*decoded));
}

/// The highest quicksave number in `dir` (0 when none).
std::uint64_t highest_in(const fs::path& dir) {
    std::uint64_t highest = 0;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        if (auto sequence = quicksave_sequence(it->path())) highest = std::max(highest, *sequence);
    }
    return highest;
}

/// Whether the reader takes `bytes` as a save; `error` says why not.
bool readable(const std::vector<std::uint8_t>& bytes, std::string& error) {
    if (bytes.size() > max_quicksave_file_bytes) {
        error = "it would be " + std::to_string(bytes.size()) + " bytes, over the limit of " +
                std::to_string(max_quicksave_file_bytes) + " bytes a save may have";
        return false;
    }
    if (!decode_save_file(bytes, error)) {
        error = "it would not load again (" + error + ")";
        return false;
    }
    return true;
}

}  // namespace

fs::path quicksave_path(const fs::path& dir, std::uint64_t sequence) {
    return dir / ("quicksave-" + std::to_string(sequence) + ".qss");
}

std::optional<std::uint64_t> quicksave_sequence(const fs::path& file) {
    std::string name = file.filename().string();
    const std::string prefix = "quicksave-", suffix = ".qss";
    if (name.size() <= prefix.size() + suffix.size() || name.compare(0, prefix.size(), prefix) != 0 ||
        name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0) {
        return std::nullopt;
    }
    std::string digits = name.substr(prefix.size(), name.size() - prefix.size() - suffix.size());
    if (digits.empty() || digits.size() > 18 || digits.find_first_not_of("0123456789") != std::string::npos) {
        return std::nullopt;
    }
    return std::stoull(digits);
}

bool has_quicksave_files(const fs::path& dir) {
    std::error_code ec;
    for (const fs::directory_entry& entry : fs::directory_iterator(dir, ec)) {
        if (quicksave_sequence(entry.path())) return true;
    }
    return false;
}

QuickSaves::QuickSaves(fs::path dir, std::size_t ring_size)
    : dir_(std::move(dir)), ring_size_(ring_size), queue_(std::make_shared<WriteQueue>()) {
    queue_->dir = dir_;
    queue_->ring_size = ring_size_;
    // Temp files of writes cut short by a crash or a kill: never a save, only clutter. Under the folder's
    // lock: another game's writer makes its temp file while it holds the lock, so none is taken for one.
    FolderLock folder_lock(dir_, quicksave_lock_name);
    for (const fs::path& removed : remove_abandoned_temp_files(
             dir_, [](const fs::path& file) { return quicksave_sequence(file).has_value(); })) {
        std::fprintf(stderr, "quickstep: removed %s, left by an interrupted quicksave\n", removed.c_str());
    }
    const std::uint64_t newest = highest_in(dir_);
    queue_->highest_seen.store(newest, std::memory_order_release);
    if (newest) {
        read_ahead_path_ = quicksave_path(dir_, newest);
        auto promise = std::make_shared<std::promise<ReadAhead>>();
        read_ahead_ = promise->get_future();
        writer_.submit([promise, path = read_ahead_path_] {
            ReadAhead ahead;
            if (std::optional<QuickSaveVerdict> stamp = stamp_of(path)) ahead.stamp = *stamp;
            ahead.save = load_save_file(path, ahead.error);
            promise->set_value(std::move(ahead));
        });
    }
}

QuickSaves::~QuickSaves() {
    writer_.flush();
}

std::uint64_t QuickSaves::next_sequence() {
    // Above every file name in the folder as the writer last saw it (the writer names the file above any
    // that appeared since, under the folder's lock), so no file (good or not) is ever overwritten.
    std::uint64_t highest =
        std::max(last_sequence_.value_or(0), queue_->highest_seen.load(std::memory_order_acquire));
    if (highest < max_save_sequence) {
        last_sequence_ = highest + 1;
        return *last_sequence_;
    }
    // Junk named with the largest number: count on from our own newest save, around taken names.
    std::set<std::uint64_t> taken;
    std::error_code ec;
    for (fs::directory_iterator it(dir_, ec), end; !ec && it != end; it.increment(ec)) {
        if (auto sequence = quicksave_sequence(it->path())) taken.insert(*sequence);
    }
    std::uint64_t next = memory_.empty() ? 1 : memory_.front().number() + 1;
    while (taken.contains(next) && next < max_save_sequence) ++next;
    last_sequence_ = next;
    return *last_sequence_;
}

int QuickSaves::keep(const std::shared_ptr<SavedGame>& save, std::shared_future<double> main_thread_ms,
                     double ms_so_far) {
    save->sequence = next_sequence();
    read_ahead_ = {};
    auto written_as = std::make_shared<std::atomic<std::uint64_t>>(0);
    memory_.push_front({save->sequence, save, written_as, {}});
    if (memory_.size() > ring_size_) memory_.pop_back();
    cursor_.reset();
    int slot = static_cast<int>((save->sequence - 1) % ring_size_) + 1;
    {
        std::lock_guard lock(queue_->mutex);
        queue_->pending.push_back({save->sequence, save, save->snapshot.entities.size(),
                                   std::move(main_thread_ms), ms_so_far, written_as});
        // Only the newest ring-size waiting saves will be kept on disk: older waiting ones let go of theirs.
        std::size_t newer = 0;
        for (auto it = queue_->pending.rbegin(); it != queue_->pending.rend(); ++it) {
            if (it->save && ++newer > ring_size_) it->save.reset();
        }
    }
    writer_.submit([queue = queue_] { write_next(*queue); });
    return slot;
}

std::size_t QuickSaves::saves_waiting() const {
    std::lock_guard lock(queue_->mutex);
    return static_cast<std::size_t>(std::count_if(queue_->pending.begin(), queue_->pending.end(),
                                                  [](const PendingWrite& p) { return p.save != nullptr; }));
}

void QuickSaves::write_next(WriteQueue& queue) {
    PendingWrite job;
    {
        std::lock_guard lock(queue.mutex);
        if (queue.pending.empty()) return;
        job = std::move(queue.pending.front());
        queue.pending.pop_front();
    }
    // The whole main-thread cost of the F5 is known once the session's quicksave() has returned.
    double ms = job.ms_so_far;
    try {
        ms = job.main_thread_ms.get();
    } catch (const std::future_error&) {  // the caller never said (a broken promise)
    }
    auto in_memory_only = [&](const std::string& error) {
        std::fprintf(stderr, "quickstep: quicksave kept in memory only: %s\n", error.c_str());
        std::fprintf(stderr, "quicksave: %zu entities, in memory only (not written), %.3f ms\n", job.entities,
                     ms);
        std::lock_guard lock(queue.mutex);
        queue.messages.push_back("Quicksave kept in memory only: " + error);
    };
    if (!job.save) {
        std::fprintf(stderr, "quicksave: %zu entities, not written (newer saves replaced it), %.3f ms\n",
                     job.entities, ms);
        return;
    }
    std::vector<std::uint8_t> bytes = encode_save_file(*job.save);
    job.save.reset();  // the bytes are all the write needs
    std::string error;
    if (!readable(bytes, error)) {
        in_memory_only("not written: " + error);
        return;
    }
    const fs::path& dir = queue.dir;
    std::error_code ec;
    const bool folder_was_there = fs::is_directory(dir, ec);
    if (!folder_was_there) fs::create_directories(dir, ec);  // write_file_atomically says why it failed
    if (!folder_was_there && !ec && queue.wrote_before) {
        std::string message = "The save folder " + dir.string() + " was gone: made it again";
        std::fprintf(stderr, "quickstep: %s\n", message.c_str());
        std::lock_guard lock(queue.mutex);
        queue.messages.push_back(message);
    }
    // Other processes saving into this folder wait while this one names and writes its file.
    FolderLock folder_lock(dir, quicksave_lock_name);
    // Above every file in the folder (another process may have saved meanwhile), unless junk holds the
    // largest number: then from the number keep() gave, around taken names.
    const std::uint64_t highest = highest_in(dir);
    std::uint64_t number = highest < max_save_sequence ? std::max(job.sequence, highest + 1) : job.sequence;
    bool written = false, name_taken = true;
    for (int attempt = 0; attempt < 100 && name_taken && number <= max_save_sequence; ++attempt, ++number) {
        written =
            write_file_atomically(quicksave_path(dir, number), bytes, error, ExistingFile::keep, &name_taken);
        if (written) break;
    }
    if (!written) {
        in_memory_only(error);
        return;
    }
    queue.wrote_before = true;
    job.written_as->store(number);
    queue.highest_seen.store(std::max(highest, number), std::memory_order_release);
    const fs::path path = quicksave_path(dir, number);
    if (auto modified = fs::last_write_time(path, ec); !ec)
        queue.verdicts[path.string()] = {bytes.size(), modified, true};
    std::fprintf(stderr, "quicksave: %zu entities, %zu bytes, %.3f ms\n", job.entities, bytes.size(), ms);
    // Keep the newest `ring` good saves; older good ones go. Files that do not decode are not part of
    // the ring: never counted, never deleted.
    std::vector<std::uint64_t> good;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        auto sequence = quicksave_sequence(it->path());
        if (sequence && it->is_regular_file(ec) && decodes_cached(it->path(), queue.verdicts))
            good.push_back(*sequence);
    }
    std::sort(good.rbegin(), good.rend());
    for (std::size_t i = queue.ring_size; i < good.size(); ++i) {
        fs::path old = quicksave_path(dir, good[i]);
        fs::remove(old, ec);
        queue.verdicts.erase(old.string());
    }
    // Saves come and go on three threads (the game's, this one, the save pool's helper): the heap keeps
    // what they free, spread over three arenas, so without this a long session's memory creeps up.
    const auto now = std::chrono::steady_clock::now();
    if (now - queue.gave_back >= std::chrono::seconds(2)) {
        queue.gave_back = now;
        give_back_free_memory();
    }
}

std::vector<QuickSaves::Entry> QuickSaves::known_saves() {
    std::vector<Entry> entries(memory_.begin(), memory_.end());
    std::error_code ec;
    for (fs::directory_iterator it(dir_, ec), end; !ec && it != end; it.increment(ec)) {
        auto sequence = quicksave_sequence(it->path());
        if (!sequence) continue;
        bool in_memory = std::any_of(entries.begin(), entries.end(),
                                     [&](const Entry& e) { return e.number() == *sequence; });
        if (!in_memory) entries.push_back({*sequence, nullptr, nullptr, it->path()});
    }
    std::sort(entries.begin(), entries.end(),
              [](const Entry& a, const Entry& b) { return a.number() > b.number(); });
    return entries;
}

QuickSaves::Found QuickSaves::find_from(std::optional<std::uint64_t> below,
                                        const std::function<bool(const SavedGame&, std::string&)>& usable) {
    Found found;
    for (Entry& entry : known_saves()) {
        if (below && entry.number() >= *below) continue;
        if (entry.path.empty()) entry.path = quicksave_path(dir_, entry.number());
        std::shared_ptr<const SavedGame> save = entry.save;
        std::string error;
        if (!save) {
            if (std::optional<ReadAhead> ahead = take_read_ahead(entry.path)) {
                save = std::move(ahead->save);
                error = std::move(ahead->error);
            } else {
                ++files_read_by_searches_;
                save = load_save_file(entry.path, error);
            }
            if (!save) {
                found.problems.push_back(entry.path.string() + ": " + error + " - trying an older save");
                continue;
            }
        }
        if (!usable(*save, error)) {
            if (!error.empty())
                found.problems.push_back(entry.path.string() + ": " + error + " - trying an older save");
            continue;
        }
        cursor_ = entry.number();
        found.save = save;
        return found;
    }
    return found;
}

std::optional<QuickSaves::ReadAhead> QuickSaves::take_read_ahead(const fs::path& path) {
    if (!read_ahead_.valid() || path != read_ahead_path_) return std::nullopt;
    ReadAhead ahead = read_ahead_.get();
    std::optional<QuickSaveVerdict> now = stamp_of(path);
    if (!now || now->size != ahead.stamp.size || now->modified != ahead.stamp.modified) return std::nullopt;
    return ahead;
}

std::vector<std::string> QuickSaves::take_write_errors() {
    std::lock_guard lock(queue_->mutex);
    return std::exchange(queue_->messages, {});
}

QuickSaves::Found QuickSaves::newest(const std::function<bool(const SavedGame&, std::string&)>& usable) {
    return find_from(std::nullopt, usable);
}

QuickSaves::Found QuickSaves::older(const std::function<bool(const SavedGame&, std::string&)>& usable) {
    if (!cursor_) {
        // The first F8 after playing: the save before the newest one (the newest is what F9 gives).
        Found newest_found = newest(usable);
        if (!newest_found.save) return newest_found;
        Found found = find_from(cursor_, usable);
        found.problems.insert(found.problems.begin(), newest_found.problems.begin(),
                              newest_found.problems.end());
        return found;
    }
    return find_from(cursor_, usable);
}

}  // namespace qs
