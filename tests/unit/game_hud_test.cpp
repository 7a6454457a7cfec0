// The sign bubble goes where it hides the least: not over the ledge and coins the sign talks about;
// messages stack without overlapping one another or the player.
#include <doctest/doctest.h>

#include "game/view/hud.hpp"
#include "game_test_world.hpp"

using namespace qs;

namespace {

/// Whether canvas rect `box` covers the world point (x, y) seen from a camera centred on (cx, cy).
bool covers(SDL_Rect box, double x, double y, double cx, double cy, int canvas_w, int canvas_h) {
    int px = static_cast<int>((x - cx) * 16) + canvas_w / 2,
        py = static_cast<int>((y - cy) * 16) + canvas_h / 2;
    return px >= box.x && px < box.x + box.w && py >= box.y && py < box.y + box.h;
}

}  // namespace

TEST_CASE("sign bubble: not over the ledge and coins above the sign; right above it when nothing is there") {
    const std::vector<std::string> rows = {
        "..............................",  // 0
        "..............................",  // 1
        "..............................",  // 2
        "..............................",  // 3
        "..............................",  // 4
        "..............................",  // 5
        "..............................",  // 6
        "..............................",  // 7
        "..............................",  // 8
        "..............................",  // 9
        "..............................",  // 10
        "..............................",  // 11
        "........cccccccc..............",  // 12
        "........========..............",  // 13
        "..............................",  // 14
        "..........P...................",  // 15
        "##############################",  // 16
    };
    for (bool ledge : {true, false}) {
        CAPTURE(ledge);
        std::vector<std::string> map = rows;
        if (!ledge) map[12] = map[13] = std::string(30, '.');
        auto world = test::make_world(map, [](std::vector<Entity>& entities) {
            Sign sign;
            sign.state.x = 12.5;
            sign.state.y = 15.5;
            entities.push_back(sign);
        });
        const Entity* sign = nullptr;
        for (const Entity& e : world->entities)
            if (std::holds_alternative<Sign>(e)) sign = &e;
        REQUIRE(sign);
        const double cx = 15, cy = 8.5;
        const int w = 170, h = 28, canvas_w = 480, canvas_h = 270;
        SDL_Rect box = sign_bubble_rect(*world, *sign, w, h, cx, cy, canvas_w, canvas_h);
        CHECK(box.w == w);
        CHECK(box.h == h);
        CHECK(box.y >= 26);  // under the HUD
        CHECK(box.x >= 0);
        CHECK(box.x + box.w <= canvas_w);
        if (ledge) {
            for (int x = 8; x < 16; ++x) {
                CAPTURE(x);
                CHECK_FALSE(covers(box, x + 0.5, 12.5, cx, cy, canvas_w, canvas_h));  // the coins
                CHECK_FALSE(covers(box, x + 0.5, 13.2, cx, cy, canvas_w, canvas_h));  // the ledge
            }
        } else {
            // Nothing above: right above the sign, centred on it.
            int sign_px = static_cast<int>((12.5 - cx) * 16) + canvas_w / 2;
            CHECK(box.x + box.w / 2 == doctest::Approx(sign_px).epsilon(0.02));
            CHECK(box.y + box.h <= static_cast<int>((15 - cy) * 16) + canvas_h / 2);
        }
        CHECK_FALSE(covers(box, 10.5, 15.5, cx, cy, canvas_w, canvas_h));  // nor the player
    }
}

TEST_CASE("messages: stacked without overlapping, never over the player") {
    const std::vector<SDL_Point> sizes{{200, 14}, {120, 14}, {300, 26}};
    auto overlaps = [](const std::vector<SDL_Rect>& boxes, SDL_Rect player) {
        for (std::size_t i = 0; i < boxes.size(); ++i) {
            if (SDL_HasIntersection(&boxes[i], &player)) return true;
            for (std::size_t j = i + 1; j < boxes.size(); ++j) {
                if (SDL_HasIntersection(&boxes[i], &boxes[j])) return true;
            }
        }
        return false;
    };
    // The player anywhere on a 640x360 canvas, on a grid of spots, at the top and the bottom included.
    for (int y = 0; y < 360; y += 8) {
        for (int x = 0; x < 640; x += 16) {
            const SDL_Rect player{x - 16, y - 28, 32, 32};
            const std::vector<SDL_Rect> boxes = stack_messages(sizes, 640, 26, 356, player);
            REQUIRE(boxes.size() == 3);
            CHECK_FALSE(overlaps(boxes, player));
            for (const SDL_Rect& box : boxes) {
                CHECK(box.x >= 0);
                CHECK(box.x + box.w <= 640);
                CHECK(box.y >= 26);
                CHECK(box.y + box.h <= 356);
            }
        }
    }
    // Away from the player they sit at the top centre, newest first.
    const std::vector<SDL_Rect> boxes = stack_messages(sizes, 640, 26, 356, {300, 250, 32, 32});
    CHECK(boxes[0].y == 26);
    CHECK(boxes[0].x == 220);
    CHECK(boxes[1].y == 26 + 14 + 2);
}
