// The canvas fitted to a window: 640x360 scales evenly to 720p, 1080p and 1440p; a 16:10 screen gets a
// taller view at a whole scale (no blur, no bars); the bars setting keeps 640x360 and centres it.
#include <doctest/doctest.h>

#include "engine/render.hpp"

using namespace qs;

TEST_CASE("canvas fit: 16:9 screens show 640x360 at a whole scale with no bars") {
    for (auto [w, h, scale] : {std::tuple{1280, 720, 2}, std::tuple{1920, 1080, 3}, std::tuple{2560, 1440, 4},
                               std::tuple{3840, 2160, 6}}) {
        const CanvasFit fit = fit_canvas(w, h, 640, 360, true);
        CHECK(fit.scale == scale);
        CHECK(fit.canvas_width == 640);
        CHECK(fit.canvas_height == 360);
        CHECK(fit.x == 0);
        CHECK(fit.y == 0);
    }
}

TEST_CASE("canvas fit: a Steam Deck's 1280x800 shows 640x400 at x2, filling it") {
    const CanvasFit fit = fit_canvas(1280, 800, 640, 360, true);
    CHECK(fit.scale == 2);
    CHECK(fit.canvas_width == 640);
    CHECK(fit.canvas_height == 400);
    CHECK(fit.x == 0);
    CHECK(fit.y == 0);
    // A 1366x768 laptop: 683x384 at x2, every pixel used.
    const CanvasFit laptop = fit_canvas(1366, 768, 640, 360, true);
    CHECK(laptop.scale == 2);
    CHECK(laptop.canvas_width * 2 == 1366);
    CHECK(laptop.canvas_height * 2 == 768);
}

TEST_CASE("canvas fit: the view stays between 7/8 and 5/4 of the base; beyond, bars") {
    // Ultrawide: the canvas stops at 800 wide and the rest is bars.
    const CanvasFit wide = fit_canvas(3440, 1440, 640, 360, true);
    CHECK(wide.scale == 4);
    CHECK(wide.canvas_width == 800);
    CHECK(wide.x == (3440 - 3200) / 2);
    // A window a little smaller than 720p keeps x2 with a slightly smaller view.
    const CanvasFit small = fit_canvas(1200, 680, 640, 360, true);
    CHECK(small.scale == 2);
    CHECK(small.canvas_width == 600);
    CHECK(small.canvas_height == 340);
    // A tiny window never gets a scale below 1.
    CHECK(fit_canvas(100, 50, 640, 360, true).scale == 1);
}

TEST_CASE("canvas fit: with bars the base size is kept and centred") {
    const CanvasFit fit = fit_canvas(1280, 800, 640, 360, false);
    CHECK(fit.scale == 2);
    CHECK(fit.canvas_width == 640);
    CHECK(fit.canvas_height == 360);
    CHECK(fit.x == 0);
    CHECK(fit.y == 40);
    CHECK(fit_canvas(1920, 1080, 640, 360, false).scale == 3);
}
