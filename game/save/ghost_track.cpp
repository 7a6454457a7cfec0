// Ghost tracks: recording by level time, and ghost files with every value checked on reading.
#include "game/save/ghost_track.hpp"

#include <cmath>
#include <cstring>

#include "engine/save_file.hpp"
#include "game/save/save_codec.hpp"

namespace qs {

namespace {

constexpr char ghost_tag[8] = {'Q', 'S', 'G', 'H', 'O', 'S', 'T', '2'};
constexpr char legacy_ghost_tag[8] = {'Q', 'S', 'G', 'H', 'O', 'S', 'T', '1'};
constexpr std::size_t play_bytes = 4 * 8 + 4;
constexpr std::uint32_t ghost_container_version = 2;
/// The newest container read: a save file's, so one given as a ghost is named as such.
constexpr std::uint32_t newest_ghost_container_read = save_format_version;
constexpr std::size_t point_bytes = 2 * sizeof(float) + 1;

}  // namespace

void GhostTrack::set(std::int64_t timer, Point point) {
    if (timer < 0 || static_cast<std::size_t>(timer) >= max_ghost_points) return;
    auto index = static_cast<std::size_t>(timer);
    if (points.size() <= index) points.resize(index + 1, point);
    points[index] = point;
    points.resize(index + 1);  // what came after belongs to a timeline that was undone
}

const GhostTrack::Point* GhostTrack::at(std::int64_t timer) const {
    if (timer < 0 || static_cast<std::size_t>(timer) >= points.size()) return nullptr;
    return &points[static_cast<std::size_t>(timer)];
}

bool write_ghost_file(const std::filesystem::path& path, const GhostTrack& track, std::string& error) {
    std::vector<std::uint8_t> body(std::begin(ghost_tag), std::end(ghost_tag));
    const PlayIdentity& play = track.play;
    for (std::uint64_t part : {play.geometry, play.entities, play.rules, play.tuning}) {
        const auto* bytes = reinterpret_cast<const std::uint8_t*>(&part);
        body.insert(body.end(), bytes, bytes + sizeof part);
    }
    const auto* sim = reinterpret_cast<const std::uint8_t*>(&play.sim_version);
    body.insert(body.end(), sim, sim + sizeof play.sim_version);
    auto count = static_cast<std::uint32_t>(track.points.size());
    body.insert(body.end(), reinterpret_cast<const std::uint8_t*>(&count),
                reinterpret_cast<const std::uint8_t*>(&count) + sizeof count);
    for (const GhostTrack::Point& point : track.points) {
        const auto* x = reinterpret_cast<const std::uint8_t*>(&point.x);
        const auto* y = reinterpret_cast<const std::uint8_t*>(&point.y);
        body.insert(body.end(), x, x + sizeof point.x);
        body.insert(body.end(), y, y + sizeof point.y);
        body.push_back(static_cast<std::uint8_t>(point.facing));
    }
    std::error_code ec;
    if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), ec);
    if (!write_file_atomically(
            path,
            wrap_save_body(quickstep_saves, body, ghost_container_version, track.level, track.play.id()),
            error)) {
        error = path.string() + ": " + error;
        return false;
    }
    return true;
}

std::optional<GhostTrack> read_ghost_file(const std::filesystem::path& path, std::string& error) {
    auto fail = [&](const std::string& why) {
        error = path.string() + ": " + why;
        return std::nullopt;
    };
    std::optional<std::vector<std::uint8_t>> file =
        read_whole_file(path, 64 + play_bytes + max_ghost_points * point_bytes + 4096, error);
    if (!file) return fail(error);
    std::optional<SaveBody> unwrapped =
        unwrap_save_file(quickstep_saves, *file, newest_ghost_container_read, error);
    if (!unwrapped) return fail(error);
    const std::vector<std::uint8_t>& body = unwrapped->body;
    GhostTrack track;
    track.level = unwrapped->content_id;
    if (body.size() >= sizeof ghost_tag && std::memcmp(body.data(), legacy_ghost_tag, sizeof ghost_tag) == 0)
        track.legacy = true;
    else if (body.size() < sizeof ghost_tag || std::memcmp(body.data(), ghost_tag, sizeof ghost_tag) != 0)
        return fail("not a ghost file");
    const std::size_t head = sizeof ghost_tag + (track.legacy ? 0 : play_bytes);
    if (body.size() < head + 4) return fail("truncated ghost file");
    if (!track.legacy) {
        PlayIdentity& play = track.play;
        const std::uint8_t* at = body.data() + sizeof ghost_tag;
        for (std::uint64_t* part : {&play.geometry, &play.entities, &play.rules, &play.tuning}) {
            std::memcpy(part, at, sizeof *part);
            at += sizeof *part;
        }
        std::memcpy(&play.sim_version, at, sizeof play.sim_version);
        if (play.sim_version == 0 || play.id() != unwrapped->content_hash)
            return fail("its play identity does not match its header (damaged)");
    }
    std::uint32_t count = 0;
    std::memcpy(&count, body.data() + head, sizeof count);
    if (count > max_ghost_points || body.size() != head + 4 + std::size_t{count} * point_bytes)
        return fail(std::to_string(count) + " points announced for " + std::to_string(body.size()) +
                    " bytes");
    track.points.resize(count);
    const std::uint8_t* at = body.data() + head + 4;
    for (std::uint32_t i = 0; i < count; ++i) {
        GhostTrack::Point& point = track.points[i];
        std::memcpy(&point.x, at, sizeof point.x);
        std::memcpy(&point.y, at + sizeof point.x, sizeof point.y);
        point.facing = static_cast<std::int8_t>(at[2 * sizeof(float)]);
        at += point_bytes;
        if (!std::isfinite(point.x) || !std::isfinite(point.y) || std::abs(point.x) > 1e6f ||
            std::abs(point.y) > 1e6f || point.facing < -1 || point.facing > 1)
            return fail("point " + std::to_string(i) + " is out of range");
    }
    return track;
}

}  // namespace qs
