# The ending: the chapters' last level (the last main level of assets/chapters.json, read here), finished
# in a window, leads on to the ending when "Next level" is chosen on its results: THE END, whose first
# item is "Level select", and its picture is written. The main level before it leads on to a level
# instead (the control). The windows run with SDL's dummy driver, driven by a --pad-script gamepad.
source "$(dirname "$0")/lib/common.bash"
export XDG_CONFIG_HOME=$SCRATCH/config XDG_DATA_HOME=$SCRATCH/data
read -r last before <<<"$(python3 -c '
import json, sys
chapters = json.load(open(sys.argv[1]))["chapters"]
main = [e for c in chapters for e in c["levels"] if isinstance(e, str)]
print(main[-1], main[-2])' "$SRC/assets/chapters.json")"
[ -n "$last" ] && [ -n "$before" ] && pass "the chapters end with $last (before it: $before)" ||
    fail "no last level read from assets/chapters.json"

# play_to_results LEVEL: the level's solution in a window; on its results, the pad's A chooses the first item
# ("Next level"). The menus' trace goes to $SCRATCH/LEVEL.err, the last frame to $SCRATCH/LEVEL.png.
play_to_results() {
    local level=$1 complete
    complete=$("$QS" "$level" --headless --save-dir "$SCRATCH/saves.h.$level" \
        --input "$SRC/levels/$level/solution.txt" 2>/dev/null | sed -n "s/^complete: $level tick //p")
    [ -n "$complete" ] || { fail "$level: its solution does not finish headless"; return; }
    printf '0 attach\n%d press a\n%d release a\n%d axis rightx 0\n' $((complete + 40)) $((complete + 41)) \
        $((complete + 100)) >"$SCRATCH/$level.pad"
    xvfb-run -a -s "-screen 0 640x360x24" "$QS" "$level" --input "$SRC/levels/$level/solution.txt" \
        --pad-script "$SCRATCH/$level.pad" --save-dir "$SCRATCH/saves.$level" \
        --screenshot "$SCRATCH/$level.png" >/dev/null 2>"$SCRATCH/$level.err"
}
# after LEVEL: the menus' states traced after the results screen opened.
after() { sed -n '/^pad-script: frame [0-9]*: results 0 "Next level"/,$p' "$SCRATCH/$1.err" | tail -n +2; }

play_to_results "$last"
after "$last" | grep -q '^pad-script: frame [0-9]*: results 0 "Level select"' &&
    pass "$last: \"Next level\" on its results opens the ending (THE END, \"Level select\")" ||
    fail "$last: no ending after its results: $(grep '^pad-script' "$SCRATCH/$last.err" | tail -4)"
[ -s "$SCRATCH/$last.png" ] && pass "$last: the ending's picture is written" || fail "$last: no screenshot"

play_to_results "$before"
after "$before" | grep -q '^pad-script: frame [0-9]*: playing' &&
    ! after "$before" | grep -q '"Level select"' &&
    pass "$before: \"Next level\" on its results plays the next level, no ending" ||
    fail "$before: after its results: $(grep '^pad-script' "$SCRATCH/$before.err" | tail -4)"
finish
