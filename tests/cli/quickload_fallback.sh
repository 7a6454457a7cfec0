#!/usr/bin/env bash
# Quickloads around an edit and F8: after editing the level being played, F9 carries its newest save into
# the edited level (it stays in that level); the first F8 after playing loads the save before the newest,
# and further F8 presses keep stepping back.
source "$(dirname "$0")/lib/common.bash"
export XDG_DATA_HOME="$SCRATCH/xdg"
build_lab_level || { fail "cannot build the lab level"; finish; }
cp -r "$SCRATCH/levels/qs_lab" "$SCRATCH/levels/qs_other"
LAB="$SCRATCH/levels/qs_lab" OTHER="$SCRATCH/levels/qs_other"

# play LEVEL NAME FRAMES SAVES SCRIPT: runs LEVEL with SCRIPT (text), dump in NAME.json, stderr in NAME.err
play() {
    printf "$5" >"$SCRATCH/$2.txt"
    "$QS" "$1" --headless --frames "$3" --input "$SCRATCH/$2.txt" --dump-state "$SCRATCH/$2.json" \
        --save-dir "$4" --levels-dir "$SCRATCH/levels" 2>"$SCRATCH/$2.err" >/dev/null
}
level_of() { json_query "$SCRATCH/$1.json" 'd["level"]'; }
timer_of() { json_query "$SCRATCH/$1.json" 'd["game"]["timer_ticks"]'; }

# 1. A save in another level, then one in the lab; the lab is edited (its walker walks now); F9 in the lab
# carries the lab's save into the edited lab.
S1="$SCRATCH/s1"
play "$OTHER" other_save 12 "$S1" '5 +right\n10 quicksave\n'
play "$LAB" lab_save 10 "$S1" '10 quicksave\n'  # the dump: the state saved
sed -i 's/"speed": 0}/"speed": 1}/' "$LAB/qs_lab.lvl"
play "$LAB" edited_f9 2 "$S1" '2 quickload\n'
[ "$(level_of edited_f9)" = qs_lab ] && pass "F9 after an edit stays in the edited level" \
    || fail "F9 after an edit moved to level '$(level_of edited_f9)'"
[ "$(timer_of edited_f9)" = "$(timer_of lab_save)" ] \
    && pass "the save was carried into the edited level (its timer)" \
    || fail "timer $(timer_of edited_f9), expected the save's"
grep -q "level 'qs_lab' changed since the quicksave: kept your place, .*; 1 walker changed" "$SCRATCH/edited_f9.err" \
    && pass "says what was carried" || fail "no carry message: $(cat "$SCRATCH/edited_f9.err")"
play "$LAB" edited_f8 3 "$S1" '2 quickload_older\n'
[ "$(level_of edited_f8)" = qs_other ] && pass "F8 after an edit loads the save before the newest" \
    || fail "F8 after an edit: level $(level_of edited_f8)"

# 2. The newest lab save was made in another version of the lab than an older one: the newest is carried.
S2="$SCRATCH/s2"
play "$LAB" v2_save 12 "$S2" '10 quicksave\n'        # made with the edited .lvl
sed -i 's/"speed": 1}/"speed": 2}/' "$LAB/qs_lab.lvl"
play "$LAB" v3_save 10 "$S2" '5 +right\n10 quicksave\n'  # made with the second edit
sed -i 's/"speed": 2}/"speed": 1}/' "$LAB/qs_lab.lvl"  # back to the first edit
play "$OTHER" other_newest 12 "$S2" '10 quicksave\n'   # another level's save is the newest of all
play "$LAB" back_f9 3 "$S2" '2 quickload\n'
# The newest save (qs_other) loads that level, as F9 always did.
[ "$(level_of back_f9)" = qs_other ] && pass "the newest save, of another level, still loads that level" \
    || fail "the newest save of another level did not load it: $(level_of back_f9)"
newest=$(ls "$S2" | sort -V | tail -1)
rm -f "$S2/$newest"  # drop the other level's save again
play "$LAB" back_f9b 2 "$S2" '2 quickload\n'
[ "$(level_of back_f9b)" = qs_lab ] \
    && [ "$(json_query "$SCRATCH/back_f9b.json" 'of("player")[0]["x"]')" = "$(json_query "$SCRATCH/v3_save.json" 'of("player")[0]["x"]')" ] \
    && pass "the newest save of the lab, made in another version, is carried into it" \
    || fail "carry: level $(level_of back_f9b), x $(json_query "$SCRATCH/back_f9b.json" 'of("player")[0]["x"]')"

# 3. F5 at 30, 60, 90; the first F8 (at 150) loads the save of tick 60, the next F8 the one of tick 30.
S3="$SCRATCH/s3"
script='30 quicksave\n31 +right\n60 quicksave\n90 quicksave\n'
play "$OTHER" at30 30 "$SCRATCH/s3x" "$script"
play "$OTHER" at60 60 "$SCRATCH/s3y" "$script"
play "$OTHER" first_f8 150 "$S3" "${script}150 quickload_older\n"
same_dump "$SCRATCH/at60.json" "$SCRATCH/first_f8.json" && pass "the first F8 loads the save before the newest" \
    || fail "the first F8 did not load the tick-60 save"
play "$OTHER" second_f8 155 "$S3" "${script}150 quickload_older\n155 quickload_older\n"
same_dump "$SCRATCH/at30.json" "$SCRATCH/second_f8.json" && pass "the second F8 steps back once more" \
    || fail "the second F8 did not load the tick-30 save"
play "$OTHER" f9_then_f8 155 "$SCRATCH/s3z" "${script}150 quickload\n155 quickload_older\n"
same_dump "$SCRATCH/at60.json" "$SCRATCH/f9_then_f8.json" && pass "F9 then F8: the save before the newest" \
    || fail "F9 then F8 did not load the tick-60 save"
finish
