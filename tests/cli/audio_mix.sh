# The sound, measured: First Steps played in a window (SDL's dummy video driver) for 12 s with its audio
# written by SDL's disk audio driver: the first coin row, jumps, then rewind held for 3 s and 4 s of play
# after it. Three runs at once: the default volumes (the mix), music at 0 (the effects alone) and effects at
# 0 (the music alone), so the volume settings are proven too. Targets:
#   the mix: no clipped sample, peak <= -1 dBFS (the limiter's ceiling);
#   effects alone: peak <= -3 dBFS; the louder quarter of their sounding 100 ms windows 1..9 dB over the
#   music (the effects' bodies, not their fading tails);
#   music alone: -18 dBFS RMS (+-2 dB) at the default 60 %, steady (no window 6 dB over its median);
#   rewind: an effect sounding without a gap for at least 2 s while it is held (3 s), and the music back
#   at its level (+-1.5 dB) after the release.
# The disk driver writes at the pace of its thread, which falls behind the clock on a busy machine, so the
# checks use medians and spans, not exact times.
source "$(dirname "$0")/lib/common.bash"

printf '%s\n' "0 +right" "88 +jump" "93 -jump" "118 +jump" "138 -jump" "162 +jump" "182 -jump" "256 +jump" \
    "276 -jump" "300 -right" "300 +rewind" "480 -rewind" >"$SCRATCH/script.txt"
declare -A settings=([mix]='{}' [effects]='{"music_volume": 0}' [music]='{"volume": 0}')
pids=()
for stem in mix effects music; do
    mkdir -p "$SCRATCH/$stem/config/quickstep"
    echo "${settings[$stem]}" >"$SCRATCH/$stem/config/quickstep/settings.json"
    XDG_CONFIG_HOME="$SCRATCH/$stem/config" XDG_DATA_HOME="$SCRATCH/$stem/data" SDL_VIDEODRIVER=dummy \
        SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE="$SCRATCH/$stem.raw" \
        timeout 120 "$QS" 01_first_steps --input "$SCRATCH/script.txt" --frames 720 \
        --save-dir "$SCRATCH/$stem/saves" >"$SCRATCH/$stem.out" 2>"$SCRATCH/$stem.err" &
    pids+=($!)
done
for i in 0 1 2; do
    wait "${pids[$i]}" || fail "run $i: exit $?: $(tail -3 "$SCRATCH"/*.err)"
done
for stem in mix effects music; do
    python3 "$SRC/tests/cli/lib/audio_levels.py" "$SCRATCH/$stem.raw" >"$SCRATCH/$stem.json" ||
        fail "$stem: no recording"
done

python3 - "$SCRATCH" >"$SCRATCH/verdicts.txt" <<'PY' || fail "the levels cannot be judged"
import json, statistics, sys
out = sys.argv[1]
mix, effects, music = (json.load(open(f"{out}/{s}.json")) for s in ("mix", "effects", "music"))
def check(ok, text): print("ok" if ok else "FAIL", text)
for name, d in (("mix", mix), ("effects", effects), ("music", music)):
    check(d["seconds"] > 6, f"{name}: {d['seconds']} s recorded (at least 6)")
check(mix["clipped"] == 0, f"mix: {mix['clipped']} clipped samples (none allowed)")
check(mix["peak_dbfs"] <= -1.0, f"mix: peak {mix['peak_dbfs']} dBFS (at most -1)")
check(effects["peak_dbfs"] <= -3.0, f"effects: peak {effects['peak_dbfs']} dBFS (at most -3)")
mw, ew = music["windows_dbfs"], effects["windows_dbfs"]
steady = statistics.median(mw[10:40])  # 1 to 4 s: faded in, before the rewind
check(-20 <= steady <= -16, f"music: {steady:.1f} dBFS RMS before the rewind (-18 +-2)")
check(max(mw) <= steady + 6, f"music: loudest 100 ms {max(mw)} dBFS, within 6 dB of its median (no effects)")
after = statistics.median(mw[-15:])  # the last 1.5 s: well after the release
check(abs(after - steady) <= 1.5, f"music: {after:.1f} dBFS after the rewind, {steady:.1f} before (+-1.5 dB)")
sounding = sorted(w for w in ew[:40] if w > -40)  # the effects of the first 4 s (coins, jumps)
# The louder quarter of those windows: the bodies of the effects, not their fading tails.
balance = sounding[len(sounding) * 3 // 4] - steady if sounding else -99
check(1 <= balance <= 9, f"effects: their louder quarter {balance:+.1f} dB over the music (+1..+9)")
silent = sum(1 for w in ew[:40] if w <= -100)
check(silent > 0, f"effects: {silent} silent windows between effects with the music at 0 %")
longest = run = 0
for w in ew[40:]:  # from 4 s on: the rewind
    run = run + 1 if w > -30 else 0
    longest = max(longest, run)
check(longest >= 20, f"rewind: effects sound {longest / 10:.1f} s without a gap while it is held (at least 2)")
PY
while read -r verdict text; do
    if [ "$verdict" = ok ]; then pass "$text"; else fail "$text"; fi
done <"$SCRATCH/verdicts.txt"
finish
