# Level packages: a shipped level packed with its solution recorded as the proof verifies (exit 0, the
# recorded "complete:" line); a proof that does not finish is refused with the tick; a package whose level
# changed, a damaged one, a hostile one and a newer one are refused naming the file; a package dropped into a
# levels folder is listed under its level's name and plays to the goal; loading writes nothing beside it.
source "$(dirname "$0")/lib/common.bash"

# run_to WANT DESCRIPTION OUT ERR -- command...: runs it with stdout to OUT and stderr to ERR, checks its exit.
run_to() {
    local want=$1 what=$2 out=$3 err=$4
    shift 5
    "$@" >"$out" 2>"$err"
    local got=$?
    if [ "$got" -eq "$want" ]; then pass "$what (exit $got)"; else fail "$what: exit $got, expected $want"; fi
}

level=01_first_steps
mkdir -p "$SCRATCH/levels" "$SCRATCH/saves"
"$QS" "$level" --headless --save-dir "$SCRATCH/saves" --input "$SRC/levels/$level/solution.txt" \
    --record "$SCRATCH/proof.qsr" >"$SCRATCH/recorded.out" 2>/dev/null
complete_line=$(grep "^complete: $level tick" "$SCRATCH/recorded.out")
[ -n "$complete_line" ] || fail "the solution of $level does not finish: $(cat "$SCRATCH/recorded.out")"

# Pack, then verify: the recorded run's own complete: line.
pkg="$SCRATCH/levels/first.qslevel"
run_to 0 "--pack writes the package" "$SCRATCH/pack.out" "$SCRATCH/pack.err" -- \
    "$QS" --pack "$level" "$pkg" --proof "$SCRATCH/proof.qsr"
if grep -q "^packed: .*first.qslevel: $level, [0-9]* files, [0-9]* bytes, cleared at tick" "$SCRATCH/pack.out"; then
    pass "pack says what it wrote: $(cat "$SCRATCH/pack.out")"
else
    fail "pack output: $(cat "$SCRATCH/pack.out" "$SCRATCH/pack.err")"
fi
run_to 0 "--verify plays the proof to the goal" "$SCRATCH/verify.out" "$SCRATCH/verify.err" -- \
    "$QS" --verify "$pkg"
if [ "$(cat "$SCRATCH/verify.out")" = "$complete_line" ]; then
    pass "--verify prints the recorded run's line: $complete_line"
else
    fail "--verify printed '$(cat "$SCRATCH/verify.out")', expected '$complete_line' ($(tail -2 "$SCRATCH/verify.err"))"
fi
python3 - "$pkg" <<'PY' && pass "the package is a zip of the manifest, the proof and the level's files" || fail "package contents"
import sys, zipfile
names = zipfile.ZipFile(sys.argv[1]).namelist()
assert names[:2] == ["quickstep-package.json", "proof.qsr"], names
assert "level/first_steps.lvl" in names and "level/geometry/layer0.png" in names, names
assert not any(n.startswith("level/solution") for n in names), names
PY

# Packing is refused (exit 1, nothing written) for a proof that does not finish: the tick where it ends.
"$QS" "$level" --headless --save-dir "$SCRATCH/saves" --input "$SRC/levels/$level/solution.txt" --frames 300 \
    --record "$SCRATCH/short.qsr" >/dev/null 2>&1
run_to 1 "--pack with a proof that does not finish" /dev/null "$SCRATCH/short.err" -- "$QS" --pack "$level" "$SCRATCH/short.qslevel" \
    --proof "$SCRATCH/short.qsr"
if grep -q "short.qslevel not written: the proof .*short.qsr does not reach the goal: its run ends at tick 300" \
    "$SCRATCH/short.err" && [ ! -e "$SCRATCH/short.qslevel" ]; then
    pass "the refusal names the tick: $(cat "$SCRATCH/short.err")"
else
    fail "short proof: $(cat "$SCRATCH/short.err"); written: $(ls "$SCRATCH")"
fi
run_to 1 "--pack with a proof of another level" /dev/null "$SCRATCH/other.err" -- "$QS" --pack 02_walker_woods "$SCRATCH/other.qslevel" \
    --proof "$SCRATCH/proof.qsr"
grep -q "a run of the level '$level', not of '02_walker_woods'" "$SCRATCH/other.err" &&
    pass "a proof of another level is named as such" || fail "other level: $(cat "$SCRATCH/other.err")"
run_to 2 "--pack OUT without .qslevel is a usage error" /dev/null /dev/null -- "$QS" --pack "$level" "$SCRATCH/out.zip" \
    --proof "$SCRATCH/proof.qsr"

# Packages edited after packing: the level changed, damaged bytes, a hostile entry, a newer format.
python3 - "$pkg" "$SCRATCH" <<'PY'
import json, sys, zipfile
src, out = sys.argv[1], sys.argv[2]
entries = [(i, zipfile.ZipFile(src).read(i.filename)) for i in zipfile.ZipFile(src).infolist()]
def write(name, edit):
    with zipfile.ZipFile(f"{out}/{name}.qslevel", "w", zipfile.ZIP_DEFLATED) as z:
        for info, data in entries:
            for item in edit(info.filename, data):
                z.writestr(*item)
def changed_level(name, data):
    if name.endswith(".lvl"):
        lvl = json.loads(data)
        assert "spikes" in lvl["obj_prefabs"]
        lvl["obj_prefabs"] = ["ground" if p == "spikes" else p for p in lvl["obj_prefabs"]]
        data = json.dumps(lvl).encode()
    yield name, data
write("changed", changed_level)
write("escape", lambda n, d: [(n, d)] + ([("level/../../escaped.txt", b"x")] if n == "proof.qsr" else []))
def newer(name, data):
    if name == "quickstep-package.json":
        m = json.loads(data); m["format"] = 2; data = json.dumps(m).encode()
    yield name, data
write("newer", newer)
raw = open(src, "rb").read()
open(f"{out}/truncated.qslevel", "wb").write(raw[: len(raw) // 2])
flipped = bytearray(raw); flipped[len(raw) // 3] ^= 0xff
open(f"{out}/flipped.qslevel", "wb").write(bytes(flipped))
PY
for case in changed escape newer truncated flipped; do
    run_to 1 "--verify $case" "$SCRATCH/$case.out" "$SCRATCH/$case.err" -- "$QS" --verify "$SCRATCH/$case.qslevel"
    if grep -q "$case.qslevel" "$SCRATCH/$case.err" && [ ! -s "$SCRATCH/$case.out" ]; then
        pass "$case: $(tail -1 "$SCRATCH/$case.err")"
    else
        fail "$case: the message does not name the file: $(cat "$SCRATCH/$case.err" "$SCRATCH/$case.out")"
    fi
done
grep -q "changed since the replay was recorded (geometry)" "$SCRATCH/changed.err" &&
    pass "a changed level is named as such" || fail "changed: $(cat "$SCRATCH/changed.err")"
grep -q "entry 'level/../../escaped.txt': leaves the archive" "$SCRATCH/escape.err" && [ ! -e "$SCRATCH/escaped.txt" ] &&
    pass "an entry leaving the package is refused by name" || fail "escape: $(cat "$SCRATCH/escape.err")"
grep -q "made by a newer version of Quickstep (package format 2" "$SCRATCH/newer.err" &&
    pass "a newer package says so" || fail "newer: $(cat "$SCRATCH/newer.err")"

# Dropped into a levels folder: listed under its level's name, the broken ones with their reason; it plays.
rm -f "$SCRATCH/changed.qslevel" "$SCRATCH/escape.qslevel"
cp "$SCRATCH/truncated.qslevel" "$SCRATCH/levels/"
before=$(ls -A "$SCRATCH/levels")
"$QS" --list-levels --levels-dir "$SCRATCH/levels" >"$SCRATCH/list.out"
if grep -qP "^$level\tok\t$SCRATCH/levels/first.qslevel\t$" "$SCRATCH/list.out" &&
    grep -qP "^truncated\tbroken\t$SCRATCH/levels/truncated.qslevel\t$SCRATCH/levels/truncated.qslevel: .+" "$SCRATCH/list.out"; then
    pass "--list-levels lists the package by its level and the damaged one with its reason"
else
    fail "--list-levels: $(grep qslevel "$SCRATCH/list.out")"
fi
"$QS" "$pkg" --headless --save-dir "$SCRATCH/saves2" --input "$SRC/levels/$level/solution.txt" >"$SCRATCH/play.out" 2>"$SCRATCH/play.err"
[ "$(cat "$SCRATCH/play.out")" = "$complete_line" ] && pass "the package plays to the goal by its path" ||
    fail "play: $(cat "$SCRATCH/play.out" "$SCRATCH/play.err")"
run_to 0 "--check the package" /dev/null /dev/null -- "$QS" --check "$pkg"
run_to 1 "--check the damaged package" /dev/null /dev/null -- \
    "$QS" --check "$SCRATCH/levels/truncated.qslevel"
[ "$(ls -A "$SCRATCH/levels")" = "$before" ] && pass "loading packages wrote nothing beside them" ||
    fail "the levels folder changed: $(ls -A "$SCRATCH/levels")"

finish
