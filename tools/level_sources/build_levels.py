#!/usr/bin/env python3
"""Builds the shipped level folders from text maps (tools/level_sources/*.map).

A .map file has a legend and one combined map (tiles and sprites in one grid):
    tile  CHAR #RRGGBB        a geometry colour (listed in the .lvl obj_colors)
    sprite CHAR #RRGGBB       a sprite colour (listed in the .lvl spr_colors); its cell's tile is empty
    sprite CHAR #RRGGBB on T  ...standing in a cell whose tile is the tile char T
    map                       the rows follow (short rows are padded with '.'); '.' is empty
It writes a pixelart source per layer and runs the pixelart tool, which writes the PNGs with SDL_image.
The .lvl files and solution scripts are written by hand next to the PNGs.

usage: build_levels.py PIXELART_BINARY [MAP...]
"""
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]


def build(pixelart, map_path):
    tiles, sprites, rows, in_map = {}, {}, [], False
    for number, line in enumerate(map_path.read_text().splitlines(), 1):
        if in_map:
            if line.strip():
                rows.append(line.rstrip("\n"))
            continue
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        if words[0] == "tile":
            tiles[words[1]] = words[2]
        elif words[0] == "sprite":
            sprites[words[1]] = (words[2], words[4] if len(words) > 4 else ".")
        elif words[0] == "map":
            in_map = True
        else:
            sys.exit(f"{map_path}:{number}: unknown directive {words[0]}")
    width = max(len(row) for row in rows)
    rows = [row.ljust(width, ".") for row in rows]
    geometry, sprite_rows = [], []
    for row in rows:
        g, s = [], []
        for ch in row:
            if ch in sprites:
                s.append(ch)
                g.append(sprites[ch][1])
            else:
                if ch != "." and ch not in tiles:
                    sys.exit(f"{map_path}: unknown map character '{ch}'")
                g.append(ch)
                s.append(".")
        geometry.append("".join(g))
        sprite_rows.append("".join(s))
    out = ROOT / "levels" / map_path.stem
    lines = ["color . #00000000"]
    lines += [f"color {c} {colour}" for c, colour in tiles.items()]
    lines += [f"color {c} {colour}" for c, (colour, _) in sprites.items()]
    lines.append(f"image geometry/layer0 {width} {len(rows)}")
    lines += geometry
    lines.append(f"image sprites/layer0 {width} {len(rows)}")
    lines += sprite_rows
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as source:
        source.write("\n".join(lines) + "\n")
    subprocess.run([pixelart, source.name, str(out)], check=True)
    pathlib.Path(source.name).unlink()
    print(f"{out}: {width}x{len(rows)}")


if __name__ == "__main__":
    maps = [pathlib.Path(p) for p in sys.argv[2:]] or sorted((ROOT / "tools/level_sources").glob("*.map"))
    for m in maps:
        build(sys.argv[1], m)
