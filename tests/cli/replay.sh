# Replays (--record / --replay): every shipped level's solution is recorded, then replayed in a new process:
# the same "complete:" line and the same final dump. A variant that rewinds and quickloads mid-run replays
# exactly too. Damaged replays (truncated, bit-flipped, too new, not a replay, level changed) exit 1 with a
# message naming the file.
source "$(dirname "$0")/lib/common.bash"

for level_dir in "$SRC"/levels/*/; do
    level=$(basename "$level_dir")
    solution="$level_dir/solution.txt"
    [ -f "$solution" ] || continue
    "$QS" "$level" --headless --save-dir "$SCRATCH/saves.$level" --input "$solution" \
        --record "$SCRATCH/$level.qsr" --dump-state "$SCRATCH/$level.a.json" >"$SCRATCH/$level.a.out" 2>/dev/null
    "$QS" --headless --replay "$SCRATCH/$level.qsr" --dump-state "$SCRATCH/$level.b.json" \
        >"$SCRATCH/$level.b.out" 2>"$SCRATCH/$level.b.err"
    if grep -q "^complete: $level tick" "$SCRATCH/$level.a.out" && cmp -s "$SCRATCH/$level.a.out" "$SCRATCH/$level.b.out" &&
        cmp -s "$SCRATCH/$level.a.json" "$SCRATCH/$level.b.json"; then
        pass "$level: the replay completes at the same tick with the same final dump ($(stat -c %s "$SCRATCH/$level.qsr") bytes)"
    else
        fail "$level: the replay differs: $(cat "$SCRATCH/$level.a.out") vs $(cat "$SCRATCH/$level.b.out") $(tail -1 "$SCRATCH/$level.b.err")"
    fi

    # The solution with a rewind and a quickload in the middle.
    python3 - "$solution" "$SCRATCH/$level.mixed.txt" <<'PY'
import sys
cmds = []
for line in open(sys.argv[1]):
    line = line.split("#", 1)[0].strip()
    if line:
        cmds.append(line)
saves = [int(c.split()[0]) for c in cmds if c.endswith(" quicksave")]
M = saves[0] if saves else 200
cmds += [f"{M + 60} +rewind", f"{M + 90} -rewind", f"{M + 120} quickload", f"{M + 200} +rewind", f"{M + 215} -rewind"]
open(sys.argv[2], "w").write("\n".join(cmds) + "\n")
PY
    "$QS" "$level" --headless --save-dir "$SCRATCH/saves.mixed.$level" --input "$SCRATCH/$level.mixed.txt" --frames 1500 \
        --record "$SCRATCH/$level.mixed.qsr" --dump-state "$SCRATCH/$level.c.json" >"$SCRATCH/$level.c.out" 2>/dev/null
    "$QS" --headless --replay "$SCRATCH/$level.mixed.qsr" --dump-state "$SCRATCH/$level.d.json" \
        >"$SCRATCH/$level.d.out" 2>/dev/null
    if cmp -s "$SCRATCH/$level.c.out" "$SCRATCH/$level.d.out" && cmp -s "$SCRATCH/$level.c.json" "$SCRATCH/$level.d.json"; then
        pass "$level: a run with rewinds and a quickload replays exactly"
    else
        fail "$level: the replay of a run with rewinds and a quickload differs"
    fi
done

# Damaged replay files.
good="$SCRATCH/01_first_steps.qsr"
damaged() {
    local name=$1 want=$2
    "$QS" --headless --replay "$SCRATCH/$name" >/dev/null 2>"$SCRATCH/$name.err"
    local got=$?
    if [ "$got" -eq 1 ] && grep -q "$SCRATCH/$name" "$SCRATCH/$name.err" && grep -qi "$want" "$SCRATCH/$name.err"; then
        pass "$name: exit 1 naming the file ($(head -1 "$SCRATCH/$name.err"))"
    else
        fail "$name: exit $got, message: $(cat "$SCRATCH/$name.err")"
    fi
}
head -c 60 "$good" >"$SCRATCH/truncated.qsr"
damaged truncated.qsr "truncated"
python3 - "$good" "$SCRATCH/flipped.qsr" <<'PY'
import sys
data = bytearray(open(sys.argv[1], "rb").read())
data[-3] ^= 0x10
open(sys.argv[2], "wb").write(data)
PY
damaged flipped.qsr "checksum"
python3 - "$good" "$SCRATCH/too_new.qsr" <<'PY'
import struct, sys
data = bytearray(open(sys.argv[1], "rb").read())
id_len = struct.unpack_from("<H", data, 40)[0]
body = 42 + id_len
struct.pack_into("<I", data, body + 8, 99)  # replay format after the QSREPLAY tag
h = 0xcbf29ce484222325
for b in data[32:]:
    h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
struct.pack_into("<Q", data, 24, h)
open(sys.argv[2], "wb").write(data)
PY
damaged too_new.qsr "format 99"
printf 'not a replay at all' >"$SCRATCH/text.qsr"
damaged text.qsr "not a Quickstep save"
cp "$(ls "$SCRATCH"/saves.01_first_steps/*.qss | head -1)" "$SCRATCH/a_save.qsr"
damaged a_save.qsr "not a replay"
damaged missing.qsr "no such file\|cannot"

# A replay of a level that changed since it was recorded.
mkdir -p "$SCRATCH/levels"
cp -r "$SRC/levels/01_first_steps" "$SCRATCH/levels/my_level"
"$QS" my_level --levels-dir "$SCRATCH/levels" --headless --save-dir "$SCRATCH/saves.my" --frames 60 \
    --record "$SCRATCH/changed.qsr" >/dev/null 2>&1
sed -i 's/"name": *"[^"]*"/"name": "My Level, edited"/' "$SCRATCH/levels/my_level/"*.lvl
"$QS" --levels-dir "$SCRATCH/levels" --headless --replay "$SCRATCH/changed.qsr" >/dev/null 2>"$SCRATCH/changed.err"
got=$?
if [ "$got" -eq 1 ] && grep -q "changed since the replay was recorded" "$SCRATCH/changed.err"; then
    pass "a replay of a changed level: exit 1 ($(cat "$SCRATCH/changed.err"))"
else
    fail "a replay of a changed level: exit $got: $(cat "$SCRATCH/changed.err")"
fi

finish
