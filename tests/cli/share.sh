# Sharing in a real window (Xvfb, the virtual pad): a player finishes a level of their own, picks "Share..."
# in the level's menu (from the level select) and gets one .qslevel file; dropped into another player's
# levels folder it is listed as cleared by its maker, "Watch the maker's clear" plays the proof to the goal,
# and the second player beats it. Skipped without xvfb-run.
source "$(dirname "$0")/lib/common.bash"

if ! command -v xvfb-run >/dev/null; then
    echo "xvfb-run not installed: share test skipped"
    echo "0 passed, 0 failed"
    exit 0
fi
unset SDL_VIDEODRIVER
export XDG_CONFIG_HOME=$SCRATCH/config
maker=$SCRATCH/maker player=$SCRATCH/player
mkdir -p "$maker/quickstep/levels" "$player/quickstep/levels"
# zz_mine (listed last, after the chapters' levels): run right to the goal.
dash_level "$maker/quickstep/levels/zz_mine"
solution=$SCRATCH/right.txt
printf '0 +right\n' >"$solution"
# The windows fill a 640x360 screen: a quarter of the pixels to draw (the picture is cli_window's test).
window() {  # window PROFILE NAME PAD [game args...]: a windowed run driven by the pad script PAD
    local profile=$1 name=$2 pad=$3
    shift 3
    printf "$pad" >"$SCRATCH/$name.pad"
    XDG_DATA_HOME=$profile xvfb-run -a -s "-screen 0 640x360x24" "$QS" "$@" --pad-script "$SCRATCH/$name.pad" \
        --save-dir "$SCRATCH/saves.$name" >"$SCRATCH/$name.out" 2>"$SCRATCH/$name.err"
}
traced() { grep -q "^pad-script: frame [0-9]*: $2" "$SCRATCH/$1.err"; }

# 1. The maker finishes the level in a window: its best run is kept.
window "$maker" finish '0 attach\n200 axis rightx 0\n' zz_mine --input "$solution"
ls "$maker/quickstep/replays/zz_mine@"*-best.qsr >/dev/null 2>&1 \
    && pass "the maker's finished run is kept as the level's best run" \
    || fail "no best run: $(ls "$maker/quickstep/replays" 2>&1) $(tail -2 "$SCRATCH/finish.err")"

# 2. Title > Level select (down, a); up twice from the first level wraps past Back to zz_mine; a opens its
# menu (Play, Watch best run, Share..., Back); down twice to "Share..."; a.
window "$maker" share '0 attach\n30 press dpdown\n32 release dpdown\n40 press a\n42 release a
60 press dpup\n62 release dpup\n70 press dpup\n72 release dpup\n80 press a\n82 release a\n90 press dpdown
92 release dpdown\n100 press dpdown\n102 release dpdown\n110 press a\n112 release a\n170 axis rightx 0\n'
traced share 'level_menu 2 "Share..."' && pass "a finished level's menu offers Share..." \
    || fail "no share item: $(grep pad-script "$SCRATCH/share.err" | tail -4)"
pkg=$maker/quickstep/shared/zz_mine.qslevel
grep -q "^quickstep: share: packed: .*zz_mine.qslevel: zz_mine, [0-9]* files, [0-9]* bytes, cleared at tick" \
    "$SCRATCH/share.err" && [ -f "$pkg" ] && pass "share... writes the package next to the levels folder" \
    || fail "not shared: $(grep -v pad-script "$SCRATCH/share.err" | tail -3)"

# 3. The other player drops the file into their levels folder: listed as cleared by its maker.
cp "$pkg" "$player/quickstep/levels/"
"$QS" --verify "$player/quickstep/levels/zz_mine.qslevel" >"$SCRATCH/verify.out" 2>/dev/null \
    && pass "the shared file verifies" || fail "the shared file does not verify"
# Title > Level select; up twice wraps past Back to zz_mine; a opens its menu (Play, Watch the maker's
# clear, Back); down; a; the run plays to the goal.
window "$player" watch '0 attach\n30 press dpdown\n32 release dpdown\n40 press a\n42 release a
60 press dpup\n62 release dpup\n70 press dpup\n72 release dpup\n80 press a\n82 release a\n90 press dpdown
92 release dpdown\n100 press a\n102 release a\n320 axis rightx 0\n'
traced watch "level_menu 1 \"Watch the maker's clear\"" \
    && pass "the package's menu offers Watch the maker's clear" \
    || fail "no maker's clear item: $(grep pad-script "$SCRATCH/watch.err" | tail -4)"
grep -q '^level: zz_mine ' "$SCRATCH/watch.err" && traced watch 'playing' \
    && pass "watching the maker's clear plays the level" || fail "the clear did not play: $(tail -3 "$SCRATCH/watch.err")"
first_play=$(sed -n 's/^pad-script: frame \([0-9]*\): playing.*/\1/p' "$SCRATCH/watch.err" | head -1)
back=$(sed -n 's/^pad-script: frame \([0-9]*\): level_select.*/\1/p' "$SCRATCH/watch.err" | tail -1)
clear_tick=$(sed -n 's/^complete: zz_mine tick //p' "$SCRATCH/verify.out")
[ -n "$first_play" ] && [ -n "$back" ] && [ -n "$clear_tick" ] && [ $((back - first_play)) -ge $((clear_tick - 5)) ] \
    && pass "the maker's clear ran to its end ($((back - first_play)) frames) and returned to the level select" \
    || fail "the clear ended early: playing at '$first_play', back at '$back'"

# 4. The player beats it: the package plays like any level.
"$QS" "$player/quickstep/levels/zz_mine.qslevel" --headless --input "$solution" --save-dir "$SCRATCH/saves.beat" \
    >"$SCRATCH/beat.out" 2>/dev/null
grep -q '^complete: zz_mine tick ' "$SCRATCH/beat.out" && pass "the other player finishes the shared level" \
    || fail "the shared level does not finish: $(cat "$SCRATCH/beat.out")"
finish
