#!/usr/bin/env bash
# Hostile level corpus: generates broken and hostile level folders into SCRATCH/levels, then checks
# that `--check` reports each one with its expected message, quickly and in bounded memory; that
# `--list-levels` lists every broken one as broken with that reason, skips folders that are not levels and
# lists the good ones as ok; and that the good levels still play headless next to the hostile ones.
#
# usage: hostile_levels.sh QUICKSTEP_BINARY SOURCE_DIR SCRATCH_DIR
# Needs python3 and the pixelart tool built next to the quickstep binary.
set -u

if [ $# -ne 3 ]; then
    echo "usage: $0 QUICKSTEP_BINARY SOURCE_DIR SCRATCH_DIR" >&2
    exit 2
fi
BIN=$(realpath "$1")
SRC=$(realpath "$2")
SCRATCH=$3
source "$(dirname "$0")/lib/python.bash"
PIXELART="$(dirname "$BIN")/pixelart"
# A hang guard, not a speed goal (the level-start benchmarks measure speed): a bomb that is read instead of
# refused takes minutes, while one --check of a refused folder took up to 9 s on a machine at a load of 10.
MAX_SECONDS=60     # per --check of one hostile folder
MAX_RSS_KB=307200  # 300 MB per --check
MAX_ERROR_LINES=40 # per --check: errors are capped, not one per bad pixel

rm -rf "$SCRATCH"
mkdir -p "$SCRATCH/levels" "$SCRATCH/xdg" "$SCRATCH/out"
SCRATCH=$(realpath "$SCRATCH")
LEVELS="$SCRATCH/levels"
# Keep the user's own levels out of --list-levels.
export XDG_DATA_HOME="$SCRATCH/xdg"
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy

failures=0
pass() { printf 'PASS  %-16s %s\n' "$1" "$2"; }
fail() {
    printf 'FAIL  %-16s %s\n' "$1" "$2"
    failures=$((failures + 1))
}
skip() { printf 'SKIP  %-16s %s\n' "$1" "$2"; }

# ---------------------------------------------------------------------------------------------------------
# The expected --check message of every broken case: CASE|MESSAGE, MESSAGE a substring of the error output
# with PATH relative to the levels dir (the script prefixes "$LEVELS/"). Each is also the first error, so
# --list-levels must show it as the reason.
EXPECTED=(
    "bomb|bomb/geometry/layer0.png: image is 60000x60000 = 3600000000 pixels, over the limit of 16777216"
    "sprite_bomb|sprite_bomb/sprites/layer0.png: image is 4097x4097 = 16785409 pixels, over the limit of 16777216"
    "wide_geometry|wide_geometry/geometry/layer0.png: geometry is 5000x8 tiles, over the limit of 4096 tiles per side"
    "truncated_png|truncated_png/geometry/layer0.png: cannot decode the PNG (corrupt or truncated)"
    "cut_header|cut_header/geometry/layer0.png: truncated PNG header"
    "jpeg_as_png|jpeg_as_png/geometry/layer0.png: not a PNG file (starts like a JPEG)"
    "bmp_as_png|bmp_as_png/geometry/layer0.png: not a PNG file (starts like a BMP)"
    "zero_png|zero_png/geometry/layer0.png: empty file (0 bytes), not a PNG image"
    "huge_lvl|huge_lvl/huge.lvl: file is 209715200 bytes, over the limit of 1048576 bytes"
    "deep_json|deep_json/deep.lvl: line 1, column 65: nested deeper than 64 levels"
    "two_lvl|two_lvl: 2 .lvl files, expected exactly one: a.lvl, b.lvl"
    "typo_lvl|typo_lvl/typo.lvl: line 3, column 35: syntax error while parsing array - unexpected string literal; expected ']'"
    "unknown_colour|unknown_colour/geometry/layer0.png:5,3: unknown colour #123456 (nearest known: #000000 \"ground\")"
    "unreadable|unreadable/geometry/layer0.png: cannot open the file"
    "link_passwd|link_passwd/geometry/layer0.png: symbolic link leads outside the level folder (refused)"
    "fifo_png|fifo_png/geometry/layer0.png: not a regular file"
    "no_geometry|no_geometry/geometry/layer0.png: missing (every level needs geometry/layer0.png)"
    "sprite_scale|sprite_scale/sprites/layer0.png: sprites image is 18x12, not a whole multiple of the geometry size 12x6"
    "two_players|two_players/sprites/layer0.png:3,4: a second player (the first is at 1,4); a level has exactly one"
    "many_players|many_players/sprites/layer0.png:1,0: a second player (the first is at 0,0); a level has exactly one"
    "unknown_field|unknown_field/mini.lvl: spr_prefabs[2] (walker): unknown field 'speeed' (walker has: speed, facing)"
    "wrong_type|wrong_type/mini.lvl: spr_prefabs[2] (walker): speed must be a number, got a string"
    "bad_reference|bad_reference/mini.lvl: spr_prefabs[2] (switch): targets: no entry has id 'door9' (ids: 'door1')"
    "gem_index|gem_index/mini.lvl: spr_prefabs[2] (gem): index is 4, outside 1 to 3"
    "two_gems|two_gems/sprites/layer0.png:7,3: a second gem with index 2 (the first is at 2,1); each gem of a level has its own index, 1 to 3"
)
GOOD=(good_first_steps good_mini)
NOT_LEVELS=(empty_folder images_only)

# ---------------------------------------------------------------------------------------------------------
# Building the corpus.
python_images() {
    # python_images KIND PATH [W H]: writes hostile or hand-made image files.
    python3 - "$@" <<'PY'
import struct, sys, zlib

def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)

def png_claiming(path, w, h):
    """A small PNG whose IHDR claims w x h RGBA pixels (a decompression bomb's header)."""
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)
    idat = zlib.compress(b"\0" * 65536, 9)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", idat) + chunk(b"IEND", b""))

def bmp(path, w, h):
    row = (w * 3 + 3) & ~3
    pixels = b"".join(bytes([0, 0, 0] * w) + b"\0" * (row - w * 3) for _ in range(h))
    header = b"BM" + struct.pack("<IHHI", 14 + 40 + len(pixels), 0, 0, 54)
    info = struct.pack("<IiiHHIIiiII", 40, w, h, 1, 24, 0, len(pixels), 2835, 2835, 0, 0)
    with open(path, "wb") as f:
        f.write(header + info + pixels)

def jpeg(path):
    """The start of a JFIF file: SOI, an APP0 segment, EOI."""
    app0 = b"JFIF\0" + bytes([1, 1, 0, 0, 1, 0, 1, 0, 0])
    with open(path, "wb") as f:
        f.write(b"\xff\xd8\xff\xe0" + struct.pack(">H", len(app0) + 2) + app0 + b"\xff\xd9")

def cut(path, keep):
    with open(path, "rb") as f:
        data = f.read()
    with open(path, "wb") as f:
        f.write(data[: keep if keep > 0 else len(data) // 2])

def filled(path, w, h, rgba):
    """A real w x h PNG with every pixel the colour rgba (hex RRGGBBAA)."""
    row = b"\0" + bytes.fromhex(rgba) * w
    idat = zlib.compress(row * h, 9)
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", idat) + chunk(b"IEND", b""))

def deep_json(path, depth):
    with open(path, "w") as f:
        f.write("[" * depth + "]" * depth)

kind, path = sys.argv[1], sys.argv[2]
if kind == "claim":
    png_claiming(path, int(sys.argv[3]), int(sys.argv[4]))
elif kind == "bmp":
    bmp(path, 12, 6)
elif kind == "jpeg":
    jpeg(path)
elif kind == "cut":
    cut(path, int(sys.argv[3]))
elif kind == "filled":
    filled(path, int(sys.argv[3]), int(sys.argv[4]), sys.argv[5])
elif kind == "deep":
    deep_json(path, int(sys.argv[3]))
PY
}

# The small base level "mini" (12x6 tiles), drawn with the pixelart tool: ground, a player, a walker, a goal.
MINI_ART="$SCRATCH/out/mini.txt"
cat >"$MINI_ART" <<'ART'
color . #00000000
color # #000000
color ? #123456
color P #0000ff
color W #ff8000
color S #00ff00
color D #00c000
color G #ff00ff
color E #3de0c4
color F #3de0c5
image ok/geometry/layer0 12 6
............
............
............
............
............
############
image ok/sprites/layer0 12 6
............
............
............
............
.P...W...G..
............
image colour/geometry/layer0 12 6
............
............
............
.....?......
............
############
image two_players/sprites/layer0 12 6
............
............
............
............
.P.P.....G..
............
image two_gems/sprites/layer0 12 6
............
..E.........
............
.......F....
.P.......G..
............
image switch/sprites/layer0 12 6
............
............
............
.......D....
.P.S.....G..
............
image wide/geometry/layer0 5000 8
ART
# The 5000-wide geometry image: rows written by the script rather than by hand.
for _ in 1 2 3 4 5 6 7 8; do printf '%5000s\n' '' | tr ' ' '.' >>"$MINI_ART"; done
cat >>"$MINI_ART" <<'ART'
image scale/sprites/layer0 18 12
..................
..................
..................
..................
..................
..................
..................
..................
.P................
..................
..................
..................
ART
if ! "$PIXELART" "$MINI_ART" "$SCRATCH/out/art" >"$SCRATCH/out/pixelart.log" 2>&1; then
    fail setup "pixelart failed: $(cat "$SCRATCH/out/pixelart.log")"
    exit 1
fi
ART="$SCRATCH/out/art"

MINI_LVL='{ "name": "Mini",
  "obj_colors":  ["#000000"],
  "obj_prefabs": ["ground"],
  "spr_colors":  ["#0000ff", "#ff00ff", "#ff8000"],
  "spr_prefabs": ["player", "goal", {"prefab": "walker", "speed": 1.5}] }'

# make_mini NAME [LVL_TEXT]: a copy of the mini level, optionally with another .lvl.
make_mini() {
    local dir="$LEVELS/$1"
    mkdir -p "$dir/geometry" "$dir/sprites"
    printf '%s\n' "${2:-$MINI_LVL}" >"$dir/mini.lvl"
    cp "$ART/ok/geometry/layer0.png" "$dir/geometry/layer0.png"
    cp "$ART/ok/sprites/layer0.png" "$dir/sprites/layer0.png"
}
# with_first_steps NAME: a copy of the shipped level 01_first_steps.
with_first_steps() {
    cp -r "$SRC/levels/01_first_steps" "$LEVELS/$1"
}

with_first_steps good_first_steps
make_mini good_mini

with_first_steps bomb
python_images claim "$LEVELS/bomb/geometry/layer0.png" 60000 60000
make_mini sprite_bomb
python_images claim "$LEVELS/sprite_bomb/sprites/layer0.png" 4097 4097
make_mini wide_geometry
cp "$ART/wide/geometry/layer0.png" "$LEVELS/wide_geometry/geometry/layer0.png"
with_first_steps truncated_png
python_images cut "$LEVELS/truncated_png/geometry/layer0.png" 0
make_mini cut_header
python_images cut "$LEVELS/cut_header/geometry/layer0.png" 20
with_first_steps jpeg_as_png
python_images jpeg "$LEVELS/jpeg_as_png/geometry/layer0.png"
make_mini bmp_as_png
python_images bmp "$LEVELS/bmp_as_png/geometry/layer0.png"
with_first_steps zero_png
: >"$LEVELS/zero_png/geometry/layer0.png"
make_mini huge_lvl
rm "$LEVELS/huge_lvl/mini.lvl"
truncate -s 200M "$LEVELS/huge_lvl/huge.lvl"  # sparse: takes no disk space
make_mini deep_json
rm "$LEVELS/deep_json/mini.lvl"
python_images deep "$LEVELS/deep_json/deep.lvl" 100000
mkdir -p "$LEVELS/empty_folder"
mkdir -p "$LEVELS/images_only/geometry"
cp "$ART/ok/geometry/layer0.png" "$LEVELS/images_only/geometry/layer0.png"
make_mini two_lvl
mv "$LEVELS/two_lvl/mini.lvl" "$LEVELS/two_lvl/a.lvl"
cp "$LEVELS/two_lvl/a.lvl" "$LEVELS/two_lvl/b.lvl"
make_mini typo_lvl
rm "$LEVELS/typo_lvl/mini.lvl"
cat >"$LEVELS/typo_lvl/typo.lvl" <<'LVL'
{ "name": "Typo",
  "obj_colors":  ["#000000"],
  "obj_prefabs": ["ground" "oneway"],
  "spr_colors":  ["#0000ff", "#ff00ff"],
  "spr_prefabs": ["player", "goal"] }
LVL
make_mini unknown_colour
cp "$ART/colour/geometry/layer0.png" "$LEVELS/unknown_colour/geometry/layer0.png"
make_mini unreadable
chmod 000 "$LEVELS/unreadable/geometry/layer0.png"
make_mini link_passwd
rm "$LEVELS/link_passwd/geometry/layer0.png"
ln -s /etc/passwd "$LEVELS/link_passwd/geometry/layer0.png"
make_mini fifo_png
rm "$LEVELS/fifo_png/geometry/layer0.png"
mkfifo "$LEVELS/fifo_png/geometry/layer0.png"
make_mini no_geometry
rm -r "$LEVELS/no_geometry/geometry"
make_mini sprite_scale
cp "$ART/scale/sprites/layer0.png" "$LEVELS/sprite_scale/sprites/layer0.png"
make_mini two_players
cp "$ART/two_players/sprites/layer0.png" "$LEVELS/two_players/sprites/layer0.png"
# Every sprite pixel a player: 90 000 players must give a few error lines, not 90 000.
make_mini many_players
python_images filled "$LEVELS/many_players/geometry/layer0.png" 300 300 00000000
python_images filled "$LEVELS/many_players/sprites/layer0.png" 300 300 0000ffff
make_mini unknown_field "${MINI_LVL/\"speed\"/\"speeed\"}"
make_mini wrong_type "${MINI_LVL/1.5/\"fast\"}"
make_mini bad_reference '{ "name": "Bad reference",
  "obj_colors":  ["#000000"],
  "obj_prefabs": ["ground"],
  "spr_colors":  ["#0000ff", "#ff00ff", "#00ff00", "#00c000"],
  "spr_prefabs": ["player", "goal", {"prefab": "switch", "targets": ["door1", "door9"]},
                  {"prefab": "door", "id": "door1"}] }'
cp "$ART/switch/sprites/layer0.png" "$LEVELS/bad_reference/sprites/layer0.png"
GEMS_LVL='{ "name": "Gems",
  "obj_colors":  ["#000000"],
  "obj_prefabs": ["ground"],
  "spr_colors":  ["#0000ff", "#ff00ff", "#3de0c4", "#3de0c5"],
  "spr_prefabs": ["player", "goal", {"prefab": "gem", "index": 2}, {"prefab": "gem", "index": 2}] }'
make_mini two_gems "$GEMS_LVL"
cp "$ART/two_gems/sprites/layer0.png" "$LEVELS/two_gems/sprites/layer0.png"
make_mini gem_index "${GEMS_LVL/\"index\": 2\}/\"index\": 4\}}"
cp "$ART/two_gems/sprites/layer0.png" "$LEVELS/gem_index/sprites/layer0.png"

ROOT_USER=0
[ "$(id -u)" = 0 ] && ROOT_USER=1  # root reads any file: the unreadable case cannot fail for root

# ---------------------------------------------------------------------------------------------------------
# --check: exit 1, the expected message, fast, bounded memory.
HAVE_TIME=0
if [ -x /usr/bin/time ] && /usr/bin/time -v true >/dev/null 2>&1; then HAVE_TIME=1; fi

# run_check CASE: runs --check on one folder; sets CHECK_RC, CHECK_OUT (stdout+stderr), CHECK_MS, CHECK_KB.
run_check() {
    local out="$SCRATCH/out/$1.check" stats="$SCRATCH/out/$1.time" start end
    start=$(date +%s%N)
    if [ "$HAVE_TIME" = 1 ]; then
        /usr/bin/time -v -o "$stats" "$BIN" --check "$LEVELS/$1" >"$out" 2>&1
        CHECK_RC=$?
        CHECK_KB=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$stats")
    else
        # No GNU time: cap the address space instead, so unbounded allocation fails rather than swaps.
        (ulimit -v $((4 * MAX_RSS_KB)) && exec "$BIN" --check "$LEVELS/$1") >"$out" 2>&1
        CHECK_RC=$?
        CHECK_KB=0
    fi
    end=$(date +%s%N)
    CHECK_MS=$(((end - start) / 1000000))
    CHECK_OUT=$(cat "$out")
}

for entry in "${EXPECTED[@]}"; do
    name=${entry%%|*}
    message=${entry#*|}
    if [ "$name" = unreadable ] && [ "$ROOT_USER" = 1 ]; then
        skip "$name" "running as root, which can read a chmod 000 file"
        continue
    fi
    run_check "$name"
    problems=""
    [ "$CHECK_RC" = 1 ] || problems+=" exit status $CHECK_RC (expected 1);"
    [[ "$CHECK_OUT" == *"$LEVELS/$message"* ]] || problems+=" message missing;"
    [ "$CHECK_MS" -le $((MAX_SECONDS * 1000)) ] || problems+=" took ${CHECK_MS} ms;"
    [ "${CHECK_KB:-0}" -le "$MAX_RSS_KB" ] || problems+=" max RSS ${CHECK_KB} KB;"
    lines=$(printf '%s\n' "$CHECK_OUT" | wc -l)
    [ "$lines" -le "$MAX_ERROR_LINES" ] || problems+=" $lines lines of output;"
    if [ -z "$problems" ]; then
        pass "$name" "--check: ${CHECK_MS} ms, ${CHECK_KB:-?} KB: $message"
    else
        fail "$name" "--check:$problems expected: $LEVELS/$message"
        printf '      got: %s\n' "${CHECK_OUT//$'\n'/$'\n'      got: }"
    fi
done

for name in "${GOOD[@]}"; do
    run_check "$name"
    if [ "$CHECK_RC" = 0 ] && [[ "$CHECK_OUT" == *"$LEVELS/$name: ok"* ]]; then
        pass "$name" "--check: ok (${CHECK_MS} ms, ${CHECK_KB:-?} KB)"
    else
        fail "$name" "--check: exit $CHECK_RC: $CHECK_OUT"
    fi
done

# ---------------------------------------------------------------------------------------------------------
# --list-levels: the broken ones broken with their reason, the good ones ok, non-levels absent, exit 0.
LIST_OUT="$SCRATCH/out/list.out"
"$BIN" --list-levels --levels-dir "$LEVELS" >"$LIST_OUT" 2>"$SCRATCH/out/list.err"
list_rc=$?
if [ "$list_rc" = 0 ]; then
    pass list-levels "exit 0, $(wc -l <"$LIST_OUT") levels listed"
else
    fail list-levels "exit status $list_rc: $(cat "$SCRATCH/out/list.err")"
fi
# listing NAME: the --list-levels line of $LEVELS/NAME ("" when absent).
listing() { awk -F'\t' -v path="$LEVELS/$1" '$3 == path' "$LIST_OUT"; }

for entry in "${EXPECTED[@]}"; do
    name=${entry%%|*}
    message=${entry#*|}
    line=$(listing "$name")
    if [ "$name" = unreadable ] && [ "$ROOT_USER" = 1 ]; then
        skip "$name" "--list-levels: running as root"
        continue
    fi
    status=$(printf '%s' "$line" | cut -f2)
    reason=$(printf '%s' "$line" | cut -f4-)
    if [ "$status" = broken ] && [[ "$reason" == *"$LEVELS/$message"* ]]; then
        pass "$name" "--list-levels: broken, with its reason"
    else
        fail "$name" "--list-levels: expected broken with '$message', got: ${line:-no line}"
    fi
done
for name in "${GOOD[@]}"; do
    line=$(listing "$name")
    if [ "$(printf '%s' "$line" | cut -f2)" = ok ]; then
        pass "$name" "--list-levels: ok"
    else
        fail "$name" "--list-levels: expected ok, got: ${line:-no line}"
    fi
done
for name in "${NOT_LEVELS[@]}"; do
    if [ -z "$(listing "$name")" ] && ! grep -q "$name" "$SCRATCH/out/list.err"; then
        pass "$name" "--list-levels: not a level, ignored quietly"
    else
        fail "$name" "--list-levels: should be absent and unmentioned: $(listing "$name") $(cat "$SCRATCH/out/list.err")"
    fi
done
if grep -q "$(printf '\t')ok$(printf '\t')$SRC/levels/01_first_steps" "$LIST_OUT" ||
    grep -q "^01_first_steps$(printf '\t')ok" "$LIST_OUT"; then
    pass shipped "--list-levels: the shipped levels are still ok"
else
    fail shipped "--list-levels: 01_first_steps missing or not ok"
fi

# ---------------------------------------------------------------------------------------------------------
# The good levels still play with the hostile ones in a levels dir.
for name in "${GOOD[@]}"; do
    "$BIN" "$name" --levels-dir "$LEVELS" --headless --frames 10 >"$SCRATCH/out/$name.play" 2>&1
    rc=$?
    if [ "$rc" = 0 ] && grep -q "^level: $name " "$SCRATCH/out/$name.play"; then
        pass "$name" "plays headless next to the hostile folders (10 frames)"
    else
        fail "$name" "play: exit $rc: $(cat "$SCRATCH/out/$name.play")"
    fi
done

chmod 644 "$LEVELS/unreadable/geometry/layer0.png" 2>/dev/null
if [ "$failures" -gt 0 ]; then
    echo "hostile_levels: $failures failure(s)"
    exit 1
fi
echo "hostile_levels: all passed"
exit 0
