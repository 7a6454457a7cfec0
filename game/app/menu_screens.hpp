// The menu screens and which one is showing: title (Play / Continue), level select with records and
// broken levels' reasons, pause, options (volume, fullscreen, rebinding) and the level results. What a
// menu item does outside the menus (start a level, quit, ...) is asked of the MenuHost.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "game/app/bindings.hpp"
#include "game/app/menu.hpp"
#include "game/app/progress.hpp"
#include "game/app/settings.hpp"
#include "game/levels/chapters.hpp"
#include "game/levels/level_catalog.hpp"
#include "game/sim/actions.hpp"

namespace qs {

/// What the menus need from the program around them.
class MenuHost {
   public:
    virtual ~MenuHost() = default;
    /// The level folders, scanned again (the level select shows what is on disk now).
    virtual const std::vector<LevelListing>& rescan_levels() = 0;
    virtual const std::vector<LevelListing>& levels() const = 0;
    virtual const Progress& progress() const = 0;
    /// The shipped levels' chapters (empty when assets/chapters.json cannot be read).
    virtual const Chapters& chapters() const = 0;
    /// tuning_digest of the tuning a level started now would be played with.
    virtual std::uint64_t tuning_digest() const = 0;
    virtual Settings& settings() = 0;
    /// Settings were changed by a menu: apply and save them.
    virtual void settings_changed() = 0;
    /// The next key or gamepad button pressed is reported through MenuScreens::binding_captured.
    virtual void capture_binding() = 0;
    /// The name of the level being played, empty when none is.
    virtual std::string level_name() const = 0;
    virtual bool in_play() const = 0;
    virtual void start_level(const std::filesystem::path& folder) = 0;
    /// Whether the best finished run of the listed level `name` in `folder` is kept as a replay, and
    /// playing it back.
    virtual bool has_best_run(const LevelListing& listing) const = 0;
    virtual void watch_best_run(const LevelListing& listing) = 0;
    /// Plays the proof of a level package, as watch_best_run plays a best run.
    virtual void watch_maker_clear(const LevelListing& listing) = 0;
    /// Writes a package of the level with the player's best run as its proof, and says where.
    virtual void share_level(const LevelListing& listing) = 0;
    virtual void restart_level() = 0;
    virtual void next_level() = 0;
    /// Whether the level being played is one of the chapters' (skipping opens the next one).
    virtual bool can_skip_level() const = 0;
    /// The "skip this level" assist: records the level as skipped (not finished) and goes on to the next.
    virtual void skip_level() = 0;
    virtual void quit_to_title() = 0;
    virtual void quit_game() = 0;
    /// A quicksave to continue from is on disk (the title offers it).
    virtual bool has_quicksave() const = 0;
    /// Loads the newest quicksave, whichever level it is in (the title's Continue, F9 there).
    virtual void continue_from_quicksave() = 0;
    virtual void play_sound(const std::string& sound) = 0;
};

/// How far a player is through the game, as the ending tells it: over the playable levels listed.
struct Completion {
    int levels = 0;       ///< playable levels
    int finished = 0;     ///< of them, finished (with assists too)
    int all_coins = 0;    ///< of them, finished with every coin in one run
    int gems_found = 0;   ///< gems found in the finished levels
    int gems_placed = 0;  ///< gems the finished levels hold (an unfinished level's are not known yet)
};
/// Counts `levels` (the broken ones left out) against the player's records.
Completion completion_of(const Progress& progress, const std::vector<LevelListing>& levels);
/// What the ending says of it, one line each: levels finished, levels with every coin, gems found, and
/// what is still to do; a single "Everything done" line only when every level is finished with every
/// coin and every gem found.
std::vector<std::string> completion_lines(const Completion& done);

class MenuScreens {
   public:
    /// level_menu: one level's own menu (Play, watching its runs, sharing), opened from the level select.
    enum class Scene { title, level_select, playing, paused, options, results, level_menu };

    explicit MenuScreens(MenuHost& host) : host_(host) {}

    Scene scene() const { return scene_; }
    /// The scene, the highlighted item and its label, as --pad-script traces them: `options 2 "Music"`,
    /// with " (waiting for a key)" while a binding is being captured (`capturing`).
    std::string trace_state(bool capturing) const;
    /// Whether the scene belongs to `level` (null: none loaded): play, pause, results, options in play.
    bool shows_level(const LevelData* level) const;
    /// The music of the scene: the title's in the menus, in a level its .lvl "music" (the day theme when
    /// it names none).
    std::string music_track(const LevelData* level) const;
    bool playing() const { return scene_ == Scene::playing; }
    /// The open menu, or nullptr while playing.
    const Menu* menu() const { return scene_ == Scene::playing ? nullptr : &menu_; }

    /// Back to the game (no menu).
    void resume() { scene_ = Scene::playing; }
    void open_title();
    /// The level select, one row per level; the level whose menu was last opened is highlighted.
    void open_level_select();
    /// The menu of a level with more to do than play it: "Play" first, then watching its best run or its
    /// maker's clear and sharing it (those that apply), and "Back" to the level select. `listing` is a
    /// copy: the level select's item that opens the menu is gone once the menu is built.
    void open_level_menu(LevelListing listing);
    void open_pause();
    void open_options(Scene back_to);
    /// The level was finished; `summary` is the coins / time / deaths line, `notes` the splits under it.
    /// After the last chapter's last level: the end, the credits, and how much is done (completion_lines).
    void open_ending(const Completion& done);
    void open_results(const std::string& summary, std::vector<MenuNote> notes = {});
    /// The key or button pressed for a rebinding (nullopt: cancelled with Escape or B). It is added to
    /// the action being edited, or a conflict is shown for the player to settle.
    void binding_captured(std::optional<InputCode> input);

    /// Menu navigation with the actions that went down (up/down/left/right/confirm/back/pause).
    void handle(const std::vector<std::pair<Action, bool>>& input);

   private:
    /// The pages of Options (all Scene::options): the settings, the controls list, one action's keys
    /// and buttons, and a conflict to settle.
    enum class OptionsPage { settings, controls, action, conflict };
    void open_controls();
    void open_action(Action action, std::string notice = "");
    void open_conflict(Action action, InputCode input, const BindCheck& check);
    /// Back from an Options page to the page before it.
    void options_back();
    /// The menu cursor to keep when `page` is opened again (0 when another page was showing).
    int cursor_for(OptionsPage page) const {
        return scene_ == Scene::options && page_ == page ? menu_.cursor : 0;
    }

    MenuHost& host_;
    Scene scene_ = Scene::playing;
    Menu menu_;
    Scene options_back_ = Scene::title;
    OptionsPage page_ = OptionsPage::settings;
    Action editing_ = Action::jump;  ///< the action whose keys the action page shows
    std::filesystem::path
        menu_level_;  ///< the level whose menu was opened last (the level select's highlight)
};

}  // namespace qs
