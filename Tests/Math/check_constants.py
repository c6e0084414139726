#!/usr/bin/env python3
"""scripts/check-math's constant check: every hexadecimal float literal in
Sources/CrateboxMath must carry, in a comment on its line, fdlibm's decimal
value and/or fdlibm's two hex words (0xHHHHHHHH, 0xLLLLLLLL), and be the
double they name, bit for bit (a wrong digit is the classic transcription
bug). The Payne-Hanek table ipio2[] must be the bits of 2/pi (checked with
mpmath). Prints each offender; exit 1 if any."""

import glob
import re
import struct
import sys

import mpmath

HEXFLOAT = re.compile(r'([-+]?)\s*(0x[0-9a-fA-F]+(?:\.[0-9a-fA-F]*)?p[-+]?\d+)')
WORDS = re.compile(r'0x([0-9A-Fa-f]{8}),\s*0x([0-9A-Fa-f]{8})')
DECIMAL = re.compile(r'(?<![\w.])([-+]?\d+\.\d*(?:[eE][-+]?\d+)?|[-+]?\d+[eE][-+]?\d+)(?![\w.])')


def bits(x):
    return struct.unpack('>Q', struct.pack('>d', x))[0]


def split_comments(lines):
    """(code, comment) of each line, block comments that span lines included."""
    out, inside = [], False
    for line in lines:
        code, comment, i = '', '', 0
        while i < len(line):
            if inside:
                end = line.find('*/', i)
                comment += line[i:] if end < 0 else line[i:end]
                i = len(line) if end < 0 else end + 2
                inside = end < 0
            else:
                start = line.find('/*', i)
                cut = line.find('//', i)
                if cut >= 0 and (start < 0 or cut < start):
                    code += line[i:cut]; comment += line[cut + 2:]
                    break
                code += line[i:] if start < 0 else line[i:start]
                i = len(line) if start < 0 else start + 2
                inside = start >= 0
        out.append((code, comment))
    return out


def check_literals(path, lines):
    bad, count = 0, 0
    for number, (code, comment) in enumerate(split_comments(lines), 1):
        for sign, lit in HEXFLOAT.findall(code):
            count += 1
            value = float.fromhex(lit) * (-1.0 if sign == '-' else 1.0)
            where = f'{path}:{number}: {sign}{lit}'
            words = WORDS.search(comment)
            decimals = DECIMAL.findall(comment.split('=')[0] if '=' in comment else comment)
            if not words and not decimals:
                print(f'{where}: no fdlibm decimal or hex words beside it')
                bad += 1
                continue
            if words:
                want = int(words.group(1), 16) << 32 | int(words.group(2), 16)
                if bits(value) != want:
                    print(f'{where}: is {bits(value):016X}, the words say {want:016X}')
                    bad += 1
            if decimals and float(decimals[0]) != value:
                print(f'{where}: is {value!r}, the decimal {decimals[0]} is {float(decimals[0])!r}')
                bad += 1
    return bad, count


def check_ipio2(text):
    body = text.split('ipio2[] = {', 1)[1].split('};', 1)[0]
    table = [int(v, 16) for v in re.findall(r'0x([0-9A-Fa-f]{6})', body)]
    mpmath.mp.prec = 24 * len(table) + 64
    two_over_pi = 2 / mpmath.pi
    want = [int(mpmath.floor(two_over_pi * mpmath.mpf(2) ** (24 * (i + 1)))) % (1 << 24) for i in range(len(table))]
    wrong = [i for i in range(len(table)) if table[i] != want[i]]
    for i in wrong:
        print(f'reduce_pio2.c: ipio2[{i}] = {table[i]:06X}, 2/pi says {want[i]:06X}')
    return len(wrong), len(table)


def main():
    bad, count = 0, 0
    for path in sorted(glob.glob('Sources/CrateboxMath/*.[ch]') + glob.glob('Sources/CrateboxMath/include/*.h')):
        text = open(path, encoding='utf-8').read()
        b, c = check_literals(path, text.split('\n'))
        bad, count = bad + b, count + c
        if 'ipio2[] = {' in text:
            b, n = check_ipio2(text)
            bad += b
    print(f'  {count} hexadecimal constants match fdlibm\'s decimal and hex words; '
          f'ipio2[] is {n} x 24 bits of 2/pi' if not bad else f'  {bad} constants wrong')
    sys.exit(1 if bad else 0)


main()
