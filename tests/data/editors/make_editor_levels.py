#!/usr/bin/env python3
"""Writes the LDtk project and Tiled maps in tests/data/editors from a PNG level, so the three give
the same level (tests compare their dumps and play them with the level's solution).

    python3 tests/data/editors/make_editor_levels.py build/quickstep tests/data/legacy/levels/01_first_steps

Reads the level through the game (--dump-state at tick 0: tiles as rectangles, entities with every field)
and the editable fields from --level-guide; writes ldtk/ (an .ldtk with one inline level and one external
.ldtkl level, quickstep.json naming its own words) and tiled/ (first_steps.tmj with a .tsj tileset and CSV
data, first_steps_xml.tmx with a .tsx tileset and base64 zlib data, a flipped decoration layer in both).
The tileset image is the game's own sprite sheet (16 px tiles).
"""
import base64
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
TILE = 16
COLUMNS = 16  # sheet.png is 256 x 64
TILE_ID = {"ground": 40, "ground_top": 41, "oneway": 42, "spikes": 43, "ice": 44}
DECOR_ID = 28  # a coin-free sprite cell drawn as decoration, flipped
COIN_ID = 16  # the coin's cell of the sheet


def run(binary, *args):
    return subprocess.run([binary, *args], check=True, capture_output=True, text=True).stdout


def editable_fields(binary):
    """prefab -> [field names] from the generated reference."""
    fields, prefab = {}, None
    for line in run(binary, "--level-guide").splitlines():
        m = re.match(r"#### `(\w+)`", line)
        if m:
            prefab = m.group(1)
            fields[prefab] = []
            continue
        m = re.match(r"\| `(\w+)` \| (\w+)", line)
        if m and prefab:
            fields[prefab].append(m.group(1))
    return fields


def grid_of(dump):
    width = max(r["x"] + r["w"] for r in dump["geometry"])
    height = max(r["y"] + r["h"] for r in dump["geometry"])
    grid = [[None] * width for _ in range(height)]
    for r in dump["geometry"]:
        for y in range(r["y"], r["y"] + r["h"]):
            for x in range(r["x"], r["x"] + r["w"]):
                grid[y][x] = r["type"]
    return grid


def entity_list(dump, fields):
    out = []
    for e in dump["entities"]:
        values = {name: e[name] for name in fields.get(e["type"], []) if name in e}
        out.append((e["type"], e["x"], e["y"], values))
    return out


def drawn_tile(grid, x, y):
    kind = grid[y][x]
    if kind == "ground" and (y == 0 or grid[y - 1][x] is None):
        return TILE_ID["ground_top"]
    return TILE_ID[kind]


def ldtk_type(value):
    if isinstance(value, bool):
        return "Bool"
    if isinstance(value, int):
        return "Int"
    if isinstance(value, float):
        return "Float"
    return "String"


def ldtk_level(identifier, uid, grid, entities, external):
    height, width = len(grid), len(grid[0])
    names = {"ground": 1, "oneway": 2, "spikes": 3}
    csv = [names.get(grid[y][x], 0) for y in range(height) for x in range(width)]
    auto = []
    for y in range(height):
        for x in range(width):
            if grid[y][x]:
                t = drawn_tile(grid, x, y)
                auto.append({"px": [x * TILE, y * TILE], "src": [(t % COLUMNS) * TILE, (t // COLUMNS) * TILE],
                             "f": 0, "t": t, "d": [y * width + x], "a": 1})
    decor = []
    for i, x in enumerate(range(2, width - 2, 9)):
        decor.append({"px": [x * TILE, 0], "src": [(DECOR_ID % COLUMNS) * TILE, (DECOR_ID // COLUMNS) * TILE],
                      "f": i % 4, "t": DECOR_ID, "d": [x], "a": 0.8})
    instances = []
    for n, (kind, x, y, values) in enumerate(entities):
        name = {"player": "Player", "coin": "Coin", "goal": "Goal", "checkpoint": "CheckPoint",
                "sign": "Signpost"}.get(kind, kind)
        fi = [{"__identifier": k, "__type": ldtk_type(v), "__value": v, "__tile": None, "defUid": 900 + j,
               "realEditorValues": []} for j, (k, v) in enumerate(sorted(values.items()))]
        if kind == "player":
            fi.append({"__identifier": "hat", "__type": "String", "__value": "red", "__tile": None, "defUid": 990,
                       "realEditorValues": []})
        instances.append({"__identifier": name, "__grid": [int(x), int(y)], "__pivot": [0.5, 1], "__tags": [],
                          "__tile": None, "__smartColor": "#FFFFFF", "iid": "e-%d-%d" % (uid, n), "width": TILE,
                          "height": TILE, "defUid": 100 + n % 5, "px": [x * TILE, y * TILE + TILE / 2],
                          "fieldInstances": fi, "__worldX": x * TILE, "__worldY": y * TILE})
    instances.append({"__identifier": "Torch", "__grid": [1, 1], "__pivot": [0, 0], "__tags": [], "__tile": None,
                      "__smartColor": "#FFAA00", "iid": "torch-%d" % uid, "width": TILE, "height": TILE,
                      "defUid": 110, "px": [TILE, TILE], "fieldInstances": [], "__worldX": TILE, "__worldY": TILE})

    def layer(identifier, kind, def_uid, **extra):
        base = {"__identifier": identifier, "__type": kind, "__cWid": width, "__cHei": height, "__gridSize": TILE,
                "__opacity": 1, "__pxTotalOffsetX": 0, "__pxTotalOffsetY": 0, "__tilesetDefUid": None,
                "__tilesetRelPath": None, "iid": "%s-%d" % (identifier, uid), "levelId": uid,
                "layerDefUid": def_uid, "pxOffsetX": 0, "pxOffsetY": 0, "visible": True, "optionalRules": [],
                "intGridCsv": [], "autoLayerTiles": [], "seed": 1, "overrideTilesetUid": None, "gridTiles": [],
                "entityInstances": []}
        base.update(extra)
        return base

    level = {"identifier": identifier, "iid": "level-%d" % uid, "uid": uid, "worldX": 0, "worldY": uid * 512,
             "worldDepth": 0, "pxWid": width * TILE, "pxHei": height * TILE, "__bgColor": "#5C9BD8",
             "bgColor": None, "useAutoIdentifier": False, "bgRelPath": None, "bgPos": None, "bgPivotX": 0.5,
             "bgPivotY": 0.5, "__smartColor": "#ADC7E8", "__bgPos": None, "externalRelPath": None,
             "fieldInstances": [], "__neighbours": [],
             "layerInstances": [
                 layer("Entities", "Entities", 10, entityInstances=instances),
                 layer("Decoration", "Tiles", 11, __tilesetDefUid=1, __tilesetRelPath="tiles.png",
                       gridTiles=decor, __opacity=1),
                 layer("Collisions", "IntGrid", 12, __tilesetDefUid=1, __tilesetRelPath="tiles.png",
                       intGridCsv=csv, autoLayerTiles=auto)]}
    if external:
        return level, dict(level, externalRelPath=None)
    return level, None


def write_ldtk(out, levels, project_name="first_steps", touch=None):
    os.makedirs(out, exist_ok=True)
    project_levels = []
    for identifier, uid, grid, entities, external in levels:
        level, own_file = ldtk_level(identifier, uid, grid, entities, external)
        if touch:
            touch(level)
        if own_file:
            rel = "first_steps/%s.ldtkl" % identifier
            os.makedirs(os.path.join(out, "first_steps"), exist_ok=True)
            with open(os.path.join(out, rel), "w") as f:
                json.dump(dict({"__header__": header()}, **own_file), f, indent=1)
            level = dict(level, externalRelPath=rel, layerInstances=None)
        project_levels.append(level)
    project = {
        "__header__": header(), "iid": "quickstep-test-project", "jsonVersion": "1.5.3", "appBuildId": 473703,
        "nextUid": 1000, "identifierStyle": "Capitalize", "toc": [], "worldLayout": "LinearVertical",
        "worldGridWidth": 256, "worldGridHeight": 256, "defaultLevelWidth": 256, "defaultLevelHeight": 256,
        "defaultPivotX": 0, "defaultPivotY": 0, "defaultGridSize": TILE, "defaultEntityWidth": TILE,
        "defaultEntityHeight": TILE, "bgColor": "#40465B", "defaultLevelBgColor": "#5C9BD8", "minifyJson": True,
        "externalLevels": any(l[4] for l in levels), "exportTiled": False, "simplifiedExport": False,
        "imageExportMode": "None", "exportLevelBg": True, "pngFilePattern": None, "backupOnSave": False,
        "backupLimit": 10, "backupRelPath": None, "levelNamePattern": "Level_%idx", "tutorialDesc": None,
        "customCommands": [], "flags": [],
        "defs": {
            "layers": [
                {"__type": "Entities", "identifier": "Entities", "type": "Entities", "uid": 10, "gridSize": TILE,
                 "intGridValues": [], "tilesetDefUid": None},
                {"__type": "Tiles", "identifier": "Decoration", "type": "Tiles", "uid": 11, "gridSize": TILE,
                 "intGridValues": [], "tilesetDefUid": 1},
                {"__type": "IntGrid", "identifier": "Collisions", "type": "IntGrid", "uid": 12, "gridSize": TILE,
                 "tilesetDefUid": 1,
                 "intGridValues": [{"value": 1, "identifier": "dirt", "color": "#000000", "tile": None, "groupUid": 0},
                                   {"value": 2, "identifier": "oneway", "color": "#808080", "tile": None, "groupUid": 0},
                                   {"value": 3, "identifier": "Spikes", "color": "#FF0000", "tile": None, "groupUid": 0}]}],
            "entities": [{"identifier": n, "uid": 100 + i, "width": TILE, "height": TILE, "pivotX": 0.5, "pivotY": 1}
                         for i, n in enumerate(["Player", "Coin", "Goal", "CheckPoint", "Signpost"])] +
                        [{"identifier": "Torch", "uid": 110, "width": TILE, "height": TILE, "pivotX": 0, "pivotY": 0}],
            "tilesets": [{"__cWid": 16, "__cHei": 4, "identifier": "Quickstep", "uid": 1, "relPath": "tiles.png",
                          "embedAtlas": None, "pxWid": 256, "pxHei": 64, "tileGridSize": TILE, "spacing": 0,
                          "padding": 0, "tags": [], "tagsSourceEnumUid": None, "enumTags": [],
                          "customData": [], "savedSelections": [], "cachedPixelData": None}],
            "enums": [], "externalEnums": [], "levelFields": []},
        "levels": project_levels, "worlds": [], "dummyWorldIid": "quickstep-dummy-world"}
    with open(os.path.join(out, project_name + ".ldtk"), "w") as f:
        json.dump(project, f, separators=(",", ":"))
    with open(os.path.join(out, "quickstep.json"), "w") as f:
        json.dump({"tiles": {"dirt": "ground"}, "entities": {"Signpost": "sign", "Torch": None}}, f, indent=1)
        f.write("\n")


def header():
    return {"fileType": "LDtk Project JSON", "app": "LDtk", "doc": "https://ldtk.io/json",
            "schema": "https://ldtk.io/files/JSON_SCHEMA.json", "appAuthor": "Sebastien 'deepnight' Benard",
            "appVersion": "1.5.3", "url": "https://ldtk.io"}


def tiled_property(name, value):
    kind = {bool: "bool", int: "int", float: "float"}.get(type(value), "string")
    return {"name": name, "type": kind, "value": value}


def tiled_map(grid, entities, tileset_source, encode):
    height, width = len(grid), len(grid[0])
    gids = [drawn_tile(grid, x, y) + 1 if grid[y][x] else 0 for y in range(height) for x in range(width)]
    flips = [0x80000000, 0x40000000, 0x20000000, 0xE0000000]
    decor = [0] * (width * height)
    for i, x in enumerate(range(2, width - 2, 9)):
        decor[x] = (DECOR_ID + 1) | flips[i % 4]
    objects = []
    for n, (kind, x, y, values) in enumerate(entities):
        objects.append({"id": n + 1, "name": "", "type": kind.capitalize(), "x": x * TILE - TILE / 2, "y": y * TILE - TILE / 2,
                        "width": TILE, "height": TILE, "rotation": 0, "visible": True,
                        "properties": [tiled_property(k, v) for k, v in sorted(values.items())]})
    objects.append({"id": len(entities) + 1, "name": "lamp", "type": "Lamp", "x": 16, "y": 16, "width": 16,
                    "height": 16, "rotation": 0, "visible": True, "properties": []})
    return {"type": "map", "version": "1.10", "tiledversion": "1.10.2", "orientation": "orthogonal",
            "renderorder": "right-down", "width": width, "height": height, "tilewidth": TILE, "tileheight": TILE,
            "infinite": False, "backgroundcolor": "#5c9bd8", "nextlayerid": 4, "nextobjectid": len(objects) + 1,
            "tilesets": [{"firstgid": 1, "source": tileset_source}],
            "layers": [
                dict({"id": 1, "name": "Ground", "type": "tilelayer", "width": width, "height": height, "x": 0,
                      "y": 0, "opacity": 1, "visible": True}, **encode(gids)),
                dict({"id": 2, "name": "Decoration", "type": "tilelayer", "width": width, "height": height,
                      "x": 0, "y": 0, "opacity": 0.8, "visible": True}, **encode(decor)),
                {"id": 3, "name": "Things", "type": "objectgroup", "draworder": "topdown", "x": 0, "y": 0,
                 "opacity": 1, "visible": True, "objects": objects}]}


def tileset_json():
    return {"type": "tileset", "version": "1.10", "tiledversion": "1.10.2", "name": "quickstep",
            "tilewidth": TILE, "tileheight": TILE, "spacing": 0, "margin": 0, "tilecount": 64, "columns": COLUMNS,
            "image": "tiles.png", "imagewidth": 256, "imageheight": 64,
            "tiles": [{"id": TILE_ID["ground"], "type": "ground"}, {"id": TILE_ID["ground_top"], "type": "ground"},
                      {"id": TILE_ID["oneway"], "type": "oneway"}, {"id": TILE_ID["spikes"], "type": "spikes"},
                      {"id": TILE_ID["ice"], "type": "ice"}]}


def xml_escape(text):
    return (str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
            .replace("\n", "&#10;"))


def tmx_of(m):
    def attrs(d, keys):
        return " ".join('%s="%s"' % (k, xml_escape(str(d[k]).lower() if isinstance(d[k], bool) else d[k]))
                        for k in keys if k in d)
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<map %s infinite="0">' % attrs(m, ["version", "tiledversion", "orientation", "renderorder", "width",
                                                 "height", "tilewidth", "tileheight", "backgroundcolor",
                                                 "nextlayerid", "nextobjectid"]),
             ' <tileset firstgid="1" source="%s"/>' % m["tilesets"][0]["source"]]
    for layer in m["layers"]:
        if layer["type"] == "tilelayer":
            lines.append(' <layer %s>' % attrs(layer, ["id", "name", "width", "height", "opacity"]))
            lines.append('  <data encoding="base64" compression="zlib">')
            lines.append('   ' + layer["data"])
            lines.append('  </data>')
            lines.append(' </layer>')
        else:
            lines.append(' <objectgroup id="%d" name="%s">' % (layer["id"], layer["name"]))
            for o in layer["objects"]:
                lines.append('  <object %s>' % attrs(o, ["id", "name", "type", "x", "y", "width", "height"]))
                if o["properties"]:
                    lines.append('   <properties>')
                    for p in o["properties"]:
                        lines.append('    <property name="%s" type="%s" value="%s"/>' % (
                            p["name"], p["type"], xml_escape(str(p["value"]).lower() if isinstance(p["value"], bool)
                                                             else p["value"])))
                    lines.append('   </properties>')
                lines.append('  </object>')
            lines.append(' </objectgroup>')
    lines.append('</map>')
    return "\n".join(lines) + "\n"


def tsx_of(t):
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<tileset version="1.10" tiledversion="1.10.2" name="%s" tilewidth="%d" tileheight="%d" '
             'tilecount="%d" columns="%d">' % (t["name"], t["tilewidth"], t["tileheight"], t["tilecount"],
                                               t["columns"]),
             ' <image source="%s" width="%d" height="%d"/>' % (t["image"], t["imagewidth"], t["imageheight"])]
    for tile in t["tiles"]:
        lines.append(' <tile id="%d" type="%s"/>' % (tile["id"], tile["type"]))
    lines.append('</tileset>')
    return "\n".join(lines) + "\n"


def small_room():
    grid = [[None] * 24 for _ in range(10)]
    for x in range(24):
        grid[8][x] = grid[9][x] = "ground"
    for x in range(10, 13):
        grid[5][x] = "oneway"
    return grid, [("player", 2.5, 7.5, {"facing": 1}), ("coin", 11.5, 4.5, {"value": 5}),
                  ("goal", 21.5, 7.5, {})]


def read_png(path):
    """(width, height, rows of RGBA bytes) of an 8-bit RGBA, non-interlaced PNG (the game's sheet)."""
    data = open(path, "rb").read()
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert (depth, colour, interlace) == (8, 6, 0), "an 8-bit RGBA PNG"
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw, stride, rows, prior = zlib.decompress(idat), width * 4, [], bytearray(width * 4)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - 4] if i >= 4 else 0
            b = prior[i]
            c = prior[i - 4] if i >= 4 else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prior = line
    return width, height, rows


def write_png(path, rows):
    width, height = len(rows[0]) // 4, len(rows)

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)) +
                chunk(b"IDAT", zlib.compress(b"".join(b"\0" + r for r in rows), 9)) + chunk(b"IEND", b""))


def sheet_tiles(sheet, ids):
    """The rows of sheet tiles `ids` side by side (one list: left to right; nested lists: top to bottom)."""
    rows = []
    for line in ids:
        for y in range(TILE):
            rows.append(b"".join(sheet[2][(t // COLUMNS) * TILE + y][(t % COLUMNS) * TILE * 4:
                                                                    (t % COLUMNS + 1) * TILE * 4] for t in line))
    return rows


def write_collection(tiled, sheet_path):
    """tiled/collection.tmj (.tsj) and collection_xml.tmx (.tsx): a room drawn from an image collection
    (each tile its own PNG under tiled/collection/, one of them a rectangle of a strip), a tall tile drawn
    at its own size over its cell, tile objects: a coin by its tile's class, a pillar as scenery at twice
    its size."""
    sheet = read_png(sheet_path)
    folder = os.path.join(tiled, "collection")
    os.makedirs(folder, exist_ok=True)
    images = {"ground.png": [[TILE_ID["ground"]]], "ground_top.png": [[TILE_ID["ground_top"]]],
              "strip.png": [[TILE_ID["ground_top"], TILE_ID["oneway"], TILE_ID["spikes"]]],
              "pillar.png": [[DECOR_ID], [TILE_ID["ground_top"]]], "coin.png": [[COIN_ID]]}
    for name, ids in images.items():
        write_png(os.path.join(folder, name), sheet_tiles(sheet, ids))
    # Local ids with a gap (2, 4..6 unused), as Tiled leaves them after tiles are removed.
    tiles = [{"id": 0, "image": "collection/ground.png", "imagewidth": 16, "imageheight": 16, "type": "ground"},
             {"id": 1, "image": "collection/ground_top.png", "imagewidth": 16, "imageheight": 16, "type": "ground"},
             {"id": 3, "image": "collection/strip.png", "imagewidth": 48, "imageheight": 16, "x": 16, "y": 0,
              "width": 16, "height": 16, "type": "oneway"},
             {"id": 7, "image": "collection/pillar.png", "imagewidth": 16, "imageheight": 32},
             {"id": 9, "image": "collection/coin.png", "imagewidth": 16, "imageheight": 16, "type": "coin"}]
    tileset = {"type": "tileset", "version": "1.10", "tiledversion": "1.10.2", "name": "things",
               "tilewidth": 16, "tileheight": 32, "spacing": 0, "margin": 0, "tilecount": 5, "columns": 0,
               "grid": {"orientation": "orthogonal", "width": 1, "height": 1}, "tiles": tiles}
    width, height = 24, 10
    gids = [0] * (width * height)
    for x in range(width):
        gids[8 * width + x] = 1 + 1
        gids[9 * width + x] = 0 + 1
    for x in range(10, 13):
        gids[5 * width + x] = 3 + 1
    scenery = [0] * (width * height)
    scenery[7 * width + 16] = 7 + 1  # 16x32: rises a tile above its cell
    scenery[7 * width + 18] = (7 + 1) | 0x80000000
    objects = [
        {"id": 1, "name": "", "type": "Player", "x": 2 * TILE, "y": 7 * TILE, "width": TILE, "height": TILE,
         "rotation": 0, "visible": True, "properties": [{"name": "facing", "type": "int", "value": 1}]},
        {"id": 2, "name": "", "type": "Goal", "x": 21 * TILE, "y": 7 * TILE, "width": TILE, "height": TILE,
         "rotation": 0, "visible": True, "properties": []},
        {"id": 3, "name": "", "type": "", "gid": 9 + 1, "x": 11 * TILE, "y": 5 * TILE, "width": TILE,
         "height": TILE, "rotation": 0, "visible": True, "properties": []},
        {"id": 4, "name": "pillar", "type": "", "gid": 7 + 1, "x": 5 * TILE, "y": 8 * TILE, "width": 2 * TILE,
         "height": 4 * TILE, "rotation": 0, "visible": True, "properties": []}]
    m = {"type": "map", "version": "1.10", "tiledversion": "1.10.2", "orientation": "orthogonal",
         "renderorder": "right-down", "width": width, "height": height, "tilewidth": TILE, "tileheight": TILE,
         "infinite": False, "backgroundcolor": "#5c9bd8", "nextlayerid": 4, "nextobjectid": 5,
         "tilesets": [{"firstgid": 1, "source": "things.tsj"}],
         "layers": [{"id": 1, "name": "Ground", "type": "tilelayer", "width": width, "height": height, "x": 0,
                     "y": 0, "opacity": 1, "visible": True, "data": gids},
                    {"id": 2, "name": "Scenery", "type": "tilelayer", "width": width, "height": height, "x": 0,
                     "y": 0, "opacity": 1, "visible": True, "data": scenery},
                    {"id": 3, "name": "Things", "type": "objectgroup", "draworder": "topdown", "x": 0, "y": 0,
                     "opacity": 1, "visible": True, "objects": objects}]}
    with open(os.path.join(tiled, "collection.tmj"), "w") as f:
        json.dump(m, f)
    with open(os.path.join(tiled, "things.tsj"), "w") as f:
        json.dump(tileset, f, indent=1)
    packed = lambda g: base64.b64encode(zlib.compress(struct.pack("<%dI" % len(g), *g))).decode()
    for layer in m["layers"][:2]:
        layer["data"] = packed(layer["data"])
    m["tilesets"][0]["source"] = "things.tsx"
    xml = tmx_of(m)
    for o in objects[2:]:  # tile objects: their gid as an attribute
        xml = xml.replace('<object id="%d" ' % o["id"], '<object id="%d" gid="%d" ' % (o["id"], o["gid"]))
    with open(os.path.join(tiled, "collection_xml.tmx"), "w") as f:
        f.write(xml)
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<tileset version="1.10" tiledversion="1.10.2" name="things" tilewidth="16" tileheight="32" '
             'tilecount="5" columns="0">', ' <grid orientation="orthogonal" width="1" height="1"/>']
    for t in tiles:
        rect = "".join(' %s="%d"' % (k, t[k]) for k in ("x", "y", "width", "height") if k in t)
        lines.append(' <tile id="%d"%s%s>' % (t["id"], ' type="%s"' % t["type"] if "type" in t else "", rect))
        lines.append('  <image source="%s" width="%d" height="%d"/>' % (t["image"], t["imagewidth"],
                                                                         t["imageheight"]))
        lines.append(' </tile>')
    lines.append('</tileset>')
    with open(os.path.join(tiled, "things.tsx"), "w") as f:
        f.write("\n".join(lines) + "\n")


def write_ldtk_backgrounds(out):
    """ldtk_bg/backdrop.ldtk: Small_Room twice over a background image (backdrop.png, 64 x 48, every pixel
    its own colour): level Framed shows a cropped rectangle of it scaled twice, level Wallpaper repeats it
    over the level, as LDtk's "Repeat"; no tiles are drawn over it."""
    os.makedirs(out, exist_ok=True)
    write_png(os.path.join(out, "backdrop.png"),
              [bytes(v for x in range(64) for v in (x * 4, y * 5, (x * 7 + y * 3) % 256, 255)) for y in range(48)])
    grid, entities = small_room()
    settings = {
        "Framed": {"bgPos": "Cover", "bgPivotX": 0.5, "bgPivotY": 0.5,
                   "__bgPos": {"topLeftPx": [100, 20], "scale": [2, 2], "cropRect": [8, 4, 48, 40]}},
        "Wallpaper": {"bgPos": "Repeat", "bgPivotX": 0, "bgPivotY": 0,
                      "__bgPos": {"topLeftPx": [0, 0], "scale": [1, 1], "cropRect": [0, 0, 64, 48]}}}

    def touch(level):
        level.update(settings[level["identifier"]], bgRelPath="backdrop.png")
        for layer in level["layerInstances"]:
            layer.update(autoLayerTiles=[], gridTiles=[], __tilesetDefUid=None, __tilesetRelPath=None)
    write_ldtk(out, [("Framed", 0, grid, entities, False), ("Wallpaper", 1, grid, entities, False)], "backdrop",
               touch)


def main():
    binary, level = sys.argv[1], sys.argv[2]
    fields = editable_fields(binary)
    dump = json.loads(run(binary, level, "--headless", "--frames", "0", "--dump-state", "-"))
    grid, entities = grid_of(dump), entity_list(dump, fields)
    sheet = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(HERE))), "assets", "sprites", "sheet.png")
    room_grid, room_entities = small_room()

    write_ldtk(os.path.join(HERE, "ldtk"), [("First_Steps", 0, grid, entities, False),
                                            ("Small_Room", 1, room_grid, room_entities, True)])
    tiled = os.path.join(HERE, "tiled")
    os.makedirs(tiled, exist_ok=True)
    for folder in (os.path.join(HERE, "ldtk"), tiled):
        shutil.copyfile(sheet, os.path.join(folder, "tiles.png"))
    csv = lambda gids: {"data": gids}
    packed = lambda gids: {"encoding": "base64", "compression": "zlib",
                           "data": base64.b64encode(zlib.compress(struct.pack("<%dI" % len(gids), *gids))).decode()}
    with open(os.path.join(tiled, "first_steps.tmj"), "w") as f:
        json.dump(tiled_map(grid, entities, "tiles.tsj", csv), f)
    with open(os.path.join(tiled, "tiles.tsj"), "w") as f:
        json.dump(tileset_json(), f, indent=1)
    with open(os.path.join(tiled, "first_steps_xml.tmx"), "w") as f:
        f.write(tmx_of(tiled_map(grid, entities, "tiles.tsx", packed)))
    with open(os.path.join(tiled, "tiles.tsx"), "w") as f:
        f.write(tsx_of(tileset_json()))
    with open(os.path.join(tiled, "quickstep.json"), "w") as f:
        json.dump({"entities": {"Lamp": None, "pillar": None}}, f)
        f.write("\n")
    write_collection(tiled, sheet)
    write_ldtk_backgrounds(os.path.join(HERE, "ldtk_bg"))


if __name__ == "__main__":
    main()
