// Level warnings: a flood fill over standing spots with simulated jump arcs, and cheap placement checks.
#include "game/levels/level_lint.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <optional>
#include <set>
#include <utility>

#include "game/sim/world.hpp"

namespace qs {
namespace {

constexpr double kDt = 1.0 / 60.0;
constexpr int kMaxArcTicks = 300;
/// Work cap for the flood fill (arc ticks simulated); beyond it the reachability warning is skipped.
constexpr std::int64_t kMaxArcWork = 30'000'000;

/// Tiles as the flood fill sees them: blocking boxes, and surfaces one can stand on.
class Terrain {
   public:
    Terrain(const LevelData& level, const std::vector<Entity>& entities) : tiles_(level.tiles) {
        ledge_.assign(tiles_.tiles.size(), 0);
        spring_.assign(tiles_.tiles.size(), 0);
        // Platforms: a ledge along their whole path (they carry whoever stands on them).
        for (const Entity& entity : entities) {
            const BodyState& state = body_state(entity);
            const int tx = static_cast<int>(std::floor(state.x)), ty = static_cast<int>(std::floor(state.y));
            // Crumbles: a ledge while they are there. Springs: a launch from their tile.
            if (std::holds_alternative<Crumble>(entity) && tiles_.inside(tx, ty)) ledge_[index(tx, ty)] = 2;
            if (const auto* spring = std::get_if<Spring>(&entity); spring && tiles_.inside(tx, ty))
                spring_[index(tx, ty)] = spring->power;
            // Conveyors: a ledge along their width.
            if (const auto* belt = std::get_if<Conveyor>(&entity)) {
                for (int col = static_cast<int>(std::floor(state.x - belt->half_width() + 0.01));
                     col <= static_cast<int>(std::floor(state.x + belt->half_width() - 0.01)); ++col) {
                    if (tiles_.inside(col, ty)) ledge_[index(col, ty)] = 1;
                }
            }
            const auto* platform = std::get_if<Platform>(&entity);
            if (!platform) continue;
            const double x0 = platform->state.x, y0 = platform->state.y;
            const int steps =
                1 + static_cast<int>(std::ceil(std::max(std::abs(platform->dx), std::abs(platform->dy))));
            for (int s = 0; s <= steps; ++s) {
                const double t = static_cast<double>(s) / steps;
                const double cx = x0 + platform->dx * t, cy = y0 + platform->dy * t;
                const int row = static_cast<int>(std::floor(cy));
                for (int col = static_cast<int>(std::floor(cx - platform->half_width() + 0.01));
                     col <= static_cast<int>(std::floor(cx + platform->half_width() - 0.01)); ++col) {
                    if (tiles_.inside(col, row)) ledge_[index(col, row)] = 1;
                }
            }
        }
    }

    int width() const { return tiles_.width; }
    int height() const { return tiles_.height; }

    /// Blocks a box from every side (outside the level at the left and right counts as a wall).
    bool solid(int x, int y) const {
        if (x < 0 || x >= tiles_.width) return true;
        return tile_is_solid(tiles_.at(x, y));
    }
    /// Something to stand on: a safe floor tile (not spikes) or a platform's ledge.
    bool floor(int x, int y) const {
        if (!tiles_.inside(x, y)) return false;
        return tile_properties(tiles_.at(x, y)).safe_floor || ledge_[index(x, y)];
    }
    /// A floor one can drop through: a one-way tile, or a crumble (it falls away).
    bool oneway(int x, int y) const {
        return tile_properties(tiles_.at(x, y)).one_way || (tiles_.inside(x, y) && ledge_[index(x, y)] == 2);
    }
    bool spikes(int x, int y) const { return tile_properties(tiles_.at(x, y)).hurts; }
    /// The launch speed of a spring in the cell, 0 for none.
    double spring(int x, int y) const { return tiles_.inside(x, y) ? spring_[index(x, y)] : 0.0; }
    /// A cell where the player can stand: open, with a floor below.
    bool standing(int x, int y) const { return y >= 0 && !solid(x, y) && floor(x, y + 1); }

    /// Does a centred box overlap a solid tile?
    bool box_blocked(double cx, double cy, double hw, double hh) const {
        const int x0 = static_cast<int>(std::floor(cx - hw)),
                  x1 = static_cast<int>(std::floor(cx + hw - 1e-9));
        const int y0 = static_cast<int>(std::floor(cy - hh)),
                  y1 = static_cast<int>(std::floor(cy + hh - 1e-9));
        for (int y = y0; y <= y1; ++y) {
            for (int x = x0; x <= x1; ++x) {
                if (y >= 0 && solid(x, y)) return true;
                if (y < 0 && (x < 0 || x >= tiles_.width)) return true;
            }
        }
        return false;
    }

    std::size_t index(int x, int y) const { return static_cast<std::size_t>(y) * tiles_.width + x; }

   private:
    const TileGrid& tiles_;
    std::vector<std::uint8_t> ledge_;  ///< 1: a platform's path, 2: a crumble
    std::vector<double> spring_;
};

/// Flood fill over standing cells with simulated arcs; true as soon as the player's box touches `goal`.
class Reach {
   public:
    Reach(const Terrain& terrain, const Tuning& tuning, std::vector<std::pair<double, double>> goals)
        : terrain_(terrain), tuning_(tuning), goals_(std::move(goals)) {
        seen_.assign(static_cast<std::size_t>(terrain.width()) * terrain.height(), 0);
    }

    /// nullopt when the level is too large to decide within the work cap.
    std::optional<bool> from(double start_x, double start_y) {
        for (double target : targets()) {
            if (arc(start_x, start_y, 0, 0, target, false)) return true;
        }
        while (!queue_.empty()) {
            const auto [x, y] = queue_.front();
            queue_.pop_front();
            if (work_ > kMaxArcWork) return std::nullopt;
            const double feet = y + 1.0;
            const double cy = feet - Player::half_height - 1e-6;
            if (touches_goal(x + 0.5, cy)) return true;
            for (int side : {-1, 1}) {
                if (terrain_.standing(x + side, y)) push(x + side, y);
            }
            // Start spots: the middle of the tile and both edges (still on it, or just past it: coyote time).
            for (double offset : {0.0, -0.8, 0.8}) {
                const double sx = x + 0.5 + offset;
                if (terrain_.box_blocked(sx, cy, Player::half_width, Player::half_height)) continue;
                for (double start_vx : {-tuning_.run_speed, 0.0, tuning_.run_speed}) {
                    for (double target : targets()) {
                        if (arc(sx, cy, start_vx, -tuning_.jump_speed, target, true)) return true;
                        if (offset != 0 && arc(sx, cy, start_vx, 0, target, false)) return true;
                    }
                }
            }
            // A spring in the cell: its launch, unaffected by the jump button.
            if (const double power = terrain_.spring(x, y); power > 0) {
                for (double start_vx : {-tuning_.run_speed, 0.0, tuning_.run_speed}) {
                    for (double target : targets()) {
                        if (arc(x + 0.5, cy, start_vx, -power, target, false)) return true;
                    }
                }
            }
            // Dropping through a one-way floor or a crumble.
            if (terrain_.oneway(x, y + 1) &&
                !terrain_.box_blocked(x + 0.5, cy + 1.0, Player::half_width, Player::half_height)) {
                for (double target : targets()) {
                    if (arc(x + 0.5, cy + 1.0, 0, 0, target, false)) return true;
                }
            }
        }
        return false;
    }

   private:
    std::vector<double> targets() const {
        const double run = tuning_.run_speed;
        return {-run, -run / 2, 0, run / 2, run};
    }

    bool touches_goal(double x, double y) const {
        return std::any_of(goals_.begin(), goals_.end(), [&](const std::pair<double, double>& goal) {
            return std::abs(x - goal.first) < Player::half_width + Goal::half_width &&
                   std::abs(y - goal.second) < Player::half_height + Goal::half_height;
        });
    }

    void push(int x, int y) {
        if (!terrain_.standing(x, y)) return;
        const std::size_t i = terrain_.index(x, y);
        if (seen_[i]) return;
        seen_[i] = 1;
        queue_.emplace_back(x, y);
    }

    /// Simulates the player's box from (x, y): horizontal speed easing towards `target_vx` with the air
    /// acceleration, gravity as the player feels it (lighter while a held jump rises). Landing spots are
    /// queued; returns true if the box touches the goal on the way.
    bool arc(double x, double y, double vx, double vy, double target_vx, bool holding_jump) {
        const double hw = Player::half_width, hh = Player::half_height;
        for (int tick = 0; tick < kMaxArcTicks; ++tick) {
            ++work_;
            const double accel = tuning_.air_accel * kDt;
            vx = vx < target_vx ? std::min(target_vx, vx + accel) : std::max(target_vx, vx - accel);
            const bool rising = vy < 0 && holding_jump;
            vy = std::min(tuning_.max_fall_speed,
                          vy + tuning_.gravity * (rising ? 1.0 : tuning_.fall_gravity_factor) * kDt);
            const double nx = x + vx * kDt;
            if (terrain_.box_blocked(nx, y, hw, hh)) {
                vx = 0;
            } else {
                x = nx;
            }
            const double ny = y + vy * kDt;
            if (vy > 0) {
                // Landing: the feet cross the top of a floor tile under the box.
                const double feet = y + hh, new_feet = ny + hh;
                const int row = static_cast<int>(std::floor(new_feet));
                if (feet <= row + 1e-9) {
                    const int x0 = static_cast<int>(std::floor(x - hw)),
                              x1 = static_cast<int>(std::floor(x + hw));
                    bool landed = false, on_spikes = false;
                    for (int col = x0; col <= x1; ++col) {
                        if (terrain_.floor(col, row) && !terrain_.solid(col, row - 1)) {
                            push(col, row - 1);
                            landed = true;
                        } else if (terrain_.spikes(col, row)) {
                            on_spikes = true;
                        }
                    }
                    if (landed) return touches_goal(x, row - hh);
                    if (on_spikes) return false;
                }
                if (terrain_.box_blocked(x, ny, hw, hh)) return false;
            } else if (terrain_.box_blocked(x, ny, hw, hh)) {
                vy = 0;
                holding_jump = false;
                continue;
            }
            y = ny;
            if (touches_goal(x, y)) return true;
            if (y - hh > terrain_.height()) return false;  // fell out of the level
        }
        return false;
    }

    const Terrain& terrain_;
    const Tuning& tuning_;
    std::vector<std::pair<double, double>> goals_;
    std::vector<std::uint8_t> seen_;
    std::deque<std::pair<int, int>> queue_;
    std::int64_t work_ = 0;
};

std::string pixel_where(const LevelData& level, const SpritePlacement& placement) {
    return placement_location(level, placement) + ": warning: ";
}

std::string tiles_text(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", value);
    return text;
}

}  // namespace

std::vector<std::string> level_warnings(const LevelData& level, const std::vector<Entity>& entities,
                                        const Tuning& tuning) {
    std::vector<std::string> warnings;
    const std::size_t count = std::min(entities.size(), level.placements.size());
    const Terrain terrain(level, entities);

    // Doors some switch targets (references point at placement index i as {i, 1}).
    std::set<std::uint32_t> targeted;
    for (std::size_t i = 0; i < count; ++i) {
        if (const auto* lever = std::get_if<Switch>(&entities[i])) {
            for (const EntityRef& ref : lever->targets.refs) targeted.insert(ref.index);
        }
    }

    std::optional<std::size_t> player, goal;
    std::vector<std::pair<double, double>> goal_spots;
    for (std::size_t i = 0; i < count; ++i) {
        const SpritePlacement& at = level.placements[i];
        const Entity& entity = entities[i];
        const BodyState& state = body_state(entity);
        if (std::holds_alternative<Player>(entity)) player = i;
        if (std::holds_alternative<Goal>(entity)) {
            if (!goal) goal = i;
            goal_spots.emplace_back(state.x, state.y);
        }
        if (std::holds_alternative<Coin>(entity)) {
            const int tx = static_cast<int>(std::floor(state.x)), ty = static_cast<int>(std::floor(state.y));
            if (tile_is_solid(level.tiles.at(tx, ty))) {
                warnings.push_back(pixel_where(level, at) + "coin inside a solid tile (" +
                                   std::to_string(tx) + "," + std::to_string(ty) +
                                   "): it cannot be collected");
            }
        } else if (const auto* area = std::get_if<CameraArea>(&entity)) {
            if (area->w < kScreenTilesWide || area->h < kScreenTilesHigh) {
                warnings.push_back(pixel_where(level, at) + "camera_area is " + std::to_string(area->w) +
                                   "x" + std::to_string(area->h) + " tiles, smaller than the screen (" +
                                   tiles_text(kScreenTilesWide) + "x" + tiles_text(kScreenTilesHigh) +
                                   " tiles): the camera shows what lies outside it");
            }
        } else if (std::holds_alternative<Door>(entity)) {
            if (!targeted.count(static_cast<std::uint32_t>(i))) {
                warnings.push_back(pixel_where(level, at) +
                                   "door that no switch targets: it never opens or closes (give it an id and "
                                   "name it in a switch's targets)");
            }
        }
    }

    // Turrets whose shots outlast their interval pile up: each keeps at most one shot per `interval`
    // ticks of a shot's longest life in flight.
    std::uint64_t shots = 0;
    std::optional<std::size_t> first_turret;
    for (std::size_t i = 0; i < count; ++i) {
        if (const auto* turret = std::get_if<Turret>(&entities[i])) {
            if (!first_turret) first_turret = i;
            const auto life = static_cast<std::uint64_t>(tuning.projectile_max_age) + 2;
            shots += (life + static_cast<std::uint64_t>(turret->interval) - 1) /
                     static_cast<std::uint64_t>(std::max(1, turret->interval));
        }
    }
    if (first_turret && entities.size() + shots > max_live_entities) {
        warnings.push_back(pixel_where(level, level.placements[*first_turret]) +
                           "the level's turrets can keep up to " + std::to_string(shots) +
                           " shots in flight (one per interval of a shot's " +
                           std::to_string(tuning.projectile_max_age) + "-tick life); with its " +
                           std::to_string(entities.size()) + " placed things that is over the " +
                           std::to_string(max_live_entities) +
                           " a level can hold at once, and turrets stop firing there (raise their interval)");
    }

    if (player && goal) {
        const BodyState& start = body_state(entities[*player]);
        Reach reach(terrain, tuning, goal_spots);
        const std::optional<bool> reachable = reach.from(start.x, start.y);
        if (reachable && !*reachable) {
            warnings.push_back(
                pixel_where(level, level.placements[*goal]) +
                std::string(goal_spots.size() > 1 ? "no goal is" : "goal not") +
                " reachable from the player's start by running and jumping (jumps of up "
                "to about " +
                tiles_text(std::floor(tuning.jump_speed * tuning.jump_speed / (2 * tuning.gravity) * 10) /
                           10) +
                " tiles high, as assets/tuning.json sets them; doors counted as open)");
        }
    }
    return warnings;
}

}  // namespace qs
