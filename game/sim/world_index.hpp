// WorldIndex: what lets a World's tick cost only what moves. Which entities a tick steps (busy bits by slot,
// the woken ones, this tick's think and react orders), the idle-until-touched and still entities by their
// boxes (grids), the moving solid bodies and the camera areas, so ticks and box queries need not visit every
// entity or ask Box2D. The World owns one: a scan rebuilds it from the entities (restore, rebuild_canonical:
// world_rebuild.cpp), and the World keeps it up to date as entities come and go and as a tick runs.
//
//   index.scan(entities, player_box, true);  // or begin_scan, scan_one per part (threads), end_scan
//   ... make the bodies of index.bodied() and index.still_found() ...
//   index.finish(entities, bodies, width, height, true);
//   index.plan_thinks(entities);             // a tick: think_order(), walkers, plan_reacts, react_order()
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "game/sim/entity_ref.hpp"
#include "game/sim/grid_index.hpp"
#include "game/sim/roster.hpp"
#include "game/sim/terrain_window.hpp"
#include "game/sim/world_snapshot.hpp"

struct b2AABB;
class b2Body;

namespace qs {

class WorldIndex {
   public:
    /// What a scan lists for one part of the entities (end_scan() joins the parts in order).
    struct Woken {
        EntityRef ref;
        int ticks;  ///< ticks left to be stepped like a busy entity
    };
    struct ScanOut {
        std::vector<Woken> woken;
        std::vector<GridIndex::Item> still_items;
        std::vector<EntityRef> bodied, still_found;
        bool odd = false;
        void clear() {
            woken.clear();
            still_items.clear();
            bodied.clear();
            still_found.clear();
            odd = false;
        }
    };
    /// A walker as it stands after this tick's think.
    struct WalkerSpot {
        std::uint32_t slot;
        double x, y;
    };

    /// Whether an entity must be stepped every tick (it thinks, reacts on its own or its body moves).
    static bool busy(const Entity& entity);
    /// Whether a still body's broad-phase box is within `margin` of the player's box.
    static bool still_near(const b2AABB& fat, const std::optional<TerrainWindow::Box>& player, double margin);

    // ---- the scan: everything below rebuilt from the entities ----
    /// One pass over the entities in dense order that reads neither bodies nor prev positions (so it may
    /// run while another thread resets those, and before the bodies exist): busy bits, the woken ones, odd
    /// still bodies, the grid items of still entities, the entities with a moving body (bodied()), given the
    /// player's box the still entities near it (still_found()), and with `positions` the position indexes
    /// (the entities reacting untouched, camera areas, the touchables' grid items; that grid is empty until
    /// finish() builds it, in its old items' storage).
    void scan(const EntityMap& entities, const std::optional<TerrainWindow::Box>& player, bool positions);
    /// scan() with `positions`, in slot index order whatever the dense order: what scan() lists right after
    /// an import (dense order == index order), for a map patched in place (World::restore_changed).
    void scan_by_index(const EntityMap& entities, const std::optional<TerrainWindow::Box>& player);
    /// The same in `parts` parts that may run on several threads: begin_scan(), scan_one() of each entity
    /// into its part (each part's busy bits in words of its own), end_scan() once all are done.
    void begin_scan(const EntityMap& entities, std::size_t parts);
    void scan_one(EntityRef ref, const Entity& entity, const std::optional<TerrainWindow::Box>& player,
                  std::size_t part);
    void end_scan(const EntityMap& entities, std::size_t parts) { end_scan(entities.size(), parts); }
    /// After the bodies exist: what the moving bodies are (moving_solids()), then the still entities' grid
    /// and with `positions` the touchables' grid built, over a level of `width` x `height` tiles.
    /// `bodies` is the World's body per slot (World::body()).
    void finish(const EntityMap& entities, const std::vector<b2Body*>& bodies, int width, int height,
                bool positions);
    /// What scan_by_index() and then finish() build for a world restored from `snapshot` (its layout and
    /// entities; `player` as player_box() gives it then), except what reads the bodies: the moving solids
    /// (find_moving_solids(), once the bodies exist). Reads only `snapshot`: it may run on another thread
    /// than the World's, into an index of its own (World::keep_for_quickload), copied in by assign_built().
    void build_from(const WorldSnapshot& snapshot, const std::optional<TerrainWindow::Box>& player, int width,
                    int height);
    /// Takes over what build_from() built into `built` (the index's own mode stays); the moving solids are
    /// left to find_moving_solids().
    void assign_built(const WorldIndex& built);
    /// finish()'s look at the bodies: which entities of bodied() have a moving solid body.
    void find_moving_solids(const EntityMap& entities, const std::vector<b2Body*>& bodies);
    /// Whether the SlotMap changed behind the World's back (a scan is due).
    bool stale(const EntityMap& entities) const { return busy_count_ != entities.size(); }
    /// Notes an entity just inserted, after its body (if any: `body`) was made.
    void inserted(const EntityMap& entities, EntityRef ref, const b2Body* body);
    /// Forgets the busy bit of an entity about to be erased.
    void erased(std::uint32_t slot);
    /// The entities with a moving body and the still ones near the player from the last scan (the World
    /// makes their bodies; still_found() is also its scratch list later).
    std::vector<EntityRef>& bodied() { return bodied_; }
    std::vector<EntityRef>& still_found() { return still_found_; }

    // ---- a tick ----
    /// This tick's entities to step in slot order (busy and woken ones) into think_order(); forgets the
    /// walkers of the last tick.
    void plan_thinks(const EntityMap& entities);
    const std::vector<std::uint32_t>& think_order() const { return think_order_; }
    /// A walker after its think, for for_each_walker_overlapping.
    void note_walker(std::uint32_t slot, double x, double y) { walkers_.push_back({slot, x, y}); }
    const std::vector<WalkerSpot>& walkers() const { return walkers_; }
    /// think_order() plus the idle entities `player` touches (or that react untouched) into react_order().
    void plan_reacts(const EntityMap& entities, const Player* player);
    const std::vector<std::uint32_t>& react_order() const { return react_order_; }
    /// After an entity that may react untouched reacted: whether it keeps reacting untouched.
    void set_reacts_untouched(EntityRef ref, bool reacts);
    /// The end of a tick: the woken entities are a tick closer to idle.
    void end_tick();

    // ---- for the box queries ----
    /// Still entities by their broad-phase box (StillFixture::fat_box), body or not.
    const GridIndex& still_grid() const { return static_solids_; }
    /// The other solid-entity bodies (platforms): few, scanned.
    const std::vector<EntityRef>& moving_solids() const { return moving_solids_; }
    const std::vector<EntityRef>& camera_areas() const { return camera_areas_; }
    /// A still body with a velocity (Box2D moves it, not its box): queries must ask Box2D.
    bool odd_solids() const { return odd_solids_; }
    /// Check mode: every entity is stepped every tick and every box query asks Box2D (and a scan of every
    /// entity for the still ones without a body there).
    bool reference_mode() const { return reference_mode_; }
    void set_reference_mode(bool on) { reference_mode_ = on; }

   private:
    /// end_scan() for a map of `alive` entities.
    void end_scan(std::size_t alive, std::size_t parts);
    /// What `entity` is for the touchables: its box in `touchables` if given, else added to the grid.
    void index_position(EntityRef ref, const Entity& entity, std::vector<GridIndex::Item>* touchables);
    /// Room (present) in the list the next rebuild gathers the still entities into.
    void keep_gathering_room();
    /// What `entity` is for the body indexes, without reading its body: woken or not, a still entity's box,
    /// an entity with a moving body, listed in `out` if given, else entered now (woken_, the grid,
    /// index_moving_body()).
    /// index_moving_body() of `body`.
    void index_body(EntityRef ref, const Entity& entity, bool is_busy, bool inserted, ScanOut* out,
                    const b2Body* body);
    /// What a moving body is, read from it: a solid one joins moving_solids_. `body` may be null (none).
    void index_moving_body(EntityRef ref, const b2Body* body);

    /// The grid items of a scan, built once (kept between calls for their storage).
    struct IndexBatch {
        std::vector<GridIndex::Item> touchables, static_solids;
    };
    IndexBatch index_batch_;
    std::vector<ScanOut> scan_out_;            ///< one per part (kept for their storage)
    std::vector<std::uint64_t> busy_bits_;     ///< by slot index: stepped every tick
    std::size_t busy_count_ = 0;               ///< entities indexed (== entities.size())
    std::vector<Woken> woken_;                 ///< idle entities stepped fully for a few ticks (new ones)
    std::vector<EntityRef> reacts_untouched_;  ///< idle-until-touched entities that must react anyway
    GridIndex touchables_;                     ///< idle-until-touched entities by position
    GridIndex static_solids_;                  ///< still entities by their broad-phase box
    std::vector<EntityRef> moving_solids_;     ///< other solid-entity bodies (platforms)
    std::vector<EntityRef> camera_areas_;
    bool reference_mode_ = false;
    bool odd_solids_ = false;
    std::vector<WalkerSpot> walkers_;         ///< this tick's walkers after their think
    std::vector<std::uint32_t> think_order_;  ///< slots stepped this tick, ascending
    std::vector<std::uint32_t> react_order_;
    std::vector<std::uint32_t> extra_reacts_;
    std::vector<EntityRef> still_found_;  ///< still entities to give a body, sorted by index
    std::vector<EntityRef> bodied_;       ///< entities with a moving body (player, platforms)
};

}  // namespace qs
