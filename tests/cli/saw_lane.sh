#!/usr/bin/env bash
# Belt Line B-side's rising saw bobs in the floor belt's lane: it asks for a hop. From the checkpoint's
# block, right held (after standing still 0 to 59 ticks, so every phase of its 1 s bob is met) always
# takes the saw's hit, a heart; the solution, which hops it, loses none and finishes. The dev test tier
# (lib/tier.bash) waits every third of those ticks, 20 phases of 60.
source "$(dirname "$0")/lib/common.bash"
export XDG_DATA_HOME="$SCRATCH/xdg"
level=27_belt_line_b

hits=0 passes=""
step=$(tiered 1 3)
phases=$((60 / step))
for wait in $(seq 0 "$step" 59); do
    printf '%d +right\n' "$wait" >"$SCRATCH/walk.txt"
    "$QS" "$level" --headless --start 58,12 --input "$SCRATCH/walk.txt" --frames $((wait + 90)) \
        --save-dir "$SCRATCH/saves" --dump-state "$SCRATCH/walk.json" >/dev/null 2>&1
    health=$(json_query "$SCRATCH/walk.json" '[e["health"] for e in of("player")][0]')
    if [ "$health" -lt 3 ]; then hits=$((hits + 1)); else passes+=" $wait"; fi
done
[ "$hits" -eq "$phases" ] && pass "right held from the checkpoint is hit by the saw at every phase tried ($hits of $phases, $(test_tier) tier)" \
    || fail "right held walks past the saw unhurt after waiting:$passes"

"$QS" "$level" --headless --input "$SRC/levels/$level/solution.txt" --save-dir "$SCRATCH/saves.sol" \
    --dump-state "$SCRATCH/sol.json" >"$SCRATCH/sol.out" 2>/dev/null
health=$(json_query "$SCRATCH/sol.json" '[e["health"] for e in of("player")][0]')
grep -q "^complete: $level tick" "$SCRATCH/sol.out" && [ "$health" = 3 ] \
    && pass "the solution hops the saw: $(cat "$SCRATCH/sol.out"), every heart kept" \
    || fail "the solution: $(cat "$SCRATCH/sol.out"), health $health"
finish
