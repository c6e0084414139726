#!/usr/bin/env python3
"""scripts/check-math's accuracy check: CrateboxMath against mpmath.

Loads a shared object built from Sources/CrateboxMath (the path is the first
argument) through ctypes, evaluates each function on about 2,000 seeded
inputs per function (the ranges that matter: near zero, around multiples of
pi/2, huge trig arguments, near 1 for log, the over/underflow edges, pow's
negative bases with integer exponents, atan2's four quadrants...), and
compares with mpmath at 100 bits (trig at 200: the cancellation near
multiples of pi/2 eats bits). Error in ulps of the exact result, subnormal
ulps included. Prints the largest error per function and exits 1 if one is
over its bound, or if a special value is wrong. The bounds are fdlibm's:
under 1 ulp, except where fdlibm composes rounded results (atan2 rounds y/x
before atan; sinh, cosh and tanh put expm1 or exp through a few more
operations), measured here up to ~1.5 and ~2.1 ulps; CrateboxMath returns
openlibm's bits there (Sources/CrateboxMath: a transcription of fdlibm)."""

import ctypes
import math
import random
import struct
import sys

import mpmath
from mpmath import mp, mpf

LIMIT = {'atan2': 2.0, 'sinh': 2.5, 'cosh': 2.5, 'tanh': 2.5}  # others: 1.0
lib = ctypes.CDLL(sys.argv[1])
D = ctypes.c_double
for name in ('sin', 'cos', 'tan', 'asin', 'acos', 'exp', 'log', 'log2', 'log10', 'sinh', 'cosh', 'tanh'):
    getattr(lib, 'cratebox_' + name).restype = D
    getattr(lib, 'cratebox_' + name).argtypes = [D]
for name in ('atan2', 'pow'):
    getattr(lib, 'cratebox_' + name).restype = D
    getattr(lib, 'cratebox_' + name).argtypes = [D, D]

rng = random.Random(20240601)
N = 2000
DBL_MAX = mpf(sys.float_info.max)


def ulp_of(v):
    """The ulp of the double binade holding the exact value v (subnormals: 2^-1074)."""
    if v == 0:
        return mpf(2) ** -1074
    _, e = mpmath.frexp(abs(v))  # v = m * 2^e, 1/2 <= m < 1
    return mpf(2) ** (max(int(e) - 1, -1022) - 52)


def logu(lo, hi):
    """Log-uniform in [2^lo, 2^hi]."""
    return 2.0 ** rng.uniform(lo, hi)


def sgn(x):
    return -x if rng.random() < 0.5 else x


def nudge(x, d):
    u = struct.unpack('<q', struct.pack('<d', x))[0]
    return struct.unpack('<d', struct.pack('<q', u + d))[0]


def trig_inputs():
    out = []
    for i in range(N):
        k = i % 5
        if k == 0: out.append(rng.uniform(-10, 10))
        elif k == 1: out.append(sgn(logu(-60, 0)))
        elif k == 2: out.append(nudge(rng.randint(-2000000, 2000000) * (math.pi / 2), rng.randint(-8, 8)))
        elif k == 3: out.append(sgn(logu(20, 1000)))
        else: out.append(rng.uniform(-1e6, 1e6))
    out[0] = 6381956970095103 * 2.0 ** 797  # the double nearest a multiple of pi/2
    return out


INPUTS = {
    'sin': trig_inputs, 'cos': trig_inputs, 'tan': trig_inputs,
    'asin': lambda: [rng.uniform(-1, 1) if i % 3 else sgn(1 - logu(-50, -1)) for i in range(N)],
    'acos': lambda: [rng.uniform(-1, 1) if i % 3 else sgn(1 - logu(-50, -1)) for i in range(N)],
    'exp': lambda: [rng.uniform(-745, 709.7) if i % 2 else sgn(logu(-40, 3)) for i in range(N)],
    'log': lambda: [logu(-1074, 1024) if i % 2 else 1 + sgn(logu(-50, -1)) for i in range(N)],
    'log2': lambda: [logu(-1074, 1024) if i % 2 else 1 + sgn(logu(-50, -1)) for i in range(N)],
    'log10': lambda: [logu(-1074, 1024) if i % 2 else 1 + sgn(logu(-50, -1)) for i in range(N)],
    'sinh': lambda: [rng.uniform(-710.4, 710.4) if i % 2 else sgn(logu(-30, 5)) for i in range(N)],
    'cosh': lambda: [rng.uniform(-710.4, 710.4) if i % 2 else sgn(logu(-30, 5)) for i in range(N)],
    'tanh': lambda: [rng.uniform(-25, 25) if i % 2 else sgn(logu(-30, 5)) for i in range(N)],
}


def atan2_inputs():
    out = []
    for i in range(N):
        if i % 3 == 0: out.append((rng.uniform(-10, 10), rng.uniform(-10, 10)))
        elif i % 3 == 1: out.append((sgn(logu(-300, 300)), sgn(logu(-300, 300))))
        else: out.append((sgn(logu(-5, 5)), 1.0 if i % 2 else sgn(logu(-5, 5))))
    return out


def pow_inputs():
    out = []
    while len(out) < N:
        k = len(out) % 4
        if k == 0:
            x = logu(-20, 20); y = rng.uniform(-1, 1) * 1000 / max(abs(math.log2(x)), 1e-3)
        elif k == 1:
            x = -logu(-4, 4); y = float(rng.randint(-200, 200))
        elif k == 2:
            x = 1 + sgn(logu(-40, -10)); y = sgn(logu(0, 40))
        else:
            x = rng.uniform(0, 4); y = rng.uniform(-20, 20)
        exact = mpf(x) ** mpf(y) if x > 0 else (-1) ** int(y) * mpf(-x) ** mpf(y)
        if mpf(2) ** -1074 <= abs(exact) <= DBL_MAX:
            out.append((x, y))
    return out


EXACT = {
    'sin': mpmath.sin, 'cos': mpmath.cos, 'tan': mpmath.tan, 'asin': mpmath.asin, 'acos': mpmath.acos,
    'exp': mpmath.exp, 'log': mpmath.log, 'log2': lambda x: mpmath.log(x, 2), 'log10': mpmath.log10,
    'sinh': mpmath.sinh, 'cosh': mpmath.cosh, 'tanh': mpmath.tanh,
    'atan2': mpmath.atan2,
    'pow': lambda x, y: mpf(x) ** mpf(y) if x > 0 else (-1) ** int(y) * mpf(-x) ** mpf(y),
}


def error(name, args):
    mp.prec = 200 if name in ('sin', 'cos', 'tan') else 100
    got = getattr(lib, 'cratebox_' + name)(*args)
    exact = EXACT[name](*[mpf(a) for a in args])
    if abs(exact) > DBL_MAX:
        return 0.0 if math.isinf(got) and (got > 0) == (exact > 0) else math.inf
    return float(abs(mpf(got) - exact) / ulp_of(exact))


def bits(x):
    return struct.unpack('<Q', struct.pack('<d', x))[0]


SPECIAL = [  # (function, arguments, expected), compared bit for bit
    ('sin', (-0.0,), -0.0), ('tan', (-0.0,), -0.0), ('cos', (-0.0,), 1.0), ('asin', (-0.0,), -0.0),
    ('sin', (math.inf,), math.nan), ('cos', (-math.inf,), math.nan), ('asin', (1.5,), math.nan),
    ('acos', (1.0,), 0.0), ('exp', (-math.inf,), 0.0), ('exp', (math.inf,), math.inf),
    ('exp', (710.0,), math.inf), ('exp', (-746.0,), 0.0), ('log', (0.0,), -math.inf), ('log', (-0.0,), -math.inf),
    ('log', (-1.0,), math.nan), ('log2', (1.0,), 0.0), ('log10', (math.inf,), math.inf),
    ('log10', (1000.0,), 3.0), ('log2', (5e-324,), -1074.0),
    ('pow', (math.nan, 0.0), 1.0), ('pow', (1.0, math.nan), 1.0), ('pow', (-1.0, math.inf), 1.0),
    ('pow', (-2.0, 0.5), math.nan), ('pow', (-0.0, -3.0), -math.inf), ('pow', (-0.0, 3.0), -0.0),
    ('pow', (-2.0, 3.0), -8.0), ('pow', (3.0, 20.0), 3486784401.0), ('pow', (2.0, -1074.0), 5e-324),
    ('pow', (10.0, 309.0), math.inf), ('pow', (-10.0, 309.0), -math.inf), ('pow', (0.5, 1075.0), 0.0),
    ('atan2', (0.0, -0.0), math.pi), ('atan2', (-0.0, -0.0), -math.pi), ('atan2', (-0.0, 0.0), -0.0),
    ('atan2', (math.inf, -math.inf), 3 * math.pi / 4), ('atan2', (1.0, 0.0), math.pi / 2),
    ('sinh', (-math.inf,), -math.inf), ('cosh', (-math.inf,), math.inf), ('tanh', (-math.inf,), -1.0),
    ('sinh', (711.0,), math.inf), ('cosh', (-711.0,), math.inf), ('tanh', (-0.0,), -0.0),
]


def main():
    bad = 0
    rows = []
    for name in list(INPUTS) + ['atan2', 'pow']:
        args = ([(x,) for x in INPUTS[name]()] if name in INPUTS
                else atan2_inputs() if name == 'atan2' else pow_inputs())
        worst, at = 0.0, None
        for a in args:
            e = error(name, a)
            if e > worst:
                worst, at = e, a
        rows.append((name, len(args), worst, at))
        if worst >= LIMIT.get(name, 1.0):
            bad += 1
    for name, n, worst, at in rows:
        limit = LIMIT.get(name, 1.0)
        flag = '' if worst < limit else '   <-- OVER THE BOUND'
        print('  %-6s %5d inputs  max %.3f ulp (bound %.1f)  at %s%s'
              % (name, n, worst, limit, ', '.join(a.hex() for a in at), flag))
    for name, args, want in SPECIAL:
        got = getattr(lib, 'cratebox_' + name)(*args)
        want_bits = 0x7FF8000000000000 if math.isnan(want) else bits(want)
        if bits(got) != want_bits:
            print('  special: %s%s = %r (bits %016x), want %r' % (name, args, got, bits(got), want))
            bad += 1
    if not bad:
        print('  %d special values bit-exact' % len(SPECIAL))
    plain = max(w for name, _, w, _ in rows if name not in LIMIT)
    composed = ', '.join('%s %.2f' % (name, w) for name, _, w, _ in rows if name in LIMIT)
    print('MAXULP %.2f ulp (%s: fdlibm\'s)' % (plain, composed))
    sys.exit(1 if bad else 0)


main()
