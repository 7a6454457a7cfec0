#!/usr/bin/env python3
"""Builds the shipped level folders from text maps (tools/level_sources/*.map).

A .map file is a list of directives, then one combined map (tiles and sprites in one grid):
    tile  CHAR #RRGGBB          a geometry colour (listed in the .lvl obj_colors)
    sprite CHAR #RRGGBB [on T] [grid]
                                a sprite colour (listed in the .lvl spr_colors); its cell's tile is
                                empty, or the tile char T with `on T`; `grid` (with scale K > 1) puts it
                                in sprites/layer1 at 1 px per tile, centred on its cell (for doors,
                                checkpoints, signs and goals that must line up with the tiles)
    scale K                     sprites/layer0 is K x the geometry size (default 1); a map cell (x, y)
                                becomes sprite pixel (K*x, K*y), centred at (x + 0.5/K, y + 0.5/K)
    place CHAR X Y              one more sprite CHAR centred at tile coordinates (X, Y), e.g. with
                                scale 2: `place c 10.75 4.25` (half-tile placement between cells)
    theme NAME                  visuals: `day` (clouds and green hills), `dusk` (warm clouds, blue
                                hills), `snow` (pale peaks), `works` (a factory hall: brick wall, girders,
                                pipes and lamps; steel-capped brick ground), `cave` (no hills) or `none`
                                (no visuals written)
    backdrop X Y W H            visuals: a cave wall behind the tiles in that tile rectangle
    seed N                      visuals: random seed (default 1)
    detail N                    visuals: pixels per tile, 8 (the default) or 16 (the tiles' own pixel
                                size: hills and clouds as fine as the tiles)
    map                         the rows follow (short rows are padded with '.'); '.' is empty
It writes a pixelart source per level and runs the pixelart tool, which writes the PNGs with SDL_image:
geometry/layer0.png (1 px per tile), sprites/layer0.png (K px per tile), visuals/layer0.png (sky, clouds
and hills or the factory hall, drawn behind the tiles: the .lvl may give it a parallax below 1, so nothing
in it lines up with the tiles) and visuals/layer1.png (drawn over the tiles and moving with them: pit
depth and cave walls where the tiles leave them showing, grass tufts, hanging vines, the factory's trim),
both `detail` px per tile. The .lvl files and solution scripts are written by hand.

usage: build_levels.py PIXELART_BINARY [--out DIR] [MAP...]
       (DIR defaults to the repository's levels/; each map writes DIR/<map name>/; without MAP every map
       from 11 on: levels 01-10 are built only when their map is named, see FROZEN_UP_TO)
"""
import math
import pathlib
import random
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
VIS = 8  # visuals pixels per tile unless a map's `detail` says otherwise

# Visuals palettes: soft colours so tiles and entities stay readable in front of them.
THEMES = {
    "day": {"far": "#b4d3ec", "near": "#a3cfa6", "near_dark": "#93c196", "cloud": "#ffffffc8",
            "cloud_shade": "#e6effae0", "pit": ["#6f8f78", "#50685a", "#34443b"]},
    "dusk": {"far": "#c7b7e0", "near": "#9fb3d9", "near_dark": "#91a5cc", "cloud": "#ffe2cfc0",
             "cloud_shade": "#f6cdb8d0", "pit": ["#6f7699", "#525774", "#373a50"]},
    "snow": {"far": "#c3d3ea", "near": "#e4edf7", "near_dark": "#d2deec", "cloud": "#ffffffd0",
             "cloud_shade": "#eef3fae0", "pit": ["#8294b2", "#5f6f8a", "#3e4960"]},
    # The Works: a factory hall (brick wall, steel girders, pipes, warm lamps) instead of sky and hills.
    "works": {"pit": ["#3b2c2a", "#2b201f", "#1d1615"]},
    "cave": {},
}
# The factory hall's colours; `lit` are the bricks and mortar in a lamp's warm light (two rings).
WORKS = {"brick": ["#5b3b35", "#553631", "#603f37"], "mortar": "#3e2825",
         "brick_lit": ["#74483a", "#8e5a40"], "mortar_lit": ["#4f3329", "#62402f"],
         "girder": "#3d4350", "girder_edge": "#566072", "rivet": "#7d8798",
         "pipe_light": "#9aa6b2", "pipe": "#6d7a88", "pipe_dark": "#4a5560", "flange": "#56626e",
         "cord": "#26262c", "shade": "#3a3f4a", "bulb": "#ffe7a0",
         "cap_light": "#c3cad4", "cap": "#8a94a3", "cap_dark": "#3c4350", "cap_rivet": "#dde3ea",
         "tile_mortar": "#6e3e2c", "plate": "#343944", "plate_light": "#424855", "plate_seam": "#262a32"}
CAVE = {"wall": "#4a4458", "stone": "#554e66", "crack": "#403b4d"}
DECOR = {"grass": "#6cbf4f", "grass_light": "#8fd66a", "vine": "#4f9a49", "leaf": "#6cbf4f",
         "flower": "#f6e27a", "pebble": "#b89a7a"}
SOLID = "ground"
# Shipped levels 01 to 10 are built only when their map is named: their shipped visuals are not what this
# script draws (a rebuild redraws them). The legacy-quicksave tests (tests/data/legacy) load a frozen copy
# of 01 (tests/data/legacy/levels/01_first_steps), not the shipped one. To add sprites to one of 01-10,
# build its map with --out into a scratch folder and copy the layers that changed (sprites, and geometry
# for new tiles) into levels/.
FROZEN_UP_TO = "10"

# The sprite each tile kind is drawn with, (top, body) as kTileTypes in game/sim/tiles.hpp has them: the
# top sprite where the tile above is not solid.
TILE_SPRITES = {"ground": ("tile_ground_top", "tile_ground"), "oneway": ("tile_oneway", "tile_oneway"),
                "spikes": ("tile_spikes", "tile_spikes"), "ice": ("tile_ice", "tile_ice")}
SOLID_KINDS = {"ground", "spikes", "ice"}
SPRITE_PX = 16  # pixels per tile of the sprite sheet


def tile_masks(vis):
    """Each tile kind's (top, body) sprite as rows of booleans at `vis` pixels per tile: True where the
    sprite covers any of the sheet pixels under that visuals pixel (read from tools/art/sprites.txt)."""
    lines = (ROOT / "tools/art/sprites.txt").read_text().splitlines()
    frames = {}
    for i, line in enumerate(lines):
        words = line.split()
        if len(words) >= 2 and words[0] == "anim":
            frames[words[1]] = [row[:SPRITE_PX] for row in lines[i + 1: i + 1 + SPRITE_PX]]
    step = SPRITE_PX // vis
    masks = {}
    for kind, names in TILE_SPRITES.items():
        masks[kind] = tuple(
            [[any(frames[name][j * step + b][i * step + a] != "." for b in range(step) for a in range(step))
              for i in range(vis)] for j in range(vis)] for name in names)
    return masks


def parse(map_path):
    level = {"tiles": {}, "sprites": {}, "rows": [], "scale": 1, "places": [], "theme": "day",
             "backdrops": [], "seed": 1, "grid": set(), "vis": VIS}
    in_map = False
    for number, line in enumerate(map_path.read_text().splitlines(), 1):
        if in_map:
            if line.strip():
                level["rows"].append(line.rstrip("\n"))
            continue
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        where = f"{map_path}:{number}"
        if words[0] == "tile":
            level["tiles"][words[1]] = (words[2], words[3] if len(words) > 3 else SOLID)
        elif words[0] == "sprite":
            on = words[words.index("on") + 1] if "on" in words else "."
            level["sprites"][words[1]] = (words[2], on)
            if "grid" in words:
                level["grid"].add(words[1])
        elif words[0] == "scale":
            level["scale"] = int(words[1])
        elif words[0] == "place":
            level["places"].append((words[1], float(words[2]), float(words[3]), where))
        elif words[0] == "theme":
            if words[1] not in THEMES and words[1] != "none":
                sys.exit(f"{where}: unknown theme {words[1]}")
            level["theme"] = words[1]
        elif words[0] == "backdrop":
            level["backdrops"].append(tuple(int(w) for w in words[1:5]))
        elif words[0] == "seed":
            level["seed"] = int(words[1])
        elif words[0] == "detail":
            if words[1] not in ("8", "16"):
                sys.exit(f"{where}: detail is 8 or 16 visuals pixels per tile, not {words[1]}")
            level["vis"] = int(words[1])
        elif words[0] == "map":
            in_map = True
        else:
            sys.exit(f"{where}: unknown directive {words[0]}")
    return level


def split_layers(map_path, level):
    rows = level["rows"]
    width = max(len(row) for row in rows)
    rows = [row.ljust(width, ".") for row in rows]
    k = level["scale"]
    geometry = []
    sprite_px = [["."] * (width * k) for _ in range(len(rows) * k)]
    grid_px = [["."] * width for _ in range(len(rows))] if level["grid"] and k > 1 else None
    for y, row in enumerate(rows):
        g = []
        for x, ch in enumerate(row):
            if ch in level["sprites"]:
                if grid_px and ch in level["grid"]:
                    grid_px[y][x] = ch
                else:
                    sprite_px[y * k][x * k] = ch
                g.append(level["sprites"][ch][1])
            else:
                if ch != "." and ch not in level["tiles"]:
                    sys.exit(f"{map_path}: unknown map character '{ch}' at {x},{y}")
                g.append(ch)
        geometry.append("".join(g))
    for ch, tx, ty, where in level["places"]:
        px, py = tx * k - 0.5, ty * k - 0.5
        if ch not in level["sprites"] or px != int(px) or py != int(py):
            sys.exit(f"{where}: place needs a sprite char and a pixel centre for scale {k}")
        if not (0 <= px < width * k and 0 <= py < len(rows) * k):
            sys.exit(f"{where}: place outside the level")
        sprite_px[int(py)][int(px)] = ch
    return width, geometry, ["".join(r) for r in sprite_px], grid_px and ["".join(r) for r in grid_px]


def visuals(level, width, geometry):
    """Returns (layer0 rows, layer1 rows, colour table) at the level's visuals pixels per tile, or None."""
    if level["theme"] == "none":
        return None
    VIS = level["vis"]
    theme = THEMES[level["theme"]]
    rng = random.Random(level["seed"])
    height = len(geometry)
    kinds = {ch: kind for ch, (_, kind) in level["tiles"].items()}
    kinds["."] = "empty"
    kind = [[kinds.get(ch, "empty") for ch in row] for row in geometry]
    W, H = width * VIS, height * VIS
    colours = {}

    def code(colour):
        if colour not in colours:
            colours[colour] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"[len(colours)]
        return colours[colour]

    back = [["."] * W for _ in range(H)]  # visuals layer 0: behind the tiles, may scroll slower (parallax)
    front = [["."] * W for _ in range(H)]  # visuals layer 1: over the tiles, moves with them
    aligned = [["."] * W for _ in range(H)]  # behind the tiles but lined up with them: copied into front
    in_cave = [[False] * width for _ in range(height)]
    for bx, by, bw, bh in level["backdrops"]:
        for y in range(max(0, by), min(height, by + bh)):
            for x in range(max(0, bx), min(width, bx + bw)):
                in_cave[y][x] = True

    if level["theme"] != "cave":
        # Hills follow a smoothed skyline of the ground, so they show above the terrain at any height.
        surface = []
        for x in range(width):
            top = next((y for y in range(height) if kind[y][x] == "ground"), None)
            surface.append(top)
        known = [x for x in range(width) if surface[x] is not None] or [0]
        for x in range(width):  # pits take the height of the nearest ground
            if surface[x] is None:
                nearest = min(known, key=lambda k: abs(k - x))
                surface[x] = surface[nearest] if surface[nearest] is not None else height
        median = []
        for x in range(width):
            window = sorted(surface[max(0, x - 8): x + 9])
            median.append(window[len(window) // 2])
        smooth = []
        for x in range(width):  # and a moving average, so the hills roll instead of stepping
            window = median[max(0, x - 10): x + 11]
            smooth.append(sum(window) / len(window))
        if level["theme"] == "works":
            factory_hall(back, code, rng, width, VIS, min(smooth))
        phase1, phase2 = (0, 0) if level["theme"] == "works" else (rng.uniform(0, 6.3), rng.uniform(0, 6.3))
        for px in range(W if level["theme"] != "works" else 0):
            tx = px / VIS
            base = smooth[min(width - 1, int(tx))] * VIS
            far = base - VIS * (3.2 + 1.6 * math.sin(tx / 9.0 + phase1) + 0.8 * math.sin(tx / 3.7 + phase2))
            near = base - VIS * (1.4 + 0.9 * math.sin(tx / 6.0 + phase2) + 0.4 * math.sin(tx / 2.3))
            for py in range(max(0, int(far)), H):
                back[py][px] = code(theme["far"])
            for py in range(max(0, int(near)), H):
                back[py][px] = code(theme["near_dark"] if py < near + 2 else theme["near"])
        # Clouds: soft ellipses in the upper sky.
        top_sky = int(min(smooth) * VIS)
        for _ in range(max(3, width // 14) if level["theme"] != "works" else 0):
            cx = rng.uniform(0, W)
            cy = rng.uniform(VIS, max(VIS * 2, top_sky - VIS * 6))
            rw, rh = rng.uniform(2.0, 4.5) * VIS, rng.uniform(0.7, 1.2) * VIS
            for py in range(int(cy - rh * 2), int(cy + rh) + 1):
                for px in range(int(cx - rw * 1.3), int(cx + rw * 1.3) + 1):
                    if not (0 <= px < W and 0 <= py < H):
                        continue
                    inside = ((px - cx) / rw) ** 2 + ((py - cy) / rh) ** 2 <= 1
                    puff = ((px - cx + rw * 0.3) / (rw * 0.55)) ** 2 + ((py - cy + rh * 0.9) / (rh * 1.1)) ** 2 <= 1
                    if inside or puff:
                        shade = py > cy + rh * 0.45
                        back[py][px] = code(theme["cloud_shade"] if shade else theme["cloud"])

        # Pits: a column with no floor, or with spikes for a floor, is a pit; from the lower of the rims
        # beside it down to its floor it darkens with depth instead of showing the hills (which would
        # read as solid snow or grass to stand on). A rim is the floor of the nearest column that is not a
        # pit; spikes on a floor level with the rims are no pit. The dark spreads from there into the open
        # cells below the rim beside it that have a tile above them (under an overhang).
        floors = [next((y for y in range(height) if kind[y][x] in SOLID_KINDS), None) for x in range(width)]
        pit = [f is None or kind[f][x] == "spikes" for x, f in enumerate(floors)]
        rim_of = {}  # (x, y) of a cell in a pit -> its rim row
        for x in range(width):
            if not pit[x]:
                continue
            left = next((floors[i] for i in range(x - 1, -1, -1) if not pit[i]), None)
            right = next((floors[i] for i in range(x + 1, width) if not pit[i]), None)
            rims = [t for t in (left, right) if t is not None]
            if not rims or (floors[x] is not None and floors[x] <= max(rims)):
                continue
            for y in range(max(rims), height if floors[x] is None else floors[x] + 1):
                rim_of[(x, y)] = max(rims)
        todo = list(rim_of)
        while todo:
            x, y = todo.pop()
            for nx, ny in ((x - 1, y), (x + 1, y), (x, y + 1)):
                # only under an overhang: open sky beside a pit is no pit
                if 0 <= nx < width and ny < height and (nx, ny) not in rim_of and (
                        pit[nx] or floors[nx] is not None and floors[nx] < ny):
                    if kind[ny][nx] not in SOLID_KINDS or kind[ny][nx] == "spikes":
                        rim_of[(nx, ny)] = rim_of[(x, y)]  # behind spikes too, through their gaps
                    if kind[ny][nx] not in SOLID_KINDS:
                        todo.append((nx, ny))
        for (x, y), rim_row in rim_of.items():
            for py in range(y * VIS, y * VIS + VIS):
                depth = (py - rim_row * VIS) / VIS  # tiles below the rim
                colour = code(theme["pit"][0 if depth < 1 else 1 if depth < 3 else 2])
                for px in range(x * VIS, x * VIS + VIS):
                    aligned[py][px] = colour

    # Backdrops: in The Works a room's wall of riveted steel plates (two tiles square, seams and a rivet
    # at each plate's corners); elsewhere a cave's dark stone with a few lighter stones and cracks.
    works = level["theme"] == "works"
    for ty in range(height):
        for tx in range(width):
            if not in_cave[ty][tx]:
                continue
            for py in range(ty * VIS, ty * VIS + VIS):
                for px in range(tx * VIS, tx * VIS + VIS):
                    if not works:
                        aligned[py][px] = code(CAVE["wall"])
                        continue
                    u, v = px % (2 * VIS), py % (2 * VIS)
                    colour = WORKS["plate"]
                    if u == 0 or v == 0:
                        colour = WORKS["plate_seam"]
                    elif u == 1 or v == 1:
                        colour = WORKS["plate_light"]
                    if u in (3, 2 * VIS - 3) and v in (3, 2 * VIS - 3):
                        colour = WORKS["rivet"]
                    aligned[py][px] = code(colour)
    for ty in range(height):
        for tx in range(width):
            if not works and in_cave[ty][tx] and rng.random() < 0.18:
                sx, sy = tx * VIS + rng.randrange(VIS - 3), ty * VIS + rng.randrange(VIS - 2)
                for py in range(sy, sy + 2):
                    for px in range(sx, sx + 3):
                        aligned[py][px] = code(CAVE["stone"])
                aligned[sy + 2][sx + 1] = code(CAVE["crack"])

    # What must line up with the tiles goes into the front layer, which moves with them (the back layer
    # may have a parallax below 1), and only where the tiles leave it showing: empty cells whole, and the
    # see-through pixels of a tile's sprite (the gaps between spikes, under a one-way ledge).
    masks = tile_masks(VIS)
    for ty in range(height):
        for tx in range(width):
            mask = None
            if kind[ty][tx] in masks:
                solid_above = ty > 0 and kind[ty - 1][tx] in SOLID_KINDS
                solid_below = ty + 1 < height and kind[ty + 1][tx] in SOLID_KINDS
                mask = masks[kind[ty][tx]][1 if solid_above else 0]
                if kind[ty][tx] == "spikes" and solid_above and not solid_below:
                    mask = mask[::-1]  # spikes hanging from a ceiling are drawn upside down
            for j in range(VIS):
                py = ty * VIS + j
                for i in range(VIS):
                    px = tx * VIS + i
                    if aligned[py][px] != "." and (mask is None or not mask[j][i]):
                        front[py][px] = aligned[py][px]

    if level["theme"] == "works":
        factory_trim(front, code, kind, VIS)

    # Over the tiles: grass tufts on open ground, vines under cave ceilings. Small and sparse.
    for ty in range(1, height):
        for tx in range(width):
            if kind[ty][tx] != "ground":
                continue
            above = kind[ty - 1][tx]
            if above == "empty" and not in_cave[ty - 1][tx] and level["theme"] != "works" and rng.random() < 0.45:
                gx = tx * VIS + rng.randrange(1, VIS - 2)
                gy = ty * VIS - 1
                colour = code(DECOR["grass_light"] if rng.random() < 0.5 else DECOR["grass"])
                front[gy][gx] = colour
                front[gy][gx + 1] = colour
                front[gy - 1][gx] = colour
                if rng.random() < 0.5:
                    front[gy - 1][gx + 2 if gx + 2 < W else gx] = colour
                if rng.random() < 0.12:
                    front[gy - 2][gx] = code(DECOR["flower"])
            elif above == "empty" and in_cave[ty - 1][tx] and not works and rng.random() < 0.25:
                gx = tx * VIS + rng.randrange(1, VIS - 2)
                front[ty * VIS - 1][gx] = code(DECOR["pebble"])
            below = kind[ty + 1][tx] if ty + 1 < height else "ground"
            if below == "empty" and in_cave[ty + 1][tx] and not works and rng.random() < 0.3:
                vx = tx * VIS + rng.randrange(1, VIS - 1)
                length = rng.randrange(3, VIS + 4)
                for i in range(length):
                    py = (ty + 1) * VIS + i
                    if py < H:
                        front[py][vx] = code(DECOR["vine"])
                        if i % 3 == 2 and vx + 1 < W:
                            front[py][vx + 1] = code(DECOR["leaf"])
    return ["".join(r) for r in back], ["".join(r) for r in front], colours


def factory_hall(back, code, rng, width, VIS, top_ground):
    """The Works' back layer: a brick wall filling the level, lamps hanging from a beam under the top with
    warm light on the bricks, steel girders standing in it and pipes running along it."""
    H, W = len(back), len(back[0])
    lamps = []  # (x, y) pixel centres of the bulbs
    beam_y = VIS  # the top beam's upper edge: one tile down
    lamp_y = max(beam_y + VIS * 2, min(int(top_ground * VIS) - VIS * 3, beam_y + VIS * 4))
    x = rng.uniform(3, 8) * VIS
    while x < W:
        lamps.append((int(x), lamp_y + rng.randrange(-VIS // 2, VIS // 2 + 1)))
        x += rng.uniform(10, 15) * VIS
    bh, bw = max(2, VIS // 4), max(4, VIS // 2)  # a brick's height and width in pixels
    shades = [rng.randrange(3) for _ in range((H // bh + 1) * (W // bw + 2))]
    rings = [2.5 * VIS, 4.5 * VIS]  # radii of the bright and the dim ring
    dither = VIS / 4  # each ring's edge is a checkerboard this wide, as pixel art shades
    for py in range(H):
        row = py // bh
        offset = (row % 2) * (bw // 2)
        near = [(lx, ly) for lx, ly in lamps if abs(py - ly) < rings[1] + dither]
        for px in range(W):
            light = 0
            for lx, ly in near:
                d = math.hypot(px - lx, py - ly)
                for level, radius in ((2, rings[0]), (1, rings[1])):
                    if d < radius - dither or (d < radius + dither and (px + py) % 2 == 0):
                        light = max(light, level)
                        break
            if py % bh == 0 or (px + offset) % bw == 0:
                back[py][px] = code(WORKS["mortar_lit"][light - 1] if light else WORKS["mortar"])
            elif light:
                back[py][px] = code(WORKS["brick_lit"][light - 1])
            else:
                shade = shades[row * (W // bw + 2) + (px + offset) // bw]
                back[py][px] = code(WORKS["brick"][shade])
    # Girders: steel columns from the beam to the floor, riveted.
    x = rng.uniform(6, 12) * VIS
    while x < W - VIS:
        gx = int(x)
        for py in range(beam_y, H):
            for px in range(gx, min(W, gx + VIS)):
                edge = px - gx in (0, VIS - 1)
                rivet = (px - gx) in (VIS // 4, VIS - 1 - VIS // 4) and py % VIS == VIS // 2
                back[py][px] = code(WORKS["rivet"] if rivet else WORKS["girder_edge"] if edge else WORKS["girder"])
        x += rng.uniform(14, 22) * VIS
    # Pipes: a few runs along the wall, each turning down to the floor at its end, flanged.
    thick = max(3, VIS * 5 // 16)
    for _ in range(max(2, width // 40)):
        y0 = int(rng.uniform(beam_y + VIS * 2.5, max(beam_y + VIS * 3, top_ground * VIS - VIS * 1.5)))
        x0 = int(rng.uniform(0, W * 0.8))
        x1 = min(W - thick, x0 + int(rng.uniform(18, 45) * VIS))
        def pipe_pixel(px, py, along, across):
            colour = WORKS["pipe_light"] if across == 0 else WORKS["pipe_dark"] if across == thick - 1 else WORKS["pipe"]
            if along % (5 * VIS) < max(2, VIS // 8):
                colour = WORKS["flange"]
            back[py][px] = code(colour)
        for px in range(x0, x1 + thick):
            for i in range(thick):
                pipe_pixel(px, y0 + i, px - x0, i)
        for py in range(y0 + thick, H):
            for i in range(thick):
                pipe_pixel(x1 + i, py, py - y0, i)
    # The beam under the top, then the lamps hanging from it: a cord, a shade and a bulb.
    for py in range(beam_y, beam_y + VIS // 2):
        for px in range(W):
            edge = py in (beam_y, beam_y + VIS // 2 - 1)
            rivet = px % VIS == VIS // 2 and py == beam_y + VIS // 4
            back[py][px] = code(WORKS["rivet"] if rivet else WORKS["girder_edge"] if edge else WORKS["girder"])
    unit = max(1, VIS // 8)  # lamp pixels per 8 visuals pixels of a tile
    for lx, ly in lamps:
        for py in range(beam_y + VIS // 2, ly - 3 * unit):
            back[py][lx] = code(WORKS["cord"])
        for i in range(3 * unit):  # a shade widening downwards
            half = unit + i
            for px in range(lx - half, lx + half + 1):
                back[ly - 3 * unit + i][px] = code(WORKS["shade"])
        for py in range(ly, ly + 2 * unit):
            for px in range(lx - 2 * unit, lx + 2 * unit + 1):
                back[py][px] = code(WORKS["bulb"])


def factory_trim(front, code, kind, VIS):
    """The Works over the tiles: a riveted steel cap on ground open to the air, and mortar lines that make
    the ground bricks."""
    height, width = len(kind), len(kind[0])
    cap = max(2, VIS * 5 // 16)  # the grass band of the ground's top sprite, covered
    bh, bw = max(2, VIS // 4), max(4, VIS // 2)
    for ty in range(height):
        for tx in range(width):
            if kind[ty][tx] != "ground":
                continue
            open_top = ty == 0 or kind[ty - 1][tx] not in SOLID_KINDS
            for j in range(VIS):
                py = ty * VIS + j
                for i in range(VIS):
                    px = tx * VIS + i
                    if open_top and j < cap:
                        rivet = j == cap // 2 and i in (VIS // 4, VIS - 1 - VIS // 4)
                        colour = (WORKS["cap_rivet"] if rivet else WORKS["cap_light"] if j == 0
                                  else WORKS["cap_dark"] if j == cap - 1 else WORKS["cap"])
                        front[py][px] = code(colour)
                    elif py % bh == 0 or (px + (py // bh % 2) * (bw // 2)) % bw == 0:
                        front[py][px] = code(WORKS["tile_mortar"])


def build(pixelart, map_path, out_root):
    level = parse(map_path)
    width, geometry, sprite_rows, grid_rows = split_layers(map_path, level)
    height, k = len(geometry), level["scale"]
    out = out_root / map_path.stem
    lines = ["color . #00000000"]
    lines += [f"color {c} {colour}" for c, (colour, _) in level["tiles"].items()]
    lines += [f"color {c} {colour}" for c, (colour, _) in level["sprites"].items()]
    lines.append(f"image geometry/layer0 {width} {height}")
    lines += geometry
    lines.append(f"image sprites/layer0 {width * k} {height * k}")
    lines += sprite_rows
    if grid_rows:
        lines.append(f"image sprites/layer1 {width} {height}")
        lines += grid_rows
    vis = visuals(level, width, geometry)
    if vis:
        back, front, colours = vis
        # Visuals use their own colour characters; a second pixelart source keeps the tables apart.
        vis_lines = ["color . #00000000"] + [f"color {c} {colour}" for colour, c in colours.items()]
        vis_px = level["vis"]
        vis_lines.append(f"image visuals/layer0 {width * vis_px} {height * vis_px}")
        vis_lines += back
        vis_lines.append(f"image visuals/layer1 {width * vis_px} {height * vis_px}")
        vis_lines += front
    for source_lines in [lines] + ([vis_lines] if vis else []):
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as source:
            source.write("\n".join(source_lines) + "\n")
        subprocess.run([pixelart, source.name, str(out)], check=True)
        pathlib.Path(source.name).unlink()
    print(f"{out}: {width}x{height}, sprites x{k}{', visuals x%d' % level['vis'] if vis else ''}")


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    pixelart, args, out_root = argv[1], argv[2:], ROOT / "levels"
    if len(args) >= 2 and args[0] == "--out":
        out_root, args = pathlib.Path(args[1]), args[2:]
    maps = [pathlib.Path(p) for p in args] or [
        m for m in sorted((ROOT / "tools/level_sources").glob("*.map")) if m.stem[:2] > FROZEN_UP_TO]
    for m in maps:
        build(pixelart, m, out_root)


if __name__ == "__main__":
    main(sys.argv)
