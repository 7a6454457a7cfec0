# The debug overlay (F3; the "debug_overlay" action in scripts) changes nothing in the simulation: First
# Steps' solution with the overlay toggled on gives the byte-identical dump and complete: line, and its
# last frame (--screenshot) shows the overlay; toggled on and off again, the frame is the plain one.
source "$(dirname "$0")/lib/common.bash"

level=01_first_steps
solution="$SRC/levels/$level/solution.txt"
run() {  # run NAME SCRIPT: the level headless to the goal, its dump and last frame
    "$QS" "$level" --headless --save-dir "$SCRATCH/saves.$1" --input "$2" --dump-state "$SCRATCH/$1.json" \
        --screenshot "$SCRATCH/$1.png" >"$SCRATCH/$1.out" 2>"$SCRATCH/$1.err"
}
{ cat "$solution"; echo "10 debug_overlay"; } >"$SCRATCH/on.txt"
{ cat "$solution"; echo "10 debug_overlay"; echo "300 debug_overlay"; } >"$SCRATCH/on_off.txt"
run plain "$solution"
run on "$SCRATCH/on.txt"
run on_off "$SCRATCH/on_off.txt"
grep -q "^complete: $level tick" "$SCRATCH/plain.out" || fail "the solution does not complete: $(cat "$SCRATCH/plain.err")"
for name in on on_off; do
    cmp -s "$SCRATCH/plain.json" "$SCRATCH/$name.json" && cmp -s "$SCRATCH/plain.out" "$SCRATCH/$name.out" \
        && pass "overlay $name: the dump and the complete: line are byte for byte the plain run's" \
        || fail "overlay $name: the run differs: $(cat "$SCRATCH/$name.out")"
done
cmp -s "$SCRATCH/plain.png" "$SCRATCH/on.png" && fail "overlay on: the last frame shows no overlay" \
    || pass "overlay on: the last frame differs from the plain one"
cmp -s "$SCRATCH/plain.png" "$SCRATCH/on_off.png" && pass "overlay on then off: the plain last frame" \
    || fail "overlay on then off: the last frame is not the plain one"
finish
