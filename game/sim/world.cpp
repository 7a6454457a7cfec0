// World: stepping, deferred inserts/erases, the Box2D world and its bodies, and the still bodies following
// the player. Capture, restore and the canonical rebuild are in world_rebuild.cpp, the index and the box
// queries in world_index.cpp.
#include "game/sim/world.hpp"

#include <algorithm>
#include <cmath>

#include <box2d/box2d.h>

#include "engine/page_populate.hpp"
#include "game/sim/still_fixture.hpp"

namespace qs {

namespace {

constexpr std::uintptr_t one_way_tag = TerrainWindow::one_way_tag;
constexpr std::uintptr_t spike_tag_base = TerrainWindow::spike_tag_base;

}  // namespace

/// Lets bodies pass up through one-way tiles and lets the player drop down through them; lets bodies
/// walk onto a crumble or a conveyor level with the floor they stand on (no snag on the seam, see
/// seam_contact()).
class OneWayFilter : public b2ContactListener {
   public:
    explicit OneWayFilter(World& world) : world_(&world) {}
    void PreSolve(b2Contact* contact, const b2Manifold*) override {
        b2Fixture* a = contact->GetFixtureA();
        b2Fixture* b = contact->GetFixtureB();
        if (seam_contact(contact, a, b)) {
            contact->SetEnabled(false);
            return;
        }
        b2Fixture* edge = a->GetUserData().pointer == one_way_tag ? a : b;
        if (edge->GetUserData().pointer != one_way_tag) return;
        b2Fixture* other = edge == a ? b : a;
        b2Body* body = other->GetBody();
        // The body where it is at this moment of the step: its start in the step's first contact update,
        // its position at the time of impact in Box2D's continuous pass. The fixture's own AABB spans the
        // whole last move (start and end), so a fast fall would count as under the top already and pass.
        b2AABB box;
        other->GetShape()->ComputeAABB(&box, body->GetTransform(), 0);
        float edge_y = edge->GetAABB(0).upperBound.y - b2_polygonRadius;
        bool below = box.upperBound.y > edge_y + 0.2f;  // more than a sliver under the top: passing through
        bool rising = body->GetLinearVelocity().y < -0.01f;
        bool dropping = false;
        if (Player* player = world_->get<Player>(World::ref_from_tag(body->GetUserData().pointer))) {
            dropping = player->drop_ticks > 0;
        }
        if (below || rising || dropping) contact->SetEnabled(false);
    }

   private:
    /// A crumble or a conveyor is a box body of its own, so a body walking onto it from a floor at the height
    /// of its top (the ground, or the crumble beside it) can touch its side face at the seam, and Box2D then
    /// stops it dead. A side contact with one whose top is not above the feet of the other body is such a
    /// seam.
    bool seam_contact(b2Contact* contact, b2Fixture* a, b2Fixture* b) const {
        const bool a_crumble = is_floor_box(a->GetBody());
        if (!a_crumble && !is_floor_box(b->GetBody())) return false;
        b2Fixture* crumble = a_crumble ? a : b;
        b2Fixture* other = a_crumble ? b : a;
        b2WorldManifold manifold;
        contact->GetWorldManifold(&manifold);
        if (std::abs(manifold.normal.x) <= std::abs(manifold.normal.y)) return false;
        const float crumble_top = crumble->GetAABB(0).lowerBound.y + b2_polygonRadius;
        const float other_feet = other->GetAABB(0).upperBound.y - b2_polygonRadius;
        return other_feet <= crumble_top + 0.05f;
    }
    /// A crumble's or a conveyor's body: a box meant to lie flush with the floor beside it.
    bool is_floor_box(b2Body* body) const {
        const EntityRef ref = World::ref_from_tag(body->GetUserData().pointer);
        if (body->GetType() == b2_staticBody) return world_->find<Crumble>(ref) != nullptr;
        return body->GetType() == b2_kinematicBody && world_->find<Conveyor>(ref) != nullptr;
    }

    World* world_;
};

World::World(std::shared_ptr<const LevelData> level, const Tuning& tuning, std::vector<Entity> spawned,
             std::shared_ptr<const TerrainShapes> terrain)
    : level_(std::move(level)),
      tuning_(tuning),
      terrain_(terrain ? std::move(terrain) : TerrainShapes::build(*level_)) {
    entities.reserve(spawned.size());
    // Room for a volley: a turret spawns at most one shot a tick, and nothing else spawns. Its pages are
    // made present now, not faulted in the tick of the first volley.
    std::size_t shooters = 0;
    for (const Entity& entity : spawned) shooters += std::holds_alternative<Turret>(entity) ? 1 : 0;
    reserve_present(pending_spawn_, shooters);
    reserve_present(spawning_, shooters);
    // A turret's shot makes a sound: room for a volley's in both event lists (take_events swaps them).
    reserve_present(events_, shooters + 16);
    reserve_present(taken_events_, shooters + 16);
    for (Entity& entity : spawned) {
        EntityRef ref = to_ref(entities.insert(std::move(entity)));
        std::visit(
            [&]<class T>(T& e) {
                if constexpr (StartsLevel<T>) e.on_level_start(*this, ref);
            },
            *entities.get(to_key(ref)));
    }
    // Start from the same canonical build a quickload produces (restore(capture()), in place: no second
    // copy of the entities, no old storage left over).
    build_spawned();
}

World::~World() = default;

std::uintptr_t World::body_tag(EntityRef ref) {
    return (static_cast<std::uintptr_t>(ref.generation) << 32) | ref.index;
}

EntityRef World::ref_from_tag(std::uintptr_t tag) {
    return {static_cast<std::uint32_t>(tag & 0xFFFFFFFFu), static_cast<std::uint32_t>(tag >> 32)};
}

bool World::solid_at(double x, double y) const {
    return tile_is_solid(tile(to_tile(x), to_tile(y)));
}

const TileRect* World::spike_rect(b2Fixture* fixture) const {
    const std::uintptr_t tag = fixture->GetUserData().pointer;
    if (!fixture->IsSensor() || tag < spike_tag_base || tag - spike_tag_base >= terrain_->spikes.size()) {
        return nullptr;
    }
    return &terrain_->spikes[tag - spike_tag_base];
}

World::MoveResult World::move_box(double& x, double& y, double half_width, double half_height, double dx,
                                  double dy) {
    MoveResult result;
    // Binary search of the last free position along one axis (moves are under half a tile per tick).
    auto slide = [&](double& coordinate, double delta, auto blocked_at) {
        if (delta == 0) return false;
        if (!blocked_at(coordinate + delta)) {
            coordinate += delta;
            return false;
        }
        double free = 0, hit = 1;
        for (int i = 0; i < 10; ++i) {
            double mid = (free + hit) / 2;
            (blocked_at(coordinate + delta * mid) ? hit : free) = mid;
        }
        coordinate += delta * free;
        return true;
    };
    result.blocked_x = slide(x, dx, [&](double nx) { return box_blocked(nx, y, half_width, half_height); });
    double bottom_before = y + half_height;
    result.blocked_y = slide(y, dy, [&](double ny) {
        if (box_blocked(x, ny, half_width, half_height)) return true;
        if (dy <= 0) return false;
        // One-way tops: block a downward move whose bottom starts at or above the top of the row it ends in.
        int row = to_tile(ny + half_height);
        if (bottom_before > row + 0.02) return false;
        int first = to_tile(x - half_width + 0.001), last = to_tile(x + half_width - 0.001);
        for (int column = first; column <= last; ++column) {
            if (tile_properties(tile(column, row)).one_way &&
                !tile_properties(tile(column, row - 1)).one_way && ny + half_height > row) {
                return true;
            }
        }
        return false;
    });
    return result;
}

bool World::spawn(Entity entity) {
    settle();
    if (entities.size() + pending_spawn_.size() >= max_live_entities) {
        if (!spawn_refused_) {
            spawn_refused_ = true;
            emit(WorldEvent::Kind::full);
        }
        return false;
    }
    pending_spawn_.push_back(std::move(entity));
    if (!stepping_) flush_changes();
    return true;
}

void World::erase(EntityRef ref) {
    settle();
    if (std::find(pending_erase_.begin(), pending_erase_.end(), ref) == pending_erase_.end()) {
        pending_erase_.push_back(ref);
    }
    if (!stepping_) flush_changes();
}

void World::flush_changes() {
    for (EntityRef ref : pending_erase_) {
        if (Entity* entity = entities.get(to_key(ref))) {
            if (body_at(ref.index) && is_still_entity(*entity)) std::erase(still_bodies_, ref);
            destroy_body(ref.index);
            index_.erased(ref.index);
            entities.erase(to_key(ref));
            changes_.mark_layout(ref.index);
        }
    }
    pending_erase_.clear();
    // (Swapped with a vector kept for it, so that neither gives its storage back: in a big world, a
    // turrets' volley would otherwise grow a vector in fresh memory every time.)
    std::vector<Entity>& spawns = spawning_;
    spawns.clear();
    spawns.swap(pending_spawn_);
    for (Entity& entity : spawns) {
        EntityRef ref = to_ref(entities.insert(std::move(entity)));
        changes_.mark_layout(ref.index);
        fit_beside();
        previous_from_here(ref.index);
        create_body(ref);
        index_.inserted(entities, ref, body_at(ref.index));
    }
    spawns.clear();
    // A still entity spawned with a velocity (odd) needs every still body in Box2D from now on.
    if (all_still_bodies()) hold_all_still_bodies();
}

void World::step(const ActionState& actions) {
    settle();
    restored_since_ = false;
    actions_ = &actions;
    stepping_ = true;
    if (!game.completed && game.timer_ticks < INT64_MAX) ++game.timer_ticks;
    if (index_.stale(entities)) index_all();  // the SlotMap was changed behind the World's back
    if (previous_.size() != entities.slot_count()) fit_beside();

    // Only busy and woken entities are stepped, in slot index order (not storage order: that depends on
    // history, and a load or F5 does not restore it): an idle one (a coin, a door) would not change here.
    // Slots hold still until flush_changes(), so they name the same entities all through the step.
    index_.plan_thinks(entities);
    for (std::uint32_t slot : index_.think_order()) {
        const EntityRef ref = to_ref(entities.key_at_slot(slot));
        Entity& entity = entities.value_at_slot(slot);
        const BodyState& state = body_state(entity);
        previous_[slot] = {state.x, state.y};
        std::visit(
            [&]<class T>(T& e) {
                if constexpr (Thinks<T>) {
                    changes_.mark(ref.index);  // whatever thinks may change itself
                    e.think(*this, ref);
                }
                if constexpr (std::is_same_v<T, Walker>) index_.note_walker(slot, e.state.x, e.state.y);
            },
            entity);
    }

    // The terrain near the player where it now stands (thinks may have moved it) and where the step may
    // take it.
    if (!whole_physics_mode_) terrain_window_.follow(*terrain_, player_box());
    follow_still_bodies();
    physics_->Step(static_cast<float>(tick_seconds), 8, 3);

    // The state each stepped body reports; a still entity without its body here far from the player
    // reports what that body would (it is in no island, so the step leaves it as it was made).
    for (std::uint32_t slot : index_.think_order()) {
        const Entity& entity = entities.value_at_slot(slot);
        BodyState& state = body_state(entities.value_at_slot(slot));
        BodyState moved = state;
        if (const b2Body* body = body_at(slot)) {
            const b2Vec2& p = body->GetPosition();
            const b2Vec2& v = body->GetLinearVelocity();
            moved.x = p.x;
            moved.y = p.y;
            moved.vx = v.x;
            moved.vy = v.y;
            moved.angle = body->GetAngle();
            moved.spin = body->GetAngularVelocity();
            moved.awake = body->IsAwake();
        } else if (is_still_entity(entity)) {
            moved = still_body_report(state);
        } else {
            continue;
        }
        if (!moved.same_fields(state)) {
            state = moved;
            changes_.mark(slot);
        }
    }

    // The stepped entities, and the idle ones the player touches now (or that must see the touch end).
    index_.plan_reacts(entities, player());
    for (std::uint32_t slot : index_.react_order()) {
        const EntityRef ref = to_ref(entities.key_at_slot(slot));
        std::visit(
            [&]<class T>(T& e) {
                if constexpr (Reacts<T>) {
                    if constexpr (!MarksOwnChanges<T>) changes_.mark(ref.index);
                    e.react(*this, ref);
                }
                if constexpr (ReactsUntouched<T>) index_.set_reacts_untouched(ref, e.reacts_untouched());
            },
            entities.value_at_slot(slot));
    }
    index_.end_tick();

    stepping_ = false;
    flush_changes();
    actions_ = nullptr;
}

void World::start_physics(const std::optional<TerrainWindow::Box>& player) {
    drop_physics();
    physics_ = std::make_unique<b2World>(b2Vec2(0.0f, 0.0f));
    one_way_filter_ = std::make_unique<OneWayFilter>(*this);
    physics_->SetContactListener(one_way_filter_.get());
    // Terrain: the chunks around the player's saved position (TerrainWindow), before any body.
    const TerrainWindow::Frictions frictions{static_cast<float>(tuning_.ground_decel / tuning_.gravity),
                                             static_cast<float>(tuning_.ice_decel / tuning_.gravity)};
    const TerrainShapes::ChunkSpan everything{0, 0, terrain_->chunk_columns - 1, terrain_->chunk_rows - 1};
    terrain_window_.build(*physics_, *terrain_, frictions,
                          whole_physics_mode_ ? everything : TerrainWindow::wanted(*terrain_, player));
}

void World::set_reference_mode(bool on) {
    index_.set_reference_mode(on);
}

void World::add_still_body(EntityRef ref, Entity& entity) {
    std::visit(
        [&]<class T>(T& e) {
            if constexpr (StillBody<T>) {
                e.create_body(*this, ref);
                still_bodies_.push_back(ref);
            }
        },
        entity);
}

void World::hold_all_still_bodies() {
    if (holds_all_still_) return;
    for (std::uint32_t slot = 0; slot < entities.slot_count(); ++slot) {
        if (!entities.slot_alive(slot)) continue;
        Entity& entity = entities.value_at_slot(slot);
        if (!body_at(slot)) add_still_body(to_ref(entities.key_at_slot(slot)), entity);
    }
    holds_all_still_ = true;
}

void World::follow_still_bodies() {
    if (all_still_bodies()) {
        hold_all_still_bodies();
        return;
    }
    holds_all_still_ = false;
    const std::optional<TerrainWindow::Box> player = player_box();
    // Bodies farther than keep_margin go (no contact can exist there): a still entity never moves.
    std::erase_if(still_bodies_, [&](EntityRef ref) {
        Entity* entity = entities.get(to_key(ref));
        if (!entity) return true;
        const std::optional<StillFixture> fixture = still_fixture_of(*entity);
        const bool keep =
            fixture && WorldIndex::still_near(fixture->fat_box(), player, TerrainWindow::keep_margin);
        if (!keep) destroy_body(ref.index);
        return !keep;
    });
    if (!player) return;
    // Bodies for those within margin that have none, found in the grid of still entities' boxes.
    std::vector<EntityRef>& still_found = index_.still_found();
    still_found.clear();
    const double reach_x = player->half_width + TerrainWindow::margin;
    const double reach_y = player->half_height + TerrainWindow::margin;
    index_.still_grid().query(player->x - reach_x, player->y - reach_y, player->x + reach_x,
                              player->y + reach_y, [&](const GridIndex::Item& item) {
                                  if (entities.contains(to_key(item.ref)) && !body_at(item.ref.index))
                                      still_found.push_back(item.ref);
                              });
    if (still_found.empty()) return;
    std::sort(still_found.begin(), still_found.end(),
              [](EntityRef a, EntityRef b) { return a.index < b.index; });
    for (EntityRef ref : still_found) add_still_body(ref, *entities.get(to_key(ref)));
}

std::optional<TerrainWindow::Box> World::player_box() const {
    const Player* player = find<Player>(game.player);
    if (!player) return std::nullopt;
    // The body's position is the state's, as a float (make_box_body); the state stands in before the body.
    const b2Body* body = this->body(game.player);
    const double x = body ? body->GetPosition().x : static_cast<float>(player->state.x);
    const double y = body ? body->GetPosition().y : static_cast<float>(player->state.y);
    return TerrainWindow::Box{x, y, Player::half_width, Player::half_height};
}

void World::create_body(EntityRef ref) {
    Entity& entity = *entities.get(to_key(ref));
    std::visit(
        [&]<class T>(T& e) {
            if constexpr (StillBody<T>) {
                if (all_still_bodies() ||
                    WorldIndex::still_near(still_fixture(e.state, e.still_box()).fat_box(), player_box(),
                                           TerrainWindow::margin)) {
                    add_still_body(ref, entity);
                } else {
                    holds_all_still_ = false;
                }
            } else if constexpr (HasBody<T>) {
                e.create_body(*this, ref);
            }
        },
        entity);
}

b2Body* World::make_box_body(EntityRef ref, const BodyState& state, BodyKind kind, double half_width,
                             double half_height, std::uint16_t category, std::uint16_t mask,
                             double offset_y) {
    b2BodyDef def;
    def.type = kind == BodyKind::dynamic     ? b2_dynamicBody
               : kind == BodyKind::kinematic ? b2_kinematicBody
                                             : b2_staticBody;
    def.position.Set(static_cast<float>(state.x), static_cast<float>(state.y));
    def.angle = static_cast<float>(state.angle);
    def.linearVelocity.Set(static_cast<float>(state.vx), static_cast<float>(state.vy));
    def.angularVelocity = static_cast<float>(state.spin);
    def.awake = state.awake;
    def.fixedRotation = true;
    def.gravityScale = 0.0f;
    def.userData.pointer = body_tag(ref);
    b2Body* body = physics_->CreateBody(&def);
    if (ref.index >= bodies_.size()) fit_beside();
    bodies_[ref.index] = body;
    b2PolygonShape box;
    box.SetAsBox(static_cast<float>(half_width), static_cast<float>(half_height),
                 b2Vec2(0.0f, static_cast<float>(offset_y)), 0.0f);
    b2FixtureDef fixture;
    fixture.shape = &box;
    fixture.density = 1.0f;
    fixture.friction = 0.0f;
    fixture.filter.categoryBits = category;
    fixture.filter.maskBits = mask;
    body->CreateFixture(&fixture);
    return body;
}

b2Body* World::make_still_body(EntityRef ref, const BodyState& state, const StillBox& box) {
    b2Body* body = make_box_body(ref, state, BodyKind::fixed, box.half_width, box.half_height,
                                 collision::solid_entity, collision::player | collision::enemy, box.offset_y);
    body->SetEnabled(box.solid);
    return body;
}

void World::destroy_body(std::uint32_t slot) {
    if (slot >= bodies_.size() || !bodies_[slot]) return;
    if (physics_) physics_->DestroyBody(bodies_[slot]);
    bodies_[slot] = nullptr;
}

void World::drop_physics() {
    // Only the entries of bodies in Box2D are set (make_box_body, destroy_body): a walk over its bodies,
    // not over every slot (a quickload of 100 000 entities has a handful). A terrain body's tag names no
    // slot that holds a body, so its entry, if any, is null already.
    for (b2Body* body = physics_ ? physics_->GetBodyList() : nullptr; body; body = body->GetNext()) {
        const std::uint32_t slot = ref_from_tag(body->GetUserData().pointer).index;
        if (slot < bodies_.size() && bodies_[slot] == body) bodies_[slot] = nullptr;
    }
    physics_.reset();
}

World::Previous World::previous(EntityRef ref) const {
    const Entity* entity = entities.get(to_key(ref));
    if (!entity) return {};
    if (ref.index < previous_.size()) return previous_[ref.index];
    const BodyState& state = body_state(*entity);  // (inserted behind the World's back, not stepped yet)
    return {state.x, state.y};
}

void World::fit_beside() {
    const std::size_t had = previous_.size(), slots = entities.slot_count();
    room_beside(slots);
    previous_.resize(slots);
    bodies_.resize(slots, nullptr);
    for (std::size_t slot = had; slot < slots; ++slot) previous_from_here(static_cast<std::uint32_t>(slot));
}

void World::room_beside(std::size_t slots) {
    // As the SlotMap's own storage grows (reserve_with_room, grow_for_one): an eighth more than a level
    // starts with, then by half, the new pages made present at once rather than faulted in a tick.
    const auto grow = [&]<class V>(std::vector<V>& v) {
        if (v.capacity() < slots)
            reserve_present(v,
                            std::max({slots + slots / 8, v.capacity() + v.capacity() / 2, std::size_t{64}}));
    };
    grow(previous_);
    grow(bodies_);
    changes_.room(previous_.capacity());
}

void World::previous_from_here(std::uint32_t slot) {
    if (slot >= previous_.size() || !entities.slot_alive(slot)) return;
    const BodyState& state = body_state(entities.value_at_slot(slot));
    previous_[slot] = {state.x, state.y};
}

void World::previous_from_here(const std::vector<std::uint32_t>& relaid,
                               const std::vector<std::uint32_t>& rewritten) {
    fit_beside();
    for (const std::uint32_t slot : relaid) previous_from_here(slot);
    for (const std::uint32_t slot : rewritten) previous_from_here(slot);
}

void World::all_previous_from_here() {
    fit_beside();
    for (std::uint32_t slot = 0; slot < previous_.size(); ++slot) previous_from_here(slot);
}

}  // namespace qs
