#!/usr/bin/env bash
# The assists that change play, held as the actions invincible and infinite_hearts: on Turret Caverns a
# run-and-hop script dies without them and never with them; they stay exact through a replay, its script
# form, a quicksave/quickload detour and a rewind; a replay and a quicksave written before them (by the
# build before, kept in tests/data/legacy) still play and load exactly, and the same run recorded now is
# the same replay file;
# in a window the Options setting holds the action, so the recorded replay carries it.
source "$(dirname "$0")/lib/common.bash"
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy XDG_DATA_HOME=$SCRATCH/data XDG_CONFIG_HOME=$SCRATCH/config
level=04_turret_caverns

# The run: right held, a hop every 40 ticks from tick 20.
{
    echo "0 +right"
    for t in $(seq 20 40 1180); do printf '%d +jump\n%d -jump\n' "$t" $((t + 15)); done
} >"$SCRATCH/hops.txt"
# script NAME LINES...: the run plus LINES.
script() {
    local name=$1
    shift
    { cat "$SCRATCH/hops.txt"; printf '%s\n' "$@"; } >"$SCRATCH/$name.txt"
}
# run NAME FRAMES [options...]: the script NAME.txt headless to FRAMES, dumped to NAME.json.
run() {
    local name=$1 frames=$2
    shift 2
    "$QS" "$level" --headless --save-dir "$SCRATCH/saves.$name" --input "$SCRATCH/$name.txt" --frames "$frames" \
        --dump-state "$SCRATCH/$name.json" "$@" >/dev/null 2>"$SCRATCH/$name.err"
}
player() { json_query "$SCRATCH/$1.json" "$2"; }

script plain
run plain 1000
[ "$(player plain 'd["game"]["deaths"] > 0')" = True ] \
    && pass "without an assist the run dies ($(player plain 'd["game"]["deaths"]') deaths by tick 1000)" \
    || fail "the control run did not die: the level no longer tests the assists"

for assist in invincible infinite_hearts; do
    script "$assist" "0 +$assist"
    run "$assist" 1000 --record "$SCRATCH/$assist.qsr"
    [ "$(player "$assist" '[d["game"]["deaths"], of("player")[0]["health"] == of("player")[0]["max_health"]]')" = "[0, True]" ] \
        && pass "$assist: no death and every heart by tick 1000" \
        || fail "$assist: $(player "$assist" '[d["game"]["deaths"], of("player")[0]["health"]]') (deaths, health)"
    "$QS" --headless --replay "$SCRATCH/$assist.qsr" --dump-state "$SCRATCH/$assist.replayed.json" >/dev/null 2>&1
    same_dump "$SCRATCH/$assist.json" "$SCRATCH/$assist.replayed.json" \
        && pass "$assist: its replay plays to the same final dump" || fail "$assist: the replay differs"
    "$QS" --replay-to-script "$SCRATCH/$assist.qsr" "$SCRATCH/$assist.script.txt" 2>/dev/null
    grep -q "^0 +$assist\$" "$SCRATCH/$assist.script.txt" \
        && pass "$assist: the replay as a script holds +$assist from tick 0" \
        || fail "$assist: no '0 +$assist' in $(head -5 "$SCRATCH/$assist.script.txt")"
    grep -q "^# an assisted run (${assist/_/ })" "$SCRATCH/$assist.script.txt" \
        && pass "$assist: the replay is marked as an assisted run" \
        || fail "$assist: no assisted mark in $(head -4 "$SCRATCH/$assist.script.txt")"
done
same_dump "$SCRATCH/invincible.json" "$SCRATCH/infinite_hearts.json" >/dev/null \
    && fail "invincible and infinite hearts played the same run" \
    || pass "invincible and infinite hearts play differently (infinite hearts still takes the hits)"

# Quicksave at 300, invincible let go at 450, quickload (and invincible held again) at 700: from there the
# run is the run from 300 on, exactly (tick 700 is a hop tick, as 300 is).
script detour "0 +invincible" "300 quicksave" "450 -invincible" "700 +invincible" "700 quickload"
run detour 1000
script straight "0 +invincible" "300 quicksave"
run straight 600
same_dump "$SCRATCH/straight.json" "$SCRATCH/detour.json" \
    && pass "invincible: F5 at 300, F9 at 700 plays on as from 300 (dump at 1000 = dump at 600)" \
    || fail "invincible: the quickload detour changed the future"

# Rewind 200 ticks from 800, holding infinite hearts: the world at 1000 is the world at 600.
script rewound "0 +infinite_hearts" "800 +rewind" "1000 -rewind"
run rewound 1000
script forward "0 +infinite_hearts"
run forward 600
same_dump "$SCRATCH/forward.json" "$SCRATCH/rewound.json" \
    && pass "infinite hearts: 200 ticks of rewind from 800 leave the world at 600 exactly" \
    || fail "infinite hearts: the rewind did not come back exactly"

# A replay written by the build before the assists (First Steps' solution) plays as it was recorded, and
# the same run recorded today is the same file byte for byte (a run without assists changed nowhere). Both
# on the level files it was recorded on: the frozen copy of 01_first_steps in tests/data/legacy/levels.
legacy_data "$SCRATCH/legacy_data"
export QUICKSTEP_DATA_DIR=$SCRATCH/legacy_data
old=$SRC/tests/data/legacy/before_assists_first_steps.qsr
"$QS" 01_first_steps --headless --save-dir "$SCRATCH/saves.sol" \
    --input "$SRC/tests/data/legacy/levels/01_first_steps/solution.txt" \
    --record "$SCRATCH/today.qsr" --dump-state "$SCRATCH/today.json" >"$SCRATCH/today.out" 2>/dev/null
"$QS" --headless --replay "$old" --dump-state "$SCRATCH/old.json" >"$SCRATCH/old.out" 2>"$SCRATCH/old.err"
grep -q '^complete: 01_first_steps tick 732$' "$SCRATCH/old.out" && cmp -s "$SCRATCH/today.out" "$SCRATCH/old.out" \
    && pass "the replay from before the assists completes at tick 732, as recorded" \
    || fail "the old replay: $(cat "$SCRATCH/old.out" "$SCRATCH/old.err")"
same_dump "$SCRATCH/today.json" "$SCRATCH/old.json" \
    && pass "the replay from before the assists ends in the same dump as the solution today" \
    || fail "the old replay ends elsewhere"
cmp -s "$old" "$SCRATCH/today.qsr" \
    && pass "the solution recorded today is the same replay file as before the assists" \
    || fail "a run without assists records a different replay file than before"

mkdir -p "$SCRATCH/old_saves"
cp "$SRC/tests/data/legacy/before_assists_first_steps.qss" "$SCRATCH/old_saves/quicksave-1.qss"
echo "5 quickload" >"$SCRATCH/quickload.txt"
"$QS" 01_first_steps --headless --save-dir "$SCRATCH/old_saves" --input "$SCRATCH/quickload.txt" --frames 5 \
    --dump-state "$SCRATCH/old_save.json" >/dev/null 2>"$SCRATCH/old_save.err"
same_dump "$SRC/tests/data/legacy/before_assists_first_steps.quickload.json" "$SCRATCH/old_save.json" \
    && pass "a quicksave from before the assists loads to the dump that build loaded it to" \
    || fail "the quicksave from before the assists: $(cat "$SCRATCH/old_save.err")"
unset QUICKSTEP_DATA_DIR

# In a window: Options' invincible (settings.json) holds the action; the replay carries it.
mkdir -p "$XDG_CONFIG_HOME/quickstep"
echo '{"invincible": true}' >"$XDG_CONFIG_HOME/quickstep/settings.json"
printf '0 attach\n480 axis rightx 0\n' >"$SCRATCH/window.pad"
xvfb-run -a -s "-screen 0 640x360x24" env -u SDL_VIDEODRIVER "$QS" "$level" --input "$SCRATCH/hops.txt" \
    --pad-script "$SCRATCH/window.pad" --save-dir "$SCRATCH/saves.window" --record "$SCRATCH/window.qsr" \
    --dump-state "$SCRATCH/window.json" >/dev/null 2>"$SCRATCH/window.err"
[ "$(player window 'd["game"]["deaths"]')" = 0 ] && [ "$(player window 'd["tick"] >= 450')" = True ] \
    && pass "window with the invincible setting: no death by tick $(player window 'd["tick"]')" \
    || fail "window run: $(tail -3 "$SCRATCH/window.err")"
"$QS" --replay-to-script "$SCRATCH/window.qsr" "$SCRATCH/window.script.txt" 2>/dev/null
grep -q '^[0-9]* +invincible$' "$SCRATCH/window.script.txt" \
    && pass "the window run's replay holds invincible" || fail "the window replay has no +invincible"
"$QS" --headless --replay "$SCRATCH/window.qsr" --dump-state "$SCRATCH/window.replayed.json" >/dev/null 2>&1
same_dump "$SCRATCH/window.json" "$SCRATCH/window.replayed.json" \
    && pass "the window run's replay plays headless to the same dump" || fail "the window replay differs"
finish
