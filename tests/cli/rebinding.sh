# Rebinding in a real window (Xvfb + xdotool): Options > Controls > Jump, add X (the old keys stay), add
# Right (a conflict: Right moves; the player moves it to jump), quit; settings.json keeps it, and in the
# next run Right jumps without moving while D still moves. Skipped when xvfb-run or xdotool is missing.
source "$(dirname "$0")/lib/common.bash"

if ! command -v xvfb-run >/dev/null || ! command -v xdotool >/dev/null; then
    echo "xvfb-run or xdotool not installed: rebinding test skipped"
    echo "0 passed, 0 failed"
    exit 0
fi
unset SDL_VIDEODRIVER
export XDG_CONFIG_HOME="$SCRATCH/config" XDG_DATA_HOME="$SCRATCH/data"
SETTINGS="$XDG_CONFIG_HOME/quickstep/settings.json"

# $SCRATCH/drive.sh LOG GAME-ARGS... -- KEYS...: starts the game, waits for its window, sends the keys (a number is a
# pause in seconds, "down:K"/"up:K" hold and release), then waits for the game to end (at most 60 s).
cat >"$SCRATCH/drive.sh" <<'EOF'
log=$1; shift
args=()
while [ "$1" != "--" ]; do args+=("$1"); shift; done
shift
"${args[@]}" >"$log.out" 2>"$log.err" &
pid=$!
# xdotool search stops with an X error (BadWindow) when a window it walks vanishes meanwhile, as windows
# may while SDL sets up: search again instead of --sync, while the game runs, for at most 90 s (a loaded
# machine starting several X servers at once can take long).
win=
for _ in $(seq 180); do
    win=$(xdotool search --name '^Quickstep$' 2>/dev/null | head -1)
    [ -n "$win" ] && break
    kill -0 $pid 2>/dev/null || break
    sleep 0.5
done
if [ -z "$win" ]; then
    if kill -0 $pid 2>/dev/null; then
        echo "no window named Quickstep after 90 s on $DISPLAY; windows: $(xdotool search --name . getwindowname %@ 2>&1 | head -5 | tr '\n' ';')" >>"$log.err"
        kill $pid
    else
        wait $pid
        echo "the game ended (exit $?) before its window was found" >>"$log.err"
    fi
    exit 1
fi
# A renderer that needs another kind of window makes SDL destroy the first one and open a new one under
# the same name: the keys go to the window that is still there a second later, found again if it went.
stable=
for _ in $(seq 60); do
    sleep 1
    now=$(xdotool search --name '^Quickstep$' 2>/dev/null | tail -1)
    if [ -n "$now" ] && [ "$now" = "$win" ]; then stable=1; break; fi
    win=$now
    kill -0 $pid 2>/dev/null || break
done
if [ -z "$stable" ]; then
    echo "the Quickstep window kept changing or vanished (last: '$win')" >>"$log.err"
    kill $pid 2>/dev/null
    exit 1
fi
send() {  # send XDOTOOL-COMMAND KEY: to the game's window, searched again if it is gone
    xdotool getwindowname "$win" >/dev/null 2>&1 || win=$(xdotool search --name '^Quickstep$' 2>/dev/null | tail -1)
    xdotool "$1" --window "$win" "$2"
}
for k in "$@"; do
    case $k in
        [0-9]*) sleep "$k" ;;
        down:*) send keydown "${k#down:}" ;;
        up:*) send keyup "${k#up:}" ;;
        *) send key "$k"; sleep 0.2 ;;
    esac
done
for _ in $(seq 600); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
if kill $pid 2>/dev/null; then wait $pid; echo "still running after 60 s: killed" >>"$log.err"; exit 3; fi
wait $pid
EOF

# The windows fill a 640x360 screen: a quarter of the pixels to draw (the picture is cli_window's test).
# Title: Play, Level select, Options. Options: 4 settings, then Controls. Controls: Move left, Move right,
# Menu up, Down, Jump. Jump's page: "Add a key or button" first. The conflict page: "Use Right ..." first.
# Back (Esc) three times to the title, whose fourth item is Quit.
xvfb-run -a -s "-screen 0 640x360x24" bash "$SCRATCH/drive.sh" "$SCRATCH/menus" "$QS" -- \
    Down Down Return Down Down Down Down Return Down Down Down Down Return \
    Return x Return Right 0.5 Return Escape Escape Escape Down Down Down Return
code=$?
[ $code -eq 0 ] && pass "menus driven, game quit from the title" || fail "menu run: exit $code: $(cat "$SCRATCH/menus.err")"

python3 - "$SETTINGS" <<'PY' && pass "jump kept Space, Z, K and gained X and Right; Right left Move right (D stays)" \
    || fail "settings.json after rebinding: $(cat "$SETTINGS" 2>/dev/null || echo missing)"
import json, sys
keys = json.load(open(sys.argv[1]))["keys"]
assert keys["jump"] == ["Space", "Z", "K", "X", "Right"], keys["jump"]
assert keys["right"] == ["D"], keys["right"]
PY

# The next run reads the bindings: holding Right jumps in place, holding D runs right. The two runs go one
# after the other, each with its own copy of the settings, save folder and X server (two X servers started
# at the same moment beside the other tests ctest runs sometimes left the first one's game without its
# display).
play() {  # play NAME KEY: holds KEY for 2 s in 01_first_steps, dumps the state
    mkdir -p "$SCRATCH/$1.config" && cp -r "$XDG_CONFIG_HOME/quickstep" "$SCRATCH/$1.config/"
    XDG_CONFIG_HOME="$SCRATCH/$1.config" xvfb-run -a -s "-screen 0 640x360x24" bash "$SCRATCH/drive.sh" \
        "$SCRATCH/$1" "$QS" 01_first_steps --save-dir "$SCRATCH/saves.$1" --frames 420 \
        --dump-state "$SCRATCH/$1.json" -- "down:$2" 2 "up:$2"
}
play right Right
right=$?
play d d
d=$?
# Where the player stands when nothing is pressed: the same 420 ticks, headless (no window to wait for).
SDL_VIDEODRIVER=dummy "$QS" 01_first_steps --headless --frames 420 --save-dir "$SCRATCH/saves" \
    --dump-state "$SCRATCH/start_only.json" >/dev/null 2>"$SCRATCH/start_only.err"
still=$?
# A run that failed leaves no dump to compare: say which and stop.
[ $still -eq 0 ] || fail "the headless still run: exit $still: $(tail -3 "$SCRATCH/start_only.err")"
[ $right -eq 0 ] || fail "the run holding Right: exit $right: $(tail -3 "$SCRATCH/right.err")"
[ $d -eq 0 ] || fail "the run holding D: exit $d: $(tail -3 "$SCRATCH/d.err")"
[ $still -eq 0 ] && [ $right -eq 0 ] && [ $d -eq 0 ] || finish
x0=$(json_query "$SCRATCH/start_only.json" 'of("player")[0]["x"]')
xr=$(json_query "$SCRATCH/right.json" 'of("player")[0]["x"]')
xd=$(json_query "$SCRATCH/d.json" 'of("player")[0]["x"]')
python3 -c "import sys; sys.exit(0 if abs($xr - $x0) < 0.5 else 1)" && pass "Right no longer moves (x $x0 -> $xr)" \
    || fail "Right still moves: x $x0 -> $xr"
python3 -c "import sys; sys.exit(0 if $xd > $x0 + 3 else 1)" && pass "D still moves right (x $x0 -> $xd)" \
    || fail "D did not move: x $x0 -> $xd"
finish
