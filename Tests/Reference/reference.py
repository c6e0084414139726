#!/usr/bin/env python3
"""Independent reference implementation of cratebox's scene and replay formats.

Written only from docs/scene-format.md ("cratebox/scene@1": construction order
and state hash) and docs/replay-format.md ("cratebox/replay@1": events, steps,
animation, the `key` event, and the `pointer` and `click` events of a scene
with a script), with scene-format.md section 14 (controls),
section 15 (water and planets: a step's item 4, the `slice` and `explode`
events) and section 16 (scripts: script.py, on Lua 5.4 through lupa),
calling libchipmunk 7.0.3 directly through ctypes. It shares no code with
cratebox, so agreement between the two is evidence that the documents are
complete and that cratebox follows them.

    reference.py SCENE.json [--steps N]     run a scene (default 600 steps)
    reference.py JOURNAL.jsonl              replay and verify a journal

It prints `step S hash H` at every step that is a multiple of 120 and
`hash H` as its last line. For a journal it compares every checkpoint and the
end hash with the journal's and stops with
`diverged at step S: expected X, got Y` (exit 1) at the first mismatch.
A world a script stops (scene-format.md 16.5, 16.7) ends with
`stop NAME.lua:LINE: what (step N)` (exit 3), after the hashes of the steps
it ran, and after a line `vague "TEXT"` for each part of it whose words the
documents do not give (16.11's refusals: compare.py matches the rest).
Exit 2: a file it cannot read or something it does not support.
A scene's script is read beside the scene file; a journal's is its header's
`scriptText` (replay-format.md).
"""

import argparse
import ctypes
import ctypes.util
import hashlib
import json
import math
import os
import platform
import re
import struct
import sys

if __name__ == "__main__":
    # docs/math.md's functions, not the C library's, for Chipmunk, Lua and Python (refmath.py).
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import refmath
    refmath.ensure_preloaded()

# --------------------------------------------------------------------------
# Chipmunk through ctypes

_lib = ctypes.CDLL("libchipmunk.so.7")


class cpVect(ctypes.Structure):
    _fields_ = [("x", ctypes.c_double), ("y", ctypes.c_double)]


class cpTransform(ctypes.Structure):
    _fields_ = [(n, ctypes.c_double) for n in ("a", "b", "c", "d", "tx", "ty")]


class _cpBodyHead(ctypes.Structure):
    # The start of struct cpBody (chipmunk_structs.h, 7.0.3): water's and
    # planets' pushes write f, t and w as cpBodyApplyForceAtWorldPoint and
    # cpBodySetAngularVelocity do, without their cpBodyActivate.
    _fields_ = [("velocity_func", ctypes.c_void_p), ("position_func", ctypes.c_void_p),
                ("m", ctypes.c_double), ("m_inv", ctypes.c_double),
                ("i", ctypes.c_double), ("i_inv", ctypes.c_double),
                ("cog", cpVect), ("p", cpVect), ("v", cpVect), ("f", cpVect),
                ("a", ctypes.c_double), ("w", ctypes.c_double), ("t", ctypes.c_double),
                ("transform", cpTransform)]


def body_push(body, fx, fy, px, py):
    b = ctypes.cast(body, ctypes.POINTER(_cpBodyHead)).contents
    b.f = cpVect(b.f.x + fx, b.f.y + fy)
    t = b.transform
    cog = b.cog
    # cpTransformPoint(t, cog) = (a*x + c*y + tx, b*x + d*y + ty)
    rx = px - (t.a * cog.x + t.c * cog.y + t.tx)
    ry = py - (t.b * cog.x + t.d * cog.y + t.ty)
    b.t = b.t + (rx * fy - ry * fx)


def body_scale_spin(body, factor):
    b = ctypes.cast(body, ctypes.POINTER(_cpBodyHead)).contents
    b.w = b.w * factor


_P = ctypes.c_void_p
_F = ctypes.c_double
_I = ctypes.c_int
_B = ctypes.c_ubyte  # cpBool


def _fn(name, restype, *argtypes):
    f = getattr(_lib, name)
    f.restype = restype
    f.argtypes = list(argtypes)
    return f


cpSpaceNew = _fn("cpSpaceNew", _P)
cpSpaceSetIterations = _fn("cpSpaceSetIterations", None, _P, _I)
cpSpaceSetGravity = _fn("cpSpaceSetGravity", None, _P, cpVect)
cpSpaceSetDamping = _fn("cpSpaceSetDamping", None, _P, _F)
cpSpaceSetSleepTimeThreshold = _fn("cpSpaceSetSleepTimeThreshold", None, _P, _F)
cpSpaceUseSpatialHash = _fn("cpSpaceUseSpatialHash", None, _P, _F, _I)
cpSpaceGetStaticBody = _fn("cpSpaceGetStaticBody", _P, _P)
cpSpaceAddBody = _fn("cpSpaceAddBody", _P, _P, _P)
cpSpaceAddShape = _fn("cpSpaceAddShape", _P, _P, _P)
cpSpaceAddConstraint = _fn("cpSpaceAddConstraint", _P, _P, _P)
cpSpaceRemoveBody = _fn("cpSpaceRemoveBody", None, _P, _P)
cpSpaceRemoveShape = _fn("cpSpaceRemoveShape", None, _P, _P)
cpSpaceRemoveConstraint = _fn("cpSpaceRemoveConstraint", None, _P, _P)
cpSpaceStep = _fn("cpSpaceStep", None, _P, _F)
cpSpaceSetCollisionSlop = _fn("cpSpaceSetCollisionSlop", None, _P, _F)
cpSpaceSetCollisionBias = _fn("cpSpaceSetCollisionBias", None, _P, _F)
cpSpaceSetCollisionPersistence = _fn("cpSpaceSetCollisionPersistence", None, _P, ctypes.c_uint)  # cpTimestamp
cpSpaceSetIdleSpeedThreshold = _fn("cpSpaceSetIdleSpeedThreshold", None, _P, _F)
cpSpaceGetCurrentTimeStep = _fn("cpSpaceGetCurrentTimeStep", _F, _P)

cpBodyNew = _fn("cpBodyNew", _P, _F, _F)
cpBodyNewKinematic = _fn("cpBodyNewKinematic", _P)
cpBodyNewStatic = _fn("cpBodyNewStatic", _P)
cpBodySetPosition = _fn("cpBodySetPosition", None, _P, cpVect)
cpBodySetAngle = _fn("cpBodySetAngle", None, _P, _F)
cpBodySetVelocity = _fn("cpBodySetVelocity", None, _P, cpVect)
cpBodySetAngularVelocity = _fn("cpBodySetAngularVelocity", None, _P, _F)
cpBodyGetPosition = _fn("cpBodyGetPosition", cpVect, _P)
cpBodyGetVelocity = _fn("cpBodyGetVelocity", cpVect, _P)
cpBodyGetAngle = _fn("cpBodyGetAngle", _F, _P)
cpBodyGetAngularVelocity = _fn("cpBodyGetAngularVelocity", _F, _P)
cpBodyGetMass = _fn("cpBodyGetMass", _F, _P)
cpBodyGetMoment = _fn("cpBodyGetMoment", _F, _P)
cpBodyGetCenterOfGravity = _fn("cpBodyGetCenterOfGravity", cpVect, _P)
cpBodyWorldToLocal = _fn("cpBodyWorldToLocal", cpVect, _P, cpVect)

cpSegmentShapeNew = _fn("cpSegmentShapeNew", _P, _P, cpVect, cpVect, _F)
cpCircleShapeNew = _fn("cpCircleShapeNew", _P, _P, _F, cpVect)
cpBoxShapeNew = _fn("cpBoxShapeNew", _P, _P, _F, _F, _F)
cpPolyShapeNew = _fn("cpPolyShapeNew", _P, _P, _I, ctypes.POINTER(cpVect), cpTransform, _F)
cpShapeSetFriction = _fn("cpShapeSetFriction", None, _P, _F)
cpShapeSetElasticity = _fn("cpShapeSetElasticity", None, _P, _F)
cpShapeSetSensor = _fn("cpShapeSetSensor", None, _P, _B)
cpShapeSetMass = _fn("cpShapeSetMass", None, _P, _F)
cpShapeSetDensity = _fn("cpShapeSetDensity", None, _P, _F)


class cpShapeFilter(ctypes.Structure):
    # chipmunk_types.h on this build: cpGroup is uintptr_t, cpBitmask unsigned int.
    _fields_ = [("group", ctypes.c_size_t), ("categories", ctypes.c_uint), ("mask", ctypes.c_uint)]


CP_ALL_CATEGORIES = 0xFFFFFFFF  # ~(cpBitmask)0
CP_NO_GROUP = 0

cpShapeSetFilter = _fn("cpShapeSetFilter", None, _P, cpShapeFilter)
cpShapeGetFilter = _fn("cpShapeGetFilter", cpShapeFilter, _P)
cpShapeSetSurfaceVelocity = _fn("cpShapeSetSurfaceVelocity", None, _P, cpVect)
cpShapeSetCollisionType = _fn("cpShapeSetCollisionType", None, _P, ctypes.c_size_t)  # cpCollisionType: uintptr_t

# Collision handlers (cpSpace.h): the one-way platforms' pre-solve.
cpCollisionPreSolveFunc = ctypes.CFUNCTYPE(_B, _P, _P, _P)  # (arbiter, space, userData) -> cpBool


class cpCollisionHandler(ctypes.Structure):
    _fields_ = [("typeA", ctypes.c_size_t), ("typeB", ctypes.c_size_t),
                ("beginFunc", _P), ("preSolveFunc", _P), ("postSolveFunc", _P),
                ("separateFunc", _P), ("userData", _P)]


cpSpaceAddWildcardHandler = _fn("cpSpaceAddWildcardHandler", ctypes.POINTER(cpCollisionHandler),
                                _P, ctypes.c_size_t)
cpArbiterGetShapes = _fn("cpArbiterGetShapes", None, _P, ctypes.POINTER(_P), ctypes.POINTER(_P))
cpArbiterGetNormal = _fn("cpArbiterGetNormal", cpVect, _P)
cpArbiterIgnore = _fn("cpArbiterIgnore", _B, _P)

cpAreaForCircle = _fn("cpAreaForCircle", _F, _F, _F)
cpAreaForSegment = _fn("cpAreaForSegment", _F, cpVect, cpVect, _F)
cpAreaForPoly = _fn("cpAreaForPoly", _F, _I, ctypes.POINTER(cpVect), _F)

cpPivotJointNew = _fn("cpPivotJointNew", _P, _P, _P, cpVect)
cpPivotJointNew2 = _fn("cpPivotJointNew2", _P, _P, _P, cpVect, cpVect)
cpPinJointNew = _fn("cpPinJointNew", _P, _P, _P, cpVect, cpVect)
cpPinJointSetDist = _fn("cpPinJointSetDist", None, _P, _F)
cpSlideJointNew = _fn("cpSlideJointNew", _P, _P, _P, cpVect, cpVect, _F, _F)
cpDampedSpringNew = _fn("cpDampedSpringNew", _P, _P, _P, cpVect, cpVect, _F, _F, _F)
cpSimpleMotorNew = _fn("cpSimpleMotorNew", _P, _P, _P, _F)
cpConstraintSetMaxForce = _fn("cpConstraintSetMaxForce", None, _P, _F)
cpConstraintSetErrorBias = _fn("cpConstraintSetErrorBias", None, _P, _F)
cpConstraintSetCollideBodies = _fn("cpConstraintSetCollideBodies", None, _P, _B)
cpConstraintSetMaxBias = _fn("cpConstraintSetMaxBias", None, _P, _F)
cpConstraintGetImpulse = _fn("cpConstraintGetImpulse", _F, _P)
cpConstraintFree = _fn("cpConstraintFree", None, _P)
cpShapeFree = _fn("cpShapeFree", None, _P)
cpBodyFree = _fn("cpBodyFree", None, _P)
cpGrooveJointNew = _fn("cpGrooveJointNew", _P, _P, _P, cpVect, cpVect, cpVect)
cpDampedRotarySpringNew = _fn("cpDampedRotarySpringNew", _P, _P, _P, _F, _F, _F)
cpRotaryLimitJointNew = _fn("cpRotaryLimitJointNew", _P, _P, _P, _F, _F)
cpRatchetJointNew = _fn("cpRatchetJointNew", _P, _P, _P, _F, _F)
cpGearJointNew = _fn("cpGearJointNew", _P, _P, _P, _F, _F)

# Controls (scene-format.md section 14.3).
cpSimpleMotorSetRate = _fn("cpSimpleMotorSetRate", None, _P, _F)
cpSlideJointGetMax = _fn("cpSlideJointGetMax", _F, _P)
cpSlideJointSetMax = _fn("cpSlideJointSetMax", None, _P, _F)
cpBodyApplyForceAtLocalPoint = _fn("cpBodyApplyForceAtLocalPoint", None, _P, cpVect, cpVect)
cpBodyGetRotation = _fn("cpBodyGetRotation", cpVect, _P)

# Breakable joints: a constraint's post-solve, and the post-step removal.
cpConstraintPostSolveFunc = ctypes.CFUNCTYPE(None, _P, _P)  # (constraint, space)
cpPostStepFunc = ctypes.CFUNCTYPE(None, _P, _P, _P)         # (space, key, data)
cpConstraintSetPostSolveFunc = _fn("cpConstraintSetPostSolveFunc", None, _P, cpConstraintPostSolveFunc)
cpSpaceAddPostStepCallback = _fn("cpSpaceAddPostStepCallback", _B, _P, cpPostStepFunc, _P, _P)

CP_TRANSFORM_IDENTITY = cpTransform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


# Water, planets, the knife and explosions (scene-format.md section 15;
# replay-format.md, "Water and planets", `slice`, `explode`). Layouts as in
# /usr/include/chipmunk: cpBB is l, b, r, t; cpSegmentQueryInfo is the shape,
# the point, the normal and alpha.
class cpBB(ctypes.Structure):
    _fields_ = [(n, ctypes.c_double) for n in ("l", "b", "r", "t")]


cpBoxShapeNew2 = _fn("cpBoxShapeNew2", _P, _P, cpBB, _F)


cpSpaceBBQueryFunc = ctypes.CFUNCTYPE(None, _P, _P)
cpSpaceBBQuery = _fn("cpSpaceBBQuery", None, _P, cpBB, cpShapeFilter, cpSpaceBBQueryFunc, _P)
cpShapeGetBody = _fn("cpShapeGetBody", _P, _P)
cpBodyGetType = _fn("cpBodyGetType", _I, _P)


class cpSegmentQueryInfo(ctypes.Structure):
    _fields_ = [("shape", _P), ("point", cpVect), ("normal", cpVect), ("alpha", ctypes.c_double)]


cpSpaceGetGravity = _fn("cpSpaceGetGravity", cpVect, _P)
cpBodyLocalToWorld = _fn("cpBodyLocalToWorld", cpVect, _P, cpVect)
cpBodyApplyImpulseAtWorldPoint = _fn("cpBodyApplyImpulseAtWorldPoint", None, _P, cpVect, cpVect)
cpBodyGetVelocityAtWorldPoint = _fn("cpBodyGetVelocityAtWorldPoint", cpVect, _P, cpVect)
cpBodyIsSleeping = _fn("cpBodyIsSleeping", _B, _P)
cpShapeGetSensor = _fn("cpShapeGetSensor", _B, _P)
cpShapeGetBB = _fn("cpShapeGetBB", cpBB, _P)
cpShapeSegmentQuery = _fn("cpShapeSegmentQuery", _B, _P, cpVect, cpVect, _F, ctypes.POINTER(cpSegmentQueryInfo))
cpShapePointQuery = _fn("cpShapePointQuery", _F, _P, cpVect, _P)  # the info pointer: NULL
cpShapeGetFriction = _fn("cpShapeGetFriction", _F, _P)
cpShapeGetElasticity = _fn("cpShapeGetElasticity", _F, _P)
cpShapeGetSurfaceVelocity = _fn("cpShapeGetSurfaceVelocity", cpVect, _P)
cpPolyShapeGetCount = _fn("cpPolyShapeGetCount", _I, _P)
cpPolyShapeGetVert = _fn("cpPolyShapeGetVert", cpVect, _P, _I)
cpPolyShapeGetRadius = _fn("cpPolyShapeGetRadius", _F, _P)
cpCircleShapeGetOffset = _fn("cpCircleShapeGetOffset", cpVect, _P)
cpCircleShapeGetRadius = _fn("cpCircleShapeGetRadius", _F, _P)
cpSegmentShapeGetA = _fn("cpSegmentShapeGetA", cpVect, _P)
cpSegmentShapeGetB = _fn("cpSegmentShapeGetB", cpVect, _P)
cpSegmentShapeGetRadius = _fn("cpSegmentShapeGetRadius", _F, _P)
cpCentroidForPoly = _fn("cpCentroidForPoly", cpVect, _I, ctypes.POINTER(cpVect))
cpMomentForPoly = _fn("cpMomentForPoly", _F, _F, _I, ctypes.POINTER(cpVect), cpVect, _F)
cpMomentForCircle = _fn("cpMomentForCircle", _F, _F, _F, _F, cpVect)
cpMomentForSegment = _fn("cpMomentForSegment", _F, _F, cpVect, cpVect, _F)


def collision_type(name):
    """scene-format.md 16.7: FNV-1a 64 of the name's bytes, top bit set; never the wildcard."""
    h = 0xcbf29ce484222325
    for byte in name.encode():
        h = ((h ^ byte) * 0x100000001b3) % 2 ** 64
    h |= 1 << 63
    return h - 1 if h == 2 ** 64 - 1 else h


class Unsupported(Exception):
    """Input the reference cannot run (bad file, unknown key value, ...)."""


class Refused(Exception):
    """An event that the replay format says must be refused."""


# --------------------------------------------------------------------------
# Numbers and JSON

D = 1.0 / 120.0          # the step, 0x1.1111111111111p-7
INF = float("inf")


def _parse_int(token):
    # An integer token is the double of the same value; "-0" is negative zero.
    if token.lstrip("-") == "0" and token.startswith("-"):
        return -0.0
    return int(token)


def _no_constant(name):
    raise Unsupported("JSON does not allow %s" % name)


def parse_json(text):
    return json.loads(text, parse_int=_parse_int, parse_constant=_no_constant)


def num(x, what="number"):
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        raise Unsupported("%s: expected a number, got %r" % (what, x))
    return float(x)  # int -> nearest double (Python rounds ties to even)


def integer(x, what="integer"):
    if isinstance(x, bool):
        raise Unsupported("%s: expected an integer, got %r" % (what, x))
    if isinstance(x, int):
        return x
    if isinstance(x, float) and math.isfinite(x) and x == math.floor(x):
        return int(x)
    raise Unsupported("%s: expected an integer, got %r" % (what, x))


def vec(p, what="point"):
    if not isinstance(p, list) or len(p) != 2:
        raise Unsupported("%s: expected [x, y], got %r" % (what, p))
    return cpVect(num(p[0], what), num(p[1], what))


def vect_array(points):
    return (cpVect * len(points))(*[vec(p, "polygon vertex") for p in points])


def c_min(a, b):  # min(a, b) is b < a ? b : a
    return b if b < a else a


def c_max(a, b):  # max(a, b) is b >= a ? b : a
    return b if b >= a else a


# C's fmax and fmin, from the C library itself: glibc's return their second
# argument when the two are equal, which decides the sign of a zero.
_libm = ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")
c_fmax = _libm.fmax
c_fmax.restype = ctypes.c_double
c_fmax.argtypes = [ctypes.c_double, ctypes.c_double]
c_fmin = _libm.fmin
c_fmin.restype = ctypes.c_double
c_fmin.argtypes = [ctypes.c_double, ctypes.c_double]


def c_round(x):  # C round(): half away from zero
    a = abs(x)
    r = math.floor(a)
    if a - r >= 0.5:
        r += 1.0
    return math.copysign(r, x)


# --------------------------------------------------------------------------
# Timing functions and animation tracks (docs/replay-format.md)

NAMED_TIMING = {
    "linear": (0.0, 0.0, 1.0, 1.0),
    "easeIn": (0.42, 0.0, 1.0, 1.0),
    "easeOut": (0.0, 0.0, 0.58, 1.0),
    "easeInEaseOut": (0.42, 0.0, 0.58, 1.0),
    "default": (0.25, 0.1, 0.25, 1.0),
}


def bez(s, p1, p2):
    c = 3.0 * p1
    b = 3.0 * (p2 - p1) - c
    a = (1.0 - c) - b
    return ((a * s + b) * s + c) * s


def slope(s, x1, x2):
    c = 3.0 * x1
    b = 3.0 * (x2 - x1) - c
    a = (1.0 - c) - b
    return ((3.0 * a) * s + 2.0 * b) * s + c


def solve(u, x1, x2):
    t = c_min(c_max(u, 0.0), 1.0)
    s = t
    for _ in range(8):  # Newton
        e = bez(s, x1, x2) - t
        if abs(e) < 1e-12:
            return s
        g = slope(s, x1, x2)
        if abs(g) < 1e-9:
            break
        nxt = s - e / g
        if nxt < 0.0 or nxt > 1.0:
            break
        s = nxt
    lo = 0.0
    hi = 1.0
    s = t  # bisection restarts from t
    for _ in range(100):
        x = bez(s, x1, x2)
        if abs(x - t) < 1e-12:
            return s
        if x < t:
            lo = s
        else:
            hi = s
        s = (lo + hi) / 2.0
        if hi - lo < 1e-15:
            break
    return s


def timing(cp, u):
    x1, y1, x2, y2 = cp
    if u <= 0:
        return 0.0
    if u >= 1:
        return 1.0
    if x1 == y1 and x2 == y2:
        return u
    return bez(solve(u, x1, x2), y1, y2)


class Track:
    def __init__(self, a):
        if not isinstance(a, dict):
            raise Unsupported("animation: expected an object")
        prop = a.get("property")
        if prop not in ("position", "angle"):
            raise Unsupported("animation.property: unsupported %r" % (prop,))
        self.is_position = prop == "position"
        values = a.get("values")
        if not isinstance(values, list) or len(values) < 2:
            raise Unsupported("animation.values: need at least two values")
        if self.is_position:
            self.v = [(num(p[0]), num(p[1])) for p in values]
        else:
            self.v = [num(x) for x in values]
        m = len(self.v) - 1
        self.m = m
        if "keyTimes" in a:
            self.k = [num(x) for x in a["keyTimes"]]
            if len(self.k) != m + 1:
                raise Unsupported("animation.keyTimes: need one per value")
        else:
            self.k = [float(j) / float(m) for j in range(m + 1)]
        funcs = a.get("timingFunctions")
        if funcs is None:
            funcs = ["linear"] * m
        if len(funcs) != m:
            raise Unsupported("animation.timingFunctions: need one per segment")
        self.f = []
        for x in funcs:
            if isinstance(x, str):
                if x not in NAMED_TIMING:
                    raise Unsupported("unknown timing function %r" % x)
                self.f.append(NAMED_TIMING[x])
            elif isinstance(x, list) and len(x) == 4:
                self.f.append(tuple(num(c) for c in x))
            else:
                raise Unsupported("timing function: %r" % (x,))
        self.d = num(a["duration"])
        self.b = num(a.get("beginTime", 0))
        self.o = num(a.get("timeOffset", 0))
        rep = a.get("repeat", 1)
        self.n = INF if rep == "forever" else num(rep)
        self.ar = a.get("autoreverses", False)
        if not isinstance(self.ar, bool):
            raise Unsupported("animation.autoreverses: expected a boolean")
        self.C = 2.0 * self.d if self.ar else self.d
        self.A = INF if self.n == INF else self.C * self.n
        self.cumulative = False
        if not self.is_position and not self.ar and self.v[m] != self.v[0] and self.n > 1:
            T = (self.v[m] - self.v[0]) / (2.0 * 3.141592653589793)
            if abs(T - c_round(T)) < 1e-9:
                self.cumulative = True

    def _mix(self, a, b, w):
        if self.is_position:
            return (a[0] + (b[0] - a[0]) * w, a[1] + (b[1] - a[1]) * w)
        return a + (b - a) * w

    def value(self, E):
        d, C, A = self.d, self.C, self.A
        v, k, m = self.v, self.k, self.m
        local = (E - self.b) + self.o
        if not (local > 0):
            p = 0.0
        else:
            t = c_min(local, A)
            r = math.fmod(t, C)
            if r == 0 and t > 0:
                r = C
            if self.ar and r > d:
                p = (C - r) / d
            else:
                p = r / d
        if p <= 0:
            val = v[0]
        elif p >= 1:
            val = v[m]
        else:
            j = 0
            while j + 1 < m and k[j + 1] <= p:
                j += 1
            if k[j + 1] <= k[j]:
                val = v[j + 1]
            else:
                u = (p - k[j]) / (k[j + 1] - k[j])
                w = timing(self.f[j], u)
                val = self._mix(v[j], v[j + 1], w)
        if self.cumulative:
            L = c_min(c_max((E - self.b) + self.o, 0.0), A)
            q = float(math.floor(L / C))  # a double, as C's floor gives
            if q > 0 and L == q * C:
                q = q - 1
            if q > 0:
                val = val + (v[m] - v[0]) * q
        return val


# --------------------------------------------------------------------------
# Water, planets, the knife (scene-format.md section 15; replay-format.md,
# "Water and planets", `slice` and `explode`)

PI = 3.141592653589793    # M_PI
TAU = 6.283185307179586   # 2 * M_PI
DBL_MIN = 2.2250738585072014e-308  # CPFLOAT_MIN, in cpvnormalize


def _array(scene, key):
    x = scene.get(key, [])
    if not isinstance(x, list) or len(x) > 100:
        raise Unsupported("%s: expected an array of at most 100" % key)
    return x


def _ranged(x, what, lo, hi, lo_open=False):
    v = num(x, what)
    if not math.isfinite(v) or v > hi or v < lo or (lo_open and v == lo):
        raise Unsupported("%s: %r is out of range" % (what, x))
    return v


def _bounded_point(p, what):
    v = vec(p, what)
    for c in (v.x, v.y):
        if not math.isfinite(c) or abs(c) > 1e6:
            raise Unsupported("%s: %r is out of range" % (what, p))
    return v.x, v.y


class Fluid:
    __slots__ = ("x0", "y0", "x1", "y1", "rho", "kl", "ka")


def parse_fluid(f, what):
    if not isinstance(f, dict):
        raise Unsupported("%s: expected an object" % what)
    x = Fluid()
    x.x0, x.y0 = _bounded_point(f["min"], what + ".min")
    x.x1, x.y1 = _bounded_point(f["max"], what + ".max")
    if not (x.x1 > x.x0 and x.y1 > x.y0):
        raise Unsupported("%s: max must be greater than min" % what)
    x.rho = _ranged(f["density"], what + ".density", 0.0, 1e12, lo_open=True)
    x.kl = _ranged(f.get("linearDrag", 2), what + ".linearDrag", 0.0, 1e6)
    x.ka = _ranged(f.get("angularDrag", 2), what + ".angularDrag", 0.0, 1e6)
    return x


def parse_attractor(a, what):
    if not isinstance(a, dict):
        raise Unsupported("%s: expected an object" % what)
    ax, ay = _bounded_point(a["position"], what + ".position")
    s = _ranged(a["strength"], what + ".strength", -1e15, 1e15)
    r = _ranged(a.get("radius", 1), what + ".radius", 0.001, 1e6)
    return (ax, ay, s, r)


def world_verts(body, shape):
    """v(i) = cpBodyLocalToWorld(body, cpPolyShapeGetVert(shape, i))."""
    return [cpBodyLocalToWorld(body, cpPolyShapeGetVert(shape, i)) for i in range(cpPolyShapeGetCount(shape))]


def varray(points):
    return (cpVect * len(points))(*[cpVect(x, y) for x, y in points])


def scene_polygon_ok(v):
    """scene-format.md's polygon check: no two vertices equal, no three
    consecutive collinear (relative 1e-12), convex and counter-clockwise,
    turning once, an area of at least 1e-6."""
    n = len(v)
    if len(set(v)) != n:
        return False
    turning = 0.0
    negative = 0
    for i in range(n):
        a, b, c = v[i], v[(i + 1) % n], v[(i + 2) % n]
        e1 = (b[0] - a[0], b[1] - a[1])
        e2 = (c[0] - b[0], c[1] - b[1])
        cross = e1[0] * e2[1] - e1[1] * e2[0]
        dot = e1[0] * e2[0] + e1[1] * e2[1]
        if abs(cross) <= 1e-12 * math.sqrt(e1[0] * e1[0] + e1[1] * e1[1]) * math.sqrt(e2[0] * e2[0] + e2[1] * e2[1]):
            return False
        if cross < 0:
            negative += 1
        turning += math.atan2(cross, dot)
    if 0 < negative or abs(turning) > 3 * math.pi:
        return False
    return cpAreaForPoly(n, varray(v), 0.0) >= 1e-6


def clip_line(v, mx, my, e):
    """The slice's P(m, e): the part of the polygon v where p . m < e."""
    count = len(v)
    piece = []
    for i in range(count):
        j = count - 1 if i == 0 else i - 1
        p = v[j]
        q = v[i]
        pd = (p.x * mx + p.y * my) - e
        qd = (q.x * mx + q.y * my) - e
        if pd < 0.0:
            piece.append((p.x, p.y))
        if pd * qd < 0.0:
            t = math.fabs(pd) / (math.fabs(pd) + math.fabs(qd))
            piece.append((p.x * (1.0 - t) + q.x * t, p.y * (1.0 - t) + q.y * t))  # cpvlerp
    return piece


def submerged_poly(body, shape, level):
    """(A, c, W) of a polygon's part below the level, or None."""
    v = world_verts(body, shape)
    count = len(v)
    piece = []
    for i in range(count):
        j = count - 1 if i == 0 else i - 1
        p = v[j]
        q = v[i]
        if p.y < level:
            piece.append((p.x, p.y))
        pl = p.y - level
        ql = q.y - level
        if pl * ql < 0.0:
            t = math.fabs(pl) / (math.fabs(pl) + math.fabs(ql))
            piece.append((p.x * (1.0 - t) + q.x * t, p.y * (1.0 - t) + q.y * t))
    k = len(piece)
    if k < 3:
        return None
    arr = varray(piece)
    A = cpAreaForPoly(k, arr, 0.0)
    c = cpCentroidForPoly(k, arr)
    return A, (c.x, c.y), lambda m, cog: cpMomentForPoly(m, k, arr, cpVect(-cog.x, -cog.y), 0.0)


def submerged_circle(body, shape, level):
    o = cpBodyLocalToWorld(body, cpCircleShapeGetOffset(shape))
    r = cpCircleShapeGetRadius(shape)
    d = level - o.y
    if d <= -r:
        return None
    if d >= r:
        A = cpAreaForCircle(0.0, r)
        c = (o.x, o.y)
    else:
        h = math.sqrt(r * r - d * d)
        A = (r * r) * math.acos((-d) / r) + d * h
        c = (o.x, o.y - ((2.0 / 3.0) * ((h * h) * h)) / A)
    return A, c, lambda m, cog: cpMomentForCircle(m, 0.0, r, cpVect(o.x - cog.x, o.y - cog.y))


def capsule_below(ax, ay, bx, by, r, level):
    """(A, cx, cy) of the capsule (every point within r of a-b) below the
    level, by Green's theorem over its clipped boundary; None if none."""
    ux = bx - ax
    uy = by - ay
    ln = math.sqrt(ux * ux + uy * uy)
    nx = (-uy) / ln
    ny = ux / ln
    t0 = math.atan2(-ny, -nx)
    pieces = [
        ("line", (ax - r * nx, ay - r * ny), (bx - r * nx, by - r * ny)),
        ("arc", bx, by, t0, t0 + PI),
        ("line", (bx + r * nx, by + r * ny), (ax + r * nx, ay + r * ny)),
        ("arc", ax, ay, t0 + PI, (t0 + PI) + PI),
    ]
    subs = []
    for pc in pieces:
        if pc[0] == "line":
            P, Q = pc[1], pc[2]
            if P[1] <= level and Q[1] <= level:
                subs.append(pc)
            elif P[1] > level and Q[1] > level:
                pass
            else:
                t = (level - P[1]) / (Q[1] - P[1])
                X = (P[0] + (Q[0] - P[0]) * t, level)
                if P[1] <= level:
                    subs.append(("line", P, X))
                else:
                    subs.append(("line", X, Q))
        else:
            _, ox, oy, t1, t2 = pc
            kk = (level - oy) / r
            if kk >= 1.0:
                subs.append(pc)
            elif kk <= -1.0:
                pass
            else:
                al = math.asin(kk)
                for sh in (-TAU, 0.0, TAU):
                    lo = c_max(t1, (PI - al) + sh)
                    hi = c_min(t2, (TAU + al) + sh)
                    if lo < hi:
                        subs.append(("arc", ox, oy, lo, hi))
    if not subs:
        return None

    def start(sp):
        if sp[0] == "line":
            return sp[1]
        return (sp[1] + r * math.cos(sp[3]), sp[2] + r * math.sin(sp[3]))

    def end(sp):
        if sp[0] == "line":
            return sp[2]
        return (sp[1] + r * math.cos(sp[4]), sp[2] + r * math.sin(sp[4]))

    acc = [0.0, 0.0, 0.0]  # A2, X6, Y6

    def line(P, Q):
        # The integrals of x dy - y dx, 3 x^2 dy and -3 y^2 dx along it (the
        # forms the arcs use; the polygon formula's terms would not match them).
        acc[0] += P[0] * Q[1] - Q[0] * P[1]
        acc[1] += (Q[1] - P[1]) * (P[0] * P[0] + P[0] * Q[0] + Q[0] * Q[0])
        acc[2] += (P[0] - Q[0]) * (P[1] * P[1] + P[1] * Q[1] + Q[1] * Q[1])

    def arc(ox, oy, t1, t2):
        s1 = math.sin(t1)
        s2 = math.sin(t2)
        c1 = math.cos(t1)
        c2 = math.cos(t2)
        dt = t2 - t1
        sc = (s2 * c2 - s1 * c1) / 2.0
        acc[0] += (r * r) * dt + (r * ox) * (s2 - s1) - (r * oy) * (c2 - c1)
        acc[1] += (3.0 * r) * ((ox * ox) * (s2 - s1) + ((2.0 * ox) * r) * (dt / 2.0 + sc)
                               + (r * r) * ((s2 - (s2 * s2 * s2) / 3.0) - (s1 - (s1 * s1 * s1) / 3.0)))
        acc[2] += (3.0 * r) * ((oy * oy) * (c1 - c2) + ((2.0 * oy) * r) * (dt / 2.0 - sc)
                               + (r * r) * ((((c2 * c2 * c2) / 3.0) - c2) - (((c1 * c1 * c1) / 3.0) - c1)))

    n = len(subs)
    for i in range(n):
        sp = subs[i]
        if sp[0] == "line":
            line(sp[1], sp[2])
        else:
            arc(sp[1], sp[2], sp[3], sp[4])
        P = end(sp)
        Q = start(subs[(i + 1) % n])
        if P != Q:  # zero terms when the points coincide
            line(P, Q)
    A2, X6, Y6 = acc
    return A2 / 2.0, X6 / (3.0 * A2), Y6 / (3.0 * A2)


def submerged_segment(body, shape, level):
    a = cpBodyLocalToWorld(body, cpSegmentShapeGetA(shape))
    b = cpBodyLocalToWorld(body, cpSegmentShapeGetB(shape))
    r = cpSegmentShapeGetRadius(shape)
    if r == 0.0:
        return None
    got = capsule_below(a.x, a.y, b.x, b.y, r, level)
    if got is None:
        return None
    A, cx, cy = got
    return A, (cx, cy), lambda m, cog: cpMomentForSegment(
        m, cpVect(a.x - cog.x, a.y - cog.y), cpVect(b.x - cog.x, b.y - cog.y), r)


SUBMERGED = {"poly": submerged_poly, "circle": submerged_circle, "segment": submerged_segment}


# --------------------------------------------------------------------------
# Scenes

DEFAULT_SPAWN = {"box": [32, 32], "mass": 100}


def shape_reach(x):
    """How far a shape reaches from its body's origin (docs: the grab)."""
    kind = shape_kind(x)
    if kind == "box":
        w, h = num(x["box"][0]), num(x["box"][1])
        return math.sqrt(w * w + h * h) / 2.0 + num(x.get("radius", 0))
    if kind == "circle":
        ox, oy = x.get("offset", [0, 0])
        return math.sqrt(num(ox) * num(ox) + num(oy) * num(oy)) + num(x["circle"])
    if kind == "polygon":
        return max(math.sqrt(num(vx) * num(vx) + num(vy) * num(vy)) for vx, vy in x["polygon"]) + num(x.get("radius", 0))
    (ax, ay), (bx, by) = x["segment"]
    return max(math.sqrt(num(ax) * num(ax) + num(ay) * num(ay)), math.sqrt(num(bx) * num(bx) + num(by) * num(by))) + num(x.get("radius", 1))


def shapes_of(spec):
    if "box" in spec and "shapes" not in spec:
        return [{"box": spec["box"]}]
    shapes = spec.get("shapes")
    if not isinstance(shapes, list) or not shapes:
        raise Unsupported("body: needs \"shapes\" (at least one) or \"box\"")
    return shapes


def shape_kind(s):
    kinds = [k for k in ("box", "circle", "polygon", "segment") if k in s]
    if len(kinds) != 1:
        raise Unsupported("shape: needs exactly one of box, circle, polygon, segment: %r" % (s,))
    return kinds[0]


def box_corners(w, h):
    hw = w / 2.0
    hh = h / 2.0
    # Counter-clockwise from the bottom-left corner (docs/replay-format.md,
    # "Box area"): the order changes the perimeter's rounding, so the mass split.
    return [[-hw, -hh], [hw, -hh], [hw, hh], [-hw, hh]]


def bounding_points(s):
    """A shape's bounding points, (x, y, radius) in body coordinates: a box's
    corners, a circle's centre, a polygon's vertices, a segment's ends."""
    kind = shape_kind(s)
    if kind == "box":
        r = num(s.get("radius", 0))
        return [(x, y, r) for x, y in box_corners(num(s["box"][0]), num(s["box"][1]))]
    if kind == "circle":
        o = s.get("offset", [0, 0])
        return [(num(o[0]), num(o[1]), num(s["circle"]))]
    if kind == "polygon":
        r = num(s.get("radius", 0))
        return [(num(p[0]), num(p[1]), r) for p in s["polygon"]]
    r = num(s.get("radius", 1))
    return [(num(p[0]), num(p[1]), r) for p in s["segment"]]


def shape_area(s):
    kind = shape_kind(s)
    if kind == "box":
        w, h = num(s["box"][0]), num(s["box"][1])
        return cpAreaForPoly(4, vect_array(box_corners(w, h)), num(s.get("radius", 0)))
    if kind == "circle":
        return cpAreaForCircle(0.0, num(s["circle"]))
    if kind == "polygon":
        pts = s["polygon"]
        return cpAreaForPoly(len(pts), vect_array(pts), num(s.get("radius", 0)))
    a, b = s["segment"]
    return cpAreaForSegment(vec(a), vec(b), num(s.get("radius", 1)))


# --------------------------------------------------------------------------
# Controls (scene-format.md section 14)

KEY_NAMES = frozenset(
    [chr(c) for c in range(ord("A"), ord("Z") + 1)] + [str(d) for d in range(10)]
    + ["Left", "Right", "Up", "Down", "Space", "Return", "Tab", "Backspace", "Delete", "Insert",
       "Home", "End", "PageUp", "PageDown", "Left Shift", "Right Shift", "Left Ctrl", "Right Ctrl",
       "Left Alt", "Right Alt"]
    + ["Keypad %d" % d for d in range(10)])
BUTTON_NAMES = frozenset(
    ["a", "b", "x", "y", "back", "guide", "start", "leftstick", "rightstick", "leftshoulder",
     "rightshoulder", "dpup", "dpdown", "dpleft", "dpright",
     "stickleft", "stickright", "stickup", "stickdown"])
MOTOR_KEYS = frozenset(["motor", "rate", "maxForce"])
THRUSTER_KEYS = frozenset(["force", "at"])
SERVO_KEYS = frozenset(["velocity", "angularVelocity", "local"])
WINCH_KEYS = frozenset(["winch", "speed"])


# scene-format.md 16.14: each event kind that is one of the sandbox's inputs, by the input's name.
SANDBOX_EVENTS = {"spawn": "spawn", "grab": "grab", "remove": "delete", "slice": "knife", "explode": "explode",
                  "tilt": "tilt"}


def sandbox_inputs(value):
    """scene-format.md 16.14: `sandbox` as {input name: on}: true (the
    default) all on, false all off, an object each named one as it says."""
    names = ("spawn", "grab", "delete", "knife", "explode", "tilt")
    if isinstance(value, bool):
        return {n: value for n in names}
    if not isinstance(value, dict) or any(k not in names or not isinstance(v, bool) for k, v in value.items()):
        raise Unsupported("sandbox: true, false or an object of %s, each true or false" % ", ".join(names))
    return {n: value.get(n, True) for n in names}


def trigger_of(obj, what):
    """("key", name) or ("button", name): a binding's or a key event's trigger.
    Raises ValueError when it has neither, both, or a name not in the lists."""
    has = [k for k in ("key", "button") if k in obj]
    if len(has) != 1:
        raise ValueError("%s: needs exactly one of key and button" % what)
    kind = has[0]
    name = obj[kind]
    if not isinstance(name, str) or name not in (KEY_NAMES if kind == "key" else BUTTON_NAMES):
        raise ValueError("%s: %r is not a %s name" % (what, name, kind))
    return (kind, name)


class Binding:
    """One entry of `controls`: its trigger, its action and the action's
    numbers, with its target as a file joint index or a file body index."""
    __slots__ = ("trigger", "action", "joint", "body", "rate", "max_force", "force", "at",
                 "velocity", "angular_velocity", "local", "speed")


def parse_controls(scene, body_ids, joint_ids):
    """scene-format.md 14.2, enough of it to map every id; refuses what it
    cannot map (Unsupported)."""
    controls = scene.get("controls", [])
    if not isinstance(controls, list) or len(controls) > 256:
        raise Unsupported("controls: expected an array of at most 256 bindings")
    joints = scene.get("joints", [])
    bodies = scene.get("bodies", [])
    out = []
    for n, c in enumerate(controls):
        what = "controls[%d]" % n
        if not isinstance(c, dict):
            raise Unsupported("%s: expected an object" % what)
        try:
            trig = trigger_of(c, what)
        except ValueError as exc:
            raise Unsupported(str(exc))
        if "label" in c and not (isinstance(c["label"], str) and 1 <= len(c["label"]) <= 40):
            raise Unsupported("%s.label: expected 1 to 40 characters" % what)
        b = Binding()
        b.trigger = trig
        keys = set(c) - {"key", "button", "label"}
        def bound_joint(action, allowed, joint_type):
            """The index of the joint a motor or winch binding names, checked."""
            b.action = action
            if not keys <= allowed:
                raise Unsupported("%s: a %s binding with %s" % (what, action, sorted(keys - allowed)))
            k = joint_ids.get(c[action])
            if k is None or joints[k].get("type") != joint_type:
                raise Unsupported("%s.%s: %r is not the id of a %s joint" % (what, action, c[action], joint_type))
            return k

        if "motor" in c:
            k = b.joint = bound_joint("motor", MOTOR_KEYS, "motor")
            b.rate = num(c["rate"], what + ".rate")
            j = joints[k]
            b.max_force = num(c["maxForce"], what + ".maxForce") if "maxForce" in c else \
                (num(j["maxForce"], "maxForce") if "maxForce" in j else INF)
        elif "winch" in c:
            b.joint = bound_joint("winch", WINCH_KEYS, "slide")
            b.speed = num(c["speed"], what + ".speed")
        elif "body" in c:
            i = body_ids.get(c["body"])
            if i is None:
                raise Unsupported("%s.body: no body has the id %r" % (what, c["body"]))
            btype = bodies[i].get("type", "dynamic")
            b.body = i
            if "force" in c or "at" in c or ("velocity" not in c and "angularVelocity" not in c
                                              and "local" not in c and btype == "dynamic"):
                b.action = "thruster"
                extra = keys - THRUSTER_KEYS - {"body"}
                if extra:
                    raise Unsupported("%s: a thruster binding with %s" % (what, sorted(extra)))
                if btype != "dynamic":
                    raise Unsupported("%s: a thruster on a %s body" % (what, btype))
                b.force = vec(c["force"], what + ".force")
                b.at = vec(c.get("at", [0, 0]), what + ".at")
            else:
                b.action = "servo"
                extra = keys - SERVO_KEYS - {"body"}
                if extra:
                    raise Unsupported("%s: a servo binding with %s" % (what, sorted(extra)))
                if btype != "kinematic" or "animation" in bodies[i]:
                    raise Unsupported("%s: a servo on a body that is not kinematic or is animated" % what)
                v = vec(c.get("velocity", [0, 0]), what + ".velocity")
                b.velocity = (v.x, v.y)
                b.angular_velocity = num(c.get("angularVelocity", 0), what + ".angularVelocity")
                b.local = c.get("local", False)
                if not isinstance(b.local, bool):
                    raise Unsupported("%s.local: expected a boolean" % what)
        elif not keys and "script" in scene:
            # 14.2: a trigger alone (and a label) in a scene with a script:
            # the script's key (world:isDown), no action of its own.
            b.action = "script"
        else:
            raise Unsupported("%s: no action (motor, thruster, servo or winch)" % what)
        out.append(b)
    return out


class Body:
    __slots__ = ("body", "shapes", "kinds", "sensors", "type", "track", "removed", "reach", "id", "funcs", "look")

    def __init__(self, body, shapes, btype, track, reach, kinds, sensors, bid=None, funcs=(None, None), look="plain"):
        self.body = body
        self.reach = reach
        self.shapes = shapes
        self.kinds = kinds      # per shape: "poly" (a box or a polygon), "circle" or "segment"
        self.sensors = sensors  # per shape: is it a sensor in the scene entry (a script may change it: 16.12)
        self.type = btype
        self.track = track
        self.removed = False
        self.id = bid        # scene-format.md 16.5: its scene id (a knife's piece has none)
        self.funcs = funcs   # 16.8: its velocity and position functions' names
        self.look = look     # 16.17: how it is drawn, in the scene format's words (a colour in lowercase)


class Stopped(Exception):
    """scene-format.md 16.5: the world stops with `NAME.lua:LINE: what (step N)`.
    `vague`: the parts of the line whose words the documents do not give
    (16.11's refusals, script.py): printed before it as `vague "TEXT"`."""
    vague = ()


def say_stop(exc):
    for text in exc.vague:
        out("vague %s" % json.dumps(text))
    out("stop %s" % exc)


def script_name(scene):
    """scene-format.md 16.5: the `script` key, a file name beside the scene."""
    name = scene["script"]
    if not isinstance(name, str) or not name.endswith(".lua") or name.startswith(".") or "/" in name \
            or "\\" in name or len(name) > 255:
        raise Unsupported("script: %r is not a .lua file name" % (name,))
    return name


class World:
    def __init__(self, scene, script_text=None, rules=2, modules=None):
        """`script_text`: the text of the scene's `script` (section 16), as
        bytes: read beside the scene, or a journal's `scriptText`. `rules`:
        replay-format.md, the header's `rules` (2 for a scene run now, 1 for a
        journal without the field)."""
        if not isinstance(scene, dict) or scene.get("format") != "cratebox/scene@1":
            raise Unsupported("not a cratebox/scene@1 scene")
        self.rules = rules
        # scene-format.md 16.18: the modules the scene carries, name -> text (bytes).
        self.script_modules = dict(modules or {})
        self._take_script(scene, script_text)
        # Section 3: `rightClick` is the window's input only ("script": a
        # right click is a `click` event, with a script only); no step changes.
        if scene.get("rightClick", "delete") not in ("delete", "script") or \
                (scene.get("rightClick") == "script" and "script" not in scene):
            raise Unsupported("rightClick: %r is not \"delete\", or \"script\" with a script" % (scene["rightClick"],))
        self.scene = scene
        # scene-format.md 16.14: the sandbox's inputs the scene leaves on (their events are refused when off).
        self.sandbox = sandbox_inputs(scene.get("sandbox", True))
        g = scene.get("gravity", [0, -1000])
        self.gravity = vec(g, "gravity")
        gx, gy = self.gravity.x, self.gravity.y
        self.G = math.sqrt(gx * gx + gy * gy)  # correctly rounded, from the scene
        bounds = scene.get("bounds")
        self.w, self.h = num(bounds[0], "bounds"), num(bounds[1], "bounds")
        # scene-format.md 13.1: the world rectangle is [ox, ox+w] x [oy, oy+h].
        origin = scene.get("origin", [0, 0])
        if not isinstance(origin, list) or len(origin) != 2:
            raise Unsupported("origin: expected [x, y], got %r" % (origin,))
        self.ox, self.oy = num(origin[0], "origin"), num(origin[1], "origin")
        self.file_bodies = scene.get("bodies", [])
        self.ids = {}
        for i, b in enumerate(self.file_bodies):
            if "id" in b:
                self.ids[b["id"]] = i
        # scene-format.md 14.1 and 14.2: joint ids, and the bindings.
        self.file_joints = scene.get("joints", [])
        self.joint_ids = {}
        for k, j in enumerate(self.file_joints):
            if "id" in j:
                jid = j["id"]
                if not isinstance(jid, str) or not 1 <= len(jid) <= 100 or jid in self.joint_ids:
                    raise Unsupported("joints[%d].id: %r is not a new id of 1 to 100 characters" % (k, jid))
                self.joint_ids[jid] = k
        self.bindings = parse_controls(scene, self.ids, self.joint_ids)
        self.triggers = set(b.trigger for b in self.bindings)
        self.held = set()  # starts empty; only key events change it; a reset keeps it
        # replay-format.md, `pointer` and `click` (a scene with a script):
        # the pointer starts at (0, 0) and a reset keeps it; `clicked` lasts
        # until the end of the coming step.
        self.pointer = (0.0, 0.0)
        self.clicked = False
        # scene-format.md 16.13: a scripted scene's key and mouse events wait,
        # in order, for its input functions before the coming step (a reset keeps them).
        self.inputs = []
        self.motor_bindings = [b for b in self.bindings if b.action == "motor"]
        self.push_bindings = [b for b in self.bindings if b.action in ("thruster", "winch")]
        # Servo bodies in the order of each one's first servo binding, with
        # its servo bindings in file order.
        self.servo_bodies = []
        self.servos_of = {}
        for b in self.bindings:
            if b.action == "servo":
                if b.body not in self.servos_of:
                    self.servos_of[b.body] = []
                    self.servo_bodies.append(b.body)
                self.servos_of[b.body].append(b)
        spawn = scene.get("spawn", DEFAULT_SPAWN)
        if not isinstance(spawn, dict):
            raise Unsupported("spawn: expected a body object")
        if spawn.get("type", "dynamic") != "dynamic":
            raise Unsupported("spawn: a spawned body must be dynamic")
        self.spawn_spec = spawn
        # scene-format.md section 15: fluids and attractors, in file order.
        self.fluids = [parse_fluid(f, "fluids[%d]" % n) for n, f in enumerate(_array(scene, "fluids"))]
        self.attractors = [parse_attractor(a, "attractors[%d]" % n)
                           for n, a in enumerate(_array(scene, "attractors"))]
        spawn_trace = spawn.get("trace", False)
        if not isinstance(spawn_trace, bool) or spawn_trace:
            raise Unsupported("spawn: trace is not allowed on the spawn body")
        for n, b in enumerate(self.file_bodies):
            if not isinstance(b.get("trace", False), bool):
                raise Unsupported("bodies[%d].trace: expected a boolean" % n)
        # scene-format.md 13.3: one wildcard handler for collision type 1 when
        # any shape of the scene (the spawn body's included) is one-way.
        self.has_one_way = any("oneWay" in x for spec in self.file_bodies + [spawn]
                               for x in shapes_of(spec))
        # The C callbacks (kept alive as long as the world: Chipmunk holds
        # only their addresses). Errors inside one are kept and raised after
        # the step (an exception cannot cross back through C).
        self._pre_solve = cpCollisionPreSolveFunc(self._one_way_pre_solve)
        self._post_solve = cpConstraintPostSolveFunc(self._break_post_solve)
        self._post_step = cpPostStepFunc(self._break_remove)
        self._callback_error = None
        self.step_count = 0
        self._old = []  # discarded spaces are simply kept alive
        self.build()

    # Construction order, steps 1 to 4 of docs/scene-format.md.
    def build(self):
        s = self.scene
        space = cpSpaceNew()
        self.space = space
        cpSpaceSetIterations(space, integer(s.get("iterations", 10), "iterations"))
        cpSpaceSetGravity(space, self.gravity)
        cpSpaceSetDamping(space, num(s.get("damping", 1), "damping"))
        sleep = s.get("sleepTime")
        if sleep is not None:
            cpSpaceSetSleepTimeThreshold(space, num(sleep, "sleepTime"))
        sh = s.get("spatialHash")
        if sh is not None:
            cpSpaceUseSpatialHash(space, num(sh["cellSize"], "spatialHash.cellSize"),
                                  integer(sh["cells"], "spatialHash.cells"))
        # scene-format.md 13.1: the solver keys, in table order, each only when present.
        if "collisionSlop" in s:
            cpSpaceSetCollisionSlop(space, num(s["collisionSlop"], "collisionSlop"))
        if "collisionBias" in s:
            cpSpaceSetCollisionBias(space, num(s["collisionBias"], "collisionBias"))
        if "collisionPersistence" in s:
            n = integer(s["collisionPersistence"], "collisionPersistence")
            if not 1 <= n <= 1000:
                raise Unsupported("collisionPersistence: %d is not in 1 ... 1000" % n)
            cpSpaceSetCollisionPersistence(space, n)
        if "idleSpeedThreshold" in s:
            cpSpaceSetIdleSpeedThreshold(space, num(s["idleSpeedThreshold"], "idleSpeedThreshold"))
        # Step 1 ends with the one-way platforms' handler (scene-format.md 13.3).
        self.one_way = {}      # shape address -> its oneWay (nx, ny), as written
        self.break_force = {}  # constraint address -> its breakForce
        if self.has_one_way:
            handler = cpSpaceAddWildcardHandler(space, 1)
            handler.contents.preSolveFunc = ctypes.cast(self._pre_solve, _P).value
        self.backings = set()  # the walls' backings' addresses (rules 2)
        walls = s.get("walls", True)
        if walls is not False:
            if walls is True:
                walls = {}
            if not isinstance(walls, dict):
                raise Unsupported("walls: expected true, false or an object")
            radius = num(walls.get("radius", 1))
            friction = num(walls.get("friction", 0.5))
            elasticity = num(walls.get("elasticity", 0.8))
            w, h = self.w, self.h
            ox, oy = self.ox, self.oy
            # Each far coordinate is one addition (scene-format.md 13.1); with
            # origin [0, 0] these are (0, 0), (w, 0), (w, h), (0, h).
            xw, yh = ox + w, oy + h
            corners = [(ox, oy), (xw, oy), (xw, yh), (ox, yh), (ox, oy)]
            static = cpSpaceGetStaticBody(space)
            for i in range(4):
                a = cpVect(*corners[i])
                b = cpVect(*corners[i + 1])
                wall = cpSegmentShapeNew(static, a, b, radius)
                cpShapeSetFriction(wall, friction)
                cpShapeSetElasticity(wall, elasticity)
                cpSpaceAddShape(space, wall)
            if self.rules >= 2:
                # Section 9, rules 2: each wall's backing, 100 points thick, after the walls.
                t, r = 100.0, radius
                ba, bb, bc = -t - r, w + t + r, h + t + r
                for (l, b, rr, tt) in ((ba, ba, bb, -r), (w + r, ba, bb, bc), (ba, h + r, bb, bc), (ba, ba, -r, bc)):
                    backing = cpBoxShapeNew2(static, cpBB(ox + l, oy + b, ox + rr, oy + tt), 0.0)
                    self.backings.add(backing)
                    cpShapeSetFriction(backing, friction)
                    cpShapeSetElasticity(backing, elasticity)
                    cpSpaceAddShape(space, backing)
        self.bodies = []
        self.joints = []  # (constraint, body a, body b) in the order added
        self.grab = None  # [index, hand, joint, (tx, ty)]
        self.steps_since_build = 0
        for spec in self.file_bodies:
            self.bodies.append(self.make_body(spec, spec.get("position"), True))
        # The scene's joints by file index, and whether each is still in the
        # space (not removed with a body, not broken): section 14.3's "live".
        self.scene_joints = []
        self.joint_specs = list(self.file_joints)  # 16.11: then the joints the script makes
        self.joint_live = []
        self.scene_joint_index = {}  # constraint address -> file index, while in the space
        for k, j in enumerate(self.file_joints):
            c = self.make_joint(j)
            self.scene_joints.append(c)
            self.joint_live.append(True)
            self.scene_joint_index[c] = k
        self.animated = any(b.track is not None for b in self.bodies)
        self.live_count = len(self.bodies)  # the hand is not counted
        if self.script_text is not None:
            self._build_script()

    # scene-format.md section 16: the scene's script (script.py).

    def _take_script(self, scene, script_text):
        self.script = None
        self.script_text = None
        self.update_funcs = None
        if "script" in scene:
            self.script_name = script_name(scene)
            if script_text is None:
                raise Unsupported("the scene has a script and its text was not given")
            self.script_text = script_text
            # 16.8: the C functions of bodies that name velocity or position
            # functions (they call the script of the moment).
            self.update_funcs = script_module().UpdateFuncs(self)

    def _reset(self, kept):
        """A reset (the event, or the script's at the end of a step): `kept`
        is what world:reset(keep) kept for the new build's script (16.9)."""
        self.kept = kept
        self._old.append((self.space, self.bodies, self.joints, self.grab))
        self.build()
        # held is kept; each motor binding of a held trigger is applied again.
        for b in self.motor_bindings:
            if b.trigger in self.held:
                self._motor_on(b)

    def _build_script(self):
        """16.5: after the joints, a fresh script state, the bodies bound,
        the global `kept` (16.9), then its top level."""
        self.script = None
        self.script = self._script(lambda: script_module().Script(self, self.script_name, self.script_text))
        self.script.give_kept(getattr(self, "kept", None))
        self._script(self.script.top)

    def _script(self, call):
        """A call into script.py, its stop and its refusals as this module's."""
        mod = script_module()
        try:
            return call()
        except mod.Stopped as exc:
            stop = Stopped(str(exc))
            stop.vague = tuple(getattr(exc, "vague", ()))
            raise stop
        except mod.Unsupported as exc:
            raise Unsupported(str(exc))

    def make_body(self, spec, position, allow_animation, by_script=False):
        """Step 3 of section 9 for one body: a file body (animations
        allowed), the spawn body, or a body a script made (16.11:
        `by_script`, with its id)."""
        space = self.space
        btype = spec.get("type", "dynamic")
        # scene-format.md 13.2: a dynamic body with mass and moment is made with
        # them; its velocities move up before its shapes, which get no mass call.
        moment = None
        if "moment" in spec:
            if btype != "dynamic" or "mass" not in spec:
                raise Unsupported("moment: only on a dynamic body with mass")
            m = spec["moment"]
            moment = INF if m == "infinite" else num(m, "moment")
        if btype == "dynamic":
            if moment is not None:
                body = cpBodyNew(num(spec["mass"], "mass"), moment)
            else:
                body = cpBodyNew(0.0, 0.0)
        elif btype == "kinematic":
            body = cpBodyNewKinematic()
        elif btype == "static":
            body = cpBodyNewStatic()
        else:
            raise Unsupported("body.type: unsupported %r" % (btype,))
        cpBodySetPosition(body, vec(position, "position"))
        cpBodySetAngle(body, num(spec.get("angle", 0), "angle"))
        cpSpaceAddBody(space, body)
        if moment is not None:
            self._set_velocities(body, spec)
        shapes = shapes_of(spec)
        mass = density = None
        # scene-format.md 13.3: shapes that give their own masses (each one, the body none).
        own = any("mass" in x or "density" in x for x in shapes)
        if own and (btype != "dynamic" or "mass" in spec or "density" in spec or "moment" in spec
                    or not all(("mass" in x) != ("density" in x) for x in shapes)):
            raise Unsupported("shapes' own masses: on a dynamic body's every shape, the body giving none")
        if btype == "dynamic" and moment is None and not own:
            if "mass" in spec:
                mass = num(spec["mass"], "mass")
            elif "density" in spec:
                density = num(spec["density"], "density")
            else:
                raise Unsupported("a dynamic body needs mass or density")
        total = 0.0
        if mass is not None and len(shapes) > 1:
            for x in shapes:
                total = total + shape_area(x)
        made = []
        kinds = []
        sensors = []
        for x in shapes:
            kind = shape_kind(x)
            kinds.append("poly" if kind in ("box", "polygon") else kind)
            if kind == "box":
                sh = cpBoxShapeNew(body, num(x["box"][0]), num(x["box"][1]), num(x.get("radius", 0)))
            elif kind == "circle":
                sh = cpCircleShapeNew(body, num(x["circle"]), vec(x.get("offset", [0, 0]), "offset"))
            elif kind == "polygon":
                pts = x["polygon"]
                sh = cpPolyShapeNew(body, len(pts), vect_array(pts), CP_TRANSFORM_IDENTITY,
                                    num(x.get("radius", 0)))
            else:
                a, b = x["segment"]
                sh = cpSegmentShapeNew(body, vec(a), vec(b), num(x.get("radius", 1)))
            cpShapeSetFriction(sh, num(x.get("friction", 0.5), "friction"))
            cpShapeSetElasticity(sh, num(x.get("elasticity", 0.8), "elasticity"))
            sensor = x.get("sensor", False)
            if not isinstance(sensor, bool):
                raise Unsupported("shape.sensor: expected a boolean")
            if sensor:
                cpShapeSetSensor(sh, 1)
            sensors.append(sensor)
            self._shape_additions(sh, x)
            if mass is not None:
                if len(shapes) == 1:
                    cpShapeSetMass(sh, mass)
                else:
                    cpShapeSetMass(sh, mass * shape_area(x) / total)
            elif density is not None:
                cpShapeSetDensity(sh, density)
            elif own and "mass" in x:
                cpShapeSetMass(sh, num(x["mass"], "shape mass"))
            elif own:
                cpShapeSetDensity(sh, num(x["density"], "shape density"))
            cpSpaceAddShape(space, sh)
            made.append(sh)
        funcs = self._update_funcs(body, spec, btype)
        if moment is None:
            self._set_velocities(body, spec)
        track = None
        if "animation" in spec:
            if not allow_animation or btype != "kinematic":
                raise Unsupported("animation: only on kinematic file bodies")
            track = Track(spec["animation"])
        bid = spec.get("id") if allow_animation or by_script else None  # a spawned body has no id
        # section 6: "crate" when every shape is a box, else "plain"; 16.17: body:look() writes a colour in lowercase
        look = spec.get("look", "crate" if all(shape_kind(x) == "box" for x in shapes) else "plain").lower()
        return Body(body, made, btype, track, max(shape_reach(x) for x in shapes), kinds, sensors, bid, funcs, look)

    def _update_funcs(self, body, spec, btype):
        """scene-format.md 16.8: right after a body's shapes, the functions
        its velocityFunction and positionFunction name (checked once the
        script's top level has run)."""
        funcs = (spec.get("velocityFunction"), spec.get("positionFunction"))
        if funcs == (None, None):
            return funcs
        for name in funcs:
            if name is not None and not (isinstance(name, str) and 1 <= len(name) <= 64 and name.isascii()
                                         and (name.replace("_", "a").isalnum()) and not name[0].isdigit()):
                raise Unsupported("velocityFunction, positionFunction: %r is not a Lua name" % (name,))
        if self.update_funcs is None or btype != "dynamic":
            raise Unsupported("velocityFunction, positionFunction: on a dynamic body of a scene with a script only")
        self.update_funcs.attach(body, funcs)
        return funcs

    def _joint_funcs(self, c, j):
        """scene-format.md 16.10: right after a joint is made, the functions it names."""
        named = [k for k in ("forceFunction", "torqueFunction", "preSolve", "postSolve") if k in j]
        if not named:
            return
        if self.update_funcs is None or ("forceFunction" in j and j.get("type") != "spring") or \
                ("torqueFunction" in j and j.get("type") != "rotarySpring") or \
                ("postSolve" in j and "breakForce" in j):
            raise Unsupported("joint: %s not on this joint" % ", ".join(named))
        self.update_funcs.attach_joint(c, j)

    @staticmethod
    def _set_velocities(body, spec):
        cpBodySetVelocity(body, vec(spec.get("velocity", [0, 0]), "velocity"))
        cpBodySetAngularVelocity(body, num(spec.get("angularVelocity", 0), "angularVelocity"))

    def _shape_additions(self, sh, x):
        """scene-format.md 13.3: filter, surface velocity, collision type, in
        this order, each only when its keys are present."""
        if "group" in x or "categories" in x or "mask" in x:
            group = integer(x.get("group", CP_NO_GROUP), "group")
            categories = integer(x.get("categories", CP_ALL_CATEGORIES), "categories")
            mask = integer(x.get("mask", CP_ALL_CATEGORIES), "mask")
            if not 0 <= group <= 2 ** 31 - 1:
                raise Unsupported("group: %d is out of range" % group)
            for name, v in (("categories", categories), ("mask", mask)):
                if not 0 <= v <= 2 ** 32 - 1:
                    raise Unsupported("%s: %d is out of range" % (name, v))
            cpShapeSetFilter(sh, cpShapeFilter(group, categories, mask))  # cpShapeFilterNew
        if "surfaceVelocity" in x:
            cpShapeSetSurfaceVelocity(sh, vec(x["surfaceVelocity"], "surfaceVelocity"))
        if "oneWay" in x:
            n = vec(x["oneWay"], "oneWay")
            if n.x == 0 and n.y == 0:
                raise Unsupported("oneWay: [0, 0] has no direction")
            cpShapeSetCollisionType(sh, 1)
            self.one_way[sh] = (n.x, n.y)
        if "collisionType" in x:
            name = x["collisionType"]
            if not isinstance(name, str) or not 1 <= len(name.encode()) <= 64 or name == "*" or "oneWay" in x:
                raise Unsupported("collisionType: a name of 1 to 64 bytes, not \"*\", not with oneWay")
            cpShapeSetCollisionType(sh, collision_type(name))
        if "sound" in x and x["sound"] not in ("wood", "rubber", "metal", "stone"):
            raise Unsupported("sound: must be \"wood\", \"rubber\", \"metal\" or \"stone\"")  # hearing only: no call

    # -- the C callbacks ----------------------------------------------------

    def _one_way_pre_solve(self, arb, space, data):
        try:
            a, b = _P(), _P()
            cpArbiterGetShapes(arb, ctypes.byref(a), ctypes.byref(b))
            nx, ny = self.one_way[a.value]  # a: the one-way shape the handler belongs to
            normal = cpArbiterGetNormal(arb)
            if normal.x * nx + normal.y * ny < 0:  # cpvdot(cpArbiterGetNormal(arb), n)
                return cpArbiterIgnore(arb)
            return 1
        except BaseException as exc:  # noqa: B902 (cannot cross C)
            self._callback_error = self._callback_error or exc
            return 1

    def _break_post_solve(self, joint, space):
        try:
            force = cpConstraintGetImpulse(joint) / cpSpaceGetCurrentTimeStep(space)
            if force > self.break_force[joint]:
                cpSpaceAddPostStepCallback(space, self._post_step, joint, None)
        except BaseException as exc:  # noqa: B902
            self._callback_error = self._callback_error or exc

    def _break_remove(self, space, joint, data):
        try:
            cpSpaceRemoveConstraint(space, joint)
            # Gone for good: out of `joints`, the others keep their order
            # (replay-format.md, World state).
            self.joints = [j for j in self.joints if j[0] != joint]
            del self.break_force[joint]
            self._joint_gone(joint)
            cpConstraintFree(joint)
        except BaseException as exc:  # noqa: B902
            self._callback_error = self._callback_error or exc

    def body_ref(self, name):
        if name == "world":
            return cpSpaceGetStaticBody(self.space)
        if name not in self.ids:
            raise Unsupported("joint: unknown body %r" % (name,))
        return self.bodies[self.ids[name]].body

    def make_joint(self, j, ends=None):
        """Step 4 of section 9 for one joint; `ends`: the bodies a script
        gave (16.11), (a, b, whether one is the world's static body)."""
        if ends is None:
            a, b = self.body_ref(j.get("a")), self.body_ref(j.get("b"))
            to_world = j.get("a") == "world" or j.get("b") == "world"
        else:
            a, b, to_world = ends
        t = j.get("type")
        if t == "pivot":
            # A world point, or a point on each body (scene-format additions).
            if "anchor" in j:
                c = cpPivotJointNew(a, b, vec(j["anchor"], "anchor"))
            else:
                c = cpPivotJointNew2(a, b, vec(j["anchorA"], "anchorA"), vec(j["anchorB"], "anchorB"))
        elif t == "pin":
            c = cpPinJointNew(a, b, vec(j["anchorA"], "anchorA"), vec(j["anchorB"], "anchorB"))
            if "distance" in j:
                cpPinJointSetDist(c, num(j["distance"], "distance"))
        elif t == "slide":
            c = cpSlideJointNew(a, b, vec(j["anchorA"], "anchorA"), vec(j["anchorB"], "anchorB"),
                                num(j["min"]), num(j["max"]))
        elif t == "spring":
            c = cpDampedSpringNew(a, b, vec(j["anchorA"], "anchorA"), vec(j["anchorB"], "anchorB"),
                                  num(j["restLength"]), num(j["stiffness"]), num(j["damping"]))
        elif t == "motor":
            c = cpSimpleMotorNew(a, b, num(j["rate"]))
        # scene-format.md 13.4
        elif t == "groove":
            g = j["grooveA"]
            if not isinstance(g, list) or len(g) != 2:
                raise Unsupported("grooveA: expected two points")
            c = cpGrooveJointNew(a, b, vec(g[0], "grooveA"), vec(g[1], "grooveA"), vec(j["anchorB"], "anchorB"))
        elif t == "rotarySpring":
            c = cpDampedRotarySpringNew(a, b, num(j["restAngle"]), num(j["stiffness"]), num(j["damping"]))
        elif t == "rotaryLimit":
            c = cpRotaryLimitJointNew(a, b, num(j["min"]), num(j["max"]))
        elif t == "ratchet":
            c = cpRatchetJointNew(a, b, num(j["phase"]), num(j["ratchet"]))
        elif t == "gear":
            c = cpGearJointNew(a, b, num(j["phase"]), num(j["ratio"]))
        else:
            raise Unsupported("joint.type: unsupported %r" % (t,))
        self._joint_funcs(c, j)
        cpConstraintSetMaxForce(c, num(j["maxForce"], "maxForce") if "maxForce" in j else INF)
        collide = j.get("collide", False)
        if not isinstance(collide, bool):
            raise Unsupported("joint.collide: expected a boolean")
        # scene-format.md 9.4: a joint to "world" always collides (the walls are on it).
        cpConstraintSetCollideBodies(c, 1 if collide or to_world else 0)
        if "maxBias" in j:
            cpConstraintSetMaxBias(c, num(j["maxBias"], "maxBias"))
        if "errorBias" in j:
            cpConstraintSetErrorBias(c, num(j["errorBias"], "errorBias"))
        if "breakForce" in j:
            self.break_force[c] = num(j["breakForce"], "breakForce")
            cpConstraintSetPostSolveFunc(c, self._post_solve)
        cpSpaceAddConstraint(self.space, c)
        self.joints.append((c, a, b))
        return c

    # ----------------------------------------------------------------------
    # Events (docs/replay-format.md, "The events")

    @staticmethod
    def _point(e):
        if "x" not in e or "y" not in e:
            raise Refused("needs x and y")
        x, y = num(e["x"], "x"), num(e["y"], "y")
        if not (math.isfinite(x) and math.isfinite(y)) or abs(x) > 1000000.0 or abs(y) > 1000000.0:
            raise Refused("the point (%r, %r) is out of range" % (x, y))
        return x, y

    def _live(self, e):
        if "body" not in e:
            raise Refused("needs body")
        i = integer(e["body"], "body")
        if not (0 <= i < len(self.bodies)) or self.bodies[i].removed:
            raise Refused("body %d is not live" % i)
        return i

    def release(self):
        _, hand, joint, _ = self.grab
        cpSpaceRemoveConstraint(self.space, joint)
        self.joints = [j for j in self.joints if j[0] != joint]
        cpSpaceRemoveBody(self.space, hand)
        self.grab = None

    def crowded(self, spec, x, y):
        """replay-format.md, `spawn`: how many shapes of moving bodies have cached
        boxes that meet the body's bounding box at (x, y) (0 for a static body)."""
        if spec.get("type", "dynamic") == "static":
            return 0
        angle = num(spec.get("angle", 0))
        c, s = math.cos(angle), math.sin(angle)
        lo_x = lo_y = math.inf
        hi_x = hi_y = -math.inf
        for shape in shapes_of(spec):
            for px, py, r in bounding_points(shape):
                wx, wy = x + px * c - py * s, y + px * s + py * c
                lo_x, hi_x, lo_y, hi_y = min(lo_x, wx - r), max(hi_x, wx + r), min(lo_y, wy - r), max(hi_y, wy + r)
        met = [0]

        def count(shape, data):
            if cpBodyGetType(cpShapeGetBody(shape)) != 2:  # CP_BODY_TYPE_STATIC
                met[0] += 1
        cpSpaceBBQuery(self.space, cpBB(lo_x, lo_y, hi_x, hi_y), cpShapeFilter(0, 0xFFFFFFFF, 0xFFFFFFFF),
                       cpSpaceBBQueryFunc(count), None)
        return met[0]

    def apply(self, e):
        kind = e.get("event")
        input_name = SANDBOX_EVENTS.get(kind)
        if input_name is not None and not self.sandbox[input_name]:
            raise Refused("the scene turns the sandbox's %s off" % input_name)
        if kind == "tilt":
            x, y = num(e.get("x"), "x"), num(e.get("y"), "y")
            if not (math.isfinite(x) and math.isfinite(y)) or abs(x) > 100 or abs(y) > 100:
                raise Refused("tilt (%r, %r) is out of range" % (x, y))
            cpSpaceSetGravity(self.space, cpVect(self.G * x, self.G * y))
        elif kind == "spawn":
            x, y = self._point(e)
            if not self.live_count < 20000:
                raise Refused("too many bodies")
            if not len(self.bodies) <= 100000000:
                raise Refused("too many spawns")
            if self.crowded(self.spawn_spec, x, y) > 64:
                raise Refused("the spawn body would overlap more than 64 shapes of moving bodies")
            self.bodies.append(self.make_body(self.spawn_spec, [x, y], False))
            self.live_count += 1
        elif kind == "grab":
            x, y = self._point(e)
            i = self._live(e)
            entry = self.bodies[i]
            if entry.type != "dynamic":
                raise Refused("body %d is not dynamic" % i)
            anchor = cpBodyWorldToLocal(entry.body, cpVect(x, y))
            c = cpBodyGetCenterOfGravity(entry.body)
            rx, ry = anchor.x - c.x, anchor.y - c.y
            lever = (rx * rx + ry * ry) * cpBodyGetMass(entry.body) / cpBodyGetMoment(entry.body)
            if lever > 1e8:
                raise Refused("the grab point is too far from body %d for its size" % i)
            if self.grab is not None:
                self.release()
            body = entry.body
            hand = cpBodyNewKinematic()
            cpBodySetPosition(hand, cpVect(x, y))
            anchor = cpBodyWorldToLocal(body, cpVect(x, y))
            joint = cpPivotJointNew2(hand, body, cpVect(0.0, 0.0), anchor)
            cpConstraintSetMaxForce(joint, (60.0 * cpBodyGetMass(body)) * c_max(self.G, 100.0))
            cpConstraintSetErrorBias(joint, 5.822849199347174e-05)
            cpSpaceAddBody(self.space, hand)
            cpSpaceAddConstraint(self.space, joint)
            self.joints.append((joint, hand, body))
            self.grab = [i, hand, joint, (x, y)]
        elif kind == "drag":
            x, y = self._point(e)
            if self.grab is not None:
                self.grab[3] = (x, y)
        elif kind == "release":
            if self.grab is not None:
                self.release()
        elif kind == "remove":
            self._remove(self._live(e))
        elif kind == "slice":
            self._slice(e)
        elif kind == "explode":
            self._explode(e)
        elif kind == "reset":
            self._reset(None)  # a reset event starts afresh: only world:reset(keep) keeps (16.9)
        elif kind in ("pointer", "click"):
            x, y = self._point(e)
            button, down = e.get("button", "right"), e.get("down", True)
            if kind == "click" and button not in ("left", "right", "middle"):
                raise Refused("button: left, right or middle")
            if kind == "click" and not isinstance(down, bool):
                raise Refused("down: expected a boolean, got %r" % (down,))
            if self.script_text is None:
                raise Refused("%s: the scene has no script" % kind)
            self.pointer = (x, y)
            if kind == "click":
                if button == "right" and down:
                    self.clicked = True
                self.inputs.append(("mousepressed" if down else "mousereleased", (x, y), button))
        elif kind == "key":
            try:
                trig = trigger_of(e, "key event")
            except ValueError as exc:
                raise Refused(str(exc))
            # 16.13: a scene with a script takes any key a scene may bind, bound or not.
            if trig not in self.triggers and not (self.script_text is not None and trig[0] == "key"):
                raise Refused("%s %r is not bound in the scene's controls" % trig)
            down = e.get("down")
            if not isinstance(down, bool):
                raise Refused("down: expected a boolean, got %r" % (down,))
            if down:
                if trig in self.held:
                    raise Refused("%s %r is already down" % trig)
            elif trig not in self.held:
                raise Refused("%s %r is not down" % trig)
            if self.script_text is not None and trig[0] == "key":
                self.inputs.append(("keypressed" if down else "keyreleased", None, trig[1]))
            if down:
                self.held.add(trig)
                self._key_down(trig)
            else:
                self.held.discard(trig)
                self._key_up(trig)
        else:
            raise Unsupported("unknown event %r" % (kind,))

    # ----------------------------------------------------------------------
    # Water and planets (replay-format.md, "Water and planets": item 4 of a step)

    def _water_and_planets(self):
        space = self.space
        for entry in self.bodies:
            if entry.removed or entry.type != "dynamic":
                continue
            body = entry.body
            for ax, ay, s, r in self.attractors:
                p = cpBodyGetPosition(body)
                v = cpBodyGetVelocity(body)
                dx = ax - p.x
                dy = ay - p.y
                q = c_max(dx * dx + dy * dy, r * r)
                f = s / (q * math.sqrt(q))
                cpBodySetVelocity(body, cpVect(v.x + (dx * f) * D, v.y + (dy * f) * D))
            for fl in self.fluids:
                if cpBodyIsSleeping(body):
                    break
                for sh, kind in zip(entry.shapes, entry.kinds):
                    if cpShapeGetSensor(sh):  # a sensor now (a script may set it: scene-format.md 16.12)
                        continue
                    bb = cpShapeGetBB(sh)
                    if not (bb.l <= fl.x1 and fl.x0 <= bb.r and bb.b <= fl.y1 and fl.y0 <= bb.t):
                        continue
                    sub = SUBMERGED[kind](body, sh, fl.y1)
                    if sub is None:
                        continue
                    A, (cx, cy), W = sub
                    if not A > 0.0:
                        continue
                    rho = fl.rho
                    c = cpVect(cx, cy)
                    g = cpSpaceGetGravity(space)
                    k0 = -(A * rho)
                    body_push(body, g.x * k0, g.y * k0, cx, cy)  # buoyancy
                    vc = cpBodyGetVelocityAtWorldPoint(body, c)
                    inv = 1.0 / (math.sqrt(vc.x * vc.x + vc.y * vc.y) + DBL_MIN)
                    nx = vc.x * inv
                    ny = vc.y * inv
                    p = cpBodyGetPosition(body)
                    rcn = (cx - p.x) * ny - (cy - p.y) * nx
                    k = 1.0 / cpBodyGetMass(body) + (rcn * rcn) / cpBodyGetMoment(body)
                    vk = math.exp(((-((A * fl.kl) * rho)) * D) * k)
                    ik = 1.0 / k
                    body_push(body, ((vc.x * vk - vc.x) * ik) / D, ((vc.y * vk - vc.y) * ik) / D, cx, cy)  # drag
                    cog = cpBodyLocalToWorld(body, cpBodyGetCenterOfGravity(body))
                    wd = W((fl.ka * rho) * A, cog)
                    body_scale_spin(body, math.exp(((-wd) * D) / cpBodyGetMoment(body)))

    # ----------------------------------------------------------------------
    # The knife (replay-format.md, `slice`)

    @staticmethod
    def _event_point(e, key):
        p = e.get(key)
        if not isinstance(p, list) or len(p) != 2 or \
                any(isinstance(c, bool) or not isinstance(c, (int, float)) for c in p):
            raise Refused("%s: expected [x, y]" % key)
        x, y = float(p[0]), float(p[1])
        if not (math.isfinite(x) and math.isfinite(y)) or abs(x) > 1000000.0 or abs(y) > 1000000.0:
            raise Refused("%s: the point (%r, %r) is out of range" % (key, x, y))
        return x, y

    @staticmethod
    def _good_piece(piece, body, whole):
        k = len(piece)
        if not 3 <= k <= 64:
            return False
        if len(set(piece)) != k:  # no two equal (-0.0 == 0.0 as in C)
            return False
        arr = varray(piece)
        if not cpAreaForPoly(k, arr, 0.0) >= 1.0:
            return False
        # its mass and moment, as the piece is made, finite and at least a scene's smallest mass
        c = cpCentroidForPoly(k, arr)
        mass = cpBodyGetMass(body) * (cpAreaForPoly(k, arr, 0.0) / whole)
        moment = cpMomentForPoly(mass, k, arr, cpVect(-c.x, -c.y), 0.0)
        if not (mass >= 1e-6 and math.isfinite(mass) and moment >= 1e-6 and math.isfinite(moment)):
            return False
        # the polygon Chipmunk makes of it, as a scene file would hold it, passes the scene's polygon check
        scratch = cpBodyNew(mass, moment)
        s = cpPolyShapeNew(scratch, k, arr, cpTransform(1.0, 0.0, 0.0, 1.0, -c.x, -c.y), 0.0)
        made = [cpPolyShapeGetVert(s, i) for i in range(cpPolyShapeGetCount(s))]
        made = [(p.x, p.y) for p in made]
        cpShapeFree(s)
        cpBodyFree(scratch)
        return 3 <= len(made) <= 64 and scene_polygon_ok(made)

    def slice_cuts(self, a, b):
        """The bodies a slice from a to b cuts, in index order, each as
        (index, world vertices, P(n, dist), P(-n, -dist)); no Chipmunk call
        that changes anything."""
        ax, ay = a
        bx, by = b
        dx = bx - ax
        dy = by - ay
        ln = math.sqrt(dx * dx + dy * dy)
        inv = 1.0 / (ln + DBL_MIN)
        nx = (-dy) * inv
        ny = dx * inv
        dist = ax * nx + ay * ny
        A = cpVect(ax, ay)
        B = cpVect(bx, by)
        cuts = []
        for i, entry in enumerate(self.bodies):
            if entry.removed or entry.type != "dynamic" or len(entry.shapes) != 1:
                continue
            sh = entry.shapes[0]
            if entry.kinds[0] != "poly" or cpShapeGetSensor(sh) or sh in self.one_way:  # a sensor now (16.12)
                continue
            info = cpSegmentQueryInfo()
            if not cpShapeSegmentQuery(sh, A, B, 0.0, ctypes.byref(info)):
                continue
            if not (cpShapePointQuery(sh, A, None) > 0.0 and cpShapePointQuery(sh, B, None) > 0.0):
                continue
            v = world_verts(entry.body, sh)
            p1 = clip_line(v, nx, ny, dist)
            p2 = clip_line(v, -nx, -ny, -dist)
            whole = cpAreaForPoly(len(v), (cpVect * len(v))(*v), 0.0)
            if self._good_piece(p1, entry.body, whole) and self._good_piece(p2, entry.body, whole):
                cuts.append((i, v, p1, p2))
        return cuts

    def _slice(self, e):
        a = self._event_point(e, "a")
        b = self._event_point(e, "b")
        dx = b[0] - a[0]
        dy = b[1] - a[1]
        if not dx * dx + dy * dy >= 1e-6:
            raise Refused("the knife's line is too short")
        cuts = self.slice_cuts(a, b)
        if not cuts:
            raise Refused("the line cuts no body")
        if not self.live_count + len(cuts) <= 20000:
            raise Refused("too many bodies")
        if not len(self.bodies) + 2 * len(cuts) <= 100000000:
            raise Refused("too many bodies made")
        for i, v, p1, p2 in cuts:
            entry = self.bodies[i]
            body = entry.body
            shape = entry.shapes[0]
            whole = cpAreaForPoly(len(v), (cpVect * len(v))(*v), 0.0)
            for piece in (p1, p2):
                k = len(piece)
                arr = varray(piece)
                c = cpCentroidForPoly(k, arr)
                area = cpAreaForPoly(k, arr, 0.0)
                mass = cpBodyGetMass(body) * (area / whole)
                moment = cpMomentForPoly(mass, k, arr, cpVect(-c.x, -c.y), 0.0)
                new = cpBodyNew(mass, moment)
                cpSpaceAddBody(self.space, new)
                cpBodySetPosition(new, c)
                cpBodySetVelocity(new, cpBodyGetVelocityAtWorldPoint(body, c))
                cpBodySetAngularVelocity(new, cpBodyGetAngularVelocity(body))
                radius = cpPolyShapeGetRadius(shape)
                # cpTransformTranslate(cpv(-c.x, -c.y))
                s = cpPolyShapeNew(new, k, arr, cpTransform(1.0, 0.0, 0.0, 1.0, -c.x, -c.y), radius)
                cpShapeSetFriction(s, cpShapeGetFriction(shape))
                cpShapeSetElasticity(s, cpShapeGetElasticity(shape))
                cpShapeSetFilter(s, cpShapeGetFilter(shape))
                cpShapeSetSurfaceVelocity(s, cpShapeGetSurfaceVelocity(shape))
                cpSpaceAddShape(self.space, s)
                # scene-format.md 16.5, 16.8: a piece has no id, and Chipmunk's own functions.
                reach = max(math.sqrt((x - c.x) * (x - c.x) + (y - c.y) * (y - c.y)) for x, y in piece) + radius
                # 16.17: a piece takes the look of the body it was cut from, as drawn when cut.
                self.bodies.append(Body(new, [s], "dynamic", None, reach, ["poly"], [False], None, look=entry.look))
                self.live_count += 1
            self._remove(i)

    # ----------------------------------------------------------------------
    # Explosions (replay-format.md, `explode`)

    def _explode(self, e):
        x, y = self._event_point(e, "at")
        R = e.get("radius")
        J = e.get("impulse")
        for name, val in (("radius", R), ("impulse", J)):
            if isinstance(val, bool) or not isinstance(val, (int, float)):
                raise Refused("%s: expected a number" % name)
        R = float(R)
        J = float(J)
        if not (math.isfinite(R) and 0 < R <= 1000000.0):
            raise Refused("radius %r is out of range" % R)
        if not (math.isfinite(J) and 0 <= J <= 1e12):
            raise Refused("impulse %r is out of range" % J)
        for entry in self.bodies:
            if entry.removed or entry.type != "dynamic":
                continue
            body = entry.body
            c = cpBodyLocalToWorld(body, cpBodyGetCenterOfGravity(body))
            dx = c.x - x
            dy = c.y - y
            d = math.sqrt(dx * dx + dy * dy)
            if d < R and d > 0.0:
                j = J * ((R - d) / R)
                if self.rules >= 2:
                    cap = cpBodyGetMass(body) * 2000.0  # no body gets more than 2,000 points/s
                    if j > cap:
                        j = cap
                s = j / d
                cpBodyApplyImpulseAtWorldPoint(body, cpVect(dx * s, dy * s), c)

    def _remove(self, i):
        """replay-format.md, `remove` (also the knife's removal of a body cut)."""
        if self.grab is not None and self.grab[0] == i:
            self.release()
        entry = self.bodies[i]
        body = entry.body
        keep = []
        for j in self.joints:
            if j[1] == body or j[2] == body:
                cpSpaceRemoveConstraint(self.space, j[0])
                self._joint_gone(j[0])
            else:
                keep.append(j)
        self.joints = keep
        for sh in entry.shapes:
            cpSpaceRemoveShape(self.space, sh)
        cpSpaceRemoveBody(self.space, body)
        entry.removed = True
        self.live_count -= 1

    # ----------------------------------------------------------------------
    # Controls (scene-format.md section 14.3)

    def _joint_gone(self, c):
        k = self.scene_joint_index.pop(c, None)
        if k is not None:
            self.joint_live[k] = False

    def _live_joint(self, b):
        """The binding's joint when it is live, else None."""
        return self.scene_joints[b.joint] if self.joint_live[b.joint] else None

    def _live_body(self, i):
        entry = self.bodies[i]
        return None if entry.removed else entry.body

    def _motor_on(self, b):
        c = self._live_joint(b)
        if c is not None:
            cpSimpleMotorSetRate(c, b.rate)
            cpConstraintSetMaxForce(c, b.max_force)

    def _key_down(self, trig):
        for b in self.motor_bindings:
            if b.trigger == trig:
                self._motor_on(b)

    def _key_up(self, trig):
        for b in self.motor_bindings:
            if b.trigger != trig:
                continue
            c = self._live_joint(b)
            if c is None:
                continue
            j = self.file_joints[b.joint]
            cpSimpleMotorSetRate(c, num(j["rate"], "rate"))
            cpConstraintSetMaxForce(c, num(j["maxForce"], "maxForce") if "maxForce" in j else INF)
            for o in self.motor_bindings:
                if o.joint == b.joint and o.trigger in self.held:
                    cpSimpleMotorSetRate(c, o.rate)
                    cpConstraintSetMaxForce(c, o.max_force)
        done = set()
        for b in self.bindings:
            if b.action != "servo" or b.trigger != trig or b.body in done:
                continue
            done.add(b.body)  # the body in the order of its first servo binding of trig
            body = self._live_body(b.body)
            if body is None:
                continue
            if any(o.trigger in self.held for o in self.servos_of[b.body]):
                continue
            cpBodySetVelocity(body, cpVect(0.0, 0.0))
            cpBodySetAngularVelocity(body, 0.0)

    def _controls_before_step(self):
        held = self.held
        for b in self.push_bindings:
            if b.trigger not in held:
                continue
            if b.action == "thruster":
                body = self._live_body(b.body)
                if body is not None:
                    cpBodyApplyForceAtLocalPoint(body, b.force, b.at)
            else:
                c = self._live_joint(b)
                if c is not None:
                    j = self.file_joints[b.joint]
                    lo, hi = num(j["min"]), num(j["max"])
                    m = cpSlideJointGetMax(c) + b.speed * D
                    m = c_fmax(m, lo)
                    m = c_fmin(m, hi)
                    cpSlideJointSetMax(c, m)
        for i in self.servo_bodies:
            servos = self.servos_of[i]
            if not any(o.trigger in held for o in servos):
                continue
            body = self._live_body(i)
            if body is None:
                continue
            vx = 0.0
            vy = 0.0
            w = 0.0
            for o in servos:
                if o.trigger not in held:
                    continue
                x, y = o.velocity
                if o.local:
                    r = cpBodyGetRotation(body)
                    x, y = x * r.x - y * r.y, x * r.y + y * r.x
                vx = vx + x
                vy = vy + y
                w = w + o.angular_velocity
            cpBodySetVelocity(body, cpVect(vx, vy))
            cpBodySetAngularVelocity(body, w)

    # ----------------------------------------------------------------------
    # A step (docs/replay-format.md, "A step")

    def step(self):
        if self.grab is not None:
            hand = self.grab[1]
            h = cpBodyGetPosition(hand)
            tx, ty = self.grab[3]
            nx = h.x + (tx - h.x) * 0.125
            ny = h.y + (ty - h.y) * 0.125
            K = 1.0 / D
            vx = (nx - h.x) * K
            vy = (ny - h.y) * K
            if self.rules >= 2:
                v = math.sqrt(vx * vx + vy * vy)
                if v > 3000.0:  # the hand's top speed
                    vx = vx * (3000.0 / v)
                    vy = vy * (3000.0 / v)
            cpBodySetVelocity(hand, cpVect(vx, vy))
        if self.animated:
            E = float(self.steps_since_build + 1) * D
            for entry in self.bodies:
                if entry.track is None or entry.removed:
                    continue
                val = entry.track.value(E)
                if entry.track.is_position:
                    p = cpBodyGetPosition(entry.body)
                    cpBodySetVelocity(entry.body, cpVect((val[0] - p.x) / D, (val[1] - p.y) / D))
                else:
                    cpBodySetAngularVelocity(entry.body, (val - cpBodyGetAngle(entry.body)) / D)
        if self.held:
            self._controls_before_step()
        if self.attractors or self.fluids:
            self._water_and_planets()
        # scene-format.md 16.5 and 16.7: separate calls of removals, then step(world).
        if self.script is not None:
            self._script(self.script.before_space_step)
            self.script.stepping = True  # 16.11: what a script may not do inside Chipmunk's step
        cpSpaceStep(self.space, D)
        if self.script is not None:
            self.script.stepping = False
        if self._callback_error is not None:
            raise Unsupported("in a Chipmunk callback: %s" % (self._callback_error,))
        if self.script is not None:
            self._script(self.script.after_space_step)
        self.clicked = False  # replay-format.md, A step, item 5
        self.step_count += 1
        self.steps_since_build += 1
        # scene-format.md 16.9: a reset the script asked for, at the end of the step, as the event.
        if self.script is not None and self.script.reset_asked:
            self._reset(self.script.kept)

    def state_hash(self):
        h = 0xCBF29CE484222325
        mask = 0xFFFFFFFFFFFFFFFF
        for entry in self.bodies:
            if entry.removed or entry.type != "dynamic":
                continue
            b = entry.body
            p = cpBodyGetPosition(b)
            v = cpBodyGetVelocity(b)
            for byte in struct.pack("<6d", p.x, p.y, cpBodyGetAngle(b), v.x, v.y,
                                    cpBodyGetAngularVelocity(b)):
                h = ((h ^ byte) * 0x100000001B3) & mask
        return "%016x" % h


# --------------------------------------------------------------------------
# Running

def out(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def script_module():
    """script.py, imported when a scene has a script (it needs lupa)."""
    try:
        import script
    except ImportError as exc:
        raise Unsupported("scripts need lupa (pip install lupa): %s" % exc)
    return script


def read_script(scene, scene_path):
    """scene-format.md 16.5: the script file beside the scene, UTF-8, at most 1 MiB."""
    if not isinstance(scene, dict) or "script" not in scene:
        return None
    path = os.path.join(os.path.dirname(os.path.abspath(scene_path)), script_name(scene))
    try:
        with open(path, "rb") as f:
            data = f.read(1048577)
    except OSError as exc:
        raise Unsupported("the script: %s" % exc)
    if len(data) > 1048576:
        raise Unsupported("the script %s is over 1 MiB" % path)
    data.decode("utf-8")  # a ValueError when it is not UTF-8
    return data


MODULE_NAME = re.compile(r"[A-Za-z0-9_-]{1,64}\Z")
REQUIRE = re.compile(rb"require[ \t\r\n]*(?:\([ \t\r\n]*)?([\"'])([A-Za-z0-9_-]*)\1")


def required(text):
    """scene-format.md 16.18: the names a text gives `require` as a literal, in order, each once."""
    names = []
    for m in REQUIRE.finditer(text):
        before = text[m.start() - 1:m.start()]
        name = m.group(2).decode()
        if (not before or not (before.isalnum() or before == b"_")) and MODULE_NAME.match(name) and name not in names:
            names.append(name)
    return names


def read_modules(scene, scene_path, script):
    """scene-format.md 16.18: the modules a script carries, read beside the scene in the order found."""
    def beside(name):
        path = os.path.join(os.path.dirname(os.path.abspath(scene_path)), name + ".lua")
        if not os.path.exists(path):
            return None
        with open(path, "rb") as f:
            return f.read()
    return carried_modules(script, beside)


def carried_modules(script, text_of):
    """scene-format.md 16.18: the modules the literal names of `script` (bytes)
    and of what they require find, by `text_of(name)` (None: not there)."""
    if script is None:
        return {}
    queue, seen, found = required(script), set(required(script)), {}
    while queue:
        name = queue.pop(0)
        text = text_of(name)
        if text is None:
            continue
        found[name] = text
        if len(found) > 32:
            raise Unsupported("the script requires more than 32 modules")
        for n in required(found[name]):
            if n not in seen:
                seen.add(n)
                queue.append(n)
    return found


def run_scene(text, steps, scene_path):
    scene = parse_json(text)
    try:
        script = read_script(scene, scene_path)
        world = World(scene, script, modules=read_modules(scene, scene_path, script))
        while world.step_count < steps:
            world.step()
            if world.step_count % 120 == 0:
                out("step %d hash %s" % (world.step_count, world.state_hash()))
    except Stopped as exc:
        say_stop(exc)
        return 3
    out("hash %s" % world.state_hash())
    return 0


def read_journal(data):
    """Returns (header, [(line number, object)], complete end?)."""
    lines = data.split(b"\n")
    # Every line ends in "\n". What follows the last one is a line cut off
    # mid-write, ignored, unless it lacks nothing but its "\n" (it is then a
    # whole JSON object: no proper prefix of a line is one).
    if lines[-1] != b"":
        try:
            if not isinstance(parse_json(lines[-1].decode("utf-8")), dict):
                raise ValueError
        except (UnicodeDecodeError, ValueError, Unsupported):
            sys.stderr.write("reference: ignoring the cut-off last line %d\n" % len(lines))
            lines = lines[:-1]
    else:
        lines = lines[:-1]
    parsed = []
    for n, raw in enumerate(lines, 1):
        try:
            text = raw.decode("utf-8")
            if n == 1 and text.startswith("\ufeff"):
                text = text[1:]
            obj = parse_json(text)
        except (UnicodeDecodeError, ValueError) as exc:
            raise Unsupported("line %d: not JSON (%s)" % (n, exc))
        if not isinstance(obj, dict):
            raise Unsupported("line %d: not a JSON object" % n)
        parsed.append((n, obj))
    if not parsed:
        raise Unsupported("empty journal")
    return parsed[0][1], parsed[1:]


def this_platform():
    """(Chipmunk version, arch, OS, C library) as a journal header writes them."""
    version = ctypes.c_char_p.in_dll(_lib, "cpVersionString").value.decode()
    u = os.uname()
    name, ver = platform.libc_ver()
    libc = ("%s %s" % (name, ver)).strip() if name else ""
    return (version, u.machine, u.sysname, libc)


def journal_rules(header):
    """replay-format.md: the header's `rules`, 1 when absent; one this reference does not know is refused."""
    rules = header.get("rules", 1)
    if isinstance(rules, bool) or rules not in (1, 2):
        raise Unsupported("line 1: rules %r: this reference knows rules 1 and 2" % (rules,))
    return int(rules)


def journal_math(header):
    """replay-format.md: the header's `math`; a journal without it was made with the C library's math."""
    math_version = header.get("math")
    if math_version is None:
        raise Unsupported("line 1: no \"math\": made with the platform's own math, which cannot be checked here")
    if isinstance(math_version, bool) or math_version != 1:
        raise Unsupported("line 1: math %r: this reference computes with math 1" % (math_version,))


def run_journal(data):
    header, rest = read_journal(data)
    journal_math(header)
    scene_text = header.get("scene")
    if not isinstance(scene_text, str):
        raise Unsupported("line 1: the header has no scene")
    sha = hashlib.sha256(scene_text.encode("utf-8", "surrogatepass")).hexdigest()
    if header.get("sceneSha256") != sha:
        raise Unsupported("line 1: sceneSha256 does not match the embedded scene")
    if "stepSize" in header and header["stepSize"] != D:
        raise Unsupported("line 1: stepSize %r is not 1/120" % (header["stepSize"],))
    recorded = tuple(str(header.get(k, "")) for k in ("chipmunk", "arch", "os", "libc"))
    here = this_platform()
    if any(r and r != h for r, h in zip(recorded, here)):
        # docs/replay-format.md, "Platforms": bit-identical only on the same one.
        sys.stderr.write("reference: recorded with Chipmunk %s on %s %s %s; replaying with Chipmunk %s on "
                         "%s %s %s: results are only bit-identical on the same platform\n"
                         % (recorded + here))
    text = scene_text[1:] if scene_text.startswith("\ufeff") else scene_text
    events = []       # (step, line, object)
    checkpoints = {}  # step -> hash
    end = None
    last_step = 0
    for n, obj in rest:
        if end is not None:
            raise Unsupported("line %d: a line after the end line" % n)
        if "event" in obj:
            s = integer(obj.get("step"), "line %d: step" % n)
            if s < last_step:
                raise Unsupported("line %d: events out of step order" % n)
            last_step = s
            events.append((s, n, obj))
        elif "checkpoint" in obj:
            s = integer(obj.get("step"), "line %d: step" % n)
            checkpoints[s] = obj["checkpoint"]
        elif "end" in obj:
            end = (integer(obj["end"], "line %d: end" % n), obj.get("hash"))
        else:
            raise Unsupported("line %d: neither an event, a checkpoint nor the end" % n)
    if end is not None:
        total = end[0]
    else:
        total = max(checkpoints) if checkpoints else 0
        sys.stderr.write("reference: no end line (truncated): replaying to step %d\n" % total)
    script_text = header.get("scriptText")
    if script_text is not None and not isinstance(script_text, str):
        raise Unsupported("line 1: scriptText is not a string")
    script_sha = header.get("scriptSha256")
    if script_text is not None and script_sha is not None:
        if hashlib.sha256(script_text.encode("utf-8")).hexdigest() != script_sha:
            raise Unsupported("line 1: the embedded script does not match its scriptSha256")
    elif script_text is not None and journal_rules(header) >= 2:
        raise Unsupported("line 1: scriptText has no scriptSha256 beside it")
    elif script_sha is not None:
        raise Unsupported("line 1: scriptSha256 without scriptText")
    try:
        modules = header.get("modules", [])
        if not isinstance(modules, list) or not all(isinstance(m, dict) and set(m) == {"name", "text"} for m in modules):
            raise Unsupported("line 1: modules is not a list of {name, text}")
        given = {m["name"]: m["text"].encode("utf-8") for m in modules}
        # replay-format.md, modules: the scene carries those of them 16.18's literal rule finds.
        modules = carried_modules(None if script_text is None else script_text.encode("utf-8"), given.get)
        world = World(parse_json(text), None if script_text is None else script_text.encode("utf-8"), rules=journal_rules(header),
                      modules=modules)
        return replay(world, events, checkpoints, end, total)
    except Stopped as exc:
        say_stop(exc)
        return 3


def replay(world, events, checkpoints, end, total):
    """run_journal's replay of the events, checkpoints and end line."""
    ei = 0

    def apply_events():
        nonlocal ei
        while ei < len(events) and events[ei][0] == world.step_count:
            s, n, obj = events[ei]
            try:
                world.apply(obj)
            except Refused as exc:
                out("diverged at step %d: the event on line %d cannot be applied: %s" % (s, n, exc))
                return False
            ei += 1
        return True

    while world.step_count < total:
        if not apply_events():
            return 1
        world.step()
        s = world.step_count
        if s % 120 == 0 or s in checkpoints:
            got = world.state_hash()
            if s % 120 == 0:
                out("step %d hash %s" % (s, got))
            if s in checkpoints and checkpoints[s] != got:
                out("diverged at step %d: expected %s, got %s" % (s, checkpoints[s], got))
                return 1
    if end is not None:
        if not apply_events():
            return 1
        if ei < len(events):
            raise Unsupported("line %d: an event after the end step" % events[ei][1])
        got = world.state_hash()
        if end[1] != got:
            out("diverged at step %d: expected %s, got %s" % (total, end[1], got))
            return 1
    out("hash %s" % world.state_hash())
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description="Independent cratebox scene/journal reference.")
    ap.add_argument("file", help="a cratebox/scene@1 scene or a cratebox/replay@1 journal")
    ap.add_argument("--steps", type=int, default=None, help="steps to run a scene (default 600)")
    args = ap.parse_args(argv)
    try:
        with open(args.file, "rb") as f:
            data = f.read()
    except OSError as exc:
        sys.stderr.write("reference: %s\n" % exc)
        return 2
    # Chipmunk (a debug build) prints a banner on C's stdout at every
    # cpSpaceNew; its assertions go to stderr. Send C's stdout to /dev/null so
    # that ours carries only our lines.
    sys.stdout.flush()
    ours = os.dup(1)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.close(devnull)
    sys.stdout = os.fdopen(ours, "w")
    try:
        first = data.split(b"\n", 1)[0].decode("utf-8", "replace").lstrip("\ufeff")
        is_journal = False
        try:
            head = json.loads(first)
            is_journal = isinstance(head, dict) and head.get("format") == "cratebox/replay@1"
        except ValueError:
            pass
        if is_journal:
            if args.steps is not None:
                raise Unsupported("--steps is for scenes; a journal runs to its end")
            return run_journal(data)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise Unsupported("the scene is not UTF-8")
        if text.startswith("\ufeff"):
            text = text[1:]
        steps = 600 if args.steps is None else args.steps
        if steps < 0:
            raise Unsupported("--steps must be >= 0")
        return run_scene(text, steps, args.file)
    except (Unsupported, KeyError, IndexError, TypeError, ValueError) as exc:
        if isinstance(exc, KeyError):
            exc = "missing key %s" % exc
        sys.stdout.flush()
        sys.stderr.write("reference: %s: unsupported: %s\n" % (args.file, exc))
        return 2


if __name__ == "__main__":
    sys.exit(main())
