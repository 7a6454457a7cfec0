// Quicksave ring, background disk writes, and newest-first loading that skips bad files.
#include "game/save/quicksaves.hpp"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <map>
#include <set>
#include <utility>

namespace qs {

namespace fs = std::filesystem;

namespace {

/// Larger files are refused unread (a real quicksave of 100 000 entities is a few MB).
constexpr std::uintmax_t max_save_file_bytes = 64u << 20;

/// Whether a save file decodes, remembered per file (name, size, modification time) so the ring does not
/// decode every file on every F5.
bool decodes_cached(const fs::path& path, std::map<std::string, QuickSaveVerdict>& cache) {
    std::error_code ec;
    QuickSaveVerdict now{fs::file_size(path, ec), {}, false};
    if (ec) return false;
    now.modified = fs::last_write_time(path, ec);
    if (ec) return false;
    auto found = cache.find(path.string());
    if (found != cache.end() && found->second.size == now.size && found->second.modified == now.modified)
        return found->second.good;
    std::string error;
    auto file = read_whole_file(path, max_save_file_bytes, error);
    now.good = file && decode_save_file(*file, error);
    cache[path.string()] = now;
    return now.good;
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

QuickSaves::QuickSaves(fs::path dir, std::size_t ring_size) : dir_(std::move(dir)), ring_size_(ring_size) {
    // Temp files of writes cut short by a crash or a kill: never a save, only clutter.
    for (const fs::path& removed : remove_abandoned_temp_files(
             dir_, [](const fs::path& file) { return quicksave_sequence(file).has_value(); })) {
        std::fprintf(stderr, "quickstep: removed %s, left by an interrupted quicksave\n", removed.c_str());
    }
}

QuickSaves::~QuickSaves() {
    writer_.flush();
}

std::uint64_t QuickSaves::next_sequence() {
    // Above every file name in the folder, so no file (good or not) is ever overwritten.
    std::uint64_t highest = last_sequence_.value_or(0);
    std::set<std::uint64_t> taken;
    std::error_code ec;
    for (fs::directory_iterator it(dir_, ec), end; !ec && it != end; it.increment(ec)) {
        if (auto sequence = quicksave_sequence(it->path())) {
            highest = std::max(highest, *sequence);
            taken.insert(*sequence);
        }
    }
    if (highest < max_save_sequence) {
        last_sequence_ = highest + 1;
    } else {
        // Junk named with the largest number: count on from our own newest save, around taken names.
        std::uint64_t next = memory_.empty() ? 1 : memory_.front().sequence + 1;
        while (taken.contains(next) && next < max_save_sequence) ++next;
        last_sequence_ = next;
    }
    return *last_sequence_;
}

int QuickSaves::keep(const std::shared_ptr<SavedGame>& save, std::shared_future<double> main_thread_ms,
                     double ms_so_far) {
    save->sequence = next_sequence();
    Entry entry{save->sequence, quicksave_path(dir_, save->sequence), save};
    memory_.push_front(entry);
    if (memory_.size() > ring_size_) memory_.pop_back();
    cursor_.reset();
    int slot = static_cast<int>((save->sequence - 1) % ring_size_) + 1;

    std::size_t ring = ring_size_;
    fs::path dir = dir_;
    writer_.submit([save, path = entry.path, ring, dir, main_thread_ms, ms_so_far,
                    entities = save->snapshot.entities.size(), errors_mutex = errors_mutex_,
                    write_errors = write_errors_, verdicts = verdicts_] {
        // The whole main-thread cost of the F5 is known once the session's quicksave() has returned.
        double ms = ms_so_far;
        try {
            ms = main_thread_ms.get();
        } catch (const std::future_error&) {  // the caller never said (a broken promise)
        }
        std::vector<std::uint8_t> bytes = encode_save_file(*save);
        std::string error;
        if (!write_file_atomically(path, bytes, error)) {
            std::fprintf(stderr, "quickstep: quicksave kept in memory only: %s\n", error.c_str());
            std::fprintf(stderr, "quicksave: %zu entities, in memory only (not written), %.3f ms\n", entities,
                         ms);
            std::lock_guard lock(*errors_mutex);
            write_errors->push_back("Quicksave kept in memory only: " + error);
            return;
        }
        std::fprintf(stderr, "quicksave: %zu entities, %zu bytes, %.3f ms\n", entities, bytes.size(), ms);
        // Keep the newest `ring` good saves; older good ones go. Files that do not decode are not part of
        // the ring: never counted, never deleted.
        std::vector<std::uint64_t> good;
        std::error_code ec;
        for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
            auto sequence = quicksave_sequence(it->path());
            if (sequence && it->is_regular_file(ec) && decodes_cached(it->path(), *verdicts))
                good.push_back(*sequence);
        }
        std::sort(good.rbegin(), good.rend());
        for (std::size_t i = ring; i < good.size(); ++i) {
            fs::path old = quicksave_path(dir, good[i]);
            fs::remove(old, ec);
            verdicts->erase(old.string());
        }
    });
    return slot;
}

std::vector<QuickSaves::Entry> QuickSaves::known_saves() {
    std::vector<Entry> entries(memory_.begin(), memory_.end());
    std::error_code ec;
    for (fs::directory_iterator it(dir_, ec), end; !ec && it != end; it.increment(ec)) {
        auto sequence = quicksave_sequence(it->path());
        if (!sequence) continue;
        bool in_memory = std::any_of(entries.begin(), entries.end(),
                                     [&](const Entry& e) { return e.sequence == *sequence; });
        if (!in_memory) entries.push_back({*sequence, it->path(), nullptr});
    }
    std::sort(entries.begin(), entries.end(),
              [](const Entry& a, const Entry& b) { return a.sequence > b.sequence; });
    return entries;
}

QuickSaves::Found QuickSaves::find_from(std::optional<std::uint64_t> below,
                                        const std::function<bool(const SavedGame&, std::string&)>& usable) {
    Found found;
    for (Entry& entry : known_saves()) {
        if (below && entry.sequence >= *below) continue;
        std::shared_ptr<const SavedGame> save = entry.save;
        std::string error;
        if (!save) {
            auto file = read_whole_file(entry.path, max_save_file_bytes, error);
            std::optional<SavedGame> decoded;
            if (file) decoded = decode_save_file(*file, error);
            if (!decoded) {
                found.problems.push_back(entry.path.string() + ": " + error + " - trying an older save");
                continue;
            }
            save = std::make_shared<const SavedGame>(std::move(*decoded));
        }
        if (!usable(*save, error)) {
            if (!error.empty())
                found.problems.push_back(entry.path.string() + ": " + error + " - trying an older save");
            continue;
        }
        cursor_ = entry.sequence;
        found.save = save;
        return found;
    }
    return found;
}

std::vector<std::string> QuickSaves::take_write_errors() {
    std::lock_guard lock(*errors_mutex_);
    return std::exchange(*write_errors_, {});
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
