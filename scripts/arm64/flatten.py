#!/usr/bin/env python3
"""Flattens a cratebox scene (docs/scene-format.md) into the plain text that
scripts/arm64/stepper.c reads, with every default and shorthand resolved, so
that a plain C program can build it in the normative construction order
(sections 9 and 13) without Swift and without a JSON parser.

    flatten.py OUTDIR SCENE.json...    OUTDIR/0.flat, 1.flat, ...; prints
                                       `N ok NAME` or `N skip NAME: REASON`

Numbers are written exactly: doubles as C99 hex floats (float.hex()), which
strtod reads back to the same bits (-0.0 and inf included).
Only what changes a run without events is kept: controls act through key
events only (section 14), `look`, `trace`, `view`, `sound`, ids and labels
make no Chipmunk call. A scene with a script, or with a key this flattener
does not know, is refused (skipped), never approximated.
"""

import json
import math
import sys


class Skip(Exception):
    pass


def _parse_int(token):
    # scene-format.md section 2: an integer token is the double of its value; "-0" is negative zero.
    if token.lstrip("-") == "0" and token.startswith("-"):
        return -0.0
    return int(token)


def _no_constant(name):
    raise Skip("JSON does not allow %s" % name)


def num(x):
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        raise Skip("expected a number, got %r" % (x,))
    return float(x)


def integer(x):
    if isinstance(x, bool):
        raise Skip("expected an integer, got %r" % (x,))
    if isinstance(x, float) and x == math.floor(x):
        return int(x)
    if not isinstance(x, int):
        raise Skip("expected an integer, got %r" % (x,))
    return x


def vec(p):
    if not isinstance(p, list) or len(p) != 2:
        raise Skip("expected [x, y], got %r" % (p,))
    return (num(p[0]), num(p[1]))


def h(x):
    """A double, exactly (strtod reads hex floats and inf)."""
    x = float(x)
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return x.hex()


# Keys the flattener knows; anything else is a reason to skip the scene.
TOP_KEYS = {"format", "$schema", "name", "bounds", "gravity", "walls", "iterations", "damping", "sleepTime",
            "spatialHash", "spawn", "bodies", "joints", "controls", "fluids", "attractors", "view", "origin",
            "collisionSlop", "collisionBias", "collisionPersistence", "idleSpeedThreshold", "rightClick"}
BODY_KEYS = {"id", "type", "position", "angle", "velocity", "angularVelocity", "mass", "density", "shapes", "box",
             "look", "animation", "moment", "trace"}
SHAPE_KEYS = {"box", "circle", "polygon", "segment", "radius", "offset", "friction", "elasticity", "sensor",
              "group", "categories", "mask", "surfaceVelocity", "oneWay", "sound"}
JOINT_KEYS = {"id", "type", "a", "b", "maxForce", "collide", "maxBias", "errorBias", "breakForce", "anchor",
              "anchorA", "anchorB", "distance", "min", "max", "restLength", "stiffness", "damping", "rate",
              "grooveA", "restAngle", "phase", "ratchet", "ratio"}
NAMED_TIMING = {
    "linear": (0.0, 0.0, 1.0, 1.0),
    "easeIn": (0.42, 0.0, 1.0, 1.0),
    "easeOut": (0.0, 0.0, 0.58, 1.0),
    "easeInEaseOut": (0.42, 0.0, 0.58, 1.0),
    "default": (0.25, 0.1, 0.25, 1.0),
}
TYPES = {"dynamic": 0, "kinematic": 1, "static": 2}


def unknown(obj, known, what):
    extra = sorted(set(obj) - known)
    if extra:
        raise Skip("%s: keys the stepper does not build: %s" % (what, ", ".join(extra)))


def shapes_of(spec):
    if "box" in spec and "shapes" not in spec:
        return [{"box": spec["box"]}]
    shapes = spec.get("shapes")
    if not isinstance(shapes, list) or not shapes:
        raise Skip("a body without shapes")
    return shapes


def c_round(x):  # C round(): half away from zero
    a = abs(x)
    r = math.floor(a)
    if a - r >= 0.5:
        r += 1.0
    return math.copysign(r, x)


def track_line(a):
    """replay-format.md, Animation tracks: the track with its defaults."""
    prop = a["property"]
    is_pos = prop == "position"
    values = a["values"]
    m = len(values) - 1
    if is_pos:
        v = [vec(p) for p in values]
    else:
        v = [num(x) for x in values]
    k = [num(x) for x in a["keyTimes"]] if "keyTimes" in a else [float(j) / float(m) for j in range(m + 1)]
    funcs = a.get("timingFunctions", ["linear"] * m)
    if len(k) != m + 1 or len(funcs) != m:
        raise Skip("animation: counts do not match")
    f = [NAMED_TIMING[x] if isinstance(x, str) else tuple(num(c) for c in x) for x in funcs]
    d = num(a["duration"])
    b = num(a.get("beginTime", 0))
    o = num(a.get("timeOffset", 0))
    rep = a.get("repeat", 1)
    n = math.inf if rep == "forever" else num(rep)
    ar = a.get("autoreverses", False)
    cumulative = False
    if not is_pos and not ar and v[m] != v[0] and n > 1:
        T = (v[m] - v[0]) / (2.0 * 3.141592653589793)
        cumulative = abs(T - c_round(T)) < 1e-9
    out = ["anim", "1" if is_pos else "0", str(m), h(d), h(b), h(o), h(n), "1" if ar else "0",
           "1" if cumulative else "0"]
    out += [h(x) for x in k]
    for cp in f:
        out += [h(c) for c in cp]
    for x in v:
        out += [h(x[0]), h(x[1])] if is_pos else [h(x)]
    return " ".join(out)


def shape_line(x):
    unknown(x, SHAPE_KEYS, "shape")
    kinds = [k for k in ("box", "circle", "polygon", "segment") if k in x]
    if len(kinds) != 1:
        raise Skip("a shape without exactly one geometry")
    kind = kinds[0]
    if kind == "box":
        geo = ["box", h(num(x["box"][0])), h(num(x["box"][1])), h(num(x.get("radius", 0)))]
    elif kind == "circle":
        ox, oy = vec(x.get("offset", [0, 0]))
        geo = ["circle", h(num(x["circle"])), h(ox), h(oy)]
    elif kind == "polygon":
        pts = [vec(p) for p in x["polygon"]]
        geo = ["polygon", h(num(x.get("radius", 0))), str(len(pts))] + [h(c) for p in pts for c in p]
    else:
        (ax, ay), (bx, by) = vec(x["segment"][0]), vec(x["segment"][1])
        geo = ["segment", h(ax), h(ay), h(bx), h(by), h(num(x.get("radius", 1)))]
    sensor = x.get("sensor", False)
    tail = [h(num(x.get("friction", 0.5))), h(num(x.get("elasticity", 0.8))), "1" if sensor is True else "0"]
    if "group" in x or "categories" in x or "mask" in x:
        tail += ["1", str(integer(x.get("group", 0))), str(integer(x.get("categories", 0xFFFFFFFF))),
                 str(integer(x.get("mask", 0xFFFFFFFF)))]
    else:
        tail += ["0", "0", "0", "0"]
    if "surfaceVelocity" in x:
        tail += ["1"] + [h(c) for c in vec(x["surfaceVelocity"])]
    else:
        tail += ["0", "0", "0"]
    if "oneWay" in x:
        tail += ["1"] + [h(c) for c in vec(x["oneWay"])]
    else:
        tail += ["0", "0", "0"]
    return "shape " + " ".join(geo + tail)


def body_lines(spec):
    unknown(spec, BODY_KEYS, "body")
    btype = spec.get("type", "dynamic")
    t = TYPES[btype]
    shapes = shapes_of(spec)
    px, py = vec(spec["position"])
    vx, vy = vec(spec.get("velocity", [0, 0]))
    mass_kind, mass, moment = 0, 0.0, 0.0
    if btype == "dynamic":
        if "moment" in spec:
            mass_kind, mass = 3, num(spec["mass"])
            moment = math.inf if spec["moment"] == "infinite" else num(spec["moment"])
        elif "mass" in spec:
            mass_kind, mass = 1, num(spec["mass"])
        elif "density" in spec:
            mass_kind, mass = 2, num(spec["density"])
        else:
            raise Skip("a dynamic body without mass or density")
    anim = spec.get("animation")
    head = ["body", str(t), h(px), h(py), h(num(spec.get("angle", 0))), h(vx), h(vy),
            h(num(spec.get("angularVelocity", 0))), str(mass_kind), h(mass), h(moment), str(len(shapes)),
            "1" if anim is not None else "0"]
    lines = [" ".join(head)] + [shape_line(x) for x in shapes]
    if anim is not None:
        lines.append(track_line(anim))
    return lines


JOINT_PARAMS = {  # type -> (flat kind, the keys in constructor order)
    "pin": ("pin", ["anchorA", "anchorB"]),
    "slide": ("slide", ["anchorA", "anchorB", "min", "max"]),
    "spring": ("spring", ["anchorA", "anchorB", "restLength", "stiffness", "damping"]),
    "motor": ("motor", ["rate"]),
    "groove": ("groove", ["grooveA", "anchorB"]),
    "rotarySpring": ("rotarySpring", ["restAngle", "stiffness", "damping"]),
    "rotaryLimit": ("rotaryLimit", ["min", "max"]),
    "ratchet": ("ratchet", ["phase", "ratchet"]),
    "gear": ("gear", ["phase", "ratio"]),
}


def joint_line(j, ids):
    unknown(j, JOINT_KEYS, "joint")
    t = j["type"]

    def ref(name):
        if name == "world":
            return -1
        if name not in ids:
            raise Skip("a joint names no body %r" % (name,))
        return ids[name]

    params = []
    if t == "pivot":
        if "anchor" in j:
            kind = "pivot1"
            params = list(vec(j["anchor"]))
        else:
            kind = "pivot2"
            params = list(vec(j["anchorA"])) + list(vec(j["anchorB"]))
    elif t in JOINT_PARAMS:
        kind, keys = JOINT_PARAMS[t]
        for key in keys:
            v = j[key]
            if key == "grooveA":
                params += list(vec(v[0])) + list(vec(v[1]))
            elif isinstance(v, list):
                params += list(vec(v))
            else:
                params.append(num(v))
        if t == "pin" and "distance" in j:
            kind = "pindist"
            params.append(num(j["distance"]))
    else:
        raise Skip("joint type %r" % (t,))
    a, b = ref(j["a"]), ref(j["b"])
    collide = j.get("collide", False) is True or a < 0 or b < 0
    out = ["joint", kind, str(a), str(b), h(num(j["maxForce"]) if "maxForce" in j else math.inf),
           "1" if collide else "0"]
    for key in ("maxBias", "errorBias", "breakForce"):
        out += ["1", h(num(j[key]))] if key in j else ["0", "0"]
    out += [str(len(params))] + [h(p) for p in params]
    return " ".join(out)


def crunner_supports(scene, bodies, spawn):
    """Sources/ReferenceRunner/CRunnerWorld.swift's `supports`, on the JSON."""
    for spec in bodies + [spawn]:
        if "moment" in spec or "animation" in spec:
            return False
        for x in shapes_of(spec):
            if any(k in x for k in ("group", "categories", "mask", "surfaceVelocity", "oneWay", "collisionType")):
                return False
    for j in scene.get("joints", []):
        if any(k in j for k in ("maxBias", "errorBias", "breakForce")):
            return False
        if j["type"] not in ("pivot", "pin", "slide", "spring", "motor"):
            return False
    origin = scene.get("origin", [0, 0])
    if num(origin[0]) != 0 or num(origin[1]) != 0:
        return False
    return not any(k in scene for k in ("fluids", "attractors", "script", "collisionSlop", "collisionBias",
                                        "collisionPersistence", "idleSpeedThreshold"))


def flatten(scene, name):
    if not isinstance(scene, dict) or scene.get("format") != "cratebox/scene@1":
        raise Skip("not a cratebox/scene@1 scene")
    if "script" in scene:
        raise Skip("has a script (section 16: Lua)")
    unknown(scene, TOP_KEYS, "scene")
    lines = ["cratebox-flat 1", "name " + name]
    gx, gy = vec(scene.get("gravity", [0, -1000]))
    lines.append("space %d %s %s %s" % (integer(scene.get("iterations", 10)), h(gx), h(gy),
                                        h(num(scene.get("damping", 1)))))
    if scene.get("sleepTime") is not None:
        lines.append("sleep " + h(num(scene["sleepTime"])))
    if scene.get("spatialHash") is not None:
        sh = scene["spatialHash"]
        lines.append("spatialhash %s %d" % (h(num(sh["cellSize"])), integer(sh["cells"])))
    for key, word in (("collisionSlop", "slop"), ("collisionBias", "bias")):
        if key in scene:
            lines.append("%s %s" % (word, h(num(scene[key]))))
    if "collisionPersistence" in scene:
        lines.append("persistence %d" % integer(scene["collisionPersistence"]))
    if "idleSpeedThreshold" in scene:
        lines.append("idle " + h(num(scene["idleSpeedThreshold"])))
    bodies = scene.get("bodies", [])
    spawn = scene.get("spawn", {"box": [32, 32], "mass": 100})
    if any("oneWay" in x for spec in bodies + [spawn] for x in shapes_of(spec)):
        lines.append("oneway")
    walls = scene.get("walls", True)
    if walls is not False:
        walls = {} if walls is True else walls
        ox, oy = vec(scene.get("origin", [0, 0]))
        w, hh = num(scene["bounds"][0]), num(scene["bounds"][1])
        lines.append("walls %s %s %s %s %s %s %s" % (h(ox), h(oy), h(w), h(hh), h(num(walls.get("radius", 1))),
                                                  h(num(walls.get("friction", 0.5))),
                                                  h(num(walls.get("elasticity", 0.8)))))
    ids = {b["id"]: i for i, b in enumerate(bodies) if "id" in b}
    lines.append("bodies %d" % len(bodies))
    for spec in bodies:
        lines += body_lines(spec)
    joints = scene.get("joints", [])
    lines.append("joints %d" % len(joints))
    lines += [joint_line(j, ids) for j in joints]
    fluids = scene.get("fluids", [])
    lines.append("fluids %d" % len(fluids))
    for f in fluids:
        (x0, y0), (x1, y1) = vec(f["min"]), vec(f["max"])
        lines.append("fluid " + " ".join(h(v) for v in (x0, y0, x1, y1, num(f["density"]),
                                                       num(f.get("linearDrag", 2)), num(f.get("angularDrag", 2)))))
    attractors = scene.get("attractors", [])
    lines.append("attractors %d" % len(attractors))
    for a in attractors:
        ax, ay = vec(a["position"])
        lines.append("attractor " + " ".join(h(v) for v in (ax, ay, num(a["strength"]), num(a.get("radius", 1)))))
    lines.append("crunner %d" % (1 if crunner_supports(scene, bodies, spawn) else 0))
    lines.append("end")
    return "\n".join(lines) + "\n"


def flatten_file(path, out):
    """Writes OUT and returns None, or returns why the scene is skipped."""
    name = path.split("Scenes/")[-1]
    try:
        with open(path, "rb") as f:
            data = f.read()
        if data.startswith(b"\xef\xbb\xbf"):
            data = data[3:]
        scene = json.loads(data.decode("utf-8"), parse_int=_parse_int, parse_constant=_no_constant)
        text = flatten(scene, name)
    except Skip as exc:
        return str(exc)
    except (KeyError, IndexError, TypeError, ValueError) as exc:
        return "cannot read it: %r" % (exc,)
    with open(out, "w") as f:
        f.write(text)
    return None


def main(argv):
    """flatten.py OUTDIR SCENE.json...: OUTDIR/N.flat for the N-th scene, and
    one line per scene on stdout: `N ok NAME` or `N skip NAME: REASON`."""
    if len(argv) < 2:
        sys.stderr.write("usage: flatten.py OUTDIR SCENE.json...\n")
        return 64
    outdir = argv[1]
    for n, path in enumerate(argv[2:]):
        name = path.split("Scenes/")[-1]
        why = flatten_file(path, "%s/%d.flat" % (outdir, n))
        print("%d ok %s" % (n, name) if why is None else "%d skip %s: %s" % (n, name, why))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
