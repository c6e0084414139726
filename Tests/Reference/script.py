"""A scene's script for the reference (docs/scene-format.md section 16),
written from the document: a Lua 5.4 state per build (lupa), its environment
(sandbox.lua, library.lua: 16.1 to 16.4, 16.6's fixed globals), the calls a
script gets and makes (world.lua: 16.5, 16.7, 16.8), and here what they do
to the world: bodies by construction index through ctypes, Chipmunk's
collision handlers, the queue of separate calls, bodies' velocity and
position functions.

What the reference cannot follow exactly it refuses (reference.Unsupported):
a call that may reach an instruction budget or the memory limit (16.3: the
count here is never below cratebox's, so a call under the limit here is under
it there), or an error whose place would come from a frame a tail call took.
"""

import ctypes
import os

import lupa.lua54

HERE = os.path.dirname(os.path.abspath(__file__))
LUA_FILES = ("sandbox.lua", "library.lua", "world.lua")
MEMORY = 64 << 20  # 16.3: the state's limit; reaching it here is Unsupported
NOT_A_STRING = "an error whose value is not a string"


class Unsupported(Exception):
    """A script the reference cannot follow (reference.py says so)."""


class Stopped(Exception):
    """The world stops (16.5, 16.7): `NAME.lua:LINE: what (step N)`."""


# --------------------------------------------------------------------------
# Chipmunk (7.0.3) through ctypes: what a script's calls reach. reference.py
# has its own bindings; these are the same library's.

_lib = ctypes.CDLL("libchipmunk.so.7")
_P, _F, _I, _B, _U = ctypes.c_void_p, ctypes.c_double, ctypes.c_int, ctypes.c_ubyte, ctypes.c_size_t


class cpVect(ctypes.Structure):
    _fields_ = [("x", _F), ("y", _F)]


class cpCollisionHandler(ctypes.Structure):
    _fields_ = [("typeA", _U), ("typeB", _U), ("beginFunc", _P), ("preSolveFunc", _P),
                ("postSolveFunc", _P), ("separateFunc", _P), ("userData", _P)]


class _cpShapeHead(ctypes.Structure):
    # struct cpShape up to its hashid (chipmunk_structs.h): massInfo is m, i,
    # cog, area; bb is four doubles; filter is group, categories, mask.
    _fields_ = [("klass", _P), ("space", _P), ("body", _P), ("massInfo", _F * 5), ("bb", _F * 4),
                ("sensor", _B), ("e", _F), ("u", _F), ("surfaceV", cpVect), ("userData", _P),
                ("type", _U), ("group", _U), ("categories", ctypes.c_uint), ("mask", ctypes.c_uint),
                ("next", _P), ("prev", _P), ("hashid", _U)]


def hashid(shape):
    return ctypes.cast(shape, ctypes.POINTER(_cpShapeHead)).contents.hashid


def _fn(name, restype, *argtypes):
    f = getattr(_lib, name)
    f.restype = restype
    f.argtypes = list(argtypes)
    return f


cpBodyVelocityFunc = ctypes.CFUNCTYPE(None, _P, cpVect, _F, _F)  # (body, gravity, damping, dt)
cpBodyPositionFunc = ctypes.CFUNCTYPE(None, _P, _F)               # (body, dt)
cpBodySetVelocityUpdateFunc = _fn("cpBodySetVelocityUpdateFunc", None, _P, cpBodyVelocityFunc)
cpBodySetPositionUpdateFunc = _fn("cpBodySetPositionUpdateFunc", None, _P, cpBodyPositionFunc)
cpCollisionBeginFunc = ctypes.CFUNCTYPE(_B, _P, _P, _P)  # begin and preSolve: (arb, space, data)
cpCollisionPostSolveFunc = ctypes.CFUNCTYPE(None, _P, _P, _P)  # postSolve and separate
_HANDLER = ctypes.POINTER(cpCollisionHandler)
cpSpaceAddCollisionHandler = _fn("cpSpaceAddCollisionHandler", _HANDLER, _P, _U, _U)
cpSpaceAddWildcardHandler = _fn("cpSpaceAddWildcardHandler", _HANDLER, _P, _U)
cpArbiterGetShapes = _fn("cpArbiterGetShapes", None, _P, ctypes.POINTER(_P), ctypes.POINTER(_P))
cpArbiterGetBodies = _fn("cpArbiterGetBodies", None, _P, ctypes.POINTER(_P), ctypes.POINTER(_P))
cpArbiterIsRemoval = _fn("cpArbiterIsRemoval", _B, _P)
ARBITER = {
    b"normal": _fn("cpArbiterGetNormal", cpVect, _P),
    b"count": _fn("cpArbiterGetCount", _I, _P),
    b"totalImpulse": _fn("cpArbiterTotalImpulse", cpVect, _P),
    b"totalKE": _fn("cpArbiterTotalKE", _F, _P),
    b"isFirstContact": _fn("cpArbiterIsFirstContact", _B, _P),
    b"restitution": _fn("cpArbiterGetRestitution", _F, _P),
    b"friction": _fn("cpArbiterGetFriction", _F, _P),
    b"surfaceVelocity": _fn("cpArbiterGetSurfaceVelocity", cpVect, _P),
    b"setRestitution": _fn("cpArbiterSetRestitution", None, _P, _F),
    b"setFriction": _fn("cpArbiterSetFriction", None, _P, _F),
    b"setSurfaceVelocity": _fn("cpArbiterSetSurfaceVelocity", None, _P, cpVect),
}
cpArbiterGetPointA = _fn("cpArbiterGetPointA", cpVect, _P, _I)
cpArbiterGetPointB = _fn("cpArbiterGetPointB", cpVect, _P, _I)
cpArbiterGetDepth = _fn("cpArbiterGetDepth", _F, _P, _I)
BODY = {
    b"moment": _fn("cpBodyGetMoment", _F, _P),
    b"setPosition": _fn("cpBodySetPosition", None, _P, cpVect),
    b"setAngle": _fn("cpBodySetAngle", None, _P, _F),
    b"updateVelocity": _fn("cpBodyUpdateVelocity", None, _P, cpVect, _F, _F),
    b"updatePosition": _fn("cpBodyUpdatePosition", None, _P, _F),
    b"position": _fn("cpBodyGetPosition", cpVect, _P),
    b"velocity": _fn("cpBodyGetVelocity", cpVect, _P),
    b"angle": _fn("cpBodyGetAngle", _F, _P),
    b"angularVelocity": _fn("cpBodyGetAngularVelocity", _F, _P),
    b"mass": _fn("cpBodyGetMass", _F, _P),
    b"setVelocity": _fn("cpBodySetVelocity", None, _P, cpVect),
    b"setAngularVelocity": _fn("cpBodySetAngularVelocity", None, _P, _F),
    b"applyImpulse": _fn("cpBodyApplyImpulseAtWorldPoint", None, _P, cpVect, cpVect),
    b"applyForce": _fn("cpBodyApplyForceAtWorldPoint", None, _P, cpVect, cpVect),
}

# libm, for the math functions of Debian's LUA_COMPAT_MATHLIB (library.lua).
_libm = ctypes.CDLL("libm.so.6")
LIBM = {}
for _name, _args in (("cosh", 1), ("sinh", 1), ("tanh", 1), ("log10", 1), ("pow", 2)):
    LIBM[_name.encode()] = getattr(_libm, _name)
    LIBM[_name.encode()].restype, LIBM[_name.encode()].argtypes = _F, [_F] * _args
_frexp, _ldexp = _libm.frexp, _libm.ldexp
_frexp.restype, _frexp.argtypes = _F, [_F, ctypes.POINTER(_I)]
_ldexp.restype, _ldexp.argtypes = _F, [_F, _I]


class _Token:
    """What Lua turns into a full userdata (world.lua gives it its metatable)."""



def _sources():
    out = []
    for name in LUA_FILES:
        with open(os.path.join(HERE, name), "rb") as f:
            out.append((b"=" + name[:-4].encode(), f.read()))
    return out


_SOURCES = _sources()
SLOT_FIELD = {b"begin": "beginFunc", b"preSolve": "preSolveFunc", b"postSolve": "postSolveFunc",
              b"separate": "separateFunc"}


def type_number(name):
    """16.7: a collision type's number, the FNV-1a 64 of its bytes with the top bit set."""
    h = 0xcbf29ce484222325
    for byte in name:
        h = ((h ^ byte) * 0x100000001b3) % 2 ** 64
    h |= 1 << 63
    return h - 1 if h == 2 ** 64 - 1 else h


def message(value):
    """The line an error stops the world with (16.3: Lua's message), as
    cratebox prints it: up to a NUL byte, at most 511 bytes, a character cut
    there replaced (cratebox's C buffer of 512 bytes; 16.3 does not say)."""
    if not isinstance(value, bytes):
        return NOT_A_STRING
    return value.split(b"\0", 1)[0][:511].decode("utf-8", "replace")


class Script:
    """One build's script (16.5: a fresh state at every build, the bodies
    bound, then its top level). `world` is reference.World: its space, its
    bodies by construction index, its file bodies, its step count, its held
    keys, its `_callback_error`."""

    def __init__(self, world, name, text):
        self.world, self.name, self.text = world, name, text
        self.arb = None        # the arbiter of the callback running
        self.failed = None     # the first error in a callback of this step
        self.in_top = False
        self.queue = []        # separate calls waiting (16.7)
        self.wildcard = []     # per handler (userData - 1): is it a wildcard handler
        self.types = set()     # (A, B) of a pair handler, (A, None) of a wildcard one
        self.of_body = {}  # body address -> construction index (16.5: every body but the walls')
        self.indexed = 0
        self._cb = {b"begin": cpCollisionBeginFunc(self._begin),
                    b"preSolve": cpCollisionBeginFunc(self._pre_solve),
                    b"postSolve": cpCollisionPostSolveFunc(self._post_solve),
                    b"separate": cpCollisionPostSolveFunc(self._separate)}
        self.rt = lupa.lua54.LuaRuntime(encoding=None, unpack_returned_tuples=True, register_eval=False,
                                        register_builtins=False, max_memory=MEMORY)
        host = self.rt.table_from({
            b"token": _Token, b"live": self._live, b"kind": self._kind, b"find": self._find, b"at": self._at,
            b"steps": lambda: self.world.step_count, b"is_down": self._is_down, b"body": self._body,
            b"arb": self._arb, b"add_handler": self._add_handler,
            b"libm": lambda name, *args: LIBM[name](*args), b"frexp": _frexp_pair,
            b"ldexp": lambda x, e: _ldexp(x, e)})
        load = self.rt.eval("load")
        S = None
        for chunkname, source in _SOURCES:
            chunk = load(source, chunkname)
            S = chunk(host) if S is None else chunk(S, host)
        self.S = S
        S[b"seed"](0)  # 16.4: a new state is seeded with 0

    # -- calls into the script ---------------------------------------------

    def _check(self):
        S = self.S
        if S[b"over"]:
            raise Unsupported("the script may reach an instruction budget (16.3); the reference counts more "
                              "than cratebox does and cannot say where cratebox's count runs out")
        if S[b"oom"] or self.rt.get_memory_used() > MEMORY * 3 // 4:
            raise Unsupported("the script may reach its memory limit (16.3)")
        if S[b"inexact"]:
            raise Unsupported("an error's place would come from a frame a tail call took (the reference "
                              "writes the library in Lua)")

    def _run(self, what, *args):
        """(ok, result or error) of an entry point of world.lua."""
        try:
            ok, r = self.S[what](*args)
        except lupa.lua54.LuaMemoryError:
            raise Unsupported("the script may reach its memory limit (16.3)")
        self._check()
        return ok, r

    def _stop(self, error):
        return Stopped("%s (step %d)" % (message(error), self.world.step_count))

    def top(self):
        """16.5, 16.6: the top level, seeing the build's step and no key held."""
        self.in_top = True
        ok, r = self._run(b"top", self.text, self.name.encode())
        self.in_top = False
        if not ok:
            raise self._stop(r)
        # 16.8: once the top level has run, each function a body names is a
        # global function (the file bodies in order, then the spawn body).
        named = [("bodies[%d]" % k, spec) for k, spec in enumerate(self.world.file_bodies)]
        for where, spec in named + [("spawn", self.world.spawn_spec)]:
            for key in ("velocityFunction", "positionFunction"):
                name = spec.get(key)
                if name is not None and not self.S[b"is_function"](name.encode()):
                    raise Stopped("%s: %s.%s names '%s', which is not a global function of the script (step %d)"
                                  % (self.name, where, key, name, self.world.step_count))

    def before_space_step(self):
        """16.5, 16.7: right before cpSpaceStep, the separate calls of
        removals since the last step, then step(world)."""
        self.S[b"begin_step"]()
        self._deliver()
        ok, r = self._run(b"step")
        if not ok:
            raise self._stop(r)

    def after_space_step(self):
        """16.7: an error in a callback stops the world after cpSpaceStep;
        else the separate calls of the step are delivered."""
        if self.failed is not None:
            raise self._stop(self.failed)
        self._deliver()

    def _deliver(self):
        # 16.7: by the first shape's hashid, then the second's, a pair's handler before a wildcard's.
        queue = sorted(self.queue, key=lambda e: e[:3])
        self.queue = []
        for _, _, _, k, ia, ib, removal in queue:
            ok, r = self._run(b"separate", k, ia, ib, removal)
            if not ok:
                raise self._stop(r)

    # -- Chipmunk's collision callbacks (16.7) -------------------------------

    def _collide(self, arb, k, slot):
        if self.failed is not None or self.world._callback_error is not None:
            return 1  # the callbacks after an error in the step do not run
        try:
            self.arb = arb
            ok, r = self._run(b"collide", k, slot)
        except BaseException as exc:  # noqa: B902 (cannot cross C)
            self.world._callback_error = exc
            return 1
        finally:
            self.arb = None
        if not ok:
            self.failed = r
            return 1
        return 0 if r is False else 1

    def _integrate(self, what, *args):
        """16.8: a velocity or position function, inside cpSpaceStep; its
        error stops the world after the step, as a collision callback's."""
        if self.failed is not None or self.world._callback_error is not None:
            return
        try:
            ok, r = self._run(what, *args)
        except BaseException as exc:  # noqa: B902 (cannot cross C)
            self.world._callback_error = exc
            return
        if not ok:
            self.failed = r

    def velocity_func(self, body, gravity, damping, dt):
        i = self.index(body)
        name = self.world.bodies[i].funcs[0].encode()
        self._integrate(b"velocity", name, i, gravity.x, gravity.y, damping, dt)

    def position_func(self, body, dt):
        i = self.index(body)
        self._integrate(b"position", self.world.bodies[i].funcs[1].encode(), i, dt)

    def _begin(self, arb, space, data):
        return self._collide(arb, data, b"begin")

    def _pre_solve(self, arb, space, data):
        return self._collide(arb, data, b"preSolve")

    def _post_solve(self, arb, space, data):
        self._collide(arb, data, b"postSolve")

    def _separate(self, arb, space, data):
        try:
            a, b = _P(), _P()
            cpArbiterGetShapes(arb, ctypes.byref(a), ctypes.byref(b))
            ba, bb = _P(), _P()
            cpArbiterGetBodies(arb, ctypes.byref(ba), ctypes.byref(bb))
            self.queue.append((hashid(a.value), hashid(b.value), 1 if self.wildcard[data - 1] else 0, data,
                               self.index(ba.value), self.index(bb.value), bool(cpArbiterIsRemoval(arb))))
        except BaseException as exc:  # noqa: B902
            self.world._callback_error = self.world._callback_error or exc

    def _add_handler(self, a, b, slots):
        """world:onCollision's Chipmunk handler: its userData (index + 1), or
        None when those types already have handlers."""
        A = type_number(a)
        B = None if b is None else type_number(b)
        if (A, B) in self.types or (B is not None and (B, A) in self.types):
            return None
        self.types.add((A, B))
        space = self.world.space
        h = cpSpaceAddWildcardHandler(space, A) if B is None else cpSpaceAddCollisionHandler(space, A, B)
        self.wildcard.append(B is None)
        for slot in slots.split(b" "):
            setattr(h.contents, SLOT_FIELD[slot], ctypes.cast(self._cb[slot], _P).value)
        h.contents.userData = len(self.wildcard)
        return len(self.wildcard)

    # -- what the script's calls read and do (16.5, 16.7) ---------------------

    def index(self, body):
        """A body's construction index; None for the walls' static body."""
        bodies = self.world.bodies
        if body not in self.of_body and self.indexed < len(bodies):
            for i in range(self.indexed, len(bodies)):  # bodies are only ever added
                self.of_body[bodies[i].body] = i
            self.indexed = len(bodies)
        return self.of_body.get(body)

    def _live(self, i):
        return not self.world.bodies[i].removed

    def _kind(self, i):
        return self.world.bodies[i].type.encode()

    def _find(self, name):
        """16.5: the live body with the lowest construction index whose id it is."""
        name = name.decode("utf-8", "surrogateescape")
        for i, entry in enumerate(self.world.bodies):
            if entry.id == name and not entry.removed:
                return i
        return None

    def _at(self, i):
        bodies = self.world.bodies
        return i if 0 <= i < len(bodies) and not bodies[i].removed else None

    def _is_down(self, name, top):
        if top:
            return False  # 16.6: the top level sees no key held
        name = name.decode("utf-8", "replace")
        held = self.world.held
        return ("key", name) in held or ("button", name) in held

    def _body(self, i, name, a=None, b=None, c=None, d=None):
        entry = self.world.bodies[i]
        body = entry.body
        if name == b"id":
            return None if entry.id is None else entry.id.encode()
        if name == b"type":
            return entry.type.encode()
        f = BODY[name]
        if name in (b"position", b"velocity"):
            v = f(body)
            return v.x, v.y
        if name in (b"angle", b"angularVelocity", b"mass", b"moment"):
            return f(body)
        if name in (b"setVelocity", b"setPosition"):
            f(body, cpVect(a, b))
        elif name in (b"setAngularVelocity", b"setAngle", b"updatePosition"):
            f(body, a)
        elif name == b"updateVelocity":
            f(body, cpVect(a, b), c, d)
        else:  # applyImpulse, applyForce: at cpBodyGetPosition, world axes
            f(body, cpVect(a, b), BODY[b"position"](body))
        return None

    def _arb(self, name, a=None, b=None):
        arb = self.arb
        if name == b"bodies":
            pa, pb = _P(), _P()
            cpArbiterGetBodies(arb, ctypes.byref(pa), ctypes.byref(pb))
            return self.index(pa.value), self.index(pb.value)
        if name == b"point":
            pa, pb = cpArbiterGetPointA(arb, a), cpArbiterGetPointB(arb, a)
            return pa.x, pa.y, pb.x, pb.y, cpArbiterGetDepth(arb, a)
        f = ARBITER[name]
        if name == b"setSurfaceVelocity":
            return f(arb, cpVect(a, b))
        if name.startswith(b"set"):
            return f(arb, a)
        r = f(arb)
        if isinstance(r, cpVect):
            return r.x, r.y
        return bool(r) if name == b"isFirstContact" else r


def _frexp_pair(x):
    e = ctypes.c_int(0)
    m = _frexp(x, ctypes.byref(e))
    return m, e.value


class UpdateFuncs:
    """16.8: the C functions a body that names a velocity or position
    function gets in step 3 of the build (and a knife's piece, its body's);
    they call the world's script of the moment."""

    def __init__(self, world):
        self.world = world
        self.velocity = cpBodyVelocityFunc(lambda body, g, damping, dt: world.script.velocity_func(body, g, damping, dt))
        self.position = cpBodyPositionFunc(lambda body, dt: world.script.position_func(body, dt))

    def attach(self, body, funcs):
        if funcs[0] is not None:
            cpBodySetVelocityUpdateFunc(body, self.velocity)
        if funcs[1] is not None:
            cpBodySetPositionUpdateFunc(body, self.position)
