"""A scene's script for the reference (docs/scene-format.md section 16),
written from the document: a Lua 5.4 state per build (lupa), its environment
(sandbox.lua, library.lua: 16.1 to 16.4, 16.6's fixed globals), the calls a
script gets and makes (world.lua: 16.5, 16.7 to 16.11; shapes.lua: 16.12
and 16.7's wake rule), and here what they do to the world: bodies by
construction index through ctypes (their frame, and their arbiters walked
by cpBodyEachArbiter), the pointer and the click, Chipmunk's collision
handlers (arbiters by address: arb:setPoint writes a contact), the queue
of separate calls, bodies' velocity and position functions, joints'
functions, queries, (script_making.py) the bodies and joints a script makes
and removes, and (script_shapes.py) shapes and sleep.

What the reference cannot follow exactly it refuses (reference.Unsupported):
a call that may reach an instruction budget or the memory limit (16.3: the
count here is never below cratebox's, so a call under the limit here is under
it there), or a world stopped with an error whose place would come from a
frame a tail call took. A stop whose line holds words the documents do not
give (16.11's refusals, 16.12's ranges) names them (Stopped.vague).
"""

import ctypes
import os

import lupa.lua54

HERE = os.path.dirname(os.path.abspath(__file__))
LUA_FILES = ("sandbox.lua", "library.lua", "world.lua", "shapes.lua")
MEMORY = 64 << 20  # 16.3: the state's limit; reaching it here is Unsupported
NOT_A_STRING = "an error whose value is not a string"


class Unsupported(Exception):
    """A script the reference cannot follow (reference.py says so)."""


class Stopped(Exception):
    """The world stops (16.5, 16.7): `NAME.lua:LINE: what (step N)`."""


from script_chipmunk import (  # noqa: E402  (Chipmunk's calls, through ctypes)
    ARBITER, BODY, FILTER_ALL, JOINT, JOINT_FUNCTIONS, LIBM, QUERY_LIMIT, _P, _ldexp, cpArbiterGetBodies,
    cpArbiterGetDepth, cpArbiterGetPointA, cpArbiterGetPointB, cpArbiterGetShapes, cpArbiterIsRemoval, cpBB,
    cpBodyPositionFunc, cpBodySetPositionUpdateFunc, cpBodySetVelocityUpdateFunc, cpBodyVelocityFunc,
    cpCollisionBeginFunc, cpCollisionPostSolveFunc, cpConstraintGetBodyA, cpConstraintGetBodyB,
    cpConstraintSetPostSolveFunc, cpConstraintSetPreSolveFunc, cpConstraintSolveFunc,
    cpDampedRotarySpringSetSpringTorqueFunc, cpDampedSpringForceFunc, cpDampedSpringSetSpringForceFunc,
    cpShapeGetBody, cpSpaceAddCollisionHandler, cpSpaceAddWildcardHandler, cpSpaceBBQuery,
    cpSpaceBBQueryFunc, cpSpacePointQuery, cpSpacePointQueryFunc, cpSpaceSegmentQuery, cpSpaceSegmentQueryFunc,
    cpVect, frexp_pair, hashid, type_number, arbiter_set_point, cpBodyEachArbiter, cpBodyArbiterIteratorFunc,
    cpSpaceGetGravity, arbiter_swapped)
from script_making import Making  # noqa: E402  (16.11)
from script_shapes import Shapes  # noqa: E402  (16.12, and 16.7's wake rule)


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


def message(value):
    """The line an error stops the world with (16.3: Lua's message), as
    cratebox prints it: up to a NUL byte, at most 511 bytes, a character cut
    there replaced (cratebox's C buffer of 512 bytes; 16.3 does not say)."""
    if not isinstance(value, bytes):
        return NOT_A_STRING
    return value.split(b"\0", 1)[0][:511].decode("utf-8", "replace")


class _Table(list):
    """A plain-data Lua table carried between builds as its (key, value)
    pairs: a dict would merge the keys true and 1 (True == 1 in Python)."""


def _to_python(v):
    """A plain-data Lua value (16.9's keep, already copied) as Python data."""
    if lupa.lua54.lua_type(v) == "table":
        return _Table((k, _to_python(x)) for k, x in v.items())
    return v


def _to_lua(rt, v):
    if isinstance(v, _Table):
        t = rt.table()
        for k, x in v:
            t[k] = _to_lua(rt, x)
        return t
    return v


class Script(Making, Shapes):
    """One build's script (16.5: a fresh state at every build, the bodies
    bound, then its top level). `world` is reference.World: its space, its
    bodies by construction index, its file bodies, its step count, its held
    keys, its `_callback_error`."""

    def __init__(self, world, name, text):
        self.world, self.name, self.text = world, name, text
        self.failed = None     # the first error in a callback of this step
        self.in_top = False
        self.reset_asked = False  # 16.9: world:reset() in this step
        self.kept = None       # 16.9: world:reset(keep)'s keep, as Python data, for the next build
        self.queue = []        # separate calls waiting (16.7)
        self.wildcard = []     # per handler (userData - 1): is it a wildcard handler
        self.types = set()     # (A, B) of a pair handler, (A, None) of a wildcard one
        self.of_body = {}  # body address -> construction index (16.5: every body but the walls')
        self.indexed = 0
        self.stepping = False  # 16.11: inside cpSpaceStep (reference.py says)
        self.vague = set()     # refusals whose words the documents do not give (script_making.py)
        self.unsupported = None
        self._cb = {b"begin": cpCollisionBeginFunc(self._begin),
                    b"preSolve": cpCollisionBeginFunc(self._pre_solve),
                    b"postSolve": cpCollisionPostSolveFunc(self._post_solve),
                    b"separate": cpCollisionPostSolveFunc(self._separate)}
        self.rt = lupa.lua54.LuaRuntime(encoding=None, unpack_returned_tuples=True, register_eval=False,
                                        register_builtins=False, max_memory=MEMORY)
        host = self.rt.table_from({
            b"token": _Token, b"live": self._live, b"kind": self._kind, b"find": self._find, b"at": self._at,
            b"steps": lambda: self.world.step_count, b"is_down": self._is_down, b"body": self._body,
            b"arb": self._arb, b"add_handler": self._add_handler, b"query": self._query,
            b"ask_reset": self._ask_reset, b"find_joint": self._find_joint, b"joint_live": self._joint_live,
            b"joint": self._joint, b"stepping": lambda: self.stepping, b"spawn": self._spawn,
            b"remove": self._remove, b"set_type": self._set_type, b"type_work": self._type_work, b"stiff_body": self._stiff_body,
            b"stiff_joint": self._stiff_joint, b"add_joint": self._add_joint, b"remove_joint": self._remove_joint,
            b"libm": lambda name, *args: LIBM[name](*args), b"frexp": frexp_pair,
            b"ldexp": lambda x, e: _ldexp(x, e), b"asleep": self._asleep, b"shape_count": self._shape_count,
            b"shape_get": self._shape_get, b"shape_set": self._shape_set, b"shape_has_type": self._shape_has_type,
            b"arb_shapes": self._arb_shapes, b"pointer": lambda: self.world.pointer,
            b"clicked": lambda: self.world.clicked, b"gravity": self._gravity, b"each_arbiter": self._each_arbiter,
            b"shape_vertices": self._shape_vertices, b"unsupported": self._unsupported,
            b"look": lambda i: self.world.bodies[i].look.encode(), b"set_look": self._set_look,
            b"module": lambda name: self.world.script_modules.get(name.decode("utf-8", "surrogateescape"))})
        load = self.rt.eval("load")
        S = None
        for chunkname, source in _SOURCES:
            chunk = load(source, chunkname)
            S = chunk(host) if S is None else chunk(S, host)
        self.S = S
        # 16.4 and section 3: seeded with the scene's scriptSeed at every build (0 when it has none)
        seed = world.scene.get("scriptSeed", 0)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= 2 ** 53:
            raise Unsupported("scriptSeed: a whole number from 0 to 2^53")
        S[b"seed"](seed)

    # -- calls into the script ---------------------------------------------

    def _check(self):
        S = self.S
        if self.unsupported is not None:
            raise Unsupported(self.unsupported)
        if S[b"over"]:
            raise Unsupported("the script may reach an instruction budget (16.3); the reference counts more "
                              "than cratebox does and cannot say where cratebox's count runs out")
        if S[b"oom"] or self.rt.get_memory_used() > MEMORY * 3 // 4:
            raise Unsupported("the script may reach its memory limit (16.3)")

    def _run(self, what, *args):
        """(ok, result or error) of an entry point of world.lua."""
        try:
            ok, r = self.S[what](*args)
        except lupa.lua54.LuaMemoryError:
            raise Unsupported("the script may reach its memory limit (16.3)")
        self._check()
        return ok, r

    def _stop(self, error):
        said = message(error)
        for text in self.S[b"inexact"].keys():
            if text.decode("utf-8", "replace") in said:
                return Unsupported("the world stops with an error whose place would come from a frame a tail "
                                   "call took (the reference writes the library in Lua): %s" % said)
        said = said.replace("\r", "\\r").replace("\n", "\\n")  # 16.5: one line
        if not said.startswith(self.name + ":"):
            said = "%s: %s" % (self.name, said)  # 16.5: every stop names the script
        stop = Stopped("%s (step %d)" % (said, self.world.step_count))
        vague = list(self.vague) + [t.decode("utf-8", "replace") for t in self.S[b"vague"].keys()]
        stop.vague = sorted(text for text in set(vague) if text in said)
        return stop

    def top(self):
        """16.5, 16.6: the top level, seeing the build's step and no key held."""
        self.in_top = True
        ok, r = self._run(b"top", self.text, self.name.encode())
        self.in_top = False
        if not ok:
            raise self._stop(r)
        # 16.8: once the top level has run, each function a body names is a
        # global function (the file bodies in order, then the spawn body).
        # 16.10: then the joints'.
        named = [("bodies[%d]" % k, spec) for k, spec in enumerate(self.world.file_bodies)]
        named.append(("spawn", self.world.spawn_spec))
        named += [("joints[%d]" % k, spec) for k, spec in enumerate(self.world.file_joints)]
        for where, spec in named:
            for key in ("velocityFunction", "positionFunction") + JOINT_FUNCTIONS:
                name = spec.get(key)
                if name is not None and not self.S[b"is_function"](name.encode()):
                    raise Stopped("%s: %s.%s names '%s', which is not a global function of the script (step %d)"
                                  % (self.name, where, key, name, self.world.step_count))

    def before_space_step(self):
        """16.5, 16.7, 16.13: right before cpSpaceStep, the key and mouse
        events since the last step to the input functions, in order, then
        the separate calls of removals since the last step, then step(world)."""
        self.S[b"begin_step"]()
        inputs, self.world.inputs = self.world.inputs, []
        for name, point, text in inputs:
            args = (point[0], point[1], text.encode()) if point is not None else (text.encode(),)
            ok, r = self._run(b"input", name.encode(), *args)
            if not ok:
                raise self._stop(r)
        ok, r = self._run(b"run_timers")  # 16.15: after the input functions
        if not ok:
            raise self._stop(r)
        self._deliver()
        ok, r = self._run(b"step")
        if not ok:
            raise self._stop(r)

    def after_space_step(self):
        """16.7: an error in a callback stops the world after cpSpaceStep;
        else (16.11) the functions world:afterStep queued run, then the
        separate calls of the step are delivered."""
        if self.failed is not None:
            raise self._stop(self.failed)
        ok, r = self._run(b"after_step")
        if not ok:
            raise self._stop(r)
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
            ok, r = self._run(b"collide", k, slot, arb)
        except BaseException as exc:  # noqa: B902 (cannot cross C)
            self.world._callback_error = exc
            return 1
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

    def joint_func(self, key, constraint, *args):
        """16.10: a joint's function inside cpSpaceStep; a force or torque
        function's number (0.0 once the step has an error)."""
        k = self.world.scene_joint_index[constraint]
        name = self.world.joint_specs[k][key]
        if key not in ("forceFunction", "torqueFunction"):
            self._integrate(b"joint_call", name.encode(), k, *args)
            return None
        if self.failed is not None or self.world._callback_error is not None:
            return 0.0
        try:
            ok, r = self._run(b"spring_call", name.encode(), k, *args)
        except BaseException as exc:  # noqa: B902 (cannot cross C)
            self.world._callback_error = exc
            return 0.0
        if ok and r is False:
            what = "force" if key == "forceFunction" else "torque"
            r, ok = ("%s: a joint's %s function must return a finite number within 1e30" % (name, what)).encode(), False
        if not ok:
            self.failed = r
            return 0.0
        return r

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

    def _set_look(self, i, look):
        """16.17: a body's look, drawing only (the exact state keeps it; no step reads it)."""
        self.world.bodies[i].look = look.decode().lower()

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

    def _gravity(self):
        """16.5: world:gravity(), cpSpaceGetGravity."""
        g = cpSpaceGetGravity(self.world.space)
        return g.x, g.y

    def _each_arbiter(self, i, f):
        """16.5: body:eachArbiter, Chipmunk's walk (cpBodyEachArbiter), each
        arbiter handed to world.lua's S.walk_one until a call fails."""
        walk_one = self.S[b"walk_one"]
        failed = []

        def visit(body, arb, data):
            if failed:
                return
            try:
                if not walk_one(arb, f):
                    failed.append(None)
            except BaseException as exc:  # noqa: B902 (cannot cross C)
                failed.append(exc)

        cpBodyEachArbiter(self.world.bodies[i].body, cpBodyArbiterIteratorFunc(visit), None)
        if failed and failed[0] is not None:
            raise failed[0]

    def _body(self, i, name, a=None, b=None, c=None, d=None):
        entry = self.world.bodies[i]
        body = entry.body
        if name == b"id":
            return None if entry.id is None else entry.id.encode()
        if name == b"type":
            return entry.type.encode()
        f = BODY[name]
        if name in (b"position", b"velocity", b"force"):
            v = f(body)
            return v.x, v.y
        if name in (b"angle", b"angularVelocity", b"mass", b"moment", b"torque"):
            return f(body)
        if name == b"isSleeping":
            return bool(f(body))
        if name in (b"setVelocity", b"setPosition"):
            f(body, cpVect(a, b))
        elif name in (b"setAngularVelocity", b"setAngle", b"updatePosition", b"setMass", b"setMoment"):
            f(body, a)
        elif name == b"updateVelocity":
            f(body, cpVect(a, b), c, d)
        elif name == b"activate":
            f(body)
        elif name in (b"localToWorld", b"worldToLocal", b"velocityAt"):
            v = f(body, cpVect(a, b))
            return v.x, v.y
        elif name in (b"rotation", b"centerOfGravity"):
            v = f(body)
            return v.x, v.y
        elif c is not None:  # applyImpulse, applyForce at a world point (16.5)
            f(body, cpVect(a, b), cpVect(c, d))
        else:  # applyImpulse, applyForce: at cpBodyGetPosition, world axes
            f(body, cpVect(a, b), BODY[b"position"](body))
        if name in (b"setPosition", b"updatePosition"):
            # 16.8: in a scene with a spatial hash, a position past 2^29 cells (its shapes'
            # reach counted) is refused; the reference does not follow one near that.
            sh = self.world.scene.get("spatialHash")
            p = BODY[b"position"](body)
            if sh is not None and max(abs(p.x), abs(p.y)) > 268435456.0 * float(sh["cellSize"]):
                self.unsupported = "a position near where the spatial hash numbers its cells (16.8)"
        return None

    def _joint_live(self, k):
        return self.world.joint_live[k]

    def _joint(self, k, name, value=None, y=None):
        c = self.world.scene_joints[k]
        spec = self.world.joint_specs[k]
        if name == b"type":
            return spec.get("type").encode()
        if name == b"id":
            return spec["id"].encode() if "id" in spec else None
        if name == b"bodies":
            return self.index(cpConstraintGetBodyA(c)), self.index(cpConstraintGetBodyB(c))
        if name in (b"grooveA", b"grooveB"):  # 16.10: a groove's ends, x and y
            v = JOINT[name](c)
            return v.x, v.y
        if name in (b"setGrooveA", b"setGrooveB"):
            JOINT[name](c, cpVect(value, y))
            return None
        if name in JOINT:
            return JOINT[name](c) if value is None else JOINT[name](c, value)
        get, set_ = JOINT[(spec["type"], name)]
        return get(c) if value is None else set_(c, value)

    def _unsupported(self, why):
        """What the reference cannot follow (raised after the call: _check)."""
        self.unsupported = why.decode("utf-8", "replace") if isinstance(why, bytes) else why

    def _ask_reset(self, keep=None):
        self.reset_asked = True
        self.kept = _to_python(keep)

    def give_kept(self, kept):
        """16.9: the global `kept` before the top level (a fresh copy in this build's Lua)."""
        if kept is not None:
            self.S[b"set_kept"](_to_lua(self.rt, kept))

    def _query(self, kind, a, b, c, d=None, e=None):
        """16.9: the hits of a query, flat (the body's construction index, -1
        for the walls' static body, then the hit's numbers), by distance or
        alpha, then construction index, then shape id; None past 1,000."""
        found = []

        def hit(shape, *numbers):
            if shape in self.world.backings:
                return  # 16.9: a wall's backing is not found
            body = self.index(cpShapeGetBody(shape))
            order = numbers[-1] if numbers else 0  # the distance, the alpha, or none
            found.append((order, -1 if body is None else body, hashid(shape), numbers))

        space = self.world.space
        if kind == b"point":
            f = cpSpacePointQueryFunc(lambda shape, p, dist, grad, data: hit(shape, p.x, p.y, dist))
            cpSpacePointQuery(space, cpVect(a, b), c, FILTER_ALL, f, None)
        elif kind == b"segment":
            f = cpSpaceSegmentQueryFunc(lambda shape, p, n, alpha, data: hit(shape, p.x, p.y, n.x, n.y, alpha))
            cpSpaceSegmentQuery(space, cpVect(a, b), cpVect(c, d), e, FILTER_ALL, f, None)
        else:
            f = cpSpaceBBQueryFunc(lambda shape, data: hit(shape))
            cpSpaceBBQuery(space, cpBB(a, b, c, d), FILTER_ALL, f, None)
        if len(found) > QUERY_LIMIT:
            return None
        flat = []
        for _, body, _, numbers in sorted(found, key=lambda h: h[:3]):
            flat.append(body)
            flat.extend(numbers)
        return self.rt.table_from(flat)

    def _arb(self, arb, name, a=None, b=None, c=None, d=None, e=None):
        if name == b"bodies":
            pa, pb = _P(), _P()
            cpArbiterGetBodies(arb, ctypes.byref(pa), ctypes.byref(pb))
            return self.index(pa.value), self.index(pb.value)
        if name == b"point":
            # 16.7: the arbiter's order (its first shape's point first):
            # Chipmunk's pointA and pointB, traded on a swapped arbiter.
            pa, pb = cpArbiterGetPointA(arb, a), cpArbiterGetPointB(arb, a)
            if arbiter_swapped(arb):
                pa, pb = pb, pa
            return pa.x, pa.y, pb.x, pb.y, cpArbiterGetDepth(arb, a)
        if name == b"setPoint":
            return arbiter_set_point(arb, a, b, c, d, e)
        f = ARBITER[name]
        if name == b"setSurfaceVelocity":
            return f(arb, cpVect(a, b))
        if name.startswith(b"set"):
            return f(arb, a)
        r = f(arb)
        if isinstance(r, cpVect):
            return r.x, r.y
        return bool(r) if name == b"isFirstContact" else r


class UpdateFuncs:
    """16.8, 16.10: the C functions a body that names a velocity or position
    function gets in step 3 of the build (and a knife's piece, its body's),
    and a joint that names its functions in step 4; they call the world's
    script of the moment."""

    def __init__(self, world):
        self.world = world
        self.velocity = cpBodyVelocityFunc(lambda body, g, damping, dt: world.script.velocity_func(body, g, damping, dt))
        self.position = cpBodyPositionFunc(lambda body, dt: world.script.position_func(body, dt))
        self.force = cpDampedSpringForceFunc(lambda c, x: world.script.joint_func("forceFunction", c, x))
        self.torque = cpDampedSpringForceFunc(lambda c, x: world.script.joint_func("torqueFunction", c, x))
        self.pre_solve = cpConstraintSolveFunc(lambda c, space: world.script.joint_func("preSolve", c))
        self.post_solve = cpConstraintSolveFunc(lambda c, space: world.script.joint_func("postSolve", c))

    def attach_joint(self, c, spec):
        """16.10: a joint's functions, right after it is made."""
        if "forceFunction" in spec:
            cpDampedSpringSetSpringForceFunc(c, self.force)
        if "torqueFunction" in spec:
            cpDampedRotarySpringSetSpringTorqueFunc(c, self.torque)
        if "preSolve" in spec:
            cpConstraintSetPreSolveFunc(c, self.pre_solve)
        if "postSolve" in spec:
            cpConstraintSetPostSolveFunc(c, self.post_solve)

    def attach(self, body, funcs):
        if funcs[0] is not None:
            cpBodySetVelocityUpdateFunc(body, self.velocity)
        if funcs[1] is not None:
            cpBodySetPositionUpdateFunc(body, self.position)
