// Tests for the generated art and sound assets and the engine pieces that use them: BitmapFont, Audio,
// assets/sprites/sheet.json against sheet.png, and the committed WAV files.
#include <SDL.h>
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/audio.hpp"
#include "engine/bitmap_font.hpp"
#include "engine/png_image.hpp"

namespace {

const std::filesystem::path assets_dir = std::filesystem::path(QUICKSTEP_SOURCE_DIR) / "assets";

/// A software renderer drawing into an RGBA surface, released at scope end.
struct SoftwareCanvas {
    SDL_Surface* surface = nullptr;
    SDL_Renderer* renderer = nullptr;

    SoftwareCanvas(int width, int height) {
        surface = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_RGBA8888);
        if (surface) renderer = SDL_CreateSoftwareRenderer(surface);
    }
    ~SoftwareCanvas() {
        if (renderer) SDL_DestroyRenderer(renderer);
        if (surface) SDL_FreeSurface(surface);
    }
    SoftwareCanvas(const SoftwareCanvas&) = delete;
    SoftwareCanvas& operator=(const SoftwareCanvas&) = delete;

    void clear_black() {
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255);
        SDL_RenderClear(renderer);
    }

    /// Counts pixels that are not black.
    int lit_pixels() {
        SDL_RenderPresent(renderer);
        std::vector<std::uint32_t> pixels(static_cast<std::size_t>(surface->w) * surface->h);
        SDL_RenderReadPixels(renderer, nullptr, SDL_PIXELFORMAT_RGBA8888, pixels.data(), surface->w * 4);
        int lit = 0;
        for (auto pixel : pixels) lit += (pixel & 0xffffff00u) != 0;
        return lit;
    }
};

/// Sets an environment variable for the scope and restores the old value afterwards.
struct ScopedEnv {
    std::string name;
    std::string old_value;
    bool had_value = false;
    ScopedEnv(const char* key, const char* value) : name(key) {
        if (const char* old = std::getenv(key)) {
            had_value = true;
            old_value = old;
        }
        setenv(key, value, 1);
    }
    ~ScopedEnv() {
        if (had_value)
            setenv(name.c_str(), old_value.c_str(), 1);
        else
            unsetenv(name.c_str());
    }
};

nlohmann::json read_json(const std::filesystem::path& path) {
    std::ifstream in(path);
    REQUIRE_MESSAGE(in.good(), path.string());
    return nlohmann::json::parse(in);
}

const char* const required_animations[] = {
    "player_idle",   "player_run", "player_jump", "player_fall",     "player_hurt",
    "walker_walk",   "coin",       "door_closed", "door_open",       "switch_off",
    "switch_on",     "platform",   "turret",      "projectile",      "checkpoint_off",
    "checkpoint_on", "goal",       "tile_ground", "tile_ground_top", "tile_oneway",
    "tile_spikes",   "tile_ice",   "heart",       "coin_small"};

const char* const required_sounds[] = {"jump",       "coin",      "stomp",      "hurt",  "switch",
                                       "save",       "load",      "goal",       "death", "shoot",
                                       "checkpoint", "menu_move", "menu_select"};

}  // namespace

TEST_CASE("art: font loads, measures and draws") {
    SoftwareCanvas canvas(200, 60);
    REQUIRE(canvas.renderer != nullptr);
    const auto layout = read_json(assets_dir / "font" / "font.json");
    const int advance = layout.at("advance");
    const int glyph_h = layout.at("glyph_h");
    CHECK(int(layout.at("first")) == 32);

    qs::BitmapFont font;
    CHECK_FALSE(font.loaded());
    std::string error;
    REQUIRE_MESSAGE(font.load(canvas.renderer, assets_dir / "font" / "font.png",
                              assets_dir / "font" / "font.json", error),
                    error);
    CHECK(font.loaded());

    CHECK(font.text_width("") == 0);
    CHECK(font.text_width("Hello") == 5 * advance);
    CHECK(font.text_width("Hello", 3) == 15 * advance);
    CHECK(font.text_width("ab\nlonger\nc") == 6 * advance);
    CHECK(font.text_width("caf\xc3\xa9") == 4 * advance);  // one '?' per UTF-8 character
    CHECK(font.line_height() == glyph_h);
    CHECK(font.line_height(2) == 2 * glyph_h);

    canvas.clear_black();
    CHECK(canvas.lit_pixels() == 0);
    font.draw(canvas.renderer, 2, 2, "   ", {255, 255, 255, 255});
    CHECK(canvas.lit_pixels() == 0);
    font.draw(canvas.renderer, 2, 2, "Hi!", {255, 255, 255, 255});
    const int small = canvas.lit_pixels();
    CHECK(small > 5);

    canvas.clear_black();
    font.draw(canvas.renderer, 2, 2, "Hi!", {255, 255, 255, 255}, 2);
    CHECK(canvas.lit_pixels() == 4 * small);

    // Every printable character has ink except the space.
    for (char ch = 33; ch < 127; ++ch) {
        canvas.clear_black();
        font.draw(canvas.renderer, 0, 0, std::string(1, ch), {255, 255, 255, 255});
        CHECK_MESSAGE(canvas.lit_pixels() > 0, "glyph '" << ch << "' is empty");
    }
}

TEST_CASE("art: font load failures are reported, not fatal") {
    SoftwareCanvas canvas(16, 16);
    REQUIRE(canvas.renderer != nullptr);
    qs::BitmapFont font;
    std::string error;
    CHECK_FALSE(font.load(canvas.renderer, assets_dir / "font" / "missing.png",
                          assets_dir / "font" / "font.json", error));
    CHECK_FALSE(error.empty());
    error.clear();
    CHECK_FALSE(font.load(canvas.renderer, assets_dir / "font" / "font.png", assets_dir / "font" / "font.png",
                          error));
    CHECK_FALSE(error.empty());
    CHECK_FALSE(font.loaded());
    font.draw(canvas.renderer, 0, 0, "no font", {255, 255, 255, 255});  // a no-op, not a crash
    CHECK(font.text_width("abc") == 0);
}

TEST_CASE("art: audio disabled is silent and safe") {
    qs::Audio audio(false);
    CHECK_FALSE(audio.available());
    CHECK(audio.load("jump", assets_dir / "sounds" / "jump.wav"));
    CHECK_FALSE(audio.load("nope", assets_dir / "sounds" / "missing.wav"));
    audio.play("jump");
    audio.play("unknown");
    audio.set_volume(150);
    CHECK(audio.volume() == 100);
    audio.set_volume(-4);
    CHECK(audio.volume() == 0);
}

TEST_CASE("art: audio on the dummy driver loads and plays or degrades") {
    ScopedEnv driver("SDL_AUDIODRIVER", "dummy");
    for (int round = 0; round < 2; ++round) {  // open and close twice: nothing may leak between objects
        qs::Audio audio(true);
        // SDL2_mixer is loaded at run time (not linked): on the dummy driver it opens.
        REQUIRE_MESSAGE(audio.available(), audio.error());
        for (const char* name : required_sounds) {
            CHECK_MESSAGE(audio.load(name, assets_dir / "sounds" / (std::string(name) + ".wav")),
                          audio.error());
        }
        CHECK_FALSE(audio.load("bad", assets_dir / "sprites" / "sheet.json"));
        for (const char* name : required_sounds) audio.play(name);
        audio.play("not loaded");
        audio.set_volume(40);
        CHECK(audio.volume() == 40);
    }
    {
        ScopedEnv no_driver("SDL_AUDIODRIVER", "none");
        qs::Audio audio(true);
        CHECK_FALSE(audio.available());
        audio.play("jump");
    }
}

TEST_CASE("art: music plays, changes track, fades and keeps its own volume, or degrades silently") {
    const char* tracks[] = {"title", "day", "dusk", "cave", "snow", "works"};
    {
        qs::Audio silent(false);
        CHECK(silent.play_music(assets_dir / "music" / "day.ogg"));
        CHECK(silent.music_file() == assets_dir / "music" / "day.ogg");
        silent.set_music_volume(130);
        CHECK(silent.music_volume() == 100);
        silent.duck_music(30);
        silent.update();
        silent.stop_music();
        CHECK(silent.music_file().empty());
    }
    ScopedEnv driver("SDL_AUDIODRIVER", "dummy");
    qs::Audio audio(true);
    REQUIRE_MESSAGE(audio.available(), audio.error());
    for (const char* track : tracks) {
        CAPTURE(track);
        CHECK_MESSAGE(audio.play_music(assets_dir / "music" / (std::string(track) + ".ogg"), 50),
                      audio.error());
        for (int frame = 0; frame < 5; ++frame) audio.update();
    }
    CHECK(audio.music_file() == assets_dir / "music" / "works.ogg");
    CHECK(audio.play_music(assets_dir / "music" / "works.ogg"));  // the same track: keeps playing
    CHECK_FALSE(audio.play_music(assets_dir / "music" / "missing.ogg"));
    CHECK_FALSE(audio.error().empty());
    audio.set_volume(20);
    audio.set_music_volume(70);
    CHECK(audio.volume() == 20);
    CHECK(audio.music_volume() == 70);
    audio.duck_music(40);
    audio.stop_music(0);
    audio.update();
    CHECK(audio.music_file().empty());
}

TEST_CASE("art: every music track is an Ogg Vorbis loop of one to three minutes") {
    // Read from the Ogg pages: the sample rate in the Vorbis identification header, the length in samples
    // as the granule position of the last page (its header's bytes 6..13, little endian).
    for (const char* track : {"title", "day", "dusk", "cave", "snow", "works"}) {
        CAPTURE(track);
        std::ifstream in(assets_dir / "music" / (std::string(track) + ".ogg"), std::ios::binary);
        const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        REQUIRE(bytes.rfind("OggS", 0) == 0);
        CHECK(bytes.size() < 1'000'000);  // the repository stays small
        const std::size_t ident = bytes.find("\x01vorbis");
        REQUIRE(ident != std::string::npos);
        REQUIRE(ident + 16 <= bytes.size());
        const auto byte = [&](std::size_t at) {
            return static_cast<std::uint64_t>(static_cast<unsigned char>(bytes[at]));
        };
        CHECK(byte(ident + 11) == 1);  // mono
        const std::uint64_t rate =
            byte(ident + 12) | byte(ident + 13) << 8 | byte(ident + 14) << 16 | byte(ident + 15) << 24;
        CHECK(rate == 22050);
        const std::size_t last = bytes.rfind("OggS");
        REQUIRE(last + 14 <= bytes.size());
        std::uint64_t granule = 0;
        for (int i = 7; i >= 0; --i) granule = granule << 8 | byte(last + 6 + static_cast<std::size_t>(i));
        const double seconds =
            static_cast<double>(granule) / static_cast<double>(std::max<std::uint64_t>(rate, 1));
        CAPTURE(seconds);
        CHECK(seconds >= 60);
        CHECK(seconds <= 180);
    }
}

TEST_CASE("art: the rewind loop joins its end to its start without a seam") {
    SDL_AudioSpec spec;
    Uint8* buffer = nullptr;
    Uint32 length = 0;
    const std::string path = (assets_dir / "sounds" / "rewind_loop.wav").string();
    REQUIRE_MESSAGE(SDL_LoadWAV(path.c_str(), &spec, &buffer, &length), SDL_GetError());
    const auto* samples = reinterpret_cast<const Sint16*>(buffer);
    const std::size_t count = length / 2;
    REQUIRE(count > 1000);
    long largest_step = 0;
    for (std::size_t i = 1; i < count; ++i)
        largest_step = std::max(largest_step, std::labs(long(samples[i]) - samples[i - 1]));
    CHECK(std::labs(long(samples[0]) - samples[count - 1]) <= largest_step);
    CHECK(std::labs(long(samples[count - 1])) > 100);  // no fade to silence at the end: it sounds on
    SDL_FreeWAV(buffer);
}

TEST_CASE("art: sheet.json names every required animation inside sheet.png") {
    const auto sheet = read_json(assets_dir / "sprites" / "sheet.json");
    CHECK(int(sheet.at("tile_size")) == 16);
    std::string error;
    const auto image = qs::load_png_rgba(assets_dir / "sprites" / "sheet.png", 1 << 24, error);
    REQUIRE_MESSAGE(image.has_value(), error);
    const auto& animations = sheet.at("animations");
    for (const char* name : required_animations) {
        CAPTURE(name);
        REQUIRE(animations.contains(name));
    }
    CHECK(int(animations.at("player_idle").at("frames")) >= 2);
    CHECK(int(animations.at("player_run").at("frames")) >= 4);
    CHECK(int(animations.at("walker_walk").at("frames")) >= 2);
    CHECK(int(animations.at("coin").at("frames")) >= 4);
    CHECK(int(animations.at("checkpoint_on").at("frames")) >= 2);
    CHECK(int(animations.at("goal").at("frames")) >= 2);
    for (const auto& item : animations.items()) {
        // A named copy, not a structured binding: CAPTURE's lambda cannot capture bindings in clang 14.
        const std::string name = item.key();
        const auto& animation = item.value();
        CAPTURE(name);
        const int x = animation.at("x"), y = animation.at("y"), w = animation.at("w"), h = animation.at("h");
        const int frames = animation.at("frames"), fps = animation.at("fps");
        CHECK(frames >= 1);
        CHECK(fps >= 0);
        CHECK(x >= 0);
        CHECK(y >= 0);
        CHECK(w == 16);
        CHECK(h == 16);
        CHECK(x + frames * w <= image->width);
        CHECK(y + h <= image->height);
        // Every frame has something drawn in it.
        for (int frame = 0; frame < frames; ++frame) {
            bool any_ink = false;
            for (int py = y; py < y + h && !any_ink; ++py) {
                for (int px = x + frame * w; px < x + (frame + 1) * w; ++px) {
                    if ((image->at(px, py) & 0xff) != 0) {
                        any_ink = true;
                        break;
                    }
                }
            }
            CHECK_MESSAGE(any_ink, "frame " << frame << " is empty");
        }
    }
}

TEST_CASE("art: every required sound is a short valid WAV") {
    for (const char* name : required_sounds) {
        CAPTURE(name);
        const auto path = assets_dir / "sounds" / (std::string(name) + ".wav");
        SDL_AudioSpec spec;
        Uint8* buffer = nullptr;
        Uint32 length = 0;
        REQUIRE_MESSAGE(SDL_LoadWAV(path.string().c_str(), &spec, &buffer, &length) != nullptr,
                        SDL_GetError());
        CHECK(spec.channels == 1);
        CHECK(spec.format == AUDIO_S16LSB);
        CHECK((spec.freq == 22050 || spec.freq == 44100));
        const double seconds = static_cast<double>(length) / 2 / spec.freq;
        CHECK(seconds > 0.02);
        CHECK(seconds <= (std::string(name) == "goal" ? 2.0 : 1.0));
        // Levelled by loudness: the loudest 50 ms at -13 dBFS RMS, unless the peak limit (-7 dBFS) came
        // first.
        int peak = 0;
        const auto* samples = reinterpret_cast<const Sint16*>(buffer);
        const std::size_t count = length / 2;
        const std::size_t window = std::min<std::size_t>(count, static_cast<std::size_t>(spec.freq) / 20);
        double sum = 0, loudest = 0;
        for (std::size_t i = 0; i < count; ++i) {
            peak = std::max(peak, std::abs(static_cast<int>(samples[i])));
            sum += double(samples[i]) * samples[i];
            if (i >= window) sum -= double(samples[i - window]) * samples[i - window];
            if (i + 1 >= window) loudest = std::max(loudest, sum / static_cast<double>(window));
        }
        const double loudest_dbfs = 10 * std::log10(loudest / (32768.0 * 32768.0));
        const double peak_dbfs = 20 * std::log10(peak / 32768.0);
        CAPTURE(loudest_dbfs);
        CAPTURE(peak_dbfs);
        CHECK(peak_dbfs <= -6.95);
        CHECK(loudest_dbfs <= -12.9);
        CHECK((loudest_dbfs >= -13.1 || peak_dbfs >= -7.05));
        CHECK(loudest_dbfs >= -20);
        SDL_FreeWAV(buffer);
    }
}
