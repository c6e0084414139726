"""The tables world:spawn and world:addJoint read (docs/scene-format.md
16.11), for the reference's scripts (script.py): a Lua table becomes JSON (a
table keyed 1 to n, n at least 1, an array, any other an object, so an empty
table is `{}`; no key but strings in an object, no value but numbers,
strings, booleans and such tables, no number that is not finite, no text
that is not UTF-8, at most 20 levels inside the table and 1 MiB), and the
JSON is read by the scene reader's rules (sections 4 to 6, 13, 15.3, 16.8,
16.10; a spawned body has no animation and no one-way shape) before the body
or joint is made by reference.py, as section 9 makes it.

The documents give the reader's rules but few of its messages word for word
("missing required key"); a refusal here says what it found, in words of
its own, which a world stopped with one marks as vague (script_making.py):
what the documents fix (whether it is refused, where the script stops) is
compared, not the words."""

import json
import math

import lupa.lua54

DEPTH, SIZE = 20, 1 << 20


class ReadError(Exception):
    """A refusal: its message, and whether the documents give its words."""

    def __init__(self, message, exact=False):
        Exception.__init__(self, message)
        self.exact = exact


# --------------------------------------------------------------------------
# A Lua table as JSON (16.11)

def to_json(value, skip=(), depth=0):
    """The Python value of the JSON a Lua value becomes; `skip`: keys of the
    top table left out (addJoint's `a` and `b`); `depth`: how many levels
    inside the top table the value is (its entries are 1: a value, table or
    not, more than 20 inside is refused)."""
    if depth > DEPTH:
        raise ReadError("a table given as a body or joint is nested more than %d deep" % DEPTH)
    kind = lupa.lua54.lua_type(value)
    if kind == "table":
        items = [(k, v) for k, v in value.items() if k not in skip]
        keys = [k for k, _ in items]
        if items and all(isinstance(k, int) and not isinstance(k, bool) for k in keys) and \
                sorted(keys) == list(range(1, len(keys) + 1)):
            return [to_json(v, (), depth + 1) for _, v in sorted(items, key=lambda kv: kv[0])]
        if not all(isinstance(k, bytes) for k in keys):
            raise ReadError("a table given as a body or joint is a sequence or has string keys only")
        out = {}
        for k, v in sorted(items):  # keys in byte order
            out[text(k)] = to_json(v, (), depth + 1)
        return out
    if kind is not None:  # a function, a userdata, a thread
        raise ReadError("a %s cannot be part of a body or joint" % kind)
    if isinstance(value, bool) or isinstance(value, int):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ReadError("a number given in a body or joint is not finite")
        return value
    if isinstance(value, bytes):
        return text(value)
    raise ReadError("a userdata cannot be part of a body or joint")  # a body or joint value (lupa gives it back)


def text(b):
    try:
        return b.decode("utf-8")
    except UnicodeDecodeError:
        raise ReadError("a string given in a body or joint is not UTF-8")


def check_size(obj):
    if len(json.dumps(obj, separators=(",", ":"), ensure_ascii=False).encode()) > SIZE:
        raise ReadError("a table given as a body or joint is over 1 MiB as JSON")


# --------------------------------------------------------------------------
# The reader's rules

def _isnum(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool)


class Reader:
    """Reads one object; `where` is its path ("the body", "the joint")."""

    def __init__(self, where):
        self.where = where

    def fail(self, path, msg):
        raise ReadError("%s%s: %s" % (self.where, path, msg))

    def keys(self, obj, path, known, required=()):
        if not isinstance(obj, dict):
            self.fail(path, "must be an object")
        for k in required:
            if k not in obj:
                self.fail(path, 'missing required key "%s"' % k)
        for k in obj:
            if k not in known:
                self.fail(path, 'unknown key "%s" (expected one of: %s)' % (k, ", ".join(known)))

    def number(self, obj, key, path, lo, hi, lo_open=False, default=None):
        if key not in obj:
            return default
        x = obj[key]
        if not _isnum(x):
            self.fail(path + "." + key, "must be a number")
        x = float(x)
        if x < lo or x > hi or (lo_open and x == lo):
            self.fail(path + "." + key, "must be %s %r and at most %r, got %r" % (
                "above" if lo_open else "at least", lo, hi, x))
        return x

    def whole(self, obj, key, path, lo, hi):
        x = self.number(obj, key, path, lo, hi)
        if x is not None and x != math.floor(x):
            self.fail(path + "." + key, "must be a whole number")
        return x

    def point(self, p, path, limit=1e6):
        if not isinstance(p, list) or len(p) != 2 or not all(_isnum(c) for c in p):
            self.fail(path, "must be [x, y]")
        if any(abs(float(c)) > limit for c in p):
            self.fail(path, "each coordinate must be within %g" % limit)
        return float(p[0]), float(p[1])

    def boolean(self, obj, key, path):
        if key in obj and not isinstance(obj[key], bool):
            self.fail(path + "." + key, "must be true or false")
        return obj.get(key, False)

    def name(self, obj, key, path, lo, hi):
        if key in obj:
            v = obj[key]
            if not isinstance(v, str) or not lo <= len(v) <= hi:
                self.fail(path + "." + key, "must be a string of %d to %d characters" % (lo, hi))
        return obj.get(key)

    def lua_name(self, obj, key, path):
        v = obj.get(key)
        if v is not None and not (isinstance(v, str) and 1 <= len(v) <= 64 and v.isascii()
                                  and v.replace("_", "a").isalnum() and not v[0].isdigit()):
            self.fail(path + "." + key, "must name a global function of the script: a Lua name of 1 to 64 "
                      "letters, digits and _, not starting with a digit")
        return v


BODY_KEYS = ("id", "type", "position", "angle", "velocity", "angularVelocity", "mass", "density", "moment",
             "shapes", "box", "look", "animation", "trace", "velocityFunction", "positionFunction")
GEOMETRY = ("box", "circle", "polygon", "segment")
SHAPE_KEYS = GEOMETRY + ("radius", "offset", "friction", "elasticity", "sensor", "group", "categories", "mask",
                         "surfaceVelocity", "oneWay", "collisionType", "mass", "density")


def _hexcolour(s):
    return len(s) == 7 and s[0] == "#" and all(c in "0123456789abcdefABCDEF" for c in s[1:])


def read_body(obj, polygon_ok, area_of):
    """Section 4 (with 13.2, 15.3 and 16.8): the body's spec, or ReadError.
    `polygon_ok(points)` is section 5's polygon check; `area_of(shape)` a
    shape's area as section 9 computes it."""
    r = Reader("the body")
    r.keys(obj, "", BODY_KEYS, ("position",))
    r.name(obj, "id", "", 1, 100)
    if obj.get("id") == "world":
        r.fail(".id", '"world" is reserved for the static body joints can attach to')
    kind = obj.get("type", "dynamic")
    if kind not in ("dynamic", "kinematic", "static"):
        r.fail(".type", 'must be "dynamic", "kinematic" or "static"')
    r.point(obj["position"], ".position")
    r.number(obj, "angle", "", -1e6, 1e6)
    if "velocity" in obj:
        r.point(obj["velocity"], ".velocity")
    r.number(obj, "angularVelocity", "", -1e6, 1e6)
    if kind == "static" and (any(float(c) != 0 for c in obj.get("velocity", [0, 0]))
                             or float(obj.get("angularVelocity", 0)) != 0):
        r.fail("", "a static body cannot move")
    shapes_given = obj.get("shapes") if isinstance(obj.get("shapes"), list) else []
    own = any(isinstance(x, dict) and ("mass" in x or "density" in x) for x in shapes_given)
    if not own:
        _mass_keys(r, obj, kind)
    if "look" in obj:
        look = obj["look"]
        if not isinstance(look, str) or not (look in ("crate", "ball", "plain") or _hexcolour(look)):
            r.fail(".look", 'must be "crate", "ball", "plain" or a colour "#rrggbb"')
    r.boolean(obj, "trace", "")
    if "animation" in obj:  # 16.11: its clock is the build's; for the scene's bodies
        r.fail(".animation", "is for the scene's bodies (its clock is the build's)")
    for key in ("velocityFunction", "positionFunction"):
        if r.lua_name(obj, key, "") is not None and kind != "dynamic":
            r.fail("." + key, "is for dynamic bodies only")
    if ("shapes" in obj) == ("box" in obj):
        r.fail("", 'give either "shapes" or the shorthand "box", not both' if "box" in obj else
               'missing required key "shapes"')
    shapes = [{"box": obj["box"]}] if "box" in obj else obj["shapes"]
    if not isinstance(shapes, list) or not shapes:
        r.fail(".shapes", "must be an array of at least one shape")
    if kind == "dynamic" and len(shapes) > 1000:
        r.fail(".shapes", "a dynamic body holds at most 1000 shapes")
    for n, x in enumerate(shapes):
        _shape(r, x, "" if "box" in obj else ".shapes[%d]" % n, polygon_ok)
    if own:
        _own_masses(r, obj, kind, shapes, area_of)
    else:
        _mass_rule(r, obj, shapes, area_of)
    return obj


def _own_masses(r, obj, kind, shapes, area_of):
    """Section 13.3: shapes' own masses, checked with their body in the documented order."""
    if kind != "dynamic":
        r.fail(".shapes", '"mass" is for a dynamic body\'s shapes only')
    if "mass" in obj or "density" in obj or "moment" in obj:
        r.fail("", 'the shapes give their own masses: give none of "mass", "density" and "moment" on the body')
    total = 0.0
    for x in shapes:
        if "mass" in x:
            total = total + float(x["mass"])
        elif "density" in x:
            m = float(x["density"]) * area_of(x)
            if not m >= 1e-6:
                r.fail(".shapes", "a shape's density gives it a mass below 1e-06")
            total = total + m
        else:
            r.fail(".shapes", 'every shape of the body gives "mass" or "density" when one does')
    if not total <= 1e12:
        r.fail("", "the shapes' masses add up to more than 1e12")


def _mass_keys(r, obj, kind):
    mass = r.number(obj, "mass", "", 1e-6, 1e12)
    density = r.number(obj, "density", "", 0.0, 1e12, lo_open=True)
    if "moment" in obj:
        m = obj["moment"]
        if m != "infinite":
            r.number(obj, "moment", "", 1e-6, 1e30)
    if kind == "dynamic":
        if (mass is None) == (density is None):
            r.fail("", 'a dynamic body needs "mass" or "density"' if mass is None else
                   'give "mass" or "density", not both')
        if "moment" in obj and mass is None:
            r.fail(".moment", 'goes with "mass" only')
    elif mass is not None or density is not None or "moment" in obj:
        r.fail("", '"mass", "density" and "moment" are for dynamic bodies only')


def _shape(r, x, path, polygon_ok):
    """A shape (sections 5 and 13.3); the shorthand "box" is the shape
    {"box": [w, h]} at the body's own path."""
    r.keys(x, path, SHAPE_KEYS)
    kinds = [k for k in GEOMETRY if k in x]
    if len(kinds) != 1:
        r.fail(path, "needs exactly one of box, circle, polygon and segment")
    kind = kinds[0]
    if kind == "box":
        w, h = r.point(x["box"], path + ".box")
        if not (0.001 <= w <= 1e6 and 0.001 <= h <= 1e6):
            r.fail(path + ".box", "width and height must be from 0.001 to 1e6")
    elif kind == "circle":
        r.number(x, "circle", path, 0.001, 1e6)
        if "radius" in x:
            r.fail(path + ".radius", "a circle's number is its radius")
        if "offset" in x:
            r.point(x["offset"], path + ".offset")
    else:
        pts = x[kind]
        if not isinstance(pts, list):
            r.fail(path + "." + kind, "must be an array of points")
        for i, p in enumerate(pts):
            r.point(p, "%s.%s[%d]" % (path, kind, i))
        if kind == "polygon" and not (3 <= len(pts) <= 64 and polygon_ok([(float(a), float(b)) for a, b in pts])):
            r.fail(path + ".polygon", "must be 3 to 64 points, convex, counter-clockwise")
        if kind == "segment":
            if len(pts) != 2:
                r.fail(path + ".segment", "must be two points")
            (ax, ay), (bx, by) = pts
            if math.sqrt((bx - ax) ** 2 + (by - ay) ** 2) < 0.001:
                r.fail(path + ".segment", "its ends must be at least 0.001 apart")
    if kind != "circle":
        r.number(x, "radius", path, 0.0, 1e6)
        if "offset" in x:
            r.fail(path + ".offset", "is for circles only")
    r.number(x, "friction", path, 0.0, 1e6)
    r.number(x, "elasticity", path, 0.0, 1.0)
    r.boolean(x, "sensor", path)
    r.number(x, "mass", path, 1e-6, 1e12)  # 13.3: a shape's own mass or density
    r.number(x, "density", path, 0.0, 1e12, lo_open=True)
    if "mass" in x and "density" in x:
        r.fail(path, 'give "mass" or "density", not both')
    r.whole(x, "group", path, 0, 2 ** 31 - 1)
    r.whole(x, "categories", path, 0, 2 ** 32 - 1)
    r.whole(x, "mask", path, 0, 2 ** 32 - 1)
    if "surfaceVelocity" in x:
        r.point(x["surfaceVelocity"], path + ".surfaceVelocity")
    if "oneWay" in x:  # 16.11: its handler is the build's; for the scene's bodies
        r.fail(path + ".oneWay", "is for the scene's bodies (the build makes its handler)")
    if "collisionType" in x:
        t = x["collisionType"]
        if not isinstance(t, str) or not 1 <= len(t.encode()) <= 64 or t == "*":
            r.fail(path + ".collisionType", 'must be a name of 1 to 64 bytes other than "*"')


def _mass_rule(r, obj, shapes, area_of):
    """Section 8, Mass: with several shapes and `mass`, or with `density`,
    the total area is above 0 (and density x area within 1e-6 ... 1e12)."""
    if obj.get("type", "dynamic") != "dynamic" or "moment" in obj:
        return
    if "mass" in obj and len(shapes) == 1:
        return
    total = 0.0
    for x in shapes:
        total = total + area_of(x)
    if not total > 0:
        r.fail("", "the shapes' total area must be above 0")
    if "density" in obj:
        m = float(obj["density"]) * total
        if not 1e-6 <= m <= 1e12:
            r.fail("", "density %r gives a mass of %r; it must be between 1e-06 and 1e12" % (obj["density"], m))


JOINT_COMMON = ("id", "type", "a", "b", "maxForce", "collide", "maxBias", "errorBias", "breakForce", "preSolve",
                "postSolve")
# Per type: its keys (section 6, 13.4, 16.10), the required ones first.
JOINT_TYPES = {
    "pivot": ((), ("anchor", "anchorA", "anchorB")),
    "pin": (("anchorA", "anchorB"), ("distance",)),
    "slide": (("anchorA", "anchorB", "min", "max"), ()),
    "spring": (("anchorA", "anchorB", "restLength", "stiffness", "damping"), ("forceFunction",)),
    "motor": (("rate",), ()),
    "groove": (("grooveA", "anchorB"), ()),
    "rotarySpring": (("restAngle", "stiffness", "damping"), ("torqueFunction",)),
    "rotaryLimit": (("min", "max"), ()),
    "ratchet": (("phase", "ratchet"), ()),
    "gear": (("phase", "ratio"), ()),
}
ANGLE_KEYS = ("restAngle", "phase", "ratchet")


def read_joint(obj, kind_a, kind_b, turns):
    """Section 6 (with 13.4 and 16.10) for a joint whose `a` and `b` the
    script gave as bodies (their types; "world" for the world's static
    body): the joint's spec, or ReadError. `turns(end)`: whether that end is
    a dynamic body with a finite moment."""
    r = Reader("the joint")
    t = obj.get("type") if isinstance(obj, dict) else None
    if t not in JOINT_TYPES:
        r.keys(obj, "", JOINT_COMMON, ("type",))
        r.fail(".type", "must be one of %s" % ", ".join(JOINT_TYPES))
    required, optional = JOINT_TYPES[t]
    r.keys(obj, "", JOINT_COMMON + required + optional, required)
    r.name(obj, "id", "", 1, 100)
    r.number(obj, "maxForce", "", 0.0, 1e300)
    r.boolean(obj, "collide", "")
    r.number(obj, "maxBias", "", 0.0, 1e300)
    r.number(obj, "errorBias", "", 0.0, 1.0)
    r.number(obj, "breakForce", "", 0.0, 1e300, lo_open=True)
    for key in ("preSolve", "postSolve", "forceFunction", "torqueFunction"):
        r.lua_name(obj, key, "")
    if "postSolve" in obj and "breakForce" in obj:
        r.fail(".postSolve", "not with breakForce (its post-solve is cratebox's)")
    for key in ("anchor", "anchorA", "anchorB"):
        if key in obj:
            r.point(obj[key], "." + key)
    if t == "pivot" and ("anchor" in obj) == ("anchorA" in obj or "anchorB" in obj) or \
            t == "pivot" and ("anchorA" in obj) != ("anchorB" in obj):
        r.fail("", 'a pivot has "anchor", or both "anchorA" and "anchorB"')
    _joint_numbers(r, obj, t)
    if "dynamic" not in (kind_a, kind_b):
        r.fail("", "neither body is dynamic; a joint needs at least one dynamic body to act on")
    if t in ("gear", "ratchet", "motor", "rotarySpring", "rotaryLimit") and not (turns("a") or turns("b")):
        r.fail("", "neither body can turn")
    return obj


def _joint_numbers(r, obj, t):
    r.number(obj, "distance", "", 0.001, 1e6)
    if t == "slide":
        lo, hi = r.number(obj, "min", "", 0.0, 1e6), r.number(obj, "max", "", 0.0, 1e6)
        if hi < lo:
            r.fail(".max", "must be at least min")
    if t == "rotaryLimit":
        lo, hi = r.number(obj, "min", "", -1e6, 1e6), r.number(obj, "max", "", -1e6, 1e6)
        if hi < lo:
            r.fail(".max", "must be at least min")
    r.number(obj, "restLength", "", 0.0, 1e6)
    r.number(obj, "stiffness", "", 0.0, 1e12)
    r.number(obj, "damping", "", 0.0, 1e12)
    r.number(obj, "rate", "", -1e6, 1e6)
    for key in ANGLE_KEYS:
        r.number(obj, key, "", -1e6, 1e6)
    if t == "ratchet" and float(obj["ratchet"]) == 0:
        r.fail(".ratchet", "must not be 0")
    if t == "gear":
        ratio = r.number(obj, "ratio", "", -1e6, 1e6)
        if abs(ratio) < 1e-6:
            r.fail(".ratio", "must be 1e-6 to 1e6 either way")
    if t == "groove":
        g = obj["grooveA"]
        if not isinstance(g, list) or len(g) != 2:
            r.fail(".grooveA", "must be two points")
        (ax, ay), (bx, by) = r.point(g[0], ".grooveA[0]"), r.point(g[1], ".grooveA[1]")
        if math.sqrt((bx - ax) ** 2 + (by - ay) ** 2) < 0.001:
            r.fail(".grooveA", "its ends must be at least 0.001 apart")
