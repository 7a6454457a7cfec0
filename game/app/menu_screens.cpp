// The menu screens: their items, and navigation with up/down/left/right/confirm/back.
#include "game/app/menu_screens.hpp"

#include <algorithm>
#include <functional>

#include "engine/text_layout.hpp"

#include "game/app/paths.hpp"
#include "game/app/skins.hpp"
#include "game/view/hud.hpp"

namespace qs {

namespace fs = std::filesystem;

namespace {

/// The folder names of `levels`, in their order.
std::vector<std::string> level_names(const std::vector<LevelListing>& levels) {
    std::vector<std::string> names;
    for (const LevelListing& listing : levels) names.push_back(listing.name);
    return names;
}

}  // namespace

void MenuScreens::handle(const std::vector<std::pair<Action, bool>>& input) {
    for (const auto& [action, down] : input) {
        if (!down) continue;
        switch (action) {
            case Action::up:
                menu_.move(-1);
                host_.play_sound("menu_move");
                break;
            case Action::down:
                menu_.move(1);
                host_.play_sound("menu_move");
                break;
            case Action::left:
                menu_.adjust(-1);
                break;
            case Action::right:
                menu_.adjust(1);
                break;
            case Action::confirm:
            case Action::jump:
                if (menu_.confirm()) host_.play_sound("menu_select");
                return;  // the menu may have changed
            case Action::back:
            case Action::pause:
                // Escape sends pause and back; on the title only back counts (next in this frame's input).
                if (scene_ == Scene::title && action == Action::pause) break;
                if (scene_ == Scene::paused) {
                    scene_ = Scene::playing;
                } else if (scene_ == Scene::options) {
                    options_back();
                } else if (scene_ == Scene::level_select) {
                    host_.in_play() ? open_pause() : open_title();
                } else if (scene_ == Scene::level_menu) {
                    open_level_select();
                } else if (scene_ == Scene::title && action == Action::back) {
                    // Back on the title highlights Quit (a gamepad's B is easily pressed by mistake);
                    // back again there quits.
                    int quit = static_cast<int>(menu_.items.size()) - 1;
                    if (menu_.cursor == quit) {
                        host_.quit_game();
                    } else {
                        menu_.cursor = quit;
                        host_.play_sound("menu_move");
                    }
                }
                return;
            default:
                break;
        }
    }
}

void MenuScreens::open_title() {
    scene_ = Scene::title;
    menu_ = Menu{};
    menu_.title = "QUICKSTEP";
    menu_.subtitle = "F5 quicksave - F9 quickload - F8 older save - hold Backspace to rewind";
    // Continue with the first open level neither finished nor skipped in playing order (or the first when
    // all are).
    const std::vector<LevelListing>& levels = host_.levels();
    const ChapterProgress open = host_.progress().for_chapters();
    const LevelListing* next = nullptr;
    const LevelListing* first_ok = nullptr;
    bool any_finished = false;
    for (std::size_t i : host_.chapters().playing_order(level_names(levels))) {
        const LevelListing& listing = levels[i];
        if (!listing.ok) continue;
        if (!first_ok) first_ok = &listing;
        const LevelRecord* record = host_.progress().find_listed(listing.name, listing.shipped);
        any_finished = any_finished || (record && record->completed);
        if (!next && !(record && (record->completed || record->skipped)) &&
            host_.chapters().unlocked(listing.name, open))
            next = &listing;
    }
    if (!next) next = first_ok;
    std::string label = next && any_finished ? "Continue: " + next->title : "Play";
    fs::path path = next ? next->path : fs::path();
    menu_.items.push_back({label, "", next != nullptr, [this, path] { host_.start_level(path); }});
    if (host_.has_quicksave())
        menu_.items.push_back({"Continue from quicksave", "Where you last pressed F5 (F9 here does the same)",
                               true, [this] { host_.continue_from_quicksave(); }});
    menu_.items.push_back({"Level select", "", true, [this] { open_level_select(); }});
    menu_.items.push_back({"Options", "", true, [this] { open_options(Scene::title); }});
    menu_.items.push_back({"Quit", "", true, [this] { host_.quit_game(); }});
}

namespace {

/// What the level select says of a playable level: how the player stands with it, never its folder. It
/// names the level, whose name the list's column may cut.
/// `par_ticks`: the level's par time (0: none).
std::string level_detail(const LevelListing& listing, const LevelRecord* record, std::int64_t par_ticks) {
    std::string maker = listing.author.empty() ? std::string() : "By " + listing.author + ". ";
    if (listing.maker_ticks >= 0)
        maker += "Cleared by its maker in " + format_time(listing.maker_ticks) + ". ";
    else if (listing.package && !listing.maker_problem.empty())
        maker += "Its maker's clear does not play here: " + shorten_paths(listing.maker_problem) + ". ";
    if (record && record->completed && record->best_ticks == 0)
        return maker + "Finished with assists (no best time kept): " + listing.title;
    std::string par;
    if (par_ticks > 0) {
        par = ". Par " + format_time(par_ticks);
        if (record) par += record->par_beaten ? ": beaten" : ": not beaten yet";
    }
    if (record && record->completed) {
        return maker + "Finished " + listing.title + ". Best time " + format_time(record->best_ticks) +
               ", most coins " + std::to_string(record->best_coins) + " of " +
               std::to_string(record->coins_total) + par;
    }
    if (record && record->skipped)
        return maker + "Skipped (assist), not finished yet: " + listing.title + par;
    return maker + "Not finished yet: " + listing.title + par;
}

}  // namespace

void MenuScreens::open_level_select() {
    scene_ = Scene::level_select;
    menu_ = Menu{};
    menu_.title = "LEVEL SELECT";
    menu_.previews = true;  // the highlighted level's thumbnail beside the list
    menu_.subtitle = "Drop your own level folders into " + display_path(user_data_dir() / "levels");
    const std::vector<LevelListing>& levels = host_.rescan_levels();
    const Chapters& chapters = host_.chapters();
    const ChapterProgress open = host_.progress().for_chapters();
    // Each chapter's gems: found, and held by its levels as far as finished runs have shown them.
    std::vector<std::pair<int, int>> chapter_gems(chapters.list().size());
    for (std::size_t c = 0; c < chapters.list().size(); ++c) {
        for (const ChapterLevel& level : chapters.list()[c].levels) {
            if (const LevelRecord* record = host_.progress().find(level.level)) {
                chapter_gems[c].first += gem_count(record->gems);
                chapter_gems[c].second += gem_count(record->gems_placed);
            }
        }
    }
    menu_.subtitle = "Gems found: " + std::to_string(open.gems) + ". " + menu_.subtitle;
    for (std::size_t i : chapters.playing_order(level_names(levels))) {
        const LevelListing& listing = levels[i];
        const auto place = chapters.find(listing.name);
        const std::string number = chapters.number(listing.name);
        std::string chapter =
            place ? chapters.list()[static_cast<std::size_t>(place->first)].name : std::string();
        if (place && chapter_gems[static_cast<std::size_t>(place->first)].second > 0) {
            const auto [found, held] = chapter_gems[static_cast<std::size_t>(place->first)];
            chapter += " (gems " + std::to_string(found) + "/" + std::to_string(held) + ")";
        }
        if (place) chapter += ": ";
        if (!chapters.unlocked(listing.name, open)) {
            // A locked level shows its number and what opens it, not its name; a B-side also shows how
            // far the player is on the way to it.
            std::string label = number + "  locked";
            std::string why = "Finish the level before it to open this one";
            if (place && place->second->coins_needed > 0) {
                why = "Collect " + std::to_string(place->second->coins_needed) +
                      " coins in all to open this bonus level (you have " + std::to_string(open.coins) + ")";
            } else if (place && place->second->gems_needed > 0) {
                const int found = chapters.chapter_gems(place->first, open);
                label += "  B-side: gems " + std::to_string(found) + "/" +
                         std::to_string(place->second->gems_needed);
                why = "Find " + std::to_string(place->second->gems_needed) + " gems in chapter " +
                      std::to_string(place->first + 1) + " to open this B-side (you have " +
                      std::to_string(found) + ")";
            }
            menu_.items.push_back({label, chapter + why, false, nullptr});
            continue;
        }
        // The row in one string (what the trace prints) and in columns for the list: number, name, best
        // time, coins and the rest; the columns leave out the label's "* " and a par's whole-second ".0",
        // so a name keeps more of the row.
        std::vector<std::string> cells{number, listing.ok ? listing.title : listing.name + " (broken)", "",
                                       "", ""};
        std::string label = (number.empty() ? "" : number + "  ") + cells[1];
        const LevelRecord* record = host_.progress().find_listed(listing.name, listing.shipped);
        std::vector<std::string> rest;
        if (record && record->completed && record->best_ticks == 0) {
            cells[2] = "assisted";  // finished, but only with assists: no time to show
            label += "  * assisted";
        } else if (record && record->completed) {
            cells[2] = format_time(record->best_ticks);
            cells[3] = std::to_string(record->best_coins) + "/" + std::to_string(record->coins_total);
            label += "  * " + cells[2] + "  " + cells[3];
            if (record->best_tuning != host_.tuning_digest()) rest.push_back("(best time: other tuning)");
        } else if (record && record->skipped) {
            cells[2] = "(skipped)";
            label += "  (skipped)";
        }
        // The par time next to the best time, marked "beaten" once a run has been within it.
        const std::int64_t par = listing.shipped ? chapters.par_ticks(listing.name) : 0;
        const std::string beaten = record && record->par_beaten ? " beaten" : "";
        for (std::string& part : rest) label += "  " + part;
        if (par > 0) {
            std::string par_text = format_time(par);
            label += "  par " + par_text + beaten;
            if (par_text.ends_with(".0")) par_text.resize(par_text.size() - 2);
            rest.push_back("par " + par_text + beaten);
        }
        if (listing.ok && listing.maker_ticks >= 0) {
            label += "  (cleared by its maker)";
            rest.push_back("(cleared by its maker)");
        }
        for (const std::string& part : rest) cells[4] += (cells[4].empty() ? "" : "  ") + part;
        std::string detail =
            listing.ok ? chapter + level_detail(listing, record, par) : shorten_paths(listing.reason);
        fs::path path = listing.path;
        // A level with a run to watch or a way to share it opens its own menu; any other starts at once.
        const bool extras = listing.ok && (listing.maker_ticks >= 0 || host_.has_best_run(listing));
        std::function<void()> choose = [this, path] { host_.start_level(path); };
        if (extras) choose = [this, listing] { open_level_menu(listing); };
        menu_.items.push_back({label, detail, listing.ok, std::move(choose)});
        menu_.items.back().cells = std::move(cells);
        if (listing.ok) menu_.items.back().preview = path;
        if (record) {
            menu_.items.back().gems_placed = record->gems_placed;
            menu_.items.back().gems_found = record->gems & record->gems_placed;
        }
        if (!menu_level_.empty() && path == menu_level_)
            menu_.cursor = static_cast<int>(menu_.items.size()) - 1;
    }
    menu_.items.push_back({"Back", "", true, [this] { host_.in_play() ? open_pause() : open_title(); }});
}

void MenuScreens::open_level_menu(LevelListing listing) {
    scene_ = Scene::level_menu;
    menu_level_ = listing.path;
    menu_ = Menu{};
    menu_.title = listing.title;
    menu_.previews = true;  // the level's thumbnail, as in the level select
    const LevelRecord* record = host_.progress().find_listed(listing.name, listing.shipped);
    const std::int64_t par = listing.shipped ? host_.chapters().par_ticks(listing.name) : 0;
    menu_.subtitle = level_detail(listing, record, par);
    const fs::path path = listing.path;
    menu_.items.push_back({"Play", "", true, [this, path] { host_.start_level(path); }});
    const bool best_run = host_.has_best_run(listing);
    if (best_run)
        menu_.items.push_back({"Watch best run", "The fastest finished run of " + listing.title, true,
                               [this, listing] { host_.watch_best_run(listing); }});
    if (listing.maker_ticks >= 0)
        menu_.items.push_back({"Watch the maker's clear",
                               "The run that proves " + listing.title + " can be finished", true,
                               [this, listing] { host_.watch_maker_clear(listing); }});
    if (best_run && !listing.package)  // a package is one file to send already
        menu_.items.push_back(
            {"Share...", "Write " + listing.title + " as one file to send, your best run inside as the proof",
             true, [this, listing] { host_.share_level(listing); }});
    menu_.items.push_back({"Back", "", true, [this] { open_level_select(); }});
    for (MenuItem& item : menu_.items) item.preview = path;
}

void MenuScreens::open_pause() {
    scene_ = Scene::paused;
    menu_ = Menu{};
    menu_.title = "PAUSED";
    menu_.subtitle = host_.level_name();
    menu_.items.push_back({"Resume", "", true, [this] { scene_ = Scene::playing; }});
    menu_.items.push_back({"Restart level", "", true, [this] { host_.restart_level(); }});
    menu_.items.push_back({"Level select", "", true, [this] { open_level_select(); }});
    menu_.items.push_back({"Options", "", true, [this] { open_options(Scene::paused); }});
    if (host_.can_skip_level())
        menu_.items.push_back(
            {"Skip this level",
             "Assist: the next level opens; this one stays not finished until you finish it", true,
             [this] { host_.skip_level(); }});
    menu_.items.push_back({"Quit to title", "", true, [this] { host_.quit_to_title(); }});
}

void MenuScreens::open_options(Scene back_to) {
    options_back_ = back_to;
    const bool from_controls = scene_ == Scene::options && page_ == OptionsPage::controls;
    int cursor = from_controls ? 4 : cursor_for(OptionsPage::settings);  // 4: "Controls"
    scene_ = Scene::options;
    page_ = OptionsPage::settings;
    menu_ = Menu{};
    menu_.title = "OPTIONS";
    menu_.subtitle = "Left/right to change";
    Settings& settings = host_.settings();
    menu_.items.push_back(
        {"Sound effects: " + std::to_string(settings.volume) + "%", "", true, nullptr, [this](int d) {
             Settings& s = host_.settings();
             s.volume = std::clamp(s.volume + d * 10, 0, 100);
             host_.settings_changed();
             host_.play_sound("menu_move");
             open_options(options_back_);
         }});
    menu_.items.push_back(
        {"Music: " + std::to_string(settings.music_volume) + "%", "", true, nullptr, [this](int d) {
             Settings& s = host_.settings();
             s.music_volume = std::clamp(s.music_volume + d * 10, 0, 100);
             host_.settings_changed();
             open_options(options_back_);
         }});
    auto toggle_fullscreen = [this] {
        host_.settings().fullscreen = !host_.settings().fullscreen;
        host_.settings_changed();
        open_options(options_back_);
    };
    auto toggle_ghost = [this] {
        host_.settings().ghost = !host_.settings().ghost;
        host_.settings_changed();
        open_options(options_back_);
    };
    menu_.items.push_back({std::string("Ghost of the best run: ") + (settings.ghost ? "on" : "off"), "", true,
                           toggle_ghost, [toggle_ghost](int) { toggle_ghost(); }});
    menu_.items.push_back({std::string("Fullscreen: ") + (settings.fullscreen ? "on" : "off"), "", true,
                           toggle_fullscreen, [toggle_fullscreen](int) { toggle_fullscreen(); }});
    menu_.items.push_back(
        {"Controls", "Keys and gamepad buttons of each action", true, [this] { open_controls(); }});
    auto toggle_fill = [this] {
        host_.settings().fill_screen = !host_.settings().fill_screen;
        host_.settings_changed();
        open_options(options_back_);
    };
    menu_.items.push_back(
        {std::string("Picture: ") + (settings.fill_screen ? "fill the screen" : "640x360, bars"),
         "Fill: the view takes the screen's shape. Bars: the same view everywhere", true, toggle_fill,
         [toggle_fill](int) { toggle_fill(); }});
    auto toggle_shake = [this] {
        host_.settings().screen_shake = !host_.settings().screen_shake;
        host_.settings_changed();
        open_options(options_back_);
    };
    menu_.items.push_back({std::string("Screen shake: ") + (settings.screen_shake ? "on" : "off"),
                           "A short shake when you are hurt", true, toggle_shake,
                           [toggle_shake](int) { toggle_shake(); }});
    auto toggle_livesplit = [this] {
        host_.settings().livesplit = !host_.settings().livesplit;
        host_.settings_changed();
        open_options(options_back_);
    };
    menu_.items.push_back(
        {std::string("LiveSplit timer: ") + (settings.livesplit ? "on, " + settings.livesplit_server : "off"),
         "Splits at checkpoints and the goal; the server is livesplit_server in settings.json", true,
         toggle_livesplit, [toggle_livesplit](int) { toggle_livesplit(); }});
    auto toggle_timer = [this] {
        host_.settings().split_timer = !host_.settings().split_timer;
        host_.settings_changed();
        open_options(options_back_);
    };
    menu_.items.push_back({std::string("Timer and splits: ") + (settings.split_timer ? "on" : "off"),
                           "The level time on screen, and at each checkpoint how you stand against your best",
                           true, toggle_timer, [toggle_timer](int) { toggle_timer(); }});
    auto toggle_input = [this] {
        host_.settings().input_display = !host_.settings().input_display;
        host_.settings_changed();
        open_options(options_back_);
    };
    menu_.items.push_back({std::string("Input display: ") + (settings.input_display ? "on" : "off"),
                           "The actions held, drawn in a corner (also while a replay plays)", true,
                           toggle_input, [toggle_input](int) { toggle_input(); }});
    menu_.items.push_back(
        {"Assist - game speed: " + std::to_string(settings.game_speed) + "%",
         "Slower play for a hard passage. Runs below 100% keep no best time, splits or ghost", true, nullptr,
         [this](int d) {
             Settings& s = host_.settings();
             s.game_speed = std::clamp(s.game_speed + d * 10, 50, 100);
             host_.settings_changed();
             open_options(options_back_);
         }});
    auto toggle_invincible = [this] {
        host_.settings().invincible = !host_.settings().invincible;
        host_.settings_changed();
        open_options(options_back_);
    };
    menu_.items.push_back({std::string("Assist - invincible: ") + (settings.invincible ? "on" : "off"),
                           "Enemies, shots and spikes do nothing; a fall carries you back. No records", true,
                           toggle_invincible, [toggle_invincible](int) { toggle_invincible(); }});
    auto toggle_hearts = [this] {
        host_.settings().infinite_hearts = !host_.settings().infinite_hearts;
        host_.settings_changed();
        open_options(options_back_);
    };
    menu_.items.push_back(
        {std::string("Assist - infinite hearts: ") + (settings.infinite_hearts ? "on" : "off"),
         "Hits knock you back but never cost a heart. No records", true, toggle_hearts,
         [toggle_hearts](int) { toggle_hearts(); }});
    auto toggle_list = [this] {
        host_.settings().split_list = !host_.settings().split_list;
        host_.settings_changed();
        open_options(options_back_);
    };
    menu_.items.push_back(
        {std::string("Split list: ") + (settings.split_list ? "on" : "off"),
         "The checkpoints passed so far, with their times and how you stand against your best", true,
         toggle_list, [toggle_list](int) { toggle_list(); }});
    // Skins: the unlocked ones in turn; the locked ones are named in the detail with the gems they need.
    const int gems = host_.progress().gems_found();
    const Skin& worn = skin_or_default(settings.skin, gems);
    std::string skin_detail = "Found gems: " + std::to_string(gems) + ". A skin is only a look.";
    for (const Skin& skin : skins) {
        if (!skin_unlocked(skin, gems)) skin_detail += std::string(" ") + skin_label(skin, gems) + ".";
    }
    auto next_skin = [this, gems](int step) {
        const Skin& current = skin_or_default(host_.settings().skin, gems);
        const int count = static_cast<int>(skins.size());
        int at = static_cast<int>(&current - skins.data());
        do {
            at = (at + step + count) % count;
        } while (!skin_unlocked(skins[static_cast<std::size_t>(at)], gems));
        host_.settings().skin = skins[static_cast<std::size_t>(at)].name;
        host_.settings_changed();
        open_options(options_back_);
    };
    menu_.items.push_back({std::string("Skin: ") + worn.name, skin_detail, true,
                           [next_skin] { next_skin(1); }, [next_skin](int d) { next_skin(d < 0 ? -1 : 1); }});
    menu_.items.push_back(
        {"Back", "", true, [this] { options_back_ == Scene::paused ? open_pause() : open_title(); }});
    menu_.cursor = std::min(cursor, static_cast<int>(menu_.items.size()) - 1);
}

namespace {

/// "Space, Z, K" for keys or buttons; `none` when there are none.
std::string list_inputs(const std::vector<InputCode>& inputs, bool keys, const char* none) {
    std::string out;
    for (InputCode input : inputs) {
        if (input.is_key() != keys) continue;
        if (!out.empty()) out += ", ";
        out += input_label(input);
    }
    return out.empty() ? none : out;
}

}  // namespace

void MenuScreens::open_controls() {
    int cursor = cursor_for(OptionsPage::controls);
    if (scene_ == Scene::options && page_ == OptionsPage::action) {  // back on the action just edited
        const std::vector<Action>& actions = rebindable_actions();
        cursor = static_cast<int>(std::find(actions.begin(), actions.end(), editing_) - actions.begin());
    }
    scene_ = Scene::options;
    page_ = OptionsPage::controls;
    menu_ = Menu{};
    menu_.title = "CONTROLS";
    menu_.subtitle = "Confirm an action to add or remove its keys and buttons";
    const Settings& settings = host_.settings();
    for (Action action : rebindable_actions()) {
        std::vector<InputCode> inputs = bound_inputs(settings, action);
        menu_.items.push_back({std::string(action_label(action)) + ": " +
                                   list_inputs(inputs, true, "no key") + "  /  " +
                                   list_inputs(inputs, false, "no button"),
                               "", true, [this, action] { open_action(action); }});
    }
    menu_.items.push_back(
        {"Reset controls to defaults", "Every key and button back to how the game came", true, [this] {
             Settings defaults = Settings::defaults();
             host_.settings().keys = defaults.keys;
             host_.settings().buttons = defaults.buttons;
             host_.settings_changed();
             open_controls();
         }});
    menu_.items.push_back({"Back", "", true, [this] { open_options(options_back_); }});
    menu_.cursor = std::min(cursor, static_cast<int>(menu_.items.size()) - 1);
}

void MenuScreens::open_action(Action action, std::string notice) {
    int cursor = editing_ == action ? cursor_for(OptionsPage::action) : 0;
    editing_ = action;
    scene_ = Scene::options;
    page_ = OptionsPage::action;
    menu_ = Menu{};
    const std::string label(action_label(action));
    menu_.title = label;
    menu_.subtitle = notice.empty() ? "Add a key or button, or remove one" : std::move(notice);
    menu_.items.push_back({"Add a key or button",
                           "Confirm, then press the key or gamepad button (Esc or pad B: cancel)", true,
                           [this, label] {
                               host_.capture_binding();
                               menu_.subtitle = "Press a key or gamepad button for " + label;
                           }});
    const Settings& settings = host_.settings();
    for (InputCode input : bound_inputs(settings, action)) {
        bool removable = can_remove_binding(settings, action, input);
        std::string name = input_label(input);
        menu_.items.push_back({"Remove " + name,
                               removable ? "" : label + " needs at least one key: add another key first",
                               removable, [this, action, input, name] {
                                   remove_binding(host_.settings(), action, input);
                                   host_.settings_changed();
                                   open_action(action, "Removed " + name);
                               }});
    }
    menu_.items.push_back({"Back", "", true, [this] { open_controls(); }});
    menu_.cursor = std::min(cursor, static_cast<int>(menu_.items.size()) - 1);
}

void MenuScreens::open_conflict(Action action, InputCode input, const BindCheck& check) {
    scene_ = Scene::options;
    page_ = OptionsPage::conflict;
    menu_ = Menu{};
    const std::string name = input_label(input), label(action_label(action)),
                      other(action_label(check.other));
    menu_.title = "ALREADY IN USE";
    menu_.subtitle = name + " already does: " + other;
    bool can_move = !check.other_keeps.empty();
    std::string keeps;
    for (InputCode kept : check.other_keeps) keeps += (keeps.empty() ? "" : ", ") + input_label(kept);
    menu_.items.push_back({"Use " + name + " for " + label + " instead",
                           can_move ? other + " keeps " + keeps
                                    : name + " is the only " + (input.is_key() ? "key" : "button") + " of " +
                                          other + ": give " + other + " another one first",
                           can_move, [this, action, input, name, other] {
                               move_binding(host_.settings(), action, input);
                               host_.settings_changed();
                               open_action(action, name + " moved here from " + other);
                           }});
    menu_.items.push_back({"Keep " + name + " for " + other, "", true,
                           [this, action] { open_action(action, "Nothing changed"); }});
    menu_.cursor = can_move ? 0 : 1;
}

void MenuScreens::binding_captured(std::optional<InputCode> input) {
    const Action action = editing_;
    if (!input) {
        open_action(action, "Nothing changed");
        return;
    }
    BindCheck check = check_binding(host_.settings(), action, *input);
    const std::string name = input_label(*input);
    switch (check.kind) {
        case BindCheck::Kind::add:
            add_binding(host_.settings(), action, *input);
            host_.settings_changed();
            open_action(action, "Added " + name);
            break;
        case BindCheck::Kind::already:
            open_action(action, name + " already does this");
            break;
        case BindCheck::Kind::cancel_input:
            open_action(action, name + " cancels and cannot be bound here");
            break;
        case BindCheck::Kind::conflict:
            open_conflict(action, *input, check);
            break;
    }
}

void MenuScreens::options_back() {
    switch (page_) {
        case OptionsPage::settings:
            options_back_ == Scene::paused ? open_pause() : open_title();
            break;
        case OptionsPage::controls:
            open_options(options_back_);
            break;
        case OptionsPage::action:
            open_controls();
            break;
        case OptionsPage::conflict:
            open_action(editing_, "Nothing changed");
            break;
    }
}

Completion completion_of(const Progress& progress, const std::vector<LevelListing>& levels) {
    Completion done;
    for (const LevelListing& listing : levels) {
        if (!listing.ok) continue;
        ++done.levels;
        const LevelRecord* record = progress.find_listed(listing.name, listing.shipped);
        if (!record || !record->completed) continue;
        ++done.finished;
        if (record->best_coins >= record->coins_total) ++done.all_coins;
        done.gems_found += gem_count(record->gems & record->gems_placed);
        done.gems_placed += gem_count(record->gems_placed);
    }
    return done;
}

namespace {

/// "1 level", "3 levels".
std::string how_many(int n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

}  // namespace

std::vector<std::string> completion_lines(const Completion& done) {
    const int unfinished = done.levels - done.finished, coins_left = done.levels - done.all_coins,
              gems_left = done.gems_placed - done.gems_found;
    if (unfinished <= 0 && coins_left <= 0 && gems_left <= 0)
        return {"Everything done: every level finished, every coin collected, every gem found"};
    const std::string of_levels = " of " + std::to_string(done.levels);
    std::vector<std::string> lines{
        "Levels finished: " + std::to_string(done.finished) + of_levels,
        done.all_coins > 0 ? "Levels with every coin collected: " + std::to_string(done.all_coins) + of_levels
                           : std::string("No level with every coin collected yet"),
        "Gems found: " + std::to_string(done.gems_found) + " of " + std::to_string(done.gems_placed) +
            (unfinished > 0 ? " in the levels you finished" : "")};
    std::string todo;
    auto add = [&todo](const std::string& part) { todo += (todo.empty() ? "" : ", ") + part; };
    if (unfinished > 0) add("finish " + how_many(unfinished, "level", "levels"));
    if (coins_left > 0) add("collect every coin in " + how_many(coins_left, "level", "levels"));
    if (gems_left > 0) add("find " + how_many(gems_left, "gem", "gems"));
    lines.push_back("Still to do: " + todo);
    return lines;
}

void MenuScreens::open_ending(const Completion& done) {
    scene_ = Scene::results;
    menu_ = Menu{};
    menu_.title = "THE END";
    menu_.subtitle = "The fox made it to the summit. Thank you for playing!";
    // The credits one line each (no line broken inside a command), a gap, then what is still to do.
    const SDL_Color gold{255, 214, 90, 255}, plain{200, 210, 235, 255}, command{150, 230, 220, 255};
    menu_.notes = {{"Quickstep, made by its contributors", gold},
                   {"with C++20, SDL2, Box2D and nlohmann_json,", plain},
                   {"every level drawn as PNG pixels.", plain},
                   {"Make your own: quickstep --new-level NAME 120x30", command},
                   {"", plain}};
    for (std::string& line : completion_lines(done)) menu_.notes.push_back({std::move(line)});
    menu_.items.push_back(
        {"Level select", "Beat your best times, find every coin", true, [this] { open_level_select(); }});
    menu_.items.push_back({"Title screen", "", true, [this] { open_title(); }});
}

void MenuScreens::open_results(const std::string& summary, std::vector<MenuNote> notes) {
    scene_ = Scene::results;
    menu_ = Menu{};
    menu_.title = "LEVEL COMPLETE";
    menu_.subtitle = summary;
    menu_.notes = std::move(notes);
    menu_.items.push_back({"Next level", "", true, [this] { host_.next_level(); }});
    menu_.items.push_back({"Play again", "", true, [this] { host_.restart_level(); }});
    menu_.items.push_back({"Level select", "", true, [this] { open_level_select(); }});
}

std::string MenuScreens::trace_state(bool capturing) const {
    static constexpr const char* scene_names[] = {"title",   "level_select", "playing",   "paused",
                                                  "options", "results",      "level_menu"};
    std::string state = scene_names[static_cast<int>(scene_)];
    if (const Menu* shown = menu(); shown && !shown->items.empty())
        state += " " + std::to_string(shown->cursor) + " \"" + shown->items[shown->cursor].label + "\"";
    if (scene_ == Scene::options && capturing) state += " (waiting for a key)";
    return state;
}

bool MenuScreens::shows_level(const LevelData* level) const {
    return level && (scene_ == Scene::playing || scene_ == Scene::paused || scene_ == Scene::results ||
                     scene_ == Scene::options);
}

std::string MenuScreens::music_track(const LevelData* level) const {
    if (!shows_level(level)) return "title";
    return level->music.empty() ? "day" : level->music;
}

}  // namespace qs
