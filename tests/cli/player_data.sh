#!/usr/bin/env bash
# The player's data, kept safe from what a run reads or plays: a best run watched from the level select
# makes its quicksaves in a scratch folder (the player's own saves, progress and best runs untouched); the
# temp files killed writes of settings, progress or replays left are removed when the game starts; folder
# names and level ids that are not valid UTF-8 or hold control characters are refused or escaped.
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
# Killed writes left these (the game's own temp names); a temp file not of the game's stays.
mkdir -p "$XDG_CONFIG_HOME/quickstep"
for f in "$XDG_CONFIG_HOME/quickstep/settings.json.tmp" "$DATA/progress.json.tmp" \
    "$DATA/replays/qs_lab-latest.qsr.tmp" "$DATA/replays/qs_lab-best.ghost.tmp" "$DATA/replays/notes.txt.tmp"; do
    printf 'half a write' >"$f"
done
cat >"$SCRATCH/watch.pad" <<'PAD'
0 attach
10 press dpdown
11 release dpdown
15 press dpdown
16 release dpdown
20 press a
21 release a
30 press dpup
31 release dpup
35 press dpup
36 release dpup
40 press a
41 release a
45 press dpdown
46 release dpdown
50 press a
51 release a
310 detach
PAD
timeout 120 "$QS" --pad-script "$SCRATCH/watch.pad" --levels-dir "$SCRATCH/levels" \
    >"$SCRATCH/watch.out" 2>"$SCRATCH/watch.err"
code=$?
[ $code -eq 0 ] || fail "watch: exit $code: $(tail -5 "$SCRATCH/watch.err")"
# Up twice from the first row wraps past Back to qs_lab; a opens its menu; down to "Watch best run"; a.
grep -q 'frame 40: level_menu 0 "Play"' "$SCRATCH/watch.err" &&
    grep -q 'frame 45: level_menu 1 "Watch best run"' "$SCRATCH/watch.err" &&
    grep -q 'frame 50: playing' "$SCRATCH/watch.err" && grep -q 'toast: End of the replay' "$SCRATCH/watch.err" &&
    pass "the best run was watched from the level select to its end" ||
    fail "watch trace: $(grep pad-script "$SCRATCH/watch.err" | head -20)"
grep -q 'toast: Quicksaved' "$SCRATCH/watch.err" && pass "the watched run pressed F5" ||
    fail "the watched run made no quicksave: $(grep toast "$SCRATCH/watch.err")"
[ "$(fingerprint "$DATA/saves")" = "$saves_before" ] &&
    pass "the player's five quicksaves are untouched after watching (the replay's F5s went elsewhere)" ||
    fail "watching changed the player's saves: $(fingerprint "$DATA/saves")"
gone=0
for f in "$XDG_CONFIG_HOME/quickstep/settings.json.tmp" "$DATA/progress.json.tmp" \
    "$DATA/replays/qs_lab-latest.qsr.tmp" "$DATA/replays/qs_lab-best.ghost.tmp"; do
    [ -e "$f" ] || gone=$((gone + 1))
done
[ $gone -eq 4 ] && grep -q "removed .*settings.json.tmp, left by an interrupted write" "$SCRATCH/watch.err" &&
    pass "the temp files of killed settings, progress and replay writes are removed (and named)" ||
    fail "$gone of 4 abandoned temp files removed: $(ls -a "$DATA" "$DATA/replays" "$XDG_CONFIG_HOME/quickstep")"
mv "$DATA/replays/notes.txt.tmp" "$SCRATCH/" && pass "a temp file not of the game's stays" ||
    fail "notes.txt.tmp was removed"
[ "$(fingerprint "$DATA/replays")" = "$replays_before" ] && pass "best run and ghost untouched by watching" ||
    fail "watching changed the replays folder: $(fingerprint "$DATA/replays")"
[ ! -e "$DATA/progress.json" ] && pass "watching records no progress" || fail "progress.json written by watching"

# --- a folder name that is not valid UTF-8 is refused, never aborts; names are escaped when printed ---
mkdir -p "$SCRATCH/names"
cp -r "$LAB" "$SCRATCH/names/lab"$'\xff'
cp -r "$LAB" "$SCRATCH/names/tab"$'\t'"new"$'\n'"line"
"$QS" --list-levels --levels-dir "$SCRATCH/names" >"$SCRATCH/list.out" 2>"$SCRATCH/list.err"
code=$?
[ $code -eq 0 ] && pass "--list-levels with odd folder names (exit 0)" || fail "--list-levels: exit $code"
python3 - "$SCRATCH/list.out" "$SCRATCH/names" <<'PY' && pass "--list-levels: one 4-field line per level, names escaped, valid UTF-8" || fail "--list-levels lines: $(od -c "$SCRATCH/list.out" | tail -8)"
import sys
raw = open(sys.argv[1], "rb").read()
text = raw.decode("utf-8")  # raises when not UTF-8
mine = [l.split("\t") for l in text.splitlines() if sys.argv[2] in l]
assert all(len(l.split("\t")) == 4 for l in text.splitlines()), text
names = {f[0]: f[1] for f in mine}
assert names.get("lab\\xff") == "broken", names
assert names.get("tab\\x09new\\x0aline") == "ok", names
assert any("not valid UTF-8" in f[3] for f in mine if f[0] == "lab\\xff"), mine
PY
timeout 20 "$QS" "$SCRATCH/names/lab"$'\xff' --headless --frames 5 >/dev/null 2>"$SCRATCH/bad_name.err"
code=$?
[ $code -eq 1 ] && grep -q 'lab\\xff: the folder name is not valid UTF-8' "$SCRATCH/bad_name.err" &&
    pass "playing a folder whose name is not UTF-8 is refused with a message (exit 1, no abort)" ||
    fail "play lab\\xff: exit $code: $(head -c 300 "$SCRATCH/bad_name.err")"
timeout 20 "$QS" --check "$SCRATCH/names/lab"$'\xff' >"$SCRATCH/check_name.out" 2>"$SCRATCH/check_name.err"
code=$?
[ $code -eq 1 ] && grep -q 'lab\\xff: broken' "$SCRATCH/check_name.out" &&
    pass "--check refuses it, the name escaped (exit 1)" || fail "--check lab\\xff: exit $code"

# A copy kept under a shipped level's folder name: the shipped one keeps the name, and both a listing and
# a run by that name say which one plays and how to play the copy.
mkdir -p "$SCRATCH/namesakes"
cp -r "$SRC/levels/01_first_steps" "$SCRATCH/namesakes/01_first_steps"
"$QS" --list-levels --levels-dir "$SCRATCH/namesakes" >"$SCRATCH/namesakes.out" 2>"$SCRATCH/namesakes.err"
code=$?
[ $code -eq 0 ] && [ "$(grep -c '^01_first_steps	ok	' "$SCRATCH/namesakes.out")" -eq 2 ] &&
    grep -q "namesakes/01_first_steps: named '01_first_steps' like .*levels/01_first_steps, which that name plays; play this one by its path" "$SCRATCH/namesakes.err" &&
    pass "--list-levels: a copy named like a shipped level is listed and said to play by its path" ||
    fail "--list-levels namesakes: exit $code: $(cat "$SCRATCH/namesakes.err")"
"$QS" 01_first_steps --levels-dir "$SCRATCH/namesakes" --headless --frames 2 --dump-state "$SCRATCH/namesake.json" \
    >/dev/null 2>"$SCRATCH/namesake_play.err"
code=$?
[ $code -eq 0 ] && grep -q "namesakes/01_first_steps is also named '01_first_steps': playing .*levels/01_first_steps; give the path to play the other" "$SCRATCH/namesake_play.err" &&
    pass "playing by a name two levels share says which plays and how to play the other" ||
    fail "play namesake: exit $code: $(cat "$SCRATCH/namesake_play.err")"
"$QS" "$SCRATCH/namesakes/01_first_steps" --levels-dir "$SCRATCH/namesakes" --headless --frames 2 \
    >/dev/null 2>"$SCRATCH/namesake_path.err"
! grep -q "also named" "$SCRATCH/namesake_path.err" && grep -q '^level: ' "$SCRATCH/namesake_path.err" && pass "playing the copy by its path warns of nothing" ||
    fail "play by path: $(cat "$SCRATCH/namesake_path.err")"
"$QS" 01_first_steps --headless --frames 2 >/dev/null 2>"$SCRATCH/no_namesake.err"
! grep -q "also named" "$SCRATCH/no_namesake.err" && grep -q '^level: ' "$SCRATCH/no_namesake.err" && pass "a shipped level without a namesake plays without a warning" ||
    fail "no namesake: $(cat "$SCRATCH/no_namesake.err")"

# A replay's level id is printed escaped: no terminal escape reaches the terminal.
evil="esc"$'\x1b'"]0;pwned"$'\x07'
cp -r "$LAB" "$SCRATCH/names/$evil"
"$QS" "$SCRATCH/names/$evil" --headless --frames 20 --save-dir "$SCRATCH/evil_saves" \
    --record "$SCRATCH/evil.qsr" >/dev/null 2>&1 || fail "cannot record a run of the escape-named level"
rm -rf "${SCRATCH:?}/names/$evil"
timeout 20 "$QS" --headless --replay "$SCRATCH/evil.qsr" --levels-dir "$SCRATCH/names" >/dev/null 2>"$SCRATCH/evil.err"
code=$?
[ $code -eq 1 ] && grep -qF "its level 'esc\x1b]0;pwned\x07' is not installed" "$SCRATCH/evil.err" &&
    ! grep -q $'\x1b' "$SCRATCH/evil.err" && pass "a replay's level id is printed escaped" ||
    fail "replay of a missing escape-named level: exit $code: $(od -c "$SCRATCH/evil.err" | head -5)"

finish
