// The one oscillator of the generated audio (tools/make_sounds, tools/make_music): square, triangle, sine
// and sample-and-hold noise from a deterministic xorshift source, one sample at a time.
#pragma once

#include <cmath>
#include <cstdint>
#include <numbers>

namespace qs::synth {

enum class Wave { square, triangle, sine, noise };

/// Deterministic noise (xorshift) in -1..1; each render owns one, seeded for its own sound.
class NoiseSource {
   public:
    explicit NoiseSource(std::uint32_t seed) : state_(seed) {}
    double next() {
        state_ ^= state_ << 13;
        state_ ^= state_ >> 17;
        state_ ^= state_ << 5;
        return static_cast<double>(state_) / 4294967295.0 * 2.0 - 1.0;
    }

   private:
    std::uint32_t state_;
};

/// One voice's phase. next() advances it by one sample at `hz` and returns the wave's value in -1..1;
/// `duty` is the square wave's high part, noise takes a new level from `noise` once per cycle (the pitch
/// sets the noise colour).
class Oscillator {
   public:
    double next(Wave wave, double hz, double sample_rate, double duty, NoiseSource& noise) {
        const double previous_phase = phase_;
        phase_ += hz / sample_rate;
        phase_ -= std::floor(phase_);
        switch (wave) {
            case Wave::square:
                return phase_ < duty ? 1.0 : -1.0;
            case Wave::triangle:
                return phase_ < 0.5 ? 4 * phase_ - 1 : 3 - 4 * phase_;
            case Wave::sine:
                return std::sin(2 * std::numbers::pi * phase_);
            case Wave::noise:
                if (phase_ < previous_phase) held_noise_ = noise.next();
                return held_noise_;
        }
        return 0;
    }

   private:
    double phase_ = 0;
    double held_noise_ = 0;
};

}  // namespace qs::synth
