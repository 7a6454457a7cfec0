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
