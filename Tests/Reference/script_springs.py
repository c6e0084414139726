"""16.11.1: springs held to section 8's load as a script changes things.

A body's load is the sum, over the springs and rotary springs on it
(cpBodyEachConstraint's order), of stiffness * k * dt^2, k from both ends'
inverse mass and inverse moment about the centre of gravity as they are now,
each anchor taken from that centre. A change
that leaves a body's load over 1 and higher than it was is refused: the body
changed, then the other ends of its springs; the space's static body never
counts. Each number is computed with the same operations in the same order as
cratebox's C (Sources/ChipmunkSurface/surface_springs.c), so the refusals agree
to the bit.
"""
import math

from script_chipmunk import _fn, _P, _F, _B, cpVect, cpBodyConstraintIteratorFunc, cpBodyEachConstraint, \
    cpBodyGetCenterOfGravity, cpBodyGetMass, cpBodyGetMoment, cpBodyGetType, cpConstraintGetBodyA, \
    cpConstraintGetBodyB

STEP = 1.0 / 120.0
WORDS = "the springs on body %d would be too stiff for their bodies at 1/120 s steps (section 8): " \
        "make them softer or the bodies heavier"
cpBodyGetSpace = _fn("cpBodyGetSpace", _P, _P)
cpSpaceGetStaticBody = _fn("cpSpaceGetStaticBody", _P, _P)
is_spring = _fn("cpConstraintIsDampedSpring", _B, _P)
is_rotary = _fn("cpConstraintIsDampedRotarySpring", _B, _P)
anchor_a = _fn("cpDampedSpringGetAnchorA", cpVect, _P)
anchor_b = _fn("cpDampedSpringGetAnchorB", cpVect, _P)
spring_stiffness = _fn("cpDampedSpringGetStiffness", _F, _P)
rotary_stiffness = _fn("cpDampedRotarySpringGetStiffness", _F, _P)
shape_mass = _fn("cpShapeGetMass", _F, _P)
shape_moment = _fn("cpShapeGetMoment", _F, _P)
shape_cog = _fn("cpShapeGetCenterOfGravity", cpVect, _P)


def inverse_with(mass, moment, cx, cy):
    """(1/m, 1/I about the centre of gravity, cx, cy)."""
    return 1.0 / mass, 0.0 if math.isinf(moment) else 1.0 / moment, cx, cy


def inverse_of(body):
    if not body or cpBodyGetType(body) != 0:
        return 0.0, 0.0, 0.0, 0.0
    c = cpBodyGetCenterOfGravity(body)
    return inverse_with(cpBodyGetMass(body), cpBodyGetMoment(body), c.x, c.y)


def arm_squared(x, y, end):
    """|anchor - centre of gravity|^2: Chipmunk turns a body about its centre."""
    dx, dy = x - end[2], y - end[3]
    return dx * dx + dy * dy


def accumulated(shapes):
    """A body turned dynamic: its shapes' mass, moment and centre of gravity, as
    cpBodyAccumulateMassFromShapes adds them (`shapes` in Chipmunk's list order)."""
    mass, moment, cx, cy = 0.0, 0.0, 0.0, 0.0
    for sh in shapes:
        m = shape_mass(sh)
        if m > 0.0:
            msum = mass + m
            c = shape_cog(sh)
            dx, dy = cx - c.x, cy - c.y
            moment = moment + (shape_moment(sh) + (dx * dx + dy * dy) * (m * mass) / msum)
            t = m / msum
            cx, cy = cx * (1.0 - t) + c.x * t, cy * (1.0 - t) + c.y * t
            mass = msum
    return mass, moment, cx, cy


def constraints(body):
    out = []
    cpBodyEachConstraint(body, cpBodyConstraintIteratorFunc(lambda b, c, d: out.append(c)), None)
    return out


def springy(c):
    return is_spring(c) or is_rotary(c)


def spring_load(c, changed=None, inverse=None, stiff=None, stiffness=None):
    a, b = cpConstraintGetBodyA(c), cpConstraintGetBodyB(c)
    ia = inverse if a == changed else inverse_of(a)
    ib = inverse if b == changed else inverse_of(b)
    if is_spring(c):
        ra, rb = anchor_a(c), anchor_b(c)
        k = ia[0] + ib[0] + arm_squared(ra.x, ra.y, ia) * ia[1] + arm_squared(rb.x, rb.y, ib) * ib[1]
        s = spring_stiffness(c)
    else:
        k = ia[1] + ib[1]
        s = rotary_stiffness(c)
    if c == stiff:
        s = stiffness
    return s * k * STEP * STEP


def load_of(body, **what_if):
    total = 0.0
    for c in constraints(body):
        if springy(c):
            total += spring_load(c, **what_if)
    return total


def counts(body):
    space = cpBodyGetSpace(body)
    return bool(space) and body != cpSpaceGetStaticBody(space)


def overloaded(body, **what_if):
    if not counts(body):
        return False
    after = load_of(body, **what_if)
    return after > 1 and after > load_of(body)


def with_body(body, inverse):
    """The body whose load `body` taking `inverse` would raise over 1, or None."""
    if overloaded(body, changed=body, inverse=inverse):
        return body
    for c in constraints(body):
        if springy(c):
            a, b = cpConstraintGetBodyA(c), cpConstraintGetBodyB(c)
            other = b if a == body else a
            if overloaded(other, changed=body, inverse=inverse):
                return other
    return None


def with_stiffness(c, stiffness):
    for end in (cpConstraintGetBodyA(c), cpConstraintGetBodyB(c)):
        if overloaded(end, stiff=c, stiffness=stiffness):
            return end
    return None


def new_spring_load(kind, anchors, stiffness, a, b):
    """A spring's load before it is made: `kind` "spring" or "rotarySpring", its
    anchors (two (x, y)), stiffness, and its two bodies now."""
    ia, ib = inverse_of(a), inverse_of(b)
    if kind == "spring":
        (ax, ay), (bx, by) = anchors
        k = ia[0] + ib[0] + arm_squared(ax, ay, ia) * ia[1] + arm_squared(bx, by, ib) * ib[1]
    else:
        k = ia[1] + ib[1]
    return stiffness * k * STEP * STEP


def fits(added, a, b):
    """The end a new spring of load `added` would raise over 1, or None."""
    for end in (a, b):
        if counts(end) and load_of(end) + added > 1 and added > 0:
            return end
    return None
