// Levels in the running program: starting one (the run recorded, the ghost shown), watching a best run,
// the next level and the ending, hot reload, and the results and records of a finished run.
#include <algorithm>
#include <chrono>
#include <cstdio>

#include "engine/text_layout.hpp"
#include "game/app/app_state.hpp"
#include "game/app/level_packages.hpp"
#include "game/app/skins.hpp"

namespace qs {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// ---- levels ----

bool App::begin_level(CheckedLevel checked) {
    practice_.level_begun();
    if (!session_.start(std::move(checked))) return false;
    runs_.start_run(*session_.level().level, session_.play_identity(), session_.tuning(), tick_,
                    rewind_speedup());
    start_splits();
    on_level_started();
    return true;
}

void App::on_level_started(bool fade) {
    const auto started = Clock::now();
    const LevelData& level = *session_.level().level;
    levels_.playing(level);
    if (presentation_) presentation_->show_level(*session_.world());
    if (presentation_ && fade && fades_) presentation_->fade_in(0.3);
    if (!options_.headless) {
        // Records kept under the bare name of a level the player added are moved to its key once it is
        // known to be the same level (the best run was made on what is played now).
        const std::string key = RunRecords::key_of(level, session_.play_identity());
        if (progress_.adopt_unkeyed(level.folder_name, key, session_.play_identity()))
            RunRecords::adopt_unkeyed_files(level.folder_name, key);
    }
    if (const std::string note = runs_.show_ghost(level, session_.play_identity(), settings_.ghost);
        !note.empty())
        toast(note, 4);
    actions_.release_all();
    take_held_directions_ = true;
    menus_.resume();
    // Showing the level is part of starting it: the level line counts it until the first tick.
    session_.add_level_start_ms(std::chrono::duration<double, std::milli>(Clock::now() - started).count());
}

void App::watch_best_run(const LevelListing& listing) {
    const std::string& name = listing.name;
    const fs::path& folder = listing.path;
    std::string error;
    const fs::path file = RunRecords::best_run_path(listed_record_key(listing));
    std::optional<Replay> replay = read_replay_file(file, error);
    if (!replay) {
        toast(printable(error), 5);
        return;
    }
    CheckedLevel checked = levels_.check(folder);
    if (const std::string mismatch = replay_mismatch(*replay, checked, levels_); !mismatch.empty()) {
        std::fprintf(stderr, "quickstep: %s: %s\n", file.c_str(), mismatch.c_str());
        const std::string title = checked.level ? checked.level->name : printable(name);
        toast("The best run of " + title + " cannot be played: " + mismatch, 6);
        return;
    }
    watch_replay(std::move(*replay), std::move(checked));
}

void App::watch_maker_clear(const LevelListing& listing) {
    CheckedLevel checked = levels_.check(listing.path);
    std::string problem;
    std::optional<Replay> proof = checked.level ? maker_proof(checked, problem) : std::nullopt;
    if (proof) problem = replay_mismatch(*proof, checked, levels_);
    if (!proof || !problem.empty()) {
        if (problem.empty() && !checked.errors.empty()) problem = checked.errors.front();
        std::fprintf(stderr, "quickstep: %s: %s\n", listing.path.c_str(), problem.c_str());
        toast("The maker's clear of " + printable(listing.title) +
                  " cannot be played: " + shorten_paths(problem),
              6);
        return;
    }
    watch_replay(std::move(*proof), std::move(checked));
}

void App::share_level(const LevelListing& listing) {
    const fs::path out = user_data_dir() / "shared" / (record_file_stem(listing.name) + ".qslevel");
    CheckedLevel checked = levels_.check(listing.path);
    std::string error;
    const std::string report =
        checked.level ? pack_checked_level(std::move(checked),
                                           RunRecords::best_run_path(listed_record_key(listing)), out, error)
                      : std::string();
    if (report.empty()) {
        if (error.empty() && !checked.errors.empty()) error = checked.errors.front();
        std::fprintf(stderr, "%s\n", error.c_str());
        toast("Not shared: " + shorten_paths(error.substr(error.rfind('\n') + 1)), 6);
        return;
    }
    std::fprintf(stderr, "quickstep: share: %s\n", report.c_str());
    toast("Shared as " + display_path(out) + " - send that one file: it proves the level can be finished", 8,
          true);
}

void App::watch_replay(Replay replay,
                       CheckedLevel checked) {  // A replay's F5s and F9s use a scratch folder, as they did
                                                // the recorded run's own: the player's
    // quicksaves (and progress, best runs, ghosts) are never touched by watching.
    stop_watching();
    auto scratch = std::make_unique<ScratchFolder>("quickstep-replay-");
    if (!scratch->ok()) {
        toast("Cannot make a scratch folder for the replay's quicksaves", 5);
        return;
    }
    session_.use_scratch_saves(scratch->path());
    watch_saves_ = std::move(scratch);
    session_.set_tuning(replay.tuning);
    // The run plays from now on: its ticks shifted to this session's tick count.
    runs_.watch(std::move(replay), tick_);
    if (!begin_level(std::move(checked))) stop_watching();
}

bool App::can_skip_level() const {
    const int playing = levels_.playing_index();
    return !runs_.watching() && playing >= 0 &&
           chapters_.find(levels_.listings()[static_cast<std::size_t>(playing)].name).has_value();
}

void App::skip_level() {
    if (!can_skip_level()) return;
    if (const World* world = session_.world()) {
        const std::string key = RunRecords::key_of(world->level(), session_.play_identity());
        const LevelRecord* record = progress_.find(key);
        if (!(record && record->completed)) {
            progress_.record_skipped(key);
            std::string message;
            if (!progress_.save(progress_path(), message))
                std::fprintf(stderr, "quickstep: %s\n", message.c_str());
        }
    }
    next_level();
}

void App::next_level() {
    stop_watching();
    const std::vector<LevelListing>& levels = levels_.listings();
    const int playing = levels_.playing_index();
    const std::string current = playing >= 0 ? levels[static_cast<std::size_t>(playing)].name : "";
    if (chapters_.find(current)) {
        // A chapter's level: the next one in playing order; after the last one, the ending.
        if (std::optional<std::string> next = chapters_.next(current)) {
            if (const LevelListing* listing = levels_.find(*next); listing && listing->ok) {
                if (begin_level(levels_.check(listing->path))) return;
            }
        } else if (current == chapters_.last()) {
            session_.close();
            open_ending();
            return;
        }
        session_.close();
        menus_.open_level_select();
        return;
    }
    // A level of the player's own: the next one in the list that is not a chapter's.
    for (int i = playing + 1; i < static_cast<int>(levels.size()); ++i) {
        if (!levels[i].ok || chapters_.find(levels[i].name)) continue;
        if (begin_level(levels_.check(levels[i].path))) return;
    }
    session_.close();
    menus_.open_level_select();
}

void App::open_ending() {
    // The credits always; "everything done" only when every level is finished with every coin and gem.
    menus_.open_ending(completion_of(progress_, levels_.listings()));
}

void App::hot_reload() {
    if (tick_waiting_) return;  // looked at again once the released rewind's tick has run
    double camera_x = presentation_ ? presentation_->camera_x() : 0;
    double camera_y = presentation_ ? presentation_->camera_y() : 0;
    PlaySession::Reload reload = session_.reload_if_edited(SDL_GetTicks64() / 1000.0);
    if (reload != PlaySession::Reload::reloaded && reload != PlaySession::Reload::reloaded_in_place) return;
    on_level_started(false);  // an edit tried at once: no fade between it and the last version
    if (reload == PlaySession::Reload::reloaded_in_place && presentation_)
        presentation_->place_camera(camera_x, camera_y);
}

void App::show_results() {
    session_.end_recording();
    if (runs_.watching()) {  // a replay finishing is not a new record
        stop_watching();
        menus_.open_level_select();
        toast("End of the replay");
        return;
    }
    const World& world = *session_.world();
    const GameState& game = world.game;
    if (practice_.active()) {  // started elsewhere than the level's start: not a record
        menus_.open_results("Practice run (not recorded)   Coins " + std::to_string(game.coins) + "/" +
                            std::to_string(game.coins_total) + "   Time " + format_time(game.timer_ticks));
        return;
    }
    const std::string key = RunRecords::key_of(world.level(), session_.play_identity());
    // Gems count in any finished run, assisted or not; the news of them goes on the results line.
    const GemsFound gems = gems_of(world);
    const LevelRecord* before = progress_.find(key);
    const unsigned kept_before = before ? before->gems : 0;
    const int gems_before = progress_.gems_found();
    const std::vector<std::string> locked_before = chapters_.locked_off_path(progress_.for_chapters());
    // A teal line under the summary: "Gems 2/3, new!   New skin: Arctic (Options)"; none without gems.
    // Then a gold line for each B-side or bonus level the run opened:
    // "New B-side open: 2-9 Belt Line B-side (Level select)".
    auto gem_news = [&] {
        std::vector<MenuNote> notes;
        std::string text = gems_summary(kept_before, gems);
        if (const Skin* skin = skin_unlocked_between(gems_before, progress_.gems_found())) {
            text += std::string(text.empty() ? "" : "   ") + "New skin: " + skin->name + " (Options)";
            if (presentation_)
                presentation_->set_skin(skin_or_default(settings_.skin, progress_.gems_found()));
        }
        if (!text.empty()) notes.push_back({text, {120, 240, 220, 255}});
        const std::vector<std::string> locked_after = chapters_.locked_off_path(progress_.for_chapters());
        for (const std::string& level : locked_before) {
            if (std::find(locked_after.begin(), locked_after.end(), level) != locked_after.end()) continue;
            const LevelListing* listing = levels_.find(level);
            const auto place = chapters_.find(level);
            const std::string kind = place && place->second->gems_needed > 0 ? "B-side" : "bonus level";
            const std::string line = "New " + kind + " open: " + chapters_.number(level) + " " +
                                     (listing && listing->ok ? listing->title : level) + " (Level select)";
            std::fprintf(stderr, "unlock: %s\n", line.c_str());
            notes.push_back({line, {255, 214, 90, 255}});
        }
        return notes;
    };
    if (assists_.any()) {  // the level is finished, but no records are kept
        progress_.record_assisted(key, game.coins_total, gems);
        std::string message;
        if (!progress_.save(progress_path(), message))
            std::fprintf(stderr, "quickstep: %s\n", message.c_str());
        menus_.open_results("Assisted run, " + assists_.describe() + " (no record kept)   Coins " +
                                std::to_string(game.coins) + "/" + std::to_string(game.coins_total) +
                                "   Time " + format_time(game.timer_ticks),
                            gem_news());
        return;
    }
    const std::int64_t par = chapters_.par_ticks(key);  // a shipped level's key is its name
    bool best = progress_.record(key, game.timer_ticks, game.coins, game.coins_total,
                                 session_.play_identity(), gems, par);
    SplitRecord splits = progress_.splits_for(key, session_.play_identity().id());
    const bool best_splits = splits.add_finished_run(splits_.run(), session_.play_identity().id());
    progress_.keep_splits(key, splits);
    runs_.keep_finished_run(tick_, best);
    std::string message;
    if (!progress_.save(progress_path(), message)) std::fprintf(stderr, "quickstep: %s\n", message.c_str());
    std::vector<MenuNote> notes = gem_news();
    for (MenuNote& line : split_result_lines(splits_.results(), splits, best_splits)) notes.push_back(line);
    const std::string par_line = par_summary(game.timer_ticks, par);
    const std::string summary =
        "Coins " + std::to_string(game.coins) + "/" + std::to_string(game.coins_total) + "   Time " +
        format_time(game.timer_ticks) + (best ? " (best!)" : "") +
        (par_line.empty() ? "" : "   " + par_line) + "   Deaths " + std::to_string(game.deaths);
    std::fprintf(stderr, "results: %s: %s\n", key.c_str(), summary.c_str());
    menus_.open_results(summary, notes);
}

}  // namespace qs
