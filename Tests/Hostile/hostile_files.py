#!/usr/bin/env python3
"""Hostile files, round 2 (issue 47): a stranger's journal, state or script.

Plays a stranger who sends one file: a scene with its script, a journal
(which carries its scene and script), or a `.state` (which carries them too).
Each of issue 47's thirteen causes (and its time bound) has cases here, named by the cause's number
first ("1 upper", "7 spring stiffness 1e30"...), so `--only '^1 '` runs one:

  1. work the script budget does not charge (string functions on long strings,
     `..`, `==` and `<` on 16 MiB strings, table.concat, load, vararg copies,
     tonumber), each in a loop in `step`;
  2. out of memory caught by pcall, and a recursive `__close`;
  3. the globals digest: 400,000 references to one 16 MiB string;
  4. world:spawn / world:remove many times in a step, a 1 MiB spawn table;
  5. a box query over the whole allowed box of a spatial hash;
  6. a position set to -1e12 inside Chipmunk's step (position function,
     collision and joint pre-solves, a spring's force function);
  7. a spring's stiffness or damping of 1e30 from a script or in a state;
  8. 6,000 spawns at one point, from a journal, --events or a script;
  9. a 3 GB file of zero bytes, alone or after a journal's header;
  10. text from a file reaching the terminal (error messages, chunk names,
      scene names, the scene reader's messages);
  11. Chipmunk's warnings (40,000 zero-length pins);
  12. a journal's or state's script swapped for another;
  13. a journal cratebox recorded itself, with sleeping bodies, reported as
      changed;
  14. (the issue's "Also") a journal slow by construction: `replay --verify`,
      `simulate` and `render` stop at their `--time-limit`.

Every run is under `nice -n 10`, with a 20 s timeout and a 4 GiB address
space limit, in a temporary folder. A case passes when every run ends in time
with the exit status its cause promises (65 or 66 when a file is refused, 65
when a script stops the world in one line `cratebox: ... (step N)`, 1 where a
run stops on a limit or a journal does not verify, 0 where it simply runs),
at most one line on standard error, and no raw ESC or CR (nor a line forged by
a file's line breaks) on either output. A signal, exit 70, a timeout or
running out of memory always fails.

    python3 Tests/Hostile/hostile_files.py [--cratebox PATH] [--jobs 2] [--only REGEX] [--keep DIR] [--verbose]

It prints a `FAIL name: why (the run)` line for each failing case (--verbose:
an `ok` line for each passing one too), and last `N passed, M failed`; exit 1
if any failed. With --keep, a failing case's folder is copied there (without
files over 64 MiB). `render --video` is tried only when ffmpeg is on PATH.
It never builds: it runs the binary given (default .build/debug/cratebox).
"""
import argparse, concurrent.futures as cf, copy, hashlib, json, re, resource, shutil, signal, struct, subprocess, sys
import tempfile, time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 20
MEMORY = 4 << 30
STOP = re.compile(r"^cratebox: (s\.lua:\d+: )?.+ \(step \d+\)\n$")
CONTROL = re.compile(r"[\x1b\r]")
MEMORY_WORDS = re.compile(r"out of memory|failed to allocate|bad_alloc|Cannot allocate memory")
# What a file forges on a terminal: clear the screen, go back to the line's
# start and print cratebox's own verdict, then a whole forged line.
FORGED = "\x1b[2J\rverified 240 steps\nverified 240 steps, 2 checkpoints, hash 0000000000000000\n"
MARKER = "SWAPPED-SCRIPT-RAN"

# --- scenes and scripts ----------------------------------------------------------

# The scene scripted cases run in: a ball falling onto a pad and the floor
# (collision type "ball"), a bob on a spring from the ceiling, and a rotary
# spring on the ball.
SCENE = {
    "format": "cratebox/scene@1", "name": "hostile", "bounds": [400, 300], "script": "s.lua",
    "bodies": [
        {"id": "ball", "position": [200, 200], "shapes": [{"circle": 10, "collisionType": "ball"}], "mass": 1},
        {"id": "pad", "type": "static", "position": [200, 100], "shapes": [{"box": [60, 10]}]},
        {"id": "bob", "position": [60, 200], "shapes": [{"circle": 8}], "mass": 1},
    ],
    "joints": [
        {"id": "spr", "type": "spring", "a": "world", "b": "bob", "anchorA": [60, 260], "anchorB": [0, 0],
         "restLength": 40, "stiffness": 20, "damping": 1},
        {"id": "rs", "type": "rotarySpring", "a": "world", "b": "ball", "restAngle": 0, "stiffness": 20, "damping": 1},
    ],
}
# A spatial hash whose cells are as small as the walls allow (400 + 202 points over 64).
SPATIAL_HASH = {"spatialHash": {"cellSize": 10, "cells": 1000}}


def scene(top=None, ball=None, spring=None, script=True):
    """SCENE as JSON text, with keys added at the top, to the ball and to the spring; without a script if asked."""
    s = copy.deepcopy(SCENE)
    s.update(top or {})
    s["bodies"][0].update(ball or {})
    s["joints"][0].update(spring or {})
    if not script:
        del s["script"]
    return json.dumps(s, indent=1) + "\n"


def looping(prelude, op):
    """A script whose step does OP forever (the budget must stop it) after the top level's PRELUDE."""
    return "%s\nfunction step(world)\n  while true do %s end\nend\n" % (prelude, op)


# Cause 1: one VM instruction, unbounded work in C. Each runs in `while true do ... end` in step.
HALF_MB = "local s = string.rep('x', 500000)"
SIXTEEN = "local s = string.rep('x', 1 << 24)"
UNCHARGED = {
    "upper": (HALF_MB, "s:upper()"),
    "lower": (HALF_MB, "s:lower()"),
    "reverse": (HALF_MB, "s:reverse()"),
    "sub": (HALF_MB, "s:sub(2)"),
    "format": (HALF_MB, "string.format('%s', s)"),
    "utf8.len": (HALF_MB, "utf8.len(s)"),
    "byte": (HALF_MB, "string.byte(s, 1, -1)"),
    "packsize": ("local fmt = string.rep('b', 1 << 20)", "string.packsize(fmt)"),
    "concatenation": ("local s, s2 = string.rep('x', 1 << 22), string.rep('y', 1 << 22)", "local _ = s .. s2"),
    "equal": (SIXTEEN + " local t = s:sub(1)", "local _ = s == t"),
    "less": (SIXTEEN + " local t = s:sub(1)", "local _ = s < t"),
    "table.concat": ("local t = {} for i = 1, 1000 do t[i] = string.rep('x', 16384) end", "table.concat(t)"),
    "load": ("local text = string.rep('x = 1 ', 1 << 17)", "load(text)"),
    "vararg": ("local t = {} for i = 1, 200000 do t[i] = i end\n"
               "local function copies(...) while true do local _ = select('#', ...) end end",
               "copies(table.unpack(t))"),
    "tonumber": ("local s = string.rep('7', 1 << 24)", "tonumber(s)"),
    "string arithmetic": ("local s = string.rep('7', 1 << 24)", "local _ = s + 0"),
}

# Cause 2: running out of memory, caught and tried again; a `__close` that runs out again as each level
# unwinds. (string.rep is charged by the byte, so the first runs out of budget before it runs out of
# memory many times; the second makes its megabytes with `..`, which is not charged.)
OUT_OF_MEMORY = {
    "pcall out of memory": looping("", "pcall(function() local t = {} for i = 1, 1e9 do "
                                       "t[i] = string.rep('x', 1 << 20) .. i end end)"),
    "pcall out of memory, uncharged": looping("local big = string.rep('x', 1 << 20)",
                                              "pcall(function() local t = {} for i = 1, 1e9 do t[i] = big .. i end end)"),
    "recursive close out of memory": "local big = string.rep('x', 1 << 16)\n"
                                     "local function f(keep)\n"
                                     "  local x <close> = setmetatable({}, {__close = function() f({}) end})\n"
                                     "  f({big .. '!', keep})\n"
                                     "end\n"
                                     "function step(world) f({}) end\n",
}

# Cause 6: a position set inside Chipmunk's step (scene keys, script). Far on the negative side: there
# Chipmunk's cell numbers wrap (floor_int of a number below INT_MIN) and a rehash walks about 2^32 cells;
# 1e9 is within 2^30 cells of 10 points, and a positive far position is caught by the guard.
FAR = "body:setPosition(-1e12, -1e12)"
INSIDE_STEP = {
    "position function": ({"ball": {"positionFunction": "p"}}, "function p(body, dt) %s end\n" % FAR),
    # (the ball's own position, set here, is caught before the next step: the bob's is not)
    "collision preSolve": ({}, "world:onCollision('ball', '*', {preSolve = function(arb) local body = world:body('bob') "
                               "%s return true end})\n" % FAR),
    "joint preSolve": ({"spring": {"preSolve": "pre"}}, "function pre(joint) local _, body = joint:bodies() %s end\n" % FAR),
    "spring force function": ({"spring": {"forceFunction": "f"}},
                              "function f(joint, length) local _, body = joint:bodies() %s return 0 end\n" % FAR),
}

# Cause 7: what a script may set, set to what Chipmunk cannot step.
SETTERS = {
    "spring stiffness 1e30": "world:joint('spr'):stiffness(1e30)",
    "spring stiffness -1e30": "world:joint('spr'):stiffness(-1e30)",
    "spring damping -1e30": "world:joint('spr'):damping(-1e30)",
    "rotary spring damping -1e30": "world:joint('rs'):damping(-1e30)",
    "updateVelocity 1e30": "world:body('ball'):updateVelocity(1e30, 1e30, 1e30, 1e30)",
    "updatePosition 50 times a step": "for i = 1, 50 do world:body('bob'):updatePosition(1 / 120) end",
    "elasticity 1e30 (the ball bounces on the pad)": "world:body('ball'):shapes()[1]:setElasticity(1e30) world:body('pad'):shapes()[1]:setElasticity(1e30)",
}
# ... and Chipmunk's own integration run many times a step by the body's own function (a body on
# a spring integrated fifty times a step blew up): the calls past the first are refused (16.8).
INTEGRATING = {
    "updatePosition 50 times in a position function": ({"positionFunction": "p"},
                                                       "function p(body, dt) for i = 1, 50 do pcall(body.updatePosition, body, dt) end end\n"),
    "updateVelocity 50 times in a velocity function": ({"velocityFunction": "v"},
                                                       "function v(body, gx, gy, d, dt) for i = 1, 50 do pcall(body.updateVelocity, body, gx, gy, d, dt) end end\n"),
}

# Cause 12: the script a benign recording was made with (its step reads a
# global, so it has _ENV as an upvalue, as the swapped one does, on line 1),
# and the one a stranger puts in its place.
BENIGN = "function step(world) local s = state end\n"
SWAPPED = "function step(world) print('%s') end\n" % MARKER

# Cause 13: three bodies that fall asleep (sleepTime 0.6) while a keyframed recording goes on.
SLEEPERS = json.dumps({"format": "cratebox/scene@1", "name": "sleepers", "bounds": [400, 300], "sleepTime": 0.6,
                       "bodies": [{"position": [80, 40], "mass": 5, "box": [70, 20]},
                                  {"position": [140, 210], "mass": 1, "shapes": [{"circle": 30}]},
                                  {"position": [240, 230], "mass": 1, "box": [40, 60]}]}) + "\n"
PYRAMID_EVENTS = ['{"step":3,"event":"slice","a":[100,75],"b":[500,72]}',
                  '{"step":98,"event":"spawn","x":471,"y":207}',
                  '{"step":139,"event":"explode","at":[370,56],"radius":245,"impulse":10000}']
SPAWN = '{"step":0,"event":"spawn","x":200,"y":150}'

# --- running ---------------------------------------------------------------------


class Setup(Exception):
    """A file the case needs could not be made (a recording, a state)."""


class Run:
    def __init__(self, args, status, out, err, seconds):
        self.args, self.status, self.out, self.err, self.seconds = args, status, out, err, seconds

    def lines(self):
        return self.out.splitlines() + self.err.splitlines()

    def __str__(self):
        what = "timed out" if self.status is None else "exit %s" % self.status
        err = self.err.strip().splitlines()
        first = err[0] if err else self.out.strip().splitlines()[0] if self.out.strip() else ""
        command = " ".join(a if len(a) < 40 else "..." + a[-20:] for a in self.args)
        return "`%s`: %s in %.1f s, %d line%s on stderr: %s" % (
            command, what, self.seconds, len(err), "" if len(err) == 1 else "s", shown(first)[:200])


def shown(text):
    """Text as this script prints it: its control characters escaped (the point of cause 10)."""
    return re.sub(r"[\x00-\x1f\x7f]", lambda m: "\\x%02x" % ord(m.group()), text)


def limit():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


class Case:
    """One case's folder and the runs it makes in it."""

    def __init__(self, cratebox, folder):
        self.cratebox, self.folder = cratebox, folder

    def file(self, name, content):
        path = self.folder / name
        path.write_bytes(content if isinstance(content, bytes) else content.encode())
        return path

    def run(self, *args):
        args = [str(a) for a in args]
        start = time.monotonic()
        try:
            r = subprocess.run(["nice", "-n", "10", self.cratebox, *args], capture_output=True, timeout=TIMEOUT,
                               preexec_fn=limit, cwd=self.folder)
        except subprocess.TimeoutExpired as e:
            return Run(args, None, (e.stdout or b"").decode(errors="replace"), (e.stderr or b"").decode(errors="replace"),
                       time.monotonic() - start)
        return Run(args, r.returncode, r.stdout.decode(errors="replace"), r.stderr.decode(errors="replace"),
                   time.monotonic() - start)

    def make(self, *args):
        """A run that makes a file the case needs: it must exit 0."""
        r = self.run(*args)
        if r.status != 0:
            raise Setup("making the case's file: %s" % r)
        return r

    def record(self, scene_text, script=None, steps=240, extra=()):
        """A journal cratebox records of the scene (and its script), as a stranger would make one to start from."""
        self.file("s.json", scene_text)
        if script is not None:
            self.file("s.lua", script)
        self.make("simulate", "s.json", "--steps", steps, "--record", "j.jsonl", *extra)
        return (self.folder / "j.jsonl").read_text()


def problems(r, statuses, stop=False, forged=False, marker=False, stdout_lines=None, say=None):
    """Why run R breaks the promise (none when it keeps it): the rules every run keeps, then the case's."""
    found = []
    if r.status is None:
        found.append("timed out after %d s" % TIMEOUT)
    elif r.status < 0:
        found.append("killed by %s" % signal.Signals(-r.status).name)
    elif r.status == 70:
        found.append("exit 70 (Chipmunk failed)")
    elif r.status not in statuses:
        found.append("exit %d, not %s" % (r.status, " or ".join(map(str, statuses))))
    if MEMORY_WORDS.search(r.out + r.err):
        found.append("ran out of memory")
    if len(r.err.splitlines()) > 1:
        found.append("%d lines on stderr" % len(r.err.splitlines()))
    if CONTROL.search(r.out + r.err):
        found.append("raw control characters (ESC or CR) printed")
    if stop and r.status == 65 and not STOP.match(r.err):
        found.append("not the one-line stop `cratebox: ... (step N)`")
    if forged and any(line.startswith("verified") for line in r.lines()):
        found.append("a line starting with 'verified' printed")
    if marker and MARKER in r.out + r.err:
        found.append("the swapped script ran")
    if stdout_lines is not None and len(r.out.splitlines()) > stdout_lines:
        found.append("%d lines on stdout" % len(r.out.splitlines()))
    if say and r.status == 0 and say not in r.out:
        found.append("no '%s' on stdout" % say)
    return found


# --- the cases: each returns (problems, the run they are about) -----------------------


def script_case(c, script, statuses, steps=240, stop=False, scene_text=None):
    c.file("s.json", scene_text or scene())
    c.file("s.lua", script)
    r = c.run("simulate", "s.json", "--steps", steps)
    return problems(r, statuses, stop=stop), r


def globals_digest(c, command):
    """Cause 3: 400,000 references in the globals to one 16 MiB string."""
    c.file("s.json", scene())
    c.file("s.lua", "big = string.rep('x', 1 << 24)\nt = {}\nfor i = 1, 400000 do t[i] = big end\n")
    r = c.run(*command)
    return problems(r, (0, 65), stop=command[0] == "simulate"), r


def state_with_stiffness(c):
    """Cause 7: a state of a scripted scene whose spring's stiffness, which the script set once, reads 1e30."""
    c.file("s.json", scene())
    c.file("s.lua", "function step(world) if world:steps() == 10 then world:joint('spr'):stiffness(12345.6789) end end\n")
    c.make("simulate", "s.json", "--steps", 60, "--save", "f.state")
    data = (c.folder / "f.state").read_bytes()
    header, payload = data.split(b"\n", 1)
    marker = struct.pack("<d", 12345.6789)
    if payload.count(marker) != 1:
        raise Setup("the stiffness set is not once in the state's bytes")
    payload = payload.replace(marker, struct.pack("<d", 1e30))
    header = re.sub(rb'"bytes":\d+,"sha256":"[0-9a-f]*"',
                    b'"bytes":%d,"sha256":"%s"' % (len(payload), hashlib.sha256(payload).hexdigest().encode()), header)
    c.file("g.state", header + b"\n" + payload)
    r = c.run("simulate", "g.state", "--steps", 240)
    return problems(r, (0, 1, 65)), r


def overlapping_spawns(c, how):
    """Cause 8: 6,000 spawns at one point, from a journal, an events file or a script."""
    if how == "script":
        return script_case(c, "function step(world)\n  if world:steps() == 0 then for i = 1, 6000 do "
                              "world:spawn({position = {200, 150}, box = {32, 32}, mass = 100}) end end\nend\n", (0, 1, 65))
    lines = c.record(scene(script=False)).split("\n")
    lines[1:1] = [SPAWN] * 6000
    c.file("k.jsonl", "\n".join(lines))
    if how == "replay":
        r = c.run("replay", "--verify", "k.jsonl")
    else:
        c.file("e.jsonl", "\n".join([SPAWN] * 6000) + "\n")
        r = c.run("simulate", "s.json", "--steps", 240, "--events", "e.jsonl")
    return problems(r, (0, 1, 65)), r


def zeros(c, after_header, command):
    """Cause 9: a sparse file of 3 GiB of zero bytes, alone or after a journal's real header line."""
    head = c.record(scene(script=False)).split("\n")[0] + "\n" if after_header else ""
    path = c.file("z.jsonl", head)
    with open(path, "r+b") as f:
        f.truncate(3 << 30)
    args = {"replay": ("replay", "--verify", "z.jsonl"),
            "events": ("simulate", "s.json", "--steps", 10, "--events", "z.jsonl")}[command]
    r = c.run(*args)
    return problems(r, (1, 65) if after_header else (65,)), r


def clicked_error(c, raise_it):
    """Cause 10: a recording of a script that raises FORGED when clicked, and a click added to it."""
    text = c.record(scene(top={"rightClick": "script"}),
                    "function step(world)\n  if world:clicked() then %s end\nend\n" % raise_it)
    lines = text.split("\n")
    lines.insert(1, '{"step":10,"event":"click","x":1,"y":1}')
    c.file("k.jsonl", "\n".join(lines))
    r = c.run("replay", "--verify", "k.jsonl")
    return problems(r, (1, 65), forged=True), r


def forged_name(c, command):
    """Cause 10: a scene whose name is FORGED, run by simulate or continued from its journal."""
    text = scene(top={"name": FORGED}, script=False)
    if command == "simulate":
        c.file("s.json", text)
        r = c.run("simulate", "s.json", "--steps", 10)
    else:
        c.record(text)
        r = c.run("simulate", "--from", "j.jsonl", "--at", 120, "--steps", 10)
    return problems(r, (0,), forged=True, stdout_lines=1), r


def forged_key(c, command):
    """Cause 10: a scene with a key named FORGED, which the reader's message quotes."""
    text = scene(top={FORGED: 1}, script=False)
    c.file("s.json", text)
    if command == "validate":
        r = c.run("validate", "s.json")
    else:
        header = {"format": "cratebox/replay@1", "sceneFile": "s.json",
                  "sceneSha256": hashlib.sha256(text.encode()).hexdigest(), "stepSize": 1 / 120, "chipmunk": "7.0.3", "math": 1,
                  "rules": 2, "scene": text}
        c.file("k.jsonl", json.dumps(header, separators=(",", ":")) + '\n{"end":240,"hash":"0000000000000000"}\n')
        r = c.run("replay", "--verify", "k.jsonl")
    return problems(r, (65,), forged=True), r


def zero_length_pins(c):
    """Cause 11: pins whose anchors meet (given a distance, so the reader lets them through to Chipmunk), until
    the world's limit of 40,000 joints refuses one: that refusal is the one line."""
    script = ("function step(world)\n  if world:steps() > 0 then return end\n"
              "  local a, b = world:body('ball'), world:body('bob')\n"
              "  for i = 1, 40000 do world:addJoint({type = 'pin', a = a, b = b, anchorA = {0, 0}, "
              "anchorB = {140, 0}, distance = 5}) end\n"
              "end\n")
    return script_case(c, script, (0, 65), steps=10, stop=True)


def swapped_journal(c, command):
    """Cause 12: a benign recording whose scriptText is replaced (its scene and sceneSha256 unchanged)."""
    header, rest = c.record(scene(), BENIGN).split("\n", 1)
    old = json.dumps(BENIGN)
    if old not in header:
        raise Setup("the recording's header does not hold the script as written")
    c.file("k.jsonl", header.replace(old, json.dumps(SWAPPED)) + "\n" + rest)
    args = {"replay --verify": ("replay", "--verify", "k.jsonl"),
            "simulate --from": ("simulate", "--from", "k.jsonl", "--at", 120, "--steps", 10),
            "render --audio": ("render", "k.jsonl", "--audio", "a.wav"),
            "render --video": ("render", "k.jsonl", "--video", "v.mp4", "--size", "64x64")}[command]
    r = c.run(*args)
    return problems(r, (1, 65), marker=True), r


def swapped_state(c):
    """Cause 12: a state whose scriptText's step (on line 1, as the original's) is another function."""
    c.file("s.json", scene())
    c.file("s.lua", BENIGN)
    c.make("simulate", "s.json", "--steps", 60, "--save", "f.state")
    header, payload = (c.folder / "f.state").read_bytes().split(b"\n", 1)
    old = json.dumps(BENIGN).encode()
    if old not in header:
        raise Setup("the state's header does not hold the script as written")
    c.file("g.state", header.replace(old, json.dumps(SWAPPED).encode()) + b"\n" + payload)
    r = c.run("simulate", "g.state", "--steps", 10)
    return problems(r, (1, 65), marker=True), r


def sleepers(c, pyramid):
    """Cause 13: a keyframed recording with sleeping bodies verifies."""
    if pyramid:
        c.file("e.jsonl", "\n".join(PYRAMID_EVENTS) + "\n")
        c.make("simulate", ROOT / "Scenes/pyramid.json", "--steps", 360, "--events", "e.jsonl", "--record", "j.jsonl",
               "--keyframes", 0.5)
    else:
        c.record(SLEEPERS, extra=("--keyframes", 0.5))
    r = c.run("replay", "--verify", "j.jsonl")
    return problems(r, (0,), say="verified"), r


# The "Also": a recording slow by construction (its script uses most of each step's
# budget: under the limits, so every step is allowed, and a long session takes hours).
SLOW = "function step(world)\n  local k = 0\n  for j = 1, 4000000 do k = k + j end\nend\n"  # 8 million instructions a step


def slow(c, command):
    """A run that gives up after --time-limit seconds of work, in one line, exit 1."""
    c.file("s.json", SCENE_FOR_SLOW)
    c.file("s.lua", SLOW)
    c.make("simulate", "s.json", "--steps", 2, "--record", "j.jsonl")
    # The recording is two steps long; its end line says 100,000 (what a stranger writes is only read).
    lines = (c.folder / "j.jsonl").read_text().splitlines()
    lines = [l for l in lines if '"end"' not in l and '"checkpoint"' not in l] + ['{"end":100000,"hash":"0000000000000000"}']
    c.file("j.jsonl", "\n".join(lines) + "\n")
    args = {"verify": ("replay", "--verify", "j.jsonl", "--time-limit", 3),
            "simulate": ("simulate", "s.json", "--steps", 100000, "--time-limit", 3),
            "render": ("render", "j.jsonl", "--output", "x.png", "--time-limit", 3)}[command]
    r = c.run(*args)
    found = problems(r, (1,))
    if not found and "--time-limit" not in r.out + r.err:
        found.append("it did not say the time limit stopped it")
    if not found and r.seconds > 12:
        found.append("took %.1f s to stop" % r.seconds)
    return found, r


SCENE_FOR_SLOW = json.dumps({"format": "cratebox/scene@1", "name": "slow", "bounds": [400, 300], "script": "s.lua",
                             "bodies": [{"position": [200, 100], "box": [20, 20], "mass": 1}]}) + "\n"


def cases(have_ffmpeg):
    """Every case: (name, function of a Case)."""
    all_ = []

    def add(name, f):
        all_.append((name, f))

    for name, (prelude, op) in UNCHARGED.items():
        add("1 " + name, lambda c, s=looping(prelude, op): script_case(c, s, (65,), stop=True))
    for name, script in OUT_OF_MEMORY.items():
        add("2 " + name, lambda c, s=script: script_case(c, s, (65,), stop=True))
    add("3 globals digest: simulate", lambda c: globals_digest(c, ("simulate", "s.json", "--steps", 10)))
    add("3 globals digest: validate", lambda c: globals_digest(c, ("validate", "s.json")))
    add("4 50,000 spawn and remove pairs", lambda c: script_case(
        c, "function step(world)\n  if world:steps() > 0 then return end\n  for i = 1, 50000 do "
           "world:remove(world:spawn({position = {300, 250}, box = {10, 10}, mass = 1})) end\nend\n", (0, 1, 65), steps=10))
    add("4 10,000 spawns in one step", lambda c: script_case(
        c, "function step(world)\n  if world:steps() > 0 then return end\n  for i = 0, 9999 do world:spawn({position = "
           "{10 + 20 * (i % 100), 10 + 20 * (i // 100)}, box = {10, 10}, mass = 1}) end\nend\n", (0, 1, 65), steps=10,
        scene_text=scene(top={"bounds": [2020, 2020], "gravity": [0, 0]})))
    add("4 1 MiB spawn table under pcall", lambda c: script_case(
        c, looping("local t = {position = {300, 250}, box = {10, 10}, mass = 1, pad = {}}\n"
                   "for i = 1, 150000 do t.pad[i] = i + 0.5 end", "pcall(world.spawn, world, t)"), (65,), stop=True))
    add("5 boxQuery over the spatial hash", lambda c: script_case(
        c, "function step(world) world:boxQuery(-1e9, -1e9, 1e9, 1e9) end\n", (0, 65), scene_text=scene(top=SPATIAL_HASH)))
    for name, (keys, script) in INSIDE_STEP.items():
        add("6 " + name + " sets -1e12", lambda c, k=keys, s=script: script_case(
            c, s, (1, 65), scene_text=scene(top=SPATIAL_HASH, **k)))
    for name, call in SETTERS.items():
        add("7 " + name, lambda c, s="function step(world) %s end\n" % call: script_case(c, s, (0, 1, 65)))
    for name, (keys, script) in INTEGRATING.items():
        add("7 " + name, lambda c, k=keys, s=script: script_case(c, s, (0,), scene_text=scene(ball=k)))
    add("7 state with spring stiffness 1e30", state_with_stiffness)
    add("8 6,000 spawns at one point: replay --verify", lambda c: overlapping_spawns(c, "replay"))
    add("8 6,000 spawns at one point: simulate --events", lambda c: overlapping_spawns(c, "events"))
    add("8 6,000 world:spawn at one point", lambda c: overlapping_spawns(c, "script"))
    add("9 3 GiB of zero bytes: replay --verify", lambda c: zeros(c, False, "replay"))
    add("9 a header then 3 GiB of zero bytes: replay --verify", lambda c: zeros(c, True, "replay"))
    add("9 a header then 3 GiB of zero bytes: simulate --events", lambda c: zeros(c, True, "events"))
    add("10 error message: replay --verify", lambda c: clicked_error(c, "error(%s, 0)" % lua_string(FORGED)))
    add("10 chunk name: replay --verify",
        lambda c: clicked_error(c, "load(\"error('boom')\", %s)()" % lua_string("=" + FORGED)))
    add("10 scene name: simulate", lambda c: forged_name(c, "simulate"))
    add("10 scene name: simulate --from", lambda c: forged_name(c, "from"))
    add("10 scene key: validate", lambda c: forged_key(c, "validate"))
    add("10 scene key: replay --verify", lambda c: forged_key(c, "replay"))
    add("11 40,000 zero-length pins", zero_length_pins)
    for command in ("replay --verify", "simulate --from", "render --audio") + (("render --video",) if have_ffmpeg else ()):
        add("12 swapped scriptText: " + command, lambda c, k=command: swapped_journal(c, k))
    add("12 state with a swapped step on line 1", swapped_state)
    add("13 sleeping bodies: three bodies", lambda c: sleepers(c, False))
    add("13 sleeping bodies: pyramid after a slice, a spawn and an explosion", lambda c: sleepers(c, True))
    for command in ("verify", "simulate", "render"):
        add("14 slow by construction: %s stops at its time limit" % command, lambda c, k=command: slow(c, k))
    return all_


def lua_string(text):
    """TEXT as a Lua string literal, its bytes written as decimal escapes where they are not plain."""
    return "'" + "".join(ch if ch.isalnum() or ch in " ,.=:" else "\\%03d" % ord(ch) for ch in text) + "'"


def one(cratebox, name, f, keep):
    folder = Path(tempfile.mkdtemp(prefix="hostile-file-"))
    ok = False
    try:
        try:
            found, r = f(Case(cratebox, folder))
        except Setup as e:
            return False, "%s: %s" % (name, e)
        ok = not found
        return ok, "%s: %s (%s)" % (name, "; ".join(found) or "ok", r)
    finally:
        if keep and not ok:
            big = lambda d, names: [n for n in names if (Path(d) / n).is_file() and (Path(d) / n).stat().st_size > 64 << 20]
            shutil.copytree(folder, Path(keep) / re.sub(r"[^\w.-]+", "-", name), dirs_exist_ok=True, ignore=big)
        shutil.rmtree(folder, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cratebox", default=str(ROOT / ".build/debug/cratebox"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", default="")
    ap.add_argument("--keep", default="")
    ap.add_argument("--verbose", action="store_true", help="print every case's outcome, not only failures")
    args = ap.parse_args()
    cratebox = str(Path(args.cratebox).resolve())
    chosen = [c for c in cases(shutil.which("ffmpeg") is not None) if re.search(args.only, c[0])]
    passed = failed = 0
    with cf.ThreadPoolExecutor(args.jobs) as pool:
        for ok, line in pool.map(lambda c: one(cratebox, c[0], c[1], args.keep), chosen):
            if ok:
                passed += 1
                if args.verbose:
                    print("ok   " + line, flush=True)
            else:
                failed += 1
                print("FAIL " + line, flush=True)
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
