# game_retime, the tool CONTRIBUTING names for fixing tick-exact scripts after a change of movement feel:
# a shipped solution with three jumps mistimed (as a changed jump height leaves it) loses a heart in the
# real game; the tool's result finishes the level in the real game without a heart lost or a death, and
# keeps the script's comments. A script no change can save ends with exit 1; bad arguments with exit 2.
# The limits difficulty_table.py uses (--after, --next, --max-move, --no-hops) keep it to the presses and
# the distance they allow.
source "$(dirname "$0")/lib/common.bash"
RETIME=$BIN_DIR/game_retime
level=07_meadow_hops

sed 's/^276 +jump/284 +jump/; s/^298 -jump/306 -jump/; s/^434 +jump/424 +jump/' \
    "$SRC/levels/$level/solution.txt" >"$SCRATCH/mistimed.txt"

# outcome SCRIPT NAME: "complete deaths health" of the real game playing SCRIPT
outcome() {
    "$QS" "$level" --headless --save-dir "$SCRATCH/saves.$2" --input "$1" --dump-state "$SCRATCH/$2.json" \
        >"$SCRATCH/$2.out" 2>/dev/null
    json_query "$SCRATCH/$2.json" '"%s %s %s" % (d["game"]["completed"], d["game"]["deaths"], of("player")[0]["health"])'
}

before=$(outcome "$SCRATCH/mistimed.txt" mistimed)
[ "$before" != "True 0 3" ] && pass "the mistimed solution fails in the game (completed, deaths, health: $before)" \
    || fail "the mistimed solution still finishes clean: the test proves nothing"

"$RETIME" "$SRC/levels/$level" "$SCRATCH/mistimed.txt" "$SCRATCH/retimed.txt" >"$SCRATCH/retime.log" 2>&1
code=$?
[ $code -eq 0 ] && grep -q "^clean" "$SCRATCH/retime.log" && pass "game_retime says clean ($(grep -c '^  ' "$SCRATCH/retime.log") changes)" \
    || fail "game_retime: exit $code: $(tail -3 "$SCRATCH/retime.log")"
after=$(outcome "$SCRATCH/retimed.txt" retimed)
[ "$after" = "True 0 3" ] && grep -q "^complete: $level" "$SCRATCH/retimed.out" \
    && pass "the re-timed script finishes the level in the game with no death and every heart" \
    || fail "the re-timed script in the game: completed, deaths, health: $after"
[ "$(grep -c '^#' "$SCRATCH/retimed.txt")" = "$(grep -c '^#' "$SCRATCH/mistimed.txt")" ] \
    && pass "comments kept" || fail "comments lost: $(head -3 "$SCRATCH/retimed.txt")"

# A script that only walks right into the first pit: no jump near it to move; hops cannot cross every pit
# in one round.
printf '0 +right\n' >"$SCRATCH/walk.txt"
"$RETIME" "$SRC/levels/$level" "$SCRATCH/walk.txt" "$SCRATCH/walk.out.txt" --rounds 1 >"$SCRATCH/walk.log" 2>&1
code=$?
[ $code -eq 1 ] && grep -q "stopped after 1 rounds\|no change" "$SCRATCH/walk.log" \
    && pass "a script one round cannot fix: exit 1, says so" || fail "walk into the pits: exit $code: $(cat "$SCRATCH/walk.log")"

# One press 10 ticks early (the one at 434): it may move when it is the first after --after, by 10 ticks
# and nothing else; not when --after leaves it out, nor when --max-move keeps it within 5 ticks.
sed 's/^434 +jump/424 +jump/' "$SRC/levels/$level/solution.txt" >"$SCRATCH/early.txt"
"$RETIME" "$SRC/levels/$level" "$SCRATCH/early.txt" "$SCRATCH/early.out.txt" --after 400 --next 1 --no-hops \
    >"$SCRATCH/early.log" 2>&1
code=$?
[ $code -eq 0 ] && [ "$(diff "$SCRATCH/early.txt" "$SCRATCH/early.out.txt" | grep -c '^>')" = 2 ] \
    && grep -q '^> 434 +jump' <(diff "$SCRATCH/early.txt" "$SCRATCH/early.out.txt") \
    && pass "--after 400 --next 1: only the early press moves, back to 434" \
    || fail "--after 400 --next 1: exit $code: $(cat "$SCRATCH/early.log")"
for limits in "--after 424" "--after 400 --next 1 --max-move 5"; do
    # shellcheck disable=SC2086
    "$RETIME" "$SRC/levels/$level" "$SCRATCH/early.txt" "$SCRATCH/x.txt" $limits --no-hops >"$SCRATCH/limit.log" 2>&1
    code=$?
    [ $code -eq 1 ] && pass "$limits: the press it may not move that far stays, exit 1" \
        || fail "$limits: exit $code: $(cat "$SCRATCH/limit.log")"
done

expect_exit 2 "no output file named" -- "$RETIME" "$SRC/levels/$level" "$SCRATCH/walk.txt"
expect_exit 2 "a --max-move out of range" -- "$RETIME" "$SRC/levels/$level" "$SCRATCH/walk.txt" "$SCRATCH/x.txt" \
    --max-move 601
expect_exit 2 "an --after that is not a number" -- "$RETIME" "$SRC/levels/$level" "$SCRATCH/walk.txt" "$SCRATCH/x.txt" \
    --after abc
expect_exit 2 "a --next with trailing characters" -- "$RETIME" "$SRC/levels/$level" "$SCRATCH/walk.txt" "$SCRATCH/x.txt" \
    --next 2x
expect_exit 2 "a missing script" -- "$RETIME" "$SRC/levels/$level" "$SCRATCH/none.txt" "$SCRATCH/x.txt"
printf '10 +jmup\n' >"$SCRATCH/bad.txt"
"$RETIME" "$SRC/levels/$level" "$SCRATCH/bad.txt" "$SCRATCH/x.txt" >/dev/null 2>"$SCRATCH/bad.err"
code=$?
[ $code -eq 2 ] && grep -q "bad.txt:1:" "$SCRATCH/bad.err" && pass "a bad script line is named (exit 2)" \
    || fail "bad script line: exit $code: $(cat "$SCRATCH/bad.err")"
finish
