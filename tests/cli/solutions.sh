#!/usr/bin/env bash
# Plays every shipped level headless with its solution.txt and checks that it validates (--check) and
# finishes (`complete: <folder>`). Every shipped level must have a solution. A level that places gems must
# also have gems.txt, a script that finishes it with every gem collected (read from the final dump).
# The dev test tier (lib/tier.bash) checks every level and plays the scripts of its sample only.
# usage: solutions.sh QUICKSTEP_BINARY SOURCE_DIR SCRATCH_DIR
set -u
bin=$1 src=$2 scratch=$3
source "$(dirname "$0")/lib/python.bash"
source "$(dirname "$0")/lib/tier.bash"
tier_levels "$src"
declare -A played=()
for dir in "${TIER_LEVEL_DIRS[@]}"; do played[$(basename "$dir")]=1; done
frames=${QUICKSTEP_SOLUTION_FRAMES:-36000}  # 10 minutes of play per level, far more than any solution
mkdir -p "$scratch"
rm -f "$scratch/runs"
export SDL_VIDEODRIVER=${SDL_VIDEODRIVER:-dummy} SDL_AUDIODRIVER=${SDL_AUDIODRIVER:-dummy}
failures=0 count=0
for dir in "$src"/levels/*/; do
    dir=${dir%/}
    name=$(basename "$dir")
    count=$((count + 1))
    if ! check_out=$("$bin" --check "$dir" 2>&1); then
        echo "FAIL $name: --check: $check_out"
        failures=$((failures + 1))
        continue
    fi
    if [[ ! -f $dir/solution.txt ]]; then
        echo "FAIL $name: no solution.txt"
        failures=$((failures + 1))
        continue
    fi
    [[ -n ${played[$name]:-} ]] || continue
    for script in solution gems; do
        [[ $script == gems && ! -f $dir/gems.txt ]] && continue
        saves="$scratch/saves_${name}_$script"
        rm -rf "$saves"
        mkdir -p "$saves"
        "$bin" "$dir" --headless --input "$dir/$script.txt" --frames "$frames" --save-dir "$saves" \
            --dump-state "$scratch/$name.$script.json" >"$scratch/$name.$script.stdout" 2>"$scratch/$name.stderr"
        echo "$name $script $? $dir" >>"$scratch/runs"
    done
done
# The gems in every final dump, "collected placed", read in one python3 run.
python3 - "$scratch" >"$scratch/gems" <<'PY'
import json, sys
for row in open(f"{sys.argv[1]}/runs"):
    name, script = row.split()[:2]
    try:
        gems = [e for e in json.load(open(f"{sys.argv[1]}/{name}.{script}.json"))["entities"] if e["type"] == "gem"]
        print(name, script, sum(1 for g in gems if g["collected"]), len(gems))
    except (OSError, ValueError, KeyError):
        print(name, script, 0, 0)
PY
while read -r name script status dir; do
    out=$(cat "$scratch/$name.$script.stdout")
    read -r found placed < <(awk -v n="$name" -v s="$script" '$1 == n && $2 == s {print $3, $4}' "$scratch/gems")
    found=${found:-0} placed=${placed:-0}
    if [[ $status -ne 0 ]]; then
        echo "FAIL $name/$script.txt: exit status $status: $(tr '\n' ' ' <"$scratch/$name.stderr")"
        failures=$((failures + 1))
    elif ! line=$(grep -m1 "^complete: $name tick " <<<"$out"); then
        echo "FAIL $name/$script.txt: no 'complete: $name' within $frames ticks (stdout: ${out:-nothing})"
        failures=$((failures + 1))
    elif [[ $script == gems && $found -ne $placed ]]; then
        echo "FAIL $name/gems.txt: finishes with $found of its $placed gems"
        failures=$((failures + 1))
    elif [[ $script == solution && $placed -gt 0 && ! -f $dir/gems.txt ]]; then
        echo "FAIL $name: it places $placed gems but has no gems.txt that collects them"
        failures=$((failures + 1))
    else
        echo "ok   $name/$script.txt: ${line#complete: }, gems $found/$placed"
    fi
done <"$scratch/runs"
if [[ $count -eq 0 ]]; then
    echo "FAIL no level folders under $src/levels"
    exit 1
fi
echo "$((count - failures))/$count shipped levels pass --check and have a solution.txt;" \
    "$(wc -l <"$scratch/runs") scripts of ${#played[@]} of them played to the goal"
[[ $failures -eq 0 ]]
