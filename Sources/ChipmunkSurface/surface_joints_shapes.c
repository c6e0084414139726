// Joints, shapes and arbiters through the checked surface (chipmunk_surface.h).
#include <chipmunk/chipmunk.h>
#include "chipmunk_surface.h"
#include "chipmunk_private.h"
#include "surface_internal.h"

#include <math.h>

// A joint's change wakes both its bodies.
static cpBody *asleep_end(const cpConstraint *joint) {
    cpBody *a = cpConstraintGetBodyA(joint), *b = cpConstraintGetBodyB(joint);
    return surface_wakes_asleep(a) ? a : surface_wakes_asleep(b) ? b : NULL;
}

surface_result surface_joint_set_max_force(cpConstraint *joint, double force) {
    cpBody *asleep = asleep_end(joint);
    if (asleep) return surface_asleep(asleep);
    if (!(force >= 0)) return surface_refused(SURFACE_OUT_OF_RANGE, 0);
    cpConstraintSetMaxForce(joint, force);
    return surface_done();
}

static int is_any_spring(const cpConstraint *j) { return cpConstraintIsDampedSpring(j) || cpConstraintIsDampedRotarySpring(j); }

int surface_joint_has(const cpConstraint *joint, surface_joint_number which) {
    switch (which) {
    case SURFACE_REST_LENGTH: return cpConstraintIsDampedSpring(joint);
    case SURFACE_REST_ANGLE: return cpConstraintIsDampedRotarySpring(joint);
    case SURFACE_RATE: return cpConstraintIsSimpleMotor(joint);
    case SURFACE_DISTANCE: return cpConstraintIsPinJoint(joint);
    case SURFACE_STIFFNESS:
    case SURFACE_DAMPING: return is_any_spring(joint);
    case SURFACE_MIN:
    case SURFACE_MAX: return cpConstraintIsSlideJoint(joint) || cpConstraintIsRotaryLimitJoint(joint);
    case SURFACE_RATIO:
    case SURFACE_PHASE: return cpConstraintIsGearJoint(joint);
    }
    return 0;
}

// A scene's bounds: lengths 0 to 1e6, angles and rates within 1e6, stiffness and damping 0 to 1e12;
// a slide's or rotary limit's min at most its max and its max at least its min.
void surface_joint_range(const cpConstraint *j, surface_joint_number which, double *lo, double *hi) {
    int slide = cpConstraintIsSlideJoint(j);
    switch (which) {
    case SURFACE_REST_LENGTH:
    case SURFACE_DISTANCE: *lo = 0, *hi = 1e6; return;
    case SURFACE_REST_ANGLE:
    case SURFACE_RATE:
    case SURFACE_RATIO:
    case SURFACE_PHASE: *lo = -1e6, *hi = 1e6; return;
    case SURFACE_STIFFNESS:
    case SURFACE_DAMPING: *lo = 0, *hi = 1e12; return;
    case SURFACE_MIN: *lo = slide ? 0 : -1e6, *hi = slide ? cpSlideJointGetMax(j) : cpRotaryLimitJointGetMax(j); return;
    case SURFACE_MAX: *lo = slide ? cpSlideJointGetMin(j) : cpRotaryLimitJointGetMin(j), *hi = 1e6; return;
    }
}

double surface_joint_get(const cpConstraint *j, surface_joint_number which) {
    switch (which) {
    case SURFACE_REST_LENGTH: return cpDampedSpringGetRestLength(j);
    case SURFACE_REST_ANGLE: return cpDampedRotarySpringGetRestAngle(j);
    case SURFACE_RATE: return cpSimpleMotorGetRate(j);
    case SURFACE_DISTANCE: return cpPinJointGetDist(j);
    case SURFACE_STIFFNESS: return cpConstraintIsDampedSpring(j) ? cpDampedSpringGetStiffness(j) : cpDampedRotarySpringGetStiffness(j);
    case SURFACE_DAMPING: return cpConstraintIsDampedSpring(j) ? cpDampedSpringGetDamping(j) : cpDampedRotarySpringGetDamping(j);
    case SURFACE_MIN: return cpConstraintIsSlideJoint(j) ? cpSlideJointGetMin(j) : cpRotaryLimitJointGetMin(j);
    case SURFACE_MAX: return cpConstraintIsSlideJoint(j) ? cpSlideJointGetMax(j) : cpRotaryLimitJointGetMax(j);
    case SURFACE_RATIO: return cpGearJointGetRatio(j);
    case SURFACE_PHASE: return cpGearJointGetPhase(j);
    }
    return 0;
}

surface_result surface_joint_set(cpConstraint *j, surface_joint_number which, double v) {
    if (!surface_joint_has(j, which)) return surface_refused(SURFACE_NOT_THIS_KIND, 0);
    cpBody *asleep = asleep_end(j);
    if (asleep) return surface_asleep(asleep);
    double lo, hi;
    surface_joint_range(j, which, &lo, &hi);
    if (!surface_within(v, lo, hi)) return surface_refused(SURFACE_OUT_OF_RANGE, 0);
    if (which == SURFACE_RATIO && !(fabs(v) >= 1e-6)) return surface_refused(SURFACE_OUT_OF_RANGE, 0);  // Chipmunk divides by it
    long long work = 0;
    if (which == SURFACE_STIFFNESS) {
        surface_result loads = surface_loads_with_stiffness(j, v);
        if (loads.refusal != SURFACE_DONE) return loads;
        work = loads.work;
    }
    switch (which) {
    case SURFACE_REST_LENGTH: cpDampedSpringSetRestLength(j, v); break;
    case SURFACE_REST_ANGLE: cpDampedRotarySpringSetRestAngle(j, v); break;
    case SURFACE_RATE: cpSimpleMotorSetRate(j, v); break;
    case SURFACE_DISTANCE: cpPinJointSetDist(j, v); break;
    case SURFACE_STIFFNESS:
        if (cpConstraintIsDampedSpring(j)) cpDampedSpringSetStiffness(j, v);
        else cpDampedRotarySpringSetStiffness(j, v);
        break;
    case SURFACE_DAMPING:
        if (cpConstraintIsDampedSpring(j)) cpDampedSpringSetDamping(j, v);
        else cpDampedRotarySpringSetDamping(j, v);
        break;
    case SURFACE_MIN:
        if (cpConstraintIsSlideJoint(j)) cpSlideJointSetMin(j, v);
        else cpRotaryLimitJointSetMin(j, v);
        break;
    case SURFACE_MAX:
        if (cpConstraintIsSlideJoint(j)) cpSlideJointSetMax(j, v);
        else cpRotaryLimitJointSetMax(j, v);
        break;
    case SURFACE_RATIO: cpGearJointSetRatio(j, v); break;
    case SURFACE_PHASE: cpGearJointSetPhase(j, v); break;
    }
    surface_result done = surface_done();
    done.work = work;
    return done;
}

// A shape's change wakes its body.
static surface_result check_shape(cpShape *shape) {
    cpBody *body = cpShapeGetBody(shape);
    return surface_wakes_asleep(body) ? surface_asleep(body) : surface_done();
}

surface_result surface_joint_set_groove(cpConstraint *j, int end, double x, double y) {
    if (!cpConstraintIsGrooveJoint(j)) return surface_refused(SURFACE_NOT_THIS_KIND, 0);
    cpBody *asleep = asleep_end(j);
    if (asleep) return surface_asleep(asleep);
    if (!surface_within(x, -1e6, 1e6)) return surface_refused(SURFACE_OUT_OF_RANGE, 0);
    if (!surface_within(y, -1e6, 1e6)) return surface_refused(SURFACE_OUT_OF_RANGE, 1);
    cpVect other = end == 0 ? cpGrooveJointGetGrooveB(j) : cpGrooveJointGetGrooveA(j);
    if (!(cpvdist(other, cpv(x, y)) >= SURFACE_MIN_GROOVE)) return surface_refused(SURFACE_OUT_OF_RANGE, 2);
    if (end == 0) cpGrooveJointSetGrooveA(j, cpv(x, y));
    else cpGrooveJointSetGrooveB(j, cpv(x, y));
    return surface_done();
}

surface_result surface_shape_set_friction(cpShape *shape, double friction) {
    surface_result r = check_shape(shape);
    if (r.refusal != SURFACE_DONE) return r;
    if (!surface_within(friction, 0, SURFACE_MAX_FRICTION)) return surface_refused(SURFACE_OUT_OF_RANGE, 0);
    cpShapeSetFriction(shape, friction);
    return surface_done();
}

surface_result surface_shape_set_elasticity(cpShape *shape, double elasticity) {
    surface_result r = check_shape(shape);
    if (r.refusal != SURFACE_DONE) return r;
    if (!surface_within(elasticity, 0, SURFACE_MAX_ELASTICITY)) return surface_refused(SURFACE_OUT_OF_RANGE, 0);
    cpShapeSetElasticity(shape, elasticity);
    return surface_done();
}

surface_result surface_shape_set_surface_velocity(cpShape *shape, double x, double y) {
    surface_result r = check_shape(shape);
    if (r.refusal != SURFACE_DONE) return r;
    if (!surface_within(x, -SURFACE_MAX_VALUE, SURFACE_MAX_VALUE)) return surface_refused(SURFACE_OUT_OF_RANGE, 0);
    if (!surface_within(y, -SURFACE_MAX_VALUE, SURFACE_MAX_VALUE)) return surface_refused(SURFACE_OUT_OF_RANGE, 1);
    cpShapeSetSurfaceVelocity(shape, cpv(x, y));
    return surface_done();
}

surface_result surface_shape_set_sensor(cpShape *shape, int sensor) {
    surface_result r = check_shape(shape);
    if (r.refusal != SURFACE_DONE) return r;
    cpShapeSetSensor(shape, sensor ? cpTrue : cpFalse);
    return surface_done();
}

// A collision type by a script's name (16.7 numbers names with the top bit set);
// a one-way platform's (type 1, the space's one-way handler's) is cratebox's own.
surface_result surface_shape_set_collision_type(cpShape *shape, uint64_t type) {
    if (cpShapeGetCollisionType(shape) == 1 || type <= 1) return surface_refused(SURFACE_NOT_THIS_KIND, 0);
    surface_result r = check_shape(shape);
    if (r.refusal != SURFACE_DONE) return r;
    cpShapeSetCollisionType(shape, (cpCollisionType)type);
    return surface_done();
}

// A filter as a scene gives one: group 0 to 2^31-1, categories and mask 0 to 2^32-1.
surface_result surface_shape_set_filter(cpShape *shape, long long group, long long categories, long long mask) {
    if (group < 0 || group > 2147483647LL) return surface_refused(SURFACE_OUT_OF_RANGE, 0);
    if (categories < 0 || categories > 4294967295LL) return surface_refused(SURFACE_OUT_OF_RANGE, 1);
    if (mask < 0 || mask > 4294967295LL) return surface_refused(SURFACE_OUT_OF_RANGE, 2);
    surface_result r = check_shape(shape);
    if (r.refusal != SURFACE_DONE) return r;
    cpShapeSetFilter(shape, cpShapeFilterNew((cpGroup)group, (cpBitmask)categories, (cpBitmask)mask));
    return surface_done();
}

// An arbiter's numbers: finite and within SURFACE_MAX_VALUE.
static int arbiter_value(double v) { return surface_within(v, -SURFACE_MAX_VALUE, SURFACE_MAX_VALUE); }

surface_result surface_arbiter_set_restitution(cpArbiter *arb, double restitution) {
    if (!surface_within(restitution, 0, SURFACE_MAX_ELASTICITY)) return surface_refused(SURFACE_OUT_OF_RANGE, 0);
    cpArbiterSetRestitution(arb, restitution);
    return surface_done();
}

surface_result surface_arbiter_set_friction(cpArbiter *arb, double friction) {
    if (!arbiter_value(friction)) return surface_refused(SURFACE_OUT_OF_RANGE, 0);
    cpArbiterSetFriction(arb, friction);
    return surface_done();
}

surface_result surface_arbiter_set_surface_velocity(cpArbiter *arb, double x, double y) {
    if (!arbiter_value(x)) return surface_refused(SURFACE_OUT_OF_RANGE, 0);
    if (!arbiter_value(y)) return surface_refused(SURFACE_OUT_OF_RANGE, 1);
    cpArbiterSetSurfaceVelocity(arb, cpv(x, y));
    return surface_done();
}

surface_result surface_arbiter_set_point(cpArbiter *arb, int i, double ax, double ay, double bx, double by) {
    if (i < 1 || i > cratebox_arbiter_contact_count(arb)) return surface_refused(SURFACE_NO_CONTACT, i);
    double values[4] = {ax, ay, bx, by};
    for (int k = 0; k < 4; k++) {
        if (!arbiter_value(values[k])) return surface_refused(SURFACE_OUT_OF_RANGE, k);
    }
    cratebox_arbiter_set_points(arb, i - 1, ax, ay, bx, by);
    return surface_done();
}
