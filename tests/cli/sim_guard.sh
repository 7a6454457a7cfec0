#!/usr/bin/env bash
# The guard behind simulation_version (game/sim/simulation_version.hpp): two test levels that use every
# tile type and every moving entity are played from fixed input scripts, and the final world (the state
# dump without its rewind accounting) is fingerprinted. tests/data/sim_fingerprint.txt keeps the
# fingerprints with the simulation_version they were made under. A changed fingerprint under the same
# version means the simulation plays differently while replays and ghosts still claim to fit: bump the
# version. A new version needs new fingerprints. Either way the failure prints the line to write.
source "$(dirname "$0")/lib/common.bash"
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy XDG_DATA_HOME=$SCRATCH/xdg
DATA=$SRC/tests/data
version=$(sed -n 's/^inline constexpr std::uint32_t simulation_version = \([0-9]*\);$/\1/p' \
    "$SRC/game/sim/simulation_version.hpp")
[ -n "$version" ] && pass "simulation_version is $version" || fail "cannot read simulation_version"

# fingerprint LEVEL INPUT TICKS: sha256 of the final dump, keys sorted, "rewind" left out.
fingerprint() {
    "$BIN_DIR/pixelart" "$DATA/levels/$1.art" "$SCRATCH/levels/$1" >/dev/null &&
        cp "$DATA/levels/$1.lvl" "$SCRATCH/levels/$1/" &&
        "$QS" "$1" --levels-dir "$SCRATCH/levels" --headless --frames "$3" --input "$2" \
            --dump-state "$SCRATCH/$1.json" 2>/dev/null &&
        python3 - "$SCRATCH/$1.json" <<'PY'
import hashlib, json, sys
dump = json.load(open(sys.argv[1]))
dump.pop("rewind", None)
print(hashlib.sha256(json.dumps(dump, sort_keys=True).encode()).hexdigest())
PY
}

printf '0 +right\n30 +jump\n40 -jump\n90 +down\n95 -down\n200 +jump\n212 -jump\n400 -right\n' \
    >"$SCRATCH/lab_input.txt"
new_lines=""
for case in "qs_lab $SCRATCH/lab_input.txt 600" "sim_guard $DATA/levels/sim_guard_input.txt 720"; do
    read -r level input ticks <<<"$case"
    got=$(fingerprint "$level" "$input" "$ticks")
    if [ -z "$got" ]; then
        fail "$level: the run or its dump failed"
        continue
    fi
    new_lines+="$version $level $got"$'\n'
    known=$(awk -v l="$level" '$2 == l { print $1, $3 }' "$DATA/sim_fingerprint.txt")
    read -r known_version known_hash <<<"$known"
    if [ "$known_version" != "$version" ]; then
        fail "$level: simulation_version is $version, the fingerprint was made under ${known_version:-none}:" \
            "update tests/data/sim_fingerprint.txt"
    elif [ "$known_hash" != "$got" ]; then
        fail "$level: the simulation plays differently under the same simulation_version $version: bump" \
            "simulation_version (game/sim/simulation_version.hpp) in the commit that changed it, then update" \
            "tests/data/sim_fingerprint.txt"
    else
        pass "$level: same run as simulation_version $version was fingerprinted with"
    fi
done
[ "$failures" -eq 0 ] || printf 'the lines for tests/data/sim_fingerprint.txt now:\n%s' "$new_lines"
finish
