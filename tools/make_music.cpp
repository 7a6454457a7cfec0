// make_music: renders Quickstep's looping music tracks from text note lists (tools/music/*.txt) into
// 22050 Hz mono 16-bit WAV files whose end joins their start without a seam, each at -13.6 dBFS RMS.
//
// Usage: make_music OUTDIR SOURCE.txt...   (the committed set: make_music assets/music tools/music/*.txt)
//
// A source is a list of lines ('#' at the start of a word starts a comment):
//   tempo BPM                      beats per minute
//   steps_per_beat N               how many note tokens make a beat (default 4: a token is a 16th note)
//   lowpass HZ                     cut-off of the softening filter over the mix (default 7000)
//   voice NAME WAVE [KEY VALUE]... an instrument: WAVE is square, triangle, sine or noise; keys: vol
//                                  (loudness, default 0.5), duty (square, default 0.5), attack (seconds,
//                                  default 0.005), decay (envelope (1 - t)^decay over the note, default 1;
//                                  0 = flat), glide (semitones the pitch falls over the note: drums),
//                                  vibrato (Hz), depth (fraction of the pitch) and transpose (semitones)
//   NAME: TOKEN... [*N]            appends notes to the voice's part, N times when `*N` ends the line.
//                                  TOKEN is a note (C4, F#3, Bb5; A4 = 440 Hz), `.` (the note before goes
//                                  on one more step), `-` (one step of silence) or `|` (a bar line, ignored)
//   arrange PASS...                how the written loop (every voice's part) is played, once per PASS, the
//                                  passes together making the file's loop (without it: one plain pass).
//                                  A PASS is `A` followed by changes: `+N` or `-N` transposes the pitched
//                                  voices (not noise, not gliding drums) N semitones (at most 12), `!VOICE`
//                                  leaves VOICE out, `~SEED` varies the first voice's tune: a third of its
//                                  notes move to another note of the same bar, a sixth are held over from
//                                  the note before, chosen by a random source seeded with SEED (so the file
//                                  is the same every time). E.g. `arrange A A~1 A!lead A+5~2`.
// Every voice's part must be equally long. A note still sounding at the loop's end wraps round to its
// start, and the filter runs round the loop, so the file loops seamlessly.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <numbers>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "tools/oscillator.hpp"

namespace qs {
namespace {

constexpr int sample_rate = 22050;
/// -13.6 dBFS RMS: the game's default music volume (60 %) plays it at -18 dBFS RMS, under the effects (whose
/// loudest 50 ms play at -15 dBFS at the default 80 %, see make_sounds).
constexpr double loudness_rms = 0.209;
constexpr double soft_knee = 0.5;    ///< samples above -6 dBFS are bent on a tanh curve below full scale
constexpr double release_s = 0.012;  ///< every note fades out over its last 12 ms (no clicks)

using synth::Wave;

struct Voice {
    std::string name;
    Wave wave = Wave::square;
    double volume = 0.5, duty = 0.5, attack_s = 0.005, decay_power = 1.0, glide = 0;
    double vibrato_hz = 0, vibrato_depth = 0;
    int transpose = 0;
    /// One entry per step: a MIDI note that starts there, -1 for "continues", -2 for silence.
    std::vector<int> steps;
};

constexpr int kHold = -1, kRest = -2;

/// One pass of the written loop in the arrangement.
struct Pass {
    int transpose = 0;
    std::vector<std::string> muted;
    std::optional<std::uint32_t> vary_seed;
};

struct Track {
    double tempo = 120;
    int steps_per_beat = 4;
    double lowpass_hz = 7000;
    std::vector<Voice> voices;
    std::vector<Pass> passes;
};

/// Parses an `arrange` pass token (`A`, `A+5`, `A!lead~3`, ...).
std::optional<Pass> parse_pass(const std::string& token) {
    if (token.empty() || token[0] != 'A') return std::nullopt;
    Pass pass;
    std::size_t at = 1;
    while (at < token.size()) {
        const char kind = token[at++];
        std::size_t end = at;
        while (end < token.size() && std::string("+-!~").find(token[end]) == std::string::npos) ++end;
        const std::string value = token.substr(at, end - at);
        at = end;
        if (value.empty()) return std::nullopt;
        if (kind == '!') {
            pass.muted.push_back(value);
            continue;
        }
        if (value.find_first_not_of("0123456789") != std::string::npos || value.size() > 9)
            return std::nullopt;
        const int number = std::stoi(value);
        if (kind == '+' || kind == '-') {
            if (number > 12) return std::nullopt;
            pass.transpose = kind == '+' ? number : -number;
        } else if (kind == '~') {
            pass.vary_seed = static_cast<std::uint32_t>(number) * 2654435761u + 1;
        } else {
            return std::nullopt;
        }
    }
    return pass;
}

/// The first voice's tune with a third of its notes moved to another note of their bar and a sixth held
/// over from the note before.
std::vector<int> varied(const std::vector<int>& steps, std::size_t bar_steps, std::uint32_t seed) {
    synth::NoiseSource random(seed);
    std::vector<int> out = steps;
    for (std::size_t bar = 0; bar < steps.size(); bar += bar_steps) {
        std::vector<int> notes;
        for (std::size_t i = bar; i < std::min(steps.size(), bar + bar_steps); ++i)
            if (steps[i] >= 0) notes.push_back(steps[i]);
        for (std::size_t i = bar; i < std::min(steps.size(), bar + bar_steps); ++i) {
            if (steps[i] < 0) continue;
            const double roll = (random.next() + 1) / 2;  // 0..1
            if (roll < 1.0 / 3) {
                const auto pick =
                    static_cast<std::size_t>((random.next() + 1) / 2 * (notes.size() - 1) + 0.5);
                out[i] = notes[std::min(pick, notes.size() - 1)];
            } else if (roll < 0.5 && i > bar && out[i - 1] != kRest) {
                out[i] = kHold;
            }
        }
    }
    return out;
}

/// Plays the written loop once per pass into each voice's steps.
bool apply_arrangement(Track& track, std::string& error) {
    if (track.passes.empty()) return true;
    for (const Pass& pass : track.passes) {
        for (const std::string& name : pass.muted) {
            if (std::none_of(track.voices.begin(), track.voices.end(),
                             [&](const Voice& v) { return v.name == name; }))
                return error = "arrange: no voice named '" + name + "'", false;
        }
    }
    const auto bar_steps = static_cast<std::size_t>(track.steps_per_beat) * 4;
    for (std::size_t v = 0; v < track.voices.size(); ++v) {
        Voice& voice = track.voices[v];
        const std::vector<int> written = voice.steps;
        const bool pitched = voice.wave != Wave::noise && voice.glide == 0;
        voice.steps.clear();
        for (const Pass& pass : track.passes) {
            std::vector<int> steps =
                v == 0 && pass.vary_seed ? varied(written, bar_steps, *pass.vary_seed) : written;
            const bool muted =
                std::find(pass.muted.begin(), pass.muted.end(), voice.name) != pass.muted.end();
            for (int& step : steps) {
                if (muted)
                    step = kRest;
                else if (step >= 0 && pitched)
                    step += pass.transpose;
            }
            voice.steps.insert(voice.steps.end(), steps.begin(), steps.end());
        }
    }
    return true;
}

std::optional<int> parse_note(const std::string& token) {
    static const std::map<char, int> base{{'C', 0}, {'D', 2}, {'E', 4}, {'F', 5},
                                          {'G', 7}, {'A', 9}, {'B', 11}};
    if (token.size() < 2) return std::nullopt;
    const auto letter = base.find(token[0]);
    if (letter == base.end()) return std::nullopt;
    int semitone = letter->second;
    std::size_t at = 1;
    if (token[at] == '#') {
        ++semitone;
        ++at;
    } else if (token[at] == 'b') {
        --semitone;
        ++at;
    }
    if (at + 1 != token.size() || token[at] < '0' || token[at] > '9') return std::nullopt;
    return (token[at] - '0' + 1) * 12 + semitone;  // C4 = 60
}

bool parse_track(const std::filesystem::path& path, Track& track, std::string& error) {
    std::ifstream in(path);
    if (!in) {
        error = path.string() + ": cannot read the file";
        return false;
    }
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        const std::string where = path.string() + ":" + std::to_string(number) + ": ";
        // A comment starts with '#' at the start of a word ('#' inside a word is a sharp: C#4).
        for (std::size_t hash = line.find('#'); hash != std::string::npos; hash = line.find('#', hash + 1)) {
            if (hash == 0 || line[hash - 1] == ' ' || line[hash - 1] == '\t') {
                line.erase(hash);
                break;
            }
        }
        std::istringstream words(line);
        std::string first;
        if (!(words >> first)) continue;
        if (first == "tempo") {
            if (!(words >> track.tempo) || track.tempo <= 0)
                return error = where + "tempo needs a BPM", false;
        } else if (first == "steps_per_beat") {
            if (!(words >> track.steps_per_beat) || track.steps_per_beat <= 0)
                return error = where + "steps_per_beat needs a whole number", false;
        } else if (first == "lowpass") {
            if (!(words >> track.lowpass_hz) || track.lowpass_hz <= 0)
                return error = where + "lowpass needs Hz", false;
        } else if (first == "voice") {
            Voice voice;
            std::string wave;
            if (!(words >> voice.name >> wave)) return error = where + "voice needs NAME WAVE", false;
            const std::map<std::string, Wave> waves{{"square", Wave::square},
                                                    {"triangle", Wave::triangle},
                                                    {"sine", Wave::sine},
                                                    {"noise", Wave::noise}};
            if (!waves.count(wave)) return error = where + "unknown wave '" + wave + "'", false;
            voice.wave = waves.at(wave);
            std::string key;
            double value = 0;
            while (words >> key) {
                if (!(words >> value)) return error = where + key + " needs a number", false;
                if (key == "vol")
                    voice.volume = value;
                else if (key == "duty")
                    voice.duty = value;
                else if (key == "attack")
                    voice.attack_s = value;
                else if (key == "decay")
                    voice.decay_power = value;
                else if (key == "glide")
                    voice.glide = value;
                else if (key == "vibrato")
                    voice.vibrato_hz = value;
                else if (key == "depth")
                    voice.vibrato_depth = value;
                else if (key == "transpose")
                    voice.transpose = static_cast<int>(value);
                else
                    return error = where + "unknown voice key '" + key + "'", false;
            }
            track.voices.push_back(voice);
        } else if (first == "arrange") {
            std::string token;
            while (words >> token) {
                const auto pass = parse_pass(token);
                if (!pass)
                    return error = where + "'" + token + "' is not a pass (A, A+5, A!voice, A~1)", false;
                track.passes.push_back(*pass);
            }
            if (track.passes.empty() || track.passes.size() > 64)
                return error = where + "arrange needs 1 to 64 passes", false;
        } else if (first.back() == ':') {
            const std::string name = first.substr(0, first.size() - 1);
            auto voice = std::find_if(track.voices.begin(), track.voices.end(),
                                      [&](const Voice& v) { return v.name == name; });
            if (voice == track.voices.end()) return error = where + "no voice named '" + name + "'", false;
            std::vector<int> part;
            int repeat = 1;
            std::string token;
            while (words >> token) {
                if (token == "|") continue;
                if (token[0] == '*') {
                    repeat = std::atoi(token.c_str() + 1);
                    if (repeat <= 0) return error = where + "bad repeat '" + token + "'", false;
                    continue;
                }
                if (token == ".") {
                    part.push_back(kHold);
                } else if (token == "-") {
                    part.push_back(kRest);
                } else if (const auto note = parse_note(token)) {
                    part.push_back(*note + voice->transpose);
                } else {
                    return error = where + "'" + token + "' is not a note, '.', '-' or '|'", false;
                }
            }
            for (int i = 0; i < repeat; ++i)
                voice->steps.insert(voice->steps.end(), part.begin(), part.end());
        } else {
            return error = where + "unknown line '" + first + "'", false;
        }
    }
    if (track.voices.empty()) return error = path.string() + ": no voices", false;
    for (const Voice& voice : track.voices) {
        if (voice.steps.size() != track.voices.front().steps.size() || voice.steps.empty()) {
            error = path.string() + ": voice '" + voice.name + "' has " + std::to_string(voice.steps.size()) +
                    " steps, '" + track.voices.front().name + "' has " +
                    std::to_string(track.voices.front().steps.size()) +
                    " (every part must be as long as the loop)";
            return false;
        }
    }
    if (!apply_arrangement(track, error)) return error = path.string() + ": " + error, false;
    return true;
}

double note_hz(double midi) {
    return 440.0 * std::pow(2.0, (midi - 69) / 12.0);
}

/// Renders one loop; samples past the end wrap to the start.
std::vector<double> render(const Track& track) {
    const double step_samples = sample_rate * 60.0 / (track.tempo * track.steps_per_beat);
    const std::size_t steps = track.voices.front().steps.size();
    const auto loop = static_cast<std::size_t>(std::lround(steps * step_samples));
    std::vector<double> mix(loop, 0.0);
    synth::NoiseSource noise(0x9e3779b9u);
    for (const Voice& voice : track.voices) {
        for (std::size_t step = 0; step < steps; ++step) {
            const int midi = voice.steps[step];
            if (midi < 0) continue;
            std::size_t length_steps = 1;
            while (step + length_steps < steps && voice.steps[step + length_steps] == kHold) ++length_steps;
            const auto first = static_cast<std::size_t>(std::lround(step * step_samples));
            const auto count = static_cast<std::size_t>(std::lround(length_steps * step_samples));
            const double length_s = static_cast<double>(count) / sample_rate;
            synth::Oscillator oscillator;
            for (std::size_t i = 0; i < count; ++i) {
                const double t = static_cast<double>(i) / sample_rate;
                const double progress = t / length_s;
                double hz = note_hz(midi - voice.glide * progress);
                if (voice.vibrato_hz > 0)
                    hz *= 1.0 + voice.vibrato_depth * std::sin(2 * std::numbers::pi * voice.vibrato_hz * t);
                const double value = oscillator.next(voice.wave, hz, sample_rate, voice.duty, noise);
                double envelope = t < voice.attack_s ? t / voice.attack_s : 1.0;
                if (voice.decay_power > 0)
                    envelope *= std::pow(std::max(0.0, 1.0 - progress), voice.decay_power);
                envelope *= std::min(1.0, (length_s - t) / release_s);
                mix[(first + i) % loop] += value * voice.volume * envelope;
            }
        }
    }
    // One-pole low-pass, run round the loop twice so its state at the start is the state at the end.
    const double alpha = 1.0 - std::exp(-2 * std::numbers::pi * track.lowpass_hz / sample_rate);
    double state = 0;
    for (double sample : mix) state += alpha * (sample - state);
    for (double& sample : mix) {
        state += alpha * (sample - state);
        sample = state;
    }
    // Level by loudness (RMS of the whole loop), then bend the few peaks (drum hits) softly under full scale.
    double power = 0;
    for (double sample : mix) power += sample * sample;
    power /= static_cast<double>(mix.size());
    if (power > 0) {
        for (double& sample : mix) {
            sample *= loudness_rms / std::sqrt(power);
            const double size = std::abs(sample);
            if (size > soft_knee)
                sample = std::copysign(
                    soft_knee + (1 - soft_knee) * std::tanh((size - soft_knee) / (1 - soft_knee)), sample);
        }
    }
    return mix;
}

void put_u32(std::ofstream& out, std::uint32_t value) {
    for (int i = 0; i < 4; ++i) out.put(static_cast<char>(value >> (8 * i) & 0xff));
}
void put_u16(std::ofstream& out, std::uint16_t value) {
    out.put(static_cast<char>(value & 0xff));
    out.put(static_cast<char>(value >> 8));
}

bool write_wav(const std::filesystem::path& path, const std::vector<double>& samples) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    const auto data_bytes = static_cast<std::uint32_t>(samples.size() * 2);
    out.write("RIFF", 4);
    put_u32(out, 36 + data_bytes);
    out.write("WAVEfmt ", 8);
    put_u32(out, 16);
    put_u16(out, 1);  // PCM
    put_u16(out, 1);  // mono
    put_u32(out, sample_rate);
    put_u32(out, sample_rate * 2);
    put_u16(out, 2);
    put_u16(out, 16);
    out.write("data", 4);
    put_u32(out, data_bytes);
    for (double sample : samples) {
        const long value = std::lround(std::clamp(sample, -1.0, 1.0) * 32767.0);
        put_u16(out, static_cast<std::uint16_t>(static_cast<std::int16_t>(value)));
    }
    out.close();
    return static_cast<bool>(out);
}

}  // namespace
}  // namespace qs

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: make_music OUTDIR SOURCE.txt...\n");
        return 2;
    }
    const std::filesystem::path out_dir = argv[1];
    std::error_code ec;
    std::filesystem::create_directories(out_dir, ec);
    int status = 0;
    for (int i = 2; i < argc; ++i) {
        const std::filesystem::path source = argv[i];
        qs::Track track;
        std::string error;
        if (!qs::parse_track(source, track, error)) {
            std::fprintf(stderr, "make_music: %s\n", error.c_str());
            status = 1;
            continue;
        }
        const std::vector<double> samples = qs::render(track);
        const std::filesystem::path out = out_dir / (source.stem().string() + ".wav");
        if (!qs::write_wav(out, samples)) {
            std::fprintf(stderr, "make_music: %s: cannot write\n", out.string().c_str());
            status = 1;
            continue;
        }
        std::printf("%s: %.1f s loop, %zu voices\n", out.string().c_str(),
                    static_cast<double>(samples.size()) / qs::sample_rate, track.voices.size());
    }
    return status;
}
