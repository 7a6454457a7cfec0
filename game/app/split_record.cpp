// Split records: comparing a split with the personal best and the best segments, and keeping them.
#include "game/app/split_record.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace qs {

const Split* SplitRecord::best_split(std::int64_t at) const {
    for (const Split& split : best_run) {
        if (split.at == at) return &split;
    }
    return nullptr;
}

const Segment* SplitRecord::best_segment(std::int64_t from, std::int64_t to) const {
    for (const Segment& segment : best_segments) {
        if (segment.from == from && segment.to == to) return &segment;
    }
    return nullptr;
}

std::int64_t SplitRecord::sum_of_best() const {
    std::int64_t sum = 0;
    Split previous{split_at_start, 0};
    for (const Split& split : best_run) {
        const std::int64_t own = split.ticks - previous.ticks;
        const Segment* best = best_segment(previous.at, split.at);
        sum += best ? std::min(best->ticks, own) : own;
        previous = split;
    }
    return sum;
}

bool SplitRecord::add_finished_run(const std::vector<Split>& run, std::uint64_t run_play) {
    if (run.empty()) return false;
    if (play != run_play) *this = SplitRecord{run_play, {}, {}};
    Split previous{split_at_start, 0};
    for (const Split& split : run) {
        const std::int64_t ticks = split.ticks - previous.ticks;
        auto best = std::find_if(best_segments.begin(), best_segments.end(),
                                 [&](const Segment& s) { return s.from == previous.at && s.to == split.at; });
        if (best == best_segments.end()) {
            if (best_segments.size() < max_splits) best_segments.push_back({previous.at, split.at, ticks});
        } else {
            best->ticks = std::min(best->ticks, ticks);
        }
        previous = split;
    }
    if (!best_run.empty() && best_run.back().ticks <= run.back().ticks) return false;
    best_run.assign(run.begin(), run.begin() + static_cast<std::ptrdiff_t>(std::min(run.size(), max_splits)));
    return true;
}

SplitResult compare_split(const Split& split, const Split& previous, const SplitRecord& record) {
    SplitResult result{split};
    if (const Split* best = record.best_split(split.at)) {
        result.has_delta = true;
        result.delta = split.ticks - best->ticks;
        result.mark = result.delta <= 0 ? SplitMark::ahead : SplitMark::behind;
    }
    if (const Segment* best = record.best_segment(previous.at, split.at);
        best && split.ticks - previous.ticks < best->ticks)
        result.mark = SplitMark::gold;
    return result;
}

std::string format_delta(std::int64_t ticks) {
    // Hundredths of a second, rounded to the nearest.
    const std::int64_t hundredths = (std::llabs(ticks) * 100 + 30) / 60;
    const char sign = ticks < 0 ? '-' : '+';
    char text[40];
    if (hundredths >= 6000) {
        std::snprintf(
            text, sizeof text, "%c%lld:%02lld.%02lld", sign, static_cast<long long>(hundredths / 6000),
            static_cast<long long>(hundredths / 100 % 60), static_cast<long long>(hundredths % 100));
    } else {
        std::snprintf(text, sizeof text, "%c%lld.%02lld", sign, static_cast<long long>(hundredths / 100),
                      static_cast<long long>(hundredths % 100));
    }
    return text;
}

}  // namespace qs
