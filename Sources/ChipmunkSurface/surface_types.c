// A body's type through the checked surface (chipmunk_surface.h): what cpBodySetType
// would leave unsolvable or massless is refused first; nothing changes on a refusal.
#include <chipmunk/chipmunk.h>
#include "chipmunk_surface.h"
#include "surface_internal.h"

#include <math.h>

static int kind_of(const cpBody *body) {
    cpBodyType type = cpBodyGetType(body);
    return type == CP_BODY_TYPE_DYNAMIC ? SURFACE_DYNAMIC : type == CP_BODY_TYPE_KINEMATIC ? SURFACE_KINEMATIC : SURFACE_STATIC_TOO;
}

// What the body's shapes give it when it turns dynamic: their masses and their own moments
// added up (cpBodyAccumulateMassFromShapes adds the parallel axis terms on top, never below).
struct shape_sums { int count; double mass, moment; };

static void add_shape(cpBody *body, cpShape *shape, void *data) {
    (void)body;
    struct shape_sums *sums = data;
    sums->count++;
    sums->mass += cpShapeGetMass(shape);
    sums->moment += cpShapeGetMoment(shape);
}

// The mass, moment and centre of gravity a body turned dynamic gets from its shapes, computed
// as cpBodyAccumulateMassFromShapes computes them (the same operations in the same order).
struct accumulated { double mass, moment; cpVect cog; };

static void accumulate(cpBody *body, cpShape *shape, void *data) {
    (void)body;
    struct accumulated *a = data;
    double m = cpShapeGetMass(shape);
    if (m > 0.0) {
        double msum = a->mass + m;
        cpVect cog = cpShapeGetCenterOfGravity(shape);
        a->moment += cpShapeGetMoment(shape) + cpvdistsq(a->cog, cog) * (m * a->mass) / msum;
        a->cog = cpvlerp(a->cog, cog, m / msum);
        a->mass = msum;
    }
}

// The joint that would be left unsolvable once `body` is no longer dynamic.
struct joint_check { const cpConstraint *lettingGo; cpConstraint *unsolvable; };

static int turns(const cpConstraint *joint) {
    return cpConstraintIsGearJoint(joint) || cpConstraintIsSimpleMotor(joint) || cpConstraintIsRotaryLimitJoint(joint)
        || cpConstraintIsRatchetJoint(joint) || cpConstraintIsDampedRotarySpring(joint);
}

static void check_joint(cpBody *body, cpConstraint *joint, void *data) {
    struct joint_check *check = data;
    if (check->unsolvable || joint == check->lettingGo) return;
    cpBody *a = cpConstraintGetBodyA(joint), *b = cpConstraintGetBodyB(joint);
    cpBody *other = a == body ? b : a;
    int otherDynamic = other != body && cpBodyGetType(other) == CP_BODY_TYPE_DYNAMIC;
    if (!otherDynamic || (turns(joint) && !(cpBodyGetMoment(other) < INFINITY))) check->unsolvable = joint;
}

static void wake_joined(cpBody *body, cpConstraint *joint, void *data) {
    (void)data;
    cpBody *a = cpConstraintGetBodyA(joint), *b = cpConstraintGetBodyB(joint);
    cpBody *other = a == body ? b : a;
    if (cpBodyGetType(other) == CP_BODY_TYPE_DYNAMIC) cpBodyActivate(other);
}

// What must be awake before cpBodySetType, which wakes too little. A dynamic body is woken
// first (cpBodySetType's own cpBodyActivate comes after the type has changed, when it does
// nothing): a sleeping body's shapes are in the static index, and it would be taken out of
// the dynamic one. A static body's resting bodies (cpBodyActivateStatic, which cpBodySetType
// leaves out) and the bodies its joints hold are woken while it is still static: Chipmunk
// puts a sleeping body's joint back in the space on waking only when its end a is static or
// the body itself, so a joint woken after the change would be lost.
static void wake_for_type_change(cpBody *body, int from) {
    if (from == SURFACE_DYNAMIC) {
        cpBodyActivate(body);
    } else if (from == SURFACE_STATIC_TOO) {
        cpBodyActivateStatic(body, NULL);
        cpBodyEachConstraint(body, wake_joined, NULL);
    }
}

surface_result surface_body_set_type(cpBody *body, int kind, const double *massAndMoment, const cpConstraint *lettingGo) {
    cpSpace *space = cpBodyGetSpace(body);
    if (space && cpSpaceIsLocked(space)) return surface_refused(SURFACE_IN_STEP, 0);
    if (massAndMoment && kind != SURFACE_DYNAMIC) return surface_refused(SURFACE_NOT_DYNAMIC, 0);
    if (massAndMoment && !surface_within(massAndMoment[0], SURFACE_MIN_MASS, SURFACE_MAX_MASS)) return surface_refused(SURFACE_OUT_OF_RANGE, 0);
    if (massAndMoment && !surface_within(massAndMoment[1], SURFACE_MIN_MASS, SURFACE_MAX_VALUE)) return surface_refused(SURFACE_OUT_OF_RANGE, 1);
    int from = kind_of(body);
    if (from == kind && !massAndMoment) return surface_done();
    long long work = 0;
    if (kind == SURFACE_DYNAMIC) {
        struct shape_sums sums = {0, 0, 0};
        cpBodyEachShape(body, add_shape, &sums);
        if (sums.count > SURFACE_MAX_DYNAMIC_SHAPES) return surface_refused(SURFACE_TOO_MANY_SHAPES, sums.count);
        int massless = !surface_within(sums.mass, SURFACE_MIN_MASS, SURFACE_MAX_MASS) || !surface_within(sums.moment, SURFACE_MIN_MASS, SURFACE_MAX_VALUE);
        if (from != SURFACE_DYNAMIC && !massAndMoment && massless) return surface_refused(SURFACE_NO_MASS, 0);
        struct accumulated will = {0, 0, {0, 0}};
        if (from == SURFACE_DYNAMIC) {
            will = (struct accumulated){cpBodyGetMass(body), cpBodyGetMoment(body), cpBodyGetCenterOfGravity(body)};
        } else {
            cpBodyEachShape(body, accumulate, &will);
        }
        if (massAndMoment) will.mass = massAndMoment[0], will.moment = massAndMoment[1];
        surface_result loads = surface_loads_with_body(body, surface_inverse_with(will.mass, will.moment, will.cog.x, will.cog.y));
        if (loads.refusal != SURFACE_DONE) return loads;
        work = loads.work;
    } else if (kind == SURFACE_KINEMATIC || kind == SURFACE_STATIC_TOO) {
        struct joint_check check = {lettingGo, NULL};
        cpBodyEachConstraint(body, check_joint, &check);
        if (check.unsolvable) {
            surface_result r = surface_refused(SURFACE_JOINED, 0);
            r.joint = check.unsolvable;
            return r;
        }
    } else {
        return surface_refused(SURFACE_NOT_THIS_KIND, 0);
    }
    if (from != kind && space) wake_for_type_change(body, from);
    if (from != kind) cpBodySetType(body, kind == SURFACE_DYNAMIC ? CP_BODY_TYPE_DYNAMIC : kind == SURFACE_KINEMATIC ? CP_BODY_TYPE_KINEMATIC : CP_BODY_TYPE_STATIC);
    if (massAndMoment) {
        cpBodySetMass(body, massAndMoment[0]);
        cpBodySetMoment(body, massAndMoment[1]);
    }
    surface_result done = surface_done();
    done.work = work;
    return done;
}
