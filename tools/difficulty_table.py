#!/usr/bin/env python3
"""Measures how hard each shipped level is, for the difficulty table in LEVELS.md.

For every jump press in a level's solution.txt (a `+jump` with its `-jump`, or a `jump` tap) it moves that
one press, release with it, by 1, 2, ... ticks earlier and later, and replays the level until the run no
longer finishes cleanly (the goal reached with no heart lost): the press's window is the number of ticks it
may start on. The hardest jump is the press with the smallest window. By default the measure is a
player's: when the moved press fails with every later input where it was, game_retime may re-time the next
NEXT jump presses after it (2 by default), each by up to RETIME ticks (6 by default), or the moved press
may be held for any of HOLDS ticks instead (every later input where it was), and the press counts if one of
these finishes cleanly. With --strict every later input stays where it was (game_trace). Checkpoints come
from the level's state at tick 0 (`quickstep --dump-state`): their count, and the longest stretch without
one, in tiles (start, checkpoints and goal in order of x) and in ticks of the solution (from the start or a
checkpoint reached to the next one or the goal).

usage: difficulty_table.py BUILD_DIR [--max-shift K] [--strict | --next NEXT --retime RETIME] [--jobs J]
                           LEVEL_FOLDER...
K: 12 by default; J: levels measured at once (1 by default). Prints one Markdown table row per level, in the
order given.
"""
import json
import multiprocessing
import os
import subprocess
import sys
import tempfile

HOLDS = (4, 8, 12, 16, 20, 24)  # how long a player may hold a moved jump, in ticks (the measure's default)


def parse_script(path):
    """The script's lines, and its jump presses as (index of the press line, index of its release or None)."""
    lines = open(path).read().splitlines()
    presses, held = [], None
    for i, line in enumerate(lines):
        words = line.split("#")[0].split()
        if len(words) != 2:
            continue
        if words[1] == "+jump":
            held = len(presses)
            presses.append([i, None])
        elif words[1] == "-jump" and held is not None:
            presses[held][1] = i
            held = None
        elif words[1] == "jump":
            presses.append([i, None])
    return lines, presses


def shifted(lines, press, by):
    out = list(lines)
    for i in press:
        if i is None:
            continue
        tick, action = out[i].split("#")[0].split()
        if int(tick) + by < 0:
            return None
        out[i] = f"{int(tick) + by} {action}"
    return out


def run(build, level, lines):
    """(finished cleanly, the trace's rows) of `lines` played on `level`."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as script:
        script.write("\n".join(lines) + "\n")
        script.flush()
        out = subprocess.run([f"{build}/game_trace", level, script.name, "900"], capture_output=True,
                             text=True).stdout
    rows = [[float(w) for w in line.split()] for line in out.splitlines() if line.strip()]
    if not rows:
        return False, rows
    start_health = rows[0][6]
    clean = rows[-1][9] == 1 and rows[-1][8] == 0 and min(r[6] for r in rows) >= start_health
    return clean, rows


def holds(lines, press):
    """`lines` with the press held for each of HOLDS ticks instead (a player holds a jump as long as it
    needs); a tap has no hold to change."""
    if press[1] is None:
        return
    start = int(lines[press[0]].split()[0])
    held = int(lines[press[1]].split()[0]) - start
    for hold in HOLDS:
        if hold != held:
            out = list(lines)
            out[press[1]] = f"{start + hold} -jump"
            yield out


def retimed(build, level, lines, after, follow):
    """Whether `lines` finish `level` cleanly once game_retime may move the next follow[0] jump presses
    pressed after tick `after`, each by up to follow[1] ticks."""
    with tempfile.TemporaryDirectory() as scratch:
        script = os.path.join(scratch, "script.txt")
        with open(script, "w") as out:
            out.write("\n".join(lines) + "\n")
        return subprocess.run([f"{build}/game_retime", level, script, os.path.join(scratch, "out.txt"),
                               "--after", str(after), "--next", str(follow[0]), "--max-move",
                               str(follow[1]), "--no-hops", "--rounds", str(2 * follow[0])],
                              capture_output=True).returncode == 0


def level_row(build, level, max_shift, follow):
    """The table row of `level`; `follow` is (next presses, ticks) for a player's measure, None for strict."""
    lines, presses = parse_script(f"{level}/solution.txt")
    ok, rows = run(build, level, lines)
    if not ok:
        return f"| {level} | solution does not finish cleanly |"
    ticks = int(rows[-1][0])
    windows = []
    for n, press in enumerate(presses):
        width = 1
        for sign in (-1, 1):
            for by in range(1, max_shift + 1):
                moved = shifted(lines, press, sign * by)
                if moved is None:
                    break
                at = int(lines[press[0]].split()[0]) + sign * by
                if not (retimed(build, level, moved, at, follow) or
                        any(run(build, level, held)[0] for held in holds(moved, press))
                        if follow else run(build, level, moved)[0]):
                    break
                width += 1
        windows.append((width, int(lines[press[0]].split()[0])))
    dump = json.loads(subprocess.run([f"{build}/quickstep", level, "--headless", "--frames", "0",
                                      "--dump-state", "-"], capture_output=True, text=True).stdout)
    of = lambda kind: [e for e in dump["entities"] if e["type"] == kind]
    start, goal = of("player")[0], of("goal")[0]
    checkpoints = sorted(of("checkpoint"), key=lambda e: e["x"])
    xs = [start["x"]] + [c["x"] for c in checkpoints] + [goal["x"]]
    longest_tiles = max(b - a for a, b in zip(xs, xs[1:]))
    # Ticks: when the solution first comes within a tile of each checkpoint, then the goal's tick.
    reached = [0]
    for c in checkpoints:
        near = [r[0] for r in rows if abs(r[1] - c["x"]) < 1 and abs(r[2] - c["y"]) < 1.5]
        if near:
            reached.append(near[0])
    reached = sorted(reached) + [ticks]
    longest_ticks = max(b - a for a, b in zip(reached, reached[1:]))
    hardest = min(windows) if windows else None
    name = level.rstrip("/").split("/")[-1]
    spacing = ", ".join(f"{b - a:.0f}" for a, b in zip(xs, xs[1:]))
    hard = f"{hardest[0]} (the press at tick {hardest[1]})" if hardest else "no jump"
    capped = " (capped)" if hardest and hardest[0] >= 2 * max_shift + 1 else ""
    return (f"| {name} | {ticks} | {len(presses)} | {hard}{capped} | {len(checkpoints)} | {spacing} | "
            f"{longest_tiles:.0f} tiles, {longest_ticks:.0f} ticks |")


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    build, args, max_shift, follow, jobs = argv[1], argv[2:], 12, [2, 6], 1
    options = {"--max-shift": (1, 60), "--next": (1, 10), "--retime": (1, 30), "--jobs": (1, 64)}
    while args and args[0].startswith("--"):
        if args[0] == "--strict":
            follow, args = None, args[1:]
            continue
        if args[0] not in options or len(args) < 2 or not args[1].isdigit():
            sys.exit(__doc__)
        low, high = options[args[0]]
        value = int(args[1])
        if not low <= value <= high:
            sys.exit(f"{args[0]} must be {low} to {high}")
        if args[0] == "--max-shift":
            max_shift = value
        elif args[0] == "--jobs":
            jobs = value
        elif follow is not None:
            follow[0 if args[0] == "--next" else 1] = value
        args = args[2:]
    if not args:
        sys.exit(__doc__)
    print("| level | solution ticks | jumps | hardest jump's window (ticks) | checkpoints | "
          "spacing (tiles: start, checkpoints, goal) | longest stretch without a checkpoint |")
    print("|---|---|---|---|---|---|---|")
    tasks = [(build, level, max_shift, follow and tuple(follow)) for level in args]
    with multiprocessing.Pool(jobs) as pool:
        for row in pool.imap(level_row_of, tasks):
            print(row, flush=True)


def level_row_of(task):
    return level_row(*task)


if __name__ == "__main__":
    main(sys.argv)
