// Sound effects and music through SDL2_mixer; every SDL resource is owned by the Audio object and released
// with it.
#include "engine/audio.hpp"

#include <SDL.h>
#include <SDL_mixer.h>

#include <algorithm>

namespace qs {
namespace {

constexpr int mixer_frequency = 44100;
constexpr int mixer_channels_out = 2;
constexpr int mixer_chunk_bytes = 1024;
constexpr int mixing_channels = 16;

}  // namespace

void Audio::ChunkDeleter::operator()(Mix_Chunk* chunk) const {
    Mix_FreeChunk(chunk);
}

void Audio::MusicDeleter::operator()(Mix_Music* music) const {
    Mix_FreeMusic(music);
}

Audio::Audio(bool enable) {
    if (!enable) return;
    if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
        error_ = std::string("no audio: ") + SDL_GetError();
        return;
    }
    audio_subsystem_started_ = true;
    if (Mix_OpenAudio(mixer_frequency, AUDIO_S16SYS, mixer_channels_out, mixer_chunk_bytes) != 0) {
        error_ = std::string("no audio device: ") + Mix_GetError();
        return;
    }
    mixer_open_ = true;
    Mix_AllocateChannels(mixing_channels);
    Mix_Volume(-1, MIX_MAX_VOLUME);
    available_ = true;
}

Audio::~Audio() {
    if (mixer_open_) {
        Mix_HaltChannel(-1);
        Mix_HaltMusic();
    }
    music_.reset();
    chunks_.clear();  // chunks and music must go before the mixer closes
    if (mixer_open_) Mix_CloseAudio();
    if (audio_subsystem_started_) SDL_QuitSubSystem(SDL_INIT_AUDIO);
}

bool Audio::load(const std::string& name, const std::filesystem::path& wav) {
    const std::string path = wav.string();
    if (!available_) {
        // Check the file anyway so a broken asset shows up in headless runs too.
        SDL_AudioSpec spec;
        Uint8* buffer = nullptr;
        Uint32 length = 0;
        if (!SDL_LoadWAV(path.c_str(), &spec, &buffer, &length)) {
            error_ = path + ": " + SDL_GetError();
            return false;
        }
        SDL_FreeWAV(buffer);
        return true;
    }
    ChunkPtr chunk(Mix_LoadWAV(path.c_str()));
    if (!chunk) {
        error_ = path + ": " + Mix_GetError();
        return false;
    }
    chunks_.insert_or_assign(name, std::move(chunk));
    return true;
}

void Audio::play(const std::string& name) {
    if (!available_) return;
    auto found = chunks_.find(name);
    if (found == chunks_.end()) return;
    Mix_PlayChannel(-1, found->second.get(), 0);
}

void Audio::set_volume(int percent_0_100) {
    volume_percent_ = std::clamp(percent_0_100, 0, 100);
    if (available_) Mix_Volume(-1, volume_percent_ * MIX_MAX_VOLUME / 100);
}

bool Audio::play_music(const std::filesystem::path& file, int fade_ms) {
    if (file == music_file_) return true;
    music_file_ = file;
    if (!available_) return true;
    const std::string path = file.string();
    MusicPtr next(Mix_LoadMUS(path.c_str()));
    if (!next) {
        error_ = path + ": " + Mix_GetError();
        music_file_.clear();
        return false;
    }
    next_music_ = std::move(next);
    fade_in_ms_ = std::max(0, fade_ms);
    // The track playing fades out first; update() starts the next one once it is silent.
    if (music_ && Mix_PlayingMusic() && !Mix_FadingMusic()) Mix_FadeOutMusic(std::min(fade_in_ms_, 300));
    update();
    return true;
}

void Audio::stop_music(int fade_ms) {
    music_file_.clear();
    next_music_.reset();
    if (available_ && music_ && Mix_PlayingMusic() && !Mix_FadingMusic()) {
        if (fade_ms > 0) {
            Mix_FadeOutMusic(std::min(fade_ms, 300));
        } else {
            Mix_HaltMusic();
        }
    }
}

void Audio::update() {
    if (!available_ || Mix_PlayingMusic()) return;
    music_.reset();
    if (!next_music_) return;
    music_ = std::move(next_music_);
    apply_music_volume();
    if (Mix_FadeInMusic(music_.get(), -1, fade_in_ms_) != 0) error_ = Mix_GetError();
}

void Audio::set_music_volume(int percent_0_100) {
    music_volume_percent_ = std::clamp(percent_0_100, 0, 100);
    apply_music_volume();
}

void Audio::duck_music(int percent_0_100) {
    music_duck_percent_ = std::clamp(percent_0_100, 0, 100);
    apply_music_volume();
}

void Audio::apply_music_volume() {
    if (available_) Mix_VolumeMusic(music_volume_percent_ * music_duck_percent_ * MIX_MAX_VOLUME / 10000);
}

}  // namespace qs
