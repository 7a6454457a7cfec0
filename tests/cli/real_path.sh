# tools/bench/real_path.sh end to end in its --quick mode (one run each, small levels): it runs, and its
# table has every row, each with a measured number. What the numbers are is BENCHMARKS.md's business.
source "$(dirname "$0")/lib/common.bash"

command -v /usr/bin/time >/dev/null || { echo "/usr/bin/time not installed: skipped"; finish; }
bash "$SRC/tools/bench/real_path.sh" "$BIN_DIR" "$SCRATCH/out" --quick >"$SCRATCH/stdout" 2>"$SCRATCH/stderr" &&
    pass "real_path.sh --quick runs to the end" || fail "real_path.sh --quick: $(tail -3 "$SCRATCH/stderr")"
cmp -s "$SCRATCH/stdout" "$SCRATCH/out/table.txt" && pass "the table printed is the one in OUT_DIR/table.txt" ||
    fail "stdout and OUT_DIR/table.txt differ"
grep -q '^# baseline: `quickstep --help` median [0-9.]* ms; memcpy (dd bs=1M) [0-9.,]* [GMk]\?B/s' "$SCRATCH/stdout" &&
    pass "the baseline is printed" || fail "no baseline line: $(head -3 "$SCRATCH/stdout")"
window=$(command -v xvfb-run >/dev/null && echo 1 || echo 0)  # the window run needs Xvfb
python3 - "$SCRATCH/stdout" "$window" <<'PY' && pass "every figure has its row with a measured number" || fail "rows missing or not measured"
import re, sys
rows = [l.split(" | ") for l in open(sys.argv[1]).read().splitlines() if l.startswith("| ") and "---" not in l][1:]
want = ["releasing a 60-tick rewind", "one tick back", "holding rewind at 4×",
        "one tick back at 5k after an F5 and an F9", "F5 at 2k", "F9 at 2k", "F5 at 5k", "F9 at 5k",
        "page faults on the game's thread", "F9 from disk", "one tick at 2k", "one tick at 5k", "peak resident memory",
        "rewind memory", "rewind kept by the defaults"] + \
       (["5 s scripted in a window at 2k"] if sys.argv[2] == "1" else []) + ["start of a 256×256 cave"]
ok = len(rows) == len(want)
for w, r in zip(want, rows):
    if not r[0].lstrip("| ").startswith(w) or not re.search(r"[0-9]", r[2]) or "nan" in r[2]:
        print(f"  row {r} (expected '{w}')"); ok = False
if len(rows) != len(want): print(f"  {len(rows)} rows, expected {len(want)}")
sys.exit(0 if ok else 1)
PY
finish
