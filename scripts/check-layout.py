#!/usr/bin/env python3
"""The layout rules of docs/design.md that a machine can check: no Swift or C
file in Sources/ over 450 lines, no function (or initializer, or closure
assigned at top level) over 70, and each module imports only what its row of
the design's module table allows (its "may import" column). Sources/CLua is
Lua's own code, kept as Lua wrote it (its few changes marked CRATEBOX:), so
its sizes are Lua's. Prints each offender; exit 1 if any."""

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
        # A declaration without a body within six lines is a protocol requirement.
        started, j = body_end(lines, i, lambda j, text: j > i + 7)
        if started:
            found.append((line.strip()[:60], i + 1, j - i + 1))
    return found

def body_end(lines, i, no_body):
    """From line i, the opening brace of a body and its matching close:
    (whether a body started, the line it ends on). `no_body(j, text)` says,
    before any brace, that the declaration has none."""
    depth, started, j = 0, False, i
    while j < len(lines):
        text = re.sub(r'"(?:\\.|[^"\\])*"', '""', lines[j]).split('//')[0]  # braces in strings and comments do not count
        if not started and no_body(j, text):
            break
        for ch in text:
            if ch == '{':
                depth += 1
                started = True
            elif ch == '}':
                depth -= 1
        if started and depth <= 0:
            break
        j += 1
    return started, j

# A C function's first line: a return type and a name at the start of a line,
# then its parameters (on that line or the next ones), and its body's brace.
C_DECL = re.compile(r'^[A-Za-z_][\w\s\*]*\b\w+\s*\([^;]*$')

def c_functions(lines):
    """(name, first line, length) of each C function definition."""
    found, i = [], 0
    while i < len(lines):
        if not C_DECL.match(lines[i]) or lines[i].startswith(('typedef', 'struct', 'enum', 'static const', 'const ')) and '(' not in lines[i]:
            i += 1
            continue
        started, j = body_end(lines, i, lambda j, text: ';' in text)  # a ';' first: a declaration, not a definition
        if started:
            found.append((lines[i].strip()[:60], i + 1, j - i + 1))
            i = j
        i += 1
    return found

def allowed_imports():
    """module -> the modules it may import, from docs/design.md's table."""
    rules = {}
    for line in open('docs/design.md', encoding='utf-8'):
        cells = [c.strip() for c in line.strip().strip('|').split('|')]
        if len(cells) != 3 or not cells[0].startswith('`'):
            continue
        module = cells[0].strip('`')
        rules[module] = {m.strip() for m in cells[2].split(',') if m.strip()}
    return rules

# Always allowed: the C library and the Swift runtime's own.
SYSTEM = {'Glibc', 'Darwin', 'Swift'}
IMPORT = re.compile(r'^\s*(?:@testable\s+|@_exported\s+)?import\s+(?:(?:struct|class|enum|func|var|let|typealias|protocol)\s+)?(\w+)')

bad = 0
rules = allowed_imports()
if len(rules) < 10:
    print('docs/design.md: the module table (module | owns | may import) was not found')
    bad += 1
for path in sorted(glob.glob('Sources/*/')):
    module = path.rstrip('/').split('/')[-1]
    swift = glob.glob(path + '**/*.swift', recursive=True)
    if not swift:
        continue  # a C target or a module map
    if module not in rules:
        print(f'{path}: the module is not in docs/design.md\'s table')
        bad += 1
        continue
    for file in sorted(swift):
        for number, line in enumerate(open(file, encoding='utf-8'), 1):
            m = IMPORT.match(line)
            if m and m.group(1) not in rules[module] | SYSTEM:
                print(f'{file}:{number}: {module} may not import {m.group(1)} (docs/design.md)')
                bad += 1
# Swift and C alike: files and functions within their limits.
VENDORED = 'Sources/CLua/'
SOURCES = [(glob.glob('Sources/**/*.swift', recursive=True), functions),
           ([p for p in glob.glob('Sources/**/*.c', recursive=True) + glob.glob('Sources/**/*.h', recursive=True)
             if not p.startswith(VENDORED)], c_functions)]
for paths, find in SOURCES:
    for path in sorted(paths):
        lines = open(path, encoding='utf-8').read().split('\n')
        if len(lines) - 1 > MAX_FILE:
            print(f'{path}: {len(lines) - 1} lines (at most {MAX_FILE})')
            bad += 1
        for name, start, length in find(lines):
            if length > MAX_FUNC:
                print(f'{path}:{start}: {name}: {length} lines (at most {MAX_FUNC})')
                bad += 1
sys.exit(1 if bad else 0)
