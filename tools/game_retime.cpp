// game_retime: re-times a level's input script after a change of movement feel (jump height, speed, ...)
// so that it finishes the level again without losing a heart, by moving jump presses and adding hops.
//   game_retime LEVEL_FOLDER SCRIPT OUT [--gems] [--hearts N] [--rounds N]
//               [--after TICK] [--next K] [--max-move N] [--no-hops]
// It plays the script headless (as game_trace does, with assets/tuning.json), finds the first tick where
// the player dies or loses more than N hearts (default 0; with --gems: or finishes with a gem left), and
// tries, nearest first, moving one of the last two jumps before it by up to 14 ticks (its release with it),
// or a new hop up to 40 ticks before it. It keeps the change that puts the first mistake latest and goes on
// from there until the run is clean. The other options make it re-time only what a player would after one
// press they made early or late (tools/difficulty_table.py uses them): --after TICK moves only jumps
// pressed after TICK, however long before the first mistake, and keeps them and new hops after it; --next K
// only the first K of those; --max-move N keeps each jump within N ticks of where the script had it (14 by
// default); --no-hops adds no hop. Comments and the script's other lines are kept; OUT gets the result and
// the changes are printed. Exit 0 when the result is clean, 1 when no change helps (OUT then holds the best
// found), 2 for bad arguments or files. Check the result with `quickstep LEVEL --headless --input OUT`.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/whole_number.hpp"
#include "game/levels/level_catalog.hpp"
#include "game/sim/entities/gem.hpp"
#include "game/sim/tuning.hpp"
#include "game/sim/world.hpp"

namespace {

using namespace qs;

/// One line of the script: a command (tick and word) or a line kept as it is (comment, blank).
struct ScriptLine {
    bool command = false;
    std::int64_t tick = 0;
    std::string word;
    std::string text;       ///< the line as read for other lines; for a command, its comment ("# ...") if any
    std::int64_t from = 0;  ///< for a command, its tick in the script as read
    bool movable = true;    ///< for a jump press, whether the retimer may move it
};

/// Which changes the retimer may make (the command line's options).
struct RetimeLimits {
    std::int64_t after = -1;  ///< only jumps pressed after this tick move; hops go after it
    int max_move = 14;        ///< a jump stays within this many ticks of its tick as read
    bool hops = true;         ///< whether new hops may be added
};

/// What a run of the script shows: the first tick that went wrong, or that it finished clean.
struct Outcome {
    static constexpr std::int64_t clean = INT64_MAX;
    std::int64_t first_mistake = 0;  ///< clean, or the tick of the first heart lost / death / missed gem
    std::string what;                ///< what went wrong there
};

std::string script_text(const std::vector<ScriptLine>& lines) {
    std::string out;
    for (const ScriptLine& line : lines) {
        if (!line.command) {
            out += line.text + "\n";
            continue;
        }
        out +=
            std::to_string(line.tick) + " " + line.word + (line.text.empty() ? "" : "  " + line.text) + "\n";
    }
    return out;
}

/// Commands sorted by tick (stable: the order within a tick is kept), comments where they were.
void sort_commands(std::vector<ScriptLine>& lines) {
    std::vector<ScriptLine> commands;
    for (const ScriptLine& line : lines)
        if (line.command) commands.push_back(line);
    std::stable_sort(commands.begin(), commands.end(),
                     [](const ScriptLine& a, const ScriptLine& b) { return a.tick < b.tick; });
    std::size_t next = 0;
    for (ScriptLine& line : lines)
        if (line.command) line = commands[next++];
}

class Retimer {
   public:
    /// `horizon`: the tick after the original script's last command; changes stay before it.
    Retimer(const CheckedLevel& level, const Tuning& tuning, bool gems, int hearts, std::int64_t horizon,
            RetimeLimits limits)
        : level_(level), tuning_(tuning), gems_(gems), hearts_(hearts), horizon_(horizon), limits_(limits) {}

    Outcome play(const std::vector<ScriptLine>& lines) const {
        InputScript script;
        std::string error;
        if (!script.parse(script_text(lines), "retimed script", error)) return {0, error};
        World world(level_.level, tuning_, level_.entities, level_.terrain);
        ActionState actions;
        const Player* start = world.find<Player>(world.game.player);
        const int full_health = start ? start->health : 0;
        const std::int64_t end = std::max<std::int64_t>(script.last_tick(), 0) + 600;
        for (std::int64_t tick = 0; tick < end && !world.game.completed; ++tick) {
            actions.begin_tick();
            script.apply(tick, actions);
            world.step(actions);
            world.take_events();
            const Player* p = world.find<Player>(world.game.player);
            if (world.game.deaths > 0) return {tick + 1, "a death"};
            if (p && p->health < full_health - hearts_) return {tick + 1, "a heart lost"};
        }
        // Past the last death or heart lost, only finishing counts: a run that stops short, or misses a
        // gem, is judged at the horizon, which no change can move.
        if (!world.game.completed) return {horizon_, "the level is not finished"};
        if (gems_) {
            int left = 0;
            world.entities.for_each([&](auto, const Entity& e) {
                if (const Gem* gem = std::get_if<Gem>(&e); gem && !gem->collected) ++left;
            });
            if (left > 0) return {horizon_, std::to_string(left) + " gem(s) not collected"};
        }
        return {Outcome::clean, "clean"};
    }

    /// The script changed in one way, with what the change is.
    struct Candidate {
        std::vector<ScriptLine> lines;
        std::string change;
    };

    std::vector<Candidate> candidates(const std::vector<ScriptLine>& lines, std::int64_t mistake) const {
        std::vector<Candidate> out;
        std::vector<std::size_t>
            presses;  // jump presses before the mistake, at most 3 s before it unless --after
        for (std::size_t i = 0; i < lines.size(); ++i) {
            const ScriptLine& l = lines[i];
            if (l.command && l.movable && (l.word == "+jump" || l.word == "jump") && l.tick < mistake &&
                (l.tick >= mistake - 180 || limits_.after >= 0))
                presses.push_back(i);
        }
        if (presses.size() > 2) presses.erase(presses.begin(), presses.end() - 2);
        for (int distance = 1; distance <= std::max(14, limits_.max_move); ++distance) {
            for (int sign : {-1, 1}) {
                const int d = sign * distance;
                for (std::size_t p : presses) {
                    std::vector<ScriptLine> moved = lines;
                    const std::int64_t to = moved[p].tick + d;
                    if (to < 0 || to >= horizon_ || to <= limits_.after ||
                        std::abs(to - moved[p].from) > limits_.max_move)
                        continue;
                    moved[p].tick += d;
                    if (moved[p].word == "+jump") {
                        for (std::size_t j = p + 1; j < moved.size(); ++j) {
                            if (moved[j].command && moved[j].word == "-jump") {
                                moved[j].tick += d;
                                break;
                            }
                        }
                    }
                    sort_commands(moved);
                    out.push_back({std::move(moved), "jump at " + std::to_string(lines[p].tick) +
                                                         " moved by " + std::to_string(d)});
                }
            }
            if (limits_.hops && distance % 2 == 0 && distance * 2 <= 40) {
                for (int hold : {6, 10, 14, 20}) {
                    const std::int64_t at = mistake - distance * 2;
                    if (at < 0 || at <= limits_.after || at + hold >= horizon_) continue;
                    std::vector<ScriptLine> hop = lines;
                    hop.push_back({true, at, "+jump", {}, at});
                    hop.push_back({true, at + hold, "-jump", {}, at + hold});
                    sort_commands(hop);
                    out.push_back(
                        {std::move(hop), "a hop at " + std::to_string(at) + " held " + std::to_string(hold)});
                }
            }
        }
        return out;
    }

   private:
    const CheckedLevel& level_;
    const Tuning& tuning_;
    bool gems_;
    int hearts_;
    std::int64_t horizon_;
    RetimeLimits limits_;
};

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string> positional;
    bool gems = false;
    long rounds = 30;
    long hearts = 0;
    long after = -1;
    long next = -1;
    long max_move = 14;
    bool hops = true;
    bool numbers_ok = true;  // every numeric option's value is a whole number (-1 is not one)
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        long* number = arg == "--hearts"     ? &hearts
                       : arg == "--rounds"   ? &rounds
                       : arg == "--after"    ? &after
                       : arg == "--next"     ? &next
                       : arg == "--max-move" ? &max_move
                                             : nullptr;
        if (arg == "--gems") {
            gems = true;
        } else if (number && i + 1 < argc) {
            numbers_ok = whole_number(argv[++i], *number) && numbers_ok;
        } else if (arg == "--no-hops") {
            hops = false;
        } else {
            positional.push_back(arg);
        }
    }
    if (!numbers_ok || positional.size() != 3 || rounds < 1 || rounds > 1000 || hearts < 0 || hearts > 1000 ||
        after < -1 || after > 10'000'000 || next < -1 || next > 1000 || max_move < 0 || max_move > 600) {
        std::fprintf(
            stderr,
            "usage: game_retime LEVEL_FOLDER SCRIPT OUT [--gems] [--hearts 0..1000] [--rounds 1..1000]\n"
            "                   [--after 0..10000000] [--next 0..1000] [--max-move 0..600] [--no-hops]\n");
        return 2;
    }
    CheckedLevel checked = check_level(positional[0]);
    if (!checked.level) {
        for (const std::string& error : checked.errors) std::fprintf(stderr, "%s\n", error.c_str());
        return 2;
    }
    std::ifstream in(positional[1]);
    if (!in) {
        std::fprintf(stderr, "game_retime: cannot read %s\n", positional[1].c_str());
        return 2;
    }
    std::vector<ScriptLine> lines;
    {
        std::string text;
        std::ostringstream all;
        all << in.rdbuf();
        InputScript check;
        std::string error;
        if (!check.parse(all.str(), positional[1], error)) {
            std::fprintf(stderr, "%s\n", error.c_str());
            return 2;
        }
        std::istringstream read(all.str());
        while (std::getline(read, text)) {
            const std::size_t hash = text.find('#');
            std::istringstream words(text.substr(0, hash));
            ScriptLine line;
            std::string word, extra;
            if (words >> line.tick >> word && !(words >> extra)) {
                line.command = true;
                line.word = word;
                line.from = line.tick;
                if (hash != std::string::npos) line.text = text.substr(hash);
            } else {
                line.text = text;
            }
            lines.push_back(line);
        }
    }
    std::vector<std::string> problems;
    const Tuning tuning = load_tuning(std::string(QUICKSTEP_SOURCE_DIR) + "/assets/tuning.json", problems);
    for (const std::string& problem : problems) std::fprintf(stderr, "tuning: %s\n", problem.c_str());

    std::int64_t last = 0;
    for (const ScriptLine& line : lines)
        if (line.command) last = std::max(last, line.tick);
    long movable_left = next;  // presses after `after` still movable under --next
    for (ScriptLine& line : lines) {
        if (!line.command || (line.word != "+jump" && line.word != "jump")) continue;
        line.movable = line.tick > after && movable_left != 0;
        if (line.movable && movable_left > 0) --movable_left;
    }
    const Retimer retimer(checked, tuning, gems, static_cast<int>(hearts), last + 1,
                          {after, static_cast<int>(max_move), hops});
    Outcome now = retimer.play(lines);
    int exit_code = 0;
    for (long round = 0; now.first_mistake != Outcome::clean; ++round) {
        std::printf("tick %lld: %s\n", static_cast<long long>(now.first_mistake), now.what.c_str());
        if (round == rounds) {
            std::printf("stopped after %ld rounds\n", rounds);
            exit_code = 1;
            break;
        }
        std::vector<Retimer::Candidate> tries = retimer.candidates(lines, now.first_mistake);
        const Retimer::Candidate* best = nullptr;
        Outcome best_outcome = now;
        for (const Retimer::Candidate& candidate : tries) {
            const Outcome outcome = retimer.play(candidate.lines);
            if (outcome.first_mistake > best_outcome.first_mistake) {
                best = &candidate;
                best_outcome = outcome;
                if (outcome.first_mistake == Outcome::clean) break;
            }
        }
        if (!best) {
            std::printf("no change moves the mistake at tick %lld later\n",
                        static_cast<long long>(now.first_mistake));
            exit_code = 1;
            break;
        }
        std::printf("  %s\n", best->change.c_str());
        lines = best->lines;
        now = best_outcome;
    }
    if (exit_code == 0) std::printf("clean: the level is finished%s\n", gems ? " with every gem" : "");
    std::ofstream out(positional[2], std::ios::trunc);
    out << script_text(lines);
    if (!out) {
        std::fprintf(stderr, "game_retime: cannot write %s\n", positional[2].c_str());
        return 2;
    }
    return exit_code;
}
