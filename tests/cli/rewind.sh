# Rewind (the "rewind" action held, one recorded tick back per tick) on every shipped level:
#  1. exact: with `T +rewind` / `T+R -rewind` added to the solution, the dump at --frames T+R equals the
#     dump at --frames T-R of the plain solution in every field but "tick" (the "rewind" field included);
#  2. the same future: run B plays the solution up to P, wanders off for R ticks, rewinds R ticks, restores
#     the held keys and plays the rest of the solution 2R ticks later. B completes exactly 2R ticks after the
#     plain run and both final dumps are equal but for the tick. P lies before the solution's quicksave (the
#     release steps again from the level start) and after it (from the quicksave's canonical rebuild);
#  3. the report line "rewind: <n> ticks, <ms> ms" when a rewind ends, and a rewind past the recording's
#     start stops at the start.
# The dev test tier (lib/tier.bash) runs 1 and 2 on its sample of the levels.
source "$(dirname "$0")/lib/common.bash"
tier_levels "$SRC"

# The scripts of part 2, for every level at once (one python3 run): $level.b.$choice.txt and the ticks the
# run is shifted by, $level.b.$choice.shift.
python3 - "$SCRATCH" "${TIER_LEVEL_DIRS[@]}" <<'PY' || fail "cannot build the rewind scripts"
import os, sys
from input_script import commands, held_before
scratch = sys.argv[1]
for level_dir in sys.argv[2:]:
    level = os.path.basename(os.path.normpath(level_dir))
    src = os.path.join(level_dir, "solution.txt")
    if not os.path.isfile(src):
        continue
    cmds = commands(src)
    saves = [t for t, w in cmds if w == "quicksave"]
    M = saves[0] if saves else 200
    for choice in ("before", "after"):
        P, R = (M // 2, 60) if choice == "before" else (M + 40, 150)
        held = held_before(cmds, P)
        movement = {"left", "right", "up", "down", "jump"}
        T = P + R
        lines = [f"{t} {w}" for t, w in cmds if t < P]
        lines += [f"{P} -{a}" for a in sorted(movement)]
        lines += [f"{P} +left", f"{P + R // 3} jump", f"{T - 2} -left"]
        lines += [f"{T} +rewind"]
        lines += [f"{T + R - 1} +{a}" for a in sorted(held)]
        lines += [f"{T + R} -rewind"]
        lines += [f"{t + 2 * R} {w}" for t, w in cmds if t >= P]
        base = os.path.join(scratch, f"{level}.b.{choice}")
        open(base + ".txt", "w").write("\n".join(lines) + "\n")
        open(base + ".shift", "w").write(f"{2 * R}\n")
PY

for level_dir in "${TIER_LEVEL_DIRS[@]}"; do
    level=$(basename "$level_dir")
    solution="$level_dir/solution.txt"
    [ -f "$solution" ] || continue
    run() { "$QS" "$level" --headless --save-dir "$SCRATCH/saves.$level" "$@"; }

    # 1. exact at the end of the rewind, for a few T and R
    for tr in "240 60" "500 150" "700 1"; do
        set -- $tr
        T=$1 R=$2
        { cat "$solution"; echo "$T +rewind"; echo "$((T + R)) -rewind"; } >"$SCRATCH/$level.rw.txt"
        run --input "$SCRATCH/$level.rw.txt" --frames $((T + R)) --dump-state "$SCRATCH/$level.$T.rw.json" \
            >/dev/null 2>"$SCRATCH/$level.rw.err"
        run --input "$solution" --frames $((T - R)) --dump-state "$SCRATCH/$level.$T.plain.json" >/dev/null 2>&1
        queue_dump_check strict "$SCRATCH/$level.$T.rw.json" "$SCRATCH/$level.$T.plain.json" \
            "$level: T=$T R=$R rewinds to exactly the world at tick $((T - R))" \
            "$level: T=$T R=$R: the rewound world differs from tick $((T - R))"
        if grep -Eq "^rewind: $R ticks, [0-9.]+ ms$" "$SCRATCH/$level.rw.err"; then
            pass "$level: T=$T R=$R report line"
        else
            fail "$level: T=$T R=$R: no 'rewind: $R ticks, ... ms' line: $(grep rewind "$SCRATCH/$level.rw.err")"
        fi
    done

    # 2. the same future after the release
    run --input "$solution" --dump-state "$SCRATCH/$level.a.json" >"$SCRATCH/$level.a.out" 2>/dev/null
    ta=$(sed -n 's/^complete: .* tick \([0-9]*\)$/\1/p' "$SCRATCH/$level.a.out")
    [ -n "$ta" ] || { fail "$level: the solution does not complete"; continue; }
    for choice in before after; do
        shift_ticks=$(cat "$SCRATCH/$level.b.$choice.shift" 2>/dev/null) || { fail "$level: no rewind script"; continue; }
        run --input "$SCRATCH/$level.b.$choice.txt" --dump-state "$SCRATCH/$level.b.$choice.json" \
            >"$SCRATCH/$level.b.out" 2>/dev/null
        tb=$(sed -n 's/^complete: .* tick \([0-9]*\)$/\1/p' "$SCRATCH/$level.b.out")
        if [ -n "$tb" ] && [ "$tb" -eq $((ta + shift_ticks)) ]; then
            queue_dump_check strict "$SCRATCH/$level.a.json" "$SCRATCH/$level.b.$choice.json" \
                "$level: the same future after a rewind ($choice the quicksave)" \
                "$level: the future after a rewind ($choice the quicksave) differs"
        else
            fail "$level: the future after a rewind ($choice the quicksave) differs (complete at '${tb}', expected $((ta + shift_ticks)))"
        fi
    done
done

# 3. A rewind longer than the recording stops at the level start: the world at tick 0.
level=01_first_steps
printf '0 +right\n50 -right\n60 +rewind\n200 -rewind\n' >"$SCRATCH/long.txt"
"$QS" $level --headless --save-dir "$SCRATCH/saves.long" --input "$SCRATCH/long.txt" --frames 200 \
    --dump-state "$SCRATCH/long.json" >/dev/null 2>"$SCRATCH/long.err"
"$QS" $level --headless --save-dir "$SCRATCH/saves.long" --frames 0 --dump-state "$SCRATCH/start.json" >/dev/null 2>&1
if grep -q "^rewind: 60 ticks" "$SCRATCH/long.err"; then
    queue_dump_check strict "$SCRATCH/long.json" "$SCRATCH/start.json" \
        "a rewind past the start of the recording stops at the level start" \
        "a long rewind did not stop at the level start"
else
    fail "a long rewind did not stop at the level start: $(grep rewind: "$SCRATCH/long.err")"
fi

check_queued_dumps
finish
