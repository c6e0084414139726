// The numbers of a space read back: what the reader derives rather than takes
// from the bytes (a body's inverse mass and moment and its transform, a
// polygon's and a segment's normals, every shape's cached world geometry and
// bounding box, a gear's inverse ratio, a groove's normal), and what it checks
// of the rest (every number finite and within NUMBER_LIMIT, masses and radii
// not negative, polygons strictly convex). Chipmunk computes each derived
// field the same way from the same inputs, so for any state it wrote the
// derived values are its own bits; for any other they are at least consistent.
// Each check returns NULL or what is wrong, without the object's name.
#include "snapshot_internal.h"
#include "chipmunk_snapshot.h"

#include <math.h>
#include <stddef.h>

static int within(double x) { return fabs(x) <= NUMBER_LIMIT; }  // false for NaN and the infinities
static int vect_within(cpVect v) { return within(v.x) && within(v.y); }
static int not_negative(double x) { return x >= 0 && x <= NUMBER_LIMIT; }
static int not_negative_or_infinite(double x) { return x >= 0; }  // false for NaN

const char *snapshot_check_space(const cpSpace *space) {
    if (space->iterations < 1 || space->iterations > MAX_ITERATIONS) return "its solver iterations are not 1 to 1000";
    if (!vect_within(space->gravity)) return "its gravity is not a finite number within 1e30";
    if (!not_negative(space->damping) || !not_negative(space->idleSpeedThreshold) || !not_negative(space->collisionSlop))
        return "its damping, idle speed or collision slop is negative or not a finite number within 1e30";
    if (!not_negative_or_infinite(space->sleepTimeThreshold)) return "its sleep time is negative or not a number";
    if (!(space->collisionBias >= 0 && space->collisionBias <= 1)) return "its collision bias is not between 0 and 1";
    // The next step scales the cached impulses by its length over this one (cpSpaceStep's dt_coef).
    if (!(space->curr_dt == 0 || (space->curr_dt >= 1e-6 && space->curr_dt <= 1))) return "its last step length is not 0 or 1e-6 to 1 s";
    return NULL;
}

const char *snapshot_check_body(const cpBody *body, cpBodyType type) {
    if (type == CP_BODY_TYPE_DYNAMIC) {
        // Their inverses too must be within the limit (a denormal moment's is infinite).
        if (!(body->m >= 1 / NUMBER_LIMIT && within(body->m) && body->i >= 1 / NUMBER_LIMIT))
            return "its mass or moment is not a positive number within 1e30 either way";
    } else if (body->m != INFINITY || body->i != INFINITY) {
        return "it is static or kinematic but its mass or moment is not infinite";
    }
    if (!vect_within(body->cog) || !vect_within(body->p) || !vect_within(body->v) || !vect_within(body->f) || !within(body->a) ||
        !within(body->w) || !within(body->t) || !vect_within(body->v_bias) || !within(body->w_bias))
        return "a position, velocity, force or angle is not a finite number within 1e30";
    if (!(body->sleeping.idleTime >= 0)) return "its idle time is negative or not a number";
    // Chipmunk never counts a kinematic body idle (cpBodySetType zeroes it, no
    // step adds to it): idle, it would be put to sleep, which aborts.
    if (type == CP_BODY_TYPE_KINEMATIC && body->sleeping.idleTime != 0) return "it is kinematic but its idle time is not 0";
    return NULL;
}

// As cpBodySetMass, cpBodySetMoment, cpBodySetType and cpBody.c's SetTransform compute them.
void snapshot_derive_body(cpBody *body, cpBodyType type) {
    if (type == CP_BODY_TYPE_DYNAMIC) {
        body->m_inv = 1.0 / body->m;
        body->i_inv = 1.0 / body->i;
    } else {
        body->m_inv = body->i_inv = 0.0;
    }
    cpVect rot = cpvforangle(body->a), c = body->cog, p = body->p;
    body->transform = cpTransformNewTranspose(rot.x, -rot.y, p.x - (c.x * rot.x - c.y * rot.y),
                                              rot.y, rot.x, p.y - (c.x * rot.y + c.y * rot.x));
}

// A polygon's vertices (its local planes' points) must turn left at every
// corner and once in all: Chipmunk's collision code assumes a strictly convex,
// counter-clockwise hull (EPA asserts on a repeated vertex).
static const char *check_polygon(const struct cpSplittingPlane *local, int count) {
    if (count < 3) return "it is a polygon of fewer than 3 vertices";
    double turning = 0;
    for (int i = 0; i < count; i++) {
        if (!vect_within(local[i].v0)) return "a vertex is not a finite number within 1e30";
    }
    for (int i = 0; i < count; i++) {
        cpVect a = local[i].v0, b = local[(i + 1) % count].v0, c = local[(i + 2) % count].v0;
        cpVect e1 = cpvsub(b, a), e2 = cpvsub(c, b);
        double cross = cpvcross(e1, e2);
        if (!(cross > 0)) return "its vertices are not strictly convex and counter-clockwise";
        turning += atan2(cross, cpvdot(e1, e2));
    }
    if (turning > 3 * M_PI) return "its vertices wind around more than once";
    return NULL;
}

const char *snapshot_check_shape(const cpShape *shape, int type, const struct cpSplittingPlane *local, int count) {
    const struct cpShapeMassInfo *m = &shape->massInfo;
    if (!not_negative(m->m) || !not_negative(m->i) || !not_negative(m->area) || !vect_within(m->cog))
        return "its mass, moment, area or centroid is negative or not a finite number within 1e30";
    if (!not_negative(shape->e) || !not_negative(shape->u) || !vect_within(shape->surfaceV))
        return "its elasticity, friction or surface velocity is negative or not a finite number within 1e30";
    switch (type) {
    case CP_CIRCLE_SHAPE: {
        const cpCircleShape *circle = (const cpCircleShape *)shape;
        if (!vect_within(circle->c) || !not_negative(circle->r)) return "its centre or radius is negative or not a finite number within 1e30";
        return NULL;
    }
    case CP_SEGMENT_SHAPE: {
        const cpSegmentShape *seg = (const cpSegmentShape *)shape;
        if (!vect_within(seg->a) || !vect_within(seg->b) || !not_negative(seg->r) || !vect_within(seg->a_tangent) ||
            !vect_within(seg->b_tangent))
            return "its ends, radius or neighbours are negative or not finite numbers within 1e30";
        return NULL;
    }
    default:
        if (!not_negative(((const cpPolyShape *)shape)->r)) return "its radius is negative or not a finite number within 1e30";
        return check_polygon(local, count);
    }
}

// As cpSegmentShapeInit and cpPolyShape.c's SetVerts compute the normals, then
// cpShapeUpdate the cached world geometry and bounding box from the body's transform.
void snapshot_derive_shape(cpShape *shape, int type, cpTransform transform) {
    if (type == CP_SEGMENT_SHAPE) {
        cpSegmentShape *seg = (cpSegmentShape *)shape;
        seg->n = cpvrperp(cpvnormalize(cpvsub(seg->b, seg->a)));
    } else if (type == CP_POLY_SHAPE) {
        cpPolyShape *poly = (cpPolyShape *)shape;
        struct cpSplittingPlane *local = poly->planes + poly->count;
        for (int i = 0; i < poly->count; i++) {
            cpVect a = local[(i - 1 + poly->count) % poly->count].v0, b = local[i].v0;
            local[i].n = cpvnormalize(cpvrperp(cpvsub(b, a)));
        }
    }
    cpShapeUpdate(shape, transform);
}

const char *snapshot_check_bb(cpBB bb) {
    if (!within(bb.l) || !within(bb.b) || !within(bb.r) || !within(bb.t) || !(bb.l <= bb.r && bb.b <= bb.t))
        return "a bounding box is not finite, within 1e30 and the right way round";
    return NULL;
}

const char *snapshot_check_shape_place(cpBB bb) {
    double size = fmax(bb.r - bb.l, bb.t - bb.b), far = fmax(fmax(fabs(bb.l), fabs(bb.r)), fmax(fabs(bb.b), fabs(bb.t)));
    if (!(far <= size * SIZE_RATIO)) return "it lies farther out than 2^40 times its size, where its vertices blur";
    return NULL;
}

// kind: the reader's joint kinds (snapshot_probe.c's order).
const char *snapshot_check_joint(const cpConstraint *joint, int kind, size_t size) {
    if (!(joint->maxForce >= 0) || !(joint->maxBias >= 0) || !(joint->errorBias >= 0 && joint->errorBias <= 1))
        return "its maximum force or bias is negative, or its error bias is not between 0 and 1";
    size_t skip = kind == 4 ? offsetof(cpDampedSpring, springForceFunc) : kind == 5 ? offsetof(cpDampedRotarySpring, springTorqueFunc) : 0;
    for (size_t at = sizeof(cpConstraint); at + sizeof(double) <= size; at += sizeof(double)) {
        if (at == skip) continue;
        double x;
        memcpy(&x, (const uint8_t *)joint + at, sizeof x);
        if (!within(x)) return "a number it holds is not finite or is past 1e30";
    }
    if (kind == 8 && ((const cpGearJoint *)joint)->ratio == 0) return "it is a gear of ratio 0";
    return NULL;
}

// As cpGearJointNew and cpGrooveJointNew compute them.
void snapshot_derive_joint(cpConstraint *joint, int kind) {
    if (kind == 8) {
        cpGearJoint *gear = (cpGearJoint *)joint;
        gear->ratio_inv = 1.0 / gear->ratio;
    } else if (kind == 3) {
        cpGrooveJoint *groove = (cpGrooveJoint *)joint;
        groove->grv_n = cpvperp(cpvnormalize(cpvsub(groove->grv_b, groove->grv_a)));
    }
}

const char *snapshot_check_arbiter(const cpArbiter *arb, const struct cpContact *contacts, int count) {
    if (!not_negative(arb->e) || !not_negative(arb->u) || !vect_within(arb->surface_vr) || !vect_within(arb->n))
        return "its elasticity, friction, surface velocity or normal is not a finite number within 1e30";
    for (int i = 0; i < count; i++) {
        const struct cpContact *c = &contacts[i];
        double numbers[] = {c->r1.x, c->r1.y, c->r2.x, c->r2.y, c->nMass, c->tMass, c->bounce, c->jnAcc, c->jtAcc, c->jBias, c->bias};
        for (size_t k = 0; k < sizeof numbers / sizeof numbers[0]; k++)
            if (!within(numbers[k])) return "a contact's number is not finite or is past 1e30";
    }
    return NULL;
}

// A space's spatial index settings: 0 for a bounding-box tree, else the hash's.
static int index_settings(const cpSpace *space, const snapshot_probe *probe, double *celldim, int *numcells) {
    if (space->dynamicShapes->klass != probe->spaceHashClass) return 0;
    const struct cpSpaceHash *hash = (const struct cpSpaceHash *)space->dynamicShapes;
    const struct cpSpaceHash *statics = (const struct cpSpaceHash *)space->staticShapes;
    if (statics->celldim != hash->celldim || statics->numcells != hash->numcells) return -1;
    *celldim = hash->celldim;
    *numcells = hash->numcells;
    return 1;
}

const char *cratebox_snapshot_settings_differ(const cpSpace *read, const cpSpace *made) {
    const char *error = NULL;
    const snapshot_probe *probe = snapshot_probe_get(&error);
    if (!probe) return error;
    if (read->iterations != made->iterations || read->damping != made->damping || read->idleSpeedThreshold != made->idleSpeedThreshold ||
        read->sleepTimeThreshold != made->sleepTimeThreshold || read->collisionSlop != made->collisionSlop ||
        read->collisionBias != made->collisionBias || read->collisionPersistence != made->collisionPersistence)
        return "the space's settings are not its scene's";
    if (read->usesWildcards != made->usesWildcards || read->collisionHandlers->entries != made->collisionHandlers->entries)
        return "the space's collision handlers are not its scene's";
    double dimA = 0, dimB = 0;
    int cellsA = 0, cellsB = 0;
    if (index_settings(read, probe, &dimA, &cellsA) != index_settings(made, probe, &dimB, &cellsB) || dimA != dimB || cellsA != cellsB)
        return "the space's spatial index is not its scene's";
    return NULL;
}

// The bytes of each joint kind (snapshot_probe.c's order) that a session
// never changes once the joint is made: its anchors and shape, not its
// caches, nor what controls drive (a motor's rate, a winch's rope length, a
// ratchet's angle) nor what is derived (a groove's normal, a gear's inverse ratio).
static const struct { size_t from, to; } fixedParameters[JOINT_KINDS] = {
    {0, 40},   // pin: anchors, distance
    {0, 32},   // slide: anchors
    {0, 32},   // pivot: anchors
    {16, 64},  // groove: its ends, the anchor
    {0, 56},   // damped spring: anchors, rest length, stiffness, damping
    {0, 24},   // rotary spring: rest angle, stiffness, damping
    {0, 16},   // rotary limit: min, max
    {8, 24},   // ratchet: phase, ratchet
    {0, 16},   // gear: phase, ratio
    {0, 0},    // motor
};

// The same in a scene with a script, which may set a pin's distance, a
// spring's rest length, stiffness and damping, a rotary spring's rest
// angle, stiffness and damping, a slide's and a rotary limit's min and max,
// a groove's ends and a gear's phase and ratio (docs/scene-format.md 16.10): anchors only.
static const struct { size_t from, to; } scriptedFixedParameters[JOINT_KINDS] = {
    {0, 32}, {0, 32}, {0, 32}, {48, 64}, {0, 32}, {0, 0}, {0, 0}, {8, 24}, {0, 0}, {0, 0},
};

// What a script may set is within what a scene may give it (scene-format.md 16.10).
static int between(double v, double lo, double hi) { return v >= lo && v <= hi; }
static const char *scripted_parameters_out_of_range(const cpConstraint *joint) {
    cpConstraint *j = (cpConstraint *)joint;  // the getters read only
    if (cpConstraintIsPinJoint(j) && !between(cpPinJointGetDist(j), 0, 1e6)) return "its distance is not from 0 to 1e6";
    if (cpConstraintIsDampedSpring(j) && !(between(cpDampedSpringGetRestLength(j), 0, 1e6) && between(cpDampedSpringGetStiffness(j), 0, 1e12) &&
                                           between(cpDampedSpringGetDamping(j), 0, 1e12)))
        return "its rest length, stiffness or damping is not within a scene's ranges";
    if (cpConstraintIsDampedRotarySpring(j) && !(between(cpDampedRotarySpringGetRestAngle(j), -1e6, 1e6) &&
                                                 between(cpDampedRotarySpringGetStiffness(j), 0, 1e12) && between(cpDampedRotarySpringGetDamping(j), 0, 1e12)))
        return "its rest angle, stiffness or damping is not within a scene's ranges";
    if (cpConstraintIsSimpleMotor(j) && !between(cpSimpleMotorGetRate(j), -1e6, 1e6)) return "its rate is not within ±1e6";
    if (cpConstraintIsSlideJoint(j) && !(between(cpSlideJointGetMin(j), 0, 1e6) && between(cpSlideJointGetMax(j), cpSlideJointGetMin(j), 1e6)))
        return "its min and max are not from 0 to 1e6, min first";
    if (cpConstraintIsRotaryLimitJoint(j) && !(between(cpRotaryLimitJointGetMin(j), -1e6, 1e6) && between(cpRotaryLimitJointGetMax(j), cpRotaryLimitJointGetMin(j), 1e6)))
        return "its min and max are not within ±1e6, min first";
    if (cpConstraintIsGrooveJoint(j)) {
        cpVect a = cpGrooveJointGetGrooveA(j), b = cpGrooveJointGetGrooveB(j);
        if (!(between(a.x, -1e6, 1e6) && between(a.y, -1e6, 1e6) && between(b.x, -1e6, 1e6) && between(b.y, -1e6, 1e6) && cpvdist(a, b) >= 0.001))
            return "its ends are not within ±1e6 and at least 0.001 apart";
    }
    if (cpConstraintIsGearJoint(j) && !(between(cpGearJointGetPhase(j), -1e6, 1e6) && between(cpGearJointGetRatio(j), -1e6, 1e6) &&
                                        fabs(cpGearJointGetRatio(j)) >= 1e-6))
        return "its phase or ratio is not within a scene's ranges";
    return NULL;
}

const char *cratebox_snapshot_joint_differs(const cpConstraint *read, const cpConstraint *made, int scripted) {
    const char *error = NULL;
    const snapshot_probe *probe = snapshot_probe_get(&error);
    if (!probe) return error;
    if (read->klass != made->klass) return "it is not of its scene entry's kind";
    for (int kind = 0; kind < JOINT_KINDS; kind++) {
        if (probe->jointClass[kind] != read->klass) continue;
        size_t from = sizeof(cpConstraint) + (scripted ? scriptedFixedParameters[kind].from : fixedParameters[kind].from);
        size_t to = sizeof(cpConstraint) + (scripted ? scriptedFixedParameters[kind].to : fixedParameters[kind].to);
        if (memcmp((const uint8_t *)read + from, (const uint8_t *)made + from, to - from) != 0) return "its anchors or shape are not its scene entry's";
        return scripted ? scripted_parameters_out_of_range(read) : NULL;
    }
    return "it is of no kind cratebox makes";
}

// Chipmunk's spatial hash numbers the cells a shape covers as ints
// (cpSpaceHash.c's floor_int): past 2^31 cells from the origin the number
// wraps and its rehash loops over some two billion cells per shape. The
// next step moves each awake body by (v + v_bias) dt before it rehashes; a
// shape whose box, so moved and grown by its own size for the turn, would
// pass MAX_CELL_INDEX cells is caught before the step.
const struct cpBody *cratebox_hash_far_body(const cpSpace *space, double dt) {
    const char *error = NULL;
    const snapshot_probe *probe = snapshot_probe_get(&error);
    if (!probe || space->dynamicShapes->klass != probe->spaceHashClass) return NULL;
    double limit = MAX_CELL_INDEX * ((const struct cpSpaceHash *)space->dynamicShapes)->celldim;
    cpArray *bodies = space->dynamicBodies;
    for (int i = 0; i < bodies->num; i++) {
        const cpBody *body = bodies->arr[i];
        cpVect move = cpvmult(cpvadd(body->v, body->v_bias), dt);
        for (const cpShape *shape = body->shapeList; shape; shape = shape->next) {
            cpBB bb = shape->bb;
            double grow = fmax(bb.r - bb.l, bb.t - bb.b) + fabs(move.x) + fabs(move.y);
            double far = fmax(fmax(fabs(bb.l), fabs(bb.r)), fmax(fabs(bb.b), fabs(bb.t))) + grow;
            if (!(far <= limit)) return body;
        }
    }
    return NULL;
}
