// What the player sees and hears: the window (or headless canvas), sprites and font, the world view and
// its camera, the HUD, menus drawn over the game, toasts and sound effects.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/audio.hpp"
#include "engine/bitmap_font.hpp"
#include "engine/camera.hpp"
#include "engine/render.hpp"
#include "game/app/menu.hpp"
#include "game/app/skins.hpp"
#include "game/sim/world.hpp"
#include "game/view/debug_overlay.hpp"
#include "game/view/hud.hpp"
#include "game/view/particles.hpp"
#include "game/view/sprite_sheet.hpp"
#include "game/view/squash_stretch.hpp"
#include "game/view/world_view.hpp"

namespace qs {

struct LevelThumbnail;

class Presentation {
   public:
    /// Opens the window (or the headless canvas) and loads sprites and font; false (message printed)
    /// when there is no canvas. Missing art is reported and drawn as nothing. `vsync`: each frame waits
    /// for the display's refresh.
    bool open(bool headless, bool vsync = true);
    /// Opens the audio device and loads every sound effect and the presentation's loops (windowed play only).
    void open_audio();
    /// True when nothing drawn reaches a display and nothing played reaches a listener or a file.
    bool unwatched() const { return !(screen_ && screen_->shown()) && !(audio_ && audio_->heard()); }
    /// The time between two frames worth drawing: the display's refresh period, or one tick when nothing
    /// is shown (only the sound is heard).
    double frame_seconds() const {
        return screen_ && screen_->shown() ? screen_->refresh_seconds() : World::tick_seconds;
    }
    void set_volume(int percent);
    void set_music_volume(int percent);
    /// Plays assets/music/<track>.ogg in a loop (fading from the track before); "" stops the music.
    /// `ducked` lowers it (pause menus, rewind). Cheap to call every frame with the same values.
    void set_music(const std::string& track, bool ducked);
    /// Fullscreen on or off when the window is not so already.
    void set_fullscreen(bool on);
    /// Toggles fullscreen; returns the new state.
    bool toggle_fullscreen();
    /// The picture fills the window (a view sized to it) or keeps 640x360 with bars.
    void set_fill(bool fill);

    void play(const std::string& sound) {
        if (audio_) audio_->play(sound);
    }
    /// Loops `sound` while `on` (call every frame), e.g. "rewind_loop" while rewind is held.
    void set_looping(const std::string& sound, bool on) {
        if (audio_) audio_->set_looping(sound, on);
    }
    /// The effects that go with a world's sound: sparkles for a coin, dust for a stomp, a burst and a short
    /// screen shake for a hurt or a death (presentation only: the world is only read).
    void react_to_sound(const std::string& sound, World& world);
    /// Draws the player in `skin`'s colours (a palette swap of the sprite sheet's fox orange).
    void set_skin(const Skin& skin);
    /// Screen shake on (the default) or off (Options).
    void set_screen_shake(bool on) { shake_enabled_ = on; }
    /// Shows a message for `seconds`; the same text shown again moves to the front instead of piling up.
    /// Paths in it are cut to their last part unless `with_paths` (a message that says where a file went).
    void toast(const std::string& text, double seconds = 2.5, bool with_paths = false);
    /// Advances animation and toast time.
    void advance(double seconds);

    /// A new level is being played: its visuals become textures and the camera cuts to the player.
    void show_level(World& world);
    /// The picture comes up from black over `seconds` (a level begun in the game, a respawn).
    void fade_in(double seconds) { fade_left_ = fade_length_ = seconds; }
    /// Cuts the camera to the player (level start, respawn, quickload, the final headless frame).
    void snap_camera(World& world);
    /// Moves the camera one tick towards the player; moves the particles on a tick and puts dust under the
    /// player's feet when it lands or runs.
    void follow_camera(World& world);
    /// Puts the camera back where it was (a hot reload that kept the player in place).
    void place_camera(double x, double y);
    double camera_x() const { return camera_.x; }
    double camera_y() const { return camera_.y; }

    /// The best run's player at this moment of level time.
    struct Ghost {
        double x = 0, y = 0;
        bool facing_left = false;
    };
    /// What to draw in one frame.
    struct Frame {
        World* world = nullptr;                ///< the level being played, if any
        const Menu* menu = nullptr;            ///< a menu over everything, if one is open
        bool playing = false;                  ///< the world moves (interpolate between ticks)
        double alpha = 1.0;                    ///< blend of the last tick and this one
        std::string reload_error;              ///< shown in a banner while non-empty
        double rewind_seconds_left = -1;       ///< while rewinding: how far back it can still go; else < 0
        std::optional<Ghost> ghost;            ///< the best run's player, drawn translucent
        int replay_speed = 0;                  ///< watching a replay at this speed (1, 2, 4); 0: live play
        bool practice = false;                 ///< a practice run (no records kept): marked in the HUD
        std::optional<HudTimer> timer;         ///< the speedrun timer, when it is on
        std::vector<HudSplitLine> split_list;  ///< the live split list, when it is on
        std::string assists;                   ///< the assists this run was played with ("": none)
        std::optional<std::uint64_t> held;     ///< the input display: the actions held (bit i: Action i)
        const LevelThumbnail* thumbnail = nullptr;  ///< the menu's highlighted level, beside the menu
        const FrameHistory* debug = nullptr;        ///< the debug overlay's frame times, when it is shown
        DebugFigures debug_figures;                 ///< and its figures
    };
    /// Draws a frame; in a window also presents it.
    void render(const Frame& frame);
    /// Milliseconds the last render() spent presenting (0 headless: nothing is presented).
    double last_present_ms() const { return present_ms_; }
    /// Writes the last drawn frame as a PNG.
    bool save_screenshot(const std::filesystem::path& file, std::string& error);

   private:
    /// Sizes the canvas to the window and the camera's view to the canvas.
    void fit_view();
    void draw_title_backdrop();
    void draw_reload_banner(const std::string& reload_error);
    /// Messages between `top` and `bottom`, never over `avoid` (the player's box).
    void draw_toasts(int top, int bottom, SDL_Rect avoid);
    void draw_rewind_marker(double seconds_left);
    void draw_banner(const std::string& text);
    /// `thumbnail` fitted into `area` (its aspect kept, whole-number zoom when larger), framed.
    /// Draws the thumbnail at the top of `area`, fitted to it; returns the bottom of its frame (area.y when
    /// nothing is drawn).
    int draw_thumbnail(const LevelThumbnail& thumbnail, SDL_Rect area);

    bool headless_ = false;
    std::unique_ptr<Screen> screen_;
    std::unique_ptr<Audio> audio_;
    SpriteSheet sheet_;
    BitmapFont font_;
    WorldView view_;
    Camera camera_;
    double camera_prev_x_ = 0, camera_prev_y_ = 0;  ///< camera at the previous tick, for interpolation
    Particles particles_;
    struct TextureDeleter {
        void operator()(SDL_Texture* texture) const { SDL_DestroyTexture(texture); }
    };
    std::unique_ptr<SDL_Texture, TextureDeleter> thumbnail_;  ///< of thumbnail_key_ (made before the screen)
    std::uint64_t thumbnail_key_ = 0;
    bool shake_enabled_ = true;
    double shake_strength_ = 0;                 ///< tiles, at the start of the shake
    double shake_left_ = 0, shake_length_ = 0;  ///< seconds
    bool player_was_grounded_ = true;
    SquashStretch squash_;                    ///< the player's sprite on jumps and landings
    double fade_left_ = 0, fade_length_ = 0;  ///< seconds of fade_in() left, of all of it
    double player_last_vy_ = 0;
    int run_dust_ticks_ = 0;  ///< ticks since the last puff of running dust
    struct Toast {
        std::string text;
        double seconds_left;
        bool with_paths = false;
    };
    std::vector<Toast> toasts_;
    double seconds_ = 0;     ///< presentation time for animations
    double present_ms_ = 0;  ///< the last render()'s present time
};

}  // namespace qs
