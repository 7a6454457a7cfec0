# Replays (--record / --replay): every shipped level's solution (and its gems.txt, where it has one) is
# recorded, then replayed in a new process:
# the same "complete:" line and the same final dump. A variant that rewinds and quickloads mid-run replays
# exactly too, and so does a run that loads a save file made by an earlier process (the replay carries it).
# Damaged replays (truncated, bit-flipped, too new, not a replay, level changed) exit 1 with a
# message naming the file. The dev test tier (lib/tier.bash) records its sample of the levels.
source "$(dirname "$0")/lib/common.bash"
tier_levels "$SRC"

for level_dir in "${TIER_LEVEL_DIRS[@]}"; do
    level=$(basename "$level_dir")
    solution="$level_dir/solution.txt"
    [ -f "$solution" ] || continue
    # The solution, and the script that collects every gem where there is one.
    for script in solution gems; do
        [ -f "$level_dir/$script.txt" ] || continue
        run=$level  # later checks use the solution's files by these names
        [ "$script" = solution ] || run="$level.$script"
        "$QS" "$level" --headless --save-dir "$SCRATCH/saves.$run" --input "$level_dir/$script.txt" \
            --record "$SCRATCH/$run.qsr" --dump-state "$SCRATCH/$run.a.json" >"$SCRATCH/$run.a.out" 2>/dev/null
        "$QS" --headless --replay "$SCRATCH/$run.qsr" --dump-state "$SCRATCH/$run.b.json" \
            >"$SCRATCH/$run.b.out" 2>"$SCRATCH/$run.b.err"
        if grep -q "^complete: $level tick" "$SCRATCH/$run.a.out" && cmp -s "$SCRATCH/$run.a.out" "$SCRATCH/$run.b.out" &&
            cmp -s "$SCRATCH/$run.a.json" "$SCRATCH/$run.b.json"; then
            pass "$level/$script.txt: the replay completes at the same tick with the same final dump ($(stat -c %s "$SCRATCH/$run.qsr") bytes)"
        else
            fail "$level/$script.txt: the replay differs: $(cat "$SCRATCH/$run.a.out") vs $(cat "$SCRATCH/$run.b.out") $(tail -1 "$SCRATCH/$run.b.err")"
        fi
    done

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

# A run that starts from a save made by an earlier process (F9 of a save file on disk), then quicksaves and
# quickloads within the run: its replay carries the loaded save, so a new process with an empty save folder
# replays it exactly (the same "complete:" tick and final dump).
level=02_walker_woods
python3 - "$SRC/levels/$level/solution.txt" "$SCRATCH/from_disk.txt" <<'PY'
import sys
from input_script import commands, held_before
cmds = commands(sys.argv[1])
M = [t for t, w in cmds if w == "quicksave"][0]
held = held_before(cmds, M)
lines = [f"0 +{a}" for a in sorted(held)] + ["1 quickload"]
lines += [f"{t - M + 1} {w}" for t, w in cmds if t >= M and w != "quicksave"]
lines += ["3 quicksave", "3 quickload"]  # a save made and loaded within the recorded run (same state)
open(sys.argv[2], "w").write("\n".join(lines) + "\n")
PY
"$QS" "$level" --headless --save-dir "$SCRATCH/disk_saves" --input "$SRC/levels/$level/solution.txt" >/dev/null 2>&1
"$QS" "$level" --headless --save-dir "$SCRATCH/disk_saves" --input "$SCRATCH/from_disk.txt" --record "$SCRATCH/from_disk.qsr" \
    --dump-state "$SCRATCH/from_disk.a.json" >"$SCRATCH/from_disk.a.out" 2>"$SCRATCH/from_disk.a.err"
"$QS" --headless --replay "$SCRATCH/from_disk.qsr" --dump-state "$SCRATCH/from_disk.b.json" \
    >"$SCRATCH/from_disk.b.out" 2>"$SCRATCH/from_disk.b.err"
if [ "$(grep -c '^quickload: ' "$SCRATCH/from_disk.a.err")" -eq 2 ] && grep -q "^complete: $level tick" "$SCRATCH/from_disk.a.out" &&
    cmp -s "$SCRATCH/from_disk.a.out" "$SCRATCH/from_disk.b.out" && cmp -s "$SCRATCH/from_disk.a.json" "$SCRATCH/from_disk.b.json"; then
    pass "a run from an earlier process's save file replays exactly in a new process: $(cat "$SCRATCH/from_disk.b.out") ($(stat -c %s "$SCRATCH/from_disk.qsr") bytes)"
else
    fail "a run from an earlier process's save file replays differently: '$(cat "$SCRATCH/from_disk.a.out")' vs '$(cat "$SCRATCH/from_disk.b.out")' $(tail -2 "$SCRATCH/from_disk.b.err")"
fi

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

# A replay of a level whose play changed since it was recorded (a sign's text: an entity field).
mkdir -p "$SCRATCH/levels"
cp -r "$SRC/levels/01_first_steps" "$SCRATCH/levels/my_level"
"$QS" my_level --levels-dir "$SCRATCH/levels" --headless --save-dir "$SCRATCH/saves.my" --frames 60 \
    --record "$SCRATCH/changed.qsr" >/dev/null 2>&1
sed -i 's/Space to jump/Space to hop/' "$SCRATCH/levels/my_level/"*.lvl
"$QS" --levels-dir "$SCRATCH/levels" --headless --replay "$SCRATCH/changed.qsr" >/dev/null 2>"$SCRATCH/changed.err"
got=$?
if [ "$got" -eq 1 ] && grep -q "changed since the replay was recorded (entities)" "$SCRATCH/changed.err"; then
    pass "a replay of a changed level: exit 1 ($(cat "$SCRATCH/changed.err"))"
else
    fail "a replay of a changed level: exit $got: $(cat "$SCRATCH/changed.err")"
fi

finish
