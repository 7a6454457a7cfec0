# The dev test tier's sample of the shipped levels (tests/data/dev_tier_levels.txt, lib/tier.bash) keeps
# what its header promises: it names shipped level folders only, level 01_first_steps among them, at least
# one level of every chapter of assets/chapters.json, and every tile type and entity type that the shipped
# levels place (read from each level's dump at tick 0). Runs in both tiers.
source "$(dirname "$0")/lib/common.bash"
export XDG_DATA_HOME="$SCRATCH/data" XDG_CONFIG_HOME="$SCRATCH/config"

for level_dir in "$SRC"/levels/*/; do
    level=$(basename "$level_dir")
    "$QS" "$level" --headless --frames 0 --save-dir "$SCRATCH/saves" --dump-state "$SCRATCH/$level.json" \
        >/dev/null 2>"$SCRATCH/$level.err" || fail "$level: no dump at tick 0: $(tail -1 "$SCRATCH/$level.err")"
done

while IFS= read -r line; do
    case $line in
        "ok: "*) pass "${line#ok: }" ;;
        "FAIL: "*) fail "${line#FAIL: }" ;;
        *) echo "$line" ;;
    esac
done < <(python3 - "$SRC" "$SCRATCH" <<'PY'
import json, os, sys
src, scratch = sys.argv[1:3]
sample_file = os.path.join(src, "tests/data/dev_tier_levels.txt")
sample = [line.split("#", 1)[0].split()[0] for line in open(sample_file) if line.split("#", 1)[0].split()]
shipped = sorted(d for d in os.listdir(os.path.join(src, "levels")) if os.path.isdir(os.path.join(src, "levels", d)))
print(f"sample: {' '.join(sample)} ({len(sample)} of {len(shipped)} levels)")
unknown = [name for name in sample if name not in shipped]
print(f"FAIL: the sample names folders that are not shipped levels: {unknown}" if unknown
      else "ok: the sample names shipped levels only")
print("ok: level 01_first_steps is in the sample" if "01_first_steps" in sample
      else "FAIL: level 01_first_steps is not in the sample")
chapters = json.load(open(os.path.join(src, "assets/chapters.json")))["chapters"]
for chapter in chapters:
    names = [entry if isinstance(entry, str) else entry["level"] for entry in chapter["levels"]]
    played = [name for name in names if name in sample]
    print(f"ok: chapter {chapter['name']!r}: {' '.join(played)}" if played
          else f"FAIL: chapter {chapter['name']!r} has no level in the sample")

def kinds(level):
    """The tile types and entity types a level places, from its dump at tick 0."""
    try:
        dump = json.load(open(os.path.join(scratch, f"{level}.json")))
    except (OSError, ValueError):
        return set(), set()
    return {g["type"] for g in dump["geometry"]}, {e["type"] for e in dump["entities"]}

tiles, entities, sample_tiles, sample_entities = set(), set(), set(), set()
for level in shipped:
    t, e = kinds(level)
    tiles |= t
    entities |= e
    if level in sample:
        sample_tiles |= t
        sample_entities |= e
for what, everywhere, sampled in (("tile types", tiles, sample_tiles), ("entity types", entities, sample_entities)):
    missing = sorted(everywhere - sampled)
    if not everywhere:
        print(f"FAIL: no {what} found in the shipped levels' dumps")
    elif missing:
        print(f"FAIL: {what} placed by shipped levels but by no level of the sample: {' '.join(missing)}")
    else:
        print(f"ok: the sample places all {len(everywhere)} {what} of the shipped levels: {' '.join(sorted(everywhere))}")
PY
)
[ "$checks" -ge 5 ] || fail "only $checks checks ran"
finish
