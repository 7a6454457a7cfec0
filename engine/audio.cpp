// Sound effects through SDL2_mixer; every SDL resource is owned by the Audio object and released with it.
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
    if (mixer_open_) Mix_HaltChannel(-1);
    chunks_.clear();  // chunks must go before the mixer closes
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

}  // namespace qs
