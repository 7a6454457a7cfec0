// --frame-report FILE: one line per frame the game loop makes (its number, the tick it began at, the ticks it
// ran, the milliseconds spent ticking, drawing and presenting, what happened in it, and the page faults the
// game's thread took meanwhile), so tests and benchmarks read what the player gets. Lines are buffered and
// written out at the latest when the run ends.
#pragma once

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>

namespace qs {

/// What happened in a frame (bits of FrameFigures::events).
enum class FrameEvent : std::uint8_t {
    f5 = 1,         ///< a quicksave
    f9 = 2,         ///< a quickload of the newest save
    f8 = 4,         ///< a quickload of an older save
    rewind = 8,     ///< the world went back at least one recorded tick (rewind held)
    release = 16,   ///< the rewind was let go of: the live world continues from there
    restart = 32,   ///< the level started again (R, the pause menu, T's retry from the last footing)
    catch_up = 64,  ///< a tick waits for a release's rebuild of the live world on a second thread
};

/// One frame's figures.
struct FrameFigures {
    std::int64_t frame = 0;   ///< loop iterations since the program started, from 0
    std::int64_t tick = 0;    ///< the tick counter (5.2) when the frame began
    int steps = 0;            ///< ticks the frame ran (0 in a menu, paused or between two ticks)
    double tick_ms = 0;       ///< wall time of those ticks (input, simulation, F5/F9, rewind)
    double render_ms = 0;     ///< wall time drawing the frame (0 when nothing is drawn: headless)
    double present_ms = 0;    ///< wall time handing it to the screen (0 headless)
    std::uint8_t events = 0;  ///< FrameEvent bits
    /// Minor page faults the game's thread took during the frame (thread_minor_faults(),
    /// engine/thread_faults.hpp): fresh memory first written, pages made present at once included.
    std::int64_t faults = 0;

    void mark(FrameEvent event) { events |= static_cast<std::uint8_t>(event); }
    bool has(FrameEvent event) const { return events & static_cast<std::uint8_t>(event); }
};

/// The events of a frame as the report writes them: "none", or the names of its events joined by ','
/// in FrameEvent order ("f5,rewind").
std::string frame_events_text(std::uint8_t events);

/// The report line of one frame, without the newline:
/// `FRAME TICK STEPS TICK_MS RENDER_MS PRESENT_MS EVENTS FAULTS` (milliseconds with three decimals).
std::string frame_report_line(const FrameFigures& figures);

/// The header line the report starts with (a comment naming the columns).
inline constexpr const char* frame_report_header =
    "# frame tick steps tick_ms render_ms present_ms events faults";

/// The report file. Owns its FILE; lines go through a large buffer, so a frame costs no system call.
class FrameReport {
   public:
    FrameReport() = default;
    ~FrameReport();
    FrameReport(const FrameReport&) = delete;
    FrameReport& operator=(const FrameReport&) = delete;

    /// Creates (or empties) `file` and writes the header; false with `error` when it cannot.
    bool open(const std::filesystem::path& file, std::string& error);
    bool is_open() const { return file_ != nullptr; }
    /// Appends one frame's line.
    void add(const FrameFigures& figures);
    /// Writes everything out and closes the file; false with `error` when a write failed.
    bool close(std::string& error);

   private:
    std::FILE* file_ = nullptr;
    std::filesystem::path path_;
    bool failed_ = false;
};

}  // namespace qs
