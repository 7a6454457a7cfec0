// The rewind buffer: reverse deltas recorded per tick from the world's change marks (only the fields that
// changed; each tick compressed), applied backwards, and the exact live world on release by stepping the
// recorded inputs from the last canonical keyframe kept, rebuilding where the live world was rebuilt.
#include "game/save/rewind_buffer.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstring>
#include <stdexcept>

#include "engine/page_populate.hpp"
#include "game/save/field_bytes.hpp"
#include "game/save/save_pool.hpp"

namespace qs {

namespace {

// Undo::bytes: [flags u8] [game state before: varint size, bytes] [layout changes] [varint size of the
// entity changes] [entity changes...] [their values...]. The changes and their values are kept apart (the
// changes repeat from tick to tick, the values less so) so that a compressor finds the repeats.
constexpr std::uint8_t has_game = 1;
constexpr std::uint8_t has_layout = 2;
// An entity change: varint slot index minus the previous change's (the first: minus 0), then one of
// these; its values follow the previous change's in the values.
constexpr std::uint8_t slot_was_free = 0;  // no value: the slot held no entity before
constexpr std::uint8_t whole_entity = 1;   // value: the entity before, every field (write_entity_bytes)
// Then a varint mask of the changed fields; values: each changed field's value before, a plain field's as
// its value before XOR its value after (the recorded state holds the value after when a tick is undone), so
// that the bytes a small change leaves alone are zeros.
constexpr std::uint8_t some_fields = 2;
// The free list before: unchanged, as a FIFO step (entries taken from its front, how many were appended),
// or whole.
constexpr std::uint8_t free_same = 0;
constexpr std::uint8_t free_fifo = 1;
constexpr std::uint8_t free_whole = 2;

/// Fields a mask can name; a type with more is recorded whole.
constexpr std::size_t max_masked_fields = 64;

void put_varint(std::vector<std::uint8_t>& out, std::uint64_t value) {
    while (value >= 0x80) {
        out.push_back(static_cast<std::uint8_t>(value | 0x80));
        value >>= 7;
    }
    out.push_back(static_cast<std::uint8_t>(value));
}

std::uint64_t get_varint(const std::uint8_t*& at) {
    std::uint64_t value = 0;
    for (int shift = 0;; shift += 7) {
        std::uint8_t byte = *at++;
        value |= static_cast<std::uint64_t>(byte & 0x7F) << shift;
        if (!(byte & 0x80)) return value;
    }
}

void put_u32(std::vector<std::uint8_t>& out, std::uint32_t value) {
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(&value);
    out.insert(out.end(), bytes, bytes + sizeof value);
}

std::uint32_t get_u32(const std::uint8_t*& at) {
    std::uint32_t value = 0;
    std::memcpy(&value, at, sizeof value);
    at += sizeof value;
    return value;
}

void write_game_bytes(const GameState& game, std::vector<std::uint8_t>& out) {
    out.clear();
    GameState copy = game;
    FieldByteWriter writer{out};
    copy.fields(writer);
}

GameState game_from_bytes(const std::vector<std::uint8_t>& bytes) {
    GameState game;
    const std::uint8_t* at = bytes.data();
    FieldByteReader reader{at};
    game.fields(reader);
    return game;
}

/// The memory a keyframe holds, counted as the SavePool sizes the saves it captures into (room for an eighth
/// more entities and 64 more; the free list counted as long as it is, not as the room the pool gives it),
/// so that the count is a function of the recorded states alone (dumps show it) and not of which save the
/// pool handed out.
std::size_t snapshot_bytes(const WorldSnapshot& snapshot) {
    const std::size_t room = SavePool::room_for(snapshot.entities.size());
    return sizeof(WorldSnapshot) + room * sizeof(EntityMap::SlotState) +
           snapshot.layout.free_list.size() * sizeof(std::uint32_t) + room * sizeof(Entity);
}

/// The start of the entity object a variant holds (what field table offsets count from).
char* object_of(Entity& entity) {
    return std::visit([](auto& e) { return reinterpret_cast<char*>(&e); }, entity);
}
const char* object_of(const Entity& entity) {
    return std::visit([](const auto& e) { return reinterpret_cast<const char*>(&e); }, entity);
}

}  // namespace

void RewindBuffer::set_limits(const Limits& limits) {
    limits_ = limits;
    if (limits_.max_ticks <= 0) {
        stop();
    } else {
        trim();
    }
}

void RewindBuffer::stop() {
    recording_ = false;
    ticks_.clear();
    release_chunks();
    inputs_.clear();
    keyframes_.clear();
    encoding_ = 0;
    encoded_at_ = -1;
    layout_ = {};
    entities_.clear();
    types_.clear();
    game_bytes_.clear();
    alive_ = 0;
    bytes_ = 0;
}

void RewindBuffer::start(World& world) {
    start(world, nullptr);
}

namespace {

/// The recorded copy of a world just restored from `snapshot`, by slot index (free slots hold Entity{}):
/// no body pointers, prev positions equal to positions (restore() sets them so).
void copy_restored(const WorldSnapshot& snapshot, std::vector<Entity>& entities,
                   std::vector<std::uint8_t>& types) {
    const auto& slots = snapshot.layout.slots;
    entities.resize(slots.size());
    types.assign(slots.size(), 0);
    std::size_t next = 0;
    for (std::size_t i = 0; i < slots.size(); ++i) {
        if (!slots[i].alive || next >= snapshot.entities.size()) {
            entities[i] = Entity{};
            continue;
        }
        entities[i] = snapshot.entities[next++];
        types[i] = static_cast<std::uint8_t>(entities[i].index());
    }
}

}  // namespace

void RewindBuffer::prepare_start(std::shared_ptr<const WorldSnapshot> snapshot) {
    // The helper still busy (the room for copies, or a copy start() did not wait for): no copy this time,
    // start() copies the world itself rather than waiting for the helper.
    if (prepared_.valid() && prepared_.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return;
    take_prepared(nullptr, true);  // a copy left from a restore that failed
    if (!snapshot || limits_.max_ticks <= 0 || snapshot->entities.size() < limits_.parallel_copy_entities)
        return;
    prepared_from_ = std::move(snapshot);
    prepared_ = std::async(std::launch::async, [this, from = prepared_from_] {
        copy_restored(*from, prepared_entities_, prepared_types_);
    });
}

bool RewindBuffer::take_prepared(const WorldSnapshot* snapshot, bool wait) {
    if (!prepared_.valid()) return false;
    // Not ready and not waited for: the copy goes on and is dropped by the next call that waits.
    if (!wait && prepared_.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return false;
    prepared_.get();  // rethrows what the copy threw (bad_alloc)
    const bool same = snapshot && prepared_from_.get() == snapshot;
    prepared_from_.reset();
    return same;
}

void RewindBuffer::start(World& world, std::shared_ptr<const WorldSnapshot> restored_from) {
    // A copy prepare_start() has not finished is not waited for: the world is copied here instead, into
    // the recorded copy's storage. Unless that storage is too small for the world restored: then the copy
    // prepare_start() is making of this very snapshot (begun before the restore, into room made present
    // beforehand) is waited for, as what is left of it costs less than a copy here into fresh pages.
    const bool own_copy = restored_from && prepared_.valid() && prepared_from_.get() == restored_from.get() &&
                          entities_.capacity() < restored_from->layout.slots.size();
    const bool prepared = take_prepared(restored_from.get(), own_copy);
    // The recorded copy and layout are written over below: their storage is kept, not destroyed and rebuilt
    // (on a large world, freeing and making it again is a large part of this call, and fresh storage is
    // fresh pages to fault in).
    std::vector<Entity> recorded = std::move(entities_);
    EntityMap::Layout layout = std::move(layout_);
    stop();
    entities_ = std::move(recorded);
    layout_ = std::move(layout);
    world.changes().clear();
    if (limits_.max_ticks <= 0) {
        entities_.clear();
        layout_ = {};
        return;
    }
    recording_ = true;
    base_ = inputs_base_ = 0;
    std::shared_ptr<const WorldSnapshot> snapshot =
        restored_from ? std::move(restored_from) : std::make_shared<const WorldSnapshot>(world.capture());
    world.entities.export_layout_into(layout_);
    // The recorded slot table grows with the world's as a tick's spawns take new slots: room for the spawns
    // to come (as the recorded entities have), present, so that a volley's tick does not move it into
    // fresh pages.
    reserve_present(layout_.slots, SavePool::room_for(layout_.slots.size()));
    if (prepared && prepared_entities_.size() == layout_.slots.size()) {
        // prepare_start() copied the snapshot the world was just restored from: the world as it is.
        entities_.swap(prepared_entities_);
        types_.swap(prepared_types_);
        alive_ = world.entities.size();
    } else {
        // When it must grow anyway, room for the spawns to come, its pages present (as the prepared copy's
        // are): growing past the level's slots, or a later start copying a restored world here, then
        // writes present memory instead of copying the whole recorded world into fresh pages.
        const std::size_t slots = layout_.slots.size();
        if (entities_.capacity() < slots) {
            entities_.reserve(SavePool::room_for(slots));
            populate_pages(entities_.data(), entities_.capacity() * sizeof(Entity));
        }
        if (types_.capacity() < slots) {
            types_.reserve(SavePool::room_for(slots));
            populate_pages(types_.data(), types_.capacity());
        }
        entities_.resize(layout_.slots.size());
        types_.assign(layout_.slots.size(), 0);
        std::uint32_t next = 0;  // the first slot not written yet
        // The recorded copy is the world as it is (after a restore its prev positions equal its positions,
        // unlike the saved snapshot's), without body pointers, as capture() gives it; a free slot holds
        // Entity{}.
        world.entities.for_each_by_index([&](EntityMap::Key key, const Entity& entity) {
            for (; next < key.index; ++next) entities_[next] = Entity{};
            record_slot(key.index, &entity);
            ++next;
            ++alive_;
        });
        for (; next < entities_.size(); ++next) entities_[next] = Entity{};
    }
    const Entity probe{std::in_place_type<Walker>};
    flat_variant_ = object_of(probe) == reinterpret_cast<const char*>(&probe);
    finish_start(world, std::move(snapshot));
}

void RewindBuffer::record_slot(std::uint32_t index, const Entity* entity) {
    if (!entity) {
        entities_[index] = Entity{};
        types_[index] = 0;
        return;
    }
    entities_[index] = *entity;
    types_[index] = static_cast<std::uint8_t>(entity->index());
}

void RewindBuffer::finish_start(const World& world, std::shared_ptr<const WorldSnapshot> snapshot) {
    write_game_bytes(world.game, game_bytes_);
    bytes_ = snapshot_bytes(*snapshot);
    keyframes_.push_back({0, std::move(snapshot), nullptr, {}, bytes_});
    encode_if_kept(keyframes_.back());
    if (copy_room_wanted_) prepare_copy_room(layout_.slots.size());
}

void RewindBuffer::want_copy_room(bool wanted) {
    copy_room_wanted_ = wanted;
    if (wanted && recording_) prepare_copy_room(layout_.slots.size());
}

bool RewindBuffer::in_step_with(World& world) const {
    // The recording holds the world but for the slots marked since it last looked (and the layout and game
    // state, compared whole), unless everything may have changed.
    return recording_ && !world.changes().all();
}

void RewindBuffer::start_changed(World& world, std::shared_ptr<const WorldSnapshot> restored_from,
                                 const std::vector<std::uint32_t>& changed) {
    const std::size_t slots = world.entities.slot_count();
    if (!recording_ || limits_.max_ticks <= 0 || entities_.capacity() < slots || types_.capacity() < slots) {
        start(world, std::move(restored_from));
        return;
    }
    // The recorded copy held the world as it was before the restore: the slots it changed are copied as
    // start() copies every slot (no body pointer; a free slot holds Entity{}), the others stay.
    const std::size_t before = entities_.size();
    entities_.resize(slots);
    types_.resize(slots, 0);
    const auto copy = [&](std::uint32_t i) {
        record_slot(i, world.entities.slot_alive(i) ? &world.entities.value_at_slot(i) : nullptr);
    };
    for (const std::uint32_t i : changed)
        if (i < slots) copy(i);
    for (auto i = static_cast<std::uint32_t>(before); i < slots; ++i) copy(i);
    // The rest as start() leaves it.
    ticks_.clear();
    release_chunks();
    inputs_.clear();
    keyframes_.clear();
    encoding_ = 0;
    encoded_at_ = -1;
    world.changes().clear();
    recording_ = true;
    base_ = inputs_base_ = 0;
    world.entities.export_layout_into(layout_);
    alive_ = world.entities.size();
    finish_start(world, std::move(restored_from));
}

void RewindBuffer::prepare_copy_room(std::size_t slots) {
    // The next prepare_start() copies a snapshot of about this world into prepared_entities_: its room is
    // made now, on a second thread, so that the copy a quickload waits for writes no fresh pages.
    const std::size_t room = SavePool::room_for(slots);
    if (prepared_.valid() || slots < limits_.parallel_copy_entities || prepared_entities_.capacity() >= slots)
        return;
    prepared_ = std::async(std::launch::async, [this, room] {
        prepared_entities_.clear();
        prepared_entities_.reserve(room);
        populate_pages(prepared_entities_.data(), room * sizeof(Entity));
        prepared_types_.clear();
        prepared_types_.reserve(room);
        populate_pages(prepared_types_.data(), room);
    });
}

void RewindBuffer::keyframe(std::shared_ptr<const WorldSnapshot> snapshot) {
    if (!recording_) return;
    // A keyframe later than the current position was dropped with the ticks it belonged to.
    const std::size_t counted = snapshot_bytes(*snapshot);
    keyframes_.push_back({position(), std::move(snapshot), nullptr, {}, counted});
    bytes_ += counted;
    encode_if_kept(keyframes_.back());
    take_encoded(false);
    thin_keyframes();
    trim();
}

void RewindBuffer::thin_keyframes() {
    // The newest keyframes keep their snapshots while those hold at most a quarter of the memory cap.
    const std::size_t dense_bytes = limits_.max_bytes / 4;
    std::size_t held = 0;
    std::size_t dense_from = keyframes_.size();
    while (dense_from > 0) {
        const Keyframe& k = keyframes_[dense_from - 1];
        const std::size_t bytes = k.held() ? k.counted : 0;
        if (dense_from < keyframes_.size() && held + bytes > dense_bytes) break;
        held += bytes;
        --dense_from;
    }
    for (std::size_t i = 0; i < keyframes_.size(); ++i) keyframes_[i].dense = i >= dense_from;
    // Older ones keep theirs only sparse_keyframe_ticks or more after the one kept before; the others stay
    // as the positions of their rebuilds, which a release replays.
    std::int64_t kept_at = -1;
    for (std::size_t i = 0; i < dense_from; ++i) {
        Keyframe& k = keyframes_[i];
        if (!k.held()) continue;
        if (kept_at >= 0 && k.position - kept_at < limits_.sparse_keyframe_ticks) {
            drop_state(k);
            continue;
        }
        kept_at = k.position;
        // Kept for a release from further back than the newest keyframes, which is rare: compact, encoded
        // on a thread of its own (the whole snapshot stays until the compact one is ready).
        if (k.snapshot && k.compact) {
            let_go_whole(k);
        } else if (k.snapshot && !k.encoding.valid()) {
            start_encoding(k);
        }
    }
}

void RewindBuffer::encode_if_kept(Keyframe& keyframe) {
    if (encoded_at_ >= 0 && keyframe.position - encoded_at_ < limits_.sparse_keyframe_ticks) return;
    encoded_at_ = keyframe.position;
    if (keyframe.snapshot && !keyframe.compact && !keyframe.encoding.valid()) start_encoding(keyframe);
}

void RewindBuffer::start_encoding(Keyframe& keyframe) {
    keyframe.encoding = coder().run([whole = keyframe.snapshot]() mutable {
        auto compact = std::make_shared<const CompactSnapshot>(encode_snapshot(*whole));
        whole.reset();  // before the result is seen: the game's thread holds the last reference
        return compact;
    });
    ++encoding_;
}

void RewindBuffer::let_go_whole(Keyframe& keyframe) {
    if (keyframe.snapshot.use_count() > 1) {
        keyframe.snapshot.reset();
    } else {
        std::future<void> freed =
            coder().run([whole = std::move(keyframe.snapshot)]() mutable { whole.reset(); });
    }
}

void RewindBuffer::drop_state(Keyframe& keyframe) {
    if (keyframe.held()) bytes_ -= keyframe.counted;
    keyframe.snapshot.reset();
    keyframe.compact.reset();
    if (keyframe.encoding.valid()) {
        keyframe.encoding = {};
        --encoding_;
    }
}

void RewindBuffer::take_encoded(bool wait) {
    if (encoding_ == 0) return;
    for (Keyframe& k : keyframes_) {
        if (!k.encoding.valid()) continue;
        if (k.encoding.wait_for(std::chrono::seconds(0)) != std::future_status::ready) {
            if (!wait) continue;
            ++encoding_waits_;
        }
        k.compact = k.encoding.get();  // rethrows what the encoding threw (bad_alloc)
        --encoding_;
        // One of the newest keyframes keeps its whole snapshot beside the compact one until it is older.
        if (!k.dense) let_go_whole(k);
    }
}

std::size_t RewindBuffer::whole_keyframes() const {
    return static_cast<std::size_t>(std::count_if(keyframes_.begin(), keyframes_.end(),
                                                  [](const Keyframe& k) { return k.snapshot != nullptr; }));
}

std::size_t RewindBuffer::compact_keyframes() const {
    return static_cast<std::size_t>(
        std::count_if(keyframes_.begin(), keyframes_.end(),
                      [](const Keyframe& k) { return !k.snapshot && k.compact != nullptr; }));
}

Worker& RewindBuffer::coder() {
    if (!coder_) coder_ = std::make_unique<Worker>(ThreadPriority::background);
    return *coder_;
}

void RewindBuffer::let_go_newest_whole() {
    if (keyframes_.empty()) return;
    take_encoded(false);
    Keyframe& k = keyframes_.back();
    if (!k.snapshot) return;
    if (!k.compact && k.encoding.valid()) take_encoded(true);
    if (k.compact) {
        let_go_whole(k);
    } else {
        drop_state(k);
    }
}

void RewindBuffer::finish_encoding() {
    take_encoded(true);
}

RewindBuffer::CompactSnapshot RewindBuffer::encode_snapshot(const WorldSnapshot& snapshot) {
    // Written and compressed a chunk at a time, each chunk one zstd frame (ZstdCodec::decompress reads them
    // as one byte string): the encoding never holds more than a chunk of raw bytes (a whole world's, in the
    // thread's own heap, would stay there as resident memory after it is freed).
    constexpr std::size_t chunk = 256u << 10;
    CompactSnapshot compact;
    ZstdCodec codec;
    std::vector<std::uint8_t> raw, frame;
    raw.reserve(chunk + 4096);
    const auto flush = [&] {
        if (raw.empty()) return;
        codec.compress(raw.data(), raw.size(), frame, 1);
        compact.packed.insert(compact.packed.end(), frame.begin(), frame.end());
        compact.raw_size += raw.size();
        raw.clear();
    };
    const auto flush_full = [&] {
        if (raw.size() >= chunk) flush();
    };
    put_u32(raw, static_cast<std::uint32_t>(snapshot.entities.size()));
    for (const Entity& entity : snapshot.entities) {
        // The field visitor takes its object non-const; FieldByteWriter only reads it.
        write_entity_bytes(const_cast<Entity&>(entity), raw);
        flush_full();
    }
    put_u32(raw, static_cast<std::uint32_t>(snapshot.layout.slots.size()));
    for (const EntityMap::SlotState& slot : snapshot.layout.slots) {
        put_u32(raw, slot.generation);
        raw.push_back(slot.alive ? 1 : 0);
        flush_full();
    }
    put_u32(raw, static_cast<std::uint32_t>(snapshot.layout.free_list.size()));
    for (const std::uint32_t index : snapshot.layout.free_list) {
        put_u32(raw, index);
        flush_full();
    }
    std::vector<std::uint8_t> game;
    write_game_bytes(snapshot.game, game);
    put_u32(raw, static_cast<std::uint32_t>(game.size()));
    raw.insert(raw.end(), game.begin(), game.end());
    flush();
    compact.packed.shrink_to_fit();
    return compact;
}

WorldSnapshot RewindBuffer::decode_snapshot(const CompactSnapshot& compact) {
    std::vector<std::uint8_t> raw;
    ZstdCodec codec;
    // Encoded by encode_snapshot() and never out of this process: damage is a bug, not input.
    if (!codec.decompress(compact.packed.data(), compact.packed.size(), raw, compact.raw_size) ||
        raw.size() != compact.raw_size)
        throw std::logic_error("rewind: a compact keyframe does not decompress");
    const std::uint8_t* at = raw.data();
    WorldSnapshot snapshot;
    snapshot.entities.resize(get_u32(at));
    for (Entity& entity : snapshot.entities) entity = read_entity_bytes(at);
    snapshot.layout.slots.resize(get_u32(at));
    for (EntityMap::SlotState& slot : snapshot.layout.slots) {
        slot.generation = get_u32(at);
        slot.alive = *at++ != 0;
    }
    snapshot.layout.free_list.resize(get_u32(at));
    for (std::uint32_t& index : snapshot.layout.free_list) index = get_u32(at);
    std::vector<std::uint8_t> game(get_u32(at));
    std::memcpy(game.data(), at, game.size());
    snapshot.game = game_from_bytes(game);
    return snapshot;
}

void RewindBuffer::record_changes(World& world, const std::vector<std::uint32_t>* indices,
                                  bool layout_changed, std::vector<std::uint8_t>& out) {
    const EntityMap& map = world.entities;
    const auto slots_now = static_cast<std::uint32_t>(map.slot_count());
    if (entities_.size() < slots_now) {
        entities_.resize(slots_now);
        types_.resize(slots_now);
    }
    if (!indices) {
        all_indices_.clear();
        for (std::uint32_t i = 0; i < std::max<std::size_t>(slots_now, layout_.slots.size()); ++i)
            all_indices_.push_back(i);
        indices = &all_indices_;
    }

    // Entities, against the layout as recorded (whether a slot held one before), in index order. This pass
    // waits on memory (an entity's first touch since the last tick) more than it computes: the same entity
    // (same slot generation) is diffed without reading either variant's type tag, which sits on a cache
    // line of its own (the recorded type is kept in types_; an entity never changes type in place, which
    // the cross-check verifies).
    entity_out_.clear();
    field_out_.clear();
    std::uint32_t previous_index = 0;
    for (const std::uint32_t index : *indices) {
        const bool was = index < layout_.slots.size() && layout_.slots[index].alive;
        const EntityMap::SlotState state = index < slots_now ? map.slot_state(index) : EntityMap::SlotState{};
        const Entity* now = state.alive ? map.get({index, state.generation}) : nullptr;
        if (!was && !now) continue;
        Entity& recorded = entities_[index];
        const bool same_entity =
            was && now &&
            (indices == &all_indices_ ? recorded.index() == now->index()
                                      : state.generation == layout_.slots[index].generation);
        if (same_entity && tables_[types_[index]].fields.size() <= max_masked_fields) {
            // Field by field through the type's table: a changed field's recorded value goes into the undo
            // and the live value into the record.
            const std::vector<FieldTable::Field>& fields = tables_[types_[index]].fields;
            const char* live = flat_variant_ ? reinterpret_cast<const char*>(now) : object_of(*now);
            char* before = flat_variant_ ? reinterpret_cast<char*>(&recorded) : object_of(recorded);
            std::uint64_t mask = 0;
            for (std::size_t i = 0; i < fields.size(); ++i) {
                const FieldTable::Field& field = fields[i];
                const char* from = live + field.offset;
                char* to = before + field.offset;
                if (field.size) {
                    if (FieldTable::same_plain(from, to, field.size)) continue;
                    const std::size_t at = field_out_.size();
                    field_out_.resize(at + field.size);
                    for (std::size_t k = 0; k < field.size; ++k)
                        field_out_[at + k] = static_cast<std::uint8_t>(to[k] ^ from[k]);
                    std::memcpy(to, from, field.size);
                } else {
                    if (field.same(from, to)) continue;
                    field.store(to, field_out_);
                    field.assign(to, from);
                }
                mask |= std::uint64_t{1} << i;
            }
            if (mask != 0) {
                put_varint(entity_out_, index - previous_index);
                previous_index = index;
                entity_out_.push_back(some_fields);
                put_varint(entity_out_, mask);
            }
            continue;
        }
        put_varint(entity_out_, index - previous_index);
        previous_index = index;
        if (was) {
            entity_out_.push_back(whole_entity);
            write_entity_bytes(recorded, field_out_);
        } else {
            entity_out_.push_back(slot_was_free);
        }
        if (now) {
            recorded = *now;
        } else {
            recorded = Entity{};
        }
        types_[index] = static_cast<std::uint8_t>(recorded.index());
        alive_ = alive_ + (now ? 1 : 0) - (was ? 1 : 0);
    }

    // The slot table and the free list.
    layout_out_.clear();
    if (layout_changed) {
        const auto slots_before = static_cast<std::uint32_t>(layout_.slots.size());
        std::vector<std::uint8_t> slot_changes;
        std::uint32_t changed = 0;
        layout_.slots.resize(std::max(slots_before, slots_now));
        for (std::uint32_t index : *indices) {
            const EntityMap::SlotState now =
                index < slots_now ? map.slot_state(index) : EntityMap::SlotState{};
            EntityMap::SlotState& recorded = layout_.slots[index];
            if (index < slots_before && !(recorded == now)) {
                put_varint(slot_changes, index);
                put_u32(slot_changes, recorded.generation);
                slot_changes.push_back(recorded.alive ? 1 : 0);
                ++changed;
            }
            recorded = now;
        }
        layout_.slots.resize(slots_now);

        std::vector<std::uint32_t> free_now = map.export_free_list();
        std::vector<std::uint32_t>& free_before = layout_.free_list;
        std::vector<std::uint8_t> free_change;
        if (free_now == free_before) {
            free_change.push_back(free_same);
        } else {
            // A FIFO step: the first `taken` entries were reused, then `appended` freed slots joined the
            // back.
            auto first = free_now.empty()
                             ? free_before.end()
                             : std::find(free_before.begin(), free_before.end(), free_now.front());
            const auto taken = static_cast<std::size_t>(first - free_before.begin());
            const std::size_t kept = free_before.size() - taken;
            if (kept <= free_now.size() && std::equal(first, free_before.end(), free_now.begin())) {
                free_change.push_back(free_fifo);
                put_varint(free_change, taken);
                for (std::size_t k = 0; k < taken; ++k) put_varint(free_change, free_before[k]);
                put_varint(free_change, free_now.size() - kept);
            } else {
                free_change.push_back(free_whole);
                put_varint(free_change, free_before.size());
                for (std::uint32_t index : free_before) put_varint(free_change, index);
            }
            free_before = std::move(free_now);
        }
        if (changed > 0 || slots_before != slots_now || free_change.front() != free_same) {
            put_varint(layout_out_, slots_before);
            put_varint(layout_out_, changed);
            layout_out_.insert(layout_out_.end(), slot_changes.begin(), slot_changes.end());
            layout_out_.insert(layout_out_.end(), free_change.begin(), free_change.end());
        }
    }

    // The game state.
    write_game_bytes(world.game, game_now_);
    const bool game_changed = game_now_ != game_bytes_;

    out.clear();
    out.reserve(1 + (game_changed ? 1 + game_bytes_.size() : 0) + layout_out_.size() + 5 +
                entity_out_.size() + field_out_.size());
    out.push_back(
        static_cast<std::uint8_t>((game_changed ? has_game : 0) | (layout_out_.empty() ? 0 : has_layout)));
    if (game_changed) {
        put_varint(out, game_bytes_.size());
        out.insert(out.end(), game_bytes_.begin(), game_bytes_.end());
        std::swap(game_bytes_, game_now_);
    }
    out.insert(out.end(), layout_out_.begin(), layout_out_.end());
    put_varint(out, entity_out_.size());
    out.insert(out.end(), entity_out_.begin(), entity_out_.end());
    out.insert(out.end(), field_out_.begin(), field_out_.end());
}

RewindBuffer::Undo RewindBuffer::pack(const std::vector<std::uint8_t>& raw) {
    // A tick this small (a level of a few dozen entities) is kept as it is: compressing it would save a few
    // dozen bytes (a frame's header alone is 6 or more) for a call that costs more than recording it.
    constexpr std::size_t pack_from = 256;
    if (raw.size() >= pack_from) {
        codec_.compress(raw.data(), raw.size(), packed_, 1);
        if (packed_.size() < raw.size())
            return store(packed_.data(), packed_.size(), static_cast<std::uint32_t>(raw.size()));
    }
    return store(raw.data(), raw.size(), 0);
}

RewindBuffer::Undo RewindBuffer::store(const std::uint8_t* data, std::size_t length, std::uint32_t raw_size) {
    // A chunk holds about 32 ticks of this size: 64 KiB on a small level, 512 KiB at most.
    const std::size_t chunk_size =
        std::clamp<std::size_t>(32 * length, std::size_t{64} << 10, std::size_t{512} << 10);
    const auto fits = [&](const std::shared_ptr<UndoChunk>& chunk) {
        return chunk && chunk->bytes.capacity() - chunk->bytes.size() >= length;
    };
    if (chunks_.empty() || !fits(chunks_.back())) {
        // The spare (a chunk let go) first, else the one made ahead (which otherwise waits for the next).
        std::shared_ptr<UndoChunk> next = std::move(spare_chunk_);
        spare_chunk_.reset();
        if ((!next || next->bytes.capacity() < length) && next_chunk_.valid() &&
            next_chunk_.wait_for(std::chrono::seconds(0)) == std::future_status::ready) {
            next = next_chunk_.get();
            ++chunks_made_;
        }
        if (!next || next->bytes.capacity() < length) {  // none ready: made here
            next = std::make_shared<UndoChunk>();
            next->bytes.reserve(std::max(chunk_size, length));
            populate_pages(next->bytes.data(), next->bytes.capacity());
            ++chunks_made_here_;
            ++chunks_made_;
        }
        next->bytes.clear();
        chunks_.push_back(std::move(next));
    }
    UndoChunk& chunk = *chunks_.back();
    Undo undo{chunks_.back(), static_cast<std::uint32_t>(chunk.bytes.size()),
              static_cast<std::uint32_t>(length), raw_size};
    chunk.bytes.insert(chunk.bytes.end(), data, data + length);  // within its capacity: no move
    // Half full: the next chunk is taken from the heap here (where the game's freed memory is: a chunk
    // allocated on another thread would come from that thread's own arena and leave it unused), and its
    // pages are made present on the encoder's thread, unless a spare waits.
    if (chunk.bytes.size() * 2 >= chunk.bytes.capacity() && !spare_chunk_ && !next_chunk_.valid()) {
        auto made = std::make_shared<UndoChunk>();
        made->bytes.reserve(chunk_size);  // (no page written yet)
        next_chunk_ = coder().run([made = std::move(made)]() mutable {
            populate_pages(made->bytes.data(), made->bytes.capacity());
            return std::move(made);
        });
    }
    return undo;
}

void RewindBuffer::recycle(std::shared_ptr<UndoChunk> chunk) {
    if (!spare_chunk_ || spare_chunk_->bytes.capacity() < chunk->bytes.capacity()) {
        chunk->bytes.clear();
        std::swap(spare_chunk_, chunk);
    }
    if (chunk) coder().run([gone = std::move(chunk)]() mutable { gone.reset(); });
}

void RewindBuffer::release_chunks() {
    while (chunks_.size() > 1 && chunks_.front().use_count() == 1) {
        recycle(std::move(chunks_.front()));
        chunks_.pop_front();
    }
    while (chunks_.size() > 1 && chunks_.back().use_count() == 1) {
        recycle(std::move(chunks_.back()));
        chunks_.pop_back();
    }
    if (!chunks_.empty() && chunks_.back().use_count() == 1) chunks_.back()->bytes.clear();
}

std::string RewindBuffer::unrecorded_change(World& world) const {
    const EntityMap& map = world.entities;
    if (!(map.export_layout() == layout_)) return "the slot table or the free list";
    for (std::size_t i = 0; i < map.size(); ++i) {
        const std::uint32_t index = map.key_at_dense(i).index;
        const Entity& live = map.value_at_dense(i);
        const Entity& recorded = entities_[index];
        const std::string where = std::string(entity_type_name(live)) + " in slot " + std::to_string(index);
        if (live.index() != recorded.index()) return where + " (its type)";
        const char* a = object_of(live);
        const char* b = object_of(recorded);
        for (const FieldTable::Field& field : tables_[live.index()].fields) {
            const bool same = field.size
                                  ? FieldTable::same_plain(a + field.offset, b + field.offset, field.size)
                                  : field.same(a + field.offset, b + field.offset);
            if (!same) return where + ", field " + field.name;
        }
    }
    std::vector<std::uint8_t> game;
    write_game_bytes(world.game, game);
    if (game != game_bytes_) return "the game state";
    return {};
}

void RewindBuffer::record(World& world, const ActionState& actions) {
    ChangeMarks& marks = world.changes();
    if (!recording_) {
        marks.clear();
        return;
    }
    const EntityMap& map = world.entities;
    // A layout that changed without a mark (sizes differ) is compared whole, as after a restore.
    const bool sizes_differ = map.slot_count() != layout_.slots.size() || map.size() != alive_ ||
                              map.free_count() != layout_.free_list.size();
    const bool everything = marks.all() || (sizes_differ && !marks.layout_changed());
    if (!everything) marks.sorted_slots(sorted_marks_);
    record_changes(world, everything ? nullptr : &sorted_marks_, everything || marks.layout_changed(), raw_);
    if (cross_check_ && !everything) {
        std::string missed = unrecorded_change(world);
        if (!missed.empty()) {
            unmarked_.push_back("tick " + std::to_string(position() + 1) + ": " + missed +
                                " changed unmarked");
            apply(raw_);
            record_changes(world, nullptr, true, raw_);
        }
    }
    marks.clear();

    Undo undo = pack(raw_);
    bytes_ += undo.size() + sizeof(ActionState);
    ticks_.push_back(std::move(undo));
    inputs_.push_back(actions);
    take_encoded(false);
    trim();
}

void RewindBuffer::trim() {
    while (!ticks_.empty() && (ticks() > limits_.max_ticks || (bytes_ > limits_.max_bytes && ticks() > 1))) {
        bytes_ -= ticks_.front().size();
        ticks_.pop_front();
        ++base_;
    }
    release_chunks();
    // Keep the newest keyframe with a snapshot at or before the oldest reachable tick (and the rebuilds
    // after it), and the inputs from it on.
    auto usable = std::upper_bound(keyframes_.begin(), keyframes_.end(), base_,
                                   [](std::int64_t p, const Keyframe& k) { return p < k.position; });
    if (usable != keyframes_.begin()) --usable;
    while (usable != keyframes_.begin() && !usable->held()) --usable;
    for (auto it = keyframes_.begin(); it != usable; ++it) drop_state(*it);
    keyframes_.erase(keyframes_.begin(), usable);
    std::int64_t keep_from = keyframes_.empty() ? base_ : std::min(base_, keyframes_.front().position);
    while (inputs_base_ < keep_from && !inputs_.empty()) {
        inputs_.pop_front();
        bytes_ -= sizeof(ActionState);
        ++inputs_base_;
    }
}

WorldSnapshot RewindBuffer::mirrored_snapshot() const {
    WorldSnapshot snapshot;
    snapshot.layout = layout_;
    snapshot.entities.reserve(alive_);
    for (std::size_t index = 0; index < layout_.slots.size(); ++index) {
        if (layout_.slots[index].alive) snapshot.entities.push_back(entities_[index]);
    }
    snapshot.game = game_from_bytes(game_bytes_);
    return snapshot;
}

void RewindBuffer::apply(const std::vector<std::uint8_t>& undo, Touched* touched) {
    const std::uint8_t* at = undo.data();
    const std::uint8_t flags = *at++;
    if (touched) {
        touched->game = touched->game || (flags & has_game);
        touched->layout = touched->layout || (flags & has_layout);
    }
    if (flags & has_game) {
        const std::size_t size = get_varint(at);
        game_bytes_.assign(at, at + size);
        at += size;
    }
    if (flags & has_layout) {
        const std::size_t slots_before = get_varint(at);
        if (entities_.size() < slots_before) {
            entities_.resize(slots_before);
            types_.resize(slots_before);
        }
        layout_.slots.resize(slots_before);
        for (std::uint64_t changed = get_varint(at); changed > 0; --changed) {
            const auto index = static_cast<std::uint32_t>(get_varint(at));
            const std::uint32_t generation = get_u32(at);
            layout_.slots[index] = {generation, *at++ != 0};
            if (touched) touched->slots.push_back(index);
        }
        std::vector<std::uint32_t>& free_list = layout_.free_list;
        const std::uint8_t free_change = *at++;
        if (free_change == free_fifo) {
            std::vector<std::uint32_t> taken(get_varint(at));
            for (std::uint32_t& index : taken) index = static_cast<std::uint32_t>(get_varint(at));
            free_list.resize(free_list.size() - get_varint(at));
            free_list.insert(free_list.begin(), taken.begin(), taken.end());
        } else if (free_change == free_whole) {
            free_list.assign(get_varint(at), 0);
            for (std::uint32_t& index : free_list) index = static_cast<std::uint32_t>(get_varint(at));
        }
    }
    const std::size_t changes_size = get_varint(at);
    const std::uint8_t* changes_end = at + changes_size;
    const std::uint8_t* value = changes_end;
    std::uint32_t index = 0;
    while (at < changes_end) {
        index += static_cast<std::uint32_t>(get_varint(at));
        const std::uint8_t kind = *at++;
        if (touched) touched->slots.push_back(index);
        if (index >= entities_.size()) {
            entities_.resize(index + 1);
            types_.resize(index + 1);
        }
        if (kind == slot_was_free) {
            entities_[index] = Entity{};
            types_[index] = 0;
        } else if (kind == whole_entity) {
            entities_[index] = read_entity_bytes(value);
            types_[index] = static_cast<std::uint8_t>(entities_[index].index());
        } else {
            const std::vector<FieldTable::Field>& fields = tables_[types_[index]].fields;
            char* object =
                flat_variant_ ? reinterpret_cast<char*>(&entities_[index]) : object_of(entities_[index]);
            for (std::uint64_t mask = get_varint(at); mask != 0; mask &= mask - 1) {
                const FieldTable::Field& field = fields[static_cast<std::size_t>(__builtin_ctzll(mask))];
                if (field.size) {
                    for (std::size_t k = 0; k < field.size; ++k)
                        object[field.offset + k] ^= static_cast<char>(value[k]);
                    value += field.size;
                } else {
                    field.load(object + field.offset, value);
                }
            }
        }
    }
    alive_ = 0;
    for (const auto& slot : layout_.slots) alive_ += slot.alive ? 1 : 0;
}

const std::vector<std::uint8_t>& RewindBuffer::unpack(const Undo& undo) {
    if (undo.raw_size == 0) {
        raw_.assign(undo.data(), undo.data() + undo.length);
        return raw_;
    }
    // The frame was written by pack() and never left this object: damage is a bug, not input.
    if (!codec_.decompress(undo.data(), undo.length, raw_, undo.raw_size) || raw_.size() != undo.raw_size)
        throw std::logic_error("rewind: a recorded tick does not decompress");
    return raw_;
}

std::vector<std::uint8_t> RewindBuffer::newest_tick_bytes() {
    return ticks_.empty() ? std::vector<std::uint8_t>{} : unpack(ticks_.back());
}

void RewindBuffer::undo_last_tick() {
    Undo undo = std::move(ticks_.back());
    ticks_.pop_back();
    bytes_ -= undo.size();
    apply(unpack(undo), &touched_);
    // The newest chunk is written on from where this tick began.
    if (!chunks_.empty() && undo.chunk == chunks_.back() &&
        undo.offset + undo.length == chunks_.back()->bytes.size())
        chunks_.back()->bytes.resize(undo.offset);
}

std::int64_t RewindBuffer::step_back(World& world, std::int64_t ticks) {
    if (!recording_ || ticks_.empty() || ticks <= 0) return 0;
    touched_.slots.clear();
    touched_.game = touched_.layout = false;
    std::int64_t done = 0;
    for (; done < ticks && !ticks_.empty(); ++done) undo_last_tick();
    release_chunks();
    // Inputs and keyframes after this position belong to the future that is being undone.
    while (inputs_base_ + static_cast<std::int64_t>(inputs_.size()) > position()) {
        inputs_.pop_back();
        bytes_ -= sizeof(ActionState);
    }
    while (!keyframes_.empty() && keyframes_.back().position > position()) {
        drop_state(keyframes_.back());
        keyframes_.pop_back();
    }
    // The live world held the recorded state before these ticks were undone, so only the slots they
    // touched differ: those are put back in place. That costs less than rebuilding the whole world even
    // when they are nearly all of them (a copy and a mark each, against every index and body rebuilt).
    std::sort(touched_.slots.begin(), touched_.slots.end());
    touched_.slots.erase(std::unique(touched_.slots.begin(), touched_.slots.end()), touched_.slots.end());
    if (by_deltas_) {
        const std::optional<GameState> game =
            touched_.game ? std::optional<GameState>(game_from_bytes(game_bytes_)) : std::nullopt;
        world.put_back(layout_, touched_.layout, touched_.slots, entities_, game ? &*game : nullptr);
    } else {
        world.restore(mirrored_snapshot());
    }
    world.changes().clear();  // the world is now exactly what is recorded
    return done;
}

std::int64_t RewindBuffer::resume(World& world) {
    std::optional<ResumePlan> plan = resume_plan();
    return plan ? run(*plan, world) : -1;
}

std::optional<RewindBuffer::ResumePlan> RewindBuffer::resume_plan() const {
    // The newest keyframe with a snapshot; the ones after it that lost theirs are rebuilds to replay.
    auto keyframe = keyframes_.rbegin();
    while (keyframe != keyframes_.rend() && !keyframe->held()) ++keyframe;
    if (!recording_ || keyframe == keyframes_.rend()) return std::nullopt;
    std::int64_t steps = position() - keyframe->position;
    if (steps < 0 || steps > limits_.max_replay_ticks || keyframe->position < inputs_base_)
        return std::nullopt;
    ResumePlan plan{keyframe->snapshot, keyframe->snapshot ? nullptr : keyframe->compact, {}, {}};
    const auto first = inputs_.begin() + (keyframe->position - inputs_base_);
    plan.inputs.assign(first, first + steps);
    for (auto later = keyframe.base(); later != keyframes_.end(); ++later)
        if (later->position > keyframe->position)
            plan.rebuilds.push_back(later->position - keyframe->position);
    return plan;
}

std::int64_t RewindBuffer::run(const ResumePlan& plan, World& world, const std::atomic<bool>* cancel) {
    if (plan.keyframe) {
        world.restore(*plan.keyframe);
    } else {
        if (cancel && cancel->load(std::memory_order_relaxed)) return -1;
        world.restore(decode_snapshot(*plan.compact));
    }
    auto rebuild = plan.rebuilds.begin();
    std::int64_t stepped = 0;
    for (const ActionState& actions : plan.inputs) {
        if (cancel && cancel->load(std::memory_order_relaxed)) return -1;
        world.step(actions);
        world.take_events();
        ++stepped;
        // The live world was rebuilt canonically here, as a restore of this tick's capture gives it.
        for (; rebuild != plan.rebuilds.end() && *rebuild == stepped; ++rebuild) world.rebuild_canonical();
    }
    // The world stepped again is the recorded one (the same future); the next record() compares every
    // entity all the same (restore() marked everything), so nothing rests on that.
    world.changes().mark_all();
    return static_cast<std::int64_t>(plan.inputs.size());
}

}  // namespace qs
