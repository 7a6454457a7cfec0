// --frame-report: the line format and the buffered file.
#include "game/app/frame_report.hpp"

#include <array>
#include <cerrno>
#include <cstring>

namespace qs {

namespace {

constexpr std::array<std::pair<FrameEvent, const char*>, 7> event_names = {{
    {FrameEvent::f5, "f5"},
    {FrameEvent::f9, "f9"},
    {FrameEvent::f8, "f8"},
    {FrameEvent::rewind, "rewind"},
    {FrameEvent::release, "release"},
    {FrameEvent::restart, "restart"},
    {FrameEvent::catch_up, "catchup"},
}};

/// Room for many frames between two writes: about 2 000 lines.
constexpr std::size_t report_buffer_bytes = 1 << 17;

}  // namespace

std::string frame_events_text(std::uint8_t events) {
    std::string text;
    for (const auto& [event, name] : event_names) {
        if (!(events & static_cast<std::uint8_t>(event))) continue;
        if (!text.empty()) text += ',';
        text += name;
    }
    return text.empty() ? "none" : text;
}

std::string frame_report_line(const FrameFigures& f) {
    char numbers[160];
    std::snprintf(numbers, sizeof numbers, "%lld %lld %d %.3f %.3f %.3f ", static_cast<long long>(f.frame),
                  static_cast<long long>(f.tick), f.steps, f.tick_ms, f.render_ms, f.present_ms);
    return numbers + frame_events_text(f.events) + ' ' + std::to_string(f.faults);
}

FrameReport::~FrameReport() {
    std::string unused;
    close(unused);
}

bool FrameReport::open(const std::filesystem::path& file, std::string& error) {
    std::string ignored;
    close(ignored);
    file_ = std::fopen(file.c_str(), "w");
    if (!file_) {
        error = file.string() + ": " + std::strerror(errno);
        return false;
    }
    std::setvbuf(file_, nullptr, _IOFBF, report_buffer_bytes);
    path_ = file;
    failed_ = std::fprintf(file_, "%s\n", frame_report_header) < 0;
    return true;
}

void FrameReport::add(const FrameFigures& figures) {
    if (!file_) return;
    const std::string line = frame_report_line(figures);
    if (std::fprintf(file_, "%s\n", line.c_str()) < 0) failed_ = true;
}

bool FrameReport::close(std::string& error) {
    if (!file_) return true;
    const bool flushed = std::fflush(file_) == 0;
    const bool closed = std::fclose(file_) == 0;
    file_ = nullptr;
    if (failed_ || !flushed || !closed) {
        error = path_.string() + ": cannot write the frame report";
        return false;
    }
    return true;
}

}  // namespace qs
