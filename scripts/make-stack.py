#!/usr/bin/env python3
"""Writes a resting stack of crates: COLUMNS columns of ROWS 16 x 16 boxes
(default 100 x 100: 10,000 crates), a hair apart, so that they touch within
a step and stay put. Used to measure world teardown (reset) on big scenes.

Usage: python3 scripts/make-stack.py [COLUMNS ROWS] > stack.json"""
import json
import sys

columns, rows = (int(sys.argv[1]), int(sys.argv[2])) if len(sys.argv) == 3 else (100, 100)
size, gap = 16.0, 0.01
width = columns * (size + 0.5) + 20
bodies = []
for c in range(columns):
    for r in range(rows):
        bodies.append({"position": [10 + c * (size + 0.5) + size / 2, size / 2 + 1 + r * (size + gap)],
                       "box": [size, size], "mass": 1})
scene = {"format": "cratebox/scene@1", "name": "Stack of %d" % len(bodies),
         "bounds": [width, rows * (size + gap) + 100], "iterations": 10, "bodies": bodies}
json.dump(scene, sys.stdout, separators=(",", ":"))
sys.stdout.write("\n")
