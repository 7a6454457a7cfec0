#!/usr/bin/env bash
# --start X,Y: the level starts with the player centred on that tile (a practice run); a solid or outside
# tile, a missing LEVEL, --record or --replay with it, or a malformed X,Y is a usage error (exit 2).
source "$(dirname "$0")/lib/common.bash"
export XDG_DATA_HOME="$SCRATCH/xdg"
cd "$SRC" || exit 1

"$QS" 01_first_steps --headless --start 30,5 --frames 0 --dump-state "$SCRATCH/start.json" 2>"$SCRATCH/start.err"
where=$(json_query "$SCRATCH/start.json" '[(e["x"], e["y"]) for e in of("player")]')
[ "$where" = "[(30.5, 5.5)]" ] && pass "the player starts on tile 30,5 (centre 30.5, 5.5)" \
    || fail "player at $where, expected [(30.5, 5.5)]"
grep -q "practice run from tile 30,5" "$SCRATCH/start.err" && pass "says it is a practice run" \
    || fail "no practice message: $(cat "$SCRATCH/start.err")"

# The solution still finishes from the normal start, and from a spot near the goal the level is finishable.
out=$("$QS" 01_first_steps --headless --input levels/01_first_steps/solution.txt 2>/dev/null)
grep -q "^complete: 01_first_steps" <<<"$out" && pass "normal start unchanged" || fail "solution no longer finishes"

expect_exit 2 "--start on a solid tile" -- "$QS" 01_first_steps --headless --start 0,19 --frames 1
expect_exit 2 "--start outside the level" -- "$QS" 01_first_steps --headless --start 500,1 --frames 1
expect_exit 2 "--start without a LEVEL" -- "$QS" --headless --start 3,3 --frames 1
expect_exit 2 "--start with --record" -- "$QS" 01_first_steps --headless --start 30,5 --record "$SCRATCH/r.qsr"
expect_exit 2 "--start with a malformed tile" -- "$QS" 01_first_steps --headless --start 3
expect_exit 2 "--start with a negative tile" -- "$QS" 01_first_steps --headless --start -1,3
[ ! -e "$SCRATCH/r.qsr" ] && pass "no replay written for a practice run" || fail "a practice run was recorded"
finish
