// The final mix's peak limiter: quiet signals get only the makeup gain, loud ones never pass the ceiling.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <numbers>
#include <vector>

#include "engine/audio_limiter.hpp"

namespace {

/// A stereo sine of `amplitude` (full scale 1) at 441 Hz, `frames` long.
std::vector<std::int16_t> sine(double amplitude, std::size_t frames) {
    std::vector<std::int16_t> samples(frames * 2);
    for (std::size_t i = 0; i < frames; ++i) {
        const double v = amplitude * std::sin(2 * std::numbers::pi * 441.0 * static_cast<double>(i) / 44100);
        samples[2 * i] = samples[2 * i + 1] = static_cast<std::int16_t>(std::lround(v * 32767));
    }
    return samples;
}

int peak_of(const std::vector<std::int16_t>& samples) {
    int peak = 0;
    for (std::int16_t s : samples) peak = std::max(peak, std::abs(int(s)));
    return peak;
}

}  // namespace

TEST_CASE("limiter: below the knee only the makeup gain applies") {
    qs::PeakLimiter limiter(44100);
    auto samples = sine(0.1, 4410);  // x4 = 0.4, under the 0.5 knee
    const auto input = samples;
    limiter.process(samples.data(), samples.size() / 2, 2);
    for (std::size_t i = 0; i < samples.size(); ++i) CHECK(std::abs(samples[i] - 4 * input[i]) <= 2);
}

TEST_CASE("limiter: full-scale input never passes the ceiling, and the gain comes back") {
    qs::PeakLimiter limiter(44100);
    auto loud = sine(1.0, 44100);  // x4 = 12 dB over full scale
    limiter.process(loud.data(), loud.size() / 2, 2);
    CHECK(peak_of(loud) <= std::lround(0.891 * 32768));
    CHECK(peak_of(loud) > std::lround(0.8 * 32768));  // limited, not silenced
    auto quiet = sine(0.05, 44100);                   // a second later: makeup gain only again
    limiter.process(quiet.data(), quiet.size() / 2, 2);
    const std::vector<std::int16_t> tail(quiet.end() - 4410, quiet.end());
    CHECK(std::abs(peak_of(tail) - std::lround(0.2 * 32767)) <= 40);
}

TEST_CASE("limiter: the soft knee is continuous and monotonic") {
    qs::PeakLimiter limiter(44100);
    double previous_out = 0;
    for (double level = 0.01; level < 8; level += 0.01) {
        const double out = level * limiter.gain_at(level);
        CHECK(out >= previous_out - 1e-12);
        CHECK(out <= 0.891 + 1e-12);
        previous_out = out;
    }
    CHECK(limiter.gain_at(0.5) == doctest::Approx(1.0));
    CHECK(0.51 * limiter.gain_at(0.51) == doctest::Approx(0.51).epsilon(0.01));
}
