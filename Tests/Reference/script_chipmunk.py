"""The Chipmunk (7.0.3) and libm calls of the reference's scripts
(script.py; docs/scene-format.md section 16), through ctypes: what a
script's calls reach. reference.py has its own bindings; these are the same
library's."""

import ctypes

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
# 16.9: the space queries, with CP_SHAPE_FILTER_ALL (no group, all categories, all masks).


class cpShapeFilter(ctypes.Structure):
    _fields_ = [("group", _U), ("categories", ctypes.c_uint), ("mask", ctypes.c_uint)]


class cpBB(ctypes.Structure):
    _fields_ = [("l", _F), ("b", _F), ("r", _F), ("t", _F)]


FILTER_ALL = cpShapeFilter(0, 0xFFFFFFFF, 0xFFFFFFFF)
cpSpacePointQueryFunc = ctypes.CFUNCTYPE(None, _P, cpVect, _F, cpVect, _P)  # shape, point, distance, gradient
cpSpaceSegmentQueryFunc = ctypes.CFUNCTYPE(None, _P, cpVect, cpVect, _F, _P)  # shape, point, normal, alpha
cpSpaceBBQueryFunc = ctypes.CFUNCTYPE(None, _P, _P)
cpSpacePointQuery = _fn("cpSpacePointQuery", None, _P, cpVect, _F, cpShapeFilter, cpSpacePointQueryFunc, _P)
cpSpaceSegmentQuery = _fn("cpSpaceSegmentQuery", None, _P, cpVect, cpVect, _F, cpShapeFilter,
                          cpSpaceSegmentQueryFunc, _P)
cpSpaceBBQuery = _fn("cpSpaceBBQuery", None, _P, cpBB, cpShapeFilter, cpSpaceBBQueryFunc, _P)
cpShapeGetBody = _fn("cpShapeGetBody", _P, _P)
QUERY_LIMIT = 1000
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
    b"setMass": _fn("cpBodySetMass", None, _P, _F),
    b"setMoment": _fn("cpBodySetMoment", None, _P, _F),
    b"setVelocity": _fn("cpBodySetVelocity", None, _P, cpVect),
    b"setAngularVelocity": _fn("cpBodySetAngularVelocity", None, _P, _F),
    b"applyImpulse": _fn("cpBodyApplyImpulseAtWorldPoint", None, _P, cpVect, cpVect),
    b"applyForce": _fn("cpBodyApplyForceAtWorldPoint", None, _P, cpVect, cpVect),
}

# 16.5: a body's frame, velocity at a point and arbiters.
BODY[b"localToWorld"] = _fn("cpBodyLocalToWorld", cpVect, _P, cpVect)
BODY[b"worldToLocal"] = _fn("cpBodyWorldToLocal", cpVect, _P, cpVect)
BODY[b"velocityAt"] = _fn("cpBodyGetVelocityAtWorldPoint", cpVect, _P, cpVect)
BODY[b"rotation"] = _fn("cpBodyGetRotation", cpVect, _P)
BODY[b"centerOfGravity"] = _fn("cpBodyGetCenterOfGravity", cpVect, _P)
cpBodyArbiterIteratorFunc = ctypes.CFUNCTYPE(None, _P, _P, _P)  # (body, arbiter, data)
cpBodyEachArbiter = _fn("cpBodyEachArbiter", None, _P, cpBodyArbiterIteratorFunc, _P)
cpSpaceGetGravity = _fn("cpSpaceGetGravity", cpVect, _P)


# 16.7: arb:setPoint writes one contact of the arbiter (chipmunk_structs.h,
# 7.0.3): its r1 and r2, relative to each body's p (struct cpBody's p: its
# centre of gravity in world coordinates, what cpArbiterSetContactPointSet
# subtracts).
class _cpContact(ctypes.Structure):
    _fields_ = [("r1", cpVect), ("r2", cpVect), ("nMass", _F), ("tMass", _F), ("bounce", _F), ("jnAcc", _F),
                ("jtAcc", _F), ("jBias", _F), ("bias", _F), ("hash", _U)]


class _cpArbiter(ctypes.Structure):
    _fields_ = [("e", _F), ("u", _F), ("surface_vr", cpVect), ("data", _P), ("a", _P), ("b", _P),
                ("body_a", _P), ("body_b", _P), ("thread_a", _P * 2), ("thread_b", _P * 2), ("count", _I),
                ("contacts", ctypes.POINTER(_cpContact)), ("n", cpVect), ("handler", _P), ("handlerA", _P),
                ("handlerB", _P), ("swapped", _B)]


class _cpBodyHead(ctypes.Structure):
    _fields_ = [("velocity_func", _P), ("position_func", _P), ("m", _F), ("m_inv", _F), ("i", _F), ("i_inv", _F),
                ("cog", cpVect), ("p", cpVect)]


def arbiter_swapped(arb):
    """Whether Chipmunk's arbiter is swapped: its first shape (16.7's) is
    the arbiter's b (what cpArbiterGetContactPointSet trades on)."""
    return bool(ctypes.cast(arb, ctypes.POINTER(_cpArbiter)).contents.swapped)


def arbiter_set_point(arb, i, ax, ay, bx, by):
    """Contact i's points as cpArbiterSetContactPointSet sets them (pointA
    and pointB trade places on a swapped arbiter), the other contacts and
    the normal untouched."""
    a = ctypes.cast(arb, ctypes.POINTER(_cpArbiter)).contents
    if a.swapped:
        ax, ay, bx, by = bx, by, ax, ay
    pa = ctypes.cast(a.body_a, ctypes.POINTER(_cpBodyHead)).contents.p
    pb = ctypes.cast(a.body_b, ctypes.POINTER(_cpBodyHead)).contents.p
    c = a.contacts[i]
    c.r1 = cpVect(ax - pa.x, ay - pa.y)
    c.r2 = cpVect(bx - pb.x, by - pb.y)


# 16.12: a body's force, torque and sleep, and its shapes' material.
BODY[b"force"] = _fn("cpBodyGetForce", cpVect, _P)
BODY[b"torque"] = _fn("cpBodyGetTorque", _F, _P)
BODY[b"isSleeping"] = _fn("cpBodyIsSleeping", _B, _P)
BODY[b"activate"] = _fn("cpBodyActivate", None, _P)
cpBodyIsSleeping = BODY[b"isSleeping"]
SHAPE = {
    b"friction": (_fn("cpShapeGetFriction", _F, _P), _fn("cpShapeSetFriction", None, _P, _F)),
    b"elasticity": (_fn("cpShapeGetElasticity", _F, _P), _fn("cpShapeSetElasticity", None, _P, _F)),
    b"surfaceVelocity": (_fn("cpShapeGetSurfaceVelocity", cpVect, _P),
                         _fn("cpShapeSetSurfaceVelocity", None, _P, cpVect)),
    b"sensor": (_fn("cpShapeGetSensor", _B, _P), _fn("cpShapeSetSensor", None, _P, _B)),
}
cpShapeGetBB = _fn("cpShapeGetBB", cpBB, _P)
cpPolyShapeGetCount = _fn("cpPolyShapeGetCount", _I, _P)
cpPolyShapeGetVert = _fn("cpPolyShapeGetVert", cpVect, _P, _I)
cpShapeGetCollisionType = _fn("cpShapeGetCollisionType", _U, _P)
cpShapeGetSensor = SHAPE[b"sensor"][0]
# 16.11, section 8's checks of a script's joint: its bodies as they are now.
cpBodyGetMass = BODY[b"mass"]
cpBodyGetCenterOfGravity = _fn("cpBodyGetCenterOfGravity", cpVect, _P)
cpBodyLocalToWorld = _fn("cpBodyLocalToWorld", cpVect, _P, cpVect)

# 16.11: what making and removing needs.
cpBodyGetMoment = BODY[b"moment"]
cpSpaceGetStaticBody = _fn("cpSpaceGetStaticBody", _P, _P)
cpSpaceRemoveConstraint = _fn("cpSpaceRemoveConstraint", None, _P, _P)

# 16.10: joints.
cpConstraintGetBodyA = _fn("cpConstraintGetBodyA", _P, _P)
cpConstraintGetBodyB = _fn("cpConstraintGetBodyB", _P, _P)
JOINT = {b"impulse": _fn("cpConstraintGetImpulse", _F, _P), b"maxForce": _fn("cpConstraintGetMaxForce", _F, _P),
         b"setMaxForce": _fn("cpConstraintSetMaxForce", None, _P, _F),
         b"grooveA": _fn("cpGrooveJointGetGrooveA", cpVect, _P), b"grooveB": _fn("cpGrooveJointGetGrooveB", cpVect, _P),
         b"setGrooveA": _fn("cpGrooveJointSetGrooveA", None, _P, cpVect),
         b"setGrooveB": _fn("cpGrooveJointSetGrooveB", None, _P, cpVect)}
for _kind, _name, _c in (("spring", b"restLength", "DampedSpring"), ("spring", b"stiffness", "DampedSpring"),
                         ("spring", b"damping", "DampedSpring"), ("rotarySpring", b"stiffness", "DampedRotarySpring"),
                         ("rotarySpring", b"damping", "DampedRotarySpring"),
                         ("rotarySpring", b"restAngle", "DampedRotarySpring"), ("motor", b"rate", "SimpleMotor"),
                         ("pin", b"distance", "PinJoint"), ("slide", b"min", "SlideJoint"), ("slide", b"max", "SlideJoint"),
                         ("rotaryLimit", b"min", "RotaryLimitJoint"), ("rotaryLimit", b"max", "RotaryLimitJoint"),
                         ("gear", b"ratio", "GearJoint"), ("gear", b"phase", "GearJoint")):
    _cname = {b"distance": "Dist"}.get(_name, _name.decode()[0].upper() + _name.decode()[1:])
    JOINT[(_kind, _name)] = (_fn("cp%sGet%s" % (_c, _cname), _F, _P), _fn("cp%sSet%s" % (_c, _cname), None, _P, _F))
cpDampedSpringForceFunc = ctypes.CFUNCTYPE(_F, _P, _F)      # (spring, length) -> force
cpConstraintSolveFunc = ctypes.CFUNCTYPE(None, _P, _P)      # (constraint, space)
cpDampedSpringSetSpringForceFunc = _fn("cpDampedSpringSetSpringForceFunc", None, _P, cpDampedSpringForceFunc)
cpDampedRotarySpringSetSpringTorqueFunc = _fn("cpDampedRotarySpringSetSpringTorqueFunc", None, _P,
                                              cpDampedSpringForceFunc)
cpConstraintSetPreSolveFunc = _fn("cpConstraintSetPreSolveFunc", None, _P, cpConstraintSolveFunc)
cpConstraintSetPostSolveFunc = _fn("cpConstraintSetPostSolveFunc", None, _P, cpConstraintSolveFunc)
JOINT_FUNCTIONS = ("forceFunction", "torqueFunction", "preSolve", "postSolve")

# The math functions of Debian's LUA_COMPAT_MATHLIB (library.lua), as the process finds them:
# the preloaded ones of docs/math.md (refmath.py) before the C library's.
_libm = ctypes.CDLL(None)
LIBM = {}
for _name, _args in (("cosh", 1), ("sinh", 1), ("tanh", 1), ("log10", 1), ("pow", 2)):
    LIBM[_name.encode()] = getattr(_libm, _name)
    LIBM[_name.encode()].restype, LIBM[_name.encode()].argtypes = _F, [_F] * _args
_frexp, _ldexp = _libm.frexp, _libm.ldexp
_frexp.restype, _frexp.argtypes = _F, [_F, ctypes.POINTER(_I)]
_ldexp.restype, _ldexp.argtypes = _F, [_F, _I]


def frexp_pair(x):
    e = ctypes.c_int(0)
    m = _frexp(x, ctypes.byref(e))
    return m, e.value


def type_number(name):
    """16.7: a collision type's number, the FNV-1a 64 of its bytes with the top bit set."""
    h = 0xcbf29ce484222325
    for byte in name:
        h = ((h ^ byte) * 0x100000001b3) % 2 ** 64
    h |= 1 << 63
    return h - 1 if h == 2 ** 64 - 1 else h

# 16.5.1: body:setType.
cpBodyConstraintIteratorFunc = ctypes.CFUNCTYPE(None, _P, _P, _P)  # (body, constraint, data)
cpBodyEachConstraint = _fn("cpBodyEachConstraint", None, _P, cpBodyConstraintIteratorFunc, _P)
cpBodySetType = _fn("cpBodySetType", None, _P, _I)
cpBodyGetType = _fn("cpBodyGetType", _I, _P)
cpBodyActivateStatic = _fn("cpBodyActivateStatic", None, _P, _P)
cpBodyActivate = BODY[b"activate"]
cpBodySetMass = _fn("cpBodySetMass", None, _P, _F)
cpBodySetMoment = _fn("cpBodySetMoment", None, _P, _F)
cpShapeGetMass = _fn("cpShapeGetMass", _F, _P)
cpShapeGetMoment = _fn("cpShapeGetMoment", _F, _P)
TURNING = tuple(_fn(name, _B, _P) for name in ("cpConstraintIsGearJoint", "cpConstraintIsSimpleMotor",
                                                "cpConstraintIsRotaryLimitJoint", "cpConstraintIsRatchetJoint",
                                                "cpConstraintIsDampedRotarySpring"))
