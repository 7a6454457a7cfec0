// The rewind buffer: every tick of play recorded as a changed-only reverse delta (game state, SlotMap
// layout when it changed, the entities whose fields changed, each through its field list, only the fields
// that changed), so the world can go back one tick at a time exactly: every field, every slot generation,
// the free list. Each tick is kept as one zstd frame (engine/zstd_codec.hpp) when that is smaller. Which
// entities to look at comes from the world's change marks (change_marks.hpp): an entity nobody marked is not
// looked at, so idle entities cost nothing per tick. set_cross_check(true) compares every entity as well and
// reports a change that was not marked (tests, benchmarks).
//
//   buffer.start(world);                 // level start, restart, quickload: a new recording
//   world.step(actions); buffer.record(world, actions);
//   buffer.keyframe(save.snapshot);      // F5: the live world continues from this canonical rebuild
//   while (held) buffer.step_back(world);
//   buffer.resume(world);                // on release: the live world exactly as it ran at this tick
//
// Box2D keeps state the fields do not hold (contact cache, warm-start impulses, body order). A world put
// back from fields alone runs on slightly differently from the one that was there. So step_back() shows
// the recorded state (exact in every field: only the slots the undone ticks touched are written back into
// the live world, World::put_back, which leaves Box2D and the indexes to be rebuilt when next needed), and
// resume() rebuilds the live world by restoring the last
// canonical keyframe (level start, quicksave, quickload, the session's periodic rebuilds: points where the
// live world was itself freshly built) and stepping the recorded inputs up to the rewound tick: the same
// future as before the rewind. Older keyframes close together let go of their snapshots
// (Limits::sparse_keyframe_ticks) and stay as positions: a release from an earlier keyframe rebuilds the
// world canonically at each of them on the way, as the live world was. The older ones kept are kept
// compact (CompactSnapshot, encoded on a thread of the buffer's own), and a release from one decodes it
// where it runs (RewindBuffer::run, on the catching-up thread in a window).
#pragma once

#include <atomic>
#include <cstdint>
#include <deque>
#include <future>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/worker.hpp"
#include "engine/zstd_codec.hpp"
#include "game/save/field_table.hpp"
#include "game/sim/actions.hpp"
#include "game/sim/world.hpp"

namespace qs {

class RewindBuffer {
   public:
    struct Limits {
        std::int64_t max_ticks = 60 * 60;      ///< ticks kept (60 s at 60 Hz); 0 turns recording off
        std::size_t max_bytes = 64u << 20;     ///< memory cap; the oldest ticks go first
        std::int64_t max_replay_ticks = 7200;  ///< resume() steps at most this many ticks from a keyframe
        /// Keyframes beyond the newest ones (those holding up to a quarter of max_bytes) keep their snapshot
        /// only when at least this many ticks after the previous one kept; the others are rebuilt on the way.
        std::int64_t sparse_keyframe_ticks = 600;
        /// prepare_start() copies snapshots of at least this many entities on a second thread (below, the
        /// thread costs more than the copy it overlaps).
        std::size_t parallel_copy_entities = 30000;
    };

    void set_limits(const Limits& limits);
    const Limits& limits() const { return limits_; }

    /// Starts a new recording at the current state of `world`, which must be canonical (freshly built).
    void start(World& world);
    /// start() for a world just restored from `restored_from` (a quickload): that snapshot is the first
    /// keyframe (a restore from it gives this same world), so the world is copied once, into the recorded
    /// copy, instead of captured again.
    void start(World& world, std::shared_ptr<const WorldSnapshot> restored_from);
    /// Call before World::restore_changed(*snapshot) when start(world, snapshot) follows: a big snapshot is
    /// copied into the next recorded copy on a second thread while the world is restored, and start() takes
    /// that copy (what it would have copied from the world: the snapshot's entities with their prev positions
    /// set to their positions, as a restore leaves them) when it is done. Neither waits for the second
    /// thread: start() copies the world itself instead.
    void prepare_start(std::shared_ptr<const WorldSnapshot> snapshot);
    /// Whether prepare_start() may come (a quickload that restores a big world whole: there is a save to
    /// load): then every start() makes the room its copy needs beforehand, on a second thread, and so does
    /// this call when recording. Without it (a play session before its first save) that room is not held;
    /// a start() after a whole restore then copies the world itself. On by default.
    void want_copy_room(bool wanted);
    /// For tests: whether room for prepare_start()'s copy, or that copy, is being made or waits to be taken.
    bool copy_room_pending() const { return prepared_.valid(); }
    /// Whether the recording holds `world` as it is now but for the slots marked since the last record(),
    /// step_back() or start() (World::changes()), the slot table and the game state.
    bool in_step_with(World& world) const;
    /// start(world, restored_from) for a world that in_step_with() held just before restore_changed()
    /// restored it from `restored_from`, changing only the slots in `changed` (World::restored_slots(),
    /// which include the slots marked before it) and those past the smaller slot count: only those are
    /// copied into the recorded copy.
    void start_changed(World& world, std::shared_ptr<const WorldSnapshot> restored_from,
                       const std::vector<std::uint32_t>& changed);
    /// Ends the recording (a finished level): nothing to go back to until the next start().
    void stop();
    /// The live world continues from a canonical rebuild of `snapshot`, the state at the current tick.
    void keyframe(std::shared_ptr<const WorldSnapshot> snapshot);
    /// Records the tick just stepped with `actions`.
    void record(World& world, const ActionState& actions);
    /// Puts `world` back one recorded tick; false (nothing changes) when none is left.
    bool step_back(World& world) { return step_back(world, 1) == 1; }
    /// Puts `world` back up to `ticks` recorded ticks at once; returns how many. `world` is the world being
    /// recorded, holding the state at the current position (as record(), step_back() and resume() leave
    /// it): the slots the undone ticks touched are written back in place (World::put_back), however many.
    std::int64_t step_back(World& world, std::int64_t ticks);
    /// Tests: false makes every step back rebuild the whole world from the recorded state (World::restore).
    void set_step_back_by_deltas(bool on) { by_deltas_ = on; }
    /// After step_back(): makes `world` the live world exactly as it ran at this tick (see above).
    /// Returns the ticks stepped again to get there (0 when a keyframe is at this tick, -1 when none is
    /// close enough and the world stays as step_back() left it).
    std::int64_t resume(World& world);
    /// A keyframe's snapshot kept compact: every entity, the slot table, the free list and the game state
    /// through their field lists (field_bytes.hpp), as one zstd frame.
    struct CompactSnapshot {
        std::vector<std::uint8_t> packed;
        std::size_t raw_size = 0;
    };
    static CompactSnapshot encode_snapshot(const WorldSnapshot& snapshot);
    /// The snapshot encode_snapshot() was given, every field the same.
    static WorldSnapshot decode_snapshot(const CompactSnapshot& compact);

    /// resume() taken apart, so that the stepping can run on another thread in a World of its own while
    /// the rewound one stays on screen: the keyframe to restore and the recorded inputs to step from it.
    /// It holds its own copies; the buffer may change (or go) while it runs.
    struct ResumePlan {
        std::shared_ptr<const WorldSnapshot> keyframe;   ///< null when the keyframe is kept compact
        std::shared_ptr<const CompactSnapshot> compact;  ///< the keyframe when it is kept compact
        std::vector<ActionState> inputs;  ///< of every tick from the keyframe to the current position
        /// Ticks after the keyframe (ascending) at which the live world was rebuilt canonically: run()
        /// rebuilds it there too.
        std::vector<std::int64_t> rebuilds;
    };
    /// The plan for resume() at the current position; nullopt where resume() returns -1.
    std::optional<ResumePlan> resume_plan() const;
    /// Carries out `plan` on `world` (a World of the same level and tuning): afterwards it is the live world
    /// exactly as it ran at the plan's end. Returns the ticks stepped, or -1 when `cancel` was set first
    /// (checked before each tick; the world is then half way and good for nothing).
    static std::int64_t run(const ResumePlan& plan, World& world, const std::atomic<bool>* cancel = nullptr);

    /// Cross-check mode: after each record() every live entity, the slot table and the free list are
    /// compared with the recording too; a change the marks missed is recorded all the same (the tick is
    /// recorded again from a full comparison) and described in unmarked_changes().
    void set_cross_check(bool on) { cross_check_ = on; }
    const std::vector<std::string>& unmarked_changes() const { return unmarked_; }

    bool recording() const { return recording_; }
    /// Ticks that can be gone back.
    std::int64_t ticks() const { return static_cast<std::int64_t>(ticks_.size()); }
    /// Memory the recording holds, bytes: the ticks as stored (compressed), their inputs, the keyframes (a
    /// compact one counted as its whole snapshot, so that the count, and what trimming keeps, is a function
    /// of the recorded states alone and not of when a thread finished encoding).
    std::size_t bytes() const { return bytes_; }
    /// Tests: keyframes holding a whole snapshot, and compact ones.
    std::size_t whole_keyframes() const;
    std::size_t compact_keyframes() const;
    /// Whether older keyframes are being encoded: their whole snapshots are let go when that is done.
    bool encoding() const { return encoding_ > 0; }
    /// Waits for the keyframes being encoded and takes them (their whole snapshots let go).
    void finish_encoding();
    /// Takes the keyframes whose encoding is done, without waiting for the others.
    void take_finished_encodings() { take_encoded(false); }
    /// Tests: the chunks the recorded ticks were written in so far, and how many of them the recording
    /// thread had to make itself (none was ready).
    std::size_t chunks_made() const { return chunks_made_; }
    std::size_t chunks_made_here() const { return chunks_made_here_; }
    /// Lets go of the newest keyframe's whole snapshot, for a capture that finds no other save ready: its
    /// compact one is kept (waited for while it is being encoded); one the rewind would not keep compact is
    /// dropped as thinning drops it once a newer keyframe is taken.
    void let_go_newest_whole();
    /// Owners of the newest keyframe's whole snapshot (this buffer, the save's pool, an encoding, a
    /// quicksave...), 0 when it has none.
    long newest_whole_owners() const {
        return keyframes_.empty() || !keyframes_.back().snapshot ? 0 : keyframes_.back().snapshot.use_count();
    }
    /// Tests: how many times finish_encoding() found an encoding still running and waited for it.
    std::size_t encoding_waits() const { return encoding_waits_; }
    /// Tests: the thread keyframes are encoded on (a test may hold it busy with a job of its own).
    Worker& coder();
    /// Tests: the newest recorded tick's byte string as record() made it, before it was compressed (empty
    /// when no tick is recorded).
    std::vector<std::uint8_t> newest_tick_bytes();

   private:
    /// How to get from one tick's state back to the one before: only what changed, in one byte string
    /// (flags, then the game state before, the slot table and free list changes, the entity changes and
    /// their values), kept as one zstd frame of it, or as it is when that would not be smaller.
    /// Storage the recorded ticks' bytes are written into one after another (bytes.size() is what is used,
    /// its capacity the chunk's size, its pages present before a tick writes them).
    struct UndoChunk {
        std::vector<std::uint8_t> bytes;
    };
    struct Undo {
        std::shared_ptr<UndoChunk> chunk;  ///< holds the bytes at [offset, offset + length)
        std::uint32_t offset = 0, length = 0;
        std::uint32_t raw_size = 0;  ///< the byte string's size when the bytes are its zstd frame, else 0
        const std::uint8_t* data() const { return chunk->bytes.data() + offset; }
        std::size_t size() const { return sizeof(Undo) + length; }
    };
    /// An Undo of `length` bytes from `data`, written at the end of the newest chunk (or of a new one).
    Undo store(const std::uint8_t* data, std::size_t length, std::uint32_t raw_size);
    /// After ticks were let go or undone: chunks no tick is kept in go (the newest, emptied, is kept for the
    /// next ticks; one other is kept as the spare).
    void release_chunks();
    /// Lets `chunk` go: kept as the spare when there is none, else freed on the encoder's thread.
    void recycle(std::shared_ptr<UndoChunk> chunk);
    /// A canonical rebuild of the live world at `position`; `snapshot` is its state, or `compact` is, or
    /// neither when it was let go (thin_keyframes) and a release rebuilds there again on the way from an
    /// earlier one.
    struct Keyframe {
        std::int64_t position;
        std::shared_ptr<const WorldSnapshot> snapshot;
        std::shared_ptr<const CompactSnapshot> compact;
        std::future<std::shared_ptr<const CompactSnapshot>> encoding;  ///< of `snapshot`, while it runs
        std::size_t counted = 0;  ///< what bytes_ counts for it while it holds a state
        /// Among the newest keyframes, which keep their whole snapshot (thin_keyframes); an older one keeps
        /// only its compact one.
        bool dense = true;
        bool held() const { return snapshot || compact; }
    };

    std::int64_t position() const { return base_ + ticks(); }
    /// Brings the recorded state up to `world` for the slots in `indices` (every slot when null) and the
    /// layout and game state, and writes how to undo that into `out` (the byte string of an Undo).
    void record_changes(World& world, const std::vector<std::uint32_t>* indices, bool layout_changed,
                        std::vector<std::uint8_t>& out);
    /// The Undo that keeps the byte string `raw`, compressed when that makes it smaller.
    Undo pack(const std::vector<std::uint8_t>& raw);
    /// The byte string `undo` keeps (in raw_ when it was compressed).
    const std::vector<std::uint8_t>& unpack(const Undo& undo);
    /// Where `world` differs from the recorded state (cross-check), or empty.
    std::string unrecorded_change(World& world) const;
    /// What the ticks a step back undid touched: slot indices (repeats allowed), the layout, the game state.
    struct Touched {
        std::vector<std::uint32_t> slots;
        bool layout = false, game = false;
    };
    /// Brings the recorded state back over the byte string of an Undo, noting in `touched` (if given) what
    /// it changed.
    void apply(const std::vector<std::uint8_t>& undo, Touched* touched = nullptr);
    void undo_last_tick();
    void trim();
    /// Lets go of the snapshots of older keyframes close together (Limits::sparse_keyframe_ticks), and
    /// starts encoding the older ones kept.
    void thin_keyframes();
    /// Swaps in the compact snapshots encoded so far (all of them, waiting, with `wait`); the whole ones
    /// they replace are let go on coder_'s thread.
    void take_encoded(bool wait);
    /// Drops what the keyframe holds and what bytes_ counts for it.
    void drop_state(Keyframe& keyframe);
    /// Starts encoding the keyframe's whole snapshot on coder_'s thread.
    void start_encoding(Keyframe& keyframe);
    /// Lets go of the keyframe's whole snapshot, its compact one kept: a save the SavePool made goes back to
    /// it at once, a snapshot held nowhere else is freed on coder_'s thread.
    void let_go_whole(Keyframe& keyframe);
    /// A new keyframe that thinning will keep once it is older (sparse_keyframe_ticks after the last such
    /// one) is encoded as soon as it is taken: by the next keyframe its compact snapshot is ready and its
    /// whole one can go back to the SavePool at once, so no capture finds the pool empty while an
    /// encoding holds a save.
    void encode_if_kept(Keyframe& keyframe);
    std::int64_t encoded_at_ = -1;  ///< the position of the last keyframe encode_if_kept() encoded
    std::size_t encoding_ = 0;      ///< keyframes being encoded
    std::size_t encoding_waits_ = 0;
    WorldSnapshot mirrored_snapshot() const;

    Limits limits_;
    bool recording_ = false;
    std::deque<Undo> ticks_;  ///< ticks_[i] undoes the step from position base_ + i to base_ + i + 1
    /// The chunks ticks_ are written in, oldest first (the newest is written to). The next one is made, its
    /// pages present, on the encoder's thread once the newest is half full; a chunk emptied by trimming
    /// becomes the spare. So a tick's record never faults fresh pages on the game's thread. Their unused room
    /// (the newest one's tail, the one made ahead and the spare: up to 1.5 MiB) is outside Limits::max_bytes.
    std::deque<std::shared_ptr<UndoChunk>> chunks_;
    std::shared_ptr<UndoChunk> spare_chunk_;
    std::future<std::shared_ptr<UndoChunk>> next_chunk_;
    std::size_t chunks_made_ = 0, chunks_made_here_ = 0;
    std::int64_t base_ = 0;           ///< the oldest position one can go back to
    std::deque<ActionState> inputs_;  ///< the inputs of every step from inputs_base_ on
    std::int64_t inputs_base_ = 0;
    std::vector<Keyframe> keyframes_;  ///< by position
    std::size_t bytes_ = 0;

    // The state at the current position, as recorded.
    EntityMap::Layout layout_;
    std::vector<Entity> entities_;     ///< by slot index (body pointers null); meaningful for alive slots
    std::vector<std::uint8_t> types_;  ///< entities_[i].index(), kept apart (see record_changes)
    bool flat_variant_ = false;        ///< an Entity's object starts at its own address (libstdc++, libc++)
    std::vector<std::uint8_t> game_bytes_;
    std::size_t alive_ = 0;  ///< alive slots in layout_

    std::array<FieldTable, std::variant_size_v<Entity>> tables_ = FieldTable::for_roster();
    bool cross_check_ = false;
    bool by_deltas_ = true;
    Touched touched_;  ///< reused between step backs
    std::vector<std::string> unmarked_;
    // prepare_start(): the copy being made (of prepared_from_) and where it goes.
    std::shared_ptr<const WorldSnapshot> prepared_from_;
    std::vector<Entity> prepared_entities_;
    std::vector<std::uint8_t> prepared_types_;
    bool copy_room_wanted_ = true;  ///< want_copy_room()
    std::future<void> prepared_;    ///< declared after what the copy writes: destroyed (joined) before it
    /// Takes the helper's job (waiting for it with `wait`, else only when it is done); true when it was a
    /// copy made from `snapshot`.
    bool take_prepared(const WorldSnapshot* snapshot, bool wait);
    /// When a world of `slots` slots is copied on a second thread (parallel_copy_entities) and the copy's
    /// storage is smaller, makes it larger there, its pages present (prepared_ until done).
    void prepare_copy_room(std::size_t slots);
    /// The recorded copy's slot `index` as start() records it: `entity` without its body pointer, or
    /// Entity{} for a free slot (null).
    void record_slot(std::uint32_t index, const Entity* entity);
    /// The end of a start from `snapshot`, whatever made the recorded copy: the game state, the first
    /// keyframe, the room for the next copy.
    void finish_start(const World& world, std::shared_ptr<const WorldSnapshot> snapshot);
    // Reused between ticks.
    ZstdCodec codec_;
    std::vector<std::uint8_t> game_now_, layout_out_, entity_out_, field_out_, raw_, packed_;
    std::vector<std::uint32_t> all_indices_, sorted_marks_;
    /// Encodes older keyframes and frees the whole snapshots they replace; made when first needed, declared
    /// last: joined before the rest goes (its jobs own what they touch).
    std::unique_ptr<Worker> coder_;
};

}  // namespace qs
