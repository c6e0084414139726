#!/usr/bin/env python3
"""Write Scenes/pile.json: 1,000 dynamic 16x16 crates in a loose grid.

Usage: python3 scripts/make-pile.py [OUTPUT]   (default: Scenes/pile.json)

Deterministic: the same file every time. 50 columns x 20 rows of crates with
4-point gaps between neighbours, odd rows shifted right by 4 points so the
pile does not settle as perfect columns, the lowest row 2 points above the
floor wall (y = 0, radius 1).
"""

import json
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


def crates():
    left = (WIDTH - COLUMNS * PITCH) // 2 + PITCH // 2
    bottom = FLOOR_TOP + FLOOR_GAP + CRATE // 2
    for row in range(ROWS):
        for column in range(COLUMNS):
            x = left + column * PITCH + (ROW_SHIFT if row % 2 else 0)
            y = bottom + row * PITCH
            yield {"position": [x, y], "box": [CRATE, CRATE], "mass": MASS}


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
        "bodies": bodies,
    }
    with open(output, "w", encoding="utf-8") as f:
        f.write(dumps(scene))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
