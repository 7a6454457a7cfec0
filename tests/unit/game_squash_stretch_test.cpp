// Squash and stretch of the player's sprite: a jump stretches it, a landing squashes it (more from higher),
// both ease back to the sprite's own shape within a quarter of a second.
#include <doctest/doctest.h>

#include "game/view/squash_stretch.hpp"

using qs::SquashStretch;

TEST_CASE("squash and stretch: tall on a jump, wide on a landing, back to shape within 15 ticks") {
    SquashStretch s;
    s.update(true, 0);
    CHECK(s.amount() == 0);
    s.update(false, -12);  // leaves the ground upwards
    CHECK(s.height_scale() > 1.2);
    CHECK(s.width_scale() < 0.8);
    CHECK(s.width_scale() * s.height_scale() == doctest::Approx(1));
    for (int tick = 0; tick < 15; ++tick) s.update(false, -12 + tick);
    CHECK(s.amount() == 0);

    s.update(false, 8);
    s.update(true, 0);  // a low landing
    const double low = s.amount();
    CHECK(low > 0.1);
    for (int tick = 0; tick < 15; ++tick) s.update(true, 0);
    CHECK(s.amount() == 0);
    s.update(false, 20);
    s.update(true, 0);  // from higher
    CHECK(s.amount() > low);
    CHECK(s.amount() <= SquashStretch::max_amount);

    // Walking off a ledge or a touch-down slower than a landing leaves the sprite as it is.
    SquashStretch calm;
    calm.update(false, 0.5);
    calm.update(true, 0);
    CHECK(calm.amount() == 0);
    calm.reset();
    CHECK(calm.amount() == 0);
}
