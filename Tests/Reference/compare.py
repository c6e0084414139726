#!/usr/bin/env python3
"""Agreement test: cratebox against the independent reference (reference.py).

    python3 Tests/Reference/compare.py [--cratebox PATH] [--random N] [--seed S]

Cases, each checked bit for bit (every checkpoint and the end hash):
  - every shipped scene Scenes/*.json (pile.json for fewer steps): cratebox
    `simulate --record` against the reference run on the scene and on the
    journal cratebox recorded;
  - every golden journal Tests/Fixtures/replays/*.jsonl, replayed by the reference;
  - every scene in Tests/Fixtures/valid/*.json, as for shipped scenes;
  - the probe scenes in Tests/Reference/scenes/*.json (corners of the format
    that neither of the above reaches), as for shipped scenes;
  - Chipmunk's own demos as scenes, Scenes/chipmunk/*.json (scene-format.md
    section 13), as for shipped scenes, and chains.json with its ball thrown
    at [0, 3000] instead of [0, 300], so that links break, alone and with
    scripted events (removals of jointed bodies after the breaks, a reset);
  - N seeded random event scripts (all nine kinds: the knife's `slice`
    through a body and `explode` near one among them) on random shipped
    scenes (not pile.json), run by `cratebox simulate --events --record`
    and replayed by the reference;
  - M more (--random-chipmunk, default N) on the scenes of section
    13, in turn: the thrown chains (breaks, resets that mend them, removals
    of jointed bodies), Joints, Theo Jansen, One Way, Tumble, Pyramid Stack
    and the probe rest-of-chipmunk.json (a one-way spawn body);
  - controls (scene-format.md section 14, the journal's `key` event): a
    scripted journal on the probe scenes/controls.json through every rule
    of section 14.3, and K more random scripts (--random-controls, default
    half of N) with key and button events among the nine other kinds,
    on that probe and on every shipped scene with `controls` in turn (the
    random scripts on shipped scenes press their keys too);
  - water and planets (scene-format.md section 15): W more random scripts
    (--random-water, default an eighth of N) on Scenes/water.json (every
    shape kind in water), the probe scenes/water-and-planets.json (two
    fluids, a repelling attractor, a spatial hash) and Scenes/planet.json,
    with slices (of pieces too) and explosions among the other kinds;
  - scenes with scripts (scene-format.md section 16, the reference's
    script.py; Scenes/hoop.json is among the shipped scenes and the probe
    scenes/script-collisions.json among the probes): every scene of
    Tests/Fixtures/scripts/*.json, its script beside it, as for shipped
    scenes (the journal carries the script in `scriptText`). A scene whose
    script stops the world (broken.json, at step 30) must stop the reference
    at the same step with the same line (`NAME.lua:LINE: what (step N)`),
    the hashes before it equal, and cratebox's journal of it (no end line;
    it ends with its last checkpoint line, what followed it not kept)
    replay to its last checkpoint. The probe scripts also read and set
    shapes (16.12: a friction, a surface velocity, an elasticity and a
    sensor flag set between steps change the hashes) and try to wake
    sleeping bodies inside Chipmunk's step, from collision callbacks, a
    velocity function and a joint's functions (16.7: refused). Then the
    probe with events its script must see (bodies in
    contact removed: separate calls made by removals; a knife cut; keys and
    a button; a reset), the probe scenes/script-frames.json (16.5, 16.7,
    16.12: the pointer and clicks, keys bound for the script alone, a
    body's frame and arbiters, contact points moved, shapes' boxes and
    vertices) with the pointer moved and clicks on its bodies, tilts and
    resets, and L more random scripts (--random-scripts, default a quarter
    of N) on those scenes, the probes, scenes/script-making.json (16.11:
    bodies and joints a script makes and removes and what it may not make,
    spawner.json's too) and Chipmunk's demos with scripts (Scenes/chipmunk:
    Planet, Player, Plink, Springies, Tank...) in turn (keys.json's bound
    key and the Player's arrows among the events, and on every scene with a
    script the pointer moved and right clicks, replay-format.md's `pointer`
    and `click`, on its bodies and between), as the other random scripts,
    the bodies a script made among those the events grab, cut and remove;
    one that the script stops must stop the reference, given every
    scripted event, the same way. Where the
    reference says the documents do not give the words of part of the line
    (16.11's refusals, 16.12's ranges: its `vague` lines), the rest must be
    the same.
The reference world that follows a random script's events runs in a child
process: a Chipmunk assertion there fails that case, not the run.
--only REGEX runs the cases whose name matches; --keep DIR keeps the files
of failing event cases.
Prints one line per failing case and ends with `N passed, M failed`; exit 1
if any failed.
"""

import argparse
import glob
import hashlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import reference  # noqa: E402  (the generator follows the bodies to grab them on themselves)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
REFERENCE = os.path.join(HERE, "reference.py")

SCENE_STEPS = 600
PILE_STEPS = 240
THROWN_VELOCITY = [0, 3000]  # chains.json's ball: [0, 300] in the demo
# The section 13 scenes that random scripts run on, in turn ("THROWN": the
# thrown chains, written to the temporary folder). Not logo-smash.json: its
# 3,556 bodies make a script slow, and it has no joints to break or mend.
# The scenes with water and planets (scene-format.md section 15) that random
# scripts with slices and explosions run on, in turn.
WATER_POOL = ["Scenes/water.json", "Tests/Reference/scenes/water-and-planets.json",
              "Scenes/water.json", "Scenes/planet.json"]
KEEP = None  # --keep: where failing event cases' files go
ADDITIONS_POOL = ["THROWN", "Scenes/chipmunk/joints.json", "Scenes/chipmunk/theo-jansen.json",
                  "Scenes/chipmunk/one-way.json", "Scenes/chipmunk/tumble.json",
                  "Scenes/chipmunk/pyramid-stack.json", "Tests/Reference/scenes/rest-of-chipmunk.json"]


class CaseFailure(Exception):
    pass


# --------------------------------------------------------------------------
# Running the two programs

_missing_since = None  # when cratebox went missing, if it is


def run_cratebox(cratebox, args, timeout=300):
    """Runs cratebox; waits and retries while the binary is missing (being
    rebuilt), for up to 2 minutes in all, after which every case fails fast."""
    global _missing_since
    while True:
        try:
            proc = subprocess.run([cratebox] + args, capture_output=True, text=True, timeout=timeout)
            _missing_since = None
            return proc
        except OSError as exc:  # missing, or "text file busy" while written
            now = time.time()
            if _missing_since is None:
                _missing_since = now
            if now - _missing_since > 120:
                raise CaseFailure("cannot run cratebox: %s" % exc)
            time.sleep(2)


def cratebox_hash(proc):
    lines = proc.stdout.strip().splitlines()
    m = re.search(r"hash ([0-9a-f]{16})\s*$", lines[-1]) if lines else None
    if proc.returncode != 0 or not m:
        raise CaseFailure("cratebox failed (exit %d): %s" % (
            proc.returncode, (proc.stderr.strip() or proc.stdout.strip())[:300]))
    return m.group(1)


def read_journal(path):
    """(events, {step: checkpoint}, (end, hash) or None) of a journal."""
    events, checkpoints, end = [], {}, None
    with open(path, "rb") as f:
        lines = f.read().split(b"\n")
    for raw in lines[1:-1]:
        obj = json.loads(raw.decode("utf-8"))
        if "event" in obj:
            events.append(obj)
        elif "checkpoint" in obj:
            checkpoints[obj["step"]] = obj["checkpoint"]
        elif "end" in obj:
            end = (obj["end"], obj["hash"])
    return events, checkpoints, end


def run_reference(path, steps=None):
    """(exit code, {step: hash}, final hash or None, the last line). Exit 3:
    the world stopped (scene-format.md 16.5), the last line `stop MESSAGE`,
    given as a Said: with `vague`, the parts of it whose words the
    documents do not give (the reference's `vague "TEXT"` lines)."""
    cmd = [sys.executable, REFERENCE, path]
    if steps is not None:
        cmd += ["--steps", str(steps)]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    hashes, final = {}, None
    lines = proc.stdout.strip().splitlines()
    for line in lines:
        m = re.match(r"step (\d+) hash ([0-9a-f]{16})$", line)
        if m:
            hashes[int(m.group(1))] = m.group(2)
    if lines:
        m = re.match(r"hash ([0-9a-f]{16})$", lines[-1])
        if m:
            final = m.group(1)
    last = Said(lines[-1] if lines else proc.stderr.strip()[-300:])
    last.vague = [json.loads(line[6:]) for line in lines if line.startswith("vague ")]
    if proc.returncode not in (0, 1, 3):
        raise CaseFailure("reference failed (exit %d): %s" % (proc.returncode, proc.stderr.strip()[-300:]))
    return proc.returncode, hashes, final, last


STOP = re.compile(r"^cratebox: (?:.*: the event cannot be applied at step \d+: cannot rebuild the scene: )?"
                  r"(.* \(step (\d+)\))$")


def cratebox_stop(proc):
    """A world a script stopped (scene-format.md 16.5: exit 65 and
    `NAME.lua:LINE: what (step N)`): (message, N), or None. An error of
    the top level at a `reset` of --events comes as that event's refusal
    ("EVENTS:LINE: the event cannot be applied at step N: cannot rebuild
    the scene: MESSAGE")."""
    lines = proc.stderr.strip().splitlines()
    m = STOP.match(lines[-1]) if proc.returncode == 65 and lines else None
    return (m.group(1), int(m.group(2))) if m else None


class Said(str):
    """The reference's last line, and the parts of it it says are vague."""
    vague = ()


def check_stop(cratebox_said, rc, last, where):
    """The reference must stop as cratebox did, with the same line; where
    the reference says the documents do not give a part's words (16.11's
    refusals), the rest of the line must be the same: the script's file and
    line, the step, and any words around that part."""
    same = last == "stop " + cratebox_said
    if not same and rc == 3 and getattr(last, "vague", ()):
        pattern = re.escape(last)
        for text in sorted(last.vague, key=len, reverse=True):
            pattern = pattern.replace(re.escape(text), ".*")
        same = re.fullmatch(pattern, "stop " + cratebox_said, re.S) is not None
    if rc != 3 or not same:
        raise CaseFailure("cratebox stopped with %r; the reference %s: %s" % (cratebox_said, where, last))


def first_difference(expected, got):
    """First step where two {step: hash} maps differ, or None."""
    for s in sorted(set(expected) | set(got)):
        if expected.get(s) != got.get(s):
            return s, expected.get(s), got.get(s)
    return None


def check_reference_on_journal(journal, stopped=False):
    """The reference must replay the journal to its end, every checkpoint
    equal. A journal of a session a script stopped has no end line: the
    reference replays it to its last checkpoint."""
    _, checkpoints, end = read_journal(journal)
    rc, hashes, final, last = run_reference(journal)
    if rc != 0:
        raise CaseFailure("reference replay of the journal: %s" % last)
    diff = first_difference(checkpoints, {s: h for s, h in hashes.items() if s in checkpoints})
    if diff:
        raise CaseFailure("journal replay diverged at step %d: expected %s, got %s" % diff)
    if stopped:
        if end is not None:
            raise CaseFailure("the journal of a stopped session has an end line")
        return
    if end is None:
        raise CaseFailure("the journal has no end line")
    if final != end[1]:
        raise CaseFailure("journal replay: end hash at step %d: expected %s, got %s" % (end[0], end[1], final))


# --------------------------------------------------------------------------
# Cases

def check_stopped_journal(journal):
    """replay-format.md, scriptText: the journal of a session a script
    stopped ends with its last checkpoint line before the stop (the header
    alone when the stop came before the first checkpoint)."""
    with open(journal, "rb") as f:
        lines = f.read().split(b"\n")
    if lines[-1] != b"":
        raise CaseFailure("the journal of a stopped session ends with a line cut short")
    last = json.loads(lines[-2].decode("utf-8"))
    checkpoints = [json.loads(raw.decode("utf-8")) for raw in lines[1:-1]]
    checkpoints = [obj["step"] for obj in checkpoints if "checkpoint" in obj]
    if checkpoints and ("checkpoint" not in last or last["step"] != max(checkpoints)):
        raise CaseFailure("the journal of a stopped session ends with %s, not its last checkpoint line"
                          % lines[-2][:120].decode("utf-8", "replace"))
    if not checkpoints and len(lines) != 2:
        raise CaseFailure("the journal of a session stopped before its first checkpoint holds more than its header")


def scene_case(cratebox, scene, steps, tmp):
    journal = os.path.join(tmp, "scene.jsonl")
    if os.path.exists(journal):
        os.remove(journal)
    proc = run_cratebox(cratebox, ["simulate", scene, "--steps", str(steps), "--record", journal])
    stop = cratebox_stop(proc)
    cb = None if stop else cratebox_hash(proc)
    if stop and not os.path.exists(journal):  # stopped as it was built: no journal is written
        journal = None
    _, checkpoints, end = read_journal(journal) if journal else ([], {}, None)
    last = stop[1] if stop else steps
    if not stop and (end is None or end != (steps, cb)):
        raise CaseFailure("cratebox's journal ends with %r, its output says hash %s" % (end, cb))
    expected_steps = {s for s in range(120, last + 1, 120)}
    if set(checkpoints) != expected_steps:
        raise CaseFailure("cratebox's journal has checkpoints at %s" % sorted(checkpoints))
    # The reference run straight from the scene file.
    rc, hashes, final, said = run_reference(scene, steps)
    if stop:
        check_stop(stop[0], rc, said, "on the scene")
    elif rc != 0 or final is None:
        raise CaseFailure("reference: %s" % said)
    diff = first_difference(checkpoints, hashes)
    if diff:
        raise CaseFailure("diverged at step %d: cratebox %s, reference %s" % diff)
    if not stop and final != cb:
        raise CaseFailure("diverged at step %d (end): cratebox %s, reference %s" % (steps, cb, final))
    # And the journal cratebox recorded, replayed by the reference.
    if journal:
        if stop:
            check_stopped_journal(journal)
        check_reference_on_journal(journal, stopped=bool(stop))


def golden_case(journal):
    check_reference_on_journal(journal)


def thrown_chains(tmp):
    """Scenes/chipmunk/chains.json with its ball (the last body) thrown
    harder, written to the temporary folder: its path."""
    path = os.path.join(tmp, "chains-thrown.json")
    if not os.path.exists(path):
        scene = load_scene(os.path.join(ROOT, "Scenes", "chipmunk", "chains.json"))
        ball = scene["bodies"][-1]
        if "circle" not in ball["shapes"][0] or ball.get("velocity") != [0, 300]:
            raise CaseFailure("chains.json's last body is no longer the ball thrown at [0, 300]")
        ball["velocity"] = THROWN_VELOCITY
        with open(path, "w") as f:
            json.dump(scene, f, indent=1)
    return path


def broken_case(cratebox, tmp, steps):
    """The thrown chains: links must break (in the reference's own world),
    and cratebox must agree with the reference on every hash."""
    path = thrown_chains(tmp)
    world = reference.World(load_scene(path))
    joints = len(world.joints)
    while world.step_count < steps:
        world.step()
    if len(world.joints) == joints:
        raise CaseFailure("no joint broke in %d steps: the case tests nothing" % steps)
    scene_case(cratebox, path, steps, tmp)


# --------------------------------------------------------------------------
# Random event scripts

def load_scene(path):
    with open(path, encoding="utf-8-sig") as f:
        return json.load(f)


class Script:
    """Generates events that cratebox must accept, tracking what it tracks."""

    def __init__(self, rng, scene, steps, path):
        self.rng = rng
        # A reference world that follows the script, to know where bodies are:
        # a grab must be on (or near) its body. A scene's own script (section
        # 16) runs in it too.
        script = reference.read_script(scene, path)
        self.world = reference.World(scene, script, modules=reference.read_modules(scene, path, script))
        self.stopped = False  # the scene's script stopped the world
        self.w, self.h = float(scene["bounds"][0]), float(scene["bounds"][1])
        self.ox, self.oy = scene.get("origin", [0, 0])  # scene-format.md 13.1
        self.file_types = [b.get("type", "dynamic") for b in scene.get("bodies", [])]
        self.steps = steps
        self.lines = []
        self.stats = set()
        # scene-format.md 14: the scene's triggers (file order, each once),
        # the ones held (a reset keeps them), and what the bindings drive.
        self.triggers = []
        for b in self.world.bindings:
            if b.trigger not in self.triggers:
                self.triggers.append(b.trigger)
        # 16.13: a script with input functions takes keys no control binds, and
        # every button's press and release (only then: other scripts draw as before).
        text = self.world.script_text or b""
        text = text.decode("utf-8", "replace") if isinstance(text, bytes) else text
        self.takes_inputs = re.search(r"\bfunction (key|mouse)(pressed|released)\b", text) is not None
        if self.takes_inputs:
            for t in (("key", "Space"), ("key", "K"), ("key", "Left"), ("key", "Keypad 7")):
                if t not in self.triggers:
                    self.triggers.append(t)
        self.held = set()
        joints = scene.get("joints", [])
        self.bound_bodies = set()
        for b in self.world.bindings:
            if b.action == "script":  # 14.2: the script's key, no target of its own
                continue
            if b.action in ("thruster", "servo"):
                self.bound_bodies.add(b.body)
            else:
                for end in ("a", "b"):
                    if joints[b.joint][end] in self.world.ids:
                        self.bound_bodies.add(self.world.ids[joints[b.joint][end]])
        self.reset_state()

    def reset_state(self):
        self.types = list(self.file_types)
        self.live = [True] * len(self.types)
        self.spawned = []        # indices spawned since the last build
        self.removed_spawned = set()
        self.grab = None         # the index held
        self.broke = False       # a joint broke since the last build
        self.pieces = set()      # indices the knife made since the last build

    # numbers: plain integers, short decimals and full-precision doubles
    # in [lo, lo + size]
    def coord(self, lo, size):
        r = self.rng.random()
        if r < 0.2:
            return lo + self.rng.randint(1, int(size) - 1)
        if r < 0.6:
            return round(lo + self.rng.uniform(1.0, size - 1.0), 1)
        return lo + self.rng.uniform(0.0, size)

    def point(self):
        return self.coord(self.ox, self.w), self.coord(self.oy, self.h)

    def tilt_value(self):
        r = self.rng.random()
        if r < 0.15:
            return self.rng.choice([-2, -1, 0, 1, 2])
        if r < 0.5:
            return round(self.rng.uniform(-2.0, 2.0), 2)
        return self.rng.uniform(-2.0, 2.0)

    def number(self, lo, hi):
        """A plain integer, a short decimal or a full double in [lo, hi]."""
        r = self.rng.random()
        if r < 0.2:
            return self.rng.randint(int(lo), int(hi))
        if r < 0.5:
            return round(self.rng.uniform(lo, hi), 1)
        return self.rng.uniform(lo, hi)

    def near(self, x):
        """x as a plain integer, a short decimal or itself."""
        r = self.rng.random()
        if r < 0.15:
            return int(round(x))
        if r < 0.4:
            return round(x, 1)
        return x

    def knife_targets(self):
        """The live bodies a slice can cut (replay-format.md, `slice`): dynamic,
        one shape, a polygon or a box, not a sensor, not one-way."""
        w = self.world
        return [i for i, e in enumerate(w.bodies)
                if not e.removed and e.type == "dynamic" and len(e.shapes) == 1 and e.kinds[0] == "poly"
                and not reference.cpShapeGetSensor(e.shapes[0]) and e.shapes[0] not in w.one_way]

    def slice(self, step, targets):
        """A line through a body the knife can cut, extended well past it
        (sometimes right across the world); False if no try cut anything."""
        rng = self.rng
        w = self.world
        for _ in range(8):
            if self.grab in targets and rng.random() < 0.35:
                i = self.grab  # the knife through the body in hand
            else:
                i = rng.choice(targets)
            entry = w.bodies[i]
            p = reference.cpBodyGetPosition(entry.body)
            reach = entry.reach
            ang = rng.uniform(0.0, 3.141592653589793)
            cs, sn = reference.math.cos(ang), reference.math.sin(ang)
            off = rng.uniform(-0.6, 0.6) * reach  # off the body's origin, across the line
            cx, cy = p.x - off * sn, p.y + off * cs
            half = max(self.w, self.h) if rng.random() < 0.2 else reach * rng.uniform(1.5, 4.0) + rng.uniform(5.0, 60.0)
            a = [self.near(cx - half * cs), self.near(cy - half * sn)]
            b = [self.near(cx + half * cs), self.near(cy + half * sn)]
            if rng.random() < 0.5:
                a, b = b, a
            if any(abs(c) > 1000000.0 for c in a + b):
                continue
            cuts = w.slice_cuts(a, b)
            if not cuts:
                continue
            self.stats.add("slice")
            if len(cuts) > 1:
                self.stats.add("slice cutting several")
            for k, _, _, _ in cuts:
                if k == self.grab:
                    self.grab = None
                    self.stats.add("slice held")
                if k in self.pieces:
                    self.stats.add("slice a piece")
                if k < len(self.file_types):
                    self.stats.add("slice a file body")
                body = w.bodies[k].body
                if any(body in (j[1], j[2]) for j in w.joints if w.grab is None or j[0] != w.grab[2]):
                    self.stats.add("slice jointed")
                if k in self.bound_bodies:
                    self.stats.add("remove bound")
                self.live[k] = False
                for _ in range(2):
                    self.pieces.add(len(self.types))
                    self.types.append("dynamic")
                    self.live.append(True)
            self.emit(step, "slice", a=a, b=b)
            return True
        return False

    def explode(self, step):
        rng = self.rng
        w = self.world
        bodies = self.live_indices(True)
        if bodies and rng.random() < 0.8:
            p = reference.cpBodyGetPosition(w.bodies[rng.choice(bodies)].body)
            d, ang = rng.uniform(0.0, 150.0), rng.uniform(0.0, 6.283185307179586)
            x, y = self.near(p.x + d * reference.math.cos(ang)), self.near(p.y + d * reference.math.sin(ang))
            x, y = max(-1000000.0, min(1000000.0, x)), max(-1000000.0, min(1000000.0, y))
        else:
            x, y = self.point()
        radius = self.number(50, 400)
        impulse = 0 if rng.random() < 0.05 else self.number(0, 300000)
        for i in bodies:
            b = w.bodies[i].body
            c = reference.cpBodyLocalToWorld(b, reference.cpBodyGetCenterOfGravity(b))
            d = reference.math.sqrt((c.x - x) * (c.x - x) + (c.y - y) * (c.y - y))
            if 0.0 < d < radius:
                self.stats.add("explode reaching a body")
                if reference.cpBodyIsSleeping(b):
                    self.stats.add("explode waking a body")
        self.emit(step, "explode", at=[x, y], radius=radius, impulse=impulse)

    def live_indices(self, dynamic_only=False):
        return [i for i, ok in enumerate(self.live)
                if ok and (not dynamic_only or self.types[i] == "dynamic")]

    def in_range(self, i):
        """Whether every point within the body's reach of its origin is a
        valid point (an explosion can throw a body out of a world without
        walls for good)."""
        entry = self.world.bodies[i]
        p = reference.cpBodyGetPosition(entry.body)
        return abs(p.x) + entry.reach <= 1000000.0 and abs(p.y) + entry.reach <= 1000000.0

    def emit(self, step, event, **fields):
        obj = {"step": step, "event": event}
        obj.update(fields)
        self.lines.append(obj)
        self.stats.add(event)
        self.world.apply(obj)  # refused would mean the generator is wrong: let it raise
        script = self.world.script
        if script is not None and any(e[-1] for e in script.queue):
            self.stats.add("separate by a removal")  # scene-format.md 16.7

    def sync(self):
        """What the scene's script did since the last event (scene-format.md
        16.11: bodies it made take construction indices, bodies it removed
        are gone, a grab on them let go), as the reference world has it."""
        w = self.world
        for i in range(len(self.types), len(w.bodies)):
            self.types.append(w.bodies[i].type)
            self.live.append(True)
            self.stats.add("made by the script")
        for i, entry in enumerate(w.bodies):
            if entry.removed and self.live[i]:
                self.live[i] = False
                self.stats.add("removed by the script")
        if self.grab is not None and w.grab is None:
            self.grab = None

    def one(self, step):
        rng = self.rng
        self.sync()
        grabbable = [i for i in self.live_indices(True) if self.in_range(i)]
        live = self.live_indices()
        weights = {
            "tilt": 2, "spawn": 4 if len(self.spawned) < 25 else 0,
            "grab": 4 if grabbable else 0, "drag": 5 if self.grab is not None else 1,
            "release": 2 if self.grab is not None else 0.3,
            "remove": 3 if live else 0, "reset": 0.7,
        }
        # The knife and explosions (replay-format.md, `slice` and `explode`).
        targets = self.knife_targets()
        weights["slice"] = 2.5 if targets and len(self.types) < 400 else 0
        weights["explode"] = 1.5
        if self.triggers:  # only then: scripts on other scenes draw as before
            weights["key"] = 9
        if self.world.script_text is not None:  # replay-format.md: `pointer` and `click`, a scene with a script's
            weights["pointer"] = 4
            weights["click"] = 2
        for kind, input_name in reference.SANDBOX_EVENTS.items():  # scene-format.md 16.14: refused when off
            if not self.world.sandbox[input_name]:
                weights[kind] = 0
        kind = rng.choices(list(weights), weights=list(weights.values()))[0]
        if kind == "tilt":
            self.emit(step, "tilt", x=self.tilt_value(), y=self.tilt_value())
        elif kind == "spawn":
            x, y = self.point()
            i = len(self.types)
            self.types.append("dynamic")
            self.live.append(True)
            self.spawned.append(i)
            self.emit(step, "spawn", x=x, y=y)
        elif kind == "grab":
            spawned_live = [i for i in self.spawned if self.live[i] and i in grabbable]
            pieces_live = [i for i in sorted(self.pieces) if self.live[i] and i in grabbable]
            r = rng.random()
            if spawned_live and r < 0.4:
                i = rng.choice(spawned_live)
                self.stats.add("grab spawned")
            elif pieces_live and r < 0.7:
                i = rng.choice(pieces_live)
                self.stats.add("grab piece")
            else:
                i = rng.choice(grabbable)
            if self.grab is not None:
                self.stats.add("grab while holding")
            p = reference.cpBodyGetPosition(self.world.bodies[i].body)
            reach = self.world.bodies[i].reach
            a, d = rng.uniform(0, 6.283185307179586), rng.uniform(0, reach)
            x, y = p.x + d * reference.math.cos(a), p.y + d * reference.math.sin(a)
            self.grab = i
            self.emit(step, "grab", body=i, x=x, y=y)
        elif kind == "drag":
            if self.grab is not None:
                self.stats.add("drag while holding")
            x, y = self.point()
            self.emit(step, "drag", x=x, y=y)
        elif kind == "release":
            self.grab = None
            self.emit(step, "release")
        elif kind == "slice":
            if not self.slice(step, targets) and self.world.sandbox["explode"]:
                self.explode(step)
        elif kind == "explode":
            self.explode(step)
        elif kind == "remove":
            r = rng.random()
            spawned_live = [i for i in self.spawned if self.live[i]]
            if self.grab is not None and r < 0.35:
                i = self.grab
                self.stats.add("remove held")
            elif spawned_live and r < 0.7:
                i = rng.choice(spawned_live)
                self.stats.add("remove spawned")
            else:
                i = rng.choice(live)
                self.stats.add("remove %s" % self.types[i])
            if i in self.pieces:
                self.stats.add("remove piece")
            body = self.world.bodies[i].body
            if any(body in (j[1], j[2]) for j in self.world.joints
                   if self.world.grab is None or j[0] != self.world.grab[2]):
                self.stats.add("remove jointed")
            if self.grab == i:
                self.grab = None
            if i in self.bound_bodies:
                self.stats.add("remove bound")
            self.live[i] = False
            self.emit(step, "remove", body=i)
        elif kind == "key":
            self.key(step)
        elif kind in ("pointer", "click"):
            self.pointer(step, kind)
        else:
            if self.grab is not None:
                self.stats.add("reset while holding")
            if self.held:
                self.stats.add("reset while keys held")
            if self.broke:
                self.stats.add("reset mending a break")
            if self.world.clicked:
                self.stats.add("reset after a click")
            self.reset_state()
            self.emit(step, "reset")

    def pointer(self, step, kind):
        """The pointer moved, or a right click: at a point of the world, or
        on or near a live body (the script may look under the pointer)."""
        rng = self.rng
        live = [i for i in self.live_indices() if self.in_range(i)]
        if live and rng.random() < 0.5:
            entry = self.world.bodies[rng.choice(live)]
            p = reference.cpBodyGetPosition(entry.body)
            a, d = rng.uniform(0, 6.283185307179586), rng.uniform(0, entry.reach * 1.2)
            x = max(-1000000.0, min(1000000.0, self.near(p.x + d * reference.math.cos(a))))
            y = max(-1000000.0, min(1000000.0, self.near(p.y + d * reference.math.sin(a))))
            self.stats.add("%s on a body" % kind)
        else:
            x, y = self.point()
        if kind == "click" and self.world.clicked:
            self.stats.add("clicks in one step")
        if kind == "click" and self.held:
            self.stats.add("click while keys held")
        extra = {}
        if kind == "click" and self.takes_inputs and rng.random() < 0.7:
            # 16.13: any button, going down or up (a line without them is a right button's press).
            extra = {"button": rng.choice(["left", "right", "middle"]), "down": rng.random() < 0.6}
            self.stats.add("click of the %s button %s" % (extra["button"], "down" if extra["down"] else "up"))
        self.emit(step, kind, x=x, y=y, **extra)

    def key(self, step):
        """A key or button goes down when it is up, or up when it is down:
        valid by construction (replay-format.md, the `key` event)."""
        rng = self.rng
        held = [t for t in self.triggers if t in self.held]
        if held and rng.random() < 0.3:
            t = rng.choice(held)  # let go sooner, so that holds overlap less than always
        else:
            t = rng.choice(self.triggers)
        down = t not in self.held
        w = self.world
        if down:
            self.held.add(t)
            self.stats.add("key down")
        else:
            self.held.discard(t)
            self.stats.add("key up")
            for b in w.motor_bindings:
                if b.trigger == t and any(o.joint == b.joint and o.trigger in self.held
                                          for o in w.motor_bindings):
                    self.stats.add("key up back to a held key's motor")
        if t[0] == "button":
            self.stats.add("button")
        if len(self.held) > 1:
            self.stats.add("keys held together")
        for b in w.bindings:
            if b.trigger == t and b.action != "script":
                gone = (not w.joint_live[b.joint]) if b.action in ("motor", "winch") \
                    else w.bodies[b.body].removed
                if gone:
                    self.stats.add("key on a target gone")
        self.emit(step, "key", **{t[0]: t[1], "down": down})

    def generate(self):
        """The events; they end where the scene's script stops the world
        (scene-format.md 16.5), as cratebox's run will."""
        try:
            self._generate()
        except reference.Stopped:
            self.stopped = True
            self.stats.add("stopped by the script")
        return self.lines

    def _generate(self):
        rng = self.rng
        bursts = sorted(rng.randint(0, self.steps) for _ in range(rng.randint(4, 16)))
        if rng.random() < 0.3:
            bursts.append(self.steps)  # events at the end step count too
        for step in bursts:
            while self.world.step_count < step:
                joints = len(self.world.joints)
                space = self.world.space
                self.world.step()
                if self.world.space != space:  # scene-format.md 16.9: the script's world:reset()
                    self.stats.add("reset by the script")
                    self.reset_state()
                    continue
                if len(self.world.joints) < joints:  # only a break drops one inside a step
                    self.stats.add("joint broken")
                    if self.held:
                        self.stats.add("joint broken while a key is held")
                    self.broke = True
            k = rng.choice([1, 1, 1, 2, 2, 3, 4])
            if k > 1:
                self.stats.add("same step")
            for _ in range(k):
                self.one(step)


def write_events(path, lines):
    with open(path, "w") as f:
        for obj in lines:
            f.write(json.dumps(obj, separators=(",", ":")) + "\n")


def same_events(script, recorded):
    if len(script) != len(recorded):
        return False

    def full(e):
        # replay-format.md: a `click` without `button` and `down` is the right button's press.
        if e.get("event") == "click":
            return dict({"button": "right", "down": True}, **e)
        return e
    for a, b in zip(map(full, script), map(full, recorded)):
        if set(a) != set(b):
            return False
        for k in a:
            if not same_value(a[k], b[k]):
                return False
    return True


def same_value(a, b):
    if isinstance(a, list) or isinstance(b, list):
        return isinstance(a, list) and isinstance(b, list) and len(a) == len(b) and \
            all(same_value(x, y) for x, y in zip(a, b))
    if isinstance(a, (str, bool)) or isinstance(b, (str, bool)) or a is None or b is None:
        return a == b and type(a) is type(b)
    return float(a) == float(b)


def random_case(cratebox, scene_path, seed, tmp, stats):
    rng = random.Random(seed)
    scene = load_scene(scene_path)
    steps = rng.choice([120, 240, 300, 360, 480, 600])
    lines, seen = generate_apart(rng, scene, steps, scene_path)
    stats.update(seen)
    events_case(cratebox, scene_path, lines, steps, tmp, "%d" % seed)


def generate(rng, scene, steps, scene_path):
    """(the events, what they did) of a random script on a scene."""
    try:
        script = Script(rng, scene, steps, scene_path)
    except reference.Stopped:  # the scene's script stops the world as it is built: no event is ever applied
        return [], {"stopped by the script"}
    lines = script.generate()
    return lines, script.stats


def generate_apart(rng, scene, steps, scene_path):
    """generate() in a child process: the reference world that follows the
    events lives in this one, and Chipmunk (a debug build) aborts the whole
    process at a failed assertion, which must fail one case, not the run."""
    if not hasattr(os, "fork"):
        return generate(rng, scene, steps, scene_path)
    sys.stdout.flush()
    sys.stderr.flush()
    rfd, wfd = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: the events as JSON on the pipe
        os.close(rfd)
        code = 1
        try:
            lines, seen = generate(rng, scene, steps, scene_path)
            with os.fdopen(wfd, "w") as f:
                json.dump({"lines": lines, "stats": sorted(seen)}, f)
            code = 0
        except BaseException:  # noqa: B902 (said on stderr, then the case fails)
            traceback.print_exc()
        finally:
            sys.stderr.flush()
            os._exit(code)
    os.close(wfd)
    with os.fdopen(rfd) as f:
        data = f.read()
    _, status = os.waitpid(pid, 0)
    if status != 0 or not data:
        raise CaseFailure("the generator's reference world failed (wait status %d): Chipmunk aborted or the "
                          "generator raised; its lines are on stderr above" % status)
    got = json.loads(data)
    return got["lines"], set(got["stats"])


def events_case(cratebox, scene_path, lines, steps, tmp, tag):
    """cratebox runs the events and records a journal, which must hold them
    all; the reference must replay it to the same hashes."""
    events = os.path.join(tmp, "events-%s.jsonl" % tag)
    journal = os.path.join(tmp, "random-%s.jsonl" % tag)
    write_events(events, lines)
    proc = run_cratebox(cratebox, ["simulate", scene_path, "--steps", str(steps),
                                   "--events", events, "--record", journal])
    try:
        stop = cratebox_stop(proc)
        if stop:
            stopped_events_case(scene_path, lines, stop, journal, steps, tmp, tag)
        else:
            cb = cratebox_hash(proc)
            recorded, checkpoints, end = read_journal(journal)
            if not same_events(lines, recorded):
                raise CaseFailure("cratebox journaled %d events of the %d scripted" % (len(recorded), len(lines)))
            if end != (steps, cb):
                raise CaseFailure("cratebox's journal ends with %r, its output says hash %s" % (end, cb))
            check_reference_on_journal(journal)
    except CaseFailure:
        if KEEP:
            for f in (events, journal):
                if os.path.exists(f):
                    shutil.copy(f, os.path.join(KEEP, os.path.basename(f)))
        raise
    os.remove(events)
    if os.path.exists(journal):
        os.remove(journal)


def journal_header(scene_path):
    """A journal's header line for a scene (replay-format.md: the scene's
    text and its SHA-256, and its script's text)."""
    with open(scene_path, "rb") as f:
        text = f.read().decode("utf-8")
    head = {"format": "cratebox/replay@1", "sceneFile": os.path.basename(scene_path),
            "sceneSha256": hashlib.sha256(text.encode("utf-8")).hexdigest(), "stepSize": 1.0 / 120.0}
    script = reference.read_script(load_scene(scene_path), scene_path)
    if script is not None:
        head["scriptText"] = script.decode("utf-8")
        modules = reference.read_modules(load_scene(scene_path), scene_path, script)
        if modules:
            head["modules"] = [{"name": n, "text": modules[n].decode("utf-8")} for n in sorted(modules, key=lambda n: n.encode())]
    head["scene"] = text
    return json.dumps(head, separators=(",", ":")).encode()


def stopped_events_case(scene_path, lines, stop, journal, steps, tmp, tag):
    """Events on a world a script stopped at step N (scene-format.md 16.5):
    cratebox's journal holds no end line and ends with its last checkpoint
    line before the stop, the events after that checkpoint not kept
    (replay-format.md, scriptText), and the reference replays it to that
    checkpoint; and the reference runs every scripted event (a journal of
    cratebox's header, the events, its checkpoints and an end it never
    reaches) to the same stop."""
    header = None
    if os.path.exists(journal):
        with open(journal, "rb") as f:
            header = f.read().split(b"\n", 1)[0]
        recorded, checkpoints, _ = read_journal(journal)
        check_stopped_journal(journal)
    else:  # stopped as it was built: no journal is written
        recorded, checkpoints = [], {}
    kept = max(checkpoints) if checkpoints else 0
    if not same_events(recorded, [e for e in lines if e["step"] < kept]):
        raise CaseFailure("cratebox journaled %d events of the %d scripted, stopped at step %d, its last "
                          "checkpoint at %d" % (len(recorded), len(lines), stop[1], kept))
    if header is None:
        header = journal_header(scene_path)
    else:
        check_reference_on_journal(journal, stopped=True)
    full = os.path.join(tmp, "whole-%s.jsonl" % tag)
    with open(full, "wb") as f:
        f.write(header + b"\n")
        for obj in lines + [{"step": s, "checkpoint": h} for s, h in sorted(checkpoints.items())]:
            f.write(json.dumps(obj, separators=(",", ":")).encode() + b"\n")
        f.write(json.dumps({"end": steps, "hash": "0" * 16}).encode() + b"\n")
    rc, _, _, said = run_reference(full)
    check_stop(stop[0], rc, said, "on every scripted event")
    os.remove(full)


def broken_events_case(cratebox, tmp, steps):
    """The thrown chains with events after the links broke (step 25): every
    link removed, the odd ones first (each takes its two joints with it, in
    the order of the joints list, which the breaks have thinned), a reset
    that mends the links (which break again), a tilt, the ground removed
    (with its joints left), and a spawn."""
    path = thrown_chains(tmp)
    scene = load_scene(path)
    index = {b["id"]: i for i, b in enumerate(scene["bodies"]) if "id" in b}
    links = [(c, l) for c in range(8) for l in range(10) if "c%dl%d" % (c, l) in index]
    if len(links) != 80:
        raise CaseFailure("chains.json no longer has 8 chains of 10 links c0l0 ... c7l9")
    order = [x for x in links if x[1] % 2 == 1] + [x for x in links if x[1] % 2 == 0]
    lines = [{"step": 40 + 4 * k, "event": "remove", "body": index["c%dl%d" % x]}
             for k, x in enumerate(order)]
    lines += [{"step": 380, "event": "reset"},
              {"step": 440, "event": "tilt", "x": 0.25, "y": -1},
              {"step": 480, "event": "remove", "body": index["ground"]},
              {"step": 500, "event": "spawn", "x": 0, "y": 100}]
    events_case(cratebox, path, lines, steps, tmp, "thrown-chains")


CONTROLS_PROBE = os.path.join(HERE, "scenes", "controls.json")


def controls_events_case(cratebox, tmp, steps):
    """The controls probe scene (scene-format.md section 14) with a script
    that walks through section 14.3: motors sharing a key and two keys on one
    motor (releasing one leaves the other's rate, a button's included),
    thrusters (one off its centre) and a local servo, a winch clamped at both ends by bindings
    sharing a step, the breakable motor broken by a key and its key released
    after, key events on targets removed (a servo body, the car's chassis
    with its motors, the lander, the hook), a reset with nine triggers held
    (the motors' bindings applied again in file order), events at the end step."""
    scene = load_scene(CONTROLS_PROBE)
    index = {b["id"]: i for i, b in enumerate(scene["bodies"])}

    def key(step, name, down):
        return {"step": step, "event": "key", "key": name, "down": down}

    def button(step, name, down):
        return {"step": step, "event": "key", "button": name, "down": down}

    lines = [key(0, "Right", True), key(0, "Up", True), key(0, "W", True),
             key(30, "Left", True), key(40, "Q", True), key(60, "Right", False), button(70, "x", True),
             key(80, "Left", False), key(90, "Up", False), key(100, "B", True),
             key(130, "B", False), key(130, "N", True), key(135, "Q", False), key(135, "S", True),
             button(150, "y", True), key(165, "S", False), key(170, "D", True), key(190, "Keypad 5", True),
             {"step": 200, "event": "remove", "body": index["tankDriver"]},
             key(210, "Keypad 5", False), key(220, "Left Shift", True), key(220, "Right Shift", True),
             button(240, "stickleft", True),
             {"step": 260, "event": "remove", "body": index["chassis"]},
             key(260, "Right", True), {"step": 270, "event": "tilt", "x": 0.5, "y": -1},
             {"step": 300, "event": "reset"}, key(300, "Up", True),
             key(360, "Right", False), key(370, "Up", False), button(380, "a", True),
             {"step": 400, "event": "remove", "body": index["lander"]}, button(420, "a", False),
             {"step": 450, "event": "remove", "body": index["hook"]}, key(460, "W", False),
             key(500, "B", True), {"step": 500, "event": "spawn", "x": 700, "y": 600},
             key(520, "B", False), button(540, "dpup", True), button(550, "y", False),
             {"step": 560, "event": "reset"}, key(600, "Left Shift", False), button(600, "dpup", False)]
    # The script must mean what it says: the spinner's motor breaks twice.
    world = reference.World(scene)
    breaks = 0
    for e in lines:
        while world.step_count < e["step"]:
            n = len(world.joints)
            world.step()
            breaks += n - len(world.joints)
        world.apply(e)
    if breaks != 2:
        raise CaseFailure("the spinner's motor broke %d times in the script, not twice" % breaks)
    events_case(cratebox, CONTROLS_PROBE, lines, steps, tmp, "controls")


SCRIPT_PROBE = os.path.join(HERE, "scenes", "script-collisions.json")
MAKING_PROBE = os.path.join(HERE, "scenes", "script-making.json")  # 16.11: what a script makes and removes
# 16.5, 16.7, 16.12: the pointer and clicks, a body's frame and arbiters, contact points moved, shapes' boxes
FRAMES_PROBE = os.path.join(HERE, "scenes", "script-frames.json")


def script_events_case(cratebox, tmp, steps):
    """The script probe (scene-format.md 16.5, 16.7) with bodies in contact
    removed (a ball resting in the sensor on the ground, the sensor with
    balls in it, the ground under the rest: separate calls made by
    removals, delivered before the next step(world)), a crate on the belt
    cut by the knife, keys and a button its script reads, a reset (a fresh
    state, its handlers again), a spawn, a grab and an explosion."""
    scene = load_scene(SCRIPT_PROBE)
    index = {b["id"]: i for i, b in enumerate(scene["bodies"]) if "id" in b}

    def key(step, name, down, kind="key"):
        return {"step": step, "event": "key", kind: name, "down": down}

    lines = [key(0, "Right", True), key(30, "Right", False), key(60, "Left", True), key(80, "Space", True),
             key(90, "Left", False), key(110, "Space", False),
             {"step": 150, "event": "remove", "body": index["b3"]},
             {"step": 180, "event": "slice", "a": None, "b": None},
             {"step": 220, "event": "remove", "body": index["zone"]},
             key(260, "a", True, "button"), key(300, "a", False, "button"), {"step": 330, "event": "reset"},
             {"step": 450, "event": "spawn", "x": 400, "y": 400},
             {"step": 470, "event": "grab", "body": index["b2"], "x": None, "y": None},
             {"step": 480, "event": "remove", "body": index["ground"]},
             {"step": 490, "event": "drag", "x": 300, "y": 300}, {"step": 520, "event": "release"},
             {"step": 540, "event": "explode", "at": [400, 100], "radius": 300, "impulse": 50000}]
    # The knife's line and the grab's point where those bodies are then;
    # and the script must mean what it says: removals separate contacts.
    world = reference.World(scene, reference.read_script(scene, SCRIPT_PROBE))
    removals = 0
    for e in lines:
        while world.step_count < e["step"]:
            try:
                world.step()
            except reference.Stopped as exc:
                raise CaseFailure("the probe's script stopped the reference's world: %s" % exc)
        if e["event"] == "slice":
            p = reference.cpBodyGetPosition(world.bodies[index["c1"]].body)
            e["a"], e["b"] = [p.x + 1, p.y - 80], [p.x - 1, p.y + 80]
        elif e["event"] == "grab":
            p = reference.cpBodyGetPosition(world.bodies[e["body"]].body)
            e["x"], e["y"] = p.x, p.y
        world.apply(e)
        removals += sum(1 for q in world.script.queue if q[-1])
    if removals < 6:
        raise CaseFailure("only %d separate calls were made by removals: the case tests too little" % removals)
    events_case(cratebox, SCRIPT_PROBE, lines, steps, tmp, "script-probe")


def frames_events_case(cratebox, tmp, steps):
    """The frames probe (scene-format.md 16.5, 16.7, 16.12) with the pointer
    moved (the follower pulled after it), clicks on bodies (pushed at the
    click, a crate dropped there) and between them, two clicks in one step,
    keys bound for the script alone (14.2: Space hops, button a spins) and
    the thruster's, keys no control binds and each button's press and release
    for the input functions (16.13: a tap inside one step, a key held across a
    reset), a tilt (world:gravity, the balloon), a click then a
    reset in one step (the pointer kept, the click seen by the step after
    the reset, not by the top level), a reset with the pointer away from
    (0, 0), and a removal of bodies in contact."""
    scene = load_scene(FRAMES_PROBE)
    index = {b["id"]: i for i, b in enumerate(scene["bodies"]) if "id" in b}

    def at(step, kind, x, y):
        return {"step": step, "event": kind, "x": x, "y": y}

    def key(step, name, down, kind="key"):
        return {"step": step, "event": "key", kind: name, "down": down}

    def button(step, x, y, which, down):
        return {"step": step, "event": "click", "x": x, "y": y, "button": which, "down": down}

    lines = [at(0, "pointer", 300.5, 500), key(20, "Space", True), key(25, "K", True), key(25, "K", False),
             at(40, "click", None, None), button(45, 200, 100, "left", True), button(45, 201, 99, "left", False),
             at(60, "pointer", 120, 80.25), key(61, "Space", False), key(70, "a", True, "button"),
             at(90, "click", 700, 500), at(90, "click", None, None), button(95, 50, 60, "middle", False),
             key(100, "Right", True), key(100, "Keypad 7", True),
             {"step": 120, "event": "tilt", "x": 0.4, "y": -0.8}, key(140, "a", False, "button"),
             at(150, "click", None, None), {"step": 150, "event": "reset"}, at(200, "pointer", 760, 40),
             key(210, "Space", True), {"step": 240, "event": "tilt", "x": -1, "y": 0.5},
             at(260, "click", None, None), {"step": 300, "event": "remove", "body": index["wheel"]},
             at(330, "click", 400, 45), button(331, 400, 45, "right", False), {"step": 360, "event": "reset"},
             key(380, "Right", False), at(400, "pointer", 50, 550), key(400, "Keypad 7", False), key(420, "Space", False), at(450, "click", None, None),
             {"step": 480, "event": "remove", "body": index["ground"]}, at(500, "click", 400, 300),
             at(540, "pointer", -1000, 2000), at(600, "click", 10, 10)]
    # A click with no point: on a body where it is then (the lopsided one,
    # the crate, the follower, in turn).
    targets = ["lopsided", "crate", "follower", "lopsided", "pair", "crate"]
    world = reference.World(scene, reference.read_script(scene, FRAMES_PROBE))
    clicked = 0
    for e in lines:
        while world.step_count < e["step"]:
            clicked += world.clicked
            try:
                world.step()
            except reference.Stopped as exc:
                raise CaseFailure("the probe's script stopped the reference's world: %s" % exc)
        if e.get("x", 0) is None:
            p = reference.cpBodyGetPosition(world.bodies[index[targets.pop(0)]].body)
            e["x"], e["y"] = p.x, p.y
        world.apply(e)
    if clicked != 7:
        raise CaseFailure("the probe's steps saw %d clicks, not 7" % clicked)
    events_case(cratebox, FRAMES_PROBE, lines, steps, tmp, "frames-probe")


def has_controls(path):
    try:
        return bool(load_scene(path).get("controls"))
    except (OSError, ValueError):
        return False


def quiet_chipmunk_banner():
    """Chipmunk (a debug build) prints a banner on C's stdout at its first
    cpSpaceNew in a process; the scripts' reference worlds live in this one.
    Make that first space now, with C's stdout on /dev/null."""
    sys.stdout.flush()
    saved = os.dup(1)
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, 1)
        reference.cpSpaceNew()
    finally:
        os.dup2(saved, 1)
        os.close(saved)
        os.close(devnull)


def script_cases(cratebox, scripted, demos, count, first_seed, stats):
    """scene-format.md section 16: each scene with a script, the probes'
    events, and `count` random scripts on those scenes, the probes and
    Chipmunk's demos with scripts (`demos`, Scenes/chipmunk) in turn (the
    probes, among Tests/Reference/scenes, and the demos, among
    Scenes/chipmunk, run as scenes there)."""
    cases = []
    for p in scripted:
        cases.append(("script scene %s (%d steps)" % (os.path.relpath(p, ROOT), SCENE_STEPS),
                      lambda tmp, p=p: scene_case(cratebox, p, SCENE_STEPS, tmp)))
    cases.append(("script events on %s: removals of bodies in contact, a cut, keys, a reset (%d steps)"
                  % (os.path.relpath(SCRIPT_PROBE, ROOT), SCENE_STEPS),
                  lambda tmp: script_events_case(cratebox, tmp, SCENE_STEPS)))
    cases.append(("script events on %s: the pointer, clicks, keys of the script's, tilts, resets (%d steps)"
                  % (os.path.relpath(FRAMES_PROBE, ROOT), SCENE_STEPS),
                  lambda tmp: frames_events_case(cratebox, tmp, SCENE_STEPS)))
    pool = scripted + [SCRIPT_PROBE, MAKING_PROBE, FRAMES_PROBE] + demos
    for k in range(count):
        seed = first_seed + k
        scene = pool[k % len(pool)]
        cases.append(("script random events seed %d on %s" % (seed, os.path.relpath(scene, ROOT)),
                      lambda tmp, s=scene, seed=seed: random_case(cratebox, s, seed, tmp, stats)))
    return cases


# --------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description="cratebox against the independent reference")
    ap.add_argument("--cratebox", default=os.path.join(ROOT, ".build", "debug", "cratebox"))
    ap.add_argument("--random", type=int, default=100, help="random event journals (default 100)")
    ap.add_argument("--random-chipmunk", type=int, default=None, metavar="M",
                    help="random event journals on the scenes of scene-format.md section 13 "
                         "(default: as many as --random)")
    ap.add_argument("--random-controls", type=int, default=None, metavar="K",
                    help="random event journals with key events on the scenes with controls "
                         "(scene-format.md section 14; default: half of --random)")
    ap.add_argument("--random-water", type=int, default=None, metavar="W",
                    help="random event journals (with slices and explosions) on the scenes with water and "
                         "planets (scene-format.md section 15; default: an eighth of --random)")
    ap.add_argument("--random-scripts", type=int, default=None, metavar="L",
                    help="random event journals on the scenes with scripts (scene-format.md section 16; "
                         "default: a quarter of --random)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the first random journal (default 1)")
    ap.add_argument("--only", metavar="REGEX", default=None,
                    help="run only the cases whose name matches (re.search)")
    ap.add_argument("--keep", metavar="DIR", default=None,
                    help="copy the events and journals of failing event cases to DIR")
    ap.add_argument("-v", "--verbose", action="store_true", help="print every case")
    args = ap.parse_args()
    global KEEP
    KEEP = args.keep
    cratebox = os.path.abspath(args.cratebox)

    shipped = sorted(glob.glob(os.path.join(ROOT, "Scenes", "*.json")))
    golden = sorted(glob.glob(os.path.join(ROOT, "Tests", "Fixtures", "replays", "*.jsonl")))
    valid = sorted(glob.glob(os.path.join(ROOT, "Tests", "Fixtures", "valid", "*.json")))
    probes = sorted(glob.glob(os.path.join(HERE, "scenes", "*.json")))
    chipmunk = sorted(glob.glob(os.path.join(ROOT, "Scenes", "chipmunk", "*.json")))
    n_additions = args.random if args.random_chipmunk is None else args.random_chipmunk
    playable = [p for p in shipped if os.path.basename(p) != "pile.json"]
    # Section 14: the controls probe, then the shipped scenes that bind keys
    # (car, walker, crane, tank, thrusters, when they are there).
    controls_pool = [CONTROLS_PROBE] + [p for p in shipped if has_controls(p)]
    n_controls = args.random // 2 if args.random_controls is None else args.random_controls
    n_water = args.random // 8 if args.random_water is None else args.random_water
    # Section 16: the scenes with scripts (each script beside its scene).
    scripted = sorted(glob.glob(os.path.join(ROOT, "Tests", "Fixtures", "scripts", "*.json")))
    n_scripts = args.random // 4 if args.random_scripts is None else args.random_scripts

    cases = []
    for p in shipped:
        n = PILE_STEPS if os.path.basename(p) == "pile.json" else SCENE_STEPS
        cases.append(("scene %s (%d steps)" % (os.path.relpath(p, ROOT), n),
                      lambda tmp, p=p, n=n: scene_case(cratebox, p, n, tmp)))
    for p in golden:
        cases.append(("journal %s" % os.path.relpath(p, ROOT), lambda tmp, p=p: golden_case(p)))
    for p in valid:
        cases.append(("scene %s (%d steps)" % (os.path.relpath(p, ROOT), SCENE_STEPS),
                      lambda tmp, p=p: scene_case(cratebox, p, SCENE_STEPS, tmp)))
    for p in probes:
        cases.append(("scene %s (%d steps)" % (os.path.relpath(p, ROOT), SCENE_STEPS),
                      lambda tmp, p=p: scene_case(cratebox, p, SCENE_STEPS, tmp)))
    for p in chipmunk:
        cases.append(("scene %s (%d steps)" % (os.path.relpath(p, ROOT), SCENE_STEPS),
                      lambda tmp, p=p: scene_case(cratebox, p, SCENE_STEPS, tmp)))
    cases.append(("scene Scenes/chipmunk/chains.json, ball thrown at %s (%d steps)" % (THROWN_VELOCITY, SCENE_STEPS),
                  lambda tmp: broken_case(cratebox, tmp, SCENE_STEPS)))
    cases.append(("events on Scenes/chipmunk/chains.json, ball thrown at %s: links removed after the breaks, "
                  "reset, ground removed (%d steps)" % (THROWN_VELOCITY, SCENE_STEPS),
                  lambda tmp: broken_events_case(cratebox, tmp, SCENE_STEPS)))
    stats = set()
    for k in range(args.random):
        seed = args.seed + k
        scene = random.Random(seed * 7919).choice(playable)
        cases.append(("random events seed %d on %s" % (seed, os.path.relpath(scene, ROOT)),
                      lambda tmp, s=scene, seed=seed: random_case(cratebox, s, seed, tmp, stats)))
    additions_stats = set()
    for k in range(n_additions):
        seed = args.seed + k
        scene = ADDITIONS_POOL[k % len(ADDITIONS_POOL)]
        if scene == "THROWN":
            name = "Scenes/chipmunk/chains.json thrown at %s" % THROWN_VELOCITY
            path = lambda tmp: thrown_chains(tmp)  # noqa: E731
        else:
            name = scene
            path = lambda tmp, scene=scene: os.path.join(ROOT, scene)  # noqa: E731
        cases.append(("random events seed %d on %s" % (seed, name),
                      lambda tmp, path=path, seed=seed: random_case(cratebox, path(tmp), seed, tmp,
                                                                    additions_stats)))

    cases.append(("events on %s: key events through every rule of section 14.3 (%d steps)"
                  % (os.path.relpath(CONTROLS_PROBE, ROOT), SCENE_STEPS),
                  lambda tmp: controls_events_case(cratebox, tmp, SCENE_STEPS)))
    controls_stats = set()
    for k in range(n_controls):
        seed = args.seed + k
        # The probe every other time; the driving scenes in turn between.
        if k % 2 == 0 or len(controls_pool) == 1:
            scene = CONTROLS_PROBE
        else:
            scene = controls_pool[1 + (k // 2) % (len(controls_pool) - 1)]
        cases.append(("random events with keys seed %d on %s" % (seed, os.path.relpath(scene, ROOT)),
                      lambda tmp, s=scene, seed=seed: random_case(cratebox, s, seed, tmp, controls_stats)))

    # Section 15: water.json (polygons, a circle, a capsule and a raft of
    # five shapes in water) every other time, the probe and planet.json between.
    water_stats = set()
    for k in range(n_water):
        seed = args.seed + k
        scene = WATER_POOL[k % len(WATER_POOL)]
        cases.append(("random events seed %d on %s" % (seed, scene),
                      lambda tmp, s=os.path.join(ROOT, scene), seed=seed: random_case(cratebox, s, seed, tmp,
                                                                                       water_stats)))

    script_stats = set()
    demos = [p for p in chipmunk if "script" in load_scene(p)]
    cases += script_cases(cratebox, scripted, demos, n_scripts, args.seed, script_stats)

    if args.only is not None:
        cases = [(name, fn) for name, fn in cases if re.search(args.only, name)]
    if KEEP:
        os.makedirs(KEEP, exist_ok=True)
    quiet_chipmunk_banner()
    passed = failed = 0
    start = time.time()
    with tempfile.TemporaryDirectory(prefix="cratebox-compare-") as tmp:
        for name, fn in cases:
            try:
                fn(tmp)
                passed += 1
                if args.verbose:
                    print("ok: %s" % name, flush=True)
            except CaseFailure as exc:
                failed += 1
                print("FAIL: %s: %s" % (name, exc), flush=True)
            except (subprocess.TimeoutExpired, OSError, ValueError, KeyError) as exc:
                failed += 1
                print("FAIL: %s: %s: %s" % (name, type(exc).__name__, exc), flush=True)
    wanted = {"tilt", "spawn", "grab", "drag", "release", "remove", "reset", "grab spawned",
              "remove spawned", "remove held", "reset while holding", "drag while holding",
              "same step", "slice", "explode", "explode reaching a body"}
    for count, what, seen, more in ((args.random, "random scripts", stats,
                                     {"slice held", "slice cutting several", "slice a piece", "slice jointed",
                                      "grab piece", "remove piece"}),
                                    (n_additions, "random scripts on section 13 scenes", additions_stats,
                                     {"joint broken", "reset mending a break", "remove jointed"}),
                                    (n_controls, "random scripts with keys", controls_stats,
                                     {"key down", "key up", "button", "keys held together",
                                      "key up back to a held key's motor", "reset while keys held",
                                      "remove bound", "key on a target gone", "joint broken",
                                      "joint broken while a key is held"}),
                                    (n_water, "random scripts on water and planets", water_stats,
                                     {"slice a file body", "slice a piece", "grab piece"}),
                                    (n_scripts, "random scripts on scenes with scripts", script_stats,
                                     {"key down", "key up", "stopped by the script", "separate by a removal",
                                      "made by the script", "removed by the script", "pointer", "click",
                                      "pointer on a body", "click on a body", "reset after a click"})):
        if count and args.only is None:
            missing = sorted((wanted | more) - seen)
            if args.verbose or missing:
                print("%s covered: %s%s" % (what, ", ".join(sorted(seen)),
                      "; never: " + ", ".join(missing) if missing else ""))
    if args.verbose:
        print("%.1f s" % (time.time() - start))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
