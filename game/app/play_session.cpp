// The play session: level start and restart, ticks, quicksave with its canonical rebuild in place,
// quickload (newest / older, across levels) and hot reload.
#include "game/app/play_session.hpp"

#include <chrono>
#include <cstdio>
#include <future>
#include <utility>

#include "game/app/paths.hpp"
#include "game/levels/prefabs.hpp"
#include "game/view/hud.hpp"

namespace qs {

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

}  // namespace

PlaySession::PlaySession(std::filesystem::path save_dir, bool watch_files, VisualPixels pixels)
    : saves_(std::move(save_dir)), save_pool_(helper_), watch_files_(watch_files), pixels_(pixels) {}

PlaySession::~PlaySession() {
    cancel_catching_up();
    print_level_report(0);
}

void PlaySession::print_level_report(double tick_ms) {
    if (!level_report_) return;
    const LevelReport& r = *level_report_;
    std::fprintf(stderr, "level: %s %dx%d tiles, %zu rectangles, %zu entities, %.3f ms\n", r.name.c_str(),
                 r.width, r.height, r.rectangles, r.entities, r.ms + tick_ms);
    level_report_.reset();
}

bool PlaySession::start(CheckedLevel checked) {
    if (!checked.level) return false;
    cancel_catching_up();
    print_level_report(0);
    auto started = Clock::now();
    // The level line times everything from reading the folder (check_level) to the end of the first tick
    // (step() prints it); a restart reuses the checked folder, so its copy carries no reading time.
    const double folder_ms = std::exchange(checked.check_ms, 0.0);
    current_ = std::move(checked);
    // The World takes the entities; a level built from its files keeps no copy of them beside it (a
    // restart or a carried save builds them again from the level's placements).
    std::vector<Entity> spawned = current_.entities_from_level && !current_.entities.empty()
                                      ? std::exchange(current_.entities, {})
                                      : level_entities();
    rebuild_ticks_ = rebuild_ticks_for(spawned.size());
    // Read once per level start (a restart reads it again: an edit of assets/tuning.json shows at R).
    tuning_ = tuning_for_start();
    play_ = qs::play_identity(current_.identity, tuning_);
    world_ = std::make_unique<World>(current_.level, tuning_, std::move(spawned), current_.terrain);
    // Room for a quickload's whole restore is held only once there is a save to load (in memory or on
    // disk): a run that never saves does not carry it.
    rewind_.want_copy_room(saves().any_known());
    start_recording();
    // The first F5 then captures into present memory, and the first F9 restores into it.
    save_pool_.prepare(world_->entities.size(), world_->entities.slot_count(), reclaimable());
    if (placements_level_.lock() != current_.level &&
        !(placements_made_.valid() && placements_made_for_ == current_.level)) {
        // What the level placed, which every save carries: made on the helper thread before the first F5.
        placements_made_for_ = current_.level;
        placements_made_ = helper_.run([level = current_.level] { return level_placements(*level); });
    }
    const LevelData& level = *current_.level;
    level_report_ = LevelReport{level.folder_name,  level.tiles.width,       level.tiles.height,
                                level.rects.size(), world_->entities.size(), folder_ms + ms_since(started)};
    return true;
}

Tuning PlaySession::tuning_for_start() const {
    if (tuning_override_) return *tuning_override_;
    std::vector<std::string> problems;
    Tuning tuning = load_tuning(data_dir() / "assets/tuning.json", problems);
    for (const auto& problem : problems) std::fprintf(stderr, "quickstep: %s\n", problem.c_str());
    return tuning;
}

std::shared_ptr<const LevelPlacements> PlaySession::placements() {
    if (!current_.level) return nullptr;
    if (placements_level_.lock() != current_.level) {  // a freed level never passes for a new one
        if (placements_made_.valid() && placements_made_for_ == current_.level) {
            placements_ = placements_made_.get();
        } else {
            placements_ = level_placements(*current_.level);
        }
        placements_made_ = {};
        placements_made_for_.reset();
        placements_level_ = current_.level;
    }
    return placements_;
}

std::vector<Entity> PlaySession::level_entities() const {
    if (!current_.entities_from_level || !current_.entities.empty()) return current_.entities;
    std::vector<std::string> errors;  // none: the same placements built them when the level was checked
    return build_level_entities(*current_.level, errors);
}

void PlaySession::restart() {
    if (!current_.level) return;
    CheckedLevel again = current_;
    start(std::move(again));
    notify(SessionNotice::Kind::toast, "Restarted");
}

void PlaySession::close() {
    cancel_catching_up();
    print_level_report(0);
    world_.reset();
}

void PlaySession::quicksave(std::int64_t tick) {
    finish_catching_up();
    if (!world_) return;
    print_level_report(0);
    auto started = Clock::now();
    // An older keyframe's whole snapshot goes back to the pool if its encoding is done; F5 never waits for
    // one (a keyframe of 100 000 entities takes about a frame to encode). The rewind starts encoding a
    // keyframe it keeps as soon as it is taken, so by the time it is older its encoding is long done.
    rewind_.take_finished_encodings();
    // Captured into a save the ring and rewind buffer have let go, or a spare made present meanwhile.
    reclaim_if_none_ready();
    std::shared_ptr<SavedGame> save =
        save_pool_.acquire(world_->entities.size(), world_->entities.slot_count());
    save->level = world_->level().folder_name;
    save->play = play_;
    save->legacy_files_hash = 0;
    save->sequence = 0;  // QuickSaves::keep numbers it
    save->tick = tick;
    save->placements = placements();
    // A later quickload continues from a freshly built Box2D world, so the game must continue from one
    // here too (same bodies in the same order, no contact cache): the same future either way. Rebuilt in
    // place, before the next tick, capturing the save on the way (the entities already hold its values).
    world_->rebuild_canonical(&save->snapshot, &helper_);
    const std::shared_ptr<const WorldSnapshot> snapshot(save, &save->snapshot);
    rewind_.keyframe(snapshot);
    world_->keep_for_quickload(snapshot, &helper_);  // its F9 then costs what changed since
    last_saved_ = save;
    // The report line (printed by the file writer) counts everything on this thread, the ring included.
    std::promise<double> main_thread_ms;
    int slot = saves().keep(save, main_thread_ms.get_future().share(), ms_since(started));
    save_pool_.keep(save);
    save_pool_.prepare(world_->entities.size(), world_->entities.slot_count(), reclaimable());
    rewind_.want_copy_room(true);
    main_thread_ms.set_value(ms_since(started));
    notify(SessionNotice::Kind::toast, "Quicksaved (slot " + std::to_string(slot) + ")");
    notify(SessionNotice::Kind::sound, "save");
}

namespace {

/// Whether `save` can be loaded into `level` (played as `play`): exactly (save_fits_level_exactly), or
/// carried into it when the level's play changed and the save knows what the level placed. Else `error`
/// says why not.
bool save_fits(const SavedGame& save, const LevelData& level, const PlayIdentity& play, std::string& error) {
    if (save_fits_level_exactly(save, level, play) || save.placements) return true;
    if (save.legacy()) {
        error = "made by an older version of Quickstep for another version of level '" + save.level +
                "' (it cannot be matched to this one)";
        return false;
    }
    error = "level '" + save.level + "' changed since the quicksave (" +
            join_differences(play_differences(save.play, play)) + ")";
    return false;
}

}  // namespace

bool PlaySession::save_usable(const SavedGame& save, const std::vector<LevelListing>& levels,
                              std::optional<CheckedLevel>& other_level, std::string& error) const {
    if (current_.level && save.level == current_.level->folder_name)
        return save_fits(save, *current_.level, play_, error);
    auto listing = std::find_if(levels.begin(), levels.end(),
                                [&](const LevelListing& l) { return l.name == save.level; });
    if (listing == levels.end()) {
        error = "its level '" + save.level + "' is not installed";
        return false;
    }
    CheckedLevel checked = check_level(listing->path, pixels_);
    if (!checked.level) {
        error = "its level '" + save.level + "' is broken now";
        return false;
    }
    if (!save_fits(save, *checked.level, qs::play_identity(checked.identity, tuning_for_start()), error))
        return false;
    other_level = std::move(checked);
    return true;
}

bool PlaySession::quickload(bool older, const std::vector<LevelListing>& levels) {
    finish_catching_up();
    std::optional<CheckedLevel> other_level;
    // Once a save is refused, only older saves of the level being played may stand in for it: falling back
    // to another level's save would move the player out of the level they were editing. (The newest save
    // of another level still loads that level, as a deliberate F9 does.)
    bool refused = false, this_level_changed = false;
    const std::string playing = current_.level ? current_.level->folder_name : std::string();
    auto usable = [&](const SavedGame& save, std::string& error) {
        if (refused && !playing.empty() && save.level != playing) return false;  // skipped quietly
        other_level.reset();
        if (save_usable(save, levels, other_level, error)) return true;
        refused = true;
        if (save.level == playing) this_level_changed = true;
        return false;
    };
    print_level_report(0);
    const auto pressed = Clock::now();
    QuickSaves::Found found = older ? saves().older(usable) : saves().newest(usable);
    for (const std::string& problem : found.problems) {
        std::fprintf(stderr, "quickstep: %s\n", problem.c_str());
        notify(SessionNotice::Kind::toast, problem, 5);
    }
    if (!found.save) {
        const char* message = this_level_changed ? "This level changed since your quicksave"
                              : older            ? "No older quicksave"
                                                 : "No quicksave to load yet - press F5 to save";
        std::fprintf(stderr, "quickstep: %s\n", message);
        notify(SessionNotice::Kind::toast, message);
        return false;
    }
    return restore_save(found.save, std::move(other_level), older, pressed);
}

bool PlaySession::load(std::shared_ptr<const SavedGame> save, const std::vector<LevelListing>& levels) {
    finish_catching_up();
    print_level_report(0);
    const auto pressed = Clock::now();
    std::optional<CheckedLevel> other_level;
    std::string error;
    if (!save || !save_usable(*save, levels, other_level, error)) {
        std::fprintf(stderr, "quickstep: cannot load the save: %s\n", error.c_str());
        notify(SessionNotice::Kind::toast, "Quickload failed: " + error);
        return false;
    }
    return restore_save(std::move(save), std::move(other_level), false, pressed);
}

bool PlaySession::restore_save(std::shared_ptr<const SavedGame> save, std::optional<CheckedLevel> other_level,
                               bool older, Clock::time_point pressed) {
    const bool switched = other_level && (!current_.level || save->level != current_.level->folder_name);
    if (switched && !start(std::move(*other_level))) return false;
    if (!save_fits_level_exactly(*save, *current_.level, play_)) {
        CarryReport report;
        std::string error;
        if (!carry_into_level(*save, report, error)) {
            std::fprintf(stderr, "quickstep: cannot carry the quicksave into the edited level: %s\n",
                         error.c_str());
            notify(SessionNotice::Kind::toast, "Quickload failed: the level changed and " + error, 5);
            return false;
        }
        std::fprintf(stderr, "quickload: %zu entities, %.3f ms\n", world_->entities.size(),
                     ms_since(pressed));
        std::fprintf(stderr, "quickstep: level '%s' changed since the quicksave: %s\n",
                     current_.level->folder_name.c_str(), report.summary().c_str());
        last_loaded_ = std::move(save);
        notify(SessionNotice::Kind::toast, "The level changed: " + report.summary(), 5);
        notify(SessionNotice::Kind::sound, "load");
        return true;
    }
    if (save->legacy()) {  // it fits the level's files exactly: keyed to their play identity from now on
        auto keyed = std::make_shared<SavedGame>(*save);
        keyed->play = play_;
        keyed->legacy_files_hash = 0;
        keyed->file_bytes = nullptr;  // no longer the file it was read from
        save = std::move(keyed);
    }
    const std::shared_ptr<const WorldSnapshot> snapshot(save, &save->snapshot);
    // The quicksave the world was kept at (keep_for_quickload) with a recording in step with the world: only
    // what changed since is restored, and patched into the recording. Else the recording's copy of the
    // whole snapshot is made on a second thread while the world is restored.
    const bool changes_only = world_->restores_changes_only(save->snapshot) && rewind_.in_step_with(*world_);
    if (!changes_only) rewind_.prepare_start(snapshot);
    try {
        world_->restore_changed(save->snapshot);  // only what differs: no storage to wait for
    } catch (const std::exception& e) {
        std::fprintf(stderr, "quickstep: cannot restore the quicksave: %s\n", e.what());
        notify(SessionNotice::Kind::toast, "Quickload failed");
        return false;
    }
    const std::vector<std::uint32_t>* restored = world_->restored_slots();
    if (changes_only && restored) {
        rewind_.start_changed(*world_, snapshot, *restored);
    } else {
        rewind_.start(*world_, snapshot);
    }
    std::fprintf(stderr, "quickload: %zu entities, %.3f ms\n", world_->entities.size(), ms_since(pressed));
    // Which level and where in it: a load may have switched to another level.
    notify(SessionNotice::Kind::toast,
           std::string(older ? "Loaded an older quicksave: " : "Loaded: ") + current_.level->name + " at " +
               format_time(world_->game.timer_ticks) + (switched ? " (another level)" : ""));
    last_loaded_ = std::move(save);
    notify(SessionNotice::Kind::sound, "load");
    return true;
}

bool PlaySession::carry_into_level(const SavedGame& save, CarryReport& report, std::string& error) {
    auto fresh = std::make_unique<World>(current_.level, tuning_, level_entities(), current_.terrain);
    std::optional<WorldSnapshot> carried = carry_save(save, fresh->capture(), *current_.level, report, error);
    if (!carried) return false;
    try {
        fresh->restore(*carried);
    } catch (const std::exception& e) {
        error = e.what();
        return false;
    }
    world_ = std::move(fresh);
    start_recording();
    save_pool_.prepare(world_->entities.size(), world_->entities.slot_count(), reclaimable());
    return true;
}

std::size_t PlaySession::reclaimable() const {
    // Held by the rewind's keyframe and the pool's watch only: no quicksave, no encoding.
    return rewind_.newest_whole_owners() == 2 ? 1 : 0;
}

void PlaySession::reclaim_if_none_ready() {
    // In a big world the pool keeps no second whole save beside the newest keyframe's (prepare() counts it
    // as ready): the capture takes that one back, the keyframe keeping its compact snapshot.
    if (save_pool_.one_fills_budget() && save_pool_.ready_saves() == 0) rewind_.let_go_newest_whole();
}

void PlaySession::start_recording() {
    if (rewind_.limits().max_ticks <= 0) {
        rewind_.start(*world_);
        return;
    }
    // The recording's first keyframe is a capture into a save of the pool, like every later keyframe: once
    // the recording lets go of it, the pool hands it to the next capture, whose pages are then present.
    std::shared_ptr<SavedGame> first =
        save_pool_.acquire(world_->entities.size(), world_->entities.slot_count());
    world_->capture_into(first->snapshot);
    rewind_.start(*world_, std::shared_ptr<const WorldSnapshot>(first, &first->snapshot));
    save_pool_.keep(first);
}

void PlaySession::prepare_load_room() {
    if (!world_ || load_room_.valid() || !helper_.threaded()) return;
    const std::size_t slots = world_->entities.slot_count(), alive = world_->entities.size();
    if (world_->entities.spare_fits(slots, alive)) return;
    load_room_ = helper_.run([slots, alive] { return EntityMap::make_spare(slots, alive); });
}

void PlaySession::adopt_load_room(bool wait) {
    if (!load_room_.valid() || !world_) return;
    if (!wait && load_room_.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return;
    EntityMap::Spare replaced = world_->entities.adopt_spare(load_room_.get());
    std::future<void> freed = helper_.run([replaced = std::move(replaced)]() mutable { replaced = {}; });
}

void PlaySession::step(const ActionState& actions) {
    finish_catching_up();  // the App waits for catching_up(); this only keeps a slip exact
    if (!world_) return;
    adopt_load_room();
    const auto started = Clock::now();
    const bool was_encoding = rewind_.encoding();
    world_->step(actions);
    rewind_.record(*world_, actions);
    // The next keyframe's save is made ready after a keyframe, or once an older keyframe's encoding is
    // taken (record() takes it a few ticks later; its whole snapshot is back in the pool if the pool made
    // it): not while one is encoded, and not at other ticks (the spare's job would hold up the helper an F5
    // captures with).
    bool prepare = was_encoding && !rewind_.encoding();
    // Every rebuild_ticks_ of level time the live world continues from a fresh canonical build, as after a
    // quicksave, and that state becomes a rewind keyframe: a rewind's release then steps at most that many
    // ticks again (more when it goes back past the keyframes the buffer keeps whole). The interval comes
    // from the level's entity count at its start, so that a release on a big level costs about what it
    // costs on a small one; keyed to the level timer, which quickloads and rewinds restore, so every run of
    // the same inputs on the same level rebuilds at the same moments and keeps the same future.
    if (!world_->game.completed && world_->game.timer_ticks % rebuild_ticks_ == 0) {
        // An older keyframe encoded since the last one lets go of its whole snapshot, which is the save this
        // one captures into. The tick never waits for one still running (a whole world of 100 000 entities
        // takes longer to encode than a tick lasts); the keyframe before this one was encoded, if the
        // rewind keeps it, from the moment it was taken.
        rewind_.take_finished_encodings();
        reclaim_if_none_ready();
        std::shared_ptr<SavedGame> keyframe =
            save_pool_.acquire(world_->entities.size(), world_->entities.slot_count());
        world_->rebuild_canonical(&keyframe->snapshot, &helper_);
        rewind_.keyframe(std::shared_ptr<const WorldSnapshot>(keyframe, &keyframe->snapshot));
        save_pool_.keep(keyframe);
        prepare = true;
    }
    if (prepare && !rewind_.encoding())
        save_pool_.prepare(world_->entities.size(), world_->entities.slot_count(), reclaimable());
    print_level_report(ms_since(started));
}

bool PlaySession::rewind_step() {
    finish_catching_up();
    if (!world_) return false;
    adopt_load_room();
    print_level_report(0);
    return rewind_.step_back(*world_);
}

void PlaySession::hold_rewind(bool speedup) {
    auto started = Clock::now();
    if (!hold_.active) {
        hold_ = {};
        hold_.active = true;
        // A release restores the world whole (into the entity map's spare storage), and so may the F5
        // after it: that storage is made now, while the player holds the key, on the helper's thread.
        prepare_load_room();
    }
    const int steps = !speedup ? 1 : hold_.held_ticks < 60 ? 1 : hold_.held_ticks < 120 ? 2 : 4;
    ++hold_.held_ticks;
    for (int i = 0; i < steps && rewind_step(); ++i) ++hold_.ticks_back;
    hold_.main_thread_ms += ms_since(started);
}

void PlaySession::end_rewind_hold(bool in_background, std::chrono::microseconds wait) {
    auto started = Clock::now();
    std::optional<RewindBuffer::ResumePlan> plan =
        world_ && in_background ? rewind_.resume_plan() : std::nullopt;
    if (plan) {
        // The job owns all it reads (the level, tuning and terrain are shared read-only), so nothing here
        // may change under it; Box2D keeps no state between worlds that stepping writes and drawing reads.
        auto cancel = std::make_shared<std::atomic<bool>>(false);
        std::future<std::unique_ptr<World>> rebuilt =
            catch_up_worker_.run([plan = std::move(*plan), level = current_.level, tuning = tuning_,
                                  terrain = current_.terrain, cancel]() -> std::unique_ptr<World> {
                auto world = std::make_unique<World>(level, tuning, std::vector<Entity>{}, terrain);
                if (RewindBuffer::run(plan, *world, cancel.get()) < 0) return nullptr;
                return world;
            });
        catch_up_ = CatchUp{std::move(rebuilt), std::move(cancel)};
        // A small world is rebuilt within this frame: then it goes on as if nothing had run elsewhere.
        if (catch_up_->world.wait_for(wait) == std::future_status::ready) swap_in_caught_up();
    } else if (world_) {
        // The release restores the world whole here, on the game's thread: the room asked for when the
        // rewind began is waited for if the helper has not finished it (a rewind shorter than the time it
        // takes, as a script run faster than real time gives), rather than faulting fresh pages here.
        adopt_load_room(true);
        rewind_.resume(*world_);
    }
    hold_.main_thread_ms += ms_since(started);
    std::fprintf(stderr, "rewind: %lld ticks, %.3f ms\n", static_cast<long long>(hold_.ticks_back),
                 hold_.main_thread_ms);
    hold_ = {};
}

bool PlaySession::catching_up() {
    if (catch_up_ && catch_up_->world.wait_for(std::chrono::seconds(0)) == std::future_status::ready)
        swap_in_caught_up();
    return catch_up_.has_value();
}

void PlaySession::finish_catching_up() {
    if (catch_up_) swap_in_caught_up();
}

void PlaySession::cancel_catching_up() {
    if (!catch_up_) return;
    catch_up_->cancel->store(true, std::memory_order_relaxed);
    catch_up_->world.wait();
    catch_up_.reset();
}

void PlaySession::swap_in_caught_up() {
    std::unique_ptr<World> rebuilt = catch_up_->world.get();  // rethrows what the rebuild threw
    catch_up_.reset();
    if (rebuilt) world_ = std::move(rebuilt);
}

PlaySession::Reload PlaySession::reload_if_edited(double now_seconds) {
    if (!watch_files_ || !current_.level) return Reload::none;
    if (watcher_.folder() != current_.level->folder) {
        watcher_.reset(current_.level->folder, now_seconds);
        reload_error_.clear();
        return Reload::none;
    }
    if (!watcher_.poll(now_seconds)) return Reload::none;
    finish_catching_up();
    CheckedLevel edited = check_level(current_.level->folder, pixels_);
    if (!edited.level) {
        reload_error_ = edited.errors.empty() ? "the level cannot be loaded" : edited.errors.front();
        std::fprintf(stderr, "quickstep: hot reload kept the last good version: %s\n", reload_error_.c_str());
        return Reload::failed;
    }
    reload_error_.clear();
    // The world as it stands, carried into the edited level as a quicksave would be, so an edit can be
    // tried at once from where the player stood.
    std::optional<SavedGame> here;
    if (world_) {
        here.emplace();
        here->level = current_.level->folder_name;
        here->play = play_;
        here->snapshot = world_->capture();
        here->placements = placements();
    }
    const std::string name = edited.level->name;
    if (!start(std::move(edited))) return Reload::none;
    if (here && save_fits_level_exactly(*here, *current_.level, play_)) {  // nothing that plays changed
        world_->restore(here->snapshot);
        start_recording();
    }
    if (!here || save_fits_level_exactly(*here, *current_.level, play_)) {
        notify(SessionNotice::Kind::toast, "Reloaded " + name);
        return here ? Reload::reloaded_in_place : Reload::reloaded;
    }
    CarryReport report;
    std::string error;
    if (!carry_into_level(*here, report, error)) {
        std::fprintf(stderr, "quickstep: hot reload restarted the level: %s\n", error.c_str());
        notify(SessionNotice::Kind::toast, "Reloaded " + name + " from its start: " + error, 5);
        return Reload::reloaded;
    }
    std::fprintf(stderr, "quickstep: hot reload of '%s': %s\n", current_.level->folder_name.c_str(),
                 report.summary().c_str());
    notify(SessionNotice::Kind::toast, "Reloaded " + name + ": " + report.summary(), 5);
    return Reload::reloaded_in_place;
}

bool PlaySession::keep_player_at(double x, double y) {
    finish_catching_up();
    if (!world_->player()) return false;
    const TileGrid& tiles = world_->level().tiles;
    bool inside = x > 0 && y > 0 && x < tiles.width && y < tiles.height;
    bool blocked = false;
    for (double dx : {-Player::half_width, Player::half_width}) {
        for (double dy : {-Player::half_height, Player::half_height}) {
            blocked = blocked || world_->solid_at(x + dx, y + dy);
        }
    }
    if (!inside || blocked) return false;
    WorldSnapshot moved = world_->capture();
    for (Entity& entity : moved.entities) {
        if (auto* p = std::get_if<Player>(&entity)) {
            p->state.x = x;
            p->state.y = y;
        }
    }
    world_->restore(moved);
    start_recording();
    return true;
}

}  // namespace qs
