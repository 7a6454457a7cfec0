// The rewind buffer: reverse deltas recorded per tick, applied backwards, and the exact live world on
// release by stepping the recorded inputs from the last canonical keyframe.
#include "game/save/rewind_buffer.hpp"

#include <algorithm>
#include <cstring>

#include "game/save/field_bytes.hpp"

namespace qs {

namespace {

std::vector<std::uint8_t> game_bytes(const GameState& game) {
    std::vector<std::uint8_t> out;
    GameState copy = game;
    FieldByteWriter writer{out};
    copy.fields(writer);
    return out;
}

GameState game_from_bytes(const std::vector<std::uint8_t>& bytes) {
    GameState game;
    const std::uint8_t* at = bytes.data();
    FieldByteReader reader{at};
    game.fields(reader);
    return game;
}

std::size_t snapshot_bytes(const WorldSnapshot& snapshot) {
    return sizeof(WorldSnapshot) + snapshot.layout.slots.size() * sizeof(EntityMap::SlotState) +
           snapshot.layout.free_list.size() * sizeof(std::uint32_t) +
           snapshot.entities.size() * sizeof(Entity);
}

void put_u32(std::vector<std::uint8_t>& out, std::uint32_t value) {
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(&value);
    out.insert(out.end(), bytes, bytes + sizeof value);
}

}  // namespace

std::size_t RewindBuffer::Undo::size() const {
    std::size_t size = sizeof(Undo) + game.capacity() + entities.capacity();
    if (layout) {
        size += layout->slots.capacity() * sizeof(EntityMap::SlotState) +
                layout->free_list.capacity() * sizeof(std::uint32_t);
    }
    return size;
}

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
    inputs_.clear();
    keyframes_.clear();
    layout_ = {};
    entity_bytes_.clear();
    entities_.clear();
    live_.clear();
    live_known_.clear();
    game_bytes_.clear();
    bytes_ = 0;
}

void RewindBuffer::start(World& world) {
    stop();
    if (limits_.max_ticks <= 0) return;
    recording_ = true;
    base_ = inputs_base_ = 0;
    auto snapshot = std::make_shared<WorldSnapshot>(world.capture());
    layout_ = snapshot->layout;
    entity_bytes_.assign(layout_.slots.size(), {});
    entities_.assign(layout_.slots.size(), Entity{});
    std::size_t next = 0;
    for (std::size_t index = 0; index < layout_.slots.size(); ++index) {
        if (!layout_.slots[index].alive) continue;
        Entity entity = snapshot->entities[next++];
        write_entity_bytes(entity, entity_bytes_[index]);
        entities_[index] = std::move(entity);
    }
    game_bytes_ = game_bytes(world.game);
    live_.assign(layout_.slots.size(), Entity{});
    live_known_.assign(layout_.slots.size(), false);
    for (std::size_t i = 0; i < world.entities.size(); ++i) {
        live_[world.entities.key_at_dense(i).index] = world.entities.value_at_dense(i);
        live_known_[world.entities.key_at_dense(i).index] = true;
    }
    keyframes_.push_back({0, snapshot});
    bytes_ = snapshot_bytes(*snapshot);
}

void RewindBuffer::keyframe(std::shared_ptr<const WorldSnapshot> snapshot) {
    if (!recording_) return;
    // A keyframe later than the current position was dropped with the ticks it belonged to.
    keyframes_.push_back({position(), std::move(snapshot)});
    bytes_ += snapshot_bytes(*keyframes_.back().snapshot);
    trim();
}

void RewindBuffer::mirror_entity(std::uint32_t index, std::vector<std::uint8_t> bytes) {
    if (index >= entity_bytes_.size()) {
        entity_bytes_.resize(index + 1);
        entities_.resize(index + 1);
    }
    if (!bytes.empty()) {
        const std::uint8_t* at = bytes.data();
        entities_[index] = read_entity_bytes(at);
    }
    entity_bytes_[index] = std::move(bytes);
}

void RewindBuffer::record(World& world, const ActionState& actions) {
    if (!recording_) return;
    Undo undo;

    std::vector<std::uint8_t> game_now = game_bytes(world.game);
    if (game_now != game_bytes_) undo.game = std::exchange(game_bytes_, std::move(game_now));

    EntityMap::Layout layout_now = world.entities.export_layout();
    if (!(layout_now == layout_)) {
        // Slots freed this tick: their entities come back on the way back.
        for (std::size_t index = 0; index < layout_.slots.size(); ++index) {
            bool now_alive = index < layout_now.slots.size() && layout_now.slots[index].alive;
            if (layout_.slots[index].alive && !now_alive) {
                put_u32(undo.entities, static_cast<std::uint32_t>(index));
                undo.entities.push_back(1);
                undo.entities.insert(undo.entities.end(), entity_bytes_[index].begin(),
                                     entity_bytes_[index].end());
                entity_bytes_[index].clear();
            }
        }
        undo.layout = std::exchange(layout_, std::move(layout_now));
    }
    if (entity_bytes_.size() < layout_.slots.size()) {
        entity_bytes_.resize(layout_.slots.size());
        entities_.resize(layout_.slots.size());
    }

    if (live_.size() < layout_.slots.size()) {
        live_.resize(layout_.slots.size());
        live_known_.resize(layout_.slots.size(), false);
    }
    for (std::size_t i = 0; i < world.entities.size(); ++i) {
        std::uint32_t index = world.entities.key_at_dense(i).index;
        Entity& entity = world.entities.value_at_dense(i);
        // The cheap test first: a plain entity whose bytes are those of the last record() did not change.
        // (Different bytes with equal fields, e.g. after a rebuild gave it a new body, only cost an encode.)
        bool untouched = std::visit(
            [&](const auto& e) {
                using T = std::decay_t<decltype(e)>;
                if constexpr (std::is_trivially_copyable_v<T>) {
                    const T* before = live_known_[index] ? std::get_if<T>(&live_[index]) : nullptr;
                    return before && std::memcmp(static_cast<const void*>(&e), static_cast<const void*>(before),
                                                 sizeof(T)) == 0;
                } else {
                    return false;
                }
            },
            entity);
        if (untouched) continue;
        live_[index] = entity;
        live_known_[index] = true;
        scratch_.clear();
        write_entity_bytes(entity, scratch_);
        std::vector<std::uint8_t>& before = entity_bytes_[index];
        if (scratch_ == before) continue;
        put_u32(undo.entities, index);
        undo.entities.push_back(before.empty() ? 0 : 1);
        undo.entities.insert(undo.entities.end(), before.begin(), before.end());
        before.assign(scratch_.begin(), scratch_.end());
        entities_[index] = entity;
        body_state(entities_[index]).body = nullptr;
    }

    undo.game.shrink_to_fit();
    undo.entities.shrink_to_fit();
    bytes_ += undo.size() + sizeof(ActionState);
    ticks_.push_back(std::move(undo));
    inputs_.push_back(actions);
    trim();
}

void RewindBuffer::trim() {
    while (!ticks_.empty() && (ticks() > limits_.max_ticks || (bytes_ > limits_.max_bytes && ticks() > 1))) {
        bytes_ -= ticks_.front().size();
        ticks_.pop_front();
        ++base_;
    }
    // Keep the newest keyframe at or before the oldest reachable tick, and the inputs from it on.
    auto usable = std::upper_bound(keyframes_.begin(), keyframes_.end(), base_,
                                   [](std::int64_t p, const Keyframe& k) { return p < k.position; });
    if (usable != keyframes_.begin()) --usable;
    for (auto it = keyframes_.begin(); it != usable; ++it) bytes_ -= snapshot_bytes(*it->snapshot);
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
    for (std::size_t index = 0; index < layout_.slots.size(); ++index) {
        if (layout_.slots[index].alive) snapshot.entities.push_back(entities_[index]);
    }
    snapshot.game = game_from_bytes(game_bytes_);
    return snapshot;
}

void RewindBuffer::undo_last_tick() {
    Undo undo = std::move(ticks_.back());
    ticks_.pop_back();
    bytes_ -= undo.size();
    if (!undo.game.empty()) game_bytes_ = std::move(undo.game);
    if (undo.layout) layout_ = std::move(*undo.layout);
    const std::uint8_t* at = undo.entities.data();
    const std::uint8_t* end = at + undo.entities.size();
    while (at < end) {
        std::uint32_t index = 0;
        std::memcpy(&index, at, sizeof index);
        at += sizeof index;
        bool had = *at++ != 0;
        if (!had) {
            mirror_entity(index, {});
            continue;
        }
        const std::uint8_t* start = at;
        read_entity_bytes(at);  // finds the end of this entity's bytes
        mirror_entity(index, std::vector<std::uint8_t>(start, at));
    }
}

std::int64_t RewindBuffer::step_back(World& world, std::int64_t ticks) {
    if (!recording_ || ticks_.empty() || ticks <= 0) return 0;
    std::int64_t done = 0;
    for (; done < ticks && !ticks_.empty(); ++done) undo_last_tick();
    // Inputs and keyframes after this position belong to the future that is being undone.
    while (inputs_base_ + static_cast<std::int64_t>(inputs_.size()) > position()) {
        inputs_.pop_back();
        bytes_ -= sizeof(ActionState);
    }
    while (!keyframes_.empty() && keyframes_.back().position > position()) {
        bytes_ -= snapshot_bytes(*keyframes_.back().snapshot);
        keyframes_.pop_back();
    }
    world.restore(mirrored_snapshot());
    live_.assign(live_.size(), Entity{});  // the world now holds other values: compare fields again
    live_known_.assign(live_.size(), false);
    return done;
}

std::int64_t RewindBuffer::resume(World& world) {
    if (!recording_ || keyframes_.empty()) return -1;
    const Keyframe& keyframe = keyframes_.back();
    std::int64_t steps = position() - keyframe.position;
    if (steps < 0 || steps > limits_.max_replay_ticks || keyframe.position < inputs_base_) return -1;
    world.restore(*keyframe.snapshot);
    live_known_.assign(live_known_.size(), false);
    for (std::int64_t p = keyframe.position; p < position(); ++p) {
        world.step(inputs_[static_cast<std::size_t>(p - inputs_base_)]);
        world.take_events();
    }
    return steps;
}

}  // namespace qs
