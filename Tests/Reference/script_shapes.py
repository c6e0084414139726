"""What a script's shapes read and do to the reference's world
(docs/scene-format.md 16.12), and what 16.7's wake rule asks of it, for
script.py's Script: a shape is named by its body's construction index and
its place k (1-based) in the list its scene entry (or the spec it was made
from) gives, which is the order the reference made them in (a knife's piece
has its one shape); world.lua (then shapes.lua) has already refused a gone
body's shapes and checked the numbers."""

import ctypes

from script_chipmunk import (SHAPE, _P, cpArbiterGetShapes, cpBodyIsSleeping, cpPolyShapeGetCount,
                             cpPolyShapeGetVert, cpShapeGetBB, cpShapeGetCollisionType, cpVect, type_number)
from script_chipmunk import _U, _fn


class cpShapeFilter(ctypes.Structure):
    _fields_ = [("group", _U), ("categories", ctypes.c_uint), ("mask", ctypes.c_uint)]


# 16.12: a shape's collision type and filter, set by a script.
cpShapeSetCollisionType = _fn("cpShapeSetCollisionType", None, _P, _U)
cpShapeGetFilter = _fn("cpShapeGetFilter", cpShapeFilter, _P)
cpShapeSetFilter = _fn("cpShapeSetFilter", None, _P, cpShapeFilter)

LISTED = 64  # 16.12: body:shapes() lists at most 64 (the first ones)


class Shapes:
    """A mixin of script.Script: `world`, `arb`, `index`."""

    shapes_indexed = 0
    of_shape = None  # shape address -> (construction index, place)

    def _asleep(self, i):
        """16.7: whether body i is asleep (cpBodyIsSleeping); the world's
        static body (None) never is."""
        return i is not None and bool(cpBodyIsSleeping(self.world.bodies[i].body))

    def _shape_count(self, i):
        return min(len(self.world.bodies[i].shapes), LISTED)

    def _shape_of(self, i, k):
        return self.world.bodies[i].shapes[k - 1]

    def _shape_get(self, i, k, name):
        if name == b"bb":  # 16.12: left, bottom, right, top
            bb = cpShapeGetBB(self._shape_of(i, k))
            return bb.l, bb.b, bb.r, bb.t
        if name == b"oneWay":  # a one-way platform's shape: collision type 1 (section 12)
            return cpShapeGetCollisionType(self._shape_of(i, k)) == 1
        if name == b"filter":  # 16.12: group, categories, mask
            f = cpShapeGetFilter(self._shape_of(i, k))
            return f.group, f.categories, f.mask
        r = SHAPE[name][0](self._shape_of(i, k))
        if isinstance(r, cpVect):
            return r.x, r.y
        return bool(r) if name == b"sensor" else r

    def _shape_set(self, i, k, name, a, b=None, c=None):
        sh = self._shape_of(i, k)
        if name == b"collisionType":  # 16.12: by the name's number (16.7)
            cpShapeSetCollisionType(sh, type_number(a))
        elif name == b"filter":
            cpShapeSetFilter(sh, cpShapeFilter(a, b, c))  # cpShapeFilterNew
        elif name == b"surfaceVelocity":
            SHAPE[name][1](sh, cpVect(a, b))
        else:
            SHAPE[name][1](sh, a)

    def _shape_has_type(self, i, k, name):
        """16.12: whether cpShapeGetCollisionType is the name's number (16.7)."""
        return cpShapeGetCollisionType(self._shape_of(i, k)) == type_number(name)

    def place(self, shape):
        """(construction index, place) of a shape; (None, None) for the walls'."""
        if self.of_shape is None:
            self.of_shape = {}
        bodies = self.world.bodies
        if shape not in self.of_shape and self.shapes_indexed < len(bodies):
            for i in range(self.shapes_indexed, len(bodies)):  # bodies are only ever added
                for k, sh in enumerate(bodies[i].shapes, 1):
                    self.of_shape[sh] = (i, k)
            self.shapes_indexed = len(bodies)
        return self.of_shape.get(shape, (None, None))

    def _arb_shapes(self, arb):
        """16.12: arb:shapes(), the arbiter's two shapes in its order."""
        a, b = _P(), _P()
        cpArbiterGetShapes(arb, ctypes.byref(a), ctypes.byref(b))
        return self.place(a.value) + self.place(b.value)

    def _shape_vertices(self, i, k):
        """16.12: a polygon's or box's vertices in its body's frame, flat
        (x1, y1, x2, y2, ...); None for another shape."""
        if self.world.bodies[i].kinds[k - 1] != "poly":
            return None
        sh = self._shape_of(i, k)
        flat = []
        for n in range(cpPolyShapeGetCount(sh)):
            v = cpPolyShapeGetVert(sh, n)
            flat += [v.x, v.y]
        return self.rt.table_from(flat)
