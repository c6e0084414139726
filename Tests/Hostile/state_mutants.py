#!/usr/bin/env python3
"""Hostile inputs for cratebox's exact-state reader (docs/state-format.md).

Plays an attacker who can write `cratebox/state@1` files and journal keyframe
lines: it makes real states and keyframed journals with the built binary,
damages their payloads (special doubles and ints, random words, copied and
swapped words, flipped bits), recomputes `bytes` and `sha256` so the damage
gets past the checksum, and, when the reader answers "(step S, hash H)" or
"hashes to H", patches the header (or the keyframe line) with those values
and runs once more. Header-only attacks too: `"bytes": 1e300`, a step near
Int64.max, a 40 MiB scene, a 50 MiB first line, deeply nested JSON.

Each mutant runs under `nice -n 10` with a 20 s timeout and a 4 GiB address
space limit: states with `simulate M.state --steps 240`, journals with
`replay M.jsonl --verify`. OK is exit 0, or 65 with one line on stderr naming
the file (for journals also exit 1 reporting a divergence; for any, exit 1
when a step is refused, in one line: "the simulation stops here"). Anything else is a
failure: a signal, exit 70 (a Chipmunk assertion), a timeout, running out of
memory, another exit code (66 included: every mutant is a readable file).
Failing inputs are kept with their recipe in --keep DIR.

    python3 Tests/Hostile/state_mutants.py                  # 300 mutants, seed 1
    python3 Tests/Hostile/state_mutants.py --count 400 --seed 7 --jobs 2
    python3 Tests/Hostile/state_mutants.py --only headers --keep /tmp/keep

It never builds: it runs the binary given (default .build/debug/cratebox),
waiting 30 s and retrying when that is being rebuilt. Exit status 1 if any
mutant failed. The last line is `N passed, M failed`.
"""
import argparse, base64, collections, concurrent.futures as cf, hashlib, os, random, re, resource, shutil
import signal, struct, subprocess, sys, tempfile, threading, time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 20
MEMORY = 4 << 30
SPECIAL_F64 = [float("nan"), float("inf"), float("-inf"), 1e300, -1e300, 3e9, -3e9, 0.0, -0.0, 1e-300, -1.0, 1e6, 5e-324]
SPECIAL_I32 = [-1, 0, 1, 2, 3, 7, 255, 2**31 - 1, -2**31, 1000000]
STEP_RE = re.compile(r"\(step (-?\d+), hash ([0-9a-f]{16})\)")
KEYFRAME_RE = re.compile(r"(?::(\d+):|line (\d+)) the keyframe's state hashes to ([0-9a-f]{16}), not [0-9a-f]{16}")
MiB = 1 << 20


# --- running the binary ------------------------------------------------------

def run(binary, args, timeout=TIMEOUT):
    """Runs cratebox; returns (returncode or None on timeout, stdout, stderr). Waits out rebuilds."""
    for attempt in range(20):
        if not os.path.exists(binary):
            time.sleep(30)
            continue
        try:
            p = subprocess.run(["nice", "-n", "10", binary, *args], capture_output=True, timeout=timeout,
                               preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY)), cwd=ROOT)
        except subprocess.TimeoutExpired as e:
            return None, (e.stdout or b"").decode(errors="replace"), (e.stderr or b"").decode(errors="replace")
        if p.returncode in (126, 127):  # nice could not run it: the binary is being rebuilt
            time.sleep(30)
            continue
        return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")
    sys.exit(f"{binary}: not runnable after 10 minutes of waiting")


# --- base files --------------------------------------------------------------

JOURNAL_SCENES = ["Scenes/crates.json", "Scenes/pyramid.json", "Scenes/bridge.json",
                  "Scenes/chipmunk/one-way.json", "Tests/Fixtures/valid/spatial-hash.json"]


def make_bases(binary, work, pool, want_states, want_journals):
    """Saves states of every scene at 60 and 400 steps, and records keyframed journals."""
    jobs = []
    if want_states:
        scenes = [p for p in sorted((ROOT / "Scenes").glob("*.json")) if p.name != "pile.json"]
        scenes += sorted((ROOT / "Scenes/chipmunk").glob("*.json")) + sorted((ROOT / "Tests/Fixtures/valid").glob("*.json"))
        for scene in scenes:
            for steps in (60, 400):
                out = work / f"{scene.parent.name}-{scene.stem}-{steps}.state"
                jobs.append((out, ["simulate", str(scene), "--steps", str(steps), "--save", str(out)]))
    if want_journals:
        for scene in JOURNAL_SCENES:
            out = work / f"{Path(scene).parent.name}-{Path(scene).stem}.jsonl"
            jobs.append((out, ["simulate", scene, "--steps", "360", "--record", str(out), "--keyframes", "0.5"]))
    results = pool.map(lambda job: (job[0], run(binary, job[1], timeout=120)), jobs)
    states, journals = [], []
    for out, (rc, _, err) in results:
        if rc != 0 or not out.exists():
            print(f"note: no base {out.name}: exit {rc}: {err.strip()[:200]}")
        elif out.suffix == ".state":
            states.append(out)
        else:
            journals.append(out)
    return states, journals


# --- states: header and payload ----------------------------------------------

def split_state(data):
    newline = data.index(b"\n")
    return data[:newline], data[newline + 1:]


def join_state(header, payload):
    """The header with `bytes` and `sha256` recomputed for `payload`, everything else byte-identical."""
    header = re.sub(rb'"bytes":[^,]*,"sha256":"[0-9a-f]*"',
                    b'"bytes":%d,"sha256":"%s"' % (len(payload), hashlib.sha256(payload).hexdigest().encode()),
                    header, count=1)
    return header + b"\n" + payload


def patch_step_hash(data, step, hash_):
    """The attacker's second try: the header's step and hash replaced by the ones the reader named."""
    newline = data.find(b"\n")
    header = data if newline < 0 else data[:newline]
    header = re.sub(rb'"step":[^,]*,"hash":"[0-9a-f]*"', b'"step":%s,"hash":"%s"' % (step.encode(), hash_.encode()),
                    header, count=1)
    return header + (b"" if newline < 0 else data[newline:])


def mutate_payload(rng, payload):
    """Applies one to four damages; returns the new payload and their recipe."""
    b = bytearray(payload)
    ops = []
    fields = field_starts(payload)

    def offset(width):
        """Anywhere, or (a third of the time) at the start of a field of Chipmunk's head or of a body."""
        if fields and rng.random() < 1 / 3:
            return min(rng.choice(fields), len(b) - width)
        return rng.randrange(len(b) - width + 1)

    for _ in range(1 if rng.random() < 0.6 else rng.randint(2, 4)):
        kind = rng.choice(["f64", "f64", "i32", "i32", "byte", "link", "swap", "bit"])
        if kind == "f64":
            at = offset(8)
            if rng.random() < 0.75:
                v = rng.choice(SPECIAL_F64)
                b[at:at + 8] = struct.pack("<d", v)
                ops.append(f"f64@{at}={v!r}")
            else:
                v = rng.getrandbits(64)
                b[at:at + 8] = v.to_bytes(8, "little")
                ops.append(f"u64@{at}={v:#x}")
        elif kind == "i32":
            at = offset(4)
            v = rng.choice(SPECIAL_I32) if rng.random() < 0.75 else rng.randint(-8, 64)
            b[at:at + 4] = struct.pack("<i", v)
            ops.append(f"i32@{at}={v}")
        elif kind == "byte":
            at, v = offset(1), rng.randrange(256)
            b[at] = v
            ops.append(f"u8@{at}={v}")
        elif kind in ("link", "swap"):
            n = rng.choice([4, 8])
            x, y = offset(n), offset(n)
            if kind == "link":
                b[y:y + n] = b[x:x + n]
                ops.append(f"copy{n}@{y}<-{x}")
            else:
                wx, wy = bytes(b[x:x + n]), bytes(b[y:y + n])
                b[y:y + n], b[x:x + n] = wx, wy
                ops.append(f"swap{n}@{x}<->{y}")
        else:
            at, bit = offset(1), rng.randrange(8)
            b[at] ^= 1 << bit
            ops.append(f"bit@{at}.{bit}")
    return bytes(b), ops


# Chipmunk's block (snapshot_write.c): its head, then each body (the static one first), 208 bytes each.
C_HEAD = [(0, "magic"), (8, "body count"), (12, "shape count"), (16, "joint count"), (20, "arbiter count"),
          (24, "contact buffer count"), (28, "spatial hash flag"), (29, "iterations"), (33, "gravity"), (49, "damping"),
          (57, "idleSpeedThreshold"), (65, "sleepTimeThreshold"), (73, "collisionSlop"), (81, "collisionBias"),
          (89, "collisionPersistence"), (93, "stamp"), (97, "curr_dt"), (105, "shapeIDCounter"), (113, "usesWildcards"),
          (114, "default handler types"), (130, "default handler callback tags"), (134, "handler count"), (138, "handlers")]
BODY = [(0, "m"), (8, "m_inv"), (16, "i"), (24, "i_inv"), (32, "cog"), (48, "p"), (64, "v"), (80, "f"), (96, "a"),
        (104, "w"), (112, "t"), (120, "transform"), (168, "v_bias"), (184, "w_bias"), (192, "idleTime"),
        (200, "sleeping root"), (204, "sleeping next")]


def layout(payload):
    """Where Chipmunk's block starts, where its bodies start (relative to it) and how many there are (static included)."""
    c = payload.find(b"cpspace1")
    if c < 0 or len(payload) < c + 138:
        return None
    return c, 138 + 20 * struct.unpack_from("<i", payload, c + 134)[0], struct.unpack_from("<i", payload, c + 8)[0] + 1


def field_starts(payload):
    if not (lay := layout(payload)):
        return []
    c, bodies_at, n = lay
    handlers = [138 + h + o for h in range(0, bodies_at - 138, 20) for o in (0, 8, 16, 17, 18, 19)]
    body = [bodies_at + 208 * k + o for k in range(n) for o, _ in BODY]
    return [c + o for o in [o for o, _ in C_HEAD[1:-1]] + handlers + body if c + o < len(payload)]


def field(payload, at):
    """What lies at payload byte `at`, as far as a reader of the layout's head can tell."""
    lay = layout(payload)
    if not lay or at < lay[0]:
        return f"world/Swift meta byte {at}"
    c, bodies_at, n = lay
    rel = at - c
    if rel < bodies_at:
        name = [n for o, n in C_HEAD if o <= rel][-1]
        return f"C+{rel} {name}" + (f" (handler {(rel - 138) // 20})" if name == "handlers" else "")
    body, inside = divmod(rel - bodies_at, 208)
    if body < n:
        return f"C+{rel} {f'body {body - 1}' if body else 'static body'} {[n for o, n in BODY if o <= inside][-1]}"
    return f"C+{rel} (shapes, joints, arbiters, lists or broadphase)"


def where(payload, ops):
    """The fields the damages hit."""
    return "; ".join(field(payload, int(m.group(1))) for op in ops for m in [re.search(r"@(\d+)", op)] if m)


HEADER_ATTACKS = ["bytes-1e300", "step-int64max", "step-int64max-payload", "scene-40MiB", "line-50MiB-no-newline",
                  "line-50MiB-then-payload", "deep-json"]


def header_mutant(kind, data):
    header, payload = split_state(data)
    if kind == "bytes-1e300":
        return re.sub(rb'"bytes":\d+', b'"bytes":1e300', header, count=1) + b"\n" + payload
    if kind == "step-int64max":
        return patch_step_hash(data, "9223372036854775800", re.search(rb'"hash":"([0-9a-f]+)"', header).group(1).decode())
    if kind == "step-int64max-payload":  # the world's step count and clock (bytes 36 and 44) too
        p = bytearray(payload)
        p[36:52] = struct.pack("<qq", 9223372036854775800, 9223372036854775800)
        return patch_step_hash(join_state(header, bytes(p)), "9223372036854775800", "0" * 16)
    if kind == "scene-40MiB":
        return header.replace(b'"scene":"{', b'"scene":"{' + b" " * (40 * MiB), 1) + b"\n" + payload
    if kind == "line-50MiB-no-newline":
        return header[:-1] + b" " * (50 * MiB)
    if kind == "line-50MiB-then-payload":
        return header[:-1] + b" " * (50 * MiB) + b"}\n" + payload
    if kind == "deep-json":
        return header.replace(b',"scene":', b',"pad":' + b"[" * 500000 + b"]" * 500000 + b',"scene":', 1) + b"\n" + payload
    raise ValueError(kind)


# --- journals ----------------------------------------------------------------

def journal_mutant(rng, text):
    """One keyframe line's payload damaged (preferring a step without a checkpoint); returns (text, recipe)."""
    lines = text.split("\n")
    keyframes = [i for i, line in enumerate(lines) if '"keyframe":"' in line]
    checkpoints = {m.group(1) for m in (re.match(r'\{"step":(\d+),"checkpoint"', line) for line in lines) if m}
    free = [i for i in keyframes if re.match(r'\{"step":(\d+)', lines[i]).group(1) not in checkpoints]
    i = rng.choice(free or keyframes)
    head, state = lines[i].split('"keyframe":"')
    payload = base64.b64decode(state[:-2])
    mutated, ops = mutate_payload(rng, payload)
    lines[i] = head + '"keyframe":"' + base64.b64encode(mutated).decode() + '"}'
    return "\n".join(lines), [f"line {i + 1}"] + ops + [f"[{where(payload, ops)}]"]


def patch_keyframe(text, line, new_hash):
    lines = text.split("\n")
    lines[line - 1] = re.sub(r'"hash":"[0-9a-f]{16}"', f'"hash":"{new_hash}"', lines[line - 1], count=1)
    return "\n".join(lines)


# --- one mutant ----------------------------------------------------------------

def key_lines(err, out):
    """The first two lines that say something: for a Swift crash, its message and its first frame in Sources/."""
    lines = [l.strip() for l in (err.strip() or out.strip()).splitlines() if l.strip()]
    if any(l.startswith("*** Signal") for l in lines):
        message = next((l.strip("* ") for l in lines if re.search("Fatal error|runtime failure|Program crashed", l)), lines[0])
        frame = next((l for l in lines if "/Sources/" in l), next((l for l in lines if re.match(r"\d+ .* in ", l)), ""))
        m = re.search(r"(\S+\(.*?\)) \+ \d+ in \S+ at \S*?(Sources/\S+)", frame)
        return [message, f"at {m.group(1)} {m.group(2)}" if m else frame]
    return lines[:2]


def classify(kind, rc, out, err, path):
    text = out + err
    if rc is None:
        return "timeout"
    if re.search(r"out of memory|bad_alloc|Cannot allocate memory", text) or rc == -signal.SIGKILL:
        return "memory"
    if rc < 0:
        return f"signal {signal.Signals(-rc).name}"
    if rc == 70:
        return "exit 70 (Chipmunk assertion)"
    if rc == 0:
        return "ok"
    if rc == 65:
        lines = err.strip().splitlines()
        return "ok" if len(lines) == 1 and path in lines[0] else "exit 65 without one line naming the file"
    if rc == 1 and kind == "journal" and "diverged" in text:
        return "ok"
    if rc == 1 and "the simulation stops here" in err and len(err.strip().splitlines()) == 1:
        return "ok"  # a step refused (a body leaving the spatial hash's cells), said in one line

    return f"exit {rc}"


def run_mutant(binary, work, number, spec):
    """spec: (kind, base, seed, extra). Makes the file, runs it (twice if the reader names the real step and hash)."""
    kind, base, seed, extra = spec
    rng = random.Random(seed)
    data = base.read_bytes()
    if kind == "header":
        mutated, ops = header_mutant(extra, data), [extra]
    elif kind == "state":
        header, payload = split_state(data)
        new, ops = mutate_payload(rng, payload)
        mutated = join_state(header, new)
        ops.append(f"[{where(payload, ops)}]")
    else:
        text, ops = journal_mutant(rng, data.decode())
        mutated = text.encode()
    path = work / f"m{number:04d}{'.jsonl' if kind == 'journal' else '.state'}"
    path.write_bytes(mutated)
    args = ["replay", str(path), "--verify"] if kind == "journal" else ["simulate", str(path), "--steps", "240"]
    rc, out, err = run(binary, args)
    if kind != "journal" and rc == 65 and (m := STEP_RE.search(err)):
        mutated = patch_step_hash(mutated, m.group(1), m.group(2))
        path.write_bytes(mutated)
        ops.append(f"header re-patched to step {m.group(1)} hash {m.group(2)}")
        rc, out, err = run(binary, args)
    elif kind == "journal" and (m := KEYFRAME_RE.search(out + err)):
        mutated = patch_keyframe(mutated.decode(), int(m.group(1) or m.group(2)), m.group(3)).encode()
        path.write_bytes(mutated)
        ops.append(f"keyframe hash re-patched to {m.group(3)}")
        rc, out, err = run(binary, args)
    verdict = classify(kind, rc, out, err, str(path))
    recipe = {"number": number, "kind": kind, "base": base.name, "seed": seed, "ops": [o for o in ops if o],
              "rc": rc, "verdict": verdict, "stderr": key_lines(err, out), "path": path}
    if verdict == "ok":
        path.unlink()
    return recipe


def plan(args, states, journals):
    """The mutants to make: (kind, base, seed, extra), reproducible from --seed."""
    rng = random.Random(args.seed)
    headers = args.count if args.only == "headers" else 0 if args.only else min(len(HEADER_ATTACKS), args.count)
    kinds = [("header", HEADER_ATTACKS[i % len(HEADER_ATTACKS)]) for i in range(headers)]
    rest = args.count - headers
    journal_count = rest if args.only == "journals" else rest // 5 if args.only is None and journals else 0
    kinds += [("journal", None)] * journal_count + [("state", None)] * (rest - journal_count)
    specs = []
    for kind, extra in kinds:
        base = rng.choice(journals if kind == "journal" else states)
        specs.append((kind, base, rng.getrandbits(48), extra))
    return specs


def normalize(line):
    return re.sub(r"(?<![:\d])\d+", "N", re.sub(r"\S*/m\d{4}\.(state|jsonl)", "FILE", re.sub(r"0x[0-9a-f]+", "0x", line)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cratebox", default=".build/debug/cratebox")
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--keep", default=os.path.join(tempfile.gettempdir(), "cratebox-state-mutants"))
    ap.add_argument("--only", choices=["states", "journals", "headers"])
    args = ap.parse_args()
    binary = str((Path.cwd() / args.cratebox).resolve())
    work = Path(tempfile.mkdtemp(prefix="state-mutants-"))
    keep = Path(args.keep)
    lock = threading.Lock()
    try:
        with cf.ThreadPoolExecutor(args.jobs) as pool:
            states, journals = make_bases(binary, work, pool, args.only != "journals", args.only in (None, "journals"))
            if not states and args.only != "journals" or not journals and args.only == "journals":
                sys.exit("no base files could be made")
            print(f"{len(states)} base states, {len(journals)} base journals in {work}", flush=True)
            specs = plan(args, states, journals)
            done = []

            def one(item):
                recipe = run_mutant(binary, work, *item)
                with lock:
                    done.append(recipe)
                    if len(done) % 50 == 0:
                        print(f"  {len(done)}/{len(specs)}", flush=True)
                return recipe

            results = list(pool.map(one, enumerate(specs)))
        failures = [r for r in results if r["verdict"] != "ok"]
        counts = collections.Counter(r["verdict"] for r in results)
        print("\nby class:")
        for verdict, n in sorted(counts.items(), key=lambda kv: (kv[0] != "ok", kv[0])):
            print(f"  {verdict}: {n}")
        if failures:
            keep.mkdir(parents=True, exist_ok=True)
            print(f"\nfailures (inputs and recipes kept in {keep}):")
        groups = {}
        for r in failures:
            saved = keep / r["path"].name
            shutil.move(str(r["path"]), saved)
            recipe = f"{r['kind']} from {r['base']}, seed {r['seed']}: {'; '.join(r['ops'])}"
            saved.with_suffix(saved.suffix + ".txt").write_text(
                f"{recipe}\nverdict: {r['verdict']} (rc {r['rc']})\n" + "\n".join(r["stderr"]) + "\n")
            print(f"- {saved.name} [{r['verdict']}] {recipe}")
            for line in r["stderr"]:
                print(f"    {line[:300]}")
            what = " | ".join([normalize(r["stderr"][0])] + r["stderr"][1:2]) if r["stderr"] else ""
            groups.setdefault((r["verdict"], what), []).append(saved.name)
        if groups:
            print("\ndistinct failure kinds:")
            for (verdict, first), names in sorted(groups.items(), key=lambda kv: -len(kv[1])):
                print(f"  {len(names)} x [{verdict}] {first[:300]}  (e.g. {names[0]})")
        print(f"{len(results) - len(failures)} passed, {len(failures)} failed")
        return 1 if failures else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
