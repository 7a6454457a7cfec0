#!/usr/bin/env bash
# Every repository path that a document (*.md) or a code comment names exists: relative links, words such as
# `game/sim/tuning.hpp`, `tests/unit/game_*.cpp` (a glob: at least one match) or `save_pool.*`, and bare
# file names such as `world_index.cpp` (some file in the tree has that name), or a module without its
# extension (`engine/heap_tuning`). Placeholders end a path (`tests/fuzz/corpus/NAME/`,
# `levels/<folder>/...`: the part before them must exist); quoted text in a code comment is an example
# value, not a reference. Links and paths may not lead out of the repository (`../shared/...`): someone who
# clones the project has only what is in it. The allow-list below names the few files the docs mention on
# purpose without shipping them.
source "$(dirname "$0")/lib/common.bash"

python3 - "$SRC" >"$SCRATCH/report.txt" <<'PY'
import fnmatch, os, re, sys

src = sys.argv[1]
# Named on purpose, not in the tree: the example entity type of README.md's "Adding an entity type".
ALLOWED = {"game/sim/entities/spring.hpp", "game/sim/entities/spring.cpp", "spring.hpp", "spring.cpp"}
ROOTS = ("engine", "game", "tests", "tools", "levels", "assets", "docs")
SKIP_DIRS = {".git", "corpus"}  # and build*/ (out-of-tree builds inside the source tree)
CODE = (".cpp", ".hpp", ".h", ".sh", ".bash", ".py")

all_files, basenames = [], set()
for top, dirs, files in os.walk(src):
    rel_top = os.path.relpath(top, src)
    dirs[:] = [d for d in dirs if d not in SKIP_DIRS and not (rel_top == "." and d.startswith("build"))]
    for name in files:
        rel = os.path.normpath(os.path.join(rel_top, name))
        all_files.append(rel)
        basenames.add(name)
all_dirs = {os.path.dirname(f) for f in all_files}
all_dirs |= {p for d in list(all_dirs) for p in (os.path.join(*d.split(os.sep)[:i]) for i in
             range(1, d.count(os.sep) + 2)) if d}

def comments(path, text):
    """The text a reader sees as prose: all of a .md file, the comments of code."""
    if path.endswith(".md"):
        return text.splitlines()
    out = []
    hash_comments = not path.endswith((".cpp", ".hpp", ".h"))
    for line in text.splitlines():
        if hash_comments:
            m = re.search(r"(?:^|\s)#(?![!{])(.*)", line)
        else:
            m = re.search(r"//(.*)", line)
            if m and re.search(r'"[^"]*$', line[:m.start()]):  # "//" inside a string literal
                m = None
        # Quoted text in a comment is an example value ("levels/x/"), not a reference.
        out.append(re.sub(r'"[^"]*"', '""', m.group(1)) if m else "")
    return out

def is_placeholder(part):  # <folder>, NAME, NAME.sh
    return "<" in part or ">" in part or re.fullmatch(r"[A-Z][A-Z0-9_]*(\.[a-z]+)?", part) is not None

def exists(path):
    path = path.rstrip("/")
    if any(c in path for c in "*?["):
        return any(fnmatch.fnmatchcase(f, path) for f in all_files) or \
               any(fnmatch.fnmatchcase(d, path) for d in all_dirs)
    if path in all_dirs or os.path.exists(os.path.join(src, path)):
        return True
    # A module or program named without its extension: engine/heap_tuning, tools/make_sounds.
    return "." not in os.path.basename(path) and any(f.startswith(path + ".") for f in all_files)

root_word = r"(?:%s)/[A-Za-z0-9_.*?<>/+-]*" % "|".join(ROOTS)
PATH = re.compile(r"(?<![A-Za-z0-9_./$~-])" + root_word)
NAME = re.compile(r"(?<![A-Za-z0-9_./$~*-])([a-z0-9_]+(?:\.\*|\.(?:cpp|hpp|sh|py))|[A-Za-z0-9_-]+\.md)(?![A-Za-z0-9_/*])")
OUTSIDE = re.compile(r"\.\./+shared\b")  # the workspace beside a checkout is not part of the project

scanned, problems = 0, []
for rel in sorted(all_files):
    if rel == os.path.join("tests", "cli", "doc_paths.sh"):
        continue
    name = os.path.basename(rel)
    if not (rel.endswith(".md") or rel.endswith(CODE) or name == "CMakeLists.txt" or rel == ".ci/run"):
        continue
    if rel.startswith(os.path.join("tests", "data")):
        continue
    scanned += 1
    with open(os.path.join(src, rel), encoding="utf-8", errors="replace") as f:
        lines = comments(rel, f.read())
    for number, line in enumerate(lines, 1):
        for m in PATH.finditer(line):
            word = m.group(0).rstrip(".,:;)")
            parts = word.split("/")
            for i, part in enumerate(parts):
                if is_placeholder(part):
                    parts = parts[:i]
                    break
            word = "/".join(parts)
            if word and word not in ALLOWED and not exists(word):
                problems.append(f"{rel}:{number}: {word} does not exist")
        if rel.endswith(".md"):  # relative links: [text](path#anchor), from the document's folder
            for m in re.finditer(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", line):
                target = m.group(1)
                if re.match(r"[a-z]+:", target):
                    continue
                resolved = os.path.normpath(os.path.join(src, os.path.dirname(rel), target))
                if os.path.relpath(resolved, src).startswith(".."):
                    problems.append(f"{rel}:{number}: {target}: a link out of the repository")
                elif not os.path.exists(resolved):
                    problems.append(f"{rel}:{number}: link to {target}, which does not exist")
        for m in OUTSIDE.finditer(line):
            problems.append(f"{rel}:{number}: {m.group(0)} is outside the repository")
        for m in NAME.finditer(line):
            word = m.group(1)
            if word in ALLOWED or word in basenames:
                continue
            if word.endswith(".*") and any(fnmatch.fnmatchcase(b, word) for b in basenames):
                continue
            problems.append(f"{rel}:{number}: {word} does not exist")

print(f"scanned {scanned} files")
for p in problems:
    print("missing:", p)
PY
[ $? -eq 0 ] || fail "the scanner failed"
scanned=$(head -1 "$SCRATCH/report.txt")
case "$scanned" in
    "scanned "[1-9]*) pass "$scanned (*.md and code comments)" ;;
    *) fail "nothing scanned: $scanned" ;;
esac
while IFS= read -r line; do
    fail "${line#missing: } (named in a doc or comment)"
done < <(grep '^missing: ' "$SCRATCH/report.txt")

# The scanner itself: made-up paths in a scratch tree must be found, each for its reason.
[ -n "${DOC_PATHS_INNER:-}" ] && finish
mkdir -p "$SCRATCH/tree/game/sim"
printf '// Uses game/sim/nowhere.hpp and gone_file.cpp; game/sim/*.hpp and tuning.* exist.\n' \
    >"$SCRATCH/tree/game/sim/tuning.hpp"
printf 'See [the design](../shared/DESIGN.md), [a page](docs/none.md) and [tuning](game/sim/tuning.hpp).\n' \
    >"$SCRATCH/tree/README.md"
DOC_PATHS_INNER=1 bash "$0" "$QS" "$SCRATCH/tree" "$SCRATCH/self" >"$SCRATCH/self.txt" 2>&1 \
    && fail "a tree with made-up paths passed"
for expected in "game/sim/tuning.hpp:1: game/sim/nowhere.hpp does not exist" \
                "game/sim/tuning.hpp:1: gone_file.cpp does not exist" \
                "README.md:1: ../shared/DESIGN.md: a link out of the repository" \
                "README.md:1: ../shared is outside the repository" \
                "README.md:1: link to docs/none.md, which does not exist" \
                "README.md:1: docs/none.md does not exist"; do
    grep -qF "FAIL: $expected" "$SCRATCH/self.txt" && pass "the scanner finds: $expected" \
        || fail "the scanner missed: $expected ($(grep FAIL "$SCRATCH/self.txt" | tr '\n' ' '))"
done
found=$(grep -c '^FAIL: ' "$SCRATCH/self.txt")
[ "$found" -eq 6 ] && pass "nothing else in the scratch tree is reported" \
    || fail "expected 6 reports in the scratch tree, got $found: $(cat "$SCRATCH/self.txt")"
finish
