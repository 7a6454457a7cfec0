#!/usr/bin/env bash
# The headline figures measured from outside, as an outsider measures them: the real game run headless on
# generated stress levels with scripted input, its report lines (quicksave:, quickload:, rewind:, level:),
# its --frame-report and --dump-state, and process wall, CPU and peak memory from /usr/bin/time; this
# machine's baseline (start-up time, a memcpy rate) printed beside them; one table: figure, goal, measured.
#   bash tools/bench/real_path.sh BUILD_DIR OUT_DIR [--quick] [--runs N] [--long]
# BUILD_DIR holds quickstep and game_stress_level. OUT_DIR gets the levels, every run's output and the
# table (OUT_DIR/table.txt). Figures are medians over N runs (default 5; 3 for the 100 000-entity runs).
# --quick: one run each on small levels (2 000 / 5 000 entities, a 256x256 cave), to check the script
# end to end; its figures are not the headline ones.
# --long: also 10 minutes of game time (36 000 ticks) at 100 000 entities, one run: the tick minute by
# minute and the resident memory sampled 5 times a second (about 4 more minutes; 600 ticks with --quick).
# When BUILD_DIR/tools/bench/bench_game_quicksave is there, msgpack-c's decode of the same 10 000 and
# 100 000 entity save bodies is timed by it, and the F9-from-disk row gives the ratio.
set -euo pipefail

usage() { echo "usage: real_path.sh BUILD_DIR OUT_DIR [--quick] [--runs N] [--long]" >&2; exit 2; }
[ $# -ge 2 ] || usage
build=$(realpath "$1")
out=$(mkdir -p "$2" && realpath "$2")
shift 2
quick=0
runs=5
long=0
while [ $# -gt 0 ]; do
    case $1 in
        --quick) quick=1; runs=1 ;;
        --runs) [ $# -ge 2 ] || usage; runs=$2; shift ;;
        --long) long=1 ;;
        *) usage ;;
    esac
    shift
done
qs=$build/quickstep
[ -x "$qs" ] && [ -x "$build/game_stress_level" ] || { echo "real_path.sh: no quickstep or game_stress_level in $build" >&2; exit 2; }
timer=/usr/bin/time
[ -x "$timer" ] || { echo "real_path.sh: /usr/bin/time is needed (Debian package time)" >&2; exit 2; }

if [ $quick = 1 ]; then
    small=2000 big=5000 cave=256x256 big_runs=1 help_runs=3 dd_count=200 long_ticks=600
else
    small=10000 big=100000 cave=2048x2048 big_runs=$(( runs < 3 ? runs : 3 )) help_runs=20 dd_count=2000
    long_ticks=36000
fi
levels=$out/levels
runs_dir=$out/runs
rm -rf "$runs_dir"
mkdir -p "$levels" "$runs_dir"
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy XDG_DATA_HOME=$out/data XDG_CONFIG_HOME=$out/config
make_level() {  # NAME ARGS...: made once per OUT_DIR (game_stress_level is deterministic)
    local name=$1
    shift
    [ -d "$levels/$name" ] ||
        "$build/game_stress_level" "$@" >/dev/null || { echo "real_path.sh: game_stress_level $* failed" >&2; exit 1; }
}
make_level small "$levels/small" "$small"
make_level big "$levels/big" "$big"
make_level cave --cave "$levels/cave" "$cave"

# run NAME LEVEL FRAMES SCRIPT [ARGS...]: one headless run; NAME.err holds its stderr, NAME.time the
# process wall s, user s, system s, peak resident KB; NAME.frames its frame report.
run() {
    local name=$1 level=$2 frames=$3 script=$4
    shift 4
    "$timer" -o "$runs_dir/$name.time" -f "%e %U %S %M" "$qs" "$level" --levels-dir "$levels" --headless \
        --frames "$frames" --input "$script" --frame-report "$runs_dir/$name.frames" "$@" \
        >"$runs_dir/$name.out" 2>"$runs_dir/$name.err" ||
        { echo "real_path.sh: run $name failed: $(tail -3 "$runs_dir/$name.err")" >&2; exit 1; }
}

# The baseline: process start-up before any work, and a memory copy rate.
for i in $(seq "$help_runs"); do "$timer" -a -o "$runs_dir/help.time" -f "%e %U %S %M" "$qs" --help >/dev/null; done
dd if=/dev/zero of=/dev/null bs=1M count=$dd_count 2>"$runs_dir/dd.err"

# F5 every 40 ticks and F9 20 ticks after each, 30 times (10 at the big level), then a fresh process whose
# first tick is an F9: the save read back from disk.
f5f9() {  # COUNT FILE
    : >"$2"
    for k in $(seq 0 $(($1 - 1))); do echo "$((40 + 40 * k)) quicksave" >>"$2"; echo "$((60 + 40 * k)) quickload" >>"$2"; done
}
f5f9 30 "$runs_dir/f5f9_small.txt"
f5f9 10 "$runs_dir/f5f9_big.txt"
echo "1 quickload" >"$runs_dir/disk.txt"
printf '0 +right\n' >"$runs_dir/right.txt"
# A 60-tick rewind released at level tick 1049, one tick before a keyframe at 10 000 entities (rebuilt
# every 30 ticks there): the most a release within the kept keyframes steps again, 29 ticks.
printf '0 +right\n1109 +rewind\n1169 -rewind\n' >"$runs_dir/rewind.txt"
# At 100 000 entities, a second of rewind after an F5 and an F9, as a player goes back after loading.
printf '0 +right\n300 quicksave\n400 quickload\n700 +rewind\n760 -rewind\n' >"$runs_dir/rewind_f9.txt"

for i in $(seq "$runs"); do
    rm -rf "$out/saves"
    run "f5f9_small.$i" small 1250 "$runs_dir/f5f9_small.txt" --save-dir "$out/saves"
    run "disk_small.$i" small 2 "$runs_dir/disk.txt" --save-dir "$out/saves"
    run "rewind_small.$i" small 1190 "$runs_dir/rewind.txt" --save-dir "$out/saves.r"
    run "ticks_small.$i" small 1200 "$runs_dir/right.txt" --save-dir "$out/saves.r" --dump-state "$runs_dir/ticks_small.$i.json"
    run "cave.$i" cave 1 "$runs_dir/right.txt" --save-dir "$out/saves.r"
done
# What the default rewind budget keeps after 70 s of play, with its keyframes: one run, as the count
# (ticks, bytes) is a function of the run.
run "keep_small.1" small 4200 "$runs_dir/right.txt" --save-dir "$out/saves.r" --dump-state "$runs_dir/keep_small.1.json"
for i in $(seq "$big_runs"); do
    rm -rf "$out/saves"
    run "f5f9_big.$i" big 420 "$runs_dir/f5f9_big.txt" --save-dir "$out/saves"
    run "disk_big.$i" big 2 "$runs_dir/disk.txt" --save-dir "$out/saves"
    run "start_big.$i" big 1 "$runs_dir/right.txt" --save-dir "$out/saves.r"
    run "ticks_big.$i" big 600 "$runs_dir/right.txt" --save-dir "$out/saves.r"
    rm -rf "$out/saves"
    run "rewind_big_f9.$i" big 720 "$runs_dir/rewind_f9.txt" --save-dir "$out/saves"
done
# Ten minutes of game time at the big level, running right (the player dies and comes back on the way):
# the frame report gives the ticks; the resident memory (VmRSS) is read 5 times a second while it runs.
if [ $long = 1 ]; then
    rm -rf "$out/saves.l"
    "$qs" big --levels-dir "$levels" --headless --frames "$long_ticks" --input "$runs_dir/right.txt" \
        --frame-report "$runs_dir/long.1.frames" --save-dir "$out/saves.l" \
        >"$runs_dir/long.1.out" 2>"$runs_dir/long.1.err" &
    long_pid=$!
    : >"$runs_dir/long.1.rss"
    while kill -0 "$long_pid" 2>/dev/null; do
        sed -n 's/^VmRSS:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$long_pid/status" >>"$runs_dir/long.1.rss" 2>/dev/null || true
        sleep 0.2
    done
    wait "$long_pid" || { echo "real_path.sh: the long run failed: $(tail -3 "$runs_dir/long.1.err")" >&2; exit 1; }
    # What the rewind recording holds at the big level after a minute (its budget binds within seconds
    # there), from a dump: apart from the long run, whose resident memory a dump of 100 000 entities at
    # its exit would raise.
    run "rewind_big.1" big 3600 "$runs_dir/right.txt" --save-dir "$out/saves.l" --dump-state "$runs_dir/rewind_big.1.json"
fi
# msgpack-c's decode of save bodies of 10 000 and 100 000 entities, the reference the F9-from-disk row is
# held to (bench_game_quicksave makes the bodies itself).
bench=$build/tools/bench/bench_game_quicksave
if [ $quick = 0 ] && [ -x "$bench" ]; then
    "$bench" --benchmark_filter='BM_DecodeSaveBodyMsgpackC/' --benchmark_repetitions=5 \
        --benchmark_report_aggregates_only=true --benchmark_format=json >"$runs_dir/msgpack_c.json" 2>/dev/null ||
        { echo "real_path.sh: bench_game_quicksave failed" >&2; exit 1; }
fi
# A minute played in a window (Xvfb at 1280x720) on the small level, as a player's frames go: running
# right, F5, F9, a 1 s rewind held and released; one run (a window's present depends on the X server).
window_frames=$([ $quick = 1 ] && echo 300 || echo 3600)
if command -v xvfb-run >/dev/null; then
    printf '0 +right\n%d quicksave\n%d quickload\n%d +rewind\n%d -rewind\n' $((window_frames / 6)) \
        $((window_frames / 4)) $((window_frames / 2)) $((window_frames / 2 + 60)) >"$runs_dir/window.txt"
    rm -rf "$out/saves.w"
    # In a sanitizer build, LeakSanitizer stays off for this run only, as for the project's other tests
    # that quit from an X window: SDL's X11 backend unloads libraries whose allocations it then reports.
    env -u SDL_VIDEODRIVER ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
        "$timer" -o "$runs_dir/window.1.time" -f "%e %U %S %M" \
        xvfb-run -n $((100 + $$ % 3000)) -a -s "-screen 0 1280x720x24" "$qs" small --levels-dir "$levels" --frames "$window_frames" \
        --input "$runs_dir/window.txt" --frame-report "$runs_dir/window.1.frames" --save-dir "$out/saves.w" \
        >"$runs_dir/window.1.out" 2>"$runs_dir/window.1.err" ||
        { echo "real_path.sh: the window run failed: $(tail -3 "$runs_dir/window.1.err")" >&2; exit 1; }
fi
rm -rf "$out/saves" "$out/saves.r" "$out/saves.w"

python3 - "$runs_dir" "$runs" "$big_runs" "$small" "$big" "$cave" "$quick" "$window_frames" <<'PY' | tee "$out/table.txt"
import glob, json, os, re, statistics, sys
d, runs, big_runs, small, big, cave, quick, window_frames = sys.argv[1:]
runs, big_runs, small, big, quick = int(runs), int(big_runs), int(small), int(big), quick == "1"
cw, ch = (int(v) for v in cave.split("x"))

def med(v): return statistics.median(v) if v else float("nan")
def p90(v):
    v = sorted(v)
    return v[min(len(v) - 1, int(0.9 * len(v)))] if v else float("nan")
def lines(name, prefix):  # the report lines of every run NAME.i, per run
    out = []
    for path in sorted(glob.glob(f"{d}/{name}.*.err")):
        out.append([l for l in open(path).read().splitlines() if l.startswith(prefix)])
    return out
def ms(line): return float(re.search(r"([0-9.]+) ms$", line).group(1))
def frames(name):  # every run's frame rows: (tick, steps, tick_ms, events, game-thread page faults)
    out = []
    for path in sorted(glob.glob(f"{d}/{name}.*.frames")):
        rows = []
        for l in open(path).read().splitlines()[1:]:
            f = l.split()
            rows.append((int(f[1]), int(f[2]), float(f[3]), f[6].split(","), int(f[7])))
        out.append(rows)
    return out
def times(name):  # every run's (wall s, cpu s, peak KB)
    out = []
    for path in sorted(glob.glob(f"{d}/{name}.*.time")) or [f"{d}/{name}.time"]:
        for l in open(path).read().splitlines():
            f = l.split()
            if len(f) == 4 and f[0][0].isdigit():
                out.append((float(f[0]), float(f[1]) + float(f[2]), int(f[3])))
    return out
def k(n): return f"{n // 1000}k" if n % 1000 == 0 else str(n)

rows = []
def row(figure, goal, measured): rows.append((figure, goal, measured))

# The rewind: 60 ticks back at the small level and the release.
rw = [ms(r[-1]) for r in lines("rewind_small", "rewind:") if r]
rf = frames("rewind_small")
release = [x[2] for run in rf for x in run if "release" in x[3]]
back = [x[2] for run in rf for x in run if "rewind" in x[3] and "release" not in x[3]]
row(f"releasing a 60-tick rewind at {k(small)} (headless: `rewind:` line; the release frame)",
    "`rewind:` ≤ 40 ms; no frame over 16.7 ms",
    f"rewind: median {med(rw):.1f} ms; release frame {med(release):.1f} ms")
row(f"one tick back at {k(small)} (tick ms of the frames rewinding)", "≤ 0.5 ms",
    f"median {med(back):.3f} ms, p90 {p90(back):.3f} ms")
row(f"holding rewind at 4× at {k(small)} (4 ticks back a frame)", "≤ 16.7 ms",
    f"{4 * med(back):.2f} ms (4 × one tick back; a window adds its drawing)")
back_big = [x[2] for run in frames("rewind_big_f9") for x in run if "rewind" in x[3] and "release" not in x[3]]
row(f"one tick back at {k(big)} after an F5 and an F9 (tick ms of the frames rewinding)", "≤ 16.7 ms",
    f"median {med(back_big):.2f} ms, p90 {p90(back_big):.2f} ms, max {max(back_big, default=float('nan')):.2f} ms")

# F5 / F9.
for name, n in (("f5f9_small", small), ("f5f9_big", big)):
    saves = lines(name, "quicksave:")
    loads = lines(name, "quickload:")
    s = [ms(l) for r in saves for l in r]
    first_s = [ms(r[0]) for r in saves if r]
    ld = [ms(l) for r in loads for l in r]
    first_l = [ms(r[0]) for r in loads if r]
    if n == small:
        row(f"F5 at {k(n)} (`quicksave:`)", "≤ 0.5 ms p90",
            f"median {med(s):.2f} ms, p90 {p90(s):.2f} ms, first F5 {med(first_s):.2f} ms")
        row(f"F9 at {k(n)} (`quickload:`)", "≤ 2 ms", f"median {med(ld):.2f} ms, first F9 {med(first_l):.2f} ms")
    else:
        row(f"F5 at {k(n)} (`quicksave:`)", "—", f"median {med(s):.2f} ms, p90 {p90(s):.2f} ms")
        row(f"F9 at {k(n)} (`quickload:`)", "≤ 10 ms, first included",
            f"median {med(ld):.2f} ms, first F9 {med(first_l):.2f} ms")
faulted = []
for name, n in (("f5f9_small", small), ("f5f9_big", big)):
    fr = [x for run in frames(name) for x in run]
    f5 = [x[4] for x in fr if "f5" in x[3]]
    f9 = [x[4] for x in fr if "f9" in x[3]]
    faulted.append(f"{k(n)}: F5 median {med(f5):.0f}, max {max(f5, default=0)}; "
                   f"F9 median {med(f9):.0f}, max {max(f9, default=0)}")
row("page faults on the game's thread in F5 / F9 frames (frame report's `faults`)", "0", "; ".join(faulted))
disk = []
for name in ("disk_small", "disk_big"):
    disk.append(med([ms(r[0]) for r in lines(name, "quickload:") if r]))
ref = {}
if os.path.exists(f"{d}/msgpack_c.json"):
    for b in json.load(open(f"{d}/msgpack_c.json"))["benchmarks"]:
        if b.get("aggregate_name") == "median":
            ref[int(b["run_name"].split("/")[1])] = b["real_time"] / (1e6 if b["time_unit"] == "ns" else 1e3 if b["time_unit"] == "us" else 1)
against = ""
if small in ref and big in ref:
    against = (f"; msgpack-c decodes the same bodies in {ref[small]:.2f} / {ref[big]:.2f} ms: "
               f"{disk[0] / ref[small]:.2f}× / {disk[1] / ref[big]:.2f}×")
row(f"F9 from disk in a fresh process, {k(small)} / {k(big)} (`quickload:`)", "≤ 2× msgpack-c (bench_game_quicksave)",
    f"{disk[0]:.2f} / {disk[1]:.2f} ms{against}")

# Ticks: the game's whole tick from the frame report (one tick a frame headless).
def tick_ms(name, last):
    runs_ = frames(name)
    mean = med([statistics.fmean(x[2] for x in run[1:]) for run in runs_ if len(run) > 1])
    tail = med([statistics.fmean(x[2] for x in run[-last:]) for run in runs_ if run])
    return mean, tail
m, t = tick_ms("ticks_small", 60)
row(f"one tick at {k(small)} (frame report, 1 200 ticks running right)", "≤ 1 ms",
    f"mean {m:.2f} ms, last 60 ticks {t:.2f} ms")
m, t = tick_ms("ticks_big", 60)
cpu = med([c / 600 * 1000 for _, c, _ in times("ticks_big")])
row(f"one tick at {k(big)} (frame report, 600 ticks running right)", "≤ 10 ms, steady",
    f"mean {m:.2f} ms, last 60 ticks {t:.2f} ms; process CPU {cpu:.2f} ms per tick")

# Memory.
start_kb = med([kb for _, _, kb in times("start_big")])
after_kb = med([kb for _, _, kb in times("ticks_big")])
row(f"peak resident memory at {k(big)}: at start / after 600 ticks", "≤ 400 B/entity",
    f"{start_kb * 1024 / big:.0f} / {after_kb * 1024 / big:.0f} B/entity ({start_kb / 1024:.0f} / {after_kb / 1024:.0f} MB)")
if os.path.exists(f"{d}/long.1.frames"):
    ticks = [x[2] for x in frames("long")[0][1:]]
    minutes = [ticks[i:i + 3600] for i in range(0, len(ticks), 3600) if len(ticks[i:i + 3600]) >= 60]
    means = [statistics.fmean(m) for m in minutes]
    def pct(v, q): v = sorted(v); return v[min(len(v) - 1, int(q * len(v)))]
    rss = [int(l) for l in open(f"{d}/long.1.rss").read().split()]
    settled = rss[len(rss) // 10:]
    # The rewind recording's share (after a minute): its bytes are a budget (64 MB by default)
    # whatever the world's size, so the rest is what the world itself costs per entity.
    rewind_mb = json.load(open(f"{d}/rewind_big.1.json"))["rewind"]["bytes"] / 2**20
    memory = (f"resident {min(settled) / 1024:.0f}–{max(settled) / 1024:.0f} MB after the first tenth of the run "
              f"({max(settled) * 1024 / big:.0f} B/entity), the rewind recording {rewind_mb:.0f} MB of it "
              f"({(max(settled) / 1024 - rewind_mb) * 2**20 / big:.0f} B/entity without it)"
              if len(settled) >= 10 else "too short to sample its memory")
    row(f"one tick at {k(big)} over {len(ticks) / 3600:.1f} minutes of game time ({len(ticks)} ticks, frame report), "
        f"and its resident memory (VmRSS 5 times a second)", "≤ 10 ms, steady; ≤ 400 B/entity",
        f"minute means {min(means):.2f}–{max(means):.2f} ms, p99 {pct(ticks, 0.99):.2f} ms, worst {max(ticks):.1f} ms; "
        + memory)
per_min = []
for path in sorted(glob.glob(f"{d}/ticks_small.*.json")):
    r = json.load(open(path))["rewind"]
    if r["ticks"] > 0: per_min.append(r["bytes"] / r["ticks"] * 3600 / 2**20)
pm = med(per_min)
row(f"rewind memory at {k(small)} (dump's `rewind` after 1 200 ticks)", "the 64 MB default keeps 60 s",
    f"{pm:.1f} MB/min: 64 MB keep {64 / pm * 60:.0f} s")
kept = json.load(open(f"{d}/keep_small.1.json"))["rewind"]
row(f"rewind kept by the defaults at {k(small)} (dump's `rewind` after 4 200 ticks; 60 s is the cap)",
    "60 s", f"{kept['ticks'] / 60:.1f} s ({kept['ticks']} ticks) in {kept['bytes'] / 2**20:.1f} MB")

# The window run: the worst frame (tick + render + present) and how many went over 16.7 ms.
if os.path.exists(f"{d}/window.1.frames"):
    # From the first tick on: the frame before it is the window's first present (its mapping).
    raw = [f for f in (l.split() for l in open(f"{d}/window.1.frames").read().splitlines()[1:]) if int(f[2]) > 0 or int(f[1]) > 0]
    costs = sorted(((float(f[3]) + float(f[4]) + float(f[5])), f) for f in raw)
    worst, wrow = costs[-1]
    over = sum(1 for c, _ in costs if c > 16.7)
    p99 = costs[min(len(costs) - 1, int(0.99 * len(costs)))][0]
    row(f"{int(window_frames) // 60} s scripted in a window at {k(small)} (Xvfb 1280×720; F5, F9, 1 s rewind and release): "
        f"worst frame (tick + render + present)", "≤ 16.7 ms",
        f"worst {worst:.1f} ms (tick {float(wrow[3]):.1f}, render {float(wrow[4]):.1f}, present "
        f"{float(wrow[5]):.1f}; frame {wrow[0]}, {wrow[6]}); p99 {p99:.1f} ms; {over} of {len(costs)} frames over 16.7 ms")

# Start of the cave level, whole process.
walls = [w for w, _, _ in times("cave")]
mpx = cw * ch / 1e6
level_ms = med([ms(r[0]) for r in lines("cave", "level:") if r])
row(f"start of a {cw}×{ch} cave level ({mpx:.2f} Mpx), whole process wall", "≤ 25 ms/Mpx",
    f"{med(walls) * 1000 / mpx:.1f} ms/Mpx: {med(walls) * 1000:.0f} ms (`level:` {level_ms:.0f} ms)")

# The baseline.
help_ms = med([w * 1000 for w, _, _ in times("help")])
m = re.search(r"copied, ([0-9.]+) s, ([0-9.,]+ [GMk]?B/s)", open(f"{d}/dd.err").read())
load = open("/proc/loadavg").read().split()[:3]
print(f"# real_path.sh{' --quick (small sizes: not headline figures)' if quick else ''}: "
      f"{runs} runs ({big_runs} at {k(big)}), medians")
print(f"# baseline: `quickstep --help` median {help_ms:.1f} ms; memcpy (dd bs=1M) {m.group(2) if m else '?'}; "
      f"{os.cpu_count()} cores; load {' '.join(load)}")
print("| figure | goal | measured |")
print("|---|---|---|")
for r in rows: print(f"| {r[0]} | {r[1]} | {r[2]} |")
PY
