# Assists: a run played in a window at 50 % game speed reaches the goal at the same tick with the same
# final dump as the same inputs headless at full speed; the level counts as finished, but the run keeps no
# best time, splits, replay or ghost, and its --record replay is marked as assisted. The same window run at
# 100 % keeps them (the control). "Skip this
# level" in the pause menu opens the next level and marks the skipped one, not finished.
source "$(dirname "$0")/lib/common.bash"
export XDG_CONFIG_HOME=$SCRATCH/config XDG_DATA_HOME=$SCRATCH/data
level=01_first_steps
solution=$SRC/levels/$level/solution.txt
mkdir -p "$XDG_CONFIG_HOME/quickstep"

"$QS" "$level" --headless --save-dir "$SCRATCH/saves.ref" --input "$solution" \
    --dump-state "$SCRATCH/ref.json" >"$SCRATCH/ref.out" 2>/dev/null
complete=$(sed -n "s/^complete: $level tick //p" "$SCRATCH/ref.out")
[ -n "$complete" ] && pass "headless: the solution completes at tick $complete" || fail "headless: no complete line"

# window_run SPEED NAME: the solution in a window at SPEED %, one frame per pad-script frame, until the
# frame after the goal at that speed.
window_run() {
    echo "{\"game_speed\": $1}" >"$XDG_CONFIG_HOME/quickstep/settings.json"
    local frames=$((complete * 100 / $1 + 30))
    printf '0 attach\n%d axis rightx 0\n' "$frames" >"$SCRATCH/$2.pad"
    xvfb-run -a -s "-screen 0 640x360x24" "$QS" "$level" --input "$solution" --pad-script "$SCRATCH/$2.pad" \
        --save-dir "$SCRATCH/saves.$2" --dump-state "$SCRATCH/$2.json" --record "$SCRATCH/$2.qsr" \
        >/dev/null 2>"$SCRATCH/$2.err"
}

# results_frame NAME: the window frame the results screen opened at (the --pad-script trace).
results_frame() { sed -n 's/^pad-script: frame \([0-9]*\): results .*/\1/p' "$SCRATCH/$1.err" | head -1; }

window_run 50 slow
progress=$XDG_DATA_HOME/quickstep/progress.json
slow_frame=$(results_frame slow)
[ -n "$slow_frame" ] && [ "$slow_frame" -ge $((2 * complete - 4)) ] && [ "$slow_frame" -le $((2 * complete + 4)) ] \
    && pass "50 % game speed: the goal's tick $complete comes at frame $slow_frame (two frames a tick)" \
    || fail "50 % game speed: the results came at frame '$slow_frame', not about $((2 * complete))"
same_dump "$SCRATCH/ref.json" "$SCRATCH/slow.json" \
    && pass "50 % game speed: the same final dump as full speed headless" \
    || fail "50 % game speed: the dump differs from full speed ($(tail -2 "$SCRATCH/slow.err"))"
[ "$(json_query "$SCRATCH/slow.json" 'd["game"]["completed"]')" = True ] \
    && pass "50 % game speed: the goal is reached" || fail "50 % game speed: the goal is not reached"
[ "$(json_query "$progress" '[d["levels"]["'$level'"][k] for k in ("completed", "best_ticks")] + ["splits" in d["levels"]["'$level'"]]')" = "[True, 0, False]" ] \
    && pass "an assisted run finishes the level but keeps no best time or splits" \
    || fail "assisted run's progress: $(cat "$progress")"
ls "$XDG_DATA_HOME/quickstep/replays/$level-"* >/dev/null 2>&1 \
    && fail "an assisted run kept a replay: $(ls "$XDG_DATA_HOME/quickstep/replays/")" \
    || pass "an assisted run keeps no replay and no ghost"
"$QS" --replay-to-script "$SCRATCH/slow.qsr" "$SCRATCH/slow.script.txt" 2>/dev/null
grep -q '^# an assisted run (game speed 50%)' "$SCRATCH/slow.script.txt" \
    && pass "the --record replay of the 50 % run is marked assisted (game speed 50%)" \
    || fail "the 50 % replay is not marked: $(head -4 "$SCRATCH/slow.script.txt")"
"$QS" --headless --replay "$SCRATCH/slow.qsr" >"$SCRATCH/slow.replay.out" 2>/dev/null
grep -q "^complete: $level tick $complete\$" "$SCRATCH/slow.replay.out" \
    && pass "the marked replay still plays to tick $complete" || fail "the marked replay: $(cat "$SCRATCH/slow.replay.out")"

window_run 100 full
full_frame=$(results_frame full)
[ -n "$full_frame" ] && [ "$full_frame" -ge $((complete - 2)) ] && [ "$full_frame" -le $((complete + 2)) ] \
    && pass "100 %: the goal comes at frame $full_frame" || fail "100 %: the results came at frame '$full_frame'"
same_dump "$SCRATCH/ref.json" "$SCRATCH/full.json" && pass "100 %: the same final dump" || fail "100 %: the dump differs"
"$QS" --replay-to-script "$SCRATCH/full.qsr" "$SCRATCH/full.script.txt" 2>/dev/null
[ -s "$SCRATCH/full.script.txt" ] && ! grep -q 'assisted' "$SCRATCH/full.script.txt" \
    && pass "the 100 % run's replay is not marked" || fail "the 100 % replay: $(head -4 "$SCRATCH/full.script.txt")"
[ "$(json_query "$progress" 'd["levels"]["'$level'"]["best_ticks"]')" = "$complete" ] \
    && pass "a run at 100 % keeps its best time ($complete ticks)" || fail "100 %: progress $(cat "$progress")"
[ -f "$XDG_DATA_HOME/quickstep/replays/$level-best.qsr" ] && [ -f "$XDG_DATA_HOME/quickstep/replays/$level-best.ghost" ] \
    && pass "a run at 100 % keeps its replay and ghost" || fail "100 %: no best replay or ghost"

# Skip this level: pause (start), up twice (past Quit to title) to Skip this level, confirm (a); the next
# level starts.
export XDG_DATA_HOME=$SCRATCH/data.skip
printf '0 attach\n30 press start\n32 release start\n40 press dpup\n42 release dpup\n50 press dpup
52 release dpup\n60 press a\n62 release a\n120 axis rightx 0\n' >"$SCRATCH/skip.pad"
xvfb-run -a -s "-screen 0 640x360x24" "$QS" "$level" --pad-script "$SCRATCH/skip.pad" \
    --save-dir "$SCRATCH/saves.skip" >/dev/null 2>"$SCRATCH/skip.err"
grep -q '^pad-script: frame [0-9]*: paused 4 "Skip this level"' "$SCRATCH/skip.err" \
    && pass "the pause menu offers Skip this level" || fail "no skip item: $(grep pad-script "$SCRATCH/skip.err" | tail -3)"
grep -q '^level: 07_meadow_hops ' "$SCRATCH/skip.err" \
    && pass "skipping starts the next level of the chapter" || fail "no next level: $(tail -3 "$SCRATCH/skip.err")"
[ "$(json_query "$XDG_DATA_HOME/quickstep/progress.json" '[d["levels"]["'$level'"][k] for k in ("skipped", "completed")]')" = "[True, False]" ] \
    && pass "the skipped level is marked skipped, not finished" \
    || fail "skip progress: $(cat "$XDG_DATA_HOME/quickstep/progress.json" 2>&1)"
finish
