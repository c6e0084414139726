// Springs held to section 8's load as a script changes things (docs/scene-format.md 16.11.1):
// Chipmunk applies a spring's force explicitly, so a spring too stiff for its bodies gains
// energy every step until Chipmunk aborts on an infinite velocity. A change that leaves a
// body's load over 1 and higher than it was is refused; nothing changes on a refusal.
#include <chipmunk/chipmunk.h>
#include "chipmunk_surface.h"
#include "surface_internal.h"

#include <math.h>

static const double STEP = 1.0 / 120.0;

surface_inverse surface_inverse_of(const cpBody *body) {
    if (!body || cpBodyGetType(body) != CP_BODY_TYPE_DYNAMIC) return (surface_inverse){0, 0, 0, 0};
    cpVect cog = cpBodyGetCenterOfGravity(body);
    return surface_inverse_with(cpBodyGetMass(body), cpBodyGetMoment(body), cog.x, cog.y);
}

surface_inverse surface_inverse_with(double mass, double moment, double cogX, double cogY) {
    return (surface_inverse){1.0 / mass, isinf(moment) ? 0.0 : 1.0 / moment, cogX, cogY};
}

// |anchor - cog|^2: Chipmunk turns a body about its centre of gravity (cpDampedSpring's r1, r2).
static double arm_squared(cpVect anchor, surface_inverse end) {
    double x = anchor.x - end.cogX, y = anchor.y - end.cogY;
    return x * x + y * y;
}

static int is_spring(const cpConstraint *j) { return cpConstraintIsDampedSpring(j) || cpConstraintIsDampedRotarySpring(j); }

// What the load is figured with: `changed` takes `inverse` in place of its own, and `stiff`
// takes `stiffness` in place of its own (NULLs: nothing in place).
typedef struct what_if {
    const cpBody *changed;
    surface_inverse inverse;
    const cpConstraint *stiff;
    double stiffness;
    long long *work;  // each spring's load figured counts one
} what_if;

static surface_inverse inverse_in(const cpBody *body, const what_if *w) {
    return body == w->changed ? w->inverse : surface_inverse_of(body);
}

// A spring's stiffness / limit, limit = 1 / (k dt^2), k from its ends' inverses (section 8).
static double spring_load(const cpConstraint *j, const what_if *w) {
    ++*w->work;
    surface_inverse a = inverse_in(cpConstraintGetBodyA(j), w), b = inverse_in(cpConstraintGetBodyB(j), w);
    double k, stiffness;
    if (cpConstraintIsDampedSpring(j)) {
        cpVect ra = cpDampedSpringGetAnchorA(j), rb = cpDampedSpringGetAnchorB(j);
        k = a.mass + b.mass + arm_squared(ra, a) * a.moment + arm_squared(rb, b) * b.moment;
        stiffness = cpDampedSpringGetStiffness(j);
    } else {
        k = a.moment + b.moment;
        stiffness = cpDampedRotarySpringGetStiffness(j);
    }
    if (j == w->stiff) stiffness = w->stiffness;
    return stiffness * k * STEP * STEP;
}

struct load_sum { const what_if *w; double load; };

static void add_load(cpBody *body, cpConstraint *j, void *data) {
    (void)body;
    struct load_sum *sum = data;
    if (is_spring(j)) sum->load += spring_load(j, sum->w);
}

// Body `body`'s load: its springs' loads added in cpBodyEachConstraint's order.
static double load_of(cpBody *body, const what_if *w) {
    struct load_sum sum = {w, 0};
    cpBodyEachConstraint(body, add_load, &sum);
    return sum.load;
}

// The body whose load `w` leaves over 1 and higher than it is now, of `body` and the other
// ends of its springs (the space's own static body never counts); NULL when none.
struct overload { const what_if *w; cpBody *found; };

static int overloaded(cpBody *body, const what_if *w) {
    const what_if now = {NULL, {0, 0, 0, 0}, NULL, 0, w->work};
    if (!cpBodyGetSpace(body) || body == cpSpaceGetStaticBody(cpBodyGetSpace(body))) return 0;
    double after = load_of(body, w);
    return after > 1 && after > load_of(body, &now);
}

static void check_other_end(cpBody *body, cpConstraint *j, void *data) {
    struct overload *o = data;
    if (o->found || !is_spring(j)) return;
    cpBody *a = cpConstraintGetBodyA(j), *b = cpConstraintGetBodyB(j);
    cpBody *other = a == body ? b : a;
    if (overloaded(other, o->w)) o->found = other;
}

static surface_result too_stiff(cpBody *body, long long work) {
    surface_result r = surface_refused(SURFACE_TOO_STIFF, 0);
    r.loaded = body;
    r.work = work;
    return r;
}

static surface_result fits(long long work) {
    surface_result r = surface_done();
    r.work = work;
    return r;
}

surface_result surface_loads_with_body(cpBody *body, surface_inverse inverse) {
    long long work = 0;
    what_if w = {body, inverse, NULL, 0, &work};
    if (overloaded(body, &w)) return too_stiff(body, work);
    struct overload o = {&w, NULL};
    cpBodyEachConstraint(body, check_other_end, &o);
    return o.found ? too_stiff(o.found, work) : fits(work);
}

surface_result surface_loads_with_stiffness(cpConstraint *spring, double stiffness) {
    long long work = 0;
    what_if w = {NULL, {0, 0, 0, 0}, spring, stiffness, &work};
    cpBody *ends[2] = {cpConstraintGetBodyA(spring), cpConstraintGetBodyB(spring)};
    for (int i = 0; i < 2; i++) {
        if (overloaded(ends[i], &w)) return too_stiff(ends[i], work);
    }
    return fits(work);
}

surface_result surface_spring_fits(const cpConstraint *spring) {
    if (!is_spring(spring)) return surface_done();
    long long work = 0;
    const what_if now = {NULL, {0, 0, 0, 0}, NULL, 0, &work};
    double added = spring_load(spring, &now);
    cpBody *ends[2] = {cpConstraintGetBodyA(spring), cpConstraintGetBodyB(spring)};
    for (int i = 0; i < 2; i++) {
        cpSpace *space = cpBodyGetSpace(ends[i]);
        if (!space || ends[i] == cpSpaceGetStaticBody(space)) continue;
        double before = load_of(ends[i], &now);
        if (before + added > 1 && added > 0) return too_stiff(ends[i], work);
    }
    return fits(work);
}

double surface_body_load(cpBody *body) {
    long long work = 0;
    const what_if now = {NULL, {0, 0, 0, 0}, NULL, 0, &work};
    return load_of(body, &now);
}
