"""Levels of a recording from SDL's disk audio driver (raw signed 16-bit little-endian stereo, 44100 Hz).

    python3 audio_levels.py FILE.raw          prints the figures as JSON

Figures: "seconds"; "peak_dbfs" (the loudest sample); "clipped" (samples at full scale, +-32767 or -32768);
"windows_dbfs" (the RMS of each 100 ms window, both channels, in dBFS; -120 for silence).
"""
import array
import json
import math
import sys

RATE = 44100
WINDOW = RATE // 10  # frames per 100 ms window


def dbfs(value):
    return 20 * math.log10(value) if value > 1e-6 else -120.0


def levels(path):
    samples = array.array("h")
    with open(path, "rb") as f:
        data = f.read()
    samples.frombytes(data[: len(data) // 4 * 4])
    if sys.byteorder != "little":
        samples.byteswap()
    peak = max((max(samples), -min(samples)), default=0)
    clipped = samples.count(32767) + samples.count(-32768) + samples.count(-32767)
    windows = []
    step = WINDOW * 2
    for start in range(0, len(samples) - step + 1, step):
        chunk = samples[start : start + step]
        windows.append(round(dbfs(math.sqrt(sum(x * x for x in chunk) / len(chunk)) / 32768), 2))
    return {
        "seconds": round(len(samples) / 2 / RATE, 3),
        "peak_dbfs": round(dbfs(peak / 32768), 2),
        "clipped": clipped,
        "windows_dbfs": windows,
    }


if __name__ == "__main__":
    json.dump(levels(sys.argv[1]), sys.stdout)
    print()
