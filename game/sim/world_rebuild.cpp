// The canonical rebuild: capture, restore and rebuild_canonical (F5 captures and rebuilds in one go), all
// building the Box2D world in canonical order: the terrain window around the player's saved position, then
// the moving entities' bodies in index order, then the still bodies near the player in index order.
#include <algorithm>
#include <atomic>
#include <bit>
#include <cstring>
#include <exception>
#include <future>
#include <memory>
#include <stdexcept>
#include <thread>

#include <box2d/box2d.h>

#include "engine/page_populate.hpp"
#include "engine/worker.hpp"
#include "game/sim/still_fixture.hpp"
#include "game/sim/world.hpp"

namespace qs {

/// For every entity: drawn from where it stands (previous()), with a snapshot capture_into(), and the index's
/// scan_one() with the chunk as its part. begin_copy() sets the snapshot and the scan up, then copy_chunks()
/// on one or two threads at once does the slots a chunk at a time; the index's end_scan(chunks) joins the
/// scan once all are done.
struct World::CopyJob {
    static constexpr std::size_t chunk = 256;  ///< slots (a multiple of 64: each chunk's own busy words)
    std::optional<TerrainWindow::Box> player;  ///< the still bodies near it get theirs
    std::size_t chunks = 0;
    std::vector<std::size_t> first;    ///< per chunk: where its first live entity goes in the snapshot
    std::atomic<std::size_t> next{0};  ///< the next chunk to claim
    std::atomic<std::size_t> done{0};  ///< chunks finished
    std::atomic<bool> stop{false};     ///< claim no more
    std::exception_ptr failure;        ///< a failed chunk's (written before it counts as done)
};

WorldSnapshot World::capture() const {
    WorldSnapshot snapshot;
    capture_into(snapshot);
    return snapshot;
}

void World::prepare_snapshot(WorldSnapshot& snapshot) const {
    entities.export_layout_into(snapshot.layout);
    snapshot.game = game;
    const std::size_t n = entities.size();
    if (snapshot.entities.capacity() < n) {
        // Fresh memory (the snapshot outlives this world's next ones): fault its pages in all at once.
        snapshot.entities = {};
        snapshot.entities.reserve(n);
        populate_pages(snapshot.entities.data(), n * sizeof(Entity));
    }
}

void World::capture_into(WorldSnapshot& snapshot) const {
    prepare_snapshot(snapshot);
    snapshot.entities.clear();
    // Dense order is arbitrary; a snapshot lists entities by index.
    entities.for_each_by_index(
        [&](EntityMap::Key, const Entity& entity) { snapshot.entities.push_back(entity); });
}

namespace {

/// Throws std::invalid_argument unless `snapshot` holds one entity per live slot of a valid slot layout.
void check_restorable_snapshot(const WorldSnapshot& snapshot) {
    std::size_t alive = 0;
    for (const auto& slot : snapshot.layout.slots) alive += slot.alive ? 1 : 0;
    if (alive != snapshot.entities.size()) {
        throw std::invalid_argument("snapshot has " + std::to_string(snapshot.entities.size()) +
                                    " entities for " + std::to_string(alive) + " live slots");
    }
    if (auto problem = EntityMap::validate_layout(snapshot.layout)) throw std::invalid_argument(*problem);
}

/// The layout of the `relaid` slots patched to `snapshot`'s (EntityMap::patch_layout) and the snapshot's
/// entities written over the `rewritten` ones (the caller draws them from where they stand); `entity_at(i)`
/// is where slot i's entity lies in the snapshot.
template <class At>
void patch_restored_slots(EntityMap& entities, const WorldSnapshot& snapshot,
                          const std::vector<std::uint32_t>& relaid,
                          const std::vector<std::uint32_t>& rewritten, At&& entity_at) {
    const auto fresh = [&](EntityMap::Key key) { return snapshot.entities[entity_at(key.index)]; };
    entities.patch_layout(snapshot.layout, relaid, fresh);
    for (const std::uint32_t i : rewritten)
        entities.value_at_slot(i) = fresh({i, snapshot.layout.slots[i].generation});
}

}  // namespace

void World::restore(const WorldSnapshot& snapshot) {
    check_restorable_snapshot(snapshot);
    restored_since_ = false;
    drop_physics();
    put_back_ = false;
    pending_erase_.clear();
    pending_spawn_.clear();
    std::size_t next = 0;
    entities.import_layout(snapshot.layout, [&](EntityMap::Key) { return snapshot.entities[next++]; });
    all_previous_from_here();
    game = snapshot.game;
    build_imported();
    restored_from(snapshot);
}

void World::build_imported() {
    still_bodies_.clear();
    changes_.mark_all();
    const std::optional<TerrainWindow::Box> player = player_box();
    start_physics(player);
    index_.scan(entities, player, true);
    make_bodies();
    index_.finish(entities, bodies_, level_->tiles.width, level_->tiles.height, true);
}

void World::build_spawned() {
    // restore(capture()) on a map just filled by inserts: its dense order is already index order and it has
    // no free slot, so the import would rebuild the same map in other storage. Only what the import gives
    // each value is done here: no body, drawn from where it stands. The spawned entities hold no body yet.
    restored_since_ = false;
    drop_physics();
    put_back_ = false;
    pending_erase_.clear();
    pending_spawn_.clear();
    all_previous_from_here();
    build_imported();
}

/// What keep_for_quickload() builds from a quicksave, on the helper's thread: where each slot's entity is
/// in the snapshot, and the indexes a restore from it builds.
struct World::QuickloadBase {
    std::vector<std::uint64_t> alive;  ///< bit i % 64 of word i / 64: slot i alive in the snapshot
    std::vector<std::uint32_t> rank;   ///< per word: the live slots before it (where its first entity is)
    WorldIndex index;                  ///< WorldIndex::build_from(snapshot)
    /// Room for restore_since_base()'s lists when they had too little (else empty), taken by swapping.
    std::vector<std::uint32_t> room[3];

    /// Where slot `i`'s entity is in the snapshot (slot i alive there).
    std::size_t entity_of(std::uint32_t i) const {
        const std::uint64_t below = (std::uint64_t{1} << (i % 64)) - 1;
        return rank[i / 64] + static_cast<std::size_t>(std::popcount(alive[i / 64] & below));
    }
};

void World::keep_for_quickload(std::shared_ptr<const WorldSnapshot> snapshot, Worker* helper) {
    base_job_ = {};
    base_.reset();
    base_snapshot_.reset();
    // (The caller vouches that the world holds it; these are the cheap checks.)
    if (!snapshot || snapshot->layout.slots.size() != entities.slot_count() ||
        snapshot->entities.size() != entities.size())
        return;
    changes_.restart_since();
    base_snapshot_ = snapshot;
    // What a quickload of it lists (restore_since_base) needs room for every slot; when the lists lack it,
    // the helper makes it, its pages present there rather than faulted in during the F9 that first lists
    // more slots than any before it.
    std::size_t room = 0;
    for (const std::vector<std::uint32_t>* list :
         {&restore_changed_since_, &restore_relaid_, &restore_rewritten_})
        if (list->capacity() < entities.slot_count())
            room = entities.slot_count() + entities.slot_count() / 8;
    const int width = level_->tiles.width, height = level_->tiles.height;
    auto build = [snapshot = std::move(snapshot), width, height, room]() -> std::shared_ptr<QuickloadBase> {
        auto base = std::make_shared<QuickloadBase>();
        for (std::vector<std::uint32_t>& list : base->room) reserve_present(list, room);
        const auto& slots = snapshot->layout.slots;
        const std::size_t words = (slots.size() + 63) / 64;
        base->alive.assign(words, 0);
        base->rank.assign(words, 0);
        std::uint32_t live = 0;
        for (std::size_t w = 0; w < words; ++w) {
            base->rank[w] = live;
            std::uint64_t bits = 0;
            for (std::size_t b = 0; b < 64 && w * 64 + b < slots.size(); ++b)
                bits |= std::uint64_t{slots[w * 64 + b].alive} << b;
            base->alive[w] = bits;
            live += static_cast<std::uint32_t>(std::popcount(bits));
        }
        // The player's box as player_box() gives it after a restore: from its state, before its body.
        std::optional<TerrainWindow::Box> player;
        const EntityRef who = snapshot->game.player;
        if (who.index < slots.size() && slots[who.index].alive &&
            slots[who.index].generation == who.generation) {
            const std::size_t at = base->entity_of(who.index);
            if (const auto* p =
                    at < snapshot->entities.size() ? std::get_if<Player>(&snapshot->entities[at]) : nullptr) {
                player = TerrainWindow::Box{static_cast<float>(p->state.x), static_cast<float>(p->state.y),
                                            Player::half_width, Player::half_height};
            }
        }
        base->index.build_from(*snapshot, player, width, height);
        return base;
    };
    if (helper) {
        base_job_ = helper->run(std::move(build));
    } else {
        base_ = build();
    }
}

void World::restored_from(const WorldSnapshot& snapshot) {
    if (&snapshot == base_snapshot_.get()) changes_.restart_since();
}

std::size_t World::restore_since_base(const WorldSnapshot& snapshot, QuickloadBase& base) {
    const auto& want = snapshot.layout.slots;
    std::vector<std::uint32_t>* lists[] = {&restore_changed_since_, &restore_relaid_, &restore_rewritten_};
    for (std::size_t k = 0; k < 3; ++k) {
        if (base.room[k].capacity() > lists[k]->capacity()) lists[k]->swap(base.room[k]);
    }
    drop_physics();
    put_back_ = false;
    pending_erase_.clear();
    pending_spawn_.clear();
    // Every slot not marked since the snapshot was taken holds what it holds (the same slot state, the same
    // entity, drawn from where it stands: previous() moves only with a mark). The marked ones are patched
    // in the layout when their state or generation differs, else their entity is written over.
    changes_.since_slots(restore_changed_since_);
    const auto before = static_cast<std::uint32_t>(entities.slot_count());
    restore_relaid_.clear();
    restore_rewritten_.clear();
    for (const std::uint32_t i : restore_changed_since_) {
        if (i >= want.size()) continue;  // (patch_layout drops the slots past the snapshot's)
        const EntityMap::SlotState from = i < before ? entities.slot_state(i) : EntityMap::SlotState{};
        if (!(from == want[i])) {
            restore_relaid_.push_back(i);
        } else if (want[i].alive) {
            restore_rewritten_.push_back(i);
        }
    }
    patch_restored_slots(entities, snapshot, restore_relaid_, restore_rewritten_,
                         [&](std::uint32_t i) { return base.entity_of(i); });
    previous_from_here(restore_relaid_, restore_rewritten_);
    still_bodies_.clear();
    game = snapshot.game;
    changes_.mark_all();
    changes_.restart_since();
    const std::optional<TerrainWindow::Box> player = player_box();
    start_physics(player);
    index_.assign_built(base.index);
    make_bodies();
    index_.find_moving_solids(entities, bodies_);
    restored_since_ = true;
    return restore_relaid_.size() + restore_rewritten_.size();
}

std::size_t World::restore_changed(const WorldSnapshot& snapshot) {
    restored_since_ = false;
    if (&snapshot == base_snapshot_.get()) {
        if (base_job_.valid()) {
            try {
                base_ = base_job_.get();  // (built by now, as a rule)
            } catch (const std::exception&) {
                base_snapshot_.reset();  // (out of memory on the way) the whole comparison below
            }
        }
        if (base_ && !changes_.all_since()) return restore_since_base(snapshot, *base_);
    }
    check_restorable_snapshot(snapshot);
    const auto& want = snapshot.layout.slots;
    drop_physics();
    put_back_ = false;
    pending_erase_.clear();
    pending_spawn_.clear();
    // Each slot against the snapshot: a slot whose state or generation differs is patched in the layout (a
    // value that comes alive is the snapshot's); one alive in both with the same generation keeps its value
    // when its bytes equal the snapshot's, else the snapshot's is written over it. Every kept value then
    // gets what restore() gives a copied one: no body (they died above), drawn from where it stands.
    const auto before = static_cast<std::uint32_t>(entities.slot_count());
    restore_rank_.resize(want.size());
    restore_relaid_.clear();
    restore_rewritten_.clear();
    std::uint32_t rank = 0;
    for (std::uint32_t i = 0; i < want.size(); ++i) {
        const EntityMap::SlotState& to = want[i];
        const EntityMap::SlotState from = i < before ? entities.slot_state(i) : EntityMap::SlotState{};
        if (to.alive) restore_rank_[i] = rank++;
        if (!(from == to)) {
            restore_relaid_.push_back(i);
            continue;
        }
        if (!to.alive) continue;
        Entity& live = entities.value_at_slot(i);
        const Entity& saved = snapshot.entities[rank - 1];
        // The bytes of the entity itself (a variant's storage past a smaller alternative holds whatever
        // was there before): equal bytes are an equal value.
        const bool same =
            live.index() == saved.index() &&
            std::visit(
                [&]<class T>(const T& e) {
                    return std::memcmp(static_cast<const void*>(&e),
                                       static_cast<const void*>(std::get_if<T>(&saved)), sizeof(T)) == 0;
                },
                live);
        if (!same) {
            restore_rewritten_.push_back(i);
            continue;
        }
        if (i < previous_.size()) previous_from_here(i);
    }
    patch_restored_slots(entities, snapshot, restore_relaid_, restore_rewritten_,
                         [&](std::uint32_t i) { return restore_rank_[i]; });
    previous_from_here(restore_relaid_, restore_rewritten_);
    still_bodies_.clear();
    game = snapshot.game;
    changes_.mark_all();
    const std::optional<TerrainWindow::Box> player = player_box();
    start_physics(player);
    index_.scan_by_index(entities, player);
    make_bodies();
    index_.finish(entities, bodies_, level_->tiles.width, level_->tiles.height, true);
    restored_from(snapshot);
    return restore_relaid_.size() + restore_rewritten_.size();
}

void World::rebuild_canonical(WorldSnapshot* snapshot, Worker* helper) {
    // What restore(capture()) does, step by step, on the live entities (they already hold the values a
    // snapshot would copy): the bodies die with the Box2D world, each is drawn from where it stands, the same
    // scan and bodies as restore(). The storage order stays: nothing the world does depends on it (ticks
    // go in slot order, bodies are made in slot order), so it need not be import_layout's. The position
    // indexes (touchables, reacts_untouched_, camera_areas_) stay: they name entities by reference and hold
    // boxes of entities that never move, so they answer as freshly built ones would. After put_back() they
    // may name entities that are gone or miss ones that are back: then it is restore(capture()) itself.
    if (put_back_) {
        if (snapshot) {
            capture_into(*snapshot);
            restore(*snapshot);
        } else {
            restore(capture());
        }
        return;
    }
    // Every body dies with the Box2D world, the player's too, as on a restore (player_box() then places the
    // terrain window from its state).
    drop_physics();
    pending_erase_.clear();
    pending_spawn_.clear();
    still_bodies_.clear();
    // No change mark: no saved field, slot or free list entry changes here (prev positions and bodies are
    // not recorded), so the next recorded tick compares only what that tick changes.
    const std::optional<TerrainWindow::Box> player = player_box();
    const auto copy = std::make_shared<CopyJob>();
    copy->player = player;
    begin_copy(snapshot, *copy);
    if (!helper) {
        start_physics(player);
        copy_chunks(snapshot, *copy);
        index_.end_scan(entities, copy->chunks);
        make_bodies();
        index_.finish(entities, bodies_, level_->tiles.width, level_->tiles.height, false);
        return;
    }
    // The helper takes chunks of slots (each entity drawn from where it stands, its copy in the snapshot and
    // its scan) while this thread builds the terrain, then this thread takes the chunks left. Bodies are made
    // once every chunk is done. A helper busy elsewhere finds no chunk left when it gets to the job.
    struct Stop {  // if this thread throws, the helper's job ends before the World can go
        CopyJob& job;
        std::future<void> helping;
        ~Stop() {
            if (!helping.valid()) return;
            job.stop.store(true);
            helping.wait();
        }
    } stop{*copy, {}};
    stop.helping = helper->run([this, snapshot, copy] {
        try {
            copy_chunks(snapshot, *copy);
        } catch (...) {
            copy->failure = std::current_exception();  // (before the failed chunk counts as done)
            copy->done.fetch_add(1, std::memory_order_release);
        }
    });
    start_physics(player);
    copy_chunks(snapshot, *copy);
    // The helper's chunk in progress, if any (a few microseconds of work): spun for first, as giving the
    // core away costs the game's thread more than that (and the kernel's rescheduling then counts a page
    // fault on it); yielded for when the helper was descheduled mid-chunk.
    for (int spins = 0; copy->done.load(std::memory_order_acquire) < copy->chunks; ++spins) {
        if (spins < 4096) {
#if defined(__x86_64__) || defined(__i386__)
            __builtin_ia32_pause();
#endif
        } else {
            std::this_thread::yield();
        }
    }
    stop.helping = {};
    if (copy->failure) std::rethrow_exception(copy->failure);
    index_.end_scan(entities, copy->chunks);
    make_bodies();
    index_.finish(entities, bodies_, level_->tiles.width, level_->tiles.height, false);
}

void World::put_back(const EntityMap::Layout& layout, bool layout_changed,
                     const std::vector<std::uint32_t>& changed, const std::vector<Entity>& recorded,
                     const GameState* game_before) {
    if (!put_back_) {
        // Every entity drawn from where it stands, as after restore(); the touched ones again below.
        all_previous_from_here();
        put_back_ = true;
    }
    if (layout_changed) {
        entities.patch_layout(layout, changed, [&](EntityMap::Key key) { return recorded[key.index]; });
    }
    const auto slots = static_cast<std::uint32_t>(entities.slot_count());
    for (const std::uint32_t index : changed) {
        if (index >= slots || !entities.slot_alive(index)) continue;
        entities.value_at_slot(index) = recorded[index];
        if (index < bodies_.size()) bodies_[index] = nullptr;  // (its old body stays in Box2D until settle())
    }
    fit_beside();
    for (const std::uint32_t index : changed) previous_from_here(index);
    // What the world was at a quicksave may have changed here too (a rewind to before it).
    for (const std::uint32_t index : changed) changes_.mark(index);
    if (game_before) game = *game_before;
}

void World::begin_copy(WorldSnapshot* snapshot, CopyJob& job) {
    // Chunks of slots; each knows where its first live entity goes in the snapshot (its rank by index).
    const std::size_t slots = entities.slot_count();
    job.chunks = (slots + CopyJob::chunk - 1) / CopyJob::chunk;
    job.first.resize(job.chunks + 1);
    std::size_t live = 0;
    for (std::size_t c = 0; c < job.chunks; ++c) {
        job.first[c] = live;
        const std::size_t end = std::min(slots, (c + 1) * CopyJob::chunk);
        for (std::size_t slot = c * CopyJob::chunk; slot < end; ++slot)
            live += entities.slot_alive(static_cast<std::uint32_t>(slot)) ? 1 : 0;
    }
    job.first[job.chunks] = live;
    fit_beside();  // (before a helper writes its chunks' part)
    index_.begin_scan(entities, job.chunks);
    if (!snapshot) return;
    prepare_snapshot(*snapshot);
    // Sized now, filled by chunks (a pooled save is already about this size: little to construct or destroy).
    snapshot->entities.resize(entities.size());
}

void World::copy_chunks(WorldSnapshot* snapshot, CopyJob& job) {
    // Each live entity is drawn from where it stands, copied where a snapshot lists it (by index) without
    // its body, and scanned (into the chunk's own part; its busy bits are words of its own).
    for (std::size_t c; !job.stop.load(std::memory_order_relaxed) &&
                        (c = job.next.fetch_add(1, std::memory_order_relaxed)) < job.chunks;) {
        const auto end =
            static_cast<std::uint32_t>(std::min(entities.slot_count(), (c + 1) * CopyJob::chunk));
        std::size_t rank = job.first[c];
        for (auto slot = static_cast<std::uint32_t>(c * CopyJob::chunk); slot < end; ++slot) {
            if (!entities.slot_alive(slot)) continue;
            Entity& entity = entities.value_at_slot(slot);
            const BodyState& state = body_state(entity);
            previous_[slot] = {state.x, state.y};
            if (snapshot) snapshot->entities[rank] = entity;
            index_.scan_one(to_ref(entities.key_at_slot(slot)), entity, job.player, c);
            ++rank;
        }
        job.done.fetch_add(1, std::memory_order_release);
    }
}

void World::make_bodies() {
    // The moving bodies (player, platforms) in index order, then the still bodies near the player in index
    // order, or all of them.
    const auto by_index = [](EntityRef a, EntityRef b) { return a.index < b.index; };
    std::vector<EntityRef>& bodied = index_.bodied();
    std::vector<EntityRef>& still_found = index_.still_found();
    std::sort(bodied.begin(), bodied.end(), by_index);
    std::sort(still_found.begin(), still_found.end(), by_index);
    for (EntityRef ref : bodied) {
        std::visit(
            [&]<class T>(T& e) {
                if constexpr (HasBody<T> && !StillBody<T>) e.create_body(*this, ref);
            },
            *entities.get(to_key(ref)));
    }
    still_bodies_.clear();
    holds_all_still_ = false;
    if (all_still_bodies()) {
        hold_all_still_bodies();
    } else {
        for (EntityRef ref : still_found) add_still_body(ref, *entities.get(to_key(ref)));
    }
}

}  // namespace qs
