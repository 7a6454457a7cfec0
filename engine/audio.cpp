// Sound effects and music through SDL2_mixer, loaded with SDL_LoadObject when audio is enabled (and kept
// loaded); every SDL resource is owned by the Audio object and released with it.
#include "engine/audio.hpp"

#include "engine/audio_limiter.hpp"

#include <SDL.h>
#include <SDL_mixer.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace qs {
namespace {

constexpr int mixer_frequency = 44100;
constexpr int mixer_channels_out = 2;
constexpr int mixer_chunk_bytes = 1024;
constexpr int mixing_channels = 16;
/// The mixer's headroom: effects and music play at a quarter of full volume (-12 dB), the limiter's
/// makeup gain (4) brings the sum back up.
constexpr int headroom_divisor = 4;
/// Copies of one effect that may sound at once; a further one fades the oldest out over fade_copy_ms.
constexpr int max_copies = 2;
constexpr int fade_copy_ms = 20;
constexpr int loop_fade_ms = 100;

/// SDL2_mixer's library names: its soname, then the development link.
constexpr const char* mixer_library_names[] = {"libSDL2_mixer-2.0.so.0", "libSDL2_mixer.so"};

}  // namespace

struct Audio::Mixer {
    void* library = nullptr;  ///< SDL_LoadObject's handle
    decltype(&Mix_OpenAudio) OpenAudio = nullptr;
    decltype(&Mix_CloseAudio) CloseAudio = nullptr;
    decltype(&Mix_AllocateChannels) AllocateChannels = nullptr;
    decltype(&Mix_Volume) Volume = nullptr;
    decltype(&Mix_HaltChannel) HaltChannel = nullptr;
    decltype(&Mix_HaltMusic) HaltMusic = nullptr;
    decltype(&Mix_LoadWAV) LoadWAV = nullptr;
    decltype(&Mix_FreeChunk) FreeChunk = nullptr;
    decltype(&Mix_PlayChannel) PlayChannel = nullptr;
    decltype(&Mix_LoadMUS) LoadMUS = nullptr;
    decltype(&Mix_FreeMusic) FreeMusic = nullptr;
    decltype(&Mix_PlayingMusic) PlayingMusic = nullptr;
    decltype(&Mix_FadingMusic) FadingMusic = nullptr;
    decltype(&Mix_FadeOutMusic) FadeOutMusic = nullptr;
    decltype(&Mix_FadeInMusic) FadeInMusic = nullptr;
    decltype(&Mix_VolumeMusic) VolumeMusic = nullptr;
    decltype(&Mix_VolumeChunk) VolumeChunk = nullptr;
    decltype(&Mix_Playing) Playing = nullptr;
    decltype(&Mix_GetChunk) GetChunk = nullptr;
    decltype(&Mix_FadeOutChannel) FadeOutChannel = nullptr;
    decltype(&Mix_QuerySpec) QuerySpec = nullptr;
    decltype(&Mix_SetPostMix) SetPostMix = nullptr;

    // The library is never unloaded: it stays for the rest of the process, as a linked one would (the
    // libraries it pulls in keep memory from their start-up that is freed only with the process).
    /// Loads the library and looks up every function; on failure sets `error` and returns false.
    bool load(std::string& error) {
        for (const char* name : mixer_library_names) {
            library = SDL_LoadObject(name);
            if (library) break;
        }
        if (!library) {
            error = std::string("no audio: cannot load SDL2_mixer (") + mixer_library_names[0] +
                    "): " + SDL_GetError();
            return false;
        }
        bool found = true;
        const auto look_up = [&](auto& function, const char* name) {
            function = reinterpret_cast<std::remove_reference_t<decltype(function)>>(
                SDL_LoadFunction(library, name));
            if (!function && found) {
                error = std::string("no audio: SDL2_mixer has no ") + name;
                found = false;
            }
        };
        look_up(OpenAudio, "Mix_OpenAudio");
        look_up(CloseAudio, "Mix_CloseAudio");
        look_up(AllocateChannels, "Mix_AllocateChannels");
        look_up(Volume, "Mix_Volume");
        look_up(HaltChannel, "Mix_HaltChannel");
        look_up(HaltMusic, "Mix_HaltMusic");
        look_up(LoadWAV, "Mix_LoadWAV");
        look_up(FreeChunk, "Mix_FreeChunk");
        look_up(PlayChannel, "Mix_PlayChannel");
        look_up(LoadMUS, "Mix_LoadMUS");
        look_up(FreeMusic, "Mix_FreeMusic");
        look_up(PlayingMusic, "Mix_PlayingMusic");
        look_up(FadingMusic, "Mix_FadingMusic");
        look_up(FadeOutMusic, "Mix_FadeOutMusic");
        look_up(FadeInMusic, "Mix_FadeInMusic");
        look_up(VolumeMusic, "Mix_VolumeMusic");
        look_up(VolumeChunk, "Mix_VolumeChunk");
        look_up(Playing, "Mix_Playing");
        look_up(GetChunk, "Mix_GetChunk");
        look_up(FadeOutChannel, "Mix_FadeOutChannel");
        look_up(QuerySpec, "Mix_QuerySpec");
        look_up(SetPostMix, "Mix_SetPostMix");
        return found;
    }
};

/// The limiter and the device's frame layout, handed to SDL_mixer's post-mix hook.
struct Audio::Limiter {
    PeakLimiter limiter;
    int channels;
    /// Mix_SetPostMix's callback: runs on the audio thread over each finished buffer.
    static void post_mix(void* self, Uint8* stream, int bytes) {
        auto& state = *static_cast<Limiter*>(self);
        const auto frames = static_cast<std::size_t>(bytes) /
                            (sizeof(std::int16_t) * static_cast<std::size_t>(state.channels));
        state.limiter.process(reinterpret_cast<std::int16_t*>(stream), frames, state.channels);
    }
};

Audio::Audio(bool enable) {
    if (!enable) return;
    auto mixer = std::make_unique<Mixer>();
    if (!mixer->load(error_)) return;
    if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
        error_ = std::string("no audio: ") + SDL_GetError();
        return;
    }
    audio_subsystem_started_ = true;
    mix_ = std::move(mixer);
    if (mix_->OpenAudio(mixer_frequency, AUDIO_S16SYS, mixer_channels_out, mixer_chunk_bytes) != 0) {
        error_ = std::string("no audio device: ") + Mix_GetError();
        return;
    }
    mixer_open_ = true;
    mix_->AllocateChannels(mixing_channels);
    mix_->Volume(-1, MIX_MAX_VOLUME);
    int frequency = 0, channels = 0;
    Uint16 format = 0;
    if (mix_->QuerySpec(&frequency, &format, &channels) && format == AUDIO_S16SYS && channels > 0) {
        // The limiter works on 16-bit samples; on any other device format the mix plays without headroom.
        limiter_ = std::make_unique<Limiter>(Limiter{PeakLimiter(frequency), channels});
        mix_->SetPostMix(&Limiter::post_mix, limiter_.get());
        full_level_ = MIX_MAX_VOLUME / headroom_divisor;
    }
    available_ = true;
    apply_music_volume();
}

Audio::~Audio() {
    if (mixer_open_) {
        mix_->HaltChannel(-1);
        mix_->HaltMusic();
    }
    music_.reset();
    next_music_.reset();
    chunks_.clear();  // chunks and music must go before the mixer closes
    if (mixer_open_) {
        mix_->SetPostMix(nullptr, nullptr);
        mix_->CloseAudio();
    }
    if (audio_subsystem_started_) SDL_QuitSubSystem(SDL_INIT_AUDIO);
}

bool Audio::heard() const {
    if (!available_) return false;
    const char* driver = SDL_GetCurrentAudioDriver();
    return driver && std::strcmp(driver, "dummy") != 0;
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
    ChunkPtr chunk(mix_->LoadWAV(path.c_str()), ChunkDeleter{mix_->FreeChunk});
    if (!chunk) {
        error_ = path + ": " + Mix_GetError();
        return false;
    }
    mix_->VolumeChunk(chunk.get(), full_level_);
    if (auto old = chunks_.find(name); old != chunks_.end()) {
        // Freeing the old chunk halts every channel playing it: forget them.
        loop_channels_.erase(name);
        std::erase_if(started_, [&](const Started& s) { return s.chunk == old->second.get(); });
    }
    chunks_.insert_or_assign(name, std::move(chunk));
    return true;
}

void Audio::play(const std::string& name) {
    if (!available_) return;
    auto found = chunks_.find(name);
    if (found == chunks_.end()) return;
    Mix_Chunk* chunk = found->second.get();
    // Forget channels that finished or were taken by another sound, then make room for this copy.
    std::erase_if(started_, [&](const Started& s) {
        return !mix_->Playing(s.channel) || mix_->GetChunk(s.channel) != s.chunk;
    });
    int copies = 0;
    for (const Started& started : started_) copies += started.chunk == chunk ? 1 : 0;
    for (auto it = started_.begin(); copies >= max_copies && it != started_.end();) {
        if (it->chunk == chunk) {
            mix_->FadeOutChannel(it->channel, fade_copy_ms);
            it = started_.erase(it);
            --copies;
        } else {
            ++it;
        }
    }
    const int channel = mix_->PlayChannel(-1, chunk, 0);
    if (channel >= 0) started_.push_back({channel, chunk});
}

void Audio::set_looping(const std::string& name, bool on) {
    if (!available_) return;
    auto playing = loop_channels_.find(name);
    if (!on) {
        if (playing == loop_channels_.end()) return;
        mix_->FadeOutChannel(playing->second, loop_fade_ms);
        loop_channels_.erase(playing);
        return;
    }
    if (playing != loop_channels_.end()) return;
    auto found = chunks_.find(name);
    if (found == chunks_.end()) return;
    const int channel = mix_->PlayChannel(-1, found->second.get(), -1);
    if (channel >= 0) loop_channels_.emplace(name, channel);
}

void Audio::set_volume(int percent_0_100) {
    volume_percent_ = std::clamp(percent_0_100, 0, 100);
    if (available_) mix_->Volume(-1, volume_percent_ * MIX_MAX_VOLUME / 100);
}

bool Audio::play_music(const std::filesystem::path& file, int fade_ms) {
    if (file == music_file_) return true;
    music_file_ = file;
    if (!available_) return true;
    const std::string path = file.string();
    MusicPtr next(mix_->LoadMUS(path.c_str()), MusicDeleter{mix_->FreeMusic});
    if (!next) {
        error_ = path + ": " + Mix_GetError();
        music_file_.clear();
        return false;
    }
    next_music_ = std::move(next);
    fade_in_ms_ = std::max(0, fade_ms);
    // The track playing fades out first; update() starts the next one once it is silent.
    if (music_ && mix_->PlayingMusic() && !mix_->FadingMusic())
        mix_->FadeOutMusic(std::min(fade_in_ms_, 300));
    update();
    return true;
}

void Audio::stop_music(int fade_ms) {
    music_file_.clear();
    next_music_.reset();
    if (available_ && music_ && mix_->PlayingMusic() && !mix_->FadingMusic()) {
        if (fade_ms > 0) {
            mix_->FadeOutMusic(std::min(fade_ms, 300));
        } else {
            mix_->HaltMusic();
        }
    }
}

void Audio::update() {
    if (!available_ || mix_->PlayingMusic()) return;
    music_.reset();
    if (!next_music_) return;
    music_ = std::move(next_music_);
    apply_music_volume();
    if (mix_->FadeInMusic(music_.get(), -1, fade_in_ms_) != 0) error_ = Mix_GetError();
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
    if (available_)
        mix_->VolumeMusic(static_cast<int>(
            std::lround(music_volume_percent_ * music_duck_percent_ * full_level_ / 10000.0)));
}

}  // namespace qs
