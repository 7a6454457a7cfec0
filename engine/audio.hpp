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
//   audio.play_music("assets/music/day.ogg", 500);  // loops; fades in over 0.5 s
//   audio.set_music_volume(60);
//   audio.set_looping("rewind_loop", held);         // every frame: loops while held, fades out after
//
// The mix has headroom: every effect and the music play at a quarter of their level (12 dB down), so many
// sounds at once never overflow SDL_mixer's 16-bit sum, and a PeakLimiter on the final mix (Mix_SetPostMix)
// gives the level back and bends peaks softly below -1 dBFS. At most two copies of one effect sound at
// once: a third fades the oldest out (a row of coins is a run of dings, not a pile-up).
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

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
    /// True when what plays reaches a listener or a file: a device is open under a driver other than SDL's
    /// "dummy" (the "disk" driver writes what plays, so it counts).
    bool heard() const;

    /// Loads (or replaces) sound `name` from a WAV file. When audio is unavailable the file is still read
    /// and checked (SDL_LoadWAV) but nothing is kept. Returns false, with error() set, if the file cannot
    /// be read as a WAV.
    bool load(const std::string& name, const std::filesystem::path& wav);

    /// Plays sound `name` once on a free channel; a no-op when unavailable, unknown or all channels busy.
    /// When two copies of it are still sounding, the older fades out quickly.
    void play(const std::string& name);

    /// Cheap to call every frame: with `on`, sound `name` loops on a channel of its own (started once);
    /// without, a loop of it fades out over 0.1 s.
    void set_looping(const std::string& name, bool on);

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

    struct Limiter;

    std::unique_ptr<Mixer> mix_;        ///< set once SDL2_mixer is loaded
    std::unique_ptr<Limiter> limiter_;  ///< the final stage, run on the audio thread

    bool audio_subsystem_started_ = false;
    bool mixer_open_ = false;
    bool available_ = false;
    int full_level_ = 128;  ///< volume of a chunk or the music at 100 % (a quarter of 128 under the limiter)
    int volume_percent_ = 100;
    std::string error_;
    std::unordered_map<std::string, ChunkPtr> chunks_;
    /// A one-shot effect started on a channel, oldest first (entries of channels since reused are dropped).
    struct Started {
        int channel;
        const Mix_Chunk* chunk;
    };
    std::vector<Started> started_;
    std::unordered_map<std::string, int> loop_channels_;  ///< sound name -> channel looping it
    MusicPtr music_;       ///< the track playing or fading out (SDL_mixer plays one at a time)
    MusicPtr next_music_;  ///< the track to start once music_ has faded out
    int fade_in_ms_ = 0;
    std::filesystem::path music_file_;
    int music_volume_percent_ = 100;
    int music_duck_percent_ = 100;
};

}  // namespace qs
