// Sound effects and one looping music track through SDL2_mixer, owned by one Audio object; degrades to
// silence (no errors, play() a no-op) when disabled or when no audio device can be opened (headless runs,
// CI, SDL_AUDIODRIVER=dummy). SDL2_mixer is loaded when the first enabled Audio opens (SDL_LoadObject), not
// when the program starts: a headless run never loads it and the libraries it pulls in (a quarter of the
// game's start-up before main), and a machine without it plays in silence.
//
//   qs::Audio audio(!headless);
//   audio.load("jump", "assets/sounds/jump.wav");
//   audio.play("jump");
//   audio.set_volume(80);
//   audio.play_music("assets/music/day.wav", 500);  // loops; fades in over 0.5 s
//   audio.set_music_volume(60);
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <unordered_map>

struct Mix_Chunk;
typedef struct _Mix_Music Mix_Music;

namespace qs {

/// Named sound effects. Everything SDL_mixer needs is opened by the constructor and closed by the
/// destructor; keep one Audio object alive for as long as sounds should play.
class Audio {
   public:
    /// With `enable` false nothing is opened. Otherwise loads SDL2_mixer, initialises SDL audio and opens
    /// the mixer (44100 Hz, 16-bit, stereo); on failure the object is silently unavailable (see error()).
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

    /// Plays the track in `file` (any format SDL_mixer reads: WAV, OGG, ...) in a seamless loop, fading
    /// in over `fade_ms`. The track playing before fades out first (over at most 0.3 s; update() starts
    /// the new one then). The same file again keeps playing undisturbed. Returns false, with error() set,
    /// when the file cannot be read; when audio is unavailable it only notes the track (music_file()).
    bool play_music(const std::filesystem::path& file, int fade_ms = 400);
    /// Fades the music out over `fade_ms` (at most 0.3 s) and forgets the track.
    void stop_music(int fade_ms = 300);
    /// Call once a frame: starts a track waiting for the previous one to fade out.
    void update();
    /// The track last asked for (empty when stopped).
    const std::filesystem::path& music_file() const { return music_file_; }

    /// Sets the music volume, 0..100 (clamped), independent of the effects volume.
    void set_music_volume(int percent_0_100);
    int music_volume() const { return music_volume_percent_; }
    /// Lowers the music to `percent_0_100` of its volume (pause menus), 100 = back to full.
    void duck_music(int percent_0_100);

    /// The last failure as a sentence (opening the device or loading a file); empty if none.
    const std::string& error() const { return error_; }

   private:
    /// SDL2_mixer's functions, looked up in the library once it is loaded.
    struct Mixer;
    struct ChunkDeleter {
        void (*free_chunk)(Mix_Chunk*);  // Mix_FreeChunk (no initialiser: default-constructible in the class)
        void operator()(Mix_Chunk* chunk) const { free_chunk(chunk); }
    };
    using ChunkPtr = std::unique_ptr<Mix_Chunk, ChunkDeleter>;
    struct MusicDeleter {
        void (*free_music)(Mix_Music*);  // Mix_FreeMusic
        void operator()(Mix_Music* music) const { free_music(music); }
    };
    using MusicPtr = std::unique_ptr<Mix_Music, MusicDeleter>;
    void apply_music_volume();

    std::unique_ptr<Mixer> mix_;  ///< set once SDL2_mixer is loaded

    bool audio_subsystem_started_ = false;
    bool mixer_open_ = false;
    bool available_ = false;
    int volume_percent_ = 100;
    std::string error_;
    std::unordered_map<std::string, ChunkPtr> chunks_;
    MusicPtr music_;       ///< the track playing or fading out (SDL_mixer plays one at a time)
    MusicPtr next_music_;  ///< the track to start once music_ has faded out
    int fade_in_ms_ = 0;
    std::filesystem::path music_file_;
    int music_volume_percent_ = 100;
    int music_duck_percent_ = 100;
};

}  // namespace qs
