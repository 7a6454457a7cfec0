# The level painter's retry (T, action retry_spot): the level starts again with the player where they last
# stood on solid ground, as a practice run (no progress, best time or replay kept, like --start); refused
# while a run is recorded (--record). Older replay files (fewer actions) are covered by game_tests.
source "$(dirname "$0")/lib/common.bash"
export XDG_DATA_HOME="$SCRATCH/data" XDG_CONFIG_HOME="$SCRATCH/config"
player() {  # player DUMP: "x y grounded timer"
    json_query "$1" '" ".join(str(v) for v in [round(of("player")[0]["x"], 3), round(of("player")[0]["y"], 3), of("player")[0]["grounded"], d["game"]["timer_ticks"]])'
}

# Walk, stop, jump; in the air the retry brings the player back to the spot of the take-off.
printf '0 +right\n40 -right\n' >"$SCRATCH/stand.txt"
"$QS" 01_first_steps --headless --input "$SCRATCH/stand.txt" --frames 60 --dump-state "$SCRATCH/stand.json" \
    --save-dir "$SCRATCH/saves" 2>/dev/null
printf '0 +right\n40 -right\n60 jump\n66 +right\n70 retry_spot\n' >"$SCRATCH/retry.txt"
"$QS" 01_first_steps --headless --input "$SCRATCH/retry.txt" --frames 68 --dump-state "$SCRATCH/air.json" \
    --save-dir "$SCRATCH/saves" 2>/dev/null
"$QS" 01_first_steps --headless --input "$SCRATCH/retry.txt" --frames 71 --dump-state "$SCRATCH/retry.json" \
    --save-dir "$SCRATCH/saves" 2>"$SCRATCH/retry.err"
read -r sx sy _ _ <<<"$(player "$SCRATCH/stand.json")"
read -r ax ay agrounded _ <<<"$(player "$SCRATCH/air.json")"
read -r rx ry _ rtimer <<<"$(player "$SCRATCH/retry.json")"
[ "$agrounded" = False ] && pass "before the retry the player is in the air ($ax, $ay)" || fail "not in the air: $ax $ay"
[ "$rx $ry" = "$sx $sy" ] && pass "the retry puts the player back on the last footing ($rx, $ry)" \
    || fail "after the retry the player is at $rx,$ry; the last footing was $sx,$sy"
[ "$rtimer" -le 2 ] && pass "the level started again (timer $rtimer ticks)" || fail "timer not reset: $rtimer"
grep -q "practice run, no progress, best time or replay is kept" "$SCRATCH/retry.err" \
    && pass "says it is a practice run" || fail "no practice message: $(cat "$SCRATCH/retry.err")"

# --record: refused, the run goes on and is recorded as played.
"$QS" 01_first_steps --headless --input "$SCRATCH/retry.txt" --frames 71 --dump-state "$SCRATCH/rec.json" \
    --record "$SCRATCH/rec.qsr" --save-dir "$SCRATCH/saves" 2>"$SCRATCH/rec.err"
read -r _ _ _ rectimer <<<"$(player "$SCRATCH/rec.json")"
grep -q "retry from the last footing refused: this run is recorded" "$SCRATCH/rec.err" && [ "$rectimer" -gt 60 ] \
    && pass "refused while recording (timer runs on: $rectimer)" || fail "retry under --record: timer $rectimer, $(cat "$SCRATCH/rec.err")"
"$QS" --replay "$SCRATCH/rec.qsr" --headless --dump-state "$SCRATCH/replayed.json" 2>/dev/null
same_dump "$SCRATCH/rec.json" "$SCRATCH/replayed.json" && pass "the recorded run replays to the same state" \
    || fail "replay differs"

# The windows fill a 640x360 screen: a quarter of the pixels to draw (the picture is cli_window's test).
# In a window: a level finished after a retry leaves no progress and no replay; without one it does. The
# walk reaches the goal by tick 186 (headless, the practice run), well inside the 300 frames. Both runs go
# at once, each with its own data folder (progress and replays) and X server.
if command -v xvfb-run >/dev/null; then
    unset SDL_VIDEODRIVER
    "$QS" --new-level walk 24x8 >/dev/null 2>&1
    printf '30 +right\n' >"$SCRATCH/clean.txt"
    printf '30 retry_spot\n40 +right\n' >"$SCRATCH/practice.txt"
    for run in clean practice; do
        mkdir -p "$SCRATCH/$run/quickstep" && cp -r "$XDG_DATA_HOME/quickstep/levels" "$SCRATCH/$run/quickstep/"
        XDG_DATA_HOME="$SCRATCH/$run" xvfb-run -a -s "-screen 0 640x360x24" "$QS" walk \
            --input "$SCRATCH/$run.txt" --frames 300 --save-dir "$SCRATCH/saves.$run" >/dev/null 2>"$SCRATCH/$run.err" &
    done
    wait
    for run in clean practice; do
        data=$SCRATCH/$run/quickstep
        # An added level's record is kept under its name and layout: walk@<16 hex digits>.
        finished=$(python3 -c "import json,sys; print([v['completed'] for k, v in json.load(open(sys.argv[1]))['levels'].items() if k.startswith('walk@')][0])" \
            "$data/progress.json" 2>/dev/null || echo none)
        replays=$(ls "$data/replays" 2>/dev/null | wc -l)
        if [ $run = clean ]; then
            [ "$finished" = True ] && [ "$replays" -gt 0 ] && pass "window: a clean run is recorded (progress, $replays replay files)" \
                || fail "window: clean run not recorded: progress $finished, replays $replays: $(cat "$SCRATCH/$run.err")"
        else
            [ "$finished" = none ] && [ "$replays" -eq 0 ] && pass "window: a run with a retry keeps no progress and no replay" \
                || fail "window: practice run recorded: progress $finished, replays $replays"
        fi
    done
fi

finish
