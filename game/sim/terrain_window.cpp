// The terrain window: parts of TerrainShapes created and destroyed in Box2D as the player moves, whole
// (an edge keeps its ghost vertices, a one-way run or spike rectangle stays one fixture), in part order.
#include "game/sim/terrain_window.hpp"

#include <algorithm>

#include <box2d/box2d.h>

#include "game/sim/collision.hpp"
#include "game/sim/tiles.hpp"

namespace qs {

namespace {

using ChunkSpan = TerrainShapes::ChunkSpan;

ChunkSpan around(const TerrainShapes& shapes, const TerrainWindow::Box& box, double grow) {
    return shapes.chunks_touching(box.x - box.half_width - grow, box.y - box.half_height - grow,
                                  box.x + box.half_width + grow, box.y + box.half_height + grow);
}

ChunkSpan intersection(const ChunkSpan& a, const ChunkSpan& b) {
    ChunkSpan s{std::max(a.x0, b.x0), std::max(a.y0, b.y0), std::min(a.x1, b.x1), std::min(a.y1, b.y1)};
    return a.empty() || b.empty() || s.empty() ? ChunkSpan{} : s;
}

ChunkSpan bounding(const ChunkSpan& a, const ChunkSpan& b) {
    if (a.empty()) return b;
    if (b.empty()) return a;
    return {std::min(a.x0, b.x0), std::min(a.y0, b.y0), std::max(a.x1, b.x1), std::max(a.y1, b.y1)};
}

b2Vec2 vec(OutlinePoint p) {
    return b2Vec2(static_cast<float>(p.x), static_cast<float>(p.y));
}

/// Calls f(part id) for every part listed in a chunk of `from` that is not in `but_not`, whose chunks do
/// not meet `but_not` (a part may come more than once).
template <class F>
void parts_only_in(const TerrainShapes& shapes, const ChunkSpan& from, const ChunkSpan& but_not, F&& f) {
    if (from.empty()) return;
    for (int cy = from.y0; cy <= from.y1; ++cy) {
        for (int cx = from.x0; cx <= from.x1; ++cx) {
            if (!but_not.empty() && but_not.x0 <= cx && cx <= but_not.x1 && but_not.y0 <= cy &&
                cy <= but_not.y1)
                continue;
            const std::size_t c = static_cast<std::size_t>(cy) * shapes.chunk_columns + cx;
            for (std::uint32_t i = shapes.chunk_start[c]; i < shapes.chunk_start[c + 1]; ++i) {
                const std::uint32_t id = shapes.chunk_parts[i];
                if (!shapes.parts[id].chunks.meets(but_not)) f(id);
            }
        }
    }
}

}  // namespace

ChunkSpan TerrainWindow::wanted(const TerrainShapes& shapes, const std::optional<Box>& player) {
    return player ? around(shapes, *player, margin) : ChunkSpan{};
}

void TerrainWindow::build(b2World& physics, const TerrainShapes& shapes, Frictions frictions,
                          ChunkSpan chunks) {
    b2BodyDef def;
    def.type = b2_staticBody;
    body_ = physics.CreateBody(&def);
    frictions_ = frictions;
    held_ = {};
    fixtures_.clear();
    move_to(shapes, chunks);
}

void TerrainWindow::follow(const TerrainShapes& shapes, const std::optional<Box>& player) {
    if (!player) {
        move_to(shapes, {});
        return;
    }
    const ChunkSpan near = around(shapes, *player, margin);
    const ChunkSpan keep = around(shapes, *player, keep_margin);
    if (held_.contains(near) && keep.contains(held_)) return;
    // The smallest rectangle holding what may stay and what must come; inside `keep`, as both are.
    move_to(shapes, bounding(intersection(held_, keep), near));
}

void TerrainWindow::move_to(const TerrainShapes& shapes, ChunkSpan target) {
    if (target == held_) return;
    // Parts that touch no chunk of the target go; then parts that touched no held chunk come.
    changed_.clear();
    parts_only_in(shapes, held_, target, [&](std::uint32_t id) { changed_.push_back(id); });
    std::sort(changed_.begin(), changed_.end());
    changed_.erase(std::unique(changed_.begin(), changed_.end()), changed_.end());
    if (!changed_.empty()) {
        for (std::uint32_t id : changed_) {
            auto held = std::lower_bound(fixtures_.begin(), fixtures_.end(), id,
                                         [](const auto& f, std::uint32_t part) { return f.first < part; });
            body_->DestroyFixture(held->second);
            held->second = nullptr;
        }
        std::erase_if(fixtures_, [](const auto& f) { return f.second == nullptr; });
    }
    changed_.clear();
    parts_only_in(shapes, target, held_, [&](std::uint32_t id) { changed_.push_back(id); });
    std::sort(changed_.begin(), changed_.end());
    changed_.erase(std::unique(changed_.begin(), changed_.end()), changed_.end());
    if (!changed_.empty()) {
        const auto middle = static_cast<std::ptrdiff_t>(fixtures_.size());
        for (std::uint32_t id : changed_) fixtures_.emplace_back(id, create_part(shapes, id));
        std::inplace_merge(fixtures_.begin(), fixtures_.begin() + middle, fixtures_.end(),
                           [](const auto& a, const auto& b) { return a.first < b.first; });
    }
    held_ = target;
}

b2Fixture* TerrainWindow::create_part(const TerrainShapes& shapes, std::uint32_t id) {
    using Kind = TerrainShapes::Part::Kind;
    const TerrainShapes::Part& part = shapes.parts[id];
    b2FixtureDef fixture;
    switch (part.kind) {
        case Kind::chain:
        case Kind::loop: {
            // Solid outline. Friction per fixture as deceleration over gravity (ice slippery); bodies have no
            // friction of their own, so movement feel comes from the tuning in each entity (Player::on_ice).
            b2Vec2 vertices[64];
            std::vector<b2Vec2> many;
            b2Vec2* points = vertices;
            if (part.count > std::size(vertices)) {
                many.resize(part.count);
                points = many.data();
            }
            for (std::uint32_t i = 0; i < part.count; ++i) points[i] = vec(shapes.part_point(part, i));
            b2ChainShape chain;
            if (part.kind == Kind::loop) {
                chain.CreateLoop(points, static_cast<int32>(part.count));
            } else {
                chain.CreateChain(points, static_cast<int32>(part.count), vec(shapes.ghost_before(part)),
                                  vec(shapes.ghost_after(part)));
            }
            fixture.shape = &chain;
            fixture.friction = part.outline_kind == static_cast<std::uint8_t>(TileFriction::ice)
                                   ? frictions_.ice
                                   : frictions_.ground;
            return body_->CreateFixture(&fixture);
        }
        case Kind::one_way: {
            // A one-sided edge along the top of the run (OneWayFilter lets bodies pass from below).
            const TerrainShapes::OneWayRun& run = shapes.one_way_runs[part.first];
            b2EdgeShape edge;
            const auto fy = static_cast<float>(run.y);
            const auto x0 = static_cast<float>(run.x0), x1 = static_cast<float>(run.x1);
            edge.SetOneSided(b2Vec2(x0 - 1.0f, fy), b2Vec2(x0, fy), b2Vec2(x1, fy), b2Vec2(x1 + 1.0f, fy));
            fixture.shape = &edge;
            fixture.friction = 0.0f;
            fixture.userData.pointer = one_way_tag;
            return body_->CreateFixture(&fixture);
        }
        case Kind::spike: {
            // A sensor seen by the player only (Player::react hurts on contact).
            const TileRect& rect = shapes.spikes[part.first];
            b2PolygonShape box;
            box.SetAsBox(static_cast<float>(rect.w) / 2, static_cast<float>(rect.h) / 2,
                         b2Vec2(static_cast<float>(rect.x) + static_cast<float>(rect.w) / 2,
                                static_cast<float>(rect.y) + static_cast<float>(rect.h) / 2),
                         0.0f);
            fixture.shape = &box;
            fixture.isSensor = true;
            fixture.filter.categoryBits = collision::terrain;
            fixture.filter.maskBits = collision::player;
            fixture.userData.pointer = spike_tag_base + part.first;
            return body_->CreateFixture(&fixture);
        }
    }
    return nullptr;
}

}  // namespace qs
