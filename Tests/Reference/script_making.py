"""What world:spawn, world:remove, world:addJoint and world:removeJoint do
to the reference's world (docs/scene-format.md 16.11), for script.py's
Script: the table read by the scene reader's rules (script_reader.py), the
body made as section 9's step 3 makes one and given the next construction
index, the joint made as step 4 makes one and given the next joint index
(after the scene's joints and the script's earlier ones), and removals as
the `remove` event's. world.lua has already refused them inside Chipmunk's
step and checked the bodies and joints given.

Each returns (index, None) or (None, the refusal's message); a message the
documents do not give word for word is kept in `vague`, so that a world
stopped with it says so (the rest of its line must be cratebox's)."""

import math
import sys

import script_reader
import script_springs
from script_chipmunk import (TURNING, cpBodyActivate, cpBodyActivateStatic, cpBodyArbiterIteratorFunc, cpBodyEachArbiter, cpBodyConstraintIteratorFunc, cpBodyEachConstraint,
                             cpBodyGetCenterOfGravity, cpBodyGetMass, cpBodyGetMoment, cpBodyGetType, cpBodyLocalToWorld,
                             cpBodySetMass, cpBodySetMoment, cpBodySetType, cpConstraintGetBodyA, cpConstraintGetBodyB,
                             cpShapeGetMass, cpShapeGetMoment, cpSpaceGetStaticBody, cpSpaceRemoveConstraint, cpVect)

LIVE_LIMIT = 20000           # replay-format.md, `spawn`: fewer than 20000 live bodies
MADE_LIMIT = 100000000       # and len(bodies) <= 100000000
BODY_FUNCTIONS = ("velocityFunction", "positionFunction")
JOINT_FUNCTIONS = ("forceFunction", "torqueFunction", "preSolve", "postSolve")
DT = 1.0 / 120.0
TYPE_NAMES = ("dynamic", "kinematic", "static")  # 16.5.1, and cpBodyType's numbers
DYNAMIC_SHAPES = 1000  # section 8: shapes on one dynamic body


def inverse(kind, body):
    """Section 8: a body's inverse mass 1/m, inverse moment 1/I about its centre
    of gravity and that centre (cx, cy), as it is now; zeros for static,
    kinematic and the world's body, and an infinite moment's is 0."""
    if kind != "dynamic":
        return 0.0, 0.0, 0.0, 0.0
    return script_springs.inverse_of(body)


def section8(spec, kinds, ends):
    """16.11: section 8's checks of a pin's length and a spring's stiffness
    (13.4: a rotary spring's too, on the inverse moments) for a script's
    joint, with its two bodies as they are now, alone: its refusal, or
    None. The reference computes them in its own order of operations: a
    joint within rounding of a limit may go either way."""
    t = spec["type"]
    if t == "pin" and "distance" not in spec:
        pa = cpBodyLocalToWorld(ends[0], cpVect(*map(float, spec["anchorA"])))
        pb = cpBodyLocalToWorld(ends[1], cpVect(*map(float, spec["anchorB"])))
        dx, dy = pb.x - pa.x, pb.y - pa.y
        if not math.sqrt(dx * dx + dy * dy) >= 0.001:
            return "the joint: its anchors are less than 0.001 apart (a pin of length 0 is a pivot)"
    if t in ("spring", "rotarySpring"):
        a, b = inverse(kinds[0], ends[0]), inverse(kinds[1], ends[1])
        if t == "spring":
            ax, ay = map(float, spec["anchorA"])
            bx, by = map(float, spec["anchorB"])
            k = a[0] + b[0] + script_springs.arm_squared(ax, ay, a) * a[1] + script_springs.arm_squared(bx, by, b) * b[1]
        else:
            k = a[1] + b[1]
        if float(spec["stiffness"]) * k * DT * DT > 1:
            return "the joint: too stiff for its bodies at 1/120 s steps (section 8)"
    return None


class Making:
    """A mixin of script.Script: `world`, `S`, `vague`, `unsupported`."""

    def _refuse(self, what, message, exact=False):
        text = "%s: %s" % (what, message)
        if not exact:
            self.vague.add(text)
        return None, text.encode()

    def _read(self, what, read, *args):
        """(the spec, None) or (None, the refusal) of a reader."""
        try:
            return read(*args), None
        except script_reader.ReadError as exc:
            return None, self._refuse(what, str(exc), exc.exact)
        except NotImplementedError as exc:
            self.unsupported = str(exc)
            return None, (None, b"the reference cannot follow this")

    def _named(self, what, spec, keys):
        """16.11: the functions a body or joint names must be the script's."""
        for key in keys:
            name = spec.get(key)
            if name is not None and not self.S[b"is_global_function"](name.encode()):
                return self._refuse(what, "'%s' is not a global function of the script" % name)
        return None

    def _spawn(self, table):
        w = self.world
        spec, refused = self._read("world:spawn", self._body_spec, table)
        if refused is not None:
            return refused
        refused = self._named("world:spawn", spec, BODY_FUNCTIONS)
        if refused is not None:
            return refused
        if not w.live_count < LIVE_LIMIT:
            return self._refuse("world:spawn", "the world already has %d bodies; the limit is %d"
                                % (w.live_count, LIVE_LIMIT))
        if not len(w.bodies) <= MADE_LIMIT:
            return self._refuse("world:spawn", "the world has made %d bodies; the limit is %d"
                                % (len(w.bodies), MADE_LIMIT))
        met = w.crowded(spec, *spec["position"])
        if met > 64:
            return self._refuse("world:spawn", "the body would overlap %d shapes of moving bodies (at most 64): "
                                "Chipmunk would take very long to push them apart" % met)
        w.bodies.append(w.make_body(spec, spec["position"], False, by_script=True))
        w.live_count += 1
        return len(w.bodies) - 1, None

    def _body_spec(self, table):
        obj = script_reader.to_json(table)
        script_reader.check_size(obj)
        ref = self._reference()
        return script_reader.read_body(obj, ref.scene_polygon_ok, ref.shape_area)

    def _remove(self, i):
        self.world._remove(i)

    def _stiff_body(self, i, name, value):
        """16.11.1: body:setMass or setMoment (`name`) of `value`: the refusal's words, or None."""
        body = self.world.bodies[i].body
        c = cpBodyGetCenterOfGravity(body)
        m, moment = (value, cpBodyGetMoment(body)) if name == b"setMass" else (cpBodyGetMass(body), value)
        loaded = script_springs.with_body(body, script_springs.inverse_with(m, moment, c.x, c.y))
        return None if loaded is None else (script_springs.WORDS % self.index(loaded)).encode()

    def _stiff_joint(self, k, value):
        """16.11.1: a spring's or rotary spring's stiffness set to `value`: the refusal's words, or None."""
        loaded = script_springs.with_stiffness(self.world.scene_joints[k], value)
        return None if loaded is None else (script_springs.WORDS % self.index(loaded)).encode()

    def _type_work(self, i):
        """16.3: what body:setType is charged: 16 per shape and joint of the body, 4 per
        arbiter it has, one per four bodies in the world."""
        entry = self.world.bodies[i]
        joints, arbiters = [], []
        cpBodyEachConstraint(entry.body, cpBodyConstraintIteratorFunc(lambda b, c, d: joints.append(c)), None)
        cpBodyEachArbiter(entry.body, cpBodyArbiterIteratorFunc(lambda b, a, d: arbiters.append(a)), None)
        return 16 * (len(entry.shapes) + len(joints)) + 4 * len(arbiters) + self.world.live_count // 4

    def _set_type(self, i, code, mass, moment):
        """16.5.1: body:setType, its checks in the documents' order, then Chipmunk's calls."""
        w = self.world
        entry = w.bodies[i]
        body = entry.body
        what = "setType"
        if entry.track is not None:
            return self._refuse(what, "body %d follows an animation, which keeps it kinematic" % i, True)
        for b in w.bindings:
            if b.action in ("thruster", "servo") and b.body == i:
                return self._refuse(what, "body %d is driven by a %s of the scene's controls, which keeps its type"
                                    % (i, b.action), True)
        to, numbers = TYPE_NAMES[code], mass is not None
        if to != "dynamic" and (entry.funcs[0] is not None or entry.funcs[1] is not None):
            return self._refuse(what, "body %d has a %s, which is for dynamic bodies only"
                                % (i, "velocityFunction" if entry.funcs[0] is not None else "positionFunction"), True)
        if numbers and to != "dynamic":
            return self._refuse(what, 'a mass and a moment are for "dynamic" only', True)
        if numbers and not 1e-6 <= mass <= 1e12:
            return self._refuse(what, "the mass must be from 1e-06 to 1e+12", True)
        if numbers and not 1e-6 <= moment <= 1e30:
            return self._refuse(what, "the moment must be from 1e-06 to 1e+30", True)
        if to == entry.type and not numbers:
            return None, None
        if to == "dynamic":
            if len(entry.shapes) > DYNAMIC_SHAPES:
                return self._refuse(what, "body %d has %d shapes; a dynamic body may have at most %d"
                                    % (i, len(entry.shapes), DYNAMIC_SHAPES), True)
            # Chipmunk's list of a body's shapes holds the newest first: summed in its order.
            m = sum_in_order(cpShapeGetMass(sh) for sh in reversed(entry.shapes))
            mo = sum_in_order(cpShapeGetMoment(sh) for sh in reversed(entry.shapes))
            if entry.type != "dynamic" and not numbers and not (1e-6 <= m <= 1e12 and 1e-6 <= mo <= 1e30):
                return self._refuse(what, "body %d's shapes give it no mass or no moment: give both, "
                                    "setType(\"dynamic\", mass, moment)" % i, True)
            # 16.11.1: the springs' loads with the mass, moment and centre of gravity it will have.
            if entry.type == "dynamic":
                c = cpBodyGetCenterOfGravity(body)
                will = [cpBodyGetMass(body), cpBodyGetMoment(body), c.x, c.y]
            else:
                will = list(script_springs.accumulated(reversed(entry.shapes)))
            if numbers:
                will[0], will[1] = mass, moment
            loaded = script_springs.with_body(body, script_springs.inverse_with(*will))
            if loaded is not None:
                return self._refuse(what, script_springs.WORDS % self.index(loaded), True)
        else:
            grab = w.grab[2] if w.grab is not None and w.grab[0] == i else None
            found = []

            def visit(b, c, data):
                if found or c == grab:
                    return
                a, bb = cpConstraintGetBodyA(c), cpConstraintGetBodyB(c)
                other = bb if a == body else a
                turning = any(f(c) for f in TURNING)
                if other == body or cpBodyGetType(other) != 0 or (turning and not cpBodyGetMoment(other) < math.inf):
                    found.append(c)
            cpBodyEachConstraint(body, cpBodyConstraintIteratorFunc(visit), None)
            if found:
                k = w.scene_joint_index.get(found[0])
                return self._refuse(what, "joint %s would have no dynamic end (or, turning, no end that turns), "
                                    "which Chipmunk cannot solve" % ("?" if k is None else k), True)
        if to != entry.type:
            # Woken first (16.5.1): cpBodySetType's own activation comes too late.
            if entry.type == "dynamic":
                cpBodyActivate(body)
            elif entry.type == "static":
                cpBodyActivateStatic(body, None)
                joined = []
                cpBodyEachConstraint(body, cpBodyConstraintIteratorFunc(lambda b, c, d: joined.append(c)), None)
                for c in joined:
                    a, bb = cpConstraintGetBodyA(c), cpConstraintGetBodyB(c)
                    other = bb if a == body else a
                    if cpBodyGetType(other) == 0:
                        cpBodyActivate(other)
            cpBodySetType(body, code)
            entry.type = to
        if numbers:
            cpBodySetMass(body, mass)
            cpBodySetMoment(body, moment)
        if to != "dynamic" and w.grab is not None and w.grab[0] == i:
            w.release()
        return None, None

    def _add_joint(self, table, ia, ib):
        w = self.world
        static = cpSpaceGetStaticBody(w.space)
        kinds = ["world" if i < 0 else w.bodies[i].type for i in (ia, ib)]
        ends = [static if i < 0 else w.bodies[i].body for i in (ia, ib)]

        def turns(end):
            i = ia if end == "a" else ib
            return i >= 0 and kinds[end == "b"] == "dynamic" and cpBodyGetMoment(ends[end == "b"]) < float("inf")

        if ia == ib:  # 16.11: two bodies, not the same one (the world's body twice neither)
            return self._refuse("world:addJoint", "the joint: a and b are the same body")
        spec, refused = self._read("world:addJoint", self._joint_spec, table, kinds, turns)
        if refused is not None:
            return refused
        refused = section8(spec, kinds, ends)
        if refused is not None:
            return self._refuse("world:addJoint", refused)
        refused = self._named("world:addJoint", spec, JOINT_FUNCTIONS)
        if refused is not None:
            return refused
        if spec["type"] in ("spring", "rotarySpring"):  # 16.11.1: the springs' loads with it
            anchors = [tuple(map(float, spec[key])) for key in ("anchorA", "anchorB")] if spec["type"] == "spring" else None
            added = script_springs.new_spring_load(spec["type"], anchors, float(spec["stiffness"]), ends[0], ends[1])
            loaded = script_springs.fits(added, ends[0], ends[1])
            if loaded is not None:
                return self._refuse("world:addJoint", script_springs.WORDS % self.index(loaded), True)
        c = w.make_joint(spec, (ends[0], ends[1], ia < 0 or ib < 0))
        k = len(w.joint_specs)
        w.joint_specs.append(spec)
        w.scene_joints.append(c)
        w.joint_live.append(True)
        w.scene_joint_index[c] = k
        return k, None

    def _joint_spec(self, table, kinds, turns):
        obj = script_reader.to_json(table, (b"a", b"b"))
        script_reader.check_size(obj)
        return script_reader.read_joint(obj, kinds[0], kinds[1], turns)

    def _remove_joint(self, k):
        """16.11: the joint out of the world, as a removal with a body takes it."""
        w = self.world
        c = w.scene_joints[k]
        cpSpaceRemoveConstraint(w.space, c)
        w.joints = [j for j in w.joints if j[0] != c]
        w.break_force.pop(c, None)
        w._joint_gone(c)

    def _find_joint(self, name):
        """16.10: the joint in the space with that id (the lowest index: a
        script's joints may share one)."""
        w = self.world
        name = name.decode("utf-8", "surrogateescape")
        for k, spec in enumerate(w.joint_specs):
            if w.joint_live[k] and spec.get("id") == name:
                return k
        return None

    def _reference(self):
        """reference.py's module (__main__ when it runs as the program)."""
        return sys.modules[type(self.world).__module__]


def sum_in_order(values):
    """Adds left to right, as C's loop does (Python's sum would too; said for the reader)."""
    total = 0.0
    for v in values:
        total += v
    return total
