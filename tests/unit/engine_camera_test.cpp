// Camera bounds: a level taller and wider than the view keeps the view inside it; a level shorter than
// the view keeps its bottom at the bottom of the view (no empty band under the ground); a narrower one
// is centred.
#include <doctest/doctest.h>

#include <cmath>

#include "engine/camera.hpp"

using namespace qs;

TEST_CASE("camera: inside large bounds, the view follows and stops at the edges") {
    Camera camera;
    camera.snap(15, 10, {0, 0, 100, 40});
    CHECK(camera.x == doctest::Approx(15));
    CHECK(camera.y == doctest::Approx(10));
    camera.snap(1, 39, {0, 0, 100, 40});
    CHECK(camera.left() == doctest::Approx(0));
    CHECK(camera.top() + camera.view_height == doctest::Approx(40));
}

TEST_CASE("camera: a level shorter than the view sits on the view's bottom edge") {
    Camera camera;
    for (double player_y : {1.0, 4.0, 7.5}) {
        camera.snap(20, player_y, {0, 0, 40, 8});
        CHECK(camera.top() + camera.view_height ==
              doctest::Approx(8));  // the level's bottom row ends the view
        CHECK(camera.top() < 0);    // the space shown is above the level
        for (int i = 0; i < 120; ++i) camera.follow(20, player_y + 20, 1, {0, 0, 40, 8}, 1.0 / 60);
        CHECK(camera.top() + camera.view_height == doctest::Approx(8));  // falling out does not move it down
    }
}

TEST_CASE("camera: a level narrower than the view is centred") {
    Camera camera;
    camera.snap(2, 10, {0, 0, 12, 40});
    CHECK(camera.x == doctest::Approx(6));
    camera.follow(11, 10, 1, {0, 0, 12, 40}, 1.0 / 60);
    CHECK(camera.x == doctest::Approx(6));
}

TEST_CASE("camera: a snap is a cut: following the same running target afterwards barely moves the view") {
    // After a quickload the player runs on at full speed; the view must not drift towards its look-ahead.
    const WorldRect bounds{0, 0, 1000, 40};
    const double speed = 8.5, dt = 1.0 / 60;
    double target = 100;
    Camera camera;
    camera.snap(target, 20, bounds, 1, speed);
    double offset = camera.x - target;
    for (int tick = 0; tick < 120; ++tick) {
        target += speed * dt;
        camera.follow(target, 20, 1, bounds, dt);
        CHECK(std::abs((camera.x - target) - offset) < 0.1);  // under two pixels at 16 px per tile
    }
    // Standing still facing left: the view already leads to the left.
    camera.snap(100, 20, bounds, -1);
    double x = camera.x;
    for (int tick = 0; tick < 120; ++tick) camera.follow(100, 20, -1, bounds, dt);
    CHECK(camera.x == doctest::Approx(x).epsilon(0.001));
}

TEST_CASE("camera: leaving a camera area pans to the new bounds instead of cutting") {
    // A shaft area 30 wide on the left of a wide level; the target steps out of it far to the right.
    Camera camera;
    camera.view_width = 40;
    camera.view_height = 22.5;
    const WorldRect area{0, 0, 30, 40}, level{0, 0, 200, 40};
    camera.snap(28, 20, area);
    CHECK(camera.x == doctest::Approx(15));  // narrower than the view: centred
    const double dt = 1.0 / 60;
    double largest_step = 0, previous = camera.x;
    for (int tick = 0; tick < 120; ++tick) {
        camera.follow(45, 20, 1, level, dt);
        largest_step = std::max(largest_step, std::abs(camera.x - previous));
        previous = camera.x;
    }
    CHECK(largest_step < 5.0);                               // 32 tiles panned in steps, not one cut
    CHECK(camera.x == doctest::Approx(47.5).epsilon(0.02));  // settled on the target and its look-ahead
    // Inside bounds it keeps to them: at the level's left edge the view never shows past it.
    camera.snap(5, 20, level);
    for (int tick = 0; tick < 120; ++tick) {
        camera.follow(1, 20, -1, level, dt);
        CHECK(camera.left() >= -1e-9);
    }
}
