# The same future on every shipped level, in real play: run A plays the level's solution (which quicksaves
# once at tick M); run B plays the same solution up to M, wanders off for W ticks (running back, jumping),
# quickloads, restores the held keys, and plays the rest of the solution W ticks later. B must complete
# exactly W ticks after A, and both final dumps must be equal but for the tick. Run C does the same through
# the save file: a new process quickloads A's save from disk (so every field must be in the field lists).
# The dev test tier (lib/tier.bash) plays its sample of the levels.
source "$(dirname "$0")/lib/common.bash"
tier_levels "$SRC"

W=90
for level_dir in "${TIER_LEVEL_DIRS[@]}"; do
    level=$(basename "$level_dir")
    solution="$level_dir/solution.txt"
    [ -f "$solution" ] || continue
    python3 - "$solution" "$SCRATCH/$level.detour.txt" "$W" <<'PY' || { fail "$level: cannot build the detour script"; continue; }
import sys
from input_script import commands, held_before
src, out, W = sys.argv[1], sys.argv[2], int(sys.argv[3])
cmds = commands(src)
saves = [t for t, w in cmds if w == "quicksave"]
if not saves:
    sys.exit("no quicksave in the solution")
M = saves[0]
held = held_before(cmds, M)
movement = {"left", "right", "up", "down", "jump"}
lines = [f"{t} {w}" for t, w in cmds if t <= M]
# The detour: let go of everything, run back left with a jump, then turn around.
lines += [f"{M + 1} -{a}" for a in sorted(movement)]
lines += [f"{M + 1} +left", f"{M + 30} jump", f"{M + 60} -left", f"{M + 61} +right", f"{M + 85} -right"]
# The tick before the load holds what A held before tick M, so press edges at the load tick match A's at M.
lines += [f"{M + W - 1} -{a}" for a in sorted(movement - held)]
lines += [f"{M + W - 1} +{a}" for a in sorted(held & movement)]
lines.append(f"{M + W} quickload")
lines += [f"{t + W} {w}" for t, w in cmds if t == M and w != "quicksave"]
lines += [f"{t + W} {w}" for t, w in cmds if t > M]
open(out, "w").write("\n".join(lines) + "\n")
# Run C, a new process: tick 0 holds what A held before M, tick 1 loads the save from disk and goes on.
c = [f"0 +{a}" for a in sorted(held & movement)]
c.append("1 quickload")
c += [f"{t - M + 1} {w}" for t, w in cmds if t == M and w != "quicksave"]
c += [f"{t - M + 1} {w}" for t, w in cmds if t > M]
open(out.replace(".detour.txt", ".from_disk.txt"), "w").write("\n".join(c) + "\n")
open(out.replace(".detour.txt", ".save_tick"), "w").write(str(M))
PY
    "$QS" "$level" --headless --frames 36000 --input "$solution" --save-dir "$SCRATCH/$level.saves_a" \
        --dump-state "$SCRATCH/$level.a.json" >"$SCRATCH/$level.a.out" 2>/dev/null
    "$QS" "$level" --headless --frames 36000 --input "$SCRATCH/$level.detour.txt" --save-dir "$SCRATCH/$level.saves_b" \
        --dump-state "$SCRATCH/$level.b.json" >"$SCRATCH/$level.b.out" 2>"$SCRATCH/$level.b.err"
    ta=$(sed -n 's/^complete: .* tick \([0-9]*\)$/\1/p' "$SCRATCH/$level.a.out")
    tb=$(sed -n 's/^complete: .* tick \([0-9]*\)$/\1/p' "$SCRATCH/$level.b.out")
    if [ -z "$ta" ] || [ -z "$tb" ]; then
        fail "$level: did not complete (A: '${ta}', B: '${tb}')"
        continue
    fi
    grep -q '^quickload: ' "$SCRATCH/$level.b.err" || { fail "$level: the detour run did not quickload"; continue; }
    if [ "$tb" -eq $((ta + W)) ] && same_dump "$SCRATCH/$level.a.json" "$SCRATCH/$level.b.json"; then
        pass "$level: completes at tick $ta directly and $tb after a ${W}-tick detour and a quickload, same end state"
    else
        fail "$level: direct run completes at $ta, the detour run at $tb (expected $((ta + W))) or the end states differ"
    fi
    m=$(cat "$SCRATCH/$level.save_tick")
    "$QS" "$level" --headless --frames 36000 --input "$SCRATCH/$level.from_disk.txt" --save-dir "$SCRATCH/$level.saves_a" \
        --dump-state "$SCRATCH/$level.c.json" >"$SCRATCH/$level.c.out" 2>"$SCRATCH/$level.c.err"
    tc=$(sed -n 's/^complete: .* tick \([0-9]*\)$/\1/p' "$SCRATCH/$level.c.out")
    if [ -n "$tc" ] && [ "$tc" -eq $((ta - m + 1)) ] && same_dump "$SCRATCH/$level.a.json" "$SCRATCH/$level.c.json"; then
        pass "$level: a new process loading the save file completes at tick $tc, same end state"
    else
        fail "$level: loading the save file in a new process completes at '${tc}' (expected $((ta - m + 1))) or ends differently"
    fi
done
finish
