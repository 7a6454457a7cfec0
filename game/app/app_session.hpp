// The App: the running program's state and its parts — the tick loop, levels and quicksaves (app.cpp) and
// the window side: events, menus, HUD and drawing (app_screens.cpp). Private to game/.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <future>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/audio.hpp"
#include "engine/bitmap_font.hpp"
#include "engine/camera.hpp"
#include "engine/file_watch.hpp"
#include "engine/input.hpp"
#include "engine/render.hpp"
#include "game/app/app.hpp"
#include "game/app/menu.hpp"
#include "game/app/paths.hpp"
#include "game/app/progress.hpp"
#include "game/app/settings.hpp"
#include "game/levels/level_catalog.hpp"
#include "game/save/quicksaves.hpp"
#include "game/sim/world.hpp"
#include "game/view/sprite_sheet.hpp"
#include "game/view/world_view.hpp"

namespace qs {

using AppClock = std::chrono::steady_clock;

/// Milliseconds since `start`.
inline double ms_since(AppClock::time_point start) {
    return std::chrono::duration<double, std::milli>(AppClock::now() - start).count();
}

/// "m:ss.t" for a tick count.
std::string format_time(std::int64_t ticks);

class App {
   public:
    explicit App(const AppOptions& options)
        : options_(options),
          saves_(options.save_dir.value_or(user_data_dir() / "saves")),
          settings_(Settings::defaults()) {}

    int run();

   private:
    enum class Scene { title, level_select, playing, paused, options, results };

    // setup and levels
    bool open_presentation();
    bool start_level(CheckedLevel checked);
    int level_index_of(const std::string& name) const;
    void restart_level();
    void next_level();

    // ticks
    void tick();
    void quicksave();
    void quickload(bool older);
    void handle_world_events();

    // window
    void poll_events();
    void handle_menu_input();
    void render(double alpha);
    void draw_hud(double camera_x, double camera_y);
    void toast(const std::string& text, double seconds = 2.5);
    void play(const std::string& sound) {
        if (audio_) audio_->play(sound);
    }
    void open_title();
    void open_level_select();
    void open_pause();
    void open_options(Scene back_to);
    void open_results();
    void apply_settings();
    void save_settings();
    void hot_reload();
    void settle_canonical_rebuild();

    AppOptions options_;
    QuickSaves saves_;
    Settings settings_;
    Progress progress_;  ///< finished levels, best times (windowed play only)
    std::vector<LevelListing> levels_;
    int level_index_ = -1;  ///< into levels_, or -1 for a level given by path
    CheckedLevel current_;
    std::unique_ptr<World> world_;
    std::future<std::unique_ptr<World>> pending_rebuild_;  ///< the canonical rebuild after a quicksave
    std::optional<InputScript> script_;
    ActionState actions_;
    std::vector<std::pair<Action, bool>> pending_input_;
    std::int64_t tick_ = 0;
    bool finished_ = false;
    int exit_code_ = 0;

    // presentation
    std::unique_ptr<Screen> screen_;
    std::unique_ptr<Audio> audio_;
    SpriteSheet sheet_;
    BitmapFont font_;
    WorldView view_;
    Camera camera_;
    double camera_prev_x_ = 0, camera_prev_y_ = 0;
    struct Toast {
        std::string text;
        double seconds_left;
    };
    std::vector<Toast> toasts_;
    Scene scene_ = Scene::playing;
    Menu menu_;
    Scene options_back_ = Scene::title;
    int rebinding_ = -1;  ///< action index waiting for a key, or -1
    double seconds_ = 0;  ///< wall time for animations
    std::int64_t menu_frames_ = 0;
    FolderWatcher watcher_;     ///< the current level's files, for hot reload
    std::string reload_error_;  ///< shown on screen until the level's files load again  ///< frames drawn
                                ///< outside play (for --frames on the title screen)
    std::vector<SDL_GameController*> pads_;
    std::array<bool, action_count> stick_held_{};  ///< directions the left stick holds
};

}  // namespace qs
