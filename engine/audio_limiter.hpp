// The last stage of the audio mix: makeup gain and a soft-knee peak limiter over signed 16-bit frames, so
// music and effects mixed with headroom come out loud enough and never pass -1 dBFS (no clipping).
//
//   qs::PeakLimiter limiter(44100);                 // makeup x4 (the mixer's 12 dB of headroom back)
//   limiter.process(samples, frames, channels);     // in place, interleaved
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>

namespace qs {

/// A stereo-linked peak limiter: the envelope jumps to every new peak at once and falls back over
/// `release_s`; levels above the knee are bent on a tanh curve towards the ceiling, which no output sample
/// ever passes. Below the knee the signal only gets the makeup gain.
class PeakLimiter {
   public:
    struct Settings {
        double makeup = 4.0;      ///< gain before limiting (undoes the mixer's headroom)
        double knee = 0.501;      ///< -6 dBFS: where the limiter starts to bend the level
        double ceiling = 0.891;   ///< -1 dBFS: the level no output sample passes
        double release_s = 0.12;  ///< how fast the gain comes back after a peak
    };

    explicit PeakLimiter(int sample_rate) : PeakLimiter(sample_rate, Settings{}) {}
    PeakLimiter(int sample_rate, const Settings& settings)
        : settings_(settings),
          release_(std::exp(-1.0 / (std::max(1e-3, settings.release_s) * std::max(1, sample_rate)))) {}

    /// Limits `frames` interleaved frames of `channels` samples in place.
    void process(std::int16_t* samples, std::size_t frames, int channels) {
        const auto width = static_cast<std::size_t>(std::max(1, channels));
        for (std::size_t frame = 0; frame < frames; ++frame) {
            std::int16_t* at = samples + frame * width;
            double peak = 0;
            for (std::size_t c = 0; c < width; ++c) peak = std::max(peak, std::abs(at[c] / 32768.0));
            peak *= settings_.makeup;
            envelope_ = std::max(peak, envelope_ * release_);
            const double gain = settings_.makeup * gain_at(envelope_);
            for (std::size_t c = 0; c < width; ++c) {
                const double value = std::round(at[c] * gain);
                at[c] = static_cast<std::int16_t>(std::clamp(value, -32767.0, 32767.0));
            }
        }
    }

    /// How much the limiter turns a signal of envelope `level` (full scale 1) down: 1 below the knee.
    double gain_at(double level) const {
        if (level <= settings_.knee) return 1.0;
        const double room = settings_.ceiling - settings_.knee;
        return (settings_.knee + room * std::tanh((level - settings_.knee) / room)) / level;
    }

   private:
    Settings settings_;
    double release_;       ///< per-sample factor of the envelope's fall
    double envelope_ = 0;  ///< the recent peak, after makeup
};

}  // namespace qs
