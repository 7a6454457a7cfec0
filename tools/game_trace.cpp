// game_trace: plays a level headless with an input script and prints the player's state after every
// tick, for writing and fixing a level's solution.txt (where the player is when a jump must start).
//   game_trace LEVEL_FOLDER SCRIPT [EXTRA_TICKS=600]
// One line per tick: tick x y vx vy grounded health returning deaths completed. It stops when the level
// is completed or EXTRA_TICKS after the script's last command.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "game/levels/level_catalog.hpp"
#include "game/sim/tuning.hpp"
#include "game/sim/world.hpp"

int main(int argc, char** argv) {
    using namespace qs;
    if (argc < 3 || argc > 4) {
        std::fprintf(stderr, "usage: game_trace LEVEL_FOLDER SCRIPT [EXTRA_TICKS=600]\n");
        return 2;
    }
    const long extra = argc == 4 ? std::strtol(argv[3], nullptr, 10) : 600;
    if (extra < 0 || extra > 1'000'000) {
        std::fprintf(stderr, "game_trace: EXTRA_TICKS must be 0 to 1000000\n");
        return 2;
    }
    CheckedLevel checked = check_level(argv[1]);
    if (!checked.level) {
        for (const std::string& error : checked.errors) std::fprintf(stderr, "%s\n", error.c_str());
        return 1;
    }
    InputScript script;
    std::string error;
    if (!script.load(argv[2], error)) {
        std::fprintf(stderr, "%s\n", error.c_str());
        return 2;
    }
    std::vector<std::string> problems;
    const Tuning tuning = load_tuning(std::string(QUICKSTEP_SOURCE_DIR) + "/assets/tuning.json", problems);
    World world(checked.level, tuning, checked.entities, checked.terrain);
    ActionState actions;
    const std::int64_t end = std::max<std::int64_t>(script.last_tick(), 0) + extra;
    for (std::int64_t tick = 0; tick < end && !world.game.completed; ++tick) {
        actions.begin_tick();
        script.apply(tick, actions);
        world.step(actions);
        world.take_events();
        const Player* p = world.get<Player>(world.game.player);
        if (!p) continue;
        std::printf("%lld %.3f %.3f %.2f %.2f %d %d %d %d %d\n", static_cast<long long>(tick + 1), p->state.x,
                    p->state.y, p->state.vx, p->state.vy, p->grounded ? 1 : 0, p->health,
                    p->returning() ? 1 : 0, world.game.deaths, world.game.completed ? 1 : 0);
    }
    return 0;
}
