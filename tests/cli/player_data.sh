#!/usr/bin/env bash
# The player's data, kept safe from what a run reads or plays: a best run watched from the level select
# makes its quicksaves in a scratch folder (the player's own saves, progress and best runs untouched).
source "$(dirname "$0")/lib/common.bash"
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
export XDG_CONFIG_HOME="$SCRATCH/config" XDG_DATA_HOME="$SCRATCH/data"
DATA="$XDG_DATA_HOME/quickstep"
build_lab_level || { fail "cannot build the lab level"; finish; }
LAB="$SCRATCH/levels/qs_lab"

# fingerprint DIR: every file's name and checksum
fingerprint() { (cd "$1" 2>/dev/null && find . -type f -print0 | sort -z | xargs -0r md5sum); }

# --- watching a best run from the level select leaves the player's quicksaves alone ---
mkdir -p "$DATA/replays"
printf '5 quicksave\n10 quicksave\n15 quicksave\n20 quicksave\n25 quicksave\n' >"$SCRATCH/own_saves.txt"
"$QS" "$LAB" --headless --input "$SCRATCH/own_saves.txt" --frames 30 --save-dir "$DATA/saves" \
    >/dev/null 2>"$SCRATCH/own_saves.err" || fail "own saves: $(cat "$SCRATCH/own_saves.err")"
printf '10 +right\n20 quicksave\n40 quicksave\n60 quicksave\n70 quickload\n80 quicksave\n90 quicksave\n100 quicksave\n' \
    >"$SCRATCH/best.txt"
"$QS" "$LAB" --headless --input "$SCRATCH/best.txt" --frames 130 --save-dir "$SCRATCH/best_saves" \
    --record "$DATA/replays/qs_lab-best.qsr" >/dev/null 2>"$SCRATCH/best.err" ||
    fail "best run: $(cat "$SCRATCH/best.err")"
saves_before=$(fingerprint "$DATA/saves")
[ "$(echo "$saves_before" | grep -c 'quicksave-.*\.qss')" -eq 5 ] && pass "five quicksaves of the player's own" ||
    fail "own saves: $saves_before"
replays_before=$(fingerprint "$DATA/replays")
cat >"$SCRATCH/watch.pad" <<'PAD'
0 attach
10 press dpdown
11 release dpdown
20 press a
21 release a
30 press dpup
31 release dpup
35 press dpup
36 release dpup
40 press a
41 release a
300 detach
PAD
timeout 120 "$QS" --pad-script "$SCRATCH/watch.pad" --levels-dir "$SCRATCH/levels" \
    >"$SCRATCH/watch.out" 2>"$SCRATCH/watch.err"
code=$?
[ $code -eq 0 ] || fail "watch: exit $code: $(tail -5 "$SCRATCH/watch.err")"
grep -q 'frame 35: level_select .* "   watch best run"' "$SCRATCH/watch.err" &&
    grep -q 'frame 40: playing' "$SCRATCH/watch.err" && grep -q 'toast: End of the replay' "$SCRATCH/watch.err" &&
    pass "the best run was watched from the level select to its end" ||
    fail "watch trace: $(grep pad-script "$SCRATCH/watch.err" | head -20)"
grep -q 'toast: Quicksaved' "$SCRATCH/watch.err" && pass "the watched run pressed F5" ||
    fail "the watched run made no quicksave: $(grep toast "$SCRATCH/watch.err")"
[ "$(fingerprint "$DATA/saves")" = "$saves_before" ] &&
    pass "the player's five quicksaves are untouched after watching (the replay's F5s went elsewhere)" ||
    fail "watching changed the player's saves: $(fingerprint "$DATA/saves")"
[ "$(fingerprint "$DATA/replays")" = "$replays_before" ] && pass "best run and ghost untouched by watching" ||
    fail "watching changed the replays folder: $(fingerprint "$DATA/replays")"
[ ! -e "$DATA/progress.json" ] && pass "watching records no progress" || fail "progress.json written by watching"

finish
