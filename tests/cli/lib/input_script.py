"""Input scripts (DESIGN §5.3) for the CLI tests that build new scripts from a level's solution."""


def commands(path):
    """The script's commands as (tick, word), comments and blank lines left out."""
    cmds = []
    for line in open(path):
        line = line.split("#", 1)[0].strip()
        if line:
            tick, word = line.split()
            cmds.append((int(tick), word))
    return cmds


def held_before(cmds, tick):
    """The actions held after the commands of every tick before `tick`."""
    held = set()
    for t, w in cmds:
        if t >= tick:
            break
        if w.startswith("+"):
            held.add(w[1:])
        elif w.startswith("-"):
            held.discard(w[1:])
    return held
