// Presentation particles: each puff makes particles, they move and fade out, their number is capped.
#include <doctest/doctest.h>

#include "game/view/particles.hpp"

TEST_CASE("particles: puffs appear, fall away within a second and stay capped") {
    qs::Particles particles;
    particles.emit(qs::Particles::Kind::sparkle, 3, 4);
    particles.emit(qs::Particles::Kind::death, 3, 4);
    const std::size_t made = particles.size();
    CHECK(made >= 20);
    particles.step(0.2);
    CHECK(particles.size() > 0);
    for (int tick = 0; tick < 60; ++tick) particles.step(1.0 / 60);
    CHECK(particles.size() == 0);  // every kind lives under a second
    for (int i = 0; i < 100; ++i) particles.emit(qs::Particles::Kind::death, 0, 0);
    CHECK(particles.size() <= 384);
    particles.clear();
    CHECK(particles.size() == 0);
}
