# Frame advance in a real window (a virtual pad under Xvfb): paused with Start, each press of the right
# trigger steps exactly one tick, and holding it steps one a frame after half a second; the world is the
# same as a headless run of as many ticks; a run stepped so keeps no best time.
source "$(dirname "$0")/lib/common.bash"
export XDG_CONFIG_HOME=$SCRATCH/config XDG_DATA_HOME=$SCRATCH/data
level=01_first_steps

# paused_run NAME PAD_LINES...: pauses at frame 10, then the given pad lines, then ends at frame 200.
paused_run() {
    local name=$1
    shift
    { printf '0 attach\n10 press start\n11 release start\n'; printf '%s\n' "$@"; printf '200 axis rightx 0\n'; } \
        >"$SCRATCH/$name.pad"
    xvfb-run -a -s "-screen 0 640x360x24" "$QS" "$level" --pad-script "$SCRATCH/$name.pad" \
        --save-dir "$SCRATCH/saves.$name" --dump-state "$SCRATCH/$name.json" >/dev/null 2>"$SCRATCH/$name.err"
    json_query "$SCRATCH/$name.json" 'd["tick"]'
}

still=$(paused_run still)
presses=()
for i in 0 1 2 3 4; do presses+=("$((30 + 10 * i)) press righttrigger" "$((31 + 10 * i)) release righttrigger"); done
stepped=$(paused_run stepped "${presses[@]}")
[ -n "$still" ] && [ "$stepped" = "$((still + 5))" ] \
    && pass "five presses while paused step five ticks (tick $still -> $stepped)" \
    || fail "five presses while paused: tick $still -> $stepped"
grep -q "paused" "$SCRATCH/stepped.err" && ! grep -q "frame [1-9][0-9]*: playing" "$SCRATCH/stepped.err" \
    && pass "the game stays paused while stepping" || fail "the game left the pause: $(grep 'pad-script' "$SCRATCH/stepped.err" | head -5)"

"$QS" "$level" --headless --save-dir "$SCRATCH/saves.ref" --frames "$stepped" --dump-state "$SCRATCH/ref.json" >/dev/null 2>&1
same_dump "$SCRATCH/ref.json" "$SCRATCH/stepped.json" \
    && pass "the stepped world is the world of a headless run of $stepped ticks" || fail "the stepped world differs"

held=$(paused_run held "30 press righttrigger" "120 release righttrigger")
[ -n "$held" ] && [ $((held - still)) -gt 30 ] && [ $((held - still)) -le 91 ] \
    && pass "holding it for 90 frames steps $((held - still)) ticks (one, then one a frame after half a second)" \
    || fail "holding it for 90 frames stepped $((held - still)) ticks"

# The solution with one tick stepped while paused (the ticks and the run are the same): the level is
# finished, but the run keeps no best time.
printf '0 attach\n10 press start\n11 release start\n20 press righttrigger\n21 release righttrigger\n30 press a\n31 release a\n800 axis rightx 0\n' \
    >"$SCRATCH/solved.pad"
xvfb-run -a -s "-screen 0 640x360x24" "$QS" "$level" --input "$SRC/levels/$level/solution.txt" \
    --pad-script "$SCRATCH/solved.pad" --save-dir "$SCRATCH/saves.solved" >/dev/null 2>"$SCRATCH/solved.err"
progress=$XDG_DATA_HOME/quickstep/progress.json
[ "$(json_query "$progress" '[d["levels"]["'$level'"][k] for k in ("completed", "best_ticks")]')" = "[True, 0]" ] \
    && pass "a run with frame advance finishes the level and keeps no best time" \
    || fail "a run with frame advance: $(cat "$progress" 2>/dev/null) $(grep results "$SCRATCH/solved.err")"
finish
