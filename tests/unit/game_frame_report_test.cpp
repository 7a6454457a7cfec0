// The frame report's lines (--frame-report) and the debug overlay's frame history: the fields in their
// order, the events' names, the file written out when closed, and the history keeping the newest frames.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "game/app/frame_report.hpp"
#include "game/view/debug_overlay.hpp"
#include "scratch_dir.hpp"

using namespace qs;

TEST_CASE("frame report: a line is frame, tick, steps, three times, the events and the page faults") {
    FrameFigures f;
    f.frame = 12;
    f.tick = 34;
    f.steps = 2;
    f.tick_ms = 1.23456;
    f.render_ms = 0.5;
    f.present_ms = 16.0004;
    CHECK(frame_report_line(f) == "12 34 2 1.235 0.500 16.000 none 0");
    f.faults = 4097;
    CHECK(frame_report_line(f) == "12 34 2 1.235 0.500 16.000 none 4097");
    f.mark(FrameEvent::release);
    f.mark(FrameEvent::f5);
    CHECK(f.has(FrameEvent::f5));
    CHECK_FALSE(f.has(FrameEvent::f9));
    CHECK(frame_report_line(f) == "12 34 2 1.235 0.500 16.000 f5,release 4097");
    CHECK(frame_events_text(0) == "none");
    CHECK(frame_events_text(0xff) == "f5,f9,f8,rewind,release,restart,catchup");
}

TEST_CASE("frame report: the file holds the header and every line once closed") {
    test::ScratchDir scratch("qs_frame_report_test");
    const auto path = scratch.path() / "frames.txt";
    FrameReport report;
    std::string error;
    REQUIRE(report.open(path, error));
    for (int i = 0; i < 5000; ++i) {
        FrameFigures f;
        f.frame = i;
        f.tick = i;
        f.steps = 1;
        if (i == 4321) f.mark(FrameEvent::rewind);
        report.add(f);
    }
    REQUIRE(report.close(error));
    CHECK_FALSE(report.is_open());
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    CHECK(line == frame_report_header);
    int lines = 0;
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        long long frame = -1;
        fields >> frame;
        CHECK(frame == lines);
        if (lines == 4321) CHECK(line.ends_with(" rewind 0"));
        ++lines;
    }
    CHECK(lines == 5000);
}

TEST_CASE("frame report: a file in a missing folder is not opened, with the reason") {
    test::ScratchDir scratch("qs_frame_report_test");
    FrameReport report;
    std::string error;
    CHECK_FALSE(report.open(scratch.path() / "missing" / "frames.txt", error));
    CHECK(error.find("missing/frames.txt: ") != std::string::npos);
    CHECK_FALSE(report.is_open());
}

TEST_CASE("debug overlay: the history keeps the newest frames, oldest first") {
    FrameHistory history;
    CHECK(history.size() == 0);
    CHECK(history.last().total() == 0);
    const std::size_t pushed = FrameHistory::capacity + 30;
    for (std::size_t i = 0; i < pushed; ++i)
        history.push({static_cast<double>(i), 1.0, i == 50 ? 40.0 : 0.5});
    REQUIRE(history.size() == FrameHistory::capacity);
    CHECK(history[0].tick_ms == 30);
    CHECK(history[FrameHistory::capacity - 1].tick_ms == static_cast<double>(pushed - 1));
    CHECK(history.last().total() == doctest::Approx(static_cast<double>(pushed - 1) + 1.5));
    CHECK(history.worst_ms() == doctest::Approx(149 + 1.5));
}
