#!/usr/bin/env python3
"""The layout rules of ../shared/DESIGN.md that a machine can check: no Swift
file in Sources/ over 450 lines, no function (or initializer, or closure
assigned at top level) over 70. Prints each offender; exit 1 if any."""

import glob
import re
import sys

MAX_FILE, MAX_FUNC = 450, 70
DECL = re.compile(r'^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|static|final|override|mutating|nonisolated|@discardableResult)\s+)*(?:func\s+\S+|init[?!]?\s*[(<]|deinit\b|(?:var|let)\s+\w+\s*:\s*[^={]+\{\s*$)')

def functions(lines):
    """(name, first line, length) of each declaration with a body."""
    found = []
    for i, line in enumerate(lines):
        if not DECL.match(line) or '{' not in line and not lines[i + 1:i + 4]:
            continue
        # Find the opening brace of the body, then its matching close.
        depth, started, j = 0, False, i
        while j < len(lines):
            text = re.sub(r'"(?:\\.|[^"\\])*"', '""', lines[j])  # braces in strings do not count
            text = text.split('//')[0]
            for ch in text:
                if ch == '{':
                    depth += 1
                    started = True
                elif ch == '}':
                    depth -= 1
            if started and depth <= 0:
                break
            if not started and j > i + 6:
                break  # a declaration without a body (a protocol requirement)
            j += 1
        if started:
            found.append((line.strip()[:60], i + 1, j - i + 1))
    return found

bad = 0
for path in sorted(glob.glob('Sources/**/*.swift', recursive=True)):
    lines = open(path, encoding='utf-8').read().split('\n')
    if len(lines) - 1 > MAX_FILE:
        print(f'{path}: {len(lines) - 1} lines (at most {MAX_FILE})')
        bad += 1
    for name, start, length in functions(lines):
        if length > MAX_FUNC:
            print(f'{path}:{start}: {name}: {length} lines (at most {MAX_FUNC})')
            bad += 1
sys.exit(1 if bad else 0)
