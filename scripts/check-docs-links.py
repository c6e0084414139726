#!/usr/bin/env python3
"""The docs hold together: (a) every relative link and #anchor in README.md,
CONTRIBUTING.md and docs/**/*.md resolves (anchors as GitHub makes them from
headings); (b) every key the README's keys table names is a key of the window
(a case of `KeyMap.world` in Sources/WindowModel/KeyMap.swift, or a key
Keyboard.swift reads held), and the row says what it does with a word of its
KeyMap action's name (`togglePause`: pause), or, for a key held, whose action
there says nothing (the tilt, Backspace, X), of its line of the help in
Sources/Render/Overlays.swift; (c) docs/design.md has the only module table,
and it lists every target of Package.swift under Sources/. Read statically;
prints one line per problem, exit 1 if any."""

import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
problems = []


def read(path):
    with open(os.path.join(ROOT, path), encoding='utf-8') as f:
        return f.read()


def prose(text, blank_code=True):
    """The lines of a Markdown file outside fenced code, with inline code
    blanked to spaces (a link in code is not one): (line number, text)."""
    fenced = False
    for number, line in enumerate(text.split('\n'), 1):
        if line.lstrip().startswith('```'):
            fenced = not fenced
            continue
        if not fenced:
            yield number, re.sub(r'`[^`]*`', lambda m: '`' + ' ' * (len(m.group()) - 2) + '`', line) if blank_code else line


def slugs(path):
    """The anchors GitHub makes from a Markdown file's headings."""
    found, seen = set(), {}
    for _, line in prose(read(path), blank_code=False):
        m = re.match(r'^#{1,6}\s+(.*?)\s*#*\s*$', line)
        if not m:
            continue
        title = re.sub(r'\[([^\]]*)\]\([^)]*\)', r'\1', m.group(1))  # a link's text only
        slug = re.sub(r'[^\w\- ]', '', title.replace('`', '').lower()).replace(' ', '-')
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        found.add(slug if n == 0 else f'{slug}-{n}')
    return found


def markdown_files():
    files = ['README.md', 'CONTRIBUTING.md'] + sorted(glob.glob('docs/**/*.md', root_dir=ROOT, recursive=True))
    return [f for f in files if os.path.exists(os.path.join(ROOT, f))]


LINK = re.compile(r'!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)')


def check_links():
    """(a) Every relative link, and every anchor, resolves."""
    cache = {}
    for path in markdown_files():
        # Inline code is blanked, but a link's target in it stays as written.
        raw = read(path).split('\n')
        for number, line in prose(read(path)):
            for m in LINK.finditer(line):
                target = raw[number - 1][m.start(1):m.end(1)]
                if re.match(r'^[a-z][a-z0-9+.-]*:', target):  # https:, mailto:
                    continue
                file, _, anchor = target.partition('#')
                resolved = os.path.normpath(os.path.join(os.path.dirname(path), file)) if file else path
                if not os.path.exists(os.path.join(ROOT, resolved)):
                    problems.append(f'{path}:{number}: link to {target}: no file {resolved}')
                    continue
                if anchor:
                    if not resolved.endswith('.md'):
                        problems.append(f'{path}:{number}: link to {target}: an anchor in a file that is not Markdown')
                        continue
                    if resolved not in cache:
                        cache[resolved] = slugs(resolved)
                    if anchor not in cache[resolved]:
                        problems.append(f'{path}:{number}: link to {target}: {resolved} has no heading #{anchor}')


# Key names as the README writes them, from the cases of `Key` (KeyMap.swift).
SPECIAL_NAMES = {'escape': 'Esc', 'minus': '-', 'plus': '+', 'period': '.'}
# Words too common to say what a key does.
COMMON = {'a', 'an', 'the', 'and', 'or', 'of', 'on', 'off', 'to', 'in', 'it', 'its', 'by', 'as', 'at', 'with',
          'there', 'this', 'that', 'is', 'toggle', 'seek', 'scene', 'body', 'box', 'key', 'keys', 'start', 'stop'}


def key_name(case):
    """`.letter("p")` -> "P", `.pageDown` -> "PageDown", `.escape` -> "Esc"."""
    m = re.fullmatch(r'\.letter\("(.)"\)', case)
    if m:
        return m.group(1).upper()
    m = re.fullmatch(r'\.digit\((\d)\)', case)
    if m:
        return m.group(1)
    name = case.lstrip('.')
    return SPECIAL_NAMES.get(name, name[:1].upper() + name[1:])


def words(text):
    """The words of a meaning, or of an action's camelCase name, lowercased, the common ones left out."""
    text = re.sub(r'([a-z])([A-Z])', r'\1 \2', text)
    return {w for w in re.findall(r'[a-z0-9]+', text.lower()) if w not in COMMON}


def function_body(text, signature):
    start = text.find(signature)
    if start < 0:
        return None
    end = text.find('\n    private static func', start + 1)
    return text[start:end if end > 0 else len(text)]


def window_keys():
    """key name -> the words the window uses for what it does (its KeyMap
    actions' names, else its help lines); and the names of the keys that exist
    (a case of `KeyMap.world`, or a key Keyboard.swift reads held)."""
    meanings, helped, exist = {}, {}, set()
    keymap = read('Sources/WindowModel/KeyMap.swift')
    world = function_body(keymap, 'private static func world(')
    if world is None:
        problems.append('Sources/WindowModel/KeyMap.swift: no `private static func world(`: the check cannot read the keys')
        return meanings, exist
    for m in re.finditer(r'^\s*case (.+?):\s*return (.+)$', world, re.M):
        actions = re.findall(r'\.([a-zA-Z]+)', m.group(2))
        for case in re.split(r',\s*(?=\.)', m.group(1)):
            case, ctrl = re.subn(r'\s+where\s+ctrl\s*$', '', case.strip())
            if not re.fullmatch(r'\.\w+(?:\("."\)|\(\d\))?', case):
                continue
            name = ('Ctrl+' if ctrl else '') + key_name(case)
            exist.add(name)
            for action in actions:
                meanings.setdefault(name, set()).update(words(action))
    keyboard = read('Sources/WindowModel/Keyboard.swift')
    for m in re.finditer(r'\bholds?\((\.\w+(?:\("."\))?)|\bheld\((\.\w+(?:\("."\))?)\)', keyboard):
        exist.add(key_name(m.group(1) or m.group(2)))
    # The help overlay's lines: key names and what they do.
    overlays = read('Sources/Render/Overlays.swift')
    entries = re.search(r'static let helpEntries: \[HelpEntry\] = \[(.*?)\n    \]', overlays, re.S)
    for line in (entries.group(1).split('\n') if entries else []):
        strings = re.findall(r'"((?:[^"\\]|\\.)*)"', line)
        if not strings:
            continue
        if '[(' in line:
            names = [n for group in re.findall(r'\[("[^\]]*")\]', line) for n in re.findall(r'"([^"]*)"', group)]
        else:
            names = key_tokens(strings[0])
        for name in names:
            helped.setdefault(name, set()).update(words(strings[-1]))
    for key, meaning in re.findall(r'\("([^"]+)", "([^"]+)", (?:"[^"]*"|nil)\)', overlays):
        helped.setdefault(key, set()).update(words(meaning))
    for key, said in helped.items():
        if not meanings.get(key):
            meanings[key] = said
    if len(exist) < 20:
        problems.append(f'Sources/WindowModel: only {len(exist)} keys read from KeyMap.swift and Keyboard.swift: the check cannot read the keys')
    return meanings, exist


def key_tokens(text):
    """The keys a help entry's shown text names ("- and +", "Space or P")."""
    return [t for t in re.split(r'\s+(?:or|and)\s+|\s*/\s*|,\s*', text) if t]


def readme_key_rows():
    """(line number, [keys in bold], meaning) for each row of the README's keys table."""
    rows, in_section, in_table = [], False, False
    for number, line in prose(read('README.md')):
        if line.startswith('## '):
            in_section = line.strip() == '## The keys'
            continue
        if not in_section:
            continue
        if line.startswith('|'):
            cells = [c.strip() for c in line.strip().strip('|').split('|')]
            if not in_table:
                in_table = True  # the header
            elif not set(line) <= set('|-: '):
                rows.append((number, re.findall(r'\*\*(.+?)\*\*', cells[0]), cells[1] if len(cells) > 1 else ''))
        elif in_table:
            break
    return rows


def close(a, b):
    """Two words that say the same (explosion, explodes)."""
    return a == b or len(a) >= 5 and len(b) >= 5 and a[:5] == b[:5]


def check_keys():
    """(b) The README's keys table says what the window's keys do."""
    rows = readme_key_rows()
    if len(rows) < 10:
        problems.append(f'README.md: the keys table under "## The keys" has {len(rows)} rows (10 at least expected)')
    meanings, exist = window_keys()
    for number, keys, meaning in rows:
        if not keys:
            problems.append(f'README.md:{number}: a row of the keys table names no key in bold')
        said = words(meaning)
        for key in keys:
            if key not in exist:
                problems.append(f'README.md:{number}: {key} is no key of the window (KeyMap.swift, Keyboard.swift)')
            elif not any(close(a, b) for a in said for b in meanings.get(key, set())):
                problems.append(f'README.md:{number}: {key}: "{meaning}" says none of the window\'s words for it '
                                f'({", ".join(sorted(meanings.get(key, set()))) or "none"})')


def package_targets():
    """The targets of Package.swift's `targets:` list but the test targets."""
    text = read('Package.swift')
    body = text[text.find('targets: ['):]
    body = body[:body.find('\n    ]\n')]
    return re.findall(r'\.(?:target|executableTarget|systemLibrary)\(\s*name:\s*"(\w+)"', body)


def check_module_table():
    """(c) One module table, docs/design.md's, listing every target."""
    targets = set(package_targets())
    if len(targets) < 10:
        problems.append(f'Package.swift: only {len(targets)} targets read: the check cannot read them')
    listed = None
    for path in markdown_files():
        table = []
        for number, line in list(prose(read(path), blank_code=False)) + [(0, '')]:
            if line.startswith('|'):
                table.append((number, line))
                continue
            if len(table) > 2:
                head = [c.strip().lower() for c in table[0][1].strip().strip('|').split('|')]
                firsts = [re.sub(r'`', '', l.strip().strip('|').split('|')[0]).strip() for _, l in table[2:]]
                naming = [f for f in firsts if f in targets]
                if head[0] in ('module', 'modules', 'target', 'targets') or len(naming) >= 3 and 2 * len(naming) > len(firsts):
                    if path != 'docs/design.md':
                        problems.append(f'{path}:{table[0][0]}: a module table: the only one is docs/design.md\'s')
                    elif listed is not None:
                        problems.append(f'{path}:{table[0][0]}: a second module table in docs/design.md')
                    else:
                        listed = set(firsts)
            table = []
    if listed is None:
        problems.append('docs/design.md: no module table (| module | owns | may import |)')
        return
    for target in sorted(targets - listed):
        problems.append(f'docs/design.md: the module table has no row for {target} (Package.swift)')
    for name in sorted(listed - targets):
        problems.append(f'docs/design.md: the module table\'s row {name} is no target of Package.swift')


check_links()
check_keys()
check_module_table()
for problem in problems:
    print(problem)
sys.exit(1 if problems else 0)
