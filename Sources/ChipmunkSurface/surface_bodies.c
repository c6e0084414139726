// Bodies through the checked surface (chipmunk_surface.h): kind, then waking,
// then each number in order, then the spatial hash; nothing changes on a refusal.
#include <chipmunk/chipmunk.h>
#include "chipmunk_surface.h"
#include "chipmunk_private.h"
#include "surface_internal.h"

#include <math.h>

surface_result surface_done(void) { return (surface_result){SURFACE_DONE, 0, NULL, 0, 0, 0, NULL, NULL, 0}; }

surface_result surface_refused(surface_refusal refusal, int number) { return (surface_result){refusal, number, NULL, 0, 0, 0, NULL, NULL, 0}; }

int surface_within(double v, double lo, double hi) { return v >= lo && v <= hi; }

// A change wakes the body: inside Chipmunk's step only an awake one may be woken.
int surface_wakes_asleep(const cpBody *body) {
    cpSpace *space = body ? cpBodyGetSpace(body) : NULL;
    return space && cpSpaceIsLocked(space) && cpBodyIsSleeping(body);
}

surface_result surface_asleep(cpBody *body) {
    surface_result r = surface_refused(SURFACE_ASLEEP_IN_STEP, 0);
    r.asleep = body;
    return r;
}

// The kind a change is for, then whether it would wake a sleeper inside the step.
static surface_result check_body(cpBody *body, int kinds, int wakes) {
    cpBodyType type = cpBodyGetType(body);
    int kind = type == CP_BODY_TYPE_DYNAMIC ? SURFACE_DYNAMIC : type == CP_BODY_TYPE_KINEMATIC ? SURFACE_KINEMATIC : SURFACE_STATIC_TOO;
    if (!(kinds & kind)) return surface_refused(kinds & SURFACE_KINEMATIC ? SURFACE_STATIC : SURFACE_NOT_DYNAMIC, 0);
    if (wakes && surface_wakes_asleep(body)) return surface_asleep(body);
    return surface_done();
}

// Numbers within ±SURFACE_MAX_VALUE (or only finite, with SURFACE_FINITE_ONLY), in
// order: the first that is not is refused.
static surface_result check_values(const double *values, int count, int kinds) {
    double bound = kinds & SURFACE_FINITE_ONLY ? HUGE_VAL : SURFACE_MAX_VALUE;
    for (int i = 0; i < count; i++) {
        double v = values[i];
        if (!(surface_within(v, -bound, bound) && v - v == 0)) return surface_refused(SURFACE_OUT_OF_RANGE, i);
    }
    return surface_done();
}

static void reach_of(cpBody *body, cpShape *shape, void *data) {
    double *reach = data;
    cpBB bb = cpShapeGetBB(shape);
    cpVect p = cpBodyGetPosition(body);
    *reach = fmax(*reach, fmax(fmax(fabs(bb.l - p.x), fabs(bb.r - p.x)), fmax(fabs(bb.b - p.y), fabs(bb.t - p.y))));
}

// Chipmunk's spatial hash numbers cells as ints: past 2^31 cells from the
// origin the numbers wrap, and a rehash walks some four billion cells. A
// position set inside Chipmunk's step (a position function, a pre-solve, a
// force function) is hashed before cratebox's guard between steps sees it,
// so in a scene with a spatial hash a body may not be put farther than 2^29
// cells (half of what the guard allows) from the origin, its shapes' reach counted.
static surface_result check_hash_reach(cpBody *body, double x, double y, double hashCell) {
    if (!(hashCell > 0)) return surface_done();
    double reach = 0, limit = 536870912.0 * hashCell;
    cpBodyEachShape(body, reach_of, &reach);
    if (fabs(x) + reach <= limit && fabs(y) + reach <= limit) return surface_done();
    surface_result r = surface_refused(SURFACE_PAST_HASH, 0);
    r.toX = x;
    r.toY = y;
    r.limit = limit;
    return r;
}

#define CHECK(result)                                          \
    do {                                                       \
        surface_result checked_ = (result);                    \
        if (checked_.refusal != SURFACE_DONE) return checked_; \
    } while (0)

surface_result surface_body_set_velocity(cpBody *body, int kinds, double x, double y) {
    CHECK(check_body(body, kinds, 1));
    CHECK(check_values((double[]){x, y}, 2, kinds));
    cpBodySetVelocity(body, cpv(x, y));
    return surface_done();
}

surface_result surface_body_set_angular_velocity(cpBody *body, int kinds, double w) {
    CHECK(check_body(body, kinds, 1));
    CHECK(check_values(&w, 1, kinds));
    cpBodySetAngularVelocity(body, w);
    return surface_done();
}

surface_result surface_body_set_position(cpBody *body, int kinds, double x, double y, double hashCell) {
    CHECK(check_body(body, kinds, 1));
    CHECK(check_values((double[]){x, y}, 2, kinds));
    CHECK(check_hash_reach(body, x, y, hashCell));
    cpBodySetPosition(body, cpv(x, y));
    return surface_done();
}

surface_result surface_body_set_angle(cpBody *body, int kinds, double angle) {
    CHECK(check_body(body, kinds, 1));
    CHECK(check_values(&angle, 1, kinds));
    cpBodySetAngle(body, angle);
    return surface_done();
}

// A push's numbers: its own, then the point it acts at when one is given.
static surface_result check_push(cpBody *body, double x, double y, const double *at) {
    CHECK(check_body(body, SURFACE_DYNAMIC, 1));
    CHECK(check_values((double[]){x, y}, 2, 0));
    if (at) {
        surface_result r = check_values(at, 2, 0);
        if (r.refusal != SURFACE_DONE) r.number += 2;
        return r;
    }
    return surface_done();
}

surface_result surface_body_apply_impulse(cpBody *body, double x, double y, const double *at) {
    CHECK(check_push(body, x, y, at));
    cpBodyApplyImpulseAtWorldPoint(body, cpv(x, y), at ? cpv(at[0], at[1]) : cpBodyGetPosition(body));
    return surface_done();
}

surface_result surface_body_apply_force(cpBody *body, double x, double y, const double *at) {
    CHECK(check_push(body, x, y, at));
    cpBodyApplyForceAtWorldPoint(body, cpv(x, y), at ? cpv(at[0], at[1]) : cpBodyGetPosition(body));
    return surface_done();
}

// A damping over 1 or a long dt would grow a velocity past any bound in a few
// steps (Chipmunk asserts on the infinity). Chipmunk calls these inside its step, on an awake body.
surface_result surface_body_update_velocity(cpBody *body, double gx, double gy, double damping, double dt, double mostDt) {
    CHECK(check_body(body, SURFACE_DYNAMIC, 0));
    if (!surface_within(gx, -SURFACE_MAX_UPDATE_GRAVITY, SURFACE_MAX_UPDATE_GRAVITY)) return surface_refused(SURFACE_OUT_OF_RANGE, 0);
    if (!surface_within(gy, -SURFACE_MAX_UPDATE_GRAVITY, SURFACE_MAX_UPDATE_GRAVITY)) return surface_refused(SURFACE_OUT_OF_RANGE, 1);
    if (!surface_within(damping, 0, 1)) return surface_refused(SURFACE_OUT_OF_RANGE, 2);
    if (!surface_within(dt, 0, mostDt)) return surface_refused(SURFACE_OUT_OF_RANGE, 3);
    cpBodyUpdateVelocity(body, cpv(gx, gy), damping, dt);
    return surface_done();
}

surface_result surface_body_update_position(cpBody *body, double dt, double mostDt, double hashCell) {
    CHECK(check_body(body, SURFACE_DYNAMIC, 0));
    if (!surface_within(dt, 0, mostDt)) return surface_refused(SURFACE_OUT_OF_RANGE, 0);
    double x, y;
    cratebox_body_next_position(body, dt, &x, &y);
    CHECK(check_hash_reach(body, x, y, hashCell));
    cpBodyUpdatePosition(body, dt);
    return surface_done();
}

surface_result surface_body_activate(cpBody *body, int kinds) {
    CHECK(check_body(body, kinds, 1));
    cpBodyActivate(body);
    return surface_done();
}

surface_result surface_body_set_mass(cpBody *body, double mass) {
    CHECK(check_body(body, SURFACE_DYNAMIC, 1));
    if (!surface_within(mass, SURFACE_MIN_MASS, SURFACE_MAX_MASS)) return surface_refused(SURFACE_OUT_OF_RANGE, 0);
    cpVect cog = cpBodyGetCenterOfGravity(body);
    surface_result loads = surface_loads_with_body(body, surface_inverse_with(mass, cpBodyGetMoment(body), cog.x, cog.y));
    if (loads.refusal == SURFACE_DONE) cpBodySetMass(body, mass);
    return loads;
}

surface_result surface_body_set_moment(cpBody *body, double moment) {
    CHECK(check_body(body, SURFACE_DYNAMIC, 1));
    // Finite: a motor, gear or rotary joint between a body that cannot turn and the world has
    // nothing to solve for, and Chipmunk's solver divides by it (the scene's reader refuses those joints).
    if (!surface_within(moment, SURFACE_MIN_MASS, SURFACE_MAX_VALUE)) return surface_refused(SURFACE_OUT_OF_RANGE, 0);
    cpVect cog = cpBodyGetCenterOfGravity(body);
    surface_result loads = surface_loads_with_body(body, surface_inverse_with(cpBodyGetMass(body), moment, cog.x, cog.y));
    if (loads.refusal == SURFACE_DONE) cpBodySetMoment(body, moment);
    return loads;
}
