# A level's records (best time, best run, ghost) belong to that level, not to its folder name: a stranger's
# level with an installed level's name, finished in the game, keeps records of its own and leaves the
# installed one's best time and best run as they were; the installed one's records still show in the list.
source "$(dirname "$0")/lib/common.bash"
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
export XDG_CONFIG_HOME="$SCRATCH/config" XDG_DATA_HOME="$SCRATCH/data"
DATA="$XDG_DATA_HOME/quickstep"

# dash DIR GAP: a level "dash" in DIR/dash: run right to the goal across GAP (the layouts differ)
dash() { dash_level "$1/dash" "$2"; }
dash "$SCRATCH/installed" "################"
dash "$SCRATCH/stranger" "#########.######"
printf '0 +right\n' >"$SCRATCH/right.txt"
# finish DIR NAME: plays DIR/dash in the game (not headless: records are kept) to its results screen
finish_in_game() {
    "$QS" "$1/dash" --input "$SCRATCH/right.txt" --frames 200 --save-dir "$SCRATCH/saves" \
        >"$SCRATCH/$2.out" 2>"$SCRATCH/$2.err" || fail "$2: exit $?: $(tail -3 "$SCRATCH/$2.err")"
}
keys() { python3 -c 'import json,sys; print(" ".join(sorted(json.load(open(sys.argv[1]))["levels"])))' "$DATA/progress.json"; }
best_of() {  # best_of KEY: the best ticks kept under KEY
    python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["levels"][sys.argv[2]]["best_ticks"])' \
        "$DATA/progress.json" "$1"
}

finish_in_game "$SCRATCH/installed" installed
[ -f "$DATA/progress.json" ] || { fail "no progress.json after finishing: $(tail -3 "$SCRATCH/installed.err")"; finish; }
mine=$(keys)
[[ "$mine" =~ ^dash@[0-9a-f]{16}$ ]] && pass "an added level's record is kept under its name and layout ($mine)" ||
    fail "record key: '$mine'"
best_mine=$(best_of "$mine")
[ -f "$DATA/replays/$mine-best.qsr" ] && [ -f "$DATA/replays/$mine-best.ghost" ] &&
    pass "its best run and ghost are kept under the same key" || fail "replays: $(ls "$DATA/replays")"
run_before=$(md5sum <"$DATA/replays/$mine-best.qsr")

# The stranger's level, same folder name, another layout (a gap to jump... or fall: either way it ends).
printf '0 +right\n40 +jump\n55 -jump\n' >"$SCRATCH/right.txt"
finish_in_game "$SCRATCH/stranger" stranger
both=$(keys)
[ "$(echo "$both" | wc -w)" -eq 2 ] && pass "the stranger's level got a record of its own ($both)" ||
    fail "records after the stranger's level: '$both'"
[ "$(best_of "$mine")" = "$best_mine" ] && pass "the installed level's best time is untouched" ||
    fail "the installed level's best time changed: $best_mine -> $(best_of "$mine")"
[ "$(md5sum <"$DATA/replays/$mine-best.qsr")" = "$run_before" ] && pass "the installed level's best run is untouched" ||
    fail "the installed level's best run was overwritten"
finish
