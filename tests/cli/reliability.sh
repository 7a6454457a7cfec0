# Hostile input through the real binary: prefab ranges in --check, input script caps (tick range, special files,
# binary bytes), --levels-dir / --save-dir naming a file, quicksave messages when the write fails (a folder
# that cannot be created, a read-only file system), and a lying PNG chunk in a levels dir that must not hang
# a start.
source "$(dirname "$0")/lib/common.bash"
export XDG_DATA_HOME="$SCRATCH/xdg"

build_lab_level || { fail "cannot build the lab level"; finish; }
LAB="$SCRATCH/levels/qs_lab"

# --- --check: prefab fields outside their ranges ---
mkdir -p "$SCRATCH/ranges"
cp -r "$LAB" "$SCRATCH/ranges/bad_ranges"
python3 - "$SCRATCH/ranges/bad_ranges/qs_lab.lvl" <<'PY'
import json, sys
path = sys.argv[1]
lvl = json.load(open(path))
for i, entry in enumerate(lvl["spr_prefabs"]):
    name = entry if isinstance(entry, str) else entry["prefab"]
    if isinstance(entry, str):
        entry = {"prefab": name}
    if name == "walker": entry["speed"] = 1e300
    if name == "door": entry["height"] = 2147483648
    if name == "platform": entry["width"] = -5
    if name == "turret": entry["interval"] = 0
    lvl["spr_prefabs"][i] = entry
json.dump(lvl, open(path, "w"))
PY
"$QS" --check "$SCRATCH/ranges/bad_ranges" >"$SCRATCH/ranges.out" 2>"$SCRATCH/ranges.err"
code=$?
[ $code -eq 1 ] && pass "--check refuses out-of-range prefab fields (exit 1)" || fail "--check out-of-range: exit $code"
for want in "(walker): speed is 1e+300, outside 0 to 25 tiles/s" "(door): height is 2147483648, outside 1 to 4096 tiles" \
    "(platform): width is -5, outside 1 to 4096 tiles" "(turret): interval is 0, outside 1 to 36000 ticks"; do
    grep -qF "qs_lab.lvl: spr_prefabs[" "$SCRATCH/ranges.err" && grep -qF "$want" "$SCRATCH/ranges.err" \
        && pass "--check names: $want" || fail "--check does not say '$want': $(cat "$SCRATCH/ranges.err")"
done
expect_exit 0 "--check the lab level unchanged" -- "$QS" --check "$LAB" >/dev/null 2>&1

# --- input scripts ---
script_case() {  # script_case NAME WANT_EXIT MESSAGE_SUBSTRING SCRIPT_PATH
    local name=$1 want=$2 message=$3 script=$4
    timeout 20 "$QS" "$LAB" --headless --input "$script" 2>"$SCRATCH/$name.err" >/dev/null
    local got=$?
    if [ $got -eq "$want" ] && grep -qF -- "$message" "$SCRATCH/$name.err"; then
        pass "input script $name: exit $got, says '$message'"
    else
        fail "input script $name: exit $got (want $want), stderr: $(head -c 300 "$SCRATCH/$name.err" | od -c | head -5)"
    fi
}
printf '0 +right\n1000000000000 jump\n' >"$SCRATCH/far_tick.txt"
script_case far_tick 2 "far_tick.txt:2: tick 1000000000000 is out of range" "$SCRATCH/far_tick.txt"
printf '9223372036854775807 jump\n' >"$SCRATCH/max_tick.txt"
script_case max_tick 2 "max_tick.txt:1: tick 9223372036854775807 is out of range" "$SCRATCH/max_tick.txt"
script_case dev_zero 2 "/dev/zero: not a regular file" /dev/zero
script_case directory 2 "not a regular file" "$SCRATCH"
script_case proc_mem 2 "/proc/self/mem: cannot read input script" /proc/self/mem
head -c 3000 /dev/urandom >"$SCRATCH/garbage.txt"
printf '\033[2J\033]0;pwned\007' | dd of="$SCRATCH/garbage.txt" conv=notrunc 2>/dev/null
timeout 20 "$QS" "$LAB" --headless --input "$SCRATCH/garbage.txt" 2>"$SCRATCH/garbage.err" >/dev/null
code=$?
if [ $code -eq 2 ] && ! LC_ALL=C grep -q '[^[:print:]]' "$SCRATCH/garbage.err"; then
    pass "binary script: exit 2, message in printable ASCII only"
else
    fail "binary script: exit $code, raw bytes on stderr: $(od -c "$SCRATCH/garbage.err" | head -3)"
fi

# --- folder options naming a file ---
: >"$SCRATCH/a_file"
"$QS" --list-levels --levels-dir "$SCRATCH/a_file" >/dev/null 2>"$SCRATCH/levels_file.err"
code=$?
[ $code -eq 2 ] && grep -qF -- "--levels-dir $SCRATCH/a_file: not a folder" "$SCRATCH/levels_file.err" \
    && pass "--levels-dir naming a file is reported (exit 2)" || fail "--levels-dir file: exit $code, $(cat "$SCRATCH/levels_file.err")"
expect_exit 2 "--save-dir naming a file" -- "$QS" "$LAB" --headless --frames 1 --save-dir "$SCRATCH/a_file" 2>/dev/null

# --- quicksave messages when the file cannot be written ---
printf '5 quicksave\n' >"$SCRATCH/save.txt"
"$QS" "$LAB" --headless --frames 10 --input "$SCRATCH/save.txt" --save-dir /sys/qs_cannot_exist/saves \
    2>"$SCRATCH/nosave.err" >/dev/null
if grep -Eq '^quicksave: [0-9]+ entities, [0-9]+ bytes' "$SCRATCH/nosave.err"; then
    fail "a failed write still reports bytes: $(cat "$SCRATCH/nosave.err")"
else
    pass "a failed write reports no bytes written"
fi
grep -Eq '^quicksave: [0-9]+ entities, in memory only \(not written\), [0-9.]+ ms$' "$SCRATCH/nosave.err" \
    && pass "a failed write says the save is in memory only" || fail "no in-memory quicksave line: $(cat "$SCRATCH/nosave.err")"
grep -qF "/sys/qs_cannot_exist/saves: cannot create the folder" "$SCRATCH/nosave.err" && ! grep -q "No such file" "$SCRATCH/nosave.err" \
    && pass "the message names the folder that cannot be created" || fail "wrong folder message: $(cat "$SCRATCH/nosave.err")"
if unshare -rm true 2>/dev/null; then
    mkdir -p "$SCRATCH/ro"
    unshare -rm bash -c "mount -t tmpfs -o ro none '$SCRATCH/ro' && '$QS' '$LAB' --headless --frames 10 \
        --input '$SCRATCH/save.txt' --save-dir '$SCRATCH/ro/saves'" 2>"$SCRATCH/ro.err" >/dev/null
    grep -q "Read-only file system" "$SCRATCH/ro.err" && ! grep -q "No such file" "$SCRATCH/ro.err" \
        && pass "a read-only file system is named as such" || fail "read-only message: $(cat "$SCRATCH/ro.err")"
else
    echo "skip: no user namespaces here for the read-only file system case"
fi

# --- save folders a player's machine has: full, read-only, deleted while playing, shared by two games ---
printf '10 quicksave\n' >"$SCRATCH/save10.txt"
"$QS" "$LAB" --headless --frames 10 --input "$SCRATCH/save10.txt" --save-dir "$SCRATCH/ref_saves" \
    --dump-state "$SCRATCH/at_save.json" >/dev/null 2>&1
# decodes FILE: a new process given only FILE loads it (F9 at tick 0)
decodes() {
    local dir="$SCRATCH/decode.$$"
    rm -rf "$dir" && mkdir -p "$dir" && cp "$1" "$dir/"
    printf '0 quickload\n' >"$SCRATCH/load0.txt"
    "$QS" "$LAB" --levels-dir "$SCRATCH/levels" --headless --frames 0 --input "$SCRATCH/load0.txt" --save-dir "$dir" 2>&1 |
        grep -q '^quickload: '
}
if unshare -rm true 2>/dev/null; then
    # A full disk (a 64 KB tmpfs filled up): the F5 fails with the reason and stays in memory (F9 loads it),
    # the good save already there is not touched, no temp file is left; with room again it still loads.
    mkdir -p "$SCRATCH/full"
    printf '0 quickload\n5 quicksave\n20 quickload\n' >"$SCRATCH/full.txt"
    printf '0 quickload\n' >"$SCRATCH/load0.txt"
    unshare -rm bash -c "
        mount -t tmpfs -o size=64k none '$SCRATCH/full' || exit 3
        '$QS' '$LAB' --headless --frames 10 --input '$SCRATCH/save10.txt' --save-dir '$SCRATCH/full/saves' >/dev/null 2>&1
        md5sum <'$SCRATCH/full/saves/quicksave-1.qss' >'$SCRATCH/full.md5.before'
        dd if=/dev/zero of='$SCRATCH/full/filler' bs=1k 2>/dev/null
        '$QS' '$LAB' --headless --frames 20 --input '$SCRATCH/full.txt' --save-dir '$SCRATCH/full/saves' \
            --dump-state '$SCRATCH/full.json' >/dev/null 2>'$SCRATCH/full.err'
        echo \$? >'$SCRATCH/full.code'
        md5sum <'$SCRATCH/full/saves/quicksave-1.qss' >'$SCRATCH/full.md5.after'
        ls -a '$SCRATCH/full/saves' >'$SCRATCH/full.ls'
        rm '$SCRATCH/full/filler'
        '$QS' '$LAB' --headless --frames 0 --input '$SCRATCH/load0.txt' --save-dir '$SCRATCH/full/saves' \
            --dump-state '$SCRATCH/full_again.json' >/dev/null 2>&1
    "
    if [ $? -eq 3 ]; then
        echo "skip: cannot mount a tmpfs here for the full disk case"
    else
        [ "$(cat "$SCRATCH/full.code")" = 0 ] && grep -q "No space left on device" "$SCRATCH/full.err" &&
            grep -Eq '^quicksave: [0-9]+ entities, in memory only \(not written\)' "$SCRATCH/full.err" \
            && pass "full disk: the F5 says 'No space left on device' and that the save is in memory only" \
            || fail "full disk: exit $(cat "$SCRATCH/full.code"), $(cat "$SCRATCH/full.err")"
        cmp -s "$SCRATCH/full.md5.before" "$SCRATCH/full.md5.after" && pass "full disk: the good save is untouched" \
            || fail "full disk: the good save changed"
        grep -q '\.tmp$' "$SCRATCH/full.ls" && fail "full disk: a temp file was left: $(cat "$SCRATCH/full.ls")" \
            || pass "full disk: no temp file left"
        [ "$(json_query "$SCRATCH/full.json" 'd["game"]["timer_ticks"]')" = 15 ] \
            && pass "full disk: F9 loads the save kept in memory" || fail "full disk: F9 did not load the in-memory save"
        same_dump "$SCRATCH/at_save.json" "$SCRATCH/full_again.json" \
            && pass "full disk: with room again the good save loads exactly" || fail "full disk: the good save no longer loads"
    fi

    # A read-only save folder: the saves in it still load (F8 past an F5 kept in memory reaches the file);
    # the F5 says why it is not written.
    mkdir -p "$SCRATCH/ro2"
    printf '0 quickload\n3 quicksave\n6 quickload_older\n' >"$SCRATCH/ro2.txt"
    unshare -rm bash -c "
        mount -t tmpfs none '$SCRATCH/ro2' || exit 3
        '$QS' '$LAB' --headless --frames 10 --input '$SCRATCH/save10.txt' --save-dir '$SCRATCH/ro2/saves' >/dev/null 2>&1
        mount -o remount,ro '$SCRATCH/ro2' || exit 3
        '$QS' '$LAB' --headless --frames 6 --input '$SCRATCH/ro2.txt' --save-dir '$SCRATCH/ro2/saves' \
            --dump-state '$SCRATCH/ro2.json' >/dev/null 2>'$SCRATCH/ro2.err'
        ls -a '$SCRATCH/ro2/saves' >'$SCRATCH/ro2.ls'
    "
    if [ $? -eq 3 ]; then
        echo "skip: cannot mount a read-only tmpfs here"
    else
        same_dump "$SCRATCH/at_save.json" "$SCRATCH/ro2.json" && pass "read-only folder: its save loads exactly" \
            || fail "read-only folder: the save did not load"
        grep -q "Read-only file system" "$SCRATCH/ro2.err" && grep -q "in memory only (not written)" "$SCRATCH/ro2.err" \
            && pass "read-only folder: the F5 says why it is kept in memory only" || fail "read-only: $(cat "$SCRATCH/ro2.err")"
        [ "$(grep -c '^quicksave-.*\.qss$' "$SCRATCH/ro2.ls")" = 1 ] && pass "read-only folder: the saves there are unchanged" \
            || fail "read-only folder: $(tr '\n' ' ' <"$SCRATCH/ro2.ls")"
    fi
else
    echo "skip: no user namespaces here for the full and read-only disk cases"
fi

# The save folder deleted while the game runs: the next F5 makes it again and says so; the save whose file
# went with the folder is still in memory (F8 loads it exactly).
printf '10 quicksave\n59990 quicksave\n59995 quickload_older\n' >"$SCRATCH/deleted.txt"
"$QS" "$LAB" --headless --frames 59995 --input "$SCRATCH/deleted.txt" --save-dir "$SCRATCH/deleted/saves" \
    --dump-state "$SCRATCH/deleted.json" >/dev/null 2>"$SCRATCH/deleted.err" &
game=$!
for _ in $(seq 1000); do [ -f "$SCRATCH/deleted/saves/quicksave-1.qss" ] && break; sleep 0.01; done
rm -rf "$SCRATCH/deleted"
wait $game
code=$?
[ $code -eq 0 ] && grep -q "The save folder $SCRATCH/deleted/saves was gone: made it again" "$SCRATCH/deleted.err" \
    && pass "deleted save folder: made again, with a message" || fail "deleted folder: exit $code, $(cat "$SCRATCH/deleted.err")"
[ -f "$SCRATCH/deleted/saves/quicksave-2.qss" ] && pass "deleted save folder: the next save is written" \
    || fail "deleted folder: no new save file: $(ls -a "$SCRATCH/deleted/saves" 2>&1)"
same_dump "$SCRATCH/at_save.json" "$SCRATCH/deleted.json" && pass "deleted save folder: F8 loads the save kept in memory" \
    || fail "deleted folder: the older save did not load"

# Two games saving into one folder at once (F5 every 2 ticks, two levels): no false errors, no temp files
# left, every file there loads, and the ring holds the five newest.
python3 -c "import sys; open(sys.argv[1], 'w').write(''.join(f'{t} quicksave\n' for t in range(2, 3000, 2)))" "$SCRATCH/f5s.txt"
"$QS" "$LAB" --headless --frames 3000 --input "$SCRATCH/f5s.txt" --save-dir "$SCRATCH/shared" >/dev/null 2>"$SCRATCH/shared_a.err" &
a=$!
"$QS" 01_first_steps --headless --frames 3000 --input "$SCRATCH/f5s.txt" --save-dir "$SCRATCH/shared" >/dev/null 2>"$SCRATCH/shared_b.err" &
b=$!
wait $a; code_a=$?
wait $b; code_b=$?
[ $code_a -eq 0 ] && [ $code_b -eq 0 ] && ! grep -q "memory only\|cannot" "$SCRATCH/shared_a.err" "$SCRATCH/shared_b.err" \
    && pass "two games saving into one folder: no errors ($(grep -c '^quicksave: .* bytes' "$SCRATCH/shared_a.err") + $(grep -c '^quicksave: .* bytes' "$SCRATCH/shared_b.err") files written)" \
    || fail "two games: exit $code_a/$code_b, $(grep -h 'memory only\|cannot' "$SCRATCH/shared_a.err" "$SCRATCH/shared_b.err" | head -3)"
ls -a "$SCRATCH/shared" | grep -q '\.tmp$' && fail "two games: temp files left: $(ls -a "$SCRATCH/shared")" || pass "two games: no temp file left"
files=$(ls "$SCRATCH/shared" | grep -c '^quicksave-.*\.qss$')
[ "$files" = 5 ] && pass "two games: the ring holds five saves" || fail "two games: $files saves: $(ls "$SCRATCH/shared")"
loaded=0
for f in "$SCRATCH"/shared/quicksave-*.qss; do decodes "$f" && loaded=$((loaded + 1)); done
[ "$loaded" = "$files" ] && pass "two games: every save file loads" || fail "two games: $loaded of $files files load"

# --- a level whose placed texts would make quicksaves over the 64 MB a save may have is refused ---
mkdir -p "$SCRATCH/texts"
python3 - "$SCRATCH/texts.art" <<'PY'
import sys
w, h = 100, 92
rows_geo = ["." * w] * (h - 1) + ["#" * w]
rows_spr = ["P" + "." * (w - 1)] + ["s" * w] * 90 + ["." * w]
out = ["color . #00000000", "color # #000000", "color P #0000ff", "color s #ffff00",
       f"image geometry/layer0 {w} {h}"] + rows_geo + [f"image sprites/layer0 {w} {h}"] + rows_spr
open(sys.argv[1], "w").write("\n".join(out) + "\n")
PY
"$BIN_DIR/pixelart" "$SCRATCH/texts.art" "$SCRATCH/texts/many_signs" >/dev/null
printf '{ "obj_colors": ["#000000"], "obj_prefabs": ["ground"], "spr_colors": ["#0000ff", "#ffff00"], "spr_prefabs": ["player", {"prefab": "sign", "text": "%s"}] }\n' \
    "$(head -c 1000 /dev/zero | tr '\0' a)" >"$SCRATCH/texts/many_signs/many_signs.lvl"
"$QS" --check "$SCRATCH/texts/many_signs" >/dev/null 2>"$SCRATCH/texts.err"
code=$?
[ $code -eq 1 ] && grep -qF "many_signs.lvl: the placed entities' texts total 9000000 bytes, over the limit of 8388608 bytes" "$SCRATCH/texts.err" \
    && pass "a level with 9 000 signs of 1 000 bytes is refused by --check, naming the limit" \
    || fail "many signs: exit $code, $(head -c 400 "$SCRATCH/texts.err")"
sed -i 's/"text": "a*"/"text": "short"/' "$SCRATCH/texts/many_signs/many_signs.lvl"
expect_exit 0 "the same level with short texts passes --check" -- "$QS" --check "$SCRATCH/texts/many_signs" >/dev/null 2>&1

# --- a PNG whose IDAT chunk claims about 1 GB, in a levels dir: a start must not hang on it ---
mkdir -p "$SCRATCH/lying_levels"
cp -r "$LAB" "$SCRATCH/lying_levels/lying_png"
python3 - "$SCRATCH/lying_levels/lying_png/geometry/layer0.png" <<'PY'
import struct, sys
path = sys.argv[1]
data = bytearray(open(path, "rb").read())
offset = 8
while data[offset + 4:offset + 8] != b"IDAT":
    offset += 12 + struct.unpack(">I", data[offset:offset + 4])[0]
data[offset:offset + 4] = struct.pack(">I", 0x3ffffff0)
open(path, "wb").write(data)
PY
timeout 30 "$QS" --list-levels --levels-dir "$SCRATCH/lying_levels" >"$SCRATCH/lying.out" 2>&1
code=$?
[ $code -eq 0 ] && grep -q "^lying_png	broken	.*claims 1073741808 bytes" "$SCRATCH/lying.out" \
    && pass "a lying IDAT length is listed as broken, at once" || fail "lying PNG: exit $code, $(cat "$SCRATCH/lying.out")"
timeout 30 "$QS" --headless --frames 5 --levels-dir "$SCRATCH/lying_levels" >/dev/null 2>&1
code=$?
[ $code -eq 0 ] && pass "the game starts with the lying PNG in a levels dir" || fail "start with a lying PNG: exit $code"

finish
