#!/usr/bin/env bash
# The level select with many levels, measured as a player meets it: N copies of a shipped level in a levels
# dir, then (1) `quickstep --list-levels --levels-dir DIR`, which checks every level fully (process wall
# time, median of 5), and (2) the real game in a window (Xvfb) going title -> level select -> down through
# 20 levels, with --frame-report: the level select's first frame (drawing it, with the highlighted level's
# thumbnail) and the frames that move the highlight (each draws a thumbnail the first time). The
# discovery the level select runs when it opens is bench_level_start's BM_LevelSelectDiscovery.
#   bash tools/bench/level_select.sh ./build/quickstep [N=500] [LEVEL=01_first_steps]
set -euo pipefail
qs=$(realpath "$1")
count=${2:-500}
level=${3:-01_first_steps}
src=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d /tmp/qs_level_select.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/levels" "$work/data" "$work/config"
for i in $(seq -w 1 "$count"); do cp -r "$src/levels/$level" "$work/levels/zz_$i"; done
echo "levels: $count copies of $level ($(du -sh "$work/levels" | cut -f1))"

export XDG_DATA_HOME=$work/data XDG_CONFIG_HOME=$work/config SDL_AUDIODRIVER=dummy
times=()
for _ in 1 2 3 4 5; do
    start=$(date +%s%N)
    "$qs" --list-levels --levels-dir "$work/levels" >"$work/list.txt"
    times+=($(( ($(date +%s%N) - start) / 1000000 )))
done
listed=$(grep -c . "$work/list.txt")
median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n 3p)
echo "--list-levels, every level fully checked ($listed levels): median ${median} ms of 5 (${times[*]})"

# Title (frame 0) -> down -> a: the level select opens; then down 20 times, one every 6 frames.
{
    echo "0 attach"; echo "30 press dpdown"; echo "32 release dpdown"; echo "40 press a"; echo "42 release a"
    for k in $(seq 0 19); do echo "$((60 + 6 * k)) press dpdown"; echo "$((62 + 6 * k)) release dpdown"; done
    echo "200 axis rightx 0"
} >"$work/pad.txt"
xvfb-run -n $((100 + $$ % 3000)) -a -s "-screen 0 1280x720x24" "$qs" --levels-dir "$work/levels" --pad-script "$work/pad.txt" \
    --frame-report "$work/frames.txt" >/dev/null 2>"$work/run.err"
python3 - "$work/frames.txt" <<'PY'
import sys
rows = [l.split() for l in open(sys.argv[1]) if not l.startswith("#")]
cost = lambda r: float(r[3]) + float(r[4])  # tick (input, menus) + render, without the present's wait
open_frame = max(rows[38:46], key=cost)      # the frame the a press (frame 40) is handled in
moves = [cost(r) for r in rows[60:190]]
idle = sorted(cost(r) for r in rows[5:28])
print(f"the level select's first frame: frame {open_frame[0]}: {cost(open_frame):.1f} ms "
      f"(tick/input {float(open_frame[3]):.1f}, render {float(open_frame[4]):.1f})")
print(f"moving the highlight over 20 levels: worst frame {max(moves):.1f} ms, median {sorted(moves)[len(moves)//2]:.2f} ms")
print(f"title frames before (for scale): median {idle[len(idle)//2]:.2f} ms")
PY
