// Quicksaves: F5 keeps a ring of the newest saves in memory and writes each to the save dir in the
// background (quicksave-<sequence>.qss, atomically); F9 loads the newest, F8 steps back to older ones.
// Files that fail to load are reported by name and skipped, never overwritten or deleted. The newest file
// found when the saves are opened is read and decoded in the background right away, so the first F9 after
// a restart does not wait for the disk; it is used only while the file is unchanged (size, modification
// time), and otherwise read again.
//
// Bounded: the memory ring holds `ring_size` saves; of the saves waiting for their disk write only the
// newest `ring_size` are kept (an older one would be pruned as soon as the newer ones are written, so it is
// dropped unwritten and its report line says so): at most ring_size + 1 saves wait or are being written,
// however fast F5 is pressed. A save the reader would refuse (over max_quicksave_file_bytes, or a body the
// decoder does not take) is never written: it stays in memory and the player is told.
//
// Several processes may share a save dir: the writer takes the folder's lock file (.quicksave-lock) for
// each write, numbers the file above every file in the folder, and never replaces an existing file; when
// another process took the number meanwhile, the save is written under the next free one.
#pragma once

#include <atomic>
#include <chrono>
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

/// Larger save files are refused unread, and never written (a real quicksave of 100 000 entities is a few
/// MB).
inline constexpr std::uintmax_t max_quicksave_file_bytes = 64u << 20;
/// The lock file in a save dir that writers (of any process) hold while they name and write a save.
inline constexpr const char* quicksave_lock_name = ".quicksave-lock";

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
    /// broken promise prints `ms_so_far`). A save dropped unwritten because ring-size newer saves were
    /// waiting behind it prints `quicksave: N entities, not written (newer saves replaced it), T ms`.
    /// Returns the slot number (1..ring size) for the toast.
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

    /// Messages about disk writes that failed since the last call (the save stays in memory), and about the
    /// save dir (made again after it was deleted).
    std::vector<std::string> take_write_errors();
    /// Waits for queued disk writes.
    void flush() { writer_.flush(); }
    const std::filesystem::path& dir() const { return dir_; }
    /// Whether there is a save F9 could look at: one in memory, or a save file in the save dir (named like
    /// one; not read).
    bool any_known() { return !known_saves().empty(); }
    /// For tests: saves held by writes not started yet (at most the ring size).
    std::size_t saves_waiting() const;
    /// For tests: save files the searches of F9 and F8 read from disk themselves (the read-ahead's file
    /// not counted).
    std::size_t files_read_by_searches() const { return files_read_by_searches_; }

   private:
    struct Entry {
        std::uint64_t sequence = 0;             ///< the number keep() gave it
        std::shared_ptr<const SavedGame> save;  ///< in memory, or null (read from disk on demand)
        /// The number of its file once written (another process may have taken `sequence`); 0 before.
        std::shared_ptr<std::atomic<std::uint64_t>> written_as;
        std::filesystem::path path;  ///< its file (files found on disk)
        std::uint64_t number() const {
            std::uint64_t file = written_as ? written_as->load() : 0;
            return file ? file : sequence;
        }
    };
    /// A disk write waiting for the writer's thread: the save is dropped (null) once ring-size newer saves
    /// wait behind it.
    struct PendingWrite {
        std::uint64_t sequence = 0;
        std::shared_ptr<const SavedGame> save;
        std::size_t entities = 0;
        std::shared_future<double> main_thread_ms;
        double ms_so_far = 0;
        std::shared_ptr<std::atomic<std::uint64_t>> written_as;
    };
    /// What the writer's thread shares with the game's.
    struct WriteQueue {
        std::filesystem::path dir;
        std::size_t ring_size = 5;
        mutable std::mutex mutex;
        std::deque<PendingWrite> pending;  ///< oldest first
        std::vector<std::string> messages;
        bool wrote_before = false;  ///< the writer's thread only
        /// The highest save number the folder held when last looked at (the opening, each write), so that
        /// keep() numbers a save without listing the folder on the game's thread.
        std::atomic<std::uint64_t> highest_seen{0};
        /// When the writer last gave free memory back (the writer's thread only).
        std::chrono::steady_clock::time_point gave_back{};
        /// Which files decode (the writer's thread only).
        std::map<std::string, QuickSaveVerdict> verdicts;
    };
    static void write_next(WriteQueue& queue);

    /// The newest save file in the folder when the saves were opened, read and decoded on the writer's
    /// thread, so that the first F9 after a restart waits for neither the disk nor the decoder.
    struct ReadAhead {
        QuickSaveVerdict stamp;                 ///< the file's size and modification time before the read
        std::shared_ptr<const SavedGame> save;  ///< null when it did not load
        std::string error;                      ///< then why not
    };
    /// The read-ahead of `path` when it is of that file and the file is unchanged since; it is taken (at
    /// most once), and waited for when the writer's thread is still reading it.
    std::optional<ReadAhead> take_read_ahead(const std::filesystem::path& path);

    std::vector<Entry> known_saves();  ///< memory ring + valid-looking files, newest first
    Found find_from(std::optional<std::uint64_t> below,
                    const std::function<bool(const SavedGame&, std::string&)>& usable);
    std::uint64_t next_sequence();

    std::filesystem::path dir_;
    std::size_t ring_size_;
    std::deque<Entry> memory_;  ///< newest first
    std::optional<std::uint64_t> cursor_;
    std::optional<std::uint64_t> last_sequence_;
    std::shared_ptr<WriteQueue> queue_;
    /// The read-ahead's file and result, until a search takes it or an F5 lets it go (the newer save is in
    /// memory then, and an F8 reads older files from disk).
    std::filesystem::path read_ahead_path_;
    std::future<ReadAhead> read_ahead_;
    std::size_t files_read_by_searches_ = 0;
    BackgroundWriter writer_;  ///< last member: its thread stops first
};

/// The file name of a quicksave: quicksave-<sequence>.qss.
std::filesystem::path quicksave_path(const std::filesystem::path& dir, std::uint64_t sequence);
/// The sequence number in a quicksave file name, if it is one.
std::optional<std::uint64_t> quicksave_sequence(const std::filesystem::path& file);
/// Whether `dir` holds a quicksave file (one named as quicksave_path names them); false when it cannot be
/// read.
bool has_quicksave_files(const std::filesystem::path& dir);

}  // namespace qs
