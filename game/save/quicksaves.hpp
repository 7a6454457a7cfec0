// Quicksaves: F5 keeps a ring of the newest saves in memory and writes each to the save dir in the
// background (quicksave-<sequence>.qss, atomically); F9 loads the newest, F8 steps back to older ones.
// Files that fail to load are reported by name and skipped, never overwritten or deleted.
#pragma once

#include <cstdint>
#include <deque>
#include <filesystem>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "engine/save_file.hpp"
#include "game/save/save_codec.hpp"

namespace qs {

/// Whether a save file decoded, for the file as it was (size, modification time).
struct QuickSaveVerdict {
    std::uintmax_t size = 0;
    std::filesystem::file_time_type modified;
    bool good = false;
};

class QuickSaves {
   public:
    /// `dir` is created on the first save. `ring_size` saves are kept in memory and on disk. Temp files
    /// left in `dir` by an interrupted save are removed (and named on stderr).
    explicit QuickSaves(std::filesystem::path dir, std::size_t ring_size = 5);
    ~QuickSaves();

    /// F5: keeps `save` (its sequence number is set here) in the ring and queues its disk write. The
    /// "quicksave:" line is printed once the file's size and `main_thread_ms` are both known: the whole
    /// main-thread cost of the F5, which the caller sets once its F5 work is done, this call included (a
    /// broken promise prints `ms_so_far`). Returns the slot number (1..ring size) for the toast.
    int keep(const std::shared_ptr<SavedGame>& save, std::shared_future<double> main_thread_ms,
             double ms_so_far);
    /// The same with the main-thread time already known.
    int keep(const std::shared_ptr<SavedGame>& save, double main_thread_ms) {
        std::promise<double> known;
        known.set_value(main_thread_ms);
        return keep(save, known.get_future().share(), main_thread_ms);
    }

    /// A save found for loading, and the messages about files skipped on the way.
    struct Found {
        std::shared_ptr<const SavedGame> save;  ///< null when none could be loaded
        std::vector<std::string> problems;
    };
    /// F9: the newest save that loads and that `usable` accepts (`usable` says why not in its message
    /// argument, e.g. the save's level changed; such a save is skipped with that message). Resets the F8
    /// cursor to it.
    Found newest(const std::function<bool(const SavedGame&, std::string&)>& usable);
    /// F8: the next older save than the last one returned; right after a new save (nothing returned since),
    /// the one before the newest usable save. A save `usable` refuses with an empty message is skipped
    /// silently (newest() too).
    Found older(const std::function<bool(const SavedGame&, std::string&)>& usable);

    /// Messages about disk writes that failed since the last call (the save stays in memory).
    std::vector<std::string> take_write_errors();
    /// Waits for queued disk writes.
    void flush() { writer_.flush(); }
    const std::filesystem::path& dir() const { return dir_; }

   private:
    struct Entry {
        std::uint64_t sequence = 0;
        std::filesystem::path path;
        std::shared_ptr<const SavedGame> save;  ///< in memory, or null (read from disk on demand)
    };
    std::vector<Entry> known_saves();  ///< memory ring + valid-looking files, newest first
    Found find_from(std::optional<std::uint64_t> below,
                    const std::function<bool(const SavedGame&, std::string&)>& usable);
    std::uint64_t next_sequence();

    std::filesystem::path dir_;
    std::size_t ring_size_;
    std::deque<Entry> memory_;  ///< newest first
    std::optional<std::uint64_t> cursor_;
    std::optional<std::uint64_t> last_sequence_;
    std::shared_ptr<std::mutex> errors_mutex_ = std::make_shared<std::mutex>();
    std::shared_ptr<std::vector<std::string>> write_errors_ = std::make_shared<std::vector<std::string>>();
    /// Which files decode (used by the background writer only).
    std::shared_ptr<std::map<std::string, QuickSaveVerdict>> verdicts_ =
        std::make_shared<std::map<std::string, QuickSaveVerdict>>();
    BackgroundWriter writer_;  ///< last member: its thread stops first
};

/// The file name of a quicksave: quicksave-<sequence>.qss.
std::filesystem::path quicksave_path(const std::filesystem::path& dir, std::uint64_t sequence);
/// The sequence number in a quicksave file name, if it is one.
std::optional<std::uint64_t> quicksave_sequence(const std::filesystem::path& file);

}  // namespace qs
