// Sound effects through SDL2_mixer, owned by one Audio object; degrades to silence (no errors, play() a
// no-op) when disabled or when no audio device can be opened (headless runs, CI, SDL_AUDIODRIVER=dummy).
//
//   qs::Audio audio(!headless);
//   audio.load("jump", "assets/sounds/jump.wav");
//   audio.play("jump");
//   audio.set_volume(80);
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <unordered_map>

struct Mix_Chunk;

namespace qs {

/// Named sound effects. Everything SDL_mixer needs is opened by the constructor and closed by the
/// destructor; keep one Audio object alive for as long as sounds should play.
class Audio {
   public:
    /// With `enable` false nothing is opened. Otherwise initialises SDL audio and opens the mixer
    /// (44100 Hz, 16-bit, stereo); on failure the object is silently unavailable (see error()).
    explicit Audio(bool enable);
    ~Audio();
    Audio(const Audio&) = delete;
    Audio& operator=(const Audio&) = delete;

    /// True when a device is open and sounds can be heard.
    bool available() const { return available_; }

    /// Loads (or replaces) sound `name` from a WAV file. When audio is unavailable the file is still read
    /// and checked (SDL_LoadWAV) but nothing is kept. Returns false, with error() set, if the file cannot
    /// be read as a WAV.
    bool load(const std::string& name, const std::filesystem::path& wav);

    /// Plays sound `name` once on a free channel; a no-op when unavailable, unknown or all channels busy.
    void play(const std::string& name);

    /// Sets the volume for all sounds, 0 (silent) to 100 (full); values outside are clamped.
    void set_volume(int percent_0_100);

    /// The volume last set, 0..100 (100 at start).
    int volume() const { return volume_percent_; }

    /// The last failure as a sentence (opening the device or loading a file); empty if none.
    const std::string& error() const { return error_; }

   private:
    struct ChunkDeleter {
        void operator()(Mix_Chunk* chunk) const;
    };
    using ChunkPtr = std::unique_ptr<Mix_Chunk, ChunkDeleter>;

    bool audio_subsystem_started_ = false;
    bool mixer_open_ = false;
    bool available_ = false;
    int volume_percent_ = 100;
    std::string error_;
    std::unordered_map<std::string, ChunkPtr> chunks_;
};

}  // namespace qs
