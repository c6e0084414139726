"""The reference's math: docs/math.md's functions, from its own C file (refmath.c,
written from that document alone), preloaded for the whole Python process.

cratebox defines sin, cos, sincos, exp, pow... under the C library's names in
every executable, so libchipmunk and Lua compute with them (replay-format.md,
"Platforms"). The reference does the same from outside: it builds refmath.c
into a shared object and runs itself again with LD_PRELOAD naming it, so
libchipmunk's imports (through ctypes), lupa's Lua and Python's own math
module all bind to the reference's functions instead of the C library's.
"""

import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "refmath.c")
MARK = "CRATEBOX_REFERENCE_MATH"


def _built():
    """The shared object, built once per version of refmath.c (in the temp folder)."""
    stamp = os.stat(SOURCE)
    out = os.path.join(tempfile.gettempdir(), "cratebox-refmath-%d-%d.so" % (stamp.st_mtime_ns, stamp.st_size))
    if not os.path.exists(out):
        part = out + ".%d.part" % os.getpid()
        # No contraction into FMAs, no builtins: the document's operations, one by one.
        subprocess.run(["cc", "-O2", "-std=c11", "-shared", "-fPIC", "-ffp-contract=off", "-fno-builtin",
                        "-fno-math-errno", "-o", part, SOURCE], check=True)
        os.replace(part, out)
    return out


def ensure_preloaded():
    """Runs this process again with refmath's functions preloaded, unless they are."""
    if os.environ.get(MARK) == "1":
        return
    env = dict(os.environ)
    env["LD_PRELOAD"] = " ".join(p for p in (_built(), env.get("LD_PRELOAD", "")) if p)
    env[MARK] = "1"
    sys.stdout.flush()
    os.execve(sys.executable, [sys.executable] + sys.argv, env)
