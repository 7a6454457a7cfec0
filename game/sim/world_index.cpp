// WorldIndex (world_index.hpp): which entities a tick must step, and the grids behind the World's box queries
// of entities (probe_ground, box_blocked, entity_solid_at, camera_bounds, also here), answered from them
// instead of Box2D's broad phase.
//
// Every answer is the one the Box2D queries gave. Box2D reports a fixture to QueryAABB when its broad-phase
// box (the "fat" AABB: the shape's box grown by b2_aabbExtension, and for a moving body stretched along its
// motion) overlaps the query; the callbacks then filter solid-entity fixtures. So:
// - a still body (static, no velocity) never moves its proxy: its fat box is its shape's box at its
//   transform grown by b2_aabbExtension, exactly as b2DynamicTree::CreateProxy computes it, and the grid
//   holds it (static_solids_). Its shape, transform and fat box follow from the entity's state and
//   StillBox alone (still_fixture.hpp), so the grid answers for still entities whose body is not in Box2D
//   (Box2D holds those near the player only, world.cpp);
// - a moving solid body (a platform) has a fat box only Box2D knows, but it always holds the body's shape
//   at its current transform (Box2D synchronizes it at the end of every step), so box_blocked and
//   entity_solid_at, which also test the shape, give Box2D's answer from the shape alone; probe_ground,
//   which does not, asks Box2D itself whenever such a body is near enough (moving_solids_, mover_near());
//   of two platforms under one box it picks the one in the lower slot, not the first Box2D reports (that
//   order depends on every body in Box2D's tree);
// - a static body given a velocity by a save moves inside Box2D's islands while its proxy stays behind:
//   then every query asks Box2D (odd_solids_).
#include <algorithm>
#include <cmath>

#include <box2d/box2d.h>

#include "engine/page_populate.hpp"

#include "game/sim/still_fixture.hpp"
#include "game/sim/world.hpp"

namespace qs {

namespace {

bool is_solid(const b2Fixture* fixture) {
    return (fixture->GetFilterData().categoryBits & collision::solid_entity) != 0;
}

bool is_still(const b2Body* body) {
    return body->GetType() == b2_staticBody;
}

// ---- the Box2D queries (for odd solid bodies) ----

bool box2d_box_blocked(b2World& physics, const b2AABB& box) {
    struct Query : b2QueryCallback {
        b2AABB box;
        bool hit = false;
        bool ReportFixture(b2Fixture* fixture) override {
            if (!is_solid(fixture) || !fixture->GetBody()->IsEnabled()) return true;
            b2AABB shape_box;
            fixture->GetShape()->ComputeAABB(&shape_box, fixture->GetBody()->GetTransform(), 0);
            shape_box.lowerBound += b2Vec2(b2_polygonRadius, b2_polygonRadius);
            shape_box.upperBound -= b2Vec2(b2_polygonRadius, b2_polygonRadius);
            hit = b2TestOverlap(shape_box, box);
            return !hit;
        }
    } query;
    query.box = box;
    physics.QueryAABB(&query, box);
    return query.hit;
}

bool box2d_entity_solid_at(b2World& physics, const b2Vec2& point, const b2AABB& box) {
    struct Query : b2QueryCallback {
        b2Vec2 point;
        bool hit = false;
        bool ReportFixture(b2Fixture* fixture) override {
            if (!is_solid(fixture)) return true;
            if (fixture->TestPoint(point)) {
                hit = true;
                return false;
            }
            return true;
        }
    } query;
    query.point = point;
    physics.QueryAABB(&query, box);
    return query.hit;
}

/// Reference mode's scan of the still entities that have no body in Box2D: whether `test(ref)` holds for
/// one of them.
template <class Test>
bool any_unbodied_still(const EntityMap& entities, const std::vector<b2Body*>& bodies, Test&& test) {
    bool found = false;
    entities.for_each_by_index([&](EntityMap::Key key, const Entity& entity) {
        const bool bodied = key.index < bodies.size() && bodies[key.index];
        if (!found && is_still_entity(entity) && !bodied) found = test(to_ref(key));
    });
    return found;
}

/// box_blocked's test of one solid fixture against the query box (its shape, without the polygon skin).
bool shape_overlaps(const b2Fixture* fixture, const b2AABB& box) {
    b2AABB shape_box;
    fixture->GetShape()->ComputeAABB(&shape_box, fixture->GetBody()->GetTransform(), 0);
    shape_box.lowerBound += b2Vec2(b2_polygonRadius, b2_polygonRadius);
    shape_box.upperBound -= b2Vec2(b2_polygonRadius, b2_polygonRadius);
    return b2TestOverlap(shape_box, box);
}

/// box_blocked's test of a still fixture against the query box (its shape, without the polygon skin).
bool still_shape_overlaps(const StillFixture& fixture, const b2AABB& box) {
    b2AABB shape_box = fixture.box();
    shape_box.lowerBound += b2Vec2(b2_polygonRadius, b2_polygonRadius);
    shape_box.upperBound -= b2Vec2(b2_polygonRadius, b2_polygonRadius);
    return b2TestOverlap(shape_box, box);
}

constexpr int wake_ticks = 2;  ///< a new idle entity's previous() and Box2D state settle within two ticks

}  // namespace

// ---- what a tick steps ----

bool WorldIndex::busy(const Entity& entity) {
    return std::visit(
        [&]<class T>(const T& e) {
            if constexpr (Thinks<T> || (Reacts<T> && !IdleUntilTouched<T>)) {
                return true;
            } else if constexpr (StillBody<T>) {
                return still_is_odd(e.state);  // (only then does its body move)
            } else {
                return HasBody<T>;  // a moving body: its state follows Box2D's every tick
            }
        },
        entity);
}

bool WorldIndex::still_near(const b2AABB& fat, const std::optional<TerrainWindow::Box>& player,
                            double margin) {
    if (!player) return false;
    return fat.lowerBound.x <= player->x + player->half_width + margin &&
           player->x - player->half_width - margin <= fat.upperBound.x &&
           fat.lowerBound.y <= player->y + player->half_height + margin &&
           player->y - player->half_height - margin <= fat.upperBound.y;
}

void WorldIndex::scan(const EntityMap& entities, const std::optional<TerrainWindow::Box>& player,
                      bool positions) {
    begin_scan(entities, 1);
    if (positions) {
        reacts_untouched_.clear();
        camera_areas_.clear();
        touchables_.clear_into(index_batch_.touchables);  // (finish() builds it again)
    }
    for (std::size_t i = 0; i < entities.size(); ++i) {
        const EntityRef ref = to_ref(entities.key_at_dense(i));
        const Entity& entity = entities.value_at_dense(i);
        if (positions) index_position(ref, entity, &index_batch_.touchables);
        scan_one(ref, entity, player, 0);
    }
    end_scan(entities, 1);
}

void WorldIndex::scan_by_index(const EntityMap& entities, const std::optional<TerrainWindow::Box>& player) {
    begin_scan(entities, 1);
    reacts_untouched_.clear();
    camera_areas_.clear();
    touchables_.clear_into(index_batch_.touchables);  // (finish() builds it again)
    entities.for_each_by_index([&](EntityMap::Key key, const Entity& entity) {
        const EntityRef ref = to_ref(key);
        index_position(ref, entity, &index_batch_.touchables);
        scan_one(ref, entity, player, 0);
    });
    end_scan(entities, 1);
}

void WorldIndex::begin_scan(const EntityMap& entities, std::size_t parts) {
    busy_bits_.assign((entities.slot_count() + 63) / 64, 0);
    if (scan_out_.size() < std::max<std::size_t>(parts, 1)) scan_out_.resize(std::max<std::size_t>(parts, 1));
    for (ScanOut& out : scan_out_) out.clear();
}

void WorldIndex::scan_one(EntityRef ref, const Entity& entity,
                          const std::optional<TerrainWindow::Box>& player, std::size_t part) {
    ScanOut& out = scan_out_[part];
    const bool is_busy = busy(entity);
    if (is_busy) busy_bits_[ref.index / 64] |= std::uint64_t{1} << (ref.index % 64);
    const std::size_t items = out.still_items.size();
    index_body(ref, entity, is_busy, false, &out, nullptr);
    // A still entity's broad-phase box was just listed: near the player, it gets its body.
    if (player && out.still_items.size() > items) {
        const GridIndex::Item& item = out.still_items.back();
        b2AABB fat;
        fat.lowerBound.Set(item.x0, item.y0);
        fat.upperBound.Set(item.x1, item.y1);
        if (still_near(fat, player, TerrainWindow::margin)) out.still_found.push_back(ref);
    }
}

void WorldIndex::end_scan(std::size_t alive, std::size_t parts) {
    // The parts in order, as one pass over them would have listed everything.
    busy_count_ = alive;
    woken_.clear();
    index_batch_.static_solids.clear();
    bodied_.clear();
    still_found_.clear();
    odd_solids_ = false;
    for (std::size_t k = 0; k < parts; ++k) {
        const ScanOut& out = scan_out_[k];
        woken_.insert(woken_.end(), out.woken.begin(), out.woken.end());
        index_batch_.static_solids.insert(index_batch_.static_solids.end(), out.still_items.begin(),
                                          out.still_items.end());
        bodied_.insert(bodied_.end(), out.bodied.begin(), out.bodied.end());
        still_found_.insert(still_found_.end(), out.still_found.begin(), out.still_found.end());
        odd_solids_ = odd_solids_ || out.odd;
    }
}

void WorldIndex::build_from(const WorldSnapshot& snapshot, const std::optional<TerrainWindow::Box>& player,
                            int width, int height) {
    // scan_by_index() over the entities a restore makes of `snapshot` (slot index order), then finish().
    const auto& slots = snapshot.layout.slots;
    busy_bits_.assign((slots.size() + 63) / 64, 0);
    if (scan_out_.empty()) scan_out_.resize(1);
    for (ScanOut& out : scan_out_) out.clear();
    reacts_untouched_.clear();
    camera_areas_.clear();
    index_batch_.touchables.clear();
    std::size_t next = 0;
    for (std::uint32_t i = 0; i < slots.size() && next < snapshot.entities.size(); ++i) {
        if (!slots[i].alive) continue;
        const EntityRef ref{i, slots[i].generation};
        const Entity& entity = snapshot.entities[next++];
        index_position(ref, entity, &index_batch_.touchables);
        scan_one(ref, entity, player, 0);
    }
    end_scan(snapshot.entities.size(), 1);
    moving_solids_.clear();
    touchables_.build(width, height, index_batch_.touchables);
    static_solids_.build(width, height, index_batch_.static_solids);
    keep_gathering_room();
}

void WorldIndex::keep_gathering_room() {
    // The grid's old storage is the list the next rebuild gathers the still entities into: as many as now,
    // present, so that a quicksave's rebuild writes ready memory rather than faulting its pages in.
    std::vector<GridIndex::Item>& next = index_batch_.static_solids;
    if (next.capacity() < static_solids_.size())
        reserve_present(next, static_solids_.size() + static_solids_.size() / 8);
}

void WorldIndex::assign_built(const WorldIndex& built) {
    busy_bits_ = built.busy_bits_;
    busy_count_ = built.busy_count_;
    woken_ = built.woken_;
    reacts_untouched_ = built.reacts_untouched_;
    touchables_ = built.touchables_;
    static_solids_ = built.static_solids_;
    moving_solids_.clear();
    camera_areas_ = built.camera_areas_;
    odd_solids_ = built.odd_solids_;
    still_found_ = built.still_found_;
    bodied_ = built.bodied_;
}

void WorldIndex::find_moving_solids(const EntityMap& entities, const std::vector<b2Body*>& bodies) {
    moving_solids_.clear();
    for (EntityRef ref : bodied_) {
        if (ref.index < bodies.size() && entities.contains(to_key(ref)))
            index_moving_body(ref, bodies[ref.index]);
    }
}

void WorldIndex::finish(const EntityMap& entities, const std::vector<b2Body*>& bodies, int width, int height,
                        bool positions) {
    find_moving_solids(entities, bodies);
    // Level entities are placed inside the level; the grids cover it (anything outside lands on a border).
    // (build() hands back the grid's old item storage, for the next call.)
    if (positions) touchables_.build(width, height, index_batch_.touchables);
    static_solids_.build(width, height, index_batch_.static_solids);
    keep_gathering_room();
}

void WorldIndex::inserted(const EntityMap& entities, EntityRef ref, const b2Body* body) {
    const Entity& entity = *entities.get(to_key(ref));
    if (busy_bits_.size() * 64 <= ref.index) busy_bits_.resize(ref.index / 64 + 1, 0);
    const bool is_busy = busy(entity);
    if (is_busy) busy_bits_[ref.index / 64] |= std::uint64_t{1} << (ref.index % 64);
    ++busy_count_;
    index_position(ref, entity, nullptr);
    index_body(ref, entity, is_busy, true, nullptr, body);
}

void WorldIndex::index_position(EntityRef ref, const Entity& entity,
                                std::vector<GridIndex::Item>* touchables) {
    std::visit(
        [&]<class T>(const T& e) {
            if constexpr (IdleUntilTouched<T>) {
                const GridIndex::Item item{static_cast<float>(e.state.x - T::half_width),
                                           static_cast<float>(e.state.y - T::half_height),
                                           static_cast<float>(e.state.x + T::half_width),
                                           static_cast<float>(e.state.y + T::half_height), ref};
                if (touchables) {
                    touchables->push_back(item);
                } else {
                    touchables_.add(item);
                }
                if constexpr (ReactsUntouched<T>) {
                    if (e.reacts_untouched()) reacts_untouched_.push_back(ref);
                }
            }
            if constexpr (std::is_same_v<T, CameraArea>) camera_areas_.push_back(ref);
        },
        entity);
}

void WorldIndex::index_body(EntityRef ref, const Entity& entity, bool is_busy, bool inserted, ScanOut* out,
                            const b2Body* body) {
    std::visit(
        [&]<class T>(const T& e) {
            // A new idle entity's previous(), and a body's state (x as a float, awake false), settle in the
            // ticks after it is made: it is stepped like a busy one until then. Every entity of a type with
            // a body has one (a still one in Box2D or not).
            if (!is_busy && (inserted || HasBody<T>))
                (out ? out->woken : woken_).push_back({ref, wake_ticks});
            if constexpr (StillBody<T>) {
                const bool odd = still_is_odd(e.state);
                (out ? out->odd : odd_solids_) |= odd;
                const b2AABB fat = still_fixture(e.state, e.still_box()).fat_box();
                const GridIndex::Item item{fat.lowerBound.x, fat.lowerBound.y, fat.upperBound.x,
                                           fat.upperBound.y, ref};
                if (out) {
                    out->still_items.push_back(item);
                } else {
                    static_solids_.add(item);
                }
            } else if constexpr (HasBody<T>) {
                if (out) {
                    out->bodied.push_back(ref);
                } else {
                    index_moving_body(ref, body);
                }
            }
        },
        entity);
}

void WorldIndex::index_moving_body(EntityRef ref, const b2Body* body) {
    // (Every static body is a still entity's, made by make_still_body: a moving body is kinematic or
    // dynamic, and Box2D alone knows its broad-phase box.)
    if (!body) return;
    for (const b2Fixture* f = body->GetFixtureList(); f; f = f->GetNext()) {
        if (is_solid(f)) {
            moving_solids_.push_back(ref);
            return;
        }
    }
}

void WorldIndex::erased(std::uint32_t slot) {
    if (slot / 64 < busy_bits_.size()) busy_bits_[slot / 64] &= ~(std::uint64_t{1} << (slot % 64));
    --busy_count_;
}

void WorldIndex::plan_thinks(const EntityMap& entities) {
    walkers_.clear();
    // Woken entities (dropping those erased since), then the busy ones merged in, all in slot order.
    extra_reacts_.clear();
    std::erase_if(woken_, [&](const Woken& w) {
        if (!entities.contains(to_key(w.ref))) return true;
        extra_reacts_.push_back(w.ref.index);
        return false;
    });
    std::sort(extra_reacts_.begin(), extra_reacts_.end());
    think_order_.clear();
    if (reference_mode_) {
        for (std::uint32_t slot = 0; slot < entities.slot_count(); ++slot) {
            if (entities.slot_alive(slot)) think_order_.push_back(slot);
        }
        return;
    }
    auto woken = extra_reacts_.begin();
    for (std::size_t word = 0; word < busy_bits_.size(); ++word) {
        std::uint64_t bits = busy_bits_[word];
        while (bits) {
            const auto slot =
                static_cast<std::uint32_t>(word * 64 + static_cast<unsigned>(std::countr_zero(bits)));
            bits &= bits - 1;
            while (woken != extra_reacts_.end() && *woken < slot) think_order_.push_back(*woken++);
            if (woken != extra_reacts_.end() && *woken == slot) ++woken;
            think_order_.push_back(slot);
        }
    }
    think_order_.insert(think_order_.end(), woken, extra_reacts_.end());
}

void WorldIndex::plan_reacts(const EntityMap& entities, const Player* player) {
    extra_reacts_.clear();
    if (reference_mode_) {
        react_order_ = think_order_;
        return;
    }
    auto add = [&](EntityRef ref) {
        if (entities.contains(to_key(ref))) extra_reacts_.push_back(ref.index);
    };
    if (const Player* p = player) {
        touchables_.query(p->state.x - Player::half_width, p->state.y - Player::half_height,
                          p->state.x + Player::half_width, p->state.y + Player::half_height,
                          [&](const GridIndex::Item& item) { add(item.ref); });
    }
    std::erase_if(reacts_untouched_, [&](EntityRef ref) { return !entities.contains(to_key(ref)); });
    for (EntityRef ref : reacts_untouched_) add(ref);
    std::sort(extra_reacts_.begin(), extra_reacts_.end());
    extra_reacts_.erase(std::unique(extra_reacts_.begin(), extra_reacts_.end()), extra_reacts_.end());
    react_order_.clear();
    std::set_union(think_order_.begin(), think_order_.end(), extra_reacts_.begin(), extra_reacts_.end(),
                   std::back_inserter(react_order_));
}

void WorldIndex::set_reacts_untouched(EntityRef ref, bool reacts) {
    const auto listed = std::find(reacts_untouched_.begin(), reacts_untouched_.end(), ref);
    if (reacts && listed == reacts_untouched_.end()) reacts_untouched_.push_back(ref);
    if (!reacts && listed != reacts_untouched_.end()) reacts_untouched_.erase(listed);
}

void WorldIndex::end_tick() {
    std::erase_if(woken_, [](Woken& w) { return --w.ticks <= 0; });
}

// ---- box queries ----

void World::index_all() {
    index_.scan(entities, std::nullopt, true);
    index_.finish(entities, bodies_, level_->tiles.width, level_->tiles.height, true);
}

bool World::mover_near(const b2AABB& query) const {
    for (EntityRef ref : index_.moving_solids()) {
        const Entity* entity = entities.get(to_key(ref));
        if (!entity) continue;
        const BodyState& state = body_state(*entity);
        const b2Body* body = body_at(ref.index);
        if (!body || !body->IsEnabled()) continue;  // a disabled body has no proxy
        // Box2D keeps a moving proxy's box within the shape's box grown by 4 b2_aabbExtension and stretched
        // by 4 steps of its displacement (b2DynamicTree::MoveProxy); this bound is wider than that.
        const b2Vec2 v = body->GetLinearVelocity();
        const double speed =
            std::max({std::abs(state.vx), std::abs(state.vy), static_cast<double>(std::abs(v.x)),
                      static_cast<double>(std::abs(v.y))});
        const double margin = 1.0 + 6.0 * speed * tick_seconds;
        for (const b2Fixture* f = body->GetFixtureList(); f; f = f->GetNext()) {
            if (!is_solid(f)) continue;
            for (int32 child = 0; child < f->GetShape()->GetChildCount(); ++child) {
                b2AABB box;
                f->GetShape()->ComputeAABB(&box, body->GetTransform(), child);
                if (box.lowerBound.x - margin <= query.upperBound.x &&
                    query.lowerBound.x <= box.upperBound.x + margin &&
                    box.lowerBound.y - margin <= query.upperBound.y &&
                    query.lowerBound.y <= box.upperBound.y + margin) {
                    return true;
                }
            }
        }
    }
    return false;
}

bool World::entity_solid_at(double x, double y) {
    settle();
    b2Vec2 point(static_cast<float>(x), static_cast<float>(y));
    b2AABB box;
    box.lowerBound = point - b2Vec2(0.01f, 0.01f);
    box.upperBound = point + b2Vec2(0.01f, 0.01f);
    // A fixture is hit when Box2D would report it (its fat box overlaps) and the point is inside it.
    auto hits_still = [&](EntityRef ref) {
        const Entity* entity = entities.get(to_key(ref));
        const std::optional<StillFixture> f = entity ? still_fixture_of(*entity) : std::nullopt;
        return f && f->solid && b2TestOverlap(f->fat_box(), box) && f->shape.TestPoint(f->xf, point);
    };
    if (index_.odd_solids()) return box2d_entity_solid_at(*physics_, point, box);
    if (index_.reference_mode()) {
        return box2d_entity_solid_at(*physics_, point, box) ||
               any_unbodied_still(entities, bodies_, [&](EntityRef ref) { return hits_still(ref); });
    }
    auto hits_moving = [&](EntityRef ref) {
        const b2Body* body = this->body(ref);
        if (!body || !body->IsEnabled()) return false;
        for (const b2Fixture* f = body->GetFixtureList(); f; f = f->GetNext()) {
            if (is_solid(f) && f->TestPoint(point)) return true;
        }
        return false;
    };
    bool hit = false;
    index_.still_grid().query(box.lowerBound.x, box.lowerBound.y, box.upperBound.x, box.upperBound.y,
                              [&](const GridIndex::Item& item) { hit = hit || hits_still(item.ref); });
    for (std::size_t i = 0; !hit && i < index_.moving_solids().size(); ++i)
        hit = hits_moving(index_.moving_solids()[i]);
    return hit;
}

GroundContact World::probe_ground(double x, double bottom, double half_width, bool allow_one_way) {
    settle();
    GroundContact contact;
    double row_top = std::round(bottom);
    bool any_solid_tile = false;
    if (std::abs(row_top - bottom) < 0.06) {
        int row = to_tile(row_top);
        int first = to_tile(x - half_width + 0.001);
        int last = to_tile(x + half_width - 0.001);
        bool all_ice = true;
        for (int column = first; column <= last; ++column) {
            std::uint8_t t = tile(column, row);
            const TileProperties& properties = tile_properties(t);
            const bool above_is_one_way = tile_properties(tile(column, row - 1)).one_way;
            if (properties.solid) {
                any_solid_tile = true;
                contact.grounded = true;
                if (properties.friction != TileFriction::ice) all_ice = false;
            } else if (allow_one_way && properties.one_way && !above_is_one_way) {
                contact.grounded = true;
                all_ice = false;
            }
        }
        contact.ice = contact.grounded && all_ice;
    }
    // Entity bodies: doors, turrets, platforms.
    b2AABB box;
    box.lowerBound.Set(static_cast<float>(x - half_width + 0.02), static_cast<float>(bottom - 0.1));
    box.upperBound.Set(static_cast<float>(x + half_width - 0.02), static_cast<float>(bottom + 0.1));
    bool any_entity = false;
    // Still bodies carry nobody: the order Box2D would report them in does not matter, and whether they
    // count depends on their StillBox only. Whether still entity `ref` is ground under the feet:
    auto still_ground = [&](EntityRef ref) {
        const Entity* entity = entities.get(to_key(ref));
        const std::optional<StillFixture> f = entity ? still_fixture_of(*entity) : std::nullopt;
        if (!f || !f->solid || !b2TestOverlap(f->fat_box(), box)) return;
        const double half_height = std::visit([]<class T>(const T&) { return T::half_height; }, *entity);
        // The top of the entity's top tile (a door's body hangs from its first tile).
        double top = f->xf.p.y - half_height;
        if (std::abs(top - bottom) > 0.08) return;
        any_entity = true;
        contact.grounded = true;
    };
    auto probe_still = [&] {
        if (index_.reference_mode()) {
            entities.for_each_by_index([&](EntityMap::Key key, const Entity&) { still_ground(to_ref(key)); });
            return;
        }
        index_.still_grid().query(box.lowerBound.x, box.lowerBound.y, box.upperBound.x, box.upperBound.y,
                                  [&](const GridIndex::Item& item) { still_ground(item.ref); });
    };
    if (index_.odd_solids() || index_.reference_mode() || mover_near(box)) {
        // Box2D holds every still body only when holds_all_still_; else the grid (in reference mode a scan
        // of every entity) answers for them.
        probe_entities_box2d(contact, any_entity, box, bottom, !holds_all_still_);
        if (!holds_all_still_) probe_still();
    } else {
        probe_still();
    }
    if (any_entity) contact.ice = false;
    contact.one_way_only = contact.grounded && !any_solid_tile && !any_entity;
    return contact;
}

void World::probe_entities_box2d(GroundContact& contact, bool& any_entity, const b2AABB& box, double bottom,
                                 bool skip_still) {
    struct Query : b2QueryCallback {
        std::vector<b2Fixture*> found;
        bool skip_still = false;
        bool ReportFixture(b2Fixture* fixture) override {
            if (is_solid(fixture) && !(skip_still && is_still(fixture->GetBody()))) found.push_back(fixture);
            return true;
        }
    } query;
    query.skip_still = skip_still;
    physics_->QueryAABB(&query, box);
    // Standing on several carriers at once, the player rides the one in the lowest slot: Box2D reports them
    // in its tree's order, which depends on every body in it (and Box2D holds still bodies near the player
    // only).
    bool carried = false;
    for (b2Fixture* fixture : query.found) {
        if (!fixture->GetBody()->IsEnabled()) continue;
        EntityRef ref = ref_from_tag(fixture->GetBody()->GetUserData().pointer);
        Entity* entity = get_entity(ref);
        if (!entity) continue;
        // The top of the entity's top tile (a door's body hangs down from its first tile).
        double half_height = std::visit([]<class T>(const T&) { return T::half_height; }, *entity);
        double top = fixture->GetBody()->GetPosition().y - half_height;
        if (std::abs(top - bottom) > 0.08) continue;
        any_entity = true;
        contact.grounded = true;
        if (std::visit([]<class T>(const T&) { return CarriesRiders<T>; }, *entity) &&
            (!carried || ref.index < contact.platform.index)) {
            carried = true;
            contact.platform = ref;
            // A belt (a conveyor) carries at its own speed; anything else at its body's.
            contact.platform_vx = std::visit(
                [&]<class T>(const T& e) -> double {
                    if constexpr (CarriesAtOwnSpeed<T>) {
                        return e.carry_vx();
                    } else {
                        return fixture->GetBody()->GetLinearVelocity().x;
                    }
                },
                *entity);
            contact.platform_vy = fixture->GetBody()->GetLinearVelocity().y;
        }
    }
}

bool World::box_blocked(double x, double y, double half_width, double half_height) {
    settle();
    constexpr double inset = 0.001;
    int x0 = to_tile(x - half_width + inset), x1 = to_tile(x + half_width - inset);
    int y0 = to_tile(y - half_height + inset), y1 = to_tile(y + half_height - inset);
    for (int ty = y0; ty <= y1; ++ty) {
        for (int tx = x0; tx <= x1; ++tx) {
            if (tile_is_solid(tile(tx, ty))) return true;
        }
    }
    b2AABB box;
    box.lowerBound.Set(static_cast<float>(x - half_width + inset),
                       static_cast<float>(y - half_height + inset));
    box.upperBound.Set(static_cast<float>(x + half_width - inset),
                       static_cast<float>(y + half_height - inset));
    // Blocked by a fixture Box2D would report (fat box overlapping) whose shape overlaps the box.
    auto blocks_still = [&](EntityRef ref) {
        const Entity* entity = entities.get(to_key(ref));
        const std::optional<StillFixture> f = entity ? still_fixture_of(*entity) : std::nullopt;
        return f && f->solid && b2TestOverlap(f->fat_box(), box) && still_shape_overlaps(*f, box);
    };
    if (index_.odd_solids()) return box2d_box_blocked(*physics_, box);
    if (index_.reference_mode()) {
        return box2d_box_blocked(*physics_, box) ||
               any_unbodied_still(entities, bodies_, [&](EntityRef ref) { return blocks_still(ref); });
    }
    auto blocks_moving = [&](EntityRef ref) {
        const b2Body* body = this->body(ref);
        if (!body || !body->IsEnabled()) return false;
        for (const b2Fixture* f = body->GetFixtureList(); f; f = f->GetNext()) {
            if (is_solid(f) && shape_overlaps(f, box)) return true;
        }
        return false;
    };
    bool hit = false;
    index_.still_grid().query(box.lowerBound.x, box.lowerBound.y, box.upperBound.x, box.upperBound.y,
                              [&](const GridIndex::Item& item) { hit = hit || blocks_still(item.ref); });
    for (std::size_t i = 0; !hit && i < index_.moving_solids().size(); ++i)
        hit = blocks_moving(index_.moving_solids()[i]);
    return hit;
}

WorldRect World::camera_bounds(double x, double y) {
    // The camera area in the lowest slot that contains the point.
    if (index_.reference_mode()) {
        std::optional<WorldRect> first;
        entities.for_each_by_index([&](EntityMap::Key, const Entity& entity) {
            const auto* area = std::get_if<CameraArea>(&entity);
            if (area && !first && area->area().contains(x, y)) first = area->area();
        });
        if (first) return *first;
        return {0, 0, static_cast<double>(level_->tiles.width), static_cast<double>(level_->tiles.height)};
    }
    std::uint32_t best = 0xFFFFFFFFu;
    WorldRect found{};
    for (EntityRef ref : index_.camera_areas()) {
        if (ref.index >= best) continue;
        const CameraArea* area = find<CameraArea>(ref);
        if (!area) continue;
        WorldRect r = area->area();
        if (r.contains(x, y)) {
            best = ref.index;
            found = r;
        }
    }
    if (best != 0xFFFFFFFFu) return found;
    return {0, 0, static_cast<double>(level_->tiles.width), static_cast<double>(level_->tiles.height)};
}

}  // namespace qs
