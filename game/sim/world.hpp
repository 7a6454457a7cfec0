// The World: one level being played — the entity SlotMap, the Box2D world, the tile grid and the
// game-wide state — stepped at 60 Hz from an ActionState.
//
//   World world(level, tuning, build_level_entities(*level, errors));
//   world.step(actions);                    // one tick
//   WorldSnapshot s = world.capture();      // F5: exact SlotMap layout + entity values + game state
//   world.restore(s);                       // F9: layout imported exactly, Box2D rebuilt in index order
//   world.rebuild_canonical();              // the same as restore(capture()), in place
//
// A change here or in the entities that makes the same inputs give another run must bump
// simulation_version (game/sim/simulation_version.hpp): old replays are then refused by name, not
// played on to a different end.
//
// Box2D holds the player's and the platforms' bodies, and only near the player the terrain (TerrainWindow)
// and the bodies of still entities (doors, turrets: StillBody). Only the player's body is dynamic, and
// Box2D makes contacts only with a dynamic body, so nothing farther can touch anything in Box2D; every
// other question about still entities is answered from their StillBox (still_fixture.hpp), body or not.
//
// Entities never hold pointers to each other: they keep EntityRefs and look them up with get<T>().
// Inserting and erasing during a step is deferred to the end of the step, so a reference to an entity
// obtained during a step stays valid until the step ends.
#pragma once

#include <cstdint>
#include <future>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/camera.hpp"
#include "engine/level_data.hpp"
#include "game/sim/actions.hpp"
#include "game/sim/change_marks.hpp"
#include "game/sim/collision.hpp"
#include "game/sim/game_state.hpp"
#include "game/sim/ground_contact.hpp"
#include "game/sim/roster.hpp"
#include "game/sim/terrain_shapes.hpp"
#include "game/sim/terrain_window.hpp"
#include "game/sim/tiles.hpp"
#include "game/sim/tuning.hpp"
#include "game/sim/world_event.hpp"
#include "game/sim/world_index.hpp"
#include "game/sim/world_snapshot.hpp"

class b2World;
class b2Body;
class b2Fixture;
struct b2AABB;

namespace qs {

class Worker;

class World {
   public:
    static constexpr double tick_seconds = 1.0 / 60.0;

    /// Builds the world from a validated level and its spawned entities (in placement order). `terrain`, when
    /// given, is TerrainShapes::build(*level) made earlier (check_level makes it while the level is read).
    World(std::shared_ptr<const LevelData> level, const Tuning& tuning, std::vector<Entity> spawned,
          std::shared_ptr<const TerrainShapes> terrain = nullptr);
    World(const World&) = delete;
    World& operator=(const World&) = delete;
    ~World();

    /// Advances one tick.
    void step(const ActionState& actions);

    /// Copies the exact state (the Box2D bodies' state is already in each entity).
    WorldSnapshot capture() const;
    /// capture() written over `snapshot`, reusing its storage where it has room (quicksaves reuse saves).
    void capture_into(WorldSnapshot& snapshot) const;
    /// Replaces the state with `snapshot`: imports the SlotMap layout exactly, rebuilds in a fresh Box2D
    /// world the terrain chunks around the player's saved position, then every body in index order (all
    /// of it a function of the snapshot alone). Throws std::invalid_argument for an inconsistent layout.
    void restore(const WorldSnapshot& snapshot);
    /// restore(snapshot) for a snapshot of this world's level that shares most entities with it (a
    /// quickload): only the slots whose state, generation or entity bytes differ are written, the slot
    /// table and free list are patched (SlotMap::patch_layout), then Box2D and the indexes are built as
    /// restore() builds them, in slot index order. The result is restore(snapshot)'s in everything but the
    /// storage (dense) order, which nothing depends on. Returns how many slots were written. Throws
    /// std::invalid_argument for an inconsistent layout, leaving the world unchanged.
    /// For the snapshot keep_for_quickload() named, while nothing restored the world from another since,
    /// only the slots changed since that call are looked at (change_marks.hpp) and the indexes are copied
    /// from the ones built for it then: the same world, in O(changes) instead of O(entities).
    std::size_t restore_changed(const WorldSnapshot& snapshot);
    /// Says that the world holds `snapshot` now (a quicksave just captured into it by rebuild_canonical()
    /// or capture_into(), nothing changed since): the change marks add up from here, and what a restore of
    /// it builds besides the entities (the indexes, which slot holds which entity) is built from it on
    /// `helper`'s thread (here without one), so that restore_changed(*snapshot) later costs only what
    /// changed. The snapshot is kept (until the next call) and must not change; null forgets it.
    void keep_for_quickload(std::shared_ptr<const WorldSnapshot> snapshot, Worker* helper);
    /// Whether restore_changed(snapshot) now would look only at the slots changed since keep_for_quickload().
    bool restores_changes_only(const WorldSnapshot& snapshot) const {
        return &snapshot == base_snapshot_.get() && !changes_.all_since();
    }
    /// Right after such a restore_changed(): every slot it may have changed, or that was marked changed
    /// before it, below the smaller of the slot counts before and after (a superset); else null.
    const std::vector<std::uint32_t>* restored_slots() const {
        return restored_since_ ? &restore_changed_since_ : nullptr;
    }
    /// Makes this world what restore(capture()) would make it, without copying the entities: every body is
    /// rebuilt in index order in a fresh Box2D world, every entity is drawn from where it stands (previous())
    /// and the indexes are rebuilt.
    /// Only the storage order may differ from a restored world's, and nothing depends on it (ticks step
    /// entities in slot order). The canonical rebuild after F5 and every
    /// PlaySession::rebuild_ticks(), so that the future after it equals the future after a load.
    /// With `snapshot`, it is overwritten with capture() as it stood before the call (F5 captures and
    /// rebuilds in one go). With a `helper`, the copy is shared with its thread while this one scans the
    /// entities (this thread does what the helper has not started by then); the result is the same.
    void rebuild_canonical(WorldSnapshot* snapshot = nullptr, Worker* helper = nullptr);
    /// A rewind's step back in place: the slots in `changed` take the entities `recorded` holds for them (by
    /// slot index; bodies ignored), with `layout_changed` the slot table and free list become `layout`
    /// (SlotMap::patch_layout), and with `game_before` the game state becomes it. Every other slot must
    /// already hold what the recording holds. The entities, layout and game state (what is drawn, dumped
    /// and captured) are then exact; Box2D and the indexes are left behind and rebuilt, as restore(capture())
    /// would, before anything reads them: the next step(), rebuild_canonical(), a box query. A touched
    /// entity has no body until then.
    void put_back(const EntityMap::Layout& layout, bool layout_changed,
                  const std::vector<std::uint32_t>& changed, const std::vector<Entity>& recorded,
                  const GameState* game_before);
    /// Whether put_back() left Box2D and the indexes to be rebuilt.
    bool put_back_pending() const { return put_back_; }
    // ---- for entities ----
    /// The entity `ref` names if it is alive and of type T, else nullptr. A mutable lookup counts as a
    /// change of that entity (change_marks.hpp); find() is the read-only one.
    template <class T>
    T* get(EntityRef ref) {
        Entity* entity = entities.get(to_key(ref));
        T* typed = entity ? std::get_if<T>(entity) : nullptr;
        if (typed) changes_.mark(ref.index);
        return typed;
    }
    Entity* get_entity(EntityRef ref) {
        Entity* entity = entities.get(to_key(ref));
        if (entity) changes_.mark(ref.index);
        return entity;
    }
    /// Read-only lookups: no change mark.
    template <class T>
    const T* find(EntityRef ref) const {
        const Entity* entity = entities.get(to_key(ref));
        return entity ? std::get_if<T>(entity) : nullptr;
    }
    const Entity* find_entity(EntityRef ref) const { return entities.get(to_key(ref)); }
    /// Where an entity stood one tick ago: its position before its last think, or where it stands when it
    /// has not thought since it was made, restored, rebuilt or put back. For interpolated drawing and the
    /// player's stomp. Not state: no save, snapshot or rewind recording holds it. {0, 0} for a dead ref.
    struct Previous {
        double x = 0, y = 0;
    };
    Previous previous(EntityRef ref) const;
    /// The Box2D body of `ref`'s entity, or nullptr (none in Box2D now, or a dead ref). Kept beside the
    /// entities, not in them: no save, snapshot or rewind recording holds it; make_box_body() registers it.
    b2Body* body(EntityRef ref) const {
        return ref.index < bodies_.size() && entities.contains(to_key(ref)) ? bodies_[ref.index] : nullptr;
    }
    /// The player (nullptr only in a world without one).
    Player* player() { return get<Player>(game.player); }
    /// Says that `ref`'s entity changed this tick, for a write the World cannot see (an entity that
    /// MarksOwnChanges writing itself in react()).
    void mark_changed(EntityRef ref) { changes_.mark(ref.index); }
    /// The slots changed since the rewind recording last cleared the marks.
    ChangeMarks& changes() { return changes_; }
    /// The living player if its box overlaps the given centred box.
    Player* player_touching(double x, double y, double half_width, double half_height) {
        Player* p = player();
        if (!p || !p->alive()) return nullptr;
        return boxes_overlap(p->state.x, p->state.y, Player::half_width, Player::half_height, x, y,
                             half_width, half_height)
                   ? p
                   : nullptr;
    }
    /// Calls f(EntityRef, Walker&) for every walker whose box overlaps the given centred box, in slot
    /// order, as the walkers stand after this tick's think (walkers move only there), until f returns false.
    /// Only during the react part of a step (it reads the positions noted while the walkers thought).
    template <class F>
    void for_each_walker_overlapping(double x, double y, double half_width, double half_height, F&& f) {
        for (const WorldIndex::WalkerSpot& spot : index_.walkers()) {
            if (!boxes_overlap(x, y, half_width, half_height, spot.x, spot.y, Walker::half_width,
                               Walker::half_height)) {
                continue;
            }
            if (!f(to_ref(entities.key_at_slot(spot.slot)),
                   std::get<Walker>(entities.value_at_slot(spot.slot)))) {
                return;
            }
        }
    }
    /// Inserts `entity` at the end of this step (now, outside a step); false (nothing inserted) when the
    /// world would then hold more than max_live_entities (the first refusal of a world emits Kind::full).
    bool spawn(Entity entity);
    /// Erases `ref` at the end of this step (now, outside a step).
    void erase(EntityRef ref);
    /// Queues a sound for the presentation.
    void emit_sound(Sound sound) {
        events_.push_back({WorldEvent::Kind::sound, std::string(sound_name(sound))});
    }
    /// Queues a short message for the screen.
    void emit_toast(std::string text) { events_.push_back({WorldEvent::Kind::toast, std::move(text)}); }
    /// Queues an event without text (completed, respawned, full).
    void emit(WorldEvent::Kind kind) { events_.push_back({kind, ""}); }
    /// The events queued since the last call, in order; valid until the next call (both lists keep their
    /// storage, so a tick's events are written into memory already in use).
    const std::vector<WorldEvent>& take_events() {
        taken_events_.clear();
        taken_events_.swap(events_);
        return taken_events_;
    }

    const ActionState& actions() const { return *actions_; }
    /// Whether `action` is held this tick (false outside a step).
    bool held(Action action) const { return actions_ && actions_->held(action); }
    const Tuning& tuning() const { return tuning_; }
    const LevelData& level() const { return *level_; }
    std::shared_ptr<const TerrainShapes> terrain() const { return terrain_; }
    std::shared_ptr<const LevelData> level_ptr() const { return level_; }
    b2World& physics() { return *physics_; }
    std::uint8_t tile(int x, int y) const { return level_->tiles.at(x, y); }
    bool solid_at(double x, double y) const;
    /// Looks under a box's bottom edge for tiles, doors, turrets and platforms (no Box2D contacts, so the
    /// answer right after a rebuild is the same as before it).
    GroundContact probe_ground(double x, double bottom, double half_width, bool allow_one_way);
    /// Whether a centred box overlaps a solid tile or a solid entity (door, platform, turret).
    bool box_blocked(double x, double y, double half_width, double half_height);
    /// Moves a box (without a Box2D body) by (dx, dy) against solid tiles and entities, one axis at a time,
    /// stopping at the last free position; one-way tile tops stop downward moves that start above them.
    /// Returns which axes were blocked.
    struct MoveResult {
        bool blocked_x = false, blocked_y = false;
    };
    MoveResult move_box(double& x, double& y, double half_width, double half_height, double dx, double dy);
    /// The spike rectangle whose sensor `fixture` is, or nullptr.
    const TileRect* spike_rect(b2Fixture* fixture) const;
    /// Whether a closed door or a platform occupies the point.
    bool entity_solid_at(double x, double y);
    /// How an entity's body moves.
    enum class BodyKind : std::uint8_t { fixed, kinematic, dynamic };
    /// Creates a box body for `ref` from its saved state (position, velocity, angle, awake), as body(ref)
    /// from now on; the box's centre sits `offset_y` below the entity centre. Dynamic bodies have fixed
    /// rotation, no friction and no Box2D gravity (entities apply their own).
    b2Body* make_box_body(EntityRef ref, const BodyState& state, BodyKind kind, double half_width,
                          double half_height, std::uint16_t category, std::uint16_t mask,
                          double offset_y = 0);
    /// A still entity's static body (StillBody types): make_box_body of its StillBox, solid_entity blocking
    /// player and enemies, enabled while the box is solid.
    b2Body* make_still_body(EntityRef ref, const BodyState& state, const StillBox& box);
    /// Box2D user data for an entity's body.
    static std::uintptr_t body_tag(EntityRef ref);
    static EntityRef ref_from_tag(std::uintptr_t tag);
    /// The camera bounds for a point: the camera_area containing it, or the whole level. Exact after
    /// put_back() too (camera areas never come or go in play), so drawing a rewind rebuilds nothing.
    WorldRect camera_bounds(double x, double y);

    /// Check mode, for tests: every entity is stepped every tick and every box query asks Box2D, or for a
    /// still entity without a body in it a scan of every entity, without the indexes; the world must
    /// evolve exactly as without it. Box2D holds what it holds without the mode (the terrain and the
    /// still bodies near the player): a body more in its broad phase changes the order its contacts are
    /// found and solved in, so a world holding more would not evolve bit for bit as the game's.
    void set_reference_mode(bool on);
    /// Check mode, for tests: Box2D holds the whole terrain and every still body, without the windows
    /// (from the next restore() on).
    void set_whole_physics_mode(bool on) { whole_physics_mode_ = on; }
    /// The still entities whose bodies are in Box2D now (near the player, or all of them in whole physics
    /// mode or while a still body has a velocity), in no particular order.
    const std::vector<EntityRef>& still_bodies() const { return still_bodies_; }
    /// The terrain chunks in Box2D now.
    const TerrainWindow& terrain_window() const { return terrain_window_; }
    /// The index of what a tick steps and of the entities by their boxes (for tests).
    const WorldIndex& index() const { return index_; }
    /// Entities stepped (thought, moved, synchronized) in the last tick; idle ones are not counted.
    std::size_t entities_stepped() const { return index_.think_order().size(); }

    EntityMap entities;
    GameState game;

   private:
    // ---- the canonical build (restore, rebuild_canonical): world_rebuild.cpp; Box2D: world.cpp ----
    /// After put_back(): Box2D and the indexes rebuilt from the entities (restore(capture())).
    void settle() {
        if (put_back_) restore(capture());
    }
    /// The end of restore() once the layout is imported and the game state set: Box2D and the indexes
    /// built from the entities, which must be in index order (dense order == index order).
    void build_imported();
    /// The constructor's restore(capture()) in place, for a map filled by inserts alone.
    void build_spawned();
    /// A fresh Box2D world holding the terrain chunks around `player` (TerrainWindow).
    void start_physics(const std::optional<TerrainWindow::Box>& player);
    /// The copy and scan of rebuild_canonical, a chunk of slots at a time on one or two threads.
    struct CopyJob;
    void begin_copy(WorldSnapshot* snapshot, CopyJob& job);
    void copy_chunks(WorldSnapshot* snapshot, CopyJob& job);
    /// A snapshot's layout and game state, and room for every entity (capture_into, begin_copy).
    void prepare_snapshot(WorldSnapshot& snapshot) const;
    /// The bodies the last scan listed: the moving ones in index order, then the still ones near the
    /// player in index order, or every still one when all_still_bodies().
    void make_bodies();
    /// The player's body box for the terrain window (from its body, or its state before the body exists).
    std::optional<TerrainWindow::Box> player_box() const;
    /// What keep_for_quickload() builds on the helper's thread (world_rebuild.cpp).
    struct QuickloadBase;
    /// restore_changed() of the snapshot `base` was built for, with only the slots marked since.
    std::size_t restore_since_base(const WorldSnapshot& snapshot, QuickloadBase& base);
    /// After a restore from `snapshot`: when it is the quicksave keep_for_quickload() named, the changes add
    /// up from here again.
    void restored_from(const WorldSnapshot& snapshot);
    void create_body(EntityRef ref);
    /// Slot `slot`'s body out of Box2D, if it has one.
    void destroy_body(std::uint32_t slot);
    /// A slot's body (no generation check: the slot's entity is the one asked about).
    b2Body* body_at(std::uint32_t slot) const { return slot < bodies_.size() ? bodies_[slot] : nullptr; }
    /// The Box2D world gone with every body in it: no entity has one.
    void drop_physics();
    /// The tables beside the entities (previous_, bodies_) sized to the slot table; a slot they gain is drawn
    /// from where its entity stands and has no body.
    void fit_beside();
    /// Room in previous_ and bodies_ for `slots` slots, grown as the SlotMap's storage grows.
    void room_beside(std::size_t slots);
    /// Slot `slot`'s entity drawn from where it stands (a dead slot: nothing to do).
    void previous_from_here(std::uint32_t slot);
    /// fit_beside(), then the entities of the slots a restore patched or wrote drawn from where they stand.
    void previous_from_here(const std::vector<std::uint32_t>& relaid,
                            const std::vector<std::uint32_t>& rewritten);
    /// Every entity drawn from where it stands.
    void all_previous_from_here();

    // ---- the still bodies near the player (world.cpp) ----
    /// Whether Box2D must hold every still body: whole physics mode, or a still body with a velocity (odd).
    bool all_still_bodies() const { return whole_physics_mode_ || index_.odd_solids(); }
    /// Makes `ref`'s still body and lists it in still_bodies_.
    void add_still_body(EntityRef ref, Entity& entity);
    /// Makes the bodies of the still entities that have none, in index order, when all_still_bodies().
    void hold_all_still_bodies();
    /// Before each Box2D step: bodies for the still entities within TerrainWindow::margin of the player's
    /// box (ascending index), none beyond keep_margin (hysteresis, as the terrain window).
    void follow_still_bodies();
    void flush_changes();

    // ---- box queries answered from the index (world_index.cpp) ----
    /// Rebuilds the index from the entities and their bodies.
    void index_all();
    /// probe_ground's entity part asked of Box2D, for the rare case the index cannot answer alone (a moving
    /// solid body or a carrier nearby, whose broad-phase box Box2D alone knows). With `skip_still`, still
    /// bodies are left out (the caller asks their StillBoxes).
    void probe_entities_box2d(GroundContact& contact, bool& any_entity, const b2AABB& box, double bottom,
                              bool skip_still);
    /// Whether Box2D's broad phase could hold a moving solid body's box that overlaps [lower, upper].
    bool mover_near(const b2AABB& box) const;

    WorldIndex index_;  ///< what a tick steps, entities by their boxes (world_index.hpp)
    std::shared_ptr<const LevelData> level_;
    Tuning tuning_;
    std::shared_ptr<const TerrainShapes> terrain_;  ///< shared by a world and the copies rebuilt from it
    std::unique_ptr<b2World> physics_;
    std::unique_ptr<class OneWayFilter> one_way_filter_;
    TerrainWindow terrain_window_;  ///< the terrain chunks near the player, in physics_
    bool whole_physics_mode_ = false;
    std::vector<EntityRef> still_bodies_;  ///< still entities with a body in physics_
    bool holds_all_still_ = false;         ///< every still entity has its body (hold_all_still_bodies)
    std::vector<EntityRef> pending_erase_;
    std::vector<Entity> pending_spawn_;
    std::vector<Entity> spawning_;  ///< flush_changes()' inserts (its storage kept between ticks)
    bool spawn_refused_ = false;    ///< a spawn went over max_live_entities (said once per world)
    std::vector<WorldEvent> events_;
    std::vector<WorldEvent> taken_events_;  ///< what take_events() last handed out
    const ActionState* actions_ = nullptr;
    bool stepping_ = false;
    bool put_back_ = false;  ///< put_back() ran since the last build: Box2D and the indexes are behind
    ChangeMarks changes_;
    std::vector<Previous> previous_;  ///< per slot: previous(); kept beside the entities, not in them
    std::vector<b2Body*> bodies_;     ///< per slot: body(); null past its end
    // restore_changed()'s scratch, kept between calls: each snapshot slot's entity (its rank among the
    // live ones), the slots whose layout changes and those whose entity is written.
    std::vector<std::uint32_t> restore_rank_;
    std::vector<std::uint32_t> restore_relaid_;
    std::vector<std::uint32_t> restore_rewritten_;
    std::vector<std::uint32_t> restore_changed_since_;
    bool restored_since_ = false;  ///< the last restore was restore_since_base() (restored_slots())
    // keep_for_quickload(): the snapshot named, and what is built for it (when done: base_).
    std::shared_ptr<const WorldSnapshot> base_snapshot_;
    std::future<std::shared_ptr<QuickloadBase>> base_job_;
    std::shared_ptr<QuickloadBase> base_;
};

}  // namespace qs
