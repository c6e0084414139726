#!/usr/bin/env python3
"""Write Scenes/pile.json: 1,000 dynamic 16x16 crates in a loose grid.

Usage: python3 scripts/make-pile.py [OUTPUT]   (default: Scenes/pile.json)
       python3 scripts/make-pile.py --crates N OUTPUT
           any number of crates, as `cratebox bench capacity` makes them
           (Sources/cratebox/Pile.swift): max(50, ceil(sqrt(2.5 N))) columns,
           a box of at least 1280 x 720 with 200 points above the pile.

Deterministic: the same file every time. 50 columns x 20 rows of crates with
4-point gaps between neighbours, odd rows shifted right by 4 points so the
pile does not settle as perfect columns, the lowest row 2 points above the
floor wall (y = 0, radius 1).
"""

import json
import math
import os
import sys

WIDTH, HEIGHT = 1280, 720
CRATE = 16          # crate side
MASS = 10
COLUMNS, ROWS = 50, 20
PITCH = 20          # centre-to-centre distance: CRATE + 4-point gap
ROW_SHIFT = 4       # odd rows move right by this much
FLOOR_TOP = 1       # the floor wall is a segment at y = 0 with radius 1
FLOOR_GAP = 2       # space between the floor and the lowest row


def crates(count=COLUMNS * ROWS, columns=COLUMNS, width=WIDTH):
    left = (width - columns * PITCH) // 2 + PITCH // 2
    bottom = FLOOR_TOP + FLOOR_GAP + CRATE // 2
    for i in range(count):
        row, column = divmod(i, columns)
        x = left + column * PITCH + (ROW_SHIFT if row % 2 else 0)
        y = bottom + row * PITCH
        yield {"position": [x, y], "box": [CRATE, CRATE], "mass": MASS}


def pile(count):
    """The capacity benchmark's pile of `count` crates (Sources/cratebox/Pile.swift)."""
    columns = max(COLUMNS, math.ceil(math.sqrt(2.5 * count)))
    rows = -(-count // columns)
    width, height = max(WIDTH, columns * PITCH + 40), max(HEIGHT, rows * PITCH + 200)
    return {
        "format": "cratebox/scene@1",
        "name": "Pile of %d crates" % count,
        "bounds": [width, height],
        "iterations": 10,
        "bodies": list(crates(count, columns, width)),
    }


def dumps(value, width=100):
    """JSON with 2-space indent; containers that fit on one line stay on one line."""
    def fmt(v, indent, prefix_len):
        flat = json.dumps(v, ensure_ascii=False)
        if not isinstance(v, (dict, list)) or not v or indent + prefix_len + len(flat) <= width:
            return flat
        pad = " " * (indent + 2)
        if isinstance(v, dict):
            items = [pad + json.dumps(k) + ": " + fmt(x, indent + 2, len(json.dumps(k)) + 3)
                     for k, x in v.items()]
            return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
        items = [pad + fmt(x, indent + 2, 1) for x in v]
        return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"
    return fmt(value, 0, 0) + "\n"


def main(argv):
    if len(argv) == 4 and argv[1] == "--crates":
        with open(argv[3], "w", encoding="utf-8") as f:
            f.write(dumps(pile(int(argv[2]))))
        return 0
    if len(argv) > 2:
        print("usage: python3 scripts/make-pile.py [OUTPUT]", file=sys.stderr)
        return 2
    here = os.path.dirname(os.path.abspath(__file__))
    output = argv[1] if len(argv) == 2 else os.path.join(here, "..", "Scenes", "pile.json")
    bodies = list(crates())
    assert len(bodies) == 1000
    scene = {
        "format": "cratebox/scene@1",
        "name": "Pile of 1000 crates",
        "bounds": [WIDTH, HEIGHT],
        "iterations": 10,
        # A settled pile sleeps and costs almost nothing (the benchmark's piles stay awake).
        "sleepTime": 0.5,
        "bodies": bodies,
    }
    with open(output, "w", encoding="utf-8") as f:
        f.write(dumps(scene))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
