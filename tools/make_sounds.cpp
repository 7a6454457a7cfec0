// make_sounds: synthesises Quickstep's sound effects (square/triangle/noise voices with pitch sweeps and
// envelopes) and writes them as 22050 Hz mono 16-bit WAV files.
//
// Usage: make_sounds OUTDIR      (the committed set lives in assets/sounds)
//
// Each sound is a list of notes; a note is one voice over a time span with a start and end pitch, an
// attack/decay envelope and optional vibrato. Notes are mixed and softened by a one-pole low-pass filter.
// Every sound is levelled by loudness, not by peak: its loudest 50 ms sit at -13 dBFS RMS (so a square-wave
// blip is no louder than a triangle chime), with the peak kept at or below -7 dBFS. A loop (rewind_loop)
// has no fade at its end, and its filter runs round the loop, so it repeats without a seam.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <string>
#include <vector>

#include "tools/oscillator.hpp"

namespace qs {
namespace {

constexpr int sample_rate = 22050;
constexpr double loudness_rms = 0.224;  ///< -13 dBFS: RMS of each sound's loudest 50 ms
constexpr double peak_limit = 0.447;    ///< -7 dBFS: no sample louder
constexpr std::size_t loudness_window = sample_rate / 20;

using synth::Wave;

/// One voice over a span of time.
struct Note {
    double start_s = 0;     ///< when it begins, seconds from the start of the sound
    double length_s = 0.1;  ///< how long it sounds
    Wave wave = Wave::square;
    double start_hz = 440;     ///< pitch at the start ...
    double end_hz = 440;       ///< ... glides (exponentially) to this at the end
    double volume = 1.0;       ///< relative loudness before normalisation
    double attack_s = 0.005;   ///< linear fade in
    double decay_power = 1.0;  ///< envelope after attack: (1 - t)^decay_power; 0 = flat then short release
    double duty = 0.5;         ///< square wave duty cycle
    double vibrato_hz = 0;     ///< pitch wobble rate
    double vibrato_depth = 0;  ///< pitch wobble, fraction of the pitch
    bool sustain = false;      ///< flat from start to end, no attack or release (a voice under a loop)
};

/// A named sound and its notes.
struct SoundRecipe {
    const char* name;
    std::vector<Note> notes;
    double lowpass_hz = 6000;  ///< cut-off of the softening filter
    bool loop = false;         ///< plays in a loop: exactly as long as its notes, no end fade
};

double note_hz(int midi) {
    return 440.0 * std::pow(2.0, (midi - 69) / 12.0);
}

double envelope(const Note& note, double t) {
    if (note.sustain) return 1.0;
    if (t < note.attack_s) return t / note.attack_s;
    const double after = (t - note.attack_s) / std::max(1e-6, note.length_s - note.attack_s);
    if (note.decay_power <= 0) {
        const double release_start = 0.85;  // flat, then a short linear release
        return after < release_start ? 1.0 : (1.0 - after) / (1.0 - release_start);
    }
    return std::pow(std::max(0.0, 1.0 - after), note.decay_power);
}

std::vector<double> render(const SoundRecipe& recipe) {
    double total_s = 0;
    for (const auto& note : recipe.notes) total_s = std::max(total_s, note.start_s + note.length_s);
    const auto sample_count =
        static_cast<std::size_t>(std::ceil((total_s + (recipe.loop ? 0.0 : 0.01)) * sample_rate));
    std::vector<double> mix(sample_count, 0.0);
    synth::NoiseSource noise(0x2545f491u);
    for (const auto& note : recipe.notes) {
        const auto first = static_cast<std::size_t>(note.start_s * sample_rate);
        const auto count = static_cast<std::size_t>(note.length_s * sample_rate);
        synth::Oscillator oscillator;
        for (std::size_t i = 0; i < count && first + i < sample_count; ++i) {
            const double t = static_cast<double>(i) / sample_rate;
            const double progress = t / note.length_s;
            double hz = note.start_hz * std::pow(note.end_hz / note.start_hz, progress);
            if (note.vibrato_hz > 0) {
                hz *= 1.0 + note.vibrato_depth * std::sin(2 * std::numbers::pi * note.vibrato_hz * t);
            }
            const double value = oscillator.next(note.wave, hz, sample_rate, note.duty, noise);
            mix[(first + i) % sample_count] += value * note.volume * envelope(note, t);
        }
    }
    // One-pole low-pass to take the edge off the square waves; a loop's filter starts where it ends.
    const double alpha = 1.0 - std::exp(-2 * std::numbers::pi * recipe.lowpass_hz / sample_rate);
    double state = 0;
    if (recipe.loop) {
        for (double sample : mix) state += alpha * (sample - state);
    }
    for (double& sample : mix) {
        state += alpha * (sample - state);
        sample = state;
    }
    // Level by loudness (the loudest 50 ms), then keep the peak under its limit.
    const std::size_t window = std::min(loudness_window, mix.size());
    double loudest_power = 0, sum = 0, peak = 0;
    for (std::size_t i = 0; i < mix.size(); ++i) {
        sum += mix[i] * mix[i];
        if (i >= window) sum -= mix[i - window] * mix[i - window];
        if (i + 1 >= window) loudest_power = std::max(loudest_power, sum / static_cast<double>(window));
        peak = std::max(peak, std::abs(mix[i]));
    }
    if (loudest_power > 0) {
        const double gain = std::min(loudness_rms / std::sqrt(loudest_power), peak_limit / peak);
        for (double& sample : mix) sample *= gain;
    }
    if (recipe.loop) return mix;
    // 5 ms fade out so nothing ends on a click.
    const std::size_t fade = std::min<std::size_t>(mix.size(), sample_rate / 200);
    for (std::size_t i = 0; i < fade; ++i) mix[mix.size() - 1 - i] *= static_cast<double>(i) / fade;
    return mix;
}

void put_u32(std::ofstream& out, std::uint32_t value) {
    for (int i = 0; i < 4; ++i) out.put(static_cast<char>(value >> (8 * i) & 0xff));
}
void put_u16(std::ofstream& out, std::uint16_t value) {
    out.put(static_cast<char>(value & 0xff));
    out.put(static_cast<char>(value >> 8));
}

/// Writes a canonical 44-byte-header PCM WAV (mono, 16-bit, little endian).
bool write_wav(const std::filesystem::path& path, const std::vector<double>& samples) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    const auto data_bytes = static_cast<std::uint32_t>(samples.size() * 2);
    out.write("RIFF", 4);
    put_u32(out, 36 + data_bytes);
    out.write("WAVEfmt ", 8);
    put_u32(out, 16);  // fmt chunk size
    put_u16(out, 1);   // PCM
    put_u16(out, 1);   // mono
    put_u32(out, sample_rate);
    put_u32(out, sample_rate * 2);  // byte rate
    put_u16(out, 2);                // block align
    put_u16(out, 16);               // bits per sample
    out.write("data", 4);
    put_u32(out, data_bytes);
    for (double sample : samples) {
        const long value = std::lround(std::clamp(sample, -1.0, 1.0) * 32767.0);
        put_u16(out, static_cast<std::uint16_t>(static_cast<std::int16_t>(value)));
    }
    out.close();
    return static_cast<bool>(out);
}

/// A run of equal-length notes of one voice, e.g. an arpeggio.
std::vector<Note> arpeggio(double start_s, double step_s, Wave wave, std::initializer_list<int> midi_notes,
                           double volume, double duty = 0.5) {
    std::vector<Note> notes;
    double at = start_s;
    for (int midi : midi_notes) {
        Note note;
        note.start_s = at;
        note.length_s = step_s;
        note.wave = wave;
        note.start_hz = note.end_hz = note_hz(midi);
        note.volume = volume;
        note.duty = duty;
        note.decay_power = 0.6;
        notes.push_back(note);
        at += step_s;
    }
    return notes;
}

std::vector<Note> join(std::vector<Note> a, const std::vector<Note>& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

/// The sound set. MIDI notes: 60 = C4, 72 = C5, 84 = C6.
std::vector<SoundRecipe> sound_recipes() {
    std::vector<SoundRecipe> recipes;
    // jump: a quick upward chirp.
    recipes.push_back({"jump",
                       {{.length_s = 0.16,
                         .start_hz = 280,
                         .end_hz = 720,
                         .attack_s = 0.004,
                         .decay_power = 1.2,
                         .duty = 0.25}},
                       5000});
    // coin: the classic two-note ding.
    recipes.push_back(
        {"coin",
         {{.length_s = 0.07, .start_hz = note_hz(83), .end_hz = note_hz(83), .decay_power = 0, .duty = 0.5},
          {.start_s = 0.07,
           .length_s = 0.30,
           .start_hz = note_hz(88),
           .end_hz = note_hz(88),
           .decay_power = 1.5,
           .duty = 0.5}},
         7000});
    // stomp: a soft thud and a puff of noise.
    recipes.push_back(
        {"stomp",
         {{.length_s = 0.16, .wave = Wave::triangle, .start_hz = 240, .end_hz = 60, .decay_power = 1.0},
          {.length_s = 0.08,
           .wave = Wave::noise,
           .start_hz = 3000,
           .end_hz = 800,
           .volume = 0.5,
           .decay_power = 2.0},
          {.start_s = 0.02,
           .length_s = 0.10,
           .start_hz = 500,
           .end_hz = 900,
           .volume = 0.35,
           .decay_power = 1.5,
           .duty = 0.25}},
         4000});
    // hurt: a wobbly falling buzz.
    recipes.push_back({"hurt",
                       {{.length_s = 0.32,
                         .start_hz = 520,
                         .end_hz = 160,
                         .decay_power = 1.0,
                         .duty = 0.5,
                         .vibrato_hz = 30,
                         .vibrato_depth = 0.08},
                        {.length_s = 0.10,
                         .wave = Wave::noise,
                         .start_hz = 4000,
                         .end_hz = 2000,
                         .volume = 0.4,
                         .decay_power = 2.0}},
                       3500});
    // switch: a mechanical click-clack.
    recipes.push_back({"switch",
                       {{.length_s = 0.03,
                         .wave = Wave::noise,
                         .start_hz = 8000,
                         .end_hz = 6000,
                         .volume = 0.7,
                         .decay_power = 2.0},
                        {.length_s = 0.05,
                         .start_hz = 1400,
                         .end_hz = 1400,
                         .volume = 0.6,
                         .decay_power = 2.0,
                         .duty = 0.25},
                        {.start_s = 0.07,
                         .length_s = 0.07,
                         .start_hz = 900,
                         .end_hz = 900,
                         .volume = 0.6,
                         .decay_power = 2.0,
                         .duty = 0.25}},
                       6000});
    // save: a bright rising arpeggio, C major.
    recipes.push_back(
        {"save",
         join(arpeggio(0.0, 0.06, Wave::square, {72, 76, 79, 84}, 0.6, 0.25), {{.start_s = 0.24,
                                                                                .length_s = 0.30,
                                                                                .wave = Wave::triangle,
                                                                                .start_hz = note_hz(84),
                                                                                .end_hz = note_hz(84),
                                                                                .decay_power = 1.5,
                                                                                .vibrato_hz = 7,
                                                                                .vibrato_depth = 0.01}}),
         6000});
    // load: a falling then returning arpeggio with a soft shimmer.
    recipes.push_back(
        {"load",
         join(arpeggio(0.0, 0.06, Wave::square, {84, 79, 76, 72}, 0.6, 0.25), {{.start_s = 0.24,
                                                                                .length_s = 0.30,
                                                                                .wave = Wave::triangle,
                                                                                .start_hz = note_hz(79),
                                                                                .end_hz = note_hz(79),
                                                                                .decay_power = 1.5,
                                                                                .vibrato_hz = 9,
                                                                                .vibrato_depth = 0.015}}),
         6000});
    // rewind: the start of a held rewind: a tape caught and spun backwards, a square voice sliding down
    // with a fast wobble over a falling hiss; rewind_loop carries on from it while rewind is held.
    recipes.push_back({"rewind",
                       {{.length_s = 0.20,
                         .start_hz = note_hz(88),
                         .end_hz = note_hz(72),
                         .volume = 0.55,
                         .attack_s = 0.005,
                         .decay_power = 0.8,
                         .duty = 0.25,
                         .vibrato_hz = 24,
                         .vibrato_depth = 0.06},
                        {.length_s = 0.20,
                         .wave = Wave::noise,
                         .start_hz = 5000,
                         .end_hz = 1500,
                         .volume = 0.18,
                         .attack_s = 0.01,
                         .decay_power = 1.2}},
                       5000});
    // rewind_loop: one second of tape running backwards, looped while rewind is held: four falling
    // wobbly chirps over a hiss, on a low drone whose pitch (110 Hz) and vibrato (4 Hz) both fit whole
    // cycles into the second, so the loop joins without a seam.
    {
        std::vector<Note> notes;
        for (int i = 0; i < 4; ++i) {
            notes.push_back({.start_s = 0.25 * i,
                             .length_s = 0.25,
                             .start_hz = note_hz(i % 2 ? 81 : 84),
                             .end_hz = note_hz(i % 2 ? 69 : 72),
                             .volume = 0.35,
                             .attack_s = 0.01,
                             .decay_power = 0.7,
                             .duty = 0.25,
                             .vibrato_hz = 24,
                             .vibrato_depth = 0.05});
            notes.push_back({.start_s = 0.25 * i,
                             .length_s = 0.25,
                             .wave = Wave::noise,
                             .start_hz = 4000,
                             .end_hz = 1500,
                             .volume = 0.12,
                             .attack_s = 0.02,
                             .decay_power = 0.5});
        }
        notes.push_back({.length_s = 1.0,
                         .wave = Wave::triangle,
                         .start_hz = 110,
                         .end_hz = 110,
                         .volume = 0.45,
                         .vibrato_hz = 4,
                         .vibrato_depth = 0.02,
                         .sustain = true});
        recipes.push_back({"rewind_loop", notes, 4000, true});
    }
    // goal: a short victory jingle with a bass line.
    {
        std::vector<Note> melody = arpeggio(0.0, 0.11, Wave::square, {72, 76, 79, 84, 79, 84}, 0.7, 0.25);
        melody.push_back({.start_s = 0.66,
                          .length_s = 0.8,
                          .start_hz = note_hz(88),
                          .end_hz = note_hz(88),
                          .volume = 0.7,
                          .decay_power = 1.2,
                          .duty = 0.25,
                          .vibrato_hz = 6,
                          .vibrato_depth = 0.012});
        std::vector<Note> bass = arpeggio(0.0, 0.22, Wave::triangle, {48, 55, 52}, 0.9);
        bass.push_back({.start_s = 0.66,
                        .length_s = 0.8,
                        .wave = Wave::triangle,
                        .start_hz = note_hz(48),
                        .end_hz = note_hz(48),
                        .volume = 0.9,
                        .decay_power = 1.0});
        recipes.push_back({"goal", join(melody, bass), 6000});
    }
    // death: a slow sad slide down with a wobble.
    recipes.push_back(
        {"death",
         join(arpeggio(0.0, 0.12, Wave::square, {76, 75, 74}, 0.6, 0.5), {{.start_s = 0.36,
                                                                           .length_s = 0.6,
                                                                           .start_hz = note_hz(73),
                                                                           .end_hz = note_hz(49),
                                                                           .volume = 0.6,
                                                                           .decay_power = 0.8,
                                                                           .duty = 0.5,
                                                                           .vibrato_hz = 10,
                                                                           .vibrato_depth = 0.03}}),
         3500});
    // shoot: a short zap.
    recipes.push_back({"shoot",
                       {{.length_s = 0.12, .start_hz = 1100, .end_hz = 250, .decay_power = 1.5, .duty = 0.25},
                        {.length_s = 0.05,
                         .wave = Wave::noise,
                         .start_hz = 6000,
                         .end_hz = 3000,
                         .volume = 0.4,
                         .decay_power = 2.0}},
                       5000});
    // checkpoint: a gentle two-note chime.
    recipes.push_back({"checkpoint",
                       {{.length_s = 0.12,
                         .wave = Wave::triangle,
                         .start_hz = note_hz(79),
                         .end_hz = note_hz(79),
                         .decay_power = 0.8},
                        {.start_s = 0.10,
                         .length_s = 0.45,
                         .wave = Wave::triangle,
                         .start_hz = note_hz(86),
                         .end_hz = note_hz(86),
                         .decay_power = 1.5},
                        {.start_s = 0.10,
                         .length_s = 0.30,
                         .start_hz = note_hz(86),
                         .end_hz = note_hz(86),
                         .volume = 0.25,
                         .decay_power = 2.0,
                         .duty = 0.125}},
                       6000});
    // menu_move: a tiny blip.
    recipes.push_back(
        {"menu_move",
         {{.length_s = 0.045, .start_hz = 660, .end_hz = 660, .decay_power = 1.0, .duty = 0.25}},
         5000});
    // menu_select: a two-tone confirm.
    recipes.push_back({"menu_select",
                       {{.length_s = 0.06, .start_hz = 660, .end_hz = 660, .decay_power = 0, .duty = 0.25},
                        {.start_s = 0.06,
                         .length_s = 0.14,
                         .start_hz = 990,
                         .end_hz = 990,
                         .decay_power = 1.2,
                         .duty = 0.25}},
                       5000});
    // spring: a rising, wobbling boing.
    recipes.push_back(
        {"spring",
         {{.length_s = 0.30,
           .start_hz = 160,
           .end_hz = 820,
           .attack_s = 0.003,
           .decay_power = 1.1,
           .duty = 0.25,
           .vibrato_hz = 22,
           .vibrato_depth = 0.10},
          {.length_s = 0.10, .wave = Wave::triangle, .start_hz = 120, .end_hz = 70, .volume = 0.6}},
         5000});
    // crumble: a crackle of noise over a low rumble.
    recipes.push_back(
        {"crumble",
         {{.length_s = 0.26, .wave = Wave::noise, .start_hz = 1800, .end_hz = 400, .decay_power = 1.6},
          {.length_s = 0.22, .wave = Wave::triangle, .start_hz = 110, .end_hz = 55, .volume = 0.7},
          {.start_s = 0.08,
           .length_s = 0.12,
           .wave = Wave::noise,
           .start_hz = 2600,
           .end_hz = 900,
           .volume = 0.5,
           .decay_power = 2.0}},
         3000});
    // gem: a rising triangle-wave arpeggio (E major, two octaves) with a shimmer on top: brighter and
    // longer than the coin's two square-wave notes, so a found secret sounds like one.
    {
        std::vector<Note> notes;
        const int arpeggio[] = {76, 80, 83, 88, 92};
        for (int i = 0; i < 5; ++i)
            notes.push_back({.start_s = 0.055 * i,
                             .length_s = i == 4 ? 0.45 : 0.16,
                             .wave = Wave::triangle,
                             .start_hz = note_hz(arpeggio[i]),
                             .end_hz = note_hz(arpeggio[i]),
                             .decay_power = 1.4,
                             .vibrato_hz = i == 4 ? 9.0 : 0.0,
                             .vibrato_depth = i == 4 ? 0.006 : 0.0});
        notes.push_back({.start_s = 0.22,
                         .length_s = 0.40,
                         .start_hz = note_hz(100),
                         .end_hz = note_hz(100),
                         .volume = 0.25,
                         .decay_power = 2.0,
                         .duty = 0.125});
        recipes.push_back({"gem", notes, 9000});
    }
    return recipes;
}

}  // namespace
}  // namespace qs

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: make_sounds OUTDIR\n");
        return 2;
    }
    const std::filesystem::path out_dir = argv[1];
    std::error_code ec;
    std::filesystem::create_directories(out_dir, ec);
    if (ec) {
        std::fprintf(stderr, "%s: %s\n", out_dir.string().c_str(), ec.message().c_str());
        return 1;
    }
    for (const auto& recipe : qs::sound_recipes()) {
        const auto samples = qs::render(recipe);
        const auto path = out_dir / (std::string(recipe.name) + ".wav");
        if (!qs::write_wav(path, samples)) {
            std::fprintf(stderr, "%s: cannot write\n", path.string().c_str());
            return 1;
        }
        std::printf("%s: %.2f s\n", path.string().c_str(),
                    static_cast<double>(samples.size()) / qs::sample_rate);
    }
    return 0;
}
