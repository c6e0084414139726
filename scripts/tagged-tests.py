#!/usr/bin/env python3
"""Prints a `swift test --filter` pattern for the tests tagged TAG.

This toolchain's `swift test` cannot select by a Swift Testing tag (the
`tag:` prefix came after Swift 6.3), so the tags are read from the sources:
`@Suite(.tags(.TAG)) struct Name` selects the suite, `@Test(.tags(.TAG)) func
name(` inside a suite selects `Suite/name`. A suite joins a run by its tag,
never by a hand-kept list. Exits 1 if nothing carries the tag.
"""
import pathlib
import re
import sys

tag = sys.argv[1]
root = pathlib.Path(__file__).resolve().parent.parent
has_tag = re.compile(r"\.tags\([^)]*\.%s\b" % re.escape(tag))
suite = re.compile(r"^\s*@Suite(\((?P<traits>.*)\))?\s+(final class|struct|enum|class)\s+(?P<name>\w+)")
test = re.compile(r"^\s*@Test(\((?P<traits>.*)\))?\s+func\s+(?P<name>\w+)\s*\(")

selected = []
for path in sorted((root / "Tests").rglob("*.swift")):
    current = None
    for line in path.read_text(encoding="utf-8").splitlines():
        if m := suite.match(line):
            current = m["name"]
            if m["traits"] and has_tag.search(m["traits"]):
                selected.append(current)
        elif (m := test.match(line)) and m["traits"] and has_tag.search(m["traits"]):
            if current is None:
                sys.exit(f"{path}: a tagged test outside a suite: {m['name']}")
            if current not in selected:
                selected.append(f"{current}/{m['name']}")
if not selected:
    sys.exit(f"no test is tagged .{tag}")
print("|".join(selected))
