// Split records: a level's personal best split by split and its best segments (the fastest time between
// two split points in any finished run), kept for one play identity (a run on another is not compared);
// and how a split of the run being played compares with them (the delta, ahead, behind or a best segment).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "game/view/hud.hpp"

namespace qs {

/// Where a split is: a checkpoint (its entity index, from 0) or the goal.
inline constexpr std::int64_t split_at_goal = -1;
/// The start of the level, where the first segment begins.
inline constexpr std::int64_t split_at_start = -2;

struct Split {
    std::int64_t at = split_at_goal;  ///< a checkpoint's entity index, or split_at_goal
    std::int64_t ticks = 0;           ///< level time when it was reached
    bool operator==(const Split&) const = default;
};

struct Segment {
    std::int64_t from = split_at_start;  ///< where it starts (split_at_start, a checkpoint)
    std::int64_t to = split_at_goal;     ///< where it ends
    std::int64_t ticks = 0;              ///< the fastest time between them
    bool operator==(const Segment&) const = default;
};

struct SplitRecord {
    std::uint64_t play = 0;              ///< PlayIdentity::id the runs were made on (0: none yet)
    std::vector<Split> best_run;         ///< the personal best's splits, the goal last
    std::vector<Segment> best_segments;  ///< one per pair of split points any finished run went between

    /// Caps on what is read from a file: more split points than a level holds entities is not a record.
    static constexpr std::size_t max_splits = 4096;
    static constexpr std::int64_t max_ticks = 1'000'000'000'000;

    /// The personal best's split at `at`, or null.
    const Split* best_split(std::int64_t at) const;
    /// The best segment from `from` to `to`, or null.
    const Segment* best_segment(std::int64_t from, std::int64_t to) const;
    /// The sum of best segments along the personal best's route (its own segment where no better one is
    /// known); 0 without a personal best.
    std::int64_t sum_of_best() const;
    /// The record after a finished run `run` (the goal last) on `play`: a record of another play identity
    /// starts over; the run's segments that are faster (or new) become best segments; the run becomes the
    /// personal best when there is none or its goal time is lower. Returns true when it did.
    bool add_finished_run(const std::vector<Split>& run, std::uint64_t play);
};

/// How a split of the run being played compares with the record it is played against.
struct SplitResult {
    Split split;
    bool has_delta = false;  ///< the personal best has a split there
    std::int64_t delta = 0;  ///< ticks ahead (< 0) or behind (> 0) of the personal best there
    SplitMark mark = SplitMark::none;
};

/// Compares `split`, reached after `previous` (split_at_start and 0 for the first), with `record`: the
/// delta to the personal best's split at the same place; gold when its segment beats the best segment
/// between the same two places, else ahead (delta <= 0) or behind.
SplitResult compare_split(const Split& split, const Split& previous, const SplitRecord& record);

/// "-0.33", "+1.20", "+1:02.50" for a delta in ticks, to the nearest hundredth of a second ("+" for 0).
std::string format_delta(std::int64_t ticks);

}  // namespace qs
