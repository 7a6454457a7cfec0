# Par times in the game (SDL's dummy video driver, not headless: records are kept): First Steps' solution
# finishes within its par (assets/chapters.json, read here): the results say "Par M:SS.0, beaten by X s"
# with X the par less the run's time, and the progress file keeps "par_beaten". The same solution begun
# later finishes over par: the results say "X s over" and nothing is marked beaten.
source "$(dirname "$0")/lib/common.bash"
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
level=01_first_steps
par=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["par"][sys.argv[2]])' \
    "$SRC/assets/chapters.json" "$level")
[ -n "$par" ] && pass "$level has a par time of $par s" || fail "no par time for $level in assets/chapters.json"

# finish_ticks NAME SCRIPT: the tick at which SCRIPT finishes the level headless, kept in NAME.ticks
finish_ticks() {
    local complete
    complete=$("$QS" "$level" --headless --input "$2" --save-dir "$SCRATCH/saves.h.$1" 2>/dev/null |
        sed -n "s/^complete: $level tick //p")
    [ -n "$complete" ] || { fail "$1: the script does not finish headless"; return 1; }
    echo "$complete" >"$SCRATCH/$1.ticks"
}
# in_game NAME SCRIPT: the level in the game with SCRIPT, to its results; stderr in NAME.err. The two runs
# below play at the same time: each takes its game time in real time.
in_game() {
    XDG_DATA_HOME="$SCRATCH/data.$1" XDG_CONFIG_HOME="$SCRATCH/config.$1" "$QS" "$level" --input "$2" \
        --frames $(($(cat "$SCRATCH/$1.ticks") + 30)) --save-dir "$SCRATCH/saves.$1" >/dev/null \
        2>"$SCRATCH/$1.err" || echo "exit $?: $(tail -3 "$SCRATCH/$1.err")" >"$SCRATCH/$1.failed"
}
# expected TICKS: the results' par text for a run of TICKS ticks (the level timer starts at tick 0)
expected() {
    python3 -c '
import sys
ticks, par = int(sys.argv[1]), int(sys.argv[2]) * 60
margin = abs(par - ticks)
text = "Par %d:%02d.0, " % (par // 3600, par // 60 % 60)
amount = "%d.%d s" % (margin // 60, margin % 60 // 6)
print(text + ("beaten by " + amount if ticks <= par else amount + " over"))' "$1" "$par"
}
beaten_in() {  # beaten_in NAME: the par_beaten mark of the level in NAME's progress file
    python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["levels"][sys.argv[2]].get("par_beaten", False))' \
        "$SCRATCH/data.$1/quickstep/progress.json" "$level"
}

finish_ticks fast "$SRC/levels/$level/solution.txt"
# The same inputs, every one later by the solution's margin under par and two seconds more.
late=$(( par * 60 - $(cat "$SCRATCH/fast.ticks") + 120 ))
awk -v d="$late" '/^[0-9]/ { $1 = $1 + d } { print }' "$SRC/levels/$level/solution.txt" >"$SCRATCH/late.txt"
finish_ticks slow "$SCRATCH/late.txt"
in_game fast "$SRC/levels/$level/solution.txt" &
[ -s "$SCRATCH/slow.ticks" ] && in_game slow "$SCRATCH/late.txt" &
wait
for run in fast slow; do [ -e "$SCRATCH/$run.failed" ] && fail "$run: $(cat "$SCRATCH/$run.failed")"; done

want=$(expected "$(cat "$SCRATCH/fast.ticks")")
grep -qF "results: $level: " "$SCRATCH/fast.err" && grep "^results: $level: " "$SCRATCH/fast.err" | grep -qF "   $want   " &&
    pass "the solution's results: $want" || fail "results: '$(grep '^results:' "$SCRATCH/fast.err")', wanted '$want'"
[ "$(beaten_in fast)" = True ] && pass "the progress file keeps par_beaten" || fail "par_beaten: $(beaten_in fast)"

if [ -s "$SCRATCH/slow.ticks" ]; then
    want=$(expected "$(cat "$SCRATCH/slow.ticks")")
    [[ $want == *" over" ]] && grep "^results: $level: " "$SCRATCH/slow.err" | grep -qF "   $want   " &&
        pass "the late run's results: $want" || fail "results: '$(grep '^results:' "$SCRATCH/slow.err")', wanted '$want'"
    [ "$(beaten_in slow)" = False ] && pass "a run over par marks nothing beaten" || fail "par_beaten: $(beaten_in slow)"
fi
finish
