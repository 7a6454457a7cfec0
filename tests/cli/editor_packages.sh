# Packages of levels made in LDtk and Tiled (tests/data/editors): a level FOLDER/NAME packs the project
# files it reads and nothing else of the folder, under its own name; the package verifies, is listed and
# plays by that name from a clean levels folder. The package's identity is the level's decoded content:
# art saved again with the same pixels still verifies, a change of geometry is refused naming it.
source "$(dirname "$0")/lib/common.bash"
SRC_LEVELS=$SCRATCH/projects
mkdir -p "$SRC_LEVELS" "$SCRATCH/clean" "$SCRATCH/saves"
cp -r "$SRC/tests/data/editors/ldtk" "$SRC/tests/data/editors/tiled" "$SRC_LEVELS/"
# The editor projects are 01_first_steps as frozen in tests/data/legacy/levels: its solution plays them.
SOLUTION=$SRC/tests/data/legacy/levels/01_first_steps/solution.txt
printf '0 +right\n' >"$SCRATCH/right.txt"

# zip_names FILE: the entry names of a zip, one a line, sorted.
zip_names() { python3 -c 'import sys, zipfile; print("\n".join(sorted(zipfile.ZipFile(sys.argv[1]).namelist())))' "$1"; }

# pack_and_verify NAME INPUT FRAMES EXPECTED_LEVEL_FILES: records NAME with INPUT, packs the run, verifies it.
pack_and_verify() {
    local name=$1 input=$2 frames=$3 want_files=$4 file=${1//\//_}
    "$QS" "$name" --levels-dir "$SRC_LEVELS" --headless --input "$input" --frames "$frames" \
        --save-dir "$SCRATCH/saves/$file" --record "$SCRATCH/$file.qsr" >"$SCRATCH/$file.rec" 2>/dev/null
    local complete
    complete=$(grep "^complete: $name tick" "$SCRATCH/$file.rec")
    [ -n "$complete" ] || fail "$name: the recorded run does not finish: $(cat "$SCRATCH/$file.rec")"
    "$QS" --pack "$name" "$SCRATCH/$file.qslevel" --levels-dir "$SRC_LEVELS" --proof "$SCRATCH/$file.qsr" \
        >"$SCRATCH/$file.pack" 2>"$SCRATCH/$file.pack.err"
    local status=$?
    if [ "$status" -eq 0 ] &&
        grep -qx "packed: .*$file.qslevel: $name, [0-9]* files, [0-9]* bytes, cleared at tick .*" "$SCRATCH/$file.pack"
    then pass "$(cat "$SCRATCH/$file.pack")"
    else fail "$name pack: exit $status: $(cat "$SCRATCH/$file.pack" "$SCRATCH/$file.pack.err")"; fi
    local got
    got=$(zip_names "$SCRATCH/$file.qslevel" | grep '^level/' | tr '\n' ' ')
    if [ "$got" = "$want_files" ]; then pass "$name: the package holds the files the level reads: $got"
    else fail "$name: the package holds '$got', expected '$want_files'"; fi
    "$QS" --verify "$SCRATCH/$file.qslevel" >"$SCRATCH/$file.verify" 2>"$SCRATCH/$file.verify.err"
    if [ "$(cat "$SCRATCH/$file.verify")" = "$complete" ]; then pass "--verify $name: $complete"
    else fail "--verify $name: '$(cat "$SCRATCH/$file.verify")' vs '$complete' $(tail -2 "$SCRATCH/$file.verify.err")"; fi
}

pack_and_verify ldtk/First_Steps "$SOLUTION" 5000 "level/first_steps.ldtk level/quickstep.json level/tiles.png "
pack_and_verify ldtk/Small_Room "$SCRATCH/right.txt" 600 \
    "level/first_steps.ldtk level/first_steps/Small_Room.ldtkl level/quickstep.json level/tiles.png "
pack_and_verify tiled/first_steps_xml "$SOLUTION" 5000 \
    "level/first_steps_xml.tmx level/quickstep.json level/tiles.png level/tiles.tsx "

# Dropped into a clean levels folder: listed and played by the packaged level's name.
cp "$SCRATCH/ldtk_First_Steps.qslevel" "$SCRATCH/clean/"
"$QS" --list-levels --levels-dir "$SCRATCH/clean" >"$SCRATCH/list.out" 2>"$SCRATCH/list.err"
if grep -qP "^ldtk/First_Steps\tok\t$SCRATCH/clean/ldtk_First_Steps.qslevel\t$" "$SCRATCH/list.out"
then pass "--list-levels lists the package as ldtk/First_Steps"; else fail "list: $(cat "$SCRATCH/list.out" "$SCRATCH/list.err")"; fi
"$QS" ldtk/First_Steps --levels-dir "$SCRATCH/clean" --headless --input "$SOLUTION" --save-dir "$SCRATCH/saves/clean" \
    >"$SCRATCH/clean.out" 2>"$SCRATCH/clean.err"
if [ "$(cat "$SCRATCH/clean.out")" = "$(cat "$SCRATCH/ldtk_First_Steps.verify")" ]
then pass "the package plays to the goal by the level's name"; else fail "play: $(cat "$SCRATCH/clean.out" "$SCRATCH/clean.err")"; fi
"$QS" --check "$SCRATCH/clean/ldtk_First_Steps.qslevel" >"$SCRATCH/check.out" 2>"$SCRATCH/check.err"
status=$?
if [ "$status" -eq 0 ] && grep -qx "$SCRATCH/clean/ldtk_First_Steps.qslevel: ok" "$SCRATCH/check.out" &&
    grep -q "ldtk_First_Steps.qslevel/first_steps.ldtk:[0-9]*,[0-9]*: level \"First_Steps\": .*warning" "$SCRATCH/check.err"
then pass "--check: ok; its warnings name the package, not a scratch folder"
else fail "check: exit $status: $(cat "$SCRATCH/check.out" "$SCRATCH/check.err")"; fi

# The package edited: art saved again with the same pixels, a tile mapped to another type, both tiles.png.
convert "$SRC_LEVELS/ldtk/tiles.png" -define png:compression-level=1 "PNG32:$SCRATCH/reencoded.png"
cmp -s "$SRC_LEVELS/ldtk/tiles.png" "$SCRATCH/reencoded.png" && fail "the re-encoded tiles.png has the same bytes"
python3 - "$SCRATCH/ldtk_First_Steps.qslevel" "$SCRATCH" <<'PY'
import json, sys, zipfile
src, out = sys.argv[1], sys.argv[2]
entries = [(i.filename, zipfile.ZipFile(src).read(i.filename)) for i in zipfile.ZipFile(src).infolist()]
def write(name, edit):
    with zipfile.ZipFile(f"{out}/{name}.qslevel", "w", zipfile.ZIP_DEFLATED) as z:
        for entry, data in entries:
            z.writestr(entry, edit(entry, data))
png = open(f"{out}/reencoded.png", "rb").read()
write("art", lambda n, d: png if n == "level/tiles.png" else d)
def spikes_to_ground(name, data):
    if name != "level/quickstep.json":
        return data
    mapping = json.loads(data)
    mapping["tiles"]["Spikes"] = "ground"
    return json.dumps(mapping).encode()
write("geometry", spikes_to_ground)
PY
"$QS" --verify "$SCRATCH/art.qslevel" >"$SCRATCH/art.out" 2>"$SCRATCH/art.err"
if [ "$(cat "$SCRATCH/art.out")" = "$(cat "$SCRATCH/ldtk_First_Steps.verify")" ]
then pass "art saved again with the same pixels still verifies"; else fail "art: $(cat "$SCRATCH/art.out" "$SCRATCH/art.err")"; fi
"$QS" --verify "$SCRATCH/geometry.qslevel" >"$SCRATCH/geometry.out" 2>"$SCRATCH/geometry.err"
status=$?
if [ "$status" -eq 1 ] && grep -q "geometry.qslevel: the proof cannot be played: the level 'ldtk/First_Steps' or the game changed since the replay was recorded (geometry)" \
    "$SCRATCH/geometry.err" && [ ! -s "$SCRATCH/geometry.out" ]
then pass "a changed geometry is refused naming it: $(tail -1 "$SCRATCH/geometry.err")"
else fail "geometry: exit $status: $(cat "$SCRATCH/geometry.out" "$SCRATCH/geometry.err")"; fi

# A package of a PNG level whose geometry PNG was saved again with the same pixels still verifies.
"$QS" 01_first_steps --headless --input "$SRC/levels/01_first_steps/solution.txt" --save-dir "$SCRATCH/saves/png" --record "$SCRATCH/png.qsr" \
    >"$SCRATCH/png.rec" 2>/dev/null
mkdir -p "$SCRATCH/png_levels"
cp -r "$SRC/levels/01_first_steps" "$SCRATCH/png_levels/"
convert "$SCRATCH/png_levels/01_first_steps/geometry/layer0.png" -define png:compression-level=1 \
    "PNG32:$SCRATCH/png_levels/01_first_steps/geometry/layer0.png"
cmp -s "$SRC/levels/01_first_steps/geometry/layer0.png" "$SCRATCH/png_levels/01_first_steps/geometry/layer0.png" &&
    fail "the re-encoded geometry has the same bytes"
"$QS" --pack "$SCRATCH/png_levels/01_first_steps" "$SCRATCH/png.qslevel" --proof "$SCRATCH/png.qsr" \
    >"$SCRATCH/png.pack" 2>&1 || fail "--pack a PNG level with re-encoded geometry: $(cat "$SCRATCH/png.pack")"
"$QS" --verify "$SCRATCH/png.qslevel" >"$SCRATCH/png.verify" 2>/dev/null
[ "$(cat "$SCRATCH/png.verify")" = "$(grep '^complete:' "$SCRATCH/png.rec")" ] &&
    pass "it verifies: $(cat "$SCRATCH/png.verify")" || fail "png verify: $(cat "$SCRATCH/png.verify")"
finish
