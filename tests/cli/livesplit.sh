# --livesplit HOST:PORT: a mock LiveSplit Server on loopback receives the exact commands of a scripted
# headless run of a level with two checkpoints (start, a split at each checkpoint first reached and at the
# goal, game time = level ticks / 60); each split's time is checked against dumps taken one tick before
# and at it. A port nobody listens on changes nothing in the run and gives one message.
source "$(dirname "$0")/lib/common.bash"

level=06_the_summit
solution="$SRC/levels/$level/solution.txt"

# mock_server PORT_FILE OUT_FILE: accepts one client on a free loopback port (written to PORT_FILE) and
# writes all it sends to OUT_FILE when it closes (gives up after 30 s).
mock_server() {
    python3 - "$1" "$2" <<'PY' &
import socket, sys
server = socket.socket()
server.bind(("127.0.0.1", 0))
server.listen(1)
server.settimeout(30)
open(sys.argv[1] + ".tmp", "w").write(str(server.getsockname()[1]))
import os; os.rename(sys.argv[1] + ".tmp", sys.argv[1])
data = b""
try:
    client, _ = server.accept()
    client.settimeout(30)
    while chunk := client.recv(4096):
        data += chunk
except OSError:
    pass
open(sys.argv[2], "wb").write(data)
PY
    server_pid=$!
    for _ in $(seq 100); do [ -s "$1" ] && break; sleep 0.05; done
}

"$QS" "$level" --headless --save-dir "$SCRATCH/saves" --input "$solution" \
    --dump-state "$SCRATCH/plain.json" >"$SCRATCH/plain.out" 2>/dev/null

mock_server "$SCRATCH/port" "$SCRATCH/received"
port=$(cat "$SCRATCH/port")
"$QS" "$level" --headless --save-dir "$SCRATCH/saves" --input "$solution" --livesplit "127.0.0.1:$port" \
    --dump-state "$SCRATCH/timed.json" >"$SCRATCH/timed.out" 2>"$SCRATCH/timed.err"
status=$?
wait "$server_pid"
[ "$status" -eq 0 ] && grep -q "^complete: $level tick" "$SCRATCH/timed.out" \
    && pass "the run with a LiveSplit server completes" || fail "the run with a LiveSplit server: exit $status"
cmp -s "$SCRATCH/plain.out" "$SCRATCH/timed.out" && same_dump "$SCRATCH/plain.json" "$SCRATCH/timed.json" \
    && pass "a LiveSplit server changes nothing in the run" || fail "the run differs with a LiveSplit server"
grep -q LiveSplit "$SCRATCH/timed.err" && fail "a message about a working server: $(cat "$SCRATCH/timed.err")"

# The commands: the start, then setgametime + split pairs; every line ends with \r\n.
python3 - "$SCRATCH/received" "$SCRATCH/timed.json" >"$SCRATCH/splits" <<'PY'
import json, re, sys
data = open(sys.argv[1], "rb").read().decode()
assert data.endswith("\r\n") and "\n" not in data.replace("\r\n", ""), repr(data)
lines = data[:-2].split("\r\n")
assert lines[:4] == ["reset", "initgametime", "starttimer", "pausegametime"], lines[:4]
rest = lines[4:]
assert rest and len(rest) % 2 == 0, rest
ticks = []
for set_time, split in zip(rest[::2], rest[1::2]):
    m = re.fullmatch(r"setgametime (\d+):(\d\d):(\d\d)\.(\d\d\d)", set_time)
    assert m and split == "split", (set_time, split)
    ms = ((int(m[1]) * 60 + int(m[2])) * 60 + int(m[3])) * 1000 + int(m[4])
    t = round(ms * 60 / 1000)
    assert (t * 1000 + 30) // 60 == ms, f"{set_time} is not a whole tick to the millisecond"
    ticks.append(t)
assert ticks == sorted(ticks) and len(set(ticks)) == len(ticks), ticks
final = json.load(open(sys.argv[2]))["game"]["timer_ticks"]
assert ticks[-1] == final, f"the goal's split {ticks[-1]} is not the level time {final}"
print(" ".join(map(str, ticks)))
PY
if [ $? -eq 0 ]; then
    pass "LiveSplit got the start and $(wc -w <"$SCRATCH/splits") splits: $(cat "$SCRATCH/splits") (ticks)"
else
    fail "LiveSplit got the wrong commands: $(od -c "$SCRATCH/received" | head -20)"
fi

# Each split before the goal is a checkpoint first reached at that level tick: not at T-1, at T.
read -r -a splits <"$SCRATCH/splits"
[ "${#splits[@]}" -ge 3 ] && pass "the solution passes two checkpoints and the goal" \
    || fail "expected two checkpoints and the goal, got splits at ${splits[*]}"
seen=""
for t in "${splits[@]:0:${#splits[@]}-1}"; do
    for f in $((t - 1)) "$t"; do
        "$QS" "$level" --headless --save-dir "$SCRATCH/saves" --input "$solution" --frames "$f" \
            --dump-state "$SCRATCH/at$f.json" >/dev/null 2>&1
    done
    before=$(json_query "$SCRATCH/at$((t - 1)).json" 'd["game"]["checkpoint"]')
    after=$(json_query "$SCRATCH/at$t.json" 'd["game"]["checkpoint"]')
    kind=$(json_query "$SCRATCH/at$t.json" '[e["type"] for e in entities if d["game"]["checkpoint"] and e["index"] == d["game"]["checkpoint"]["index"]]')
    if [ "$before" != "$after" ] && [ "$kind" = "['checkpoint']" ] && [[ "$seen" != *"|$after|"* ]]; then
        pass "split at level tick $t: checkpoint $after first reached then"
    else
        fail "split at level tick $t: the game's checkpoint was $before at $((t - 1)) and $after ($kind) at $t"
    fi
    seen="$seen|$after|"
done

# A port nobody listens on: the same run, one message, exit 0.
dead=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
"$QS" "$level" --headless --save-dir "$SCRATCH/saves" --input "$solution" --livesplit "127.0.0.1:$dead" \
    --dump-state "$SCRATCH/dead.json" >"$SCRATCH/dead.out" 2>"$SCRATCH/dead.err"
status=$?
messages=$(grep -c LiveSplit "$SCRATCH/dead.err")
[ "$status" -eq 0 ] && cmp -s "$SCRATCH/plain.out" "$SCRATCH/dead.out" && same_dump "$SCRATCH/plain.json" "$SCRATCH/dead.json" \
    && pass "a dead LiveSplit port changes nothing in the run" || fail "a dead LiveSplit port changed the run (exit $status)"
[ "$messages" -eq 1 ] && pass "a dead LiveSplit port gives one message: $(grep LiveSplit "$SCRATCH/dead.err")" \
    || fail "a dead LiveSplit port gave $messages messages: $(cat "$SCRATCH/dead.err")"

finish
