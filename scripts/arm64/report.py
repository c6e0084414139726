#!/usr/bin/env python3
"""scripts/check-arm64's table and verdict, from the runs it made.

    report.py RUNS LIST STEPS "LEFT_OUT" CPU_FMA "DEMOS_ALL" "DEMOS_OWN" FMA_COUNT

RUNS/VARIANT/KEY holds a run's output line (`NAME HASH [crunner-...]`), KEY
being `sN` (the N-th scene of LIST, flatten.py's listing) or `demo-NAME`.
Exit 1 when (a), (b), (c) or (a) under the tunables disagree anywhere.
"""

import os
import sys

TWINS = {  # Scenes/chipmunk scenes without a script -> their DemoReference demo
    "chipmunk/joints.json": "joints", "chipmunk/theo-jansen.json": "theojansen", "chipmunk/chains.json": "chains",
    "chipmunk/one-way.json": "oneway", "chipmunk/tumble.json": "tumble", "chipmunk/pyramid-stack.json": "pyramidstack",
    "chipmunk/pyramid-topple.json": "pyramidtopple", "chipmunk/logo-smash.json": "logosmash",
}


def main(argv):
    runs, listing, steps, left_out, cpu_fma, demos_all, demos_own, fma_count = argv[1:9]
    demos_all, demos_own = demos_all.split(), demos_own.split()

    def run(variant, key):
        """(hash or None, extra words, problem or None)."""
        path = os.path.join(runs, variant, key)
        if not os.path.exists(path):
            return None, [], "not run"
        words = open(path).read().split()
        if "FAILED" in words or len(words) < 2 or len(words[1]) != 16:
            err = path + ".err"
            why = open(err).read().strip().splitlines()[-1:] if os.path.exists(err) else []
            return None, words, "failed" + (": " + why[0] if why else "")
        return words[1], words[2:], None

    scenes, skipped = [], []
    for line in open(listing):
        n, status, rest = line.rstrip("\n").split(" ", 2)
        if status == "ok":
            scenes.append(("s" + n, rest))
        else:
            skipped.append(rest)
    scripted = [s.split(":")[0] for s in skipped if "has a script" in s]
    other_skips = [s for s in skipped if "has a script" not in s]

    bad = []
    print("%-28s %-17s %-17s %-17s %s" % ("scene (%s steps)" % steps, "(a) x86_64 Debian", "(b) x86_64 source",
                                          "(c) aarch64 qemu", "notes"))
    same_ab = same_abc = same_tun = 0
    crunner_ok = crunner_n = twins_ok = 0
    cratebox = {"a": 0, "glibc": 0, "other": 0, "none": 0}
    info = {"fma": [0, 0], "glibc_vs_a": [0, 0], "glibc_vs_x86glibc": [0, 0], "glibc_vs_x86nofma": [0, 0],
            "x86glibc_nofma": [0, 0]}
    scene_hash = {}
    for key, name in scenes:
        a, extra, pa = run("a", key)
        b, _, pb = run("b", key)
        c, _, pc = run("c", key)
        t, _, pt = run("a-nofma", key)
        scene_hash[name] = a
        notes = []
        for label, problem in (("(a)", pa), ("(b)", pb), ("(c)", pc), ("(a) tunables", pt)):
            if problem:
                notes.append("%s %s" % (label, problem))
        ok = a is not None and a == b == c
        same_ab += a is not None and a == b
        same_abc += ok
        same_tun += a is not None and a == t
        if a is not None and t != a:
            notes.append("(a) under the tunables: %s" % t)
        for word in extra:
            if word.startswith("crunner-"):
                crunner_n += 1
                crunner_ok += word == "crunner-agrees"
                notes.append("CRunner agrees" if word == "crunner-agrees" else "CRunner differs: " + word[16:])
        if name in TWINS:
            d, _, _ = run("a", "demo-" + TWINS[name])
            twins_ok += d == a
            notes.append("= demo %s" % TWINS[name] if d == a else "demo %s differs: %s" % (TWINS[name], d))
        ch, _, _ = run("cratebox", key)
        g, _, _ = run("i-x86-glibc", key)
        if ch is None:
            cratebox["none"] += 1
        elif ch == a:
            cratebox["a"] += 1
        elif ch == g:
            cratebox["glibc"] += 1
        else:
            cratebox["other"] += 1
            notes.append("cratebox simulate: %s" % ch)
        gn, _, _ = run("i-x86-glibc-nofma", key)
        if g and gn:
            info["x86glibc_nofma"][0] += g != gn
            info["x86glibc_nofma"][1] += 1
        f, _, _ = run("i-a64-fma", key)
        if f and a:
            info["fma"][0] += f != a
            info["fma"][1] += 1
        e, _, _ = run("i-a64-glibc", key)
        if e and a:
            info["glibc_vs_a"][0] += e != a
            info["glibc_vs_a"][1] += 1
            info["glibc_vs_x86glibc"][0] += e != g
            info["glibc_vs_x86glibc"][1] += 1
            info["glibc_vs_x86nofma"][0] += e != gn
            info["glibc_vs_x86nofma"][1] += 1
        if not ok or t != a:
            bad.append(name)
        print("%-28s %-17s %-17s %-17s %s%s" % (name, a or "-", b or "-", c or "-", "" if ok else "DIFFERS ",
                                                "; ".join(notes)))
    n = len(scenes)

    print()
    print("%-28s %-17s %-17s %-17s" % ("DemoReference demo", "(a) x86_64 Debian", "(b) x86_64 source",
                                       "(c) aarch64 qemu"))
    demo_ab = demo_tun = demo_c = 0
    for d in demos_all:
        key = "demo-" + d
        a, _, pa = run("a", key)
        b, _, pb = run("b", key)
        t, _, _ = run("a-nofma", key)
        c = None
        own = d in demos_own
        if own:
            c, _, _ = run("c", key)
            demo_c += a is not None and a == b == c
        demo_ab += a is not None and a == b
        demo_tun += a is not None and a == t
        ok = a is not None and a == b == t and (not own or c == a)
        if not ok:
            bad.append("demo " + d)
        twin = [s for s, x in TWINS.items() if x == d]
        note = "twin of %s (stepped there)" % twin[0] if twin else ""
        problems = ["%s %s" % (label, p) for label, p in (("(a)", pa), ("(b)", pb)) if p]
        note = "; ".join(([note] if note else []) + problems)
        print("%-28s %-17s %-17s %-17s %s%s" % (d, a or "-", b or "-", (c or "-") if own else "(twin)",
                                                "" if ok else "DIFFERS ", note))

    print()
    if scripted:
        print("Not run (a script: the issue's set is the scenes without one; the C twins of %d of them are the"
              " demos above): %s" % (len([d for d in demos_own if d != "chains-thrown"]), ", ".join(scripted)))
    for s in other_skips:
        print("SKIPPED: %s" % s)
    print("(a) = (b): Debian's x86_64 libchipmunk with cratebox's math gives the source build's hashes for "
          "%d/%d scenes and %d/%d demos" % (same_ab, n, demo_ab, len(demos_all)))
    print("(a) with GLIBC_TUNABLES=glibc.cpu.hwcaps=-AVX2,-FMA: the same hashes for %d/%d scenes and %d/%d demos"
          " (this CPU %s FMA; glibc's own math changes %d/%d scenes under the same tunables)"
          % (same_tun, n, demo_tun, len(demos_all), "has" if cpu_fma else "has no", *info["x86glibc_nofma"]))
    print("The stepper follows cratebox (x86_64, informational): Sources/CRunner agrees on %d/%d scenes it builds;"
          " the DemoReference twin agrees on %d/%d; .build/debug/cratebox simulate gives (a)'s hash for %d/%d, the"
          " glibc-math stepper's for %d, another for %d%s"
          % (crunner_ok, crunner_n, twins_ok, len(TWINS), cratebox["a"], n, cratebox["glibc"], cratebox["other"],
             ", not run for %d (no binary)" % cratebox["none"] if cratebox["none"] else ""))
    note = "; %s left out: CHECK_ARM64_FULL=1 runs them" % " and ".join(left_out.split()) if left_out.split() else ""
    print("What the safeguards prevent (informational%s):" % note)
    print("  aarch64 with Chipmunk contracted to fused multiply-adds (GCC's default, %s of them): %d/%d scenes"
          " give other hashes" % (fma_count, *info["fma"]))
    print("  aarch64 with glibc's math: %d/%d scenes differ from (a); against x86_64 with glibc's math, %d/%d"
          " differ (glibc's FMA variants, as this CPU picks them) and %d/%d without them (the tunables)"
          % (*info["glibc_vs_a"], *info["glibc_vs_x86glibc"], *info["glibc_vs_x86nofma"]))
    print("%d/%d DemoReference demos without a scene twin here (Chipmunk's scripted demos' C twins, Chains thrown)"
          " give the x86_64 hashes on aarch64" % (demo_c, len(demos_own)))
    final = "%d/%d scenes give the x86_64 hashes on aarch64" % (same_abc, n)
    final += "; (a) = (b): %s (%d/%d)" % ("yes" if same_ab == n else "NO", same_ab, n)
    if other_skips:
        final += "; %d skipped" % len(other_skips)
    if bad:
        print("DIFFERENCES: " + ", ".join(bad))
    print(final)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
