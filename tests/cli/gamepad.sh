#!/usr/bin/env bash
# The gamepad, proven: the real game in a window (SDL's dummy video driver) driven by a virtual game
# controller (--pad-script: SDL_JoystickAttachVirtualEx, buttons and axes set per frame, one tick per
# frame). Covers hot-plug during play, unplugging mid-play (pauses, and lets go of what the pad held),
# every menu walked with the d-pad and with the left stick one step per push (a held or jittery stick
# moves once), and the play actions: run, jump, drop through a one-way ledge, quicksave / quickload /
# older save (LB / RB / Y), rewind (left trigger); and a button rebound in Options > Controls with the pad,
# kept in settings.json and working after a restart.
source "$(dirname "$0")/lib/common.bash"
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
export XDG_CONFIG_HOME="$SCRATCH/config" XDG_DATA_HOME="$SCRATCH/data"
"$BIN_DIR/pixelart" "$SRC/tests/data/levels/pad_lab.art" "$SCRATCH/levels/pad_lab" >/dev/null &&
    cp "$SRC/tests/data/levels/pad_lab.lvl" "$SCRATCH/levels/pad_lab/" || {
    fail "cannot build the pad_lab level"
    finish
}
LAB="$SCRATCH/levels/pad_lab"

# run_pad NAME [ARGS...]: runs the game with $SCRATCH/NAME.pad; stderr in NAME.err, dump in NAME.json.
run_pad() {
    local name=$1
    shift
    timeout 120 "$QS" --pad-script "$SCRATCH/$name.pad" --save-dir "$SCRATCH/saves-$name" \
        --levels-dir "$SCRATCH/levels" --dump-state "$SCRATCH/$name.json" "$@" \
        >"$SCRATCH/$name.out" 2>"$SCRATCH/$name.err"
    local code=$?
    [ $code -eq 0 ] || fail "$name: exit $code: $(tail -5 "$SCRATCH/$name.err")"
}
# trace NAME: the scene / highlighted item lines ("FRAME: scene CURSOR "label""), toasts left out
trace() { sed -n 's/^pad-script: frame \([0-9]*\): /\1: /p' "$SCRATCH/$1.err" | grep -v '^[0-9]*: toast: '; }
# expect_trace NAME DESCRIPTION < expected lines (bash patterns: * matches anything)
expect_trace() {
    local got want=() line i=0 ok=1
    mapfile -t want
    mapfile -t got < <(trace "$1")
    [ ${#got[@]} -eq ${#want[@]} ] || ok=0
    for line in "${want[@]}"; do
        # shellcheck disable=SC2053
        [[ ${got[$i]-} == $line ]] || ok=0
        i=$((i + 1))
    done
    if [ $ok = 1 ]; then
        pass "$2"
    else
        fail "$2: trace differs; got:"
        printf '    %s\n' "${got[@]}"
        echo "  expected:"
        printf '    %s\n' "${want[@]}"
    fi
}
player() { json_query "$SCRATCH/$1.json" "$2"; }
# check NAME PYTHON-CONDITION DESCRIPTION: the condition over the player p of NAME's dump
check() {
    if [ "$(json_query "$SCRATCH/$1.json" "(lambda p: bool($2))(of('player')[0])")" = True ]; then
        pass "$3"
    else
        fail "$3: player $(json_query "$SCRATCH/$1.json" "{k: of('player')[0][k] for k in ('x', 'y', 'vx', 'vy', 'grounded')}")"
    fi
}

# ---- every menu, with the d-pad and with the left stick: one step per push ----
menus_expected='0: title 0 "Play"
10: title 1 "Level select"
50: title 2 "Options"
60: title 3 "Quit"
70: title 0 "Play"
80: title 3 "Quit"
90: title 2 "Options"
100: options 0 "Sound effects: 80%"
110: options 0 "Sound effects: 90%"
120: options 1 "Music: 60%"
130: options 1 "Music: 50%"
140: title 0 "Play"
150: title 3 "Quit"
160: title 0 "Play"
170: title 1 "Level select"
180: level_select 0 "1-1  First Steps  par *"
190: level_select 1 "1-2  locked"
200: level_select 0 "1-1  First Steps  par *"
210: level_select * "Back"
220: title 0 "Play"
230: playing
240: paused 0 "Resume"
250: paused 1 "Restart level"
260: paused 2 "Level select"
270: paused 3 "Options"
280: options 0 "Sound effects: 90%"
290: paused 0 "Resume"
300: paused 1 "Restart level"
310: paused 2 "Level select"
320: level_select 0 "1-1  First Steps  par *"
330: paused 0 "Resume"
340: playing
350: paused 0 "Resume"
360: paused 1 "Restart level"
370: playing
380: paused 0 "Resume"'
cp "$SRC/tests/data/pad/menus.pad" "$SCRATCH/menus_dpad.pad"
run_pad menus_dpad
expect_trace menus_dpad "title, options, level select and pause menus with the d-pad, one step per push (held: once)" \
    <<<"$menus_expected"
[ "$(json_query "$XDG_CONFIG_HOME/quickstep/settings.json" '(d["volume"], d["music_volume"])')" = "(90, 50)" ] &&
    pass "d-pad right/left in Options changed the volumes, saved in settings.json" ||
    fail "settings.json volumes: $(cat "$XDG_CONFIG_HOME/quickstep/settings.json")"

rm -rf "$XDG_CONFIG_HOME" "$XDG_DATA_HOME"
sed -e 's/press dpdown/axis lefty 32767/; s/release dpdown/axis lefty 0/' \
    -e 's/press dpup/axis lefty -32768/; s/release dpup/axis lefty 0/' \
    -e 's/press dpright/axis leftx 32767/; s/release dpright/axis leftx 0/' \
    -e 's/press dpleft/axis leftx -32768/; s/release dpleft/axis leftx 0/' \
    "$SRC/tests/data/pad/menus.pad" >"$SCRATCH/menus_stick.pad"
grep -v "^#" "$SCRATCH/menus_stick.pad" | grep -q dp && fail "menus_stick.pad still uses the d-pad"
run_pad menus_stick
expect_trace menus_stick "the same menus with the left stick, one step per push (held 30 frames: once)" \
    <<<"$menus_expected"

# A stick resting near the threshold (noise between 11000 and 17000) moves the cursor once; only a
# return towards the middle and a new push moves it again.
cat >"$SCRATCH/jitter.pad" <<'EOF'
0 attach
10 axis lefty 20000
11 axis lefty 12000
12 axis lefty 17000
13 axis lefty 11000
14 axis lefty 16500
15 axis lefty 12500
16 axis lefty 17000
30 axis lefty 3000
40 axis lefty 32767
50 axis lefty 0
60 axis leftx -32768
61 axis lefty 0
EOF
run_pad jitter
expect_trace jitter "a jittery stick near the threshold moves one step per push" <<'EOF'
0: title 0 "Play"
10: title 1 "Level select"
40: title 2 "Options"
EOF

# ---- hot-plug during play; run with the stick, finish, the results menu (d-pad) ----
cat >"$SCRATCH/hotplug.pad" <<'EOF'
30 attach
40 axis leftx 32767
200 axis leftx 0
210 press dpdown
211 release dpdown
220 press dpdown
221 release dpdown
230 press dpdown
231 release dpdown
240 press dpup
241 release dpup
250 press a
251 release a
EOF
run_pad hotplug "$LAB"
grep -q '^pad-script: frame 30: toast: Gamepad connected: Quickstep virtual pad' "$SCRATCH/hotplug.err" &&
    pass "a gamepad plugged in during play is picked up" || fail "no 'Gamepad connected' at frame 30"
expect_trace hotplug "run right with the stick to the goal, then the results menu with the d-pad" <<'EOF'
0: playing
*: results 0 "Next level"
210: results 1 "Play again"
220: results 2 "Level select"
230: results 0 "Next level"
240: results 2 "Level select"
250: level_select 0 "1-1  First Steps  par *"
EOF

# ---- unplugging mid-play pauses, and lets go of what the pad held ----
cat >"$SCRATCH/unplug.pad" <<'EOF'
5 attach
10 axis leftx 32767
14 detach
40 attach
50 press a
51 release a
120 attach
EOF
run_pad unplug "$LAB"
expect_trace unplug "unplugging the pad while running pauses the game; A on Resume plays on" <<'EOF'
0: playing
14: paused 0 "Resume"
50: playing
EOF
check unplug 'p["vx"] == 0 and p["x"] < 12' "after Resume the player is not still running (the unplugged stick let go)"

# ---- jump (A), and drop through the one-way ledge with down + A (d-pad and stick) ----
printf '5 attach\n10 press a\n20 release a\n' >"$SCRATCH/jump.pad"
run_pad jump "$LAB"
check jump 'p["y"] < 4.5 and p["vy"] < 0' "A jumps (the player rises from the ledge)"
printf '5 attach\n10 press dpdown\n12 press a\n14 release a\n20 release dpdown\n60 release a\n' >"$SCRATCH/drop_dpad.pad"
run_pad drop_dpad "$LAB"
check drop_dpad 'p["y"] > 8 and p["grounded"]' "down (d-pad) + A drops through the one-way ledge to the floor"
printf '5 attach\n10 axis lefty 32767\n12 press a\n14 release a\n20 axis lefty 0\n60 release a\n' \
    >"$SCRATCH/drop_stick.pad"
run_pad drop_stick "$LAB"
check drop_stick 'p["y"] > 8 and p["grounded"]' "down (stick) + A drops through the one-way ledge to the floor"
printf '5 attach\n10 press dpright\n17 release dpright\n60 release a\n' >"$SCRATCH/run_dpad.pad"
run_pad run_dpad "$LAB"
check run_dpad 'p["x"] > 10.2 and p["vx"] == 0' "the d-pad runs"

# ---- a direction held through Restart and Resume moves the player again (hold right and retry) ----
# Right held from frame 10; Start, down to "Restart level", A: the level starts again with right still held.
printf '5 attach\n10 press dpright\n20 press start\n21 release start\n30 press dpdown\n31 release dpdown\n40 press a\n41 release a\n75 release dpright\n' \
    >"$SCRATCH/hold_restart.pad"
run_pad hold_restart "$LAB"
grep -q '^pad-script: frame 40: playing' "$SCRATCH/hold_restart.err" || fail "hold_restart: not playing at frame 40"
check hold_restart 'p["x"] > 10.5' "right held through Restart level runs the player again after the restart"
# Paused, right pressed on the pause menu and held, A on Resume: the player runs.
printf '5 attach\n10 press start\n11 release start\n20 press dpright\n30 press a\n31 release a\n65 release dpright\n' \
    >"$SCRATCH/hold_resume.pad"
run_pad hold_resume "$LAB"
check hold_resume 'p["x"] > 10.5' "right held down at Resume runs the player"

# ---- the title offers the quicksave, and RB (quickload) there loads it: the level and the spot ----
mkdir -p "$SCRATCH/saves-title_continue"
printf '0 +right\n20 -right\n40 quicksave\n' >"$SCRATCH/title_save.txt"
"$QS" "$LAB" --headless --frames 60 --input "$SCRATCH/title_save.txt" --save-dir "$SCRATCH/saves-title_continue" \
    --dump-state "$SCRATCH/title_save.json" >/dev/null 2>&1 || fail "title_continue: the quicksave run failed"
printf '5 attach\n20 press rightshoulder\n21 release rightshoulder\n40 attach\n' >"$SCRATCH/title_continue.pad"
run_pad title_continue
expect_trace title_continue "RB (quickload) on the title loads the quicksave into play" <<'EOF'
0: title 0 *
20: playing
EOF
saved_x=$(player title_save 'of("player")[0]["x"]')
check title_continue "abs(p['x'] - $saved_x) < 0.01" "RB on the title put the player where the quicksave was (x $saved_x)"

# ---- LB quicksave, RB quickload, Y older save ----
# Saves at frames 10 (x 9.5) and 45 (after a short run right), then more running; RB goes back to the
# second save, Y to the first (the one before the newest).
cat >"$SCRATCH/saves.pad" <<'EOF'
5 attach
10 press leftshoulder
11 release leftshoulder
15 axis leftx 32767
22 axis leftx 0
45 press leftshoulder
46 release leftshoulder
50 axis leftx 32767
55 axis leftx 0
70 press rightshoulder
71 release rightshoulder
EOF
head -n 7 "$SCRATCH/saves.pad" >"$SCRATCH/at_save.pad"
run_pad at_save "$LAB"
run_pad saves "$LAB"
sed -i 's/press rightshoulder/press y/; s/release rightshoulder/release y/' "$SCRATCH/saves.pad"
cp "$SCRATCH/saves.pad" "$SCRATCH/older.pad"
run_pad older "$LAB"
[ "$(grep -c '^quicksave: ' "$SCRATCH/saves.err")" = 2 ] && pass "LB quicksaves (two quicksave lines)" ||
    fail "LB: $(grep -c '^quicksave: ' "$SCRATCH/saves.err") quicksave lines"
saved_x=$(player at_save 'of("player")[0]["x"]')
check saves "abs(p['x'] - $saved_x) < 0.01 and p['x'] > 9.6" "RB quickloads the newest save (x $saved_x)"
check older 'abs(p["x"] - 9.5) < 0.01' "Y loads the save before the newest (x 9.5)"
grep -q '^quickload: ' "$SCRATCH/older.err" && pass "Y: a quickload line" || fail "Y: no quickload line"

# ---- rewind: hold the left trigger ----
cat >"$SCRATCH/rewind.pad" <<'EOF'
5 attach
10 axis leftx 32767
20 axis leftx 0
30 axis lefttrigger 16384
40 axis lefttrigger 0
50 press lefttrigger
80 release lefttrigger
81 axis lefttrigger 15000
82 axis lefttrigger 0
EOF
run_pad rewind "$LAB"
grep -q '^rewind: 30 ticks' "$SCRATCH/rewind.err" && pass "the left trigger held 30 frames rewinds 30 ticks" ||
    fail "rewind: $(grep '^rewind' "$SCRATCH/rewind.err")"
[ "$(grep -c '^rewind: ' "$SCRATCH/rewind.err")" = 1 ] &&
    pass "a trigger resting at its middle (some pads until first pulled) or let go part way does not rewind" ||
    fail "rewind lines: $(grep '^rewind' "$SCRATCH/rewind.err")"
# Still held at the end: the world is the one of tick 20, when the player was running.
head -n 6 "$SCRATCH/rewind.pad" >"$SCRATCH/rewind_held.pad"
echo "79 press lefttrigger" >>"$SCRATCH/rewind_held.pad"
run_pad rewind_held "$LAB"
check rewind_held 'p["vx"] > 5' "the rewind took the world back to tick 20 (the player running again)"
head -n 3 "$SCRATCH/rewind.pad" >"$SCRATCH/no_rewind.pad"
echo "79 release lefttrigger" >>"$SCRATCH/no_rewind.pad"
run_pad no_rewind "$LAB"
check no_rewind 'p["vx"] == 0' "(without the trigger the player stands still at frame 79)"

# ---- no game over: walking into the spikes with the stick costs hearts, then a death, and play goes on ----
cat >"$SCRATCH/spikes.pad" <<'EOF'
5 attach
10 axis leftx -32768
700 axis leftx 0
EOF
run_pad spikes "$LAB" --frames 760
expect_trace spikes "walking into the spikes never leaves play (no game over menu)" <<'EOF'
0: playing
EOF
[ "$(json_query "$SCRATCH/spikes.json" "d['game']['deaths'] >= 1")" = True ] &&
    pass "the spikes cost every heart: a death is counted" || fail "no death counted"
check spikes 'p["health"] > 0 and p["x"] > 7' "(the player stands again, on the ledge or at the start)"

# ---- rebinding a button in Options > Controls with the pad; the binding survives a restart ----
# Title > Options > Controls > Jump > Add: X (added beside A); Add: LB (Quicksave's only button: the
# conflict page offers only to keep it); Add, then B (cancelled); back out to the title.
rm -rf "$XDG_CONFIG_HOME" "$XDG_DATA_HOME"
printf '5 attach\n10 press x\n20 release x\n' >"$SCRATCH/rebound_x.pad"
run_pad rebound_x "$LAB"
check rebound_x 'p["y"] > 5 and p["vy"] == 0' "(before the rebinding X does not jump)"
{
    echo "0 attach"
    for push in 10:dpdown 20:dpdown 30:a 40:dpdown 50:dpdown 60:dpdown 70:dpdown 80:a 90:dpdown 100:dpdown \
        110:dpdown 120:dpdown 130:a 140:a 150:x 160:a 170:leftshoulder 180:a 190:a 200:b 210:b 220:b 230:b; do
        echo "${push%%:*} press ${push#*:}"
        echo "$((${push%%:*} + 1)) release ${push#*:}"
    done
} >"$SCRATCH/rebind.pad"
run_pad rebind
expect_trace rebind "Options > Controls > Jump: X added with the pad, LB refused (Quicksave's only button), B cancels" <<'EOF'
0: title 0 "Play"
10: title 1 "Level select"
20: title 2 "Options"
30: options 0 "Sound effects: 80%"
40: options 1 "Music: 60%"
50: options 2 "Ghost of the best run: on"
60: options 3 "Fullscreen: off"
70: options 4 "Controls"
80: options 0 "Move left: *"
90: options 1 "Move right: *"
100: options 2 "Menu up: *"
110: options 3 "Down / drop through: *"
120: options 4 "Jump: Space, Z, K  /  pad A"
130: options 0 "Add a key or button"
140: options 0 "Add a key or button" (waiting for a key)
150: options 0 "Add a key or button"
160: options 0 "Add a key or button" (waiting for a key)
170: options 1 "Keep pad LB for Quicksave"
180: options 0 "Add a key or button"
190: options 0 "Add a key or button" (waiting for a key)
200: options 0 "Add a key or button"
210: options 4 "Jump: Space, Z, K  /  pad A, pad X"
220: options 4 "Controls"
230: title 0 "Play"
EOF
[ "$(json_query "$XDG_CONFIG_HOME/quickstep/settings.json" '(d["buttons"]["jump"], d["buttons"]["quicksave"])')" = \
    "(['a', 'x'], ['leftshoulder'])" ] && pass "settings.json: jump on a and x, quicksave kept on leftshoulder" ||
    fail "settings.json buttons: $(json_query "$XDG_CONFIG_HOME/quickstep/settings.json" 'd["buttons"]')"
# A new run (a restart of the game) reads settings.json: X jumps, A still does.
run_pad rebound_x "$LAB"
check rebound_x 'p["y"] < 4.5 and p["vy"] < 0' "after a restart the rebound X jumps"
run_pad jump "$LAB"
check jump 'p["y"] < 4.5 and p["vy"] < 0' "after a restart A still jumps"

# --pad-script is for a window
expect_exit 2 "--pad-script with --headless is a usage error" -- "$QS" --headless --pad-script "$SCRATCH/jump.pad"
printf '5 attach\n3 detach\n' >"$SCRATCH/bad.pad"
expect_exit 2 "a pad script whose frames go down is refused" -- "$QS" --pad-script "$SCRATCH/bad.pad"
finish
