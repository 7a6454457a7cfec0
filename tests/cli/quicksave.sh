# F5/F9 through the real binary: the dump right after a quickload equals the dump at the save tick (entities
# created and destroyed in between, references toggled), the same future after a load, restarts of the level
# and of the program, F9 before F5, bad files in the save dir, and the report lines.
source "$(dirname "$0")/lib/common.bash"

build_lab_level || { fail "cannot build the lab level"; finish; }
LAB="$SCRATCH/levels/qs_lab"
run() {  # run NAME FRAMES SAVE_DIR [extra args]: runs the lab with $SCRATCH/NAME.txt, dump in NAME.json
    local name=$1 frames=$2 saves=$3
    shift 3
    "$QS" "$LAB" --headless --frames "$frames" --input "$SCRATCH/$name.txt" --dump-state "$SCRATCH/$name.json" \
        --save-dir "$saves" "$@" 2>"$SCRATCH/$name.err" >"$SCRATCH/$name.out"
}

# The wander: run right over the switch (opens the door, starts the platform), through the door, stomp the
# walker, while the turret's projectiles come and go.
WANDER="11 +right
83 +jump
103 -jump"

# 1. Dump at the save tick == dump right after the load, for creations, destructions and toggles.
printf '10 quicksave\n' >"$SCRATCH/at_save.txt"
run at_save 10 "$SCRATCH/s1"
printf '10 quicksave\n%s\n' "$WANDER" >"$SCRATCH/wandered.txt"
run wandered 159 "$SCRATCH/s1b"
printf '10 quicksave\n%s\n160 quickload\n' "$WANDER" >"$SCRATCH/loaded.txt"
run loaded 160 "$SCRATCH/s1c"
[ "$(json_query "$SCRATCH/wandered.json" 'len(of("walker"))')" = 0 ] && pass "the wander killed the walker" || fail "the walker survived the wander"
[ "$(json_query "$SCRATCH/wandered.json" 'of("switch")[0]["on"] and of("door")[0]["open"]')" = True ] && pass "the wander toggled switch and door" || fail "switch/door not toggled"
[ "$(json_query "$SCRATCH/wandered.json" 'max(e["index"] for e in of("projectile")) > 11 and len(d["slotmap"]["free"]) >= 2')" = True ] && pass "the wander created and erased projectiles" || fail "no projectile churn in the wander"
[ "$(json_query "$SCRATCH/at_save.json" 'len(of("projectile"))')" = 0 ] && pass "no projectile at the save tick" || fail "projectiles at the save tick"
if same_dump "$SCRATCH/at_save.json" "$SCRATCH/loaded.json"; then pass "dump after quickload equals dump at quicksave"; else fail "dump after quickload differs from the save"; fi
[ "$(json_query "$SCRATCH/loaded.json" '[t["index"] for t in of("switch")[0]["targets"]] == [of("door")[0]["index"], of("platform")[0]["index"]]')" = True ] && pass "switch targets still name the door and platform" || fail "switch targets changed"

# 2. The same future: save then S, against save, wander, load, then S.
S="5 +jump
30 -jump
40 +left
90 -left
95 +right
150 -right"
shift_script() { awk -v d="$1" 'NF { print $1 + d, $2 }'; }
{ printf '10 quicksave\n'; printf '%s\n' "$S" | shift_script 10; } >"$SCRATCH/future_direct.txt"
run future_direct 260 "$SCRATCH/s2"
{ printf '10 quicksave\n%s\n160 quickload\n160 -right\n' "$WANDER"; printf '%s\n' "$S" | shift_script 160; } >"$SCRATCH/future_detour.txt"
run future_detour 410 "$SCRATCH/s2b"
if same_dump "$SCRATCH/future_direct.json" "$SCRATCH/future_detour.json"; then pass "same future after a load"; else fail "the future after a load differs"; fi

# 2b. The same future with a wander that collects coins (entities destroyed) before the load.
COINS_WANDER="11 +right
12 +jump
40 -jump
60 +left
61 -right
120 -left"
{ printf '10 quicksave\n%s\n160 quickload\n' "$COINS_WANDER"; printf '%s\n' "$S" | shift_script 160; } >"$SCRATCH/future_coins.txt"
printf '10 quicksave\n%s\n' "$COINS_WANDER" >"$SCRATCH/coins_wander.txt"
run coins_wander 159 "$SCRATCH/s2d"
[ "$(json_query "$SCRATCH/coins_wander.json" 'd["game"]["coins"] >= 2 and len(of("coin")) <= 1')" = True ] \
    && pass "the coin wander collected coins" || fail "the coin wander collected no coins"
run future_coins 410 "$SCRATCH/s2c"
if same_dump "$SCRATCH/future_direct.json" "$SCRATCH/future_coins.json"; then pass "same future after collecting coins and loading"; else fail "the future after a coin wander differs"; fi

# 3. Restart the level, then load.
printf '10 quicksave\n%s\n150 restart\n170 quickload\n' "$WANDER" >"$SCRATCH/restarted.txt"
run restarted 170 "$SCRATCH/s3"
if same_dump "$SCRATCH/at_save.json" "$SCRATCH/restarted.json"; then pass "quickload after a level restart"; else fail "quickload after a level restart differs"; fi

# 4. Restart the program: the newest save file is read from --save-dir.
printf '10 quicksave\n%s\n' "$WANDER" >"$SCRATCH/first_run.txt"
run first_run 120 "$SCRATCH/s4"
printf '0 quickload\n' >"$SCRATCH/second_run.txt"
run second_run 0 "$SCRATCH/s4"
if same_dump "$SCRATCH/at_save.json" "$SCRATCH/second_run.json"; then pass "quickload in a new process from the save file"; else fail "quickload from disk differs"; fi
grep -Eq '^quicksave: [0-9]+ entities, [0-9]+ bytes, [0-9.]+ ms$' "$SCRATCH/first_run.err" && pass "quicksave report line" || fail "no quicksave report line: $(cat "$SCRATCH/first_run.err")"
grep -Eq '^quickload: [0-9]+ entities, [0-9.]+ ms$' "$SCRATCH/second_run.err" && pass "quickload report line" || fail "no quickload report line: $(cat "$SCRATCH/second_run.err")"
grep -Eq '^level: qs_lab 40x12 tiles, [0-9]+ rectangles, [0-9]+ entities, [0-9.]+ ms$' "$SCRATCH/second_run.err" && pass "level report line" || fail "no level report line"

# 5. F9 before any F5: a message, nothing changes.
printf '5 quickload\n' >"$SCRATCH/early.txt"
expect_exit 0 "F9 before F5" -- run early 10 "$SCRATCH/s5"
printf '' >"$SCRATCH/plain.txt"
run plain 10 "$SCRATCH/s5b"
if same_dump "$SCRATCH/plain.json" "$SCRATCH/early.json"; then pass "F9 before F5 changes nothing"; else fail "F9 before F5 changed the world"; fi
grep -qi "no quicksave" "$SCRATCH/early.err" && pass "F9 before F5 says so" || fail "F9 before F5 said nothing"

# 6. Bad files in the save dir: each is named, skipped for the next older save, and left untouched.
for kind in garbage truncated foreign too_new empty; do
    dir="$SCRATCH/s6_$kind"
    mkdir -p "$dir"
    cp "$SCRATCH/s4/quicksave-1.qss" "$dir/quicksave-1.qss"
    case $kind in
        garbage) head -c 4000 /dev/urandom >"$dir/quicksave-2.qss"; printf 'QSTEPSAV' | dd of="$dir/quicksave-2.qss" conv=notrunc 2>/dev/null ;;
        truncated) head -c 100 "$dir/quicksave-1.qss" >"$dir/quicksave-2.qss" ;;
        foreign) printf 'PK\003\004 this is a zip file, not a save' >"$dir/quicksave-2.qss" ;;
        too_new) cp "$dir/quicksave-1.qss" "$dir/quicksave-2.qss"; printf '\377' | dd of="$dir/quicksave-2.qss" bs=1 seek=8 conv=notrunc 2>/dev/null ;;
        empty) : >"$dir/quicksave-2.qss" ;;
    esac
    before=$(md5sum <"$dir/quicksave-2.qss")
    printf '0 quickload\n5 quicksave\n' >"$SCRATCH/bad_$kind.txt"
    run "bad_$kind" 0 "$dir"
    if same_dump "$SCRATCH/at_save.json" "$SCRATCH/bad_$kind.json"; then pass "$kind newer file: the older good save loads"; else fail "$kind newer file: the good save did not load"; fi
    grep -q "quicksave-2.qss" "$SCRATCH/bad_$kind.err" && pass "$kind file is named in the message" || fail "$kind file not named: $(cat "$SCRATCH/bad_$kind.err")"
    run "bad_$kind" 6 "$dir"
    [ "$(md5sum <"$dir/quicksave-2.qss")" = "$before" ] && pass "$kind file left untouched by a new save" || fail "$kind file was overwritten"
    [ -f "$dir/quicksave-3.qss" ] && pass "$kind: the new save got a new file" || fail "$kind: no new save file"
done

# 7. A save made in another level loads that level first.
printf '10 quicksave\n' >"$SCRATCH/other_save.txt"
"$QS" qs_lab --levels-dir "$SCRATCH/levels" --headless --frames 10 --input "$SCRATCH/other_save.txt" \
    --save-dir "$SCRATCH/s7" --dump-state "$SCRATCH/other_save.json" 2>/dev/null
printf '3 quickload\n' >"$SCRATCH/other_load.txt"
"$QS" 01_first_steps --levels-dir "$SCRATCH/levels" --headless --frames 3 --input "$SCRATCH/other_load.txt" \
    --save-dir "$SCRATCH/s7" --dump-state "$SCRATCH/other_load.json" 2>"$SCRATCH/other_load.err"
if same_dump "$SCRATCH/other_save.json" "$SCRATCH/other_load.json"; then pass "a save from another level loads that level"; else fail "cross-level load differs"; fi

# 7b. A save from an older version of the level is carried into the edited level (its walker walks now).
cp -r "$LAB" "$SCRATCH/levels_v2_qs_lab"
mkdir -p "$SCRATCH/v2" && mv "$SCRATCH/levels_v2_qs_lab" "$SCRATCH/v2/qs_lab"
printf '10 quicksave\n' >"$SCRATCH/v1_save.txt"
"$QS" "$SCRATCH/v2/qs_lab" --headless --frames 10 --input "$SCRATCH/v1_save.txt" --save-dir "$SCRATCH/s7b" \
    --dump-state "$SCRATCH/v1_save.json" 2>/dev/null
sed -i 's/"speed": 0}/"speed": 1}/' "$SCRATCH/v2/qs_lab/qs_lab.lvl"
printf '2 quickload\n' >"$SCRATCH/v2_load.txt"
"$QS" "$SCRATCH/v2/qs_lab" --headless --frames 2 --input "$SCRATCH/v2_load.txt" --save-dir "$SCRATCH/s7b" \
    --dump-state "$SCRATCH/v2_load.json" 2>"$SCRATCH/v2_load.err"
grep -q "level 'qs_lab' changed since the quicksave: kept your place, .*; 1 walker changed" "$SCRATCH/v2_load.err" \
    && pass "a save of an edited level is carried into it, and says so" \
    || fail "no carry message for an edited level: $(cat "$SCRATCH/v2_load.err")"
[ "$(json_query "$SCRATCH/v2_load.json" 'd["game"]["timer_ticks"]')" = "$(json_query "$SCRATCH/v1_save.json" 'd["game"]["timer_ticks"]')" ] \
    && [ "$(json_query "$SCRATCH/v2_load.json" 'of("walker")[0]["speed"] == 1')" = True ] \
    && pass "the edited level took the save's progress and kept its edit" \
    || fail "the carried save: timer $(json_query "$SCRATCH/v2_load.json" 'd["game"]["timer_ticks"]')"

# 8. F8 steps back to an older save.
printf '10 quicksave\n11 +right\n40 quicksave\n60 quickload\n61 quickload_older\n' >"$SCRATCH/older.txt"
run older 61 "$SCRATCH/s8"
if same_dump "$SCRATCH/at_save.json" "$SCRATCH/older.json"; then pass "F8 loads the older save"; else fail "F8 did not load the older save"; fi

finish
