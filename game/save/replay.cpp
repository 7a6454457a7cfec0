// Replay recording, the replay body (tag, version, ranges checked on read) and replay files.
#include "game/save/replay.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <map>

#include "engine/save_file.hpp"
#include "game/save/save_codec.hpp"

namespace qs {

namespace {

constexpr char replay_tag[8] = {'Q', 'S', 'R', 'E', 'P', 'L', 'A', 'Y'};
/// 2: what each quickload loaded; 3: the play identity and the tuning (1 and 2 are still read, as legacy).
constexpr std::uint32_t replay_version = 3;
constexpr std::uint32_t replay_version_with_play = 3;
/// The optional last part of a replay body: the assists the run was played with (then the lowest game
/// speed, percent, and a byte of flags: frame advance, invincible, infinite hearts). Written only when the
/// run had assists, so a replay without them is the same file as before they existed.
constexpr std::uint8_t assists_part = 0xA5;
constexpr std::uint8_t assist_frame_advance = 1, assist_invincible = 2, assist_infinite_hearts = 4;
/// At most this many tuning fields in a replay (far more than Tuning has).
constexpr std::uint32_t max_tuning_fields = 256;
/// The container format the replay body travels in (the save-file container, format 2).
constexpr std::uint32_t replay_container_version = 2;
/// The newest container read: a save file's, so one given as a replay is named as such.
constexpr std::uint32_t newest_replay_container_read = save_format_version;

std::uint64_t held_mask(const ActionState& actions) {
    std::uint64_t mask = 0;
    for (std::size_t i = 0; i < action_count; ++i) {
        if (actions.held(static_cast<Action>(i))) mask |= std::uint64_t{1} << i;
    }
    return mask;
}

template <class T>
void put(std::vector<std::uint8_t>& out, T value) {
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(&value);
    out.insert(out.end(), bytes, bytes + sizeof value);
}

struct Reader {
    const std::vector<std::uint8_t>& bytes;
    std::size_t at = 0;
    template <class T>
    bool get(T& value) {
        if (bytes.size() - at < sizeof value) return false;
        std::memcpy(&value, bytes.data() + at, sizeof value);
        at += sizeof value;
        return true;
    }
};

}  // namespace

std::string RunAssists::describe() const {
    std::string out;
    auto add = [&out](const std::string& what) { out += (out.empty() ? "" : ", ") + what; };
    if (game_speed < 100) add("game speed " + std::to_string(game_speed) + "%");
    if (invincible) add("invincible");
    if (infinite_hearts) add("infinite hearts");
    if (frame_advance) add("frame advance");
    return out;
}

std::uint64_t Replay::held_at(std::int64_t tick) const {
    std::int64_t offset = tick - start_tick;
    if (offset < 0 || changes.empty()) return 0;
    auto after = std::upper_bound(changes.begin(), changes.end(), offset,
                                  [](std::int64_t o, const Change& c) { return o < c.offset; });
    return after == changes.begin() ? 0 : std::prev(after)->held;
}

void Replay::apply(std::int64_t tick, ActionState& actions) const {
    std::uint64_t held = held_at(tick);
    for (std::size_t i = 0; i < action_count; ++i) {
        auto action = static_cast<Action>(i);
        if (held & (std::uint64_t{1} << i)) {
            actions.press(action);
        } else {
            actions.release(action);
        }
    }
}

void ReplayRecorder::start(std::string level, const PlayIdentity& play, const Tuning& tuning,
                           std::int64_t tick, bool rewind_speedup) {
    started_ = true;
    replay_ = {};
    replay_.level = std::move(level);
    replay_.play = play;
    replay_.tuning = tuning;
    replay_.start_tick = tick;
    replay_.rewind_speedup = rewind_speedup;
    last_held_ = 0;
    // The container and the replay header, with room for the level id.
    file_bytes_ = 128 + replay_.level.size();
    stopped_at_ = -1;
}

bool ReplayRecorder::room_for(std::int64_t tick, std::uint64_t more) {
    if (stopped_at_ >= 0) return false;
    if (tick - replay_.start_tick <= max_replay_ticks && file_bytes_ + more <= max_replay_file_bytes) {
        file_bytes_ += more;
        return true;
    }
    stopped_at_ = std::min(tick, replay_.start_tick + max_replay_ticks);
    std::fprintf(
        stderr,
        "quickstep: the run is longer than a replay can hold (%lld ticks or %llu bytes): recorded up "
        "to tick %lld\n",
        static_cast<long long>(max_replay_ticks), static_cast<unsigned long long>(max_replay_file_bytes),
        static_cast<long long>(stopped_at_));
    return false;
}

void ReplayRecorder::record(std::int64_t tick, const ActionState& actions) {
    if (!started_ || tick < replay_.start_tick) return;
    std::uint64_t held = held_mask(actions);
    if (held == last_held_) return;
    if (!room_for(tick, sizeof(std::uint32_t) + sizeof(std::uint64_t))) return;
    replay_.changes.push_back({static_cast<std::uint32_t>(tick - replay_.start_tick), held});
    last_held_ = held;
}

void ReplayRecorder::record_load(std::int64_t tick, Replay::Load::Kind kind,
                                 std::shared_ptr<const SavedGame> save) {
    if (!started_ || tick < replay_.start_tick) return;
    // A save read from a file travels as that file; only a save made in memory is encoded here.
    const std::uint64_t save_bytes =
        kind == Replay::Load::Kind::carried && save
            ? sizeof(std::uint32_t) +
                  (save->file_bytes ? save->file_bytes->size() : encode_save_file(*save).size())
            : 0;
    if (!room_for(tick, sizeof(std::uint32_t) + sizeof(std::uint8_t) + save_bytes)) return;
    replay_.loads.push_back({static_cast<std::uint32_t>(tick - replay_.start_tick), kind,
                             kind == Replay::Load::Kind::carried ? std::move(save) : nullptr});
}

Replay ReplayRecorder::finish(std::int64_t end_tick, std::int64_t complete_tick) const {
    Replay out = replay_;
    out.end_tick = stopped_at_ >= 0 ? stopped_at_ : std::min(end_tick, replay_.start_tick + max_replay_ticks);
    out.complete_tick = stopped_at_ >= 0 || complete_tick > out.end_tick ? -1 : complete_tick;
    for (const Replay::Change& change : out.changes) out.assists.note(change.held);
    return out;
}

std::vector<std::uint8_t> encode_replay(const Replay& replay) {
    std::vector<std::uint8_t> body(std::begin(replay_tag), std::end(replay_tag));
    put(body, replay_version);
    // The actions the bits cover: those before the assists unless an assist is held, so a replay without
    // assists reads in builds that came before them.
    std::uint32_t actions = static_cast<std::uint32_t>(Action::invincible);
    for (const Replay::Change& change : replay.changes) {
        while (actions < action_count && (change.held >> actions) != 0) ++actions;
    }
    put(body, actions);
    put(body, replay.start_tick);
    put(body, replay.end_tick);
    put(body, replay.complete_tick);
    put(body, static_cast<std::uint8_t>(replay.rewind_speedup ? 1 : 0));
    put(body, replay.play.geometry);
    put(body, replay.play.entities);
    put(body, replay.play.rules);
    put(body, replay.play.tuning);
    put(body, replay.play.sim_version);
    // The tuning by field name: (name length, name, value as a double) per field.
    std::vector<std::pair<std::string, double>> tuning;
    Tuning copy = replay.tuning;
    auto collect = [&](const char* name, auto& value, FieldSpec = {}) {
        tuning.emplace_back(name, static_cast<double>(value));
    };
    copy.fields(collect);
    put(body, static_cast<std::uint32_t>(tuning.size()));
    for (const auto& [name, value] : tuning) {
        put(body, static_cast<std::uint8_t>(name.size()));
        body.insert(body.end(), name.begin(), name.end());
        put(body, value);
    }
    put(body, static_cast<std::uint32_t>(replay.changes.size()));
    for (const Replay::Change& change : replay.changes) {
        put(body, change.offset);
        put(body, change.held);
    }
    put(body, static_cast<std::uint32_t>(replay.loads.size()));
    for (const Replay::Load& load : replay.loads) {
        put(body, load.offset);
        put(body, static_cast<std::uint8_t>(load.kind));
        if (load.kind != Replay::Load::Kind::carried) continue;
        const std::vector<std::uint8_t> encoded =
            load.save->file_bytes ? std::vector<std::uint8_t>{} : encode_save_file(*load.save);
        const std::vector<std::uint8_t>& save = load.save->file_bytes ? *load.save->file_bytes : encoded;
        put(body, static_cast<std::uint32_t>(save.size()));
        body.insert(body.end(), save.begin(), save.end());
    }
    if (replay.assists.any()) {
        const RunAssists& a = replay.assists;
        put(body, assists_part);
        put(body, static_cast<std::uint8_t>(std::clamp(a.game_speed, 50, 100)));
        put(body, static_cast<std::uint8_t>((a.frame_advance ? assist_frame_advance : 0) |
                                            (a.invincible ? assist_invincible : 0) |
                                            (a.infinite_hearts ? assist_infinite_hearts : 0)));
    }
    return wrap_save_body(quickstep_saves, body, replay_container_version, replay.level, replay.play.id());
}

std::optional<Replay> decode_replay(const std::vector<std::uint8_t>& file, std::string& error) {
    std::optional<SaveBody> unwrapped =
        unwrap_save_file(quickstep_saves, file, newest_replay_container_read, error);
    if (!unwrapped) return std::nullopt;
    const std::vector<std::uint8_t>& body = unwrapped->body;
    if (body.size() < sizeof replay_tag || std::memcmp(body.data(), replay_tag, sizeof replay_tag) != 0) {
        error = "not a replay (a save file or another file in the save container)";
        return std::nullopt;
    }
    Reader in{body, sizeof replay_tag};
    Replay replay;
    replay.level = unwrapped->content_id;
    std::uint32_t version = 0, actions = 0, count = 0;
    std::uint8_t speedup = 0;
    if (!in.get(version) || !in.get(actions) || !in.get(replay.start_tick) || !in.get(replay.end_tick) ||
        !in.get(replay.complete_tick) || !in.get(speedup)) {
        error = "truncated replay header";
        return std::nullopt;
    }
    if (version < 1 || version > replay_version) {
        error = "replay format " + std::to_string(version) + " (this build reads formats 1 to " +
                std::to_string(replay_version) + ")";
        return std::nullopt;
    }
    replay.legacy = version < replay_version_with_play;
    if (!replay.legacy) {
        PlayIdentity& play = replay.play;
        std::uint32_t fields = 0;
        if (!in.get(play.geometry) || !in.get(play.entities) || !in.get(play.rules) || !in.get(play.tuning) ||
            !in.get(play.sim_version) || !in.get(fields)) {
            error = "truncated replay header (play identity)";
            return std::nullopt;
        }
        if (play.id() != unwrapped->content_hash || play.sim_version == 0) {
            error = "its play identity does not match its header (damaged)";
            return std::nullopt;
        }
        if (fields > max_tuning_fields) {
            error =
                std::to_string(fields) + " tuning fields (at most " + std::to_string(max_tuning_fields) + ")";
            return std::nullopt;
        }
        std::map<std::string, double> tuning;
        for (std::uint32_t i = 0; i < fields; ++i) {
            std::uint8_t length = 0;
            double value = 0;
            if (!in.get(length) || body.size() - in.at < length) {
                error = "truncated tuning";
                return std::nullopt;
            }
            std::string name(body.begin() + static_cast<std::ptrdiff_t>(in.at),
                             body.begin() + static_cast<std::ptrdiff_t>(in.at + length));
            in.at += length;
            if (!in.get(value)) {
                error = "truncated tuning";
                return std::nullopt;
            }
            tuning[name] = value;
        }
        // Every value is checked against its field's range; a field this build does not know means a newer
        // build's rules; a field it lacks keeps its default (a new field changes the simulation version).
        std::string problem;
        std::size_t known = 0;
        auto read = [&]<class T>(const char* name, T& value, FieldSpec spec = {}) {
            const auto it = tuning.find(name);
            if (it == tuning.end()) return;
            ++known;
            if (!number_in_range<T>(it->second, spec)) {
                if (problem.empty())
                    problem = "tuning " + std::string(name) + " is " + format_field_number(it->second) +
                              ", outside " + describe_range<T>(spec);
                return;
            }
            value = static_cast<T>(it->second);
        };
        replay.tuning.fields(read);
        if (problem.empty() && known != tuning.size()) {
            for (const auto& entry : tuning) {
                const std::string& name = entry.first;  // a plain reference: clang 14 cannot capture bindings
                bool found = false;
                auto find = [&](const char* field, auto&, FieldSpec = {}) { found = found || name == field; };
                replay.tuning.fields(find);
                if (!found) {
                    problem = "tuning field '" + name + "' unknown to this build (a newer build's replay)";
                    break;
                }
            }
        }
        if (!problem.empty()) {
            error = problem;
            return std::nullopt;
        }
    }
    if (!in.get(count)) {
        error = "truncated replay header";
        return std::nullopt;
    }
    // Actions are only ever appended (game/sim/actions.hpp), so a replay with fewer actions keeps its bits
    // where they are and plays as recorded; one with more comes from a newer build.
    if (actions == 0 || actions > action_count) {
        error = "recorded with " + std::to_string(actions) + " input actions, this build has " +
                std::to_string(action_count) + (actions > action_count ? " (a newer build's replay)" : "");
        return std::nullopt;
    }
    if (replay.level.empty()) {
        error = "the replay names no level";
        return std::nullopt;
    }
    if (replay.start_tick < 0 || replay.start_tick > max_replay_ticks ||
        replay.end_tick < replay.start_tick || replay.end_tick - replay.start_tick > max_replay_ticks) {
        error = "start tick " + std::to_string(replay.start_tick) + " / end tick " +
                std::to_string(replay.end_tick) + " out of range (0 to " + std::to_string(max_replay_ticks) +
                ")";
        return std::nullopt;
    }
    if (replay.complete_tick != -1 &&
        (replay.complete_tick < replay.start_tick || replay.complete_tick > replay.end_tick)) {
        error = "complete tick " + std::to_string(replay.complete_tick) + " outside the run";
        return std::nullopt;
    }
    if (speedup > 1) {
        error = "rewind speed-up flag " + std::to_string(speedup) + " is not 0 or 1";
        return std::nullopt;
    }
    replay.rewind_speedup = speedup == 1;
    constexpr std::size_t change_bytes = sizeof(std::uint32_t) + sizeof(std::uint64_t);
    if (count > (body.size() - in.at) / change_bytes) {
        error = std::to_string(count) + " input changes announced, " +
                std::to_string((body.size() - in.at) / change_bytes) + " present (truncated)";
        return std::nullopt;
    }
    const std::uint64_t valid_bits = actions >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << actions) - 1;
    replay.changes.resize(count);
    for (std::uint32_t i = 0; i < count; ++i) {
        Replay::Change& change = replay.changes[i];
        in.get(change.offset);
        in.get(change.held);
        if (change.held & ~valid_bits) {
            error = "input change " + std::to_string(i) + " holds unknown actions";
            return std::nullopt;
        }
        if ((i > 0 && change.offset <= replay.changes[i - 1].offset) ||
            change.offset > replay.end_tick - replay.start_tick) {
            error = "input change " + std::to_string(i) + " at offset " + std::to_string(change.offset) +
                    " is out of order or after the end of the run";
            return std::nullopt;
        }
    }
    std::uint32_t load_count = 0;
    if (version >= 2 && !in.get(load_count)) {
        error = "truncated replay: no quickload count";
        return std::nullopt;
    }
    constexpr std::size_t load_bytes = sizeof(std::uint32_t) + sizeof(std::uint8_t);
    if (load_count > (body.size() - in.at) / load_bytes) {
        error = std::to_string(load_count) +
                " quickloads announced, the rest of the replay is too short (truncated)";
        return std::nullopt;
    }
    for (std::uint32_t i = 0; i < load_count; ++i) {
        Replay::Load load;
        std::uint8_t kind = 0;
        const std::string which = "quickload " + std::to_string(i);
        if (!in.get(load.offset) || !in.get(kind)) {
            error = which + " is truncated";
            return std::nullopt;
        }
        if (load.offset > replay.end_tick - replay.start_tick ||
            (!replay.loads.empty() && load.offset < replay.loads.back().offset)) {
            error = which + " at offset " + std::to_string(load.offset) +
                    " is out of order or after the end of the run";
            return std::nullopt;
        }
        if (kind > static_cast<std::uint8_t>(Replay::Load::Kind::carried)) {
            error = which + " has an unknown kind " + std::to_string(kind);
            return std::nullopt;
        }
        load.kind = static_cast<Replay::Load::Kind>(kind);
        if (load.kind == Replay::Load::Kind::carried) {
            std::uint32_t size = 0;
            if (!in.get(size) || size > body.size() - in.at) {
                error = which + ": its save is truncated";
                return std::nullopt;
            }
            std::vector<std::uint8_t> file(body.begin() + static_cast<std::ptrdiff_t>(in.at),
                                           body.begin() + static_cast<std::ptrdiff_t>(in.at + size));
            in.at += size;
            std::string save_error;
            std::optional<SavedGame> save = decode_save_file(file, save_error);
            if (!save) {
                error = which + ": its save is damaged: " + save_error;
                return std::nullopt;
            }
            save->file_bytes = std::make_shared<const std::vector<std::uint8_t>>(std::move(file));
            load.save = std::make_shared<const SavedGame>(std::move(*save));
        }
        replay.loads.push_back(std::move(load));
    }
    if (in.at != body.size()) {
        const std::size_t stray = body.size() - in.at;
        std::uint8_t part = 0, speed = 0, flags = 0;
        if (stray != 3 || !in.get(part) || part != assists_part || !in.get(speed) || !in.get(flags)) {
            error = std::to_string(stray) + " stray bytes after the quickloads";
            return std::nullopt;
        }
        if (speed < 50 || speed > 100) {
            error = "assist game speed " + std::to_string(speed) + "% out of range (50 to 100)";
            return std::nullopt;
        }
        if (flags & ~(assist_frame_advance | assist_invincible | assist_infinite_hearts)) {
            error = "unknown assists (flags " + std::to_string(flags) + ")";
            return std::nullopt;
        }
        replay.assists.game_speed = speed;
        replay.assists.frame_advance = flags & assist_frame_advance;
        replay.assists.invincible = flags & assist_invincible;
        replay.assists.infinite_hearts = flags & assist_infinite_hearts;
    }
    for (const Replay::Change& change : replay.changes) replay.assists.note(change.held);
    return replay;
}

bool write_replay_file(const std::filesystem::path& path, const Replay& replay, std::string& error) {
    std::error_code ec;
    if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), ec);
    if (!write_file_atomically(path, encode_replay(replay), error)) {
        error = path.string() + ": " + error;
        return false;
    }
    return true;
}

std::optional<Replay> read_replay_file(const std::filesystem::path& path, std::string& error) {
    std::optional<std::vector<std::uint8_t>> bytes = read_whole_file(path, max_replay_file_bytes, error);
    std::optional<Replay> replay = bytes ? decode_replay(*bytes, error) : std::nullopt;
    if (!replay) error = path.string() + ": " + error;
    return replay;
}

}  // namespace qs
