// scripts/check-arm64's plain C stepper: builds a scene flattened by
// flatten.py in the normative construction order of docs/scene-format.md
// (sections 9 and 13: origin, solver keys, moments, filters, surface
// velocities, one-way platforms, every joint kind, maxBias, errorBias,
// breakable joints), steps it as docs/replay-format.md's "A step" says for a
// run without events (item 2, animations; item 4, water and planets; then
// cpSpaceStep), and prints the state hash (scene-format.md section 10).
//
//     stepper [--steps N] [--crunner] FILE.flat|demo:NAME ...
//
// prints one line per argument: `NAME HASH` after N steps (default 1,200).
// With --crunner, a scene the project's plain C runner (Sources/CRunner)
// builds too is built and stepped again by it, and the line ends with
// ` crunner-agrees` or ` crunner-differs:HASH`. `demo:NAME` runs
// Sources/DemoReference's C transcription of Chipmunk's demo NAME instead.
// No Swift, no JSON, no libm of its own choosing: whatever sin, cos, exp, pow
// the executable is linked with (cratebox's math, or the C library's) is what
// Chipmunk and this file compute with.
#include <chipmunk/chipmunk.h>
#include <chipmunk/chipmunk_structs.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "crunner.h"
#include "demo_reference.h"

static const double D = 1.0 / 120.0;  // 0x1.1111111111111p-7

// ---------------------------------------------------------------------------
// The flat scene

enum { K_BOX, K_CIRCLE, K_POLYGON, K_SEGMENT };
enum { M_NONE, M_MASS, M_DENSITY, M_MOMENT };
enum { J_PIVOT1, J_PIVOT2, J_PIN, J_PINDIST, J_SLIDE, J_SPRING, J_MOTOR, J_GROOVE, J_ROTARYSPRING,
       J_ROTARYLIMIT, J_RATCHET, J_GEAR };

typedef struct {
    int kind;
    double p[5];      // box: w h r; circle: r ox oy; segment: ax ay bx by r; polygon: r
    int count;        // polygon
    double *verts;
    double friction, elasticity;
    int sensor;
    int hasFilter;
    unsigned long long group, categories, mask;
    int hasSurface;
    double sx, sy;
    int hasOneWay;
    cpVect oneWay;
} f_shape;

typedef struct {
    int isPosition, m, autoreverses, cumulative;
    double d, b, o, n, C, A;
    double *k, *f, *v;  // k[m+1], f[4m], v[(m+1)] or v[2(m+1)]
} f_track;

typedef struct {
    int type;  // 0 dynamic, 1 kinematic, 2 static
    double px, py, angle, vx, vy, w;
    int massKind;
    double mass, moment;
    int shapeCount;
    f_shape *shapes;
    f_track *track;
} f_body;

typedef struct {
    int kind, a, b, collide;
    double maxForce;
    int hasMaxBias, hasErrorBias, hasBreak;
    double maxBias, errorBias, breakForce;
    int count;
    double p[8];
} f_joint;

typedef struct { double x0, y0, x1, y1, rho, kl, ka; } f_fluid;
typedef struct { double ax, ay, s, r; } f_attractor;

typedef struct {
    char name[256];
    int iterations;
    double gx, gy, damping;
    int hasSleep; double sleep;
    int hasHash; double cellSize; int cells;
    int hasSlop, hasBias, hasPersistence, hasIdle;
    double slop, bias, idle; int persistence;
    int oneWay;
    int walls; double ox, oy, w, h, wallRadius, wallFriction, wallElasticity;
    int bodyCount; f_body *bodies;
    int jointCount; f_joint *joints;
    int fluidCount; f_fluid *fluids;
    int attractorCount; f_attractor *attractors;
    int crunner;
} f_scene;

static FILE *in;
static const char *in_name;

static void die(const char *what) {
    fprintf(stderr, "stepper: %s: %s\n", in_name, what);
    exit(2);
}

static char *token(void) {
    static char buf[128];
    if (fscanf(in, "%127s", buf) != 1) die("unexpected end of file");
    return buf;
}

static void expect(const char *word) {
    if (strcmp(token(), word) != 0) {
        char msg[200];
        snprintf(msg, sizeof msg, "expected \"%s\"", word);
        die(msg);
    }
}

static double real(void) {
    char *t = token(), *end;
    errno = 0;
    double x = strtod(t, &end);
    if (*end) die("not a number");
    return x;
}

static long long whole(void) {
    char *t = token(), *end;
    long long x = strtoll(t, &end, 10);
    if (*end) die("not a whole number");
    return x;
}

static void *grab(size_t n, size_t size) {
    void *p = calloc(n ? n : 1, size);
    if (!p) die("out of memory");
    return p;
}

static void read_shape(f_shape *s) {
    expect("shape");
    char *kind = token();
    if (!strcmp(kind, "box")) {
        s->kind = K_BOX; for (int i = 0; i < 3; i++) s->p[i] = real();
    } else if (!strcmp(kind, "circle")) {
        s->kind = K_CIRCLE; for (int i = 0; i < 3; i++) s->p[i] = real();
    } else if (!strcmp(kind, "polygon")) {
        s->kind = K_POLYGON; s->p[0] = real(); s->count = (int)whole();
        s->verts = grab((size_t)s->count * 2, sizeof(double));
        for (int i = 0; i < 2 * s->count; i++) s->verts[i] = real();
    } else if (!strcmp(kind, "segment")) {
        s->kind = K_SEGMENT; for (int i = 0; i < 5; i++) s->p[i] = real();
    } else die("unknown shape");
    s->friction = real(); s->elasticity = real(); s->sensor = (int)whole();
    s->hasFilter = (int)whole();
    s->group = (unsigned long long)whole(); s->categories = (unsigned long long)whole(); s->mask = (unsigned long long)whole();
    s->hasSurface = (int)whole(); s->sx = real(); s->sy = real();
    s->hasOneWay = (int)whole(); s->oneWay.x = real(); s->oneWay.y = real();
}

static f_track *read_track(void) {
    expect("anim");
    f_track *t = grab(1, sizeof *t);
    t->isPosition = (int)whole(); t->m = (int)whole();
    t->d = real(); t->b = real(); t->o = real(); t->n = real();
    t->autoreverses = (int)whole(); t->cumulative = (int)whole();
    int m = t->m, dim = t->isPosition ? 2 : 1;
    t->k = grab((size_t)m + 1, sizeof(double));
    t->f = grab((size_t)m * 4, sizeof(double));
    t->v = grab((size_t)(m + 1) * dim, sizeof(double));
    for (int i = 0; i <= m; i++) t->k[i] = real();
    for (int i = 0; i < 4 * m; i++) t->f[i] = real();
    for (int i = 0; i < (m + 1) * dim; i++) t->v[i] = real();
    t->C = t->autoreverses ? 2.0 * t->d : t->d;
    t->A = isinf(t->n) ? INFINITY : t->C * t->n;
    return t;
}

static const char *joint_kinds[] = {"pivot1", "pivot2", "pin", "pindist", "slide", "spring", "motor", "groove",
                                    "rotarySpring", "rotaryLimit", "ratchet", "gear"};

static void read_scene(const char *path, f_scene *s) {
    in = fopen(path, "r");
    in_name = path;
    if (!in) die("cannot open");
    memset(s, 0, sizeof *s);
    expect("cratebox-flat"); expect("1");
    expect("name"); snprintf(s->name, sizeof s->name, "%s", token());
    expect("space");
    s->iterations = (int)whole(); s->gx = real(); s->gy = real(); s->damping = real();
    for (;;) {
        char *word = token();
        if (!strcmp(word, "sleep")) { s->hasSleep = 1; s->sleep = real(); }
        else if (!strcmp(word, "spatialhash")) { s->hasHash = 1; s->cellSize = real(); s->cells = (int)whole(); }
        else if (!strcmp(word, "slop")) { s->hasSlop = 1; s->slop = real(); }
        else if (!strcmp(word, "bias")) { s->hasBias = 1; s->bias = real(); }
        else if (!strcmp(word, "persistence")) { s->hasPersistence = 1; s->persistence = (int)whole(); }
        else if (!strcmp(word, "idle")) { s->hasIdle = 1; s->idle = real(); }
        else if (!strcmp(word, "oneway")) { s->oneWay = 1; }
        else if (!strcmp(word, "walls")) {
            s->walls = 1; s->ox = real(); s->oy = real(); s->w = real(); s->h = real();
            s->wallRadius = real(); s->wallFriction = real(); s->wallElasticity = real();
        } else if (!strcmp(word, "bodies")) break;
        else die("unknown line");
    }
    s->bodyCount = (int)whole();
    s->bodies = grab((size_t)s->bodyCount, sizeof(f_body));
    for (int i = 0; i < s->bodyCount; i++) {
        f_body *b = &s->bodies[i];
        expect("body");
        b->type = (int)whole(); b->px = real(); b->py = real(); b->angle = real();
        b->vx = real(); b->vy = real(); b->w = real();
        b->massKind = (int)whole(); b->mass = real(); b->moment = real();
        b->shapeCount = (int)whole();
        int animated = (int)whole();
        b->shapes = grab((size_t)b->shapeCount, sizeof(f_shape));
        for (int k = 0; k < b->shapeCount; k++) read_shape(&b->shapes[k]);
        if (animated) b->track = read_track();
    }
    expect("joints");
    s->jointCount = (int)whole();
    s->joints = grab((size_t)s->jointCount, sizeof(f_joint));
    for (int i = 0; i < s->jointCount; i++) {
        f_joint *j = &s->joints[i];
        expect("joint");
        char *kind = token();
        j->kind = -1;
        for (int k = 0; k < (int)(sizeof joint_kinds / sizeof *joint_kinds); k++) if (!strcmp(kind, joint_kinds[k])) j->kind = k;
        if (j->kind < 0) die("unknown joint");
        j->a = (int)whole(); j->b = (int)whole(); j->maxForce = real(); j->collide = (int)whole();
        j->hasMaxBias = (int)whole(); j->maxBias = real();
        j->hasErrorBias = (int)whole(); j->errorBias = real();
        j->hasBreak = (int)whole(); j->breakForce = real();
        j->count = (int)whole();
        if (j->count > 8) die("too many joint numbers");
        for (int k = 0; k < j->count; k++) j->p[k] = real();
    }
    expect("fluids");
    s->fluidCount = (int)whole();
    s->fluids = grab((size_t)s->fluidCount, sizeof(f_fluid));
    for (int i = 0; i < s->fluidCount; i++) {
        f_fluid *f = &s->fluids[i];
        expect("fluid");
        f->x0 = real(); f->y0 = real(); f->x1 = real(); f->y1 = real(); f->rho = real(); f->kl = real(); f->ka = real();
    }
    expect("attractors");
    s->attractorCount = (int)whole();
    s->attractors = grab((size_t)s->attractorCount, sizeof(f_attractor));
    for (int i = 0; i < s->attractorCount; i++) {
        f_attractor *a = &s->attractors[i];
        expect("attractor");
        a->ax = real(); a->ay = real(); a->s = real(); a->r = real();
    }
    expect("crunner"); s->crunner = (int)whole();
    expect("end");
    fclose(in);
}

// ---------------------------------------------------------------------------
// The world (scene-format.md sections 9 and 13)

typedef struct {
    cpBody *body;
    int type;
    int shapeCount;
    cpShape **shapes;
    const f_shape *specs;
    const f_track *track;
} w_body;

typedef struct {
    cpSpace *space;
    const f_scene *scene;
    int bodyCount;
    w_body *bodies;
    int animated;
    long stepsSinceBuild;
    // everything made, for freeing: walls and backings, then bodies' shapes
    int shapeCount, shapeCap;
    cpShape **allShapes;
    int jointCount;
    cpConstraint **joints;  // NULL once a breakable joint broke (and was freed)
} w_world;

static void keep_shape(w_world *world, cpShape *shape) {
    if (world->shapeCount == world->shapeCap) {
        world->shapeCap = world->shapeCap ? 2 * world->shapeCap : 64;
        world->allShapes = realloc(world->allShapes, (size_t)world->shapeCap * sizeof(cpShape *));
        if (!world->allShapes) die("out of memory");
    }
    world->allShapes[world->shapeCount++] = shape;
}

static cpVect *verts_of(const f_shape *s) {
    cpVect *v = grab((size_t)s->count, sizeof(cpVect));
    for (int i = 0; i < s->count; i++) v[i] = cpv(s->verts[2 * i], s->verts[2 * i + 1]);
    return v;
}

// Section 9: a shape's area for the mass split (a box: its corners
// counter-clockwise from the bottom left, replay-format.md "Box areas").
static double shape_area(const f_shape *s) {
    switch (s->kind) {
    case K_BOX: {
        double w = s->p[0], h = s->p[1];
        cpVect corners[4] = {cpv(-w / 2.0, -h / 2.0), cpv(w / 2.0, -h / 2.0), cpv(w / 2.0, h / 2.0), cpv(-w / 2.0, h / 2.0)};
        return cpAreaForPoly(4, corners, s->p[2]);
    }
    case K_CIRCLE: return cpAreaForCircle(0.0, s->p[0]);
    case K_POLYGON: {
        cpVect *v = verts_of(s);
        double a = cpAreaForPoly(s->count, v, s->p[0]);
        free(v);
        return a;
    }
    default: return cpAreaForSegment(cpv(s->p[0], s->p[1]), cpv(s->p[2], s->p[3]), s->p[4]);
    }
}

static cpShape *new_shape(cpBody *body, const f_shape *s) {
    switch (s->kind) {
    case K_BOX: return cpBoxShapeNew(body, s->p[0], s->p[1], s->p[2]);
    case K_CIRCLE: return cpCircleShapeNew(body, s->p[0], cpv(s->p[1], s->p[2]));
    case K_POLYGON: {
        cpVect *v = verts_of(s);
        cpShape *shape = cpPolyShapeNew(body, s->count, v, cpTransformIdentity, s->p[0]);
        free(v);
        return shape;
    }
    default: return cpSegmentShapeNew(body, cpv(s->p[0], s->p[1]), cpv(s->p[2], s->p[3]), s->p[4]);
    }
}

// 13.3: the one-way platforms' pre-solve. `a` is the one-way shape; its
// user data points at its oneWay direction, as written.
static cpBool one_way_pre_solve(cpArbiter *arb, cpSpace *space, void *data) {
    (void)space; (void)data;
    cpShape *a, *b;
    cpArbiterGetShapes(arb, &a, &b);
    const cpVect *n = cpShapeGetUserData(a);
    if (cpvdot(cpArbiterGetNormal(arb), *n) < 0) return cpArbiterIgnore(arb);
    return cpTrue;
}

// 13.4: breakable joints.
static void break_remove(cpSpace *space, void *key, void *data) {
    (void)data;
    cpConstraint *joint = key;
    w_world *world = cpSpaceGetUserData(space);
    cpSpaceRemoveConstraint(space, joint);
    for (int i = 0; i < world->jointCount; i++) if (world->joints[i] == joint) world->joints[i] = NULL;
    cpConstraintFree(joint);
}

static void break_post_solve(cpConstraint *joint, cpSpace *space) {
    const double *breakForce = cpConstraintGetUserData(joint);
    double force = cpConstraintGetImpulse(joint) / cpSpaceGetCurrentTimeStep(space);
    if (force > *breakForce) cpSpaceAddPostStepCallback(space, break_remove, joint, NULL);
}

static void add_body(w_world *world, const f_body *spec, w_body *out) {
    cpSpace *space = world->space;
    cpBody *body;
    int moment = spec->type == 0 && spec->massKind == M_MOMENT;
    if (spec->type == 1) body = cpBodyNewKinematic();
    else if (spec->type == 2) body = cpBodyNewStatic();
    else if (moment) body = cpBodyNew(spec->mass, spec->moment);
    else body = cpBodyNew(0, 0);
    cpBodySetPosition(body, cpv(spec->px, spec->py));
    cpBodySetAngle(body, spec->angle);
    cpSpaceAddBody(space, body);
    if (moment) {  // 13.2: the velocities move up, before the shapes
        cpBodySetVelocity(body, cpv(spec->vx, spec->vy));
        cpBodySetAngularVelocity(body, spec->w);
    }
    double totalArea = 0;
    if (spec->type == 0 && spec->massKind == M_MASS && spec->shapeCount > 1)
        for (int k = 0; k < spec->shapeCount; k++) totalArea += shape_area(&spec->shapes[k]);
    out->body = body;
    out->type = spec->type;
    out->shapeCount = spec->shapeCount;
    out->shapes = grab((size_t)spec->shapeCount, sizeof(cpShape *));
    out->specs = spec->shapes;
    out->track = spec->track;
    for (int k = 0; k < spec->shapeCount; k++) {
        const f_shape *s = &spec->shapes[k];
        cpShape *shape = new_shape(body, s);
        cpShapeSetFriction(shape, s->friction);
        cpShapeSetElasticity(shape, s->elasticity);
        if (s->sensor) cpShapeSetSensor(shape, cpTrue);
        if (s->hasFilter) cpShapeSetFilter(shape, cpShapeFilterNew((cpGroup)s->group, (cpBitmask)s->categories, (cpBitmask)s->mask));
        if (s->hasSurface) cpShapeSetSurfaceVelocity(shape, cpv(s->sx, s->sy));
        if (s->hasOneWay) {
            cpShapeSetCollisionType(shape, 1);
            cpShapeSetUserData(shape, (cpDataPointer)&s->oneWay);
        }
        if (spec->type == 0) {
            if (spec->massKind == M_MASS) {
                if (spec->shapeCount == 1) cpShapeSetMass(shape, spec->mass);
                else cpShapeSetMass(shape, (spec->mass * shape_area(s)) / totalArea);
            } else if (spec->massKind == M_DENSITY) {
                cpShapeSetDensity(shape, spec->mass);
            }
        }
        cpSpaceAddShape(space, shape);
        out->shapes[k] = shape;
        keep_shape(world, shape);
    }
    if (!moment) {
        cpBodySetVelocity(body, cpv(spec->vx, spec->vy));
        cpBodySetAngularVelocity(body, spec->w);
    }
}

static void add_joint(w_world *world, f_joint *j) {
    cpSpace *space = world->space;
    cpBody *a = j->a < 0 ? cpSpaceGetStaticBody(space) : world->bodies[j->a].body;
    cpBody *b = j->b < 0 ? cpSpaceGetStaticBody(space) : world->bodies[j->b].body;
    const double *p = j->p;
    cpConstraint *c = NULL;
    switch (j->kind) {
    case J_PIVOT1: c = cpPivotJointNew(a, b, cpv(p[0], p[1])); break;
    case J_PIVOT2: c = cpPivotJointNew2(a, b, cpv(p[0], p[1]), cpv(p[2], p[3])); break;
    case J_PIN: c = cpPinJointNew(a, b, cpv(p[0], p[1]), cpv(p[2], p[3])); break;
    case J_PINDIST: c = cpPinJointNew(a, b, cpv(p[0], p[1]), cpv(p[2], p[3])); cpPinJointSetDist(c, p[4]); break;
    case J_SLIDE: c = cpSlideJointNew(a, b, cpv(p[0], p[1]), cpv(p[2], p[3]), p[4], p[5]); break;
    case J_SPRING: c = cpDampedSpringNew(a, b, cpv(p[0], p[1]), cpv(p[2], p[3]), p[4], p[5], p[6]); break;
    case J_MOTOR: c = cpSimpleMotorNew(a, b, p[0]); break;
    case J_GROOVE: c = cpGrooveJointNew(a, b, cpv(p[0], p[1]), cpv(p[2], p[3]), cpv(p[4], p[5])); break;
    case J_ROTARYSPRING: c = cpDampedRotarySpringNew(a, b, p[0], p[1], p[2]); break;
    case J_ROTARYLIMIT: c = cpRotaryLimitJointNew(a, b, p[0], p[1]); break;
    case J_RATCHET: c = cpRatchetJointNew(a, b, p[0], p[1]); break;
    case J_GEAR: c = cpGearJointNew(a, b, p[0], p[1]); break;
    }
    cpConstraintSetMaxForce(c, j->maxForce);
    cpConstraintSetCollideBodies(c, j->collide ? cpTrue : cpFalse);
    if (j->hasMaxBias) cpConstraintSetMaxBias(c, j->maxBias);
    if (j->hasErrorBias) cpConstraintSetErrorBias(c, j->errorBias);
    if (j->hasBreak) {
        cpConstraintSetUserData(c, &j->breakForce);
        cpConstraintSetPostSolveFunc(c, break_post_solve);
    }
    cpSpaceAddConstraint(space, c);
    world->joints[world->jointCount++] = c;
}

static w_world *world_new(f_scene *s) {
    w_world *world = grab(1, sizeof *world);
    world->scene = s;
    // 1. The space, then 13.1's setters in table order, then the one-way handler.
    cpSpace *space = cpSpaceNew();
    world->space = space;
    cpSpaceSetUserData(space, world);
    cpSpaceSetIterations(space, s->iterations);
    cpSpaceSetGravity(space, cpv(s->gx, s->gy));
    cpSpaceSetDamping(space, s->damping);
    if (s->hasSleep) cpSpaceSetSleepTimeThreshold(space, s->sleep);
    if (s->hasHash) cpSpaceUseSpatialHash(space, s->cellSize, s->cells);
    if (s->hasSlop) cpSpaceSetCollisionSlop(space, s->slop);
    if (s->hasBias) cpSpaceSetCollisionBias(space, s->bias);
    if (s->hasPersistence) cpSpaceSetCollisionPersistence(space, (cpTimestamp)s->persistence);
    if (s->hasIdle) cpSpaceSetIdleSpeedThreshold(space, s->idle);
    if (s->oneWay) {
        cpCollisionHandler *handler = cpSpaceAddWildcardHandler(space, 1);
        handler->preSolveFunc = one_way_pre_solve;
    }
    // 2. Walls (each far coordinate one addition), then the backings (rules 2).
    if (s->walls) {
        double ox = s->ox, oy = s->oy, w = s->w, h = s->h, r = s->wallRadius;
        double xw = ox + w, yh = oy + h;
        cpVect corners[5] = {cpv(ox, oy), cpv(xw, oy), cpv(xw, yh), cpv(ox, yh), cpv(ox, oy)};
        cpBody *ground = cpSpaceGetStaticBody(space);
        for (int i = 0; i < 4; i++) {
            cpShape *wall = cpSegmentShapeNew(ground, corners[i], corners[i + 1], r);
            cpShapeSetFriction(wall, s->wallFriction);
            cpShapeSetElasticity(wall, s->wallElasticity);
            cpSpaceAddShape(space, wall);
            keep_shape(world, wall);
        }
        double t = 100.0, a = -t - r, b = w + t + r, c = h + t + r;
        double boxes[4][4] = {{a, a, b, -r}, {w + r, a, b, c}, {a, h + r, b, c}, {a, a, -r, c}};
        for (int i = 0; i < 4; i++) {
            cpShape *backing = cpBoxShapeNew2(ground, cpBBNew(ox + boxes[i][0], oy + boxes[i][1], ox + boxes[i][2], oy + boxes[i][3]), 0.0);
            cpShapeSetFriction(backing, s->wallFriction);
            cpShapeSetElasticity(backing, s->wallElasticity);
            cpSpaceAddShape(space, backing);
            keep_shape(world, backing);
        }
    }
    // 3. Bodies, 4. joints, in file order.
    world->bodies = grab((size_t)s->bodyCount, sizeof(w_body));
    for (int i = 0; i < s->bodyCount; i++) {
        add_body(world, &s->bodies[i], &world->bodies[i]);
        world->bodyCount++;
        if (s->bodies[i].track) world->animated = 1;
    }
    world->joints = grab((size_t)s->jointCount, sizeof(cpConstraint *));
    for (int i = 0; i < s->jointCount; i++) add_joint(world, &s->joints[i]);
    return world;
}

// ---------------------------------------------------------------------------
// Animation tracks (replay-format.md, "Animation tracks")

static double bez(double s, double p1, double p2) {
    double c = 3.0 * p1;
    double b = 3.0 * (p2 - p1) - c;
    double a = (1.0 - c) - b;
    return ((a * s + b) * s + c) * s;
}

static double slope(double s, double x1, double x2) {
    double c = 3.0 * x1;
    double b = 3.0 * (x2 - x1) - c;
    double a = (1.0 - c) - b;
    return ((3.0 * a) * s + 2.0 * b) * s + c;
}

static double cmin(double a, double b) { return b < a ? b : a; }
static double cmax(double a, double b) { return b >= a ? b : a; }

static double solve(double u, double x1, double x2) {
    double t = cmin(cmax(u, 0.0), 1.0), s = t;
    for (int i = 0; i < 8; i++) {
        double e = bez(s, x1, x2) - t;
        if (fabs(e) < 1e-12) return s;
        double g = slope(s, x1, x2);
        if (fabs(g) < 1e-9) break;
        double next = s - e / g;
        if (next < 0.0 || next > 1.0) break;
        s = next;
    }
    double lo = 0.0, hi = 1.0;
    s = t;
    for (int i = 0; i < 100; i++) {
        double x = bez(s, x1, x2);
        if (fabs(x - t) < 1e-12) return s;
        if (x < t) lo = s; else hi = s;
        s = (lo + hi) / 2.0;
        if (hi - lo < 1e-15) break;
    }
    return s;
}

static double timing(const double *cp, double u) {
    double x1 = cp[0], y1 = cp[1], x2 = cp[2], y2 = cp[3];
    if (u <= 0) return 0.0;
    if (u >= 1) return 1.0;
    if (x1 == y1 && x2 == y2) return u;
    return bez(solve(u, x1, x2), y1, y2);
}

// The track's value at scene time E: out[0] (angle) or out[0], out[1] (position).
static void track_value(const f_track *tr, double E, double *out) {
    double d = tr->d, C = tr->C, A = tr->A, p;
    int m = tr->m, dim = tr->isPosition ? 2 : 1;
    double local = (E - tr->b) + tr->o;
    if (!(local > 0)) p = 0.0;
    else {
        double t = cmin(local, A);
        double r = fmod(t, C);
        if (r == 0 && t > 0) r = C;
        if (tr->autoreverses && r > d) p = (C - r) / d;
        else p = r / d;
    }
    const double *v = tr->v, *k = tr->k;
    if (p <= 0) for (int c = 0; c < dim; c++) out[c] = v[c];
    else if (p >= 1) for (int c = 0; c < dim; c++) out[c] = v[m * dim + c];
    else {
        int j = 0;
        while (j + 1 < m && k[j + 1] <= p) j++;
        if (k[j + 1] <= k[j]) for (int c = 0; c < dim; c++) out[c] = v[(j + 1) * dim + c];
        else {
            double u = (p - k[j]) / (k[j + 1] - k[j]);
            double w = timing(&tr->f[4 * j], u);
            for (int c = 0; c < dim; c++) out[c] = v[j * dim + c] + (v[(j + 1) * dim + c] - v[j * dim + c]) * w;
        }
    }
    if (tr->cumulative) {
        double L = cmin(cmax((E - tr->b) + tr->o, 0.0), A);
        double q = floor(L / C);
        if (q > 0 && L == q * C) q = q - 1;
        if (q > 0) out[0] = out[0] + (v[m] - v[0]) * q;
    }
}

// ---------------------------------------------------------------------------
// Water and planets (replay-format.md, "Water and planets")

static const double PI = 3.141592653589793, TAU = 6.283185307179586;

// push(body, F, P): cpBodyApplyForceAtWorldPoint without its cpBodyActivate.
static void push(cpBody *body, cpVect F, cpVect P) {
    body->f = cpvadd(body->f, F);
    cpVect r = cpvsub(P, cpTransformPoint(body->transform, body->cog));
    body->t += cpvcross(r, F);
}

typedef struct {
    double A;
    cpVect c;
    int kind;
    // W(m)'s inputs
    int k; cpVect piece[160];  // polygon (the clipped piece: at most 2 per vertex, 64 vertices)
    double r; cpVect o, a, b;  // circle (o), segment (a, b)
} submerged;

static int submerged_poly(cpBody *body, cpShape *shape, double level, submerged *out) {
    int count = cpPolyShapeGetCount(shape);
    cpVect v[64];
    for (int i = 0; i < count; i++) v[i] = cpBodyLocalToWorld(body, cpPolyShapeGetVert(shape, i));
    int k = 0;
    for (int i = 0; i < count; i++) {
        int j = i == 0 ? count - 1 : i - 1;
        cpVect p = v[j], q = v[i];
        if (p.y < level) out->piece[k++] = p;
        double pl = p.y - level, ql = q.y - level;
        if (pl * ql < 0.0) {
            double t = fabs(pl) / (fabs(pl) + fabs(ql));
            out->piece[k++] = cpv(p.x * (1.0 - t) + q.x * t, p.y * (1.0 - t) + q.y * t);
        }
    }
    if (k < 3) return 0;
    out->k = k;
    out->A = cpAreaForPoly(k, out->piece, 0.0);
    out->c = cpCentroidForPoly(k, out->piece);
    return 1;
}

static int submerged_circle(cpBody *body, cpShape *shape, double level, submerged *out) {
    cpVect o = cpBodyLocalToWorld(body, cpCircleShapeGetOffset(shape));
    double r = cpCircleShapeGetRadius(shape);
    double d = level - o.y;
    if (d <= -r) return 0;
    if (d >= r) {
        out->A = cpAreaForCircle(0.0, r);
        out->c = o;
    } else {
        double h = sqrt(r * r - d * d);
        out->A = (r * r) * acos((-d) / r) + d * h;
        out->c = cpv(o.x, o.y - ((2.0 / 3.0) * ((h * h) * h)) / out->A);
    }
    out->o = o;
    out->r = r;
    return 1;
}

typedef struct { int arc; cpVect P, Q; double ox, oy, t1, t2; } piece;

static cpVect piece_start(const piece *s, double r) {
    return s->arc ? cpv(s->ox + r * cos(s->t1), s->oy + r * sin(s->t1)) : s->P;
}

static cpVect piece_end(const piece *s, double r) {
    return s->arc ? cpv(s->ox + r * cos(s->t2), s->oy + r * sin(s->t2)) : s->Q;
}

static void line_terms(double *acc, cpVect P, cpVect Q) {
    acc[0] += P.x * Q.y - Q.x * P.y;
    acc[1] += (Q.y - P.y) * (P.x * P.x + P.x * Q.x + Q.x * Q.x);
    acc[2] += (P.x - Q.x) * (P.y * P.y + P.y * Q.y + Q.y * Q.y);
}

static void arc_terms(double *acc, double r, double ox, double oy, double t1, double t2) {
    double s1 = sin(t1), s2 = sin(t2), c1 = cos(t1), c2 = cos(t2);
    double dt = t2 - t1;
    double sc = (s2 * c2 - s1 * c1) / 2.0;
    acc[0] += (r * r) * dt + (r * ox) * (s2 - s1) - (r * oy) * (c2 - c1);
    acc[1] += (3.0 * r) * ((ox * ox) * (s2 - s1) + ((2.0 * ox) * r) * (dt / 2.0 + sc)
                           + (r * r) * ((s2 - (s2 * s2 * s2) / 3.0) - (s1 - (s1 * s1 * s1) / 3.0)));
    acc[2] += (3.0 * r) * ((oy * oy) * (c1 - c2) + ((2.0 * oy) * r) * (dt / 2.0 - sc)
                           + (r * r) * ((((c2 * c2 * c2) / 3.0) - c2) - (((c1 * c1 * c1) / 3.0) - c1)));
}

// The capsule (every point within r of a-b) below the level: A and its centroid.
static int capsule_below(double ax, double ay, double bx, double by, double r, double level, double *A, cpVect *c) {
    double ux = bx - ax, uy = by - ay;
    double len = sqrt(ux * ux + uy * uy);
    double nx = (-uy) / len, ny = ux / len;
    double t0 = atan2(-ny, -nx);
    piece pieces[4] = {
        {0, cpv(ax - r * nx, ay - r * ny), cpv(bx - r * nx, by - r * ny), 0, 0, 0, 0},
        {1, cpvzero, cpvzero, bx, by, t0, t0 + PI},
        {0, cpv(bx + r * nx, by + r * ny), cpv(ax + r * nx, ay + r * ny), 0, 0, 0, 0},
        {1, cpvzero, cpvzero, ax, ay, t0 + PI, (t0 + PI) + PI},
    };
    piece subs[16];
    int n = 0;
    for (int i = 0; i < 4; i++) {
        piece *pc = &pieces[i];
        if (!pc->arc) {
            cpVect P = pc->P, Q = pc->Q;
            if (P.y <= level && Q.y <= level) subs[n++] = *pc;
            else if (P.y > level && Q.y > level) {}
            else {
                double t = (level - P.y) / (Q.y - P.y);
                cpVect X = cpv(P.x + (Q.x - P.x) * t, level);
                piece s = {0, P.y <= level ? P : X, P.y <= level ? X : Q, 0, 0, 0, 0};
                subs[n++] = s;
            }
        } else {
            double kk = (level - pc->oy) / r;
            if (kk >= 1.0) subs[n++] = *pc;
            else if (kk <= -1.0) {}
            else {
                double al = asin(kk);
                double shifts[3] = {-TAU, 0.0, TAU};
                for (int q = 0; q < 3; q++) {
                    double lo = cmax(pc->t1, (PI - al) + shifts[q]);
                    double hi = cmin(pc->t2, (TAU + al) + shifts[q]);
                    if (lo < hi) {
                        piece s = {1, cpvzero, cpvzero, pc->ox, pc->oy, lo, hi};
                        subs[n++] = s;
                    }
                }
            }
        }
    }
    if (n == 0) return 0;
    double acc[3] = {0.0, 0.0, 0.0};
    for (int i = 0; i < n; i++) {
        piece *sp = &subs[i];
        if (sp->arc) arc_terms(acc, r, sp->ox, sp->oy, sp->t1, sp->t2);
        else line_terms(acc, sp->P, sp->Q);
        cpVect P = piece_end(sp, r), Q = piece_start(&subs[(i + 1) % n], r);
        if (!(P.x == Q.x && P.y == Q.y)) line_terms(acc, P, Q);
    }
    *A = acc[0] / 2.0;
    *c = cpv(acc[1] / (3.0 * acc[0]), acc[2] / (3.0 * acc[0]));
    return 1;
}

static int submerged_segment(cpBody *body, cpShape *shape, double level, submerged *out) {
    cpVect a = cpBodyLocalToWorld(body, cpSegmentShapeGetA(shape));
    cpVect b = cpBodyLocalToWorld(body, cpSegmentShapeGetB(shape));
    double r = cpSegmentShapeGetRadius(shape);
    if (r == 0.0) return 0;
    if (!capsule_below(a.x, a.y, b.x, b.y, r, level, &out->A, &out->c)) return 0;
    out->a = a; out->b = b; out->r = r;
    return 1;
}

static double drag_moment(const submerged *s, double m, cpVect cog) {
    switch (s->kind) {
    case K_POLYGON: return cpMomentForPoly(m, s->k, s->piece, cpv(-cog.x, -cog.y), 0.0);
    case K_CIRCLE: return cpMomentForCircle(m, 0.0, s->r, cpv(s->o.x - cog.x, s->o.y - cog.y));
    default: return cpMomentForSegment(m, cpv(s->a.x - cog.x, s->a.y - cog.y), cpv(s->b.x - cog.x, s->b.y - cog.y), s->r);
    }
}

static void water_and_planets(w_world *world) {
    const f_scene *s = world->scene;
    cpSpace *space = world->space;
    for (int i = 0; i < world->bodyCount; i++) {
        w_body *entry = &world->bodies[i];
        if (entry->type != 0) continue;
        cpBody *body = entry->body;
        for (int k = 0; k < s->attractorCount; k++) {
            const f_attractor *at = &s->attractors[k];
            cpVect p = cpBodyGetPosition(body), v = cpBodyGetVelocity(body);
            double dx = at->ax - p.x, dy = at->ay - p.y;
            double q = cmax(dx * dx + dy * dy, at->r * at->r);
            double f = at->s / (q * sqrt(q));
            cpBodySetVelocity(body, cpv(v.x + (dx * f) * D, v.y + (dy * f) * D));
        }
        if (s->fluidCount == 0 || cpBodyIsSleeping(body)) continue;
        for (int k = 0; k < s->fluidCount; k++) {
            const f_fluid *fl = &s->fluids[k];
            for (int n = 0; n < entry->shapeCount; n++) {
                cpShape *shape = entry->shapes[n];
                if (cpShapeGetSensor(shape)) continue;
                cpBB bb = cpShapeGetBB(shape);
                if (!(bb.l <= fl->x1 && fl->x0 <= bb.r && bb.b <= fl->y1 && fl->y0 <= bb.t)) continue;
                submerged sub;
                int kind = entry->specs[n].kind, got;
                sub.kind = kind == K_BOX ? K_POLYGON : kind;
                if (sub.kind == K_POLYGON) got = submerged_poly(body, shape, fl->y1, &sub);
                else if (sub.kind == K_CIRCLE) got = submerged_circle(body, shape, fl->y1, &sub);
                else got = submerged_segment(body, shape, fl->y1, &sub);
                if (!got || !(sub.A > 0.0)) continue;
                double A = sub.A, rho = fl->rho;
                cpVect c = sub.c;
                cpVect g = cpSpaceGetGravity(space);
                double k0 = -(A * rho);
                push(body, cpv(g.x * k0, g.y * k0), c);  // buoyancy
                cpVect vc = cpBodyGetVelocityAtWorldPoint(body, c);
                double inv = 1.0 / (sqrt(vc.x * vc.x + vc.y * vc.y) + 2.2250738585072014e-308);
                double nx = vc.x * inv, ny = vc.y * inv;
                cpVect p = cpBodyGetPosition(body);
                double rcn = (c.x - p.x) * ny - (c.y - p.y) * nx;
                double kk = 1.0 / cpBodyGetMass(body) + (rcn * rcn) / cpBodyGetMoment(body);
                double vk = exp(((-((A * fl->kl) * rho)) * D) * kk);
                double ik = 1.0 / kk;
                push(body, cpv(((vc.x * vk - vc.x) * ik) / D, ((vc.y * vk - vc.y) * ik) / D), c);  // drag
                cpVect cog = cpBodyLocalToWorld(body, cpBodyGetCenterOfGravity(body));
                double wd = drag_moment(&sub, (fl->ka * rho) * A, cog);
                body->w = body->w * exp(((-wd) * D) / cpBodyGetMoment(body));  // spin
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Steps and the hash

static void world_step(w_world *world, int steps) {
    const f_scene *s = world->scene;
    for (int i = 0; i < steps; i++) {
        if (world->animated) {
            double E = (double)(world->stepsSinceBuild + 1) * D;
            for (int b = 0; b < world->bodyCount; b++) {
                w_body *entry = &world->bodies[b];
                if (!entry->track) continue;
                double val[2];
                track_value(entry->track, E, val);
                if (entry->track->isPosition) {
                    cpVect p = cpBodyGetPosition(entry->body);
                    cpBodySetVelocity(entry->body, cpv((val[0] - p.x) / D, (val[1] - p.y) / D));
                } else {
                    cpBodySetAngularVelocity(entry->body, (val[0] - cpBodyGetAngle(entry->body)) / D);
                }
            }
        }
        if (s->attractorCount || s->fluidCount) water_and_planets(world);
        cpSpaceStep(world->space, D);
        world->stepsSinceBuild++;
    }
}

static uint64_t fnv1a(uint64_t hash, double value) {
    uint64_t bits;
    memcpy(&bits, &value, sizeof bits);
    for (int i = 0; i < 8; i++) {
        hash ^= (bits >> (8 * i)) & 0xff;
        hash *= 0x100000001b3ULL;
    }
    return hash;
}

static uint64_t world_hash(const w_world *world) {
    uint64_t hash = 0xcbf29ce484222325ULL;
    for (int i = 0; i < world->bodyCount; i++) {
        if (world->bodies[i].type != 0) continue;
        cpBody *body = world->bodies[i].body;
        cpVect p = cpBodyGetPosition(body), v = cpBodyGetVelocity(body);
        hash = fnv1a(hash, p.x);
        hash = fnv1a(hash, p.y);
        hash = fnv1a(hash, cpBodyGetAngle(body));
        hash = fnv1a(hash, v.x);
        hash = fnv1a(hash, v.y);
        hash = fnv1a(hash, cpBodyGetAngularVelocity(body));
    }
    return hash;
}

static void world_free(w_world *world) {
    // As Sources/DemoReference's demo_free: wake the dynamic bodies one by one,
    // free the space (none of what was added), then what was added.
    for (int i = 0; i < world->bodyCount; i++)
        if (world->bodies[i].type == 0) cpBodyActivate(world->bodies[i].body);
    cpSpaceFree(world->space);
    for (int i = 0; i < world->jointCount; i++) if (world->joints[i]) cpConstraintFree(world->joints[i]);
    for (int i = 0; i < world->shapeCount; i++) cpShapeFree(world->allShapes[i]);
    for (int i = 0; i < world->bodyCount; i++) { cpBodyFree(world->bodies[i].body); free(world->bodies[i].shapes); }
    free(world->allShapes); free(world->joints); free(world->bodies); free(world);
}

// ---------------------------------------------------------------------------
// The same scene through the project's plain C runner (Sources/CRunner)

static uint64_t crunner_hash(const f_scene *s, int steps) {
    cr_body *bodies = grab((size_t)s->bodyCount, sizeof(cr_body));
    for (int i = 0; i < s->bodyCount; i++) {
        const f_body *fb = &s->bodies[i];
        cr_shape *shapes = grab((size_t)fb->shapeCount, sizeof(cr_shape));
        for (int k = 0; k < fb->shapeCount; k++) {
            const f_shape *fs = &fb->shapes[k];
            cr_shape *c = &shapes[k];
            c->friction = fs->friction; c->elasticity = fs->elasticity; c->sensor = fs->sensor;
            switch (fs->kind) {
            case K_BOX: c->kind = CR_BOX; c->p[0] = fs->p[0]; c->p[1] = fs->p[1]; c->radius = fs->p[2]; break;
            case K_CIRCLE: c->kind = CR_CIRCLE; c->p[0] = fs->p[0]; c->p[1] = fs->p[1]; c->p[2] = fs->p[2]; break;
            case K_POLYGON: c->kind = CR_POLYGON; c->radius = fs->p[0]; c->count = fs->count; c->verts = fs->verts; break;
            default: c->kind = CR_SEGMENT; for (int q = 0; q < 4; q++) c->p[q] = fs->p[q]; c->radius = fs->p[4]; break;
            }
        }
        cr_body *b = &bodies[i];
        b->type = fb->type == 0 ? CR_DYNAMIC : fb->type == 1 ? CR_KINEMATIC : CR_STATIC;
        b->px = fb->px; b->py = fb->py; b->angle = fb->angle; b->vx = fb->vx; b->vy = fb->vy; b->w = fb->w;
        b->massKind = fb->massKind == M_MASS ? CR_MASS : fb->massKind == M_DENSITY ? CR_DENSITY : CR_NO_MASS;
        b->massValue = fb->mass;
        b->shapes = shapes; b->shapeCount = fb->shapeCount;
    }
    cr_joint *joints = grab((size_t)s->jointCount, sizeof(cr_joint));
    for (int i = 0; i < s->jointCount; i++) {
        const f_joint *fj = &s->joints[i];
        cr_joint *j = &joints[i];
        j->a = fj->a; j->b = fj->b; j->maxForce = fj->maxForce; j->collide = fj->collide;
        for (int k = 0; k < fj->count && k < 7; k++) j->p[k] = fj->p[k];
        switch (fj->kind) {
        case J_PIVOT1: j->kind = CR_PIVOT; break;
        case J_PIVOT2: j->kind = CR_PIVOT2; break;
        case J_PIN: j->kind = CR_PIN; break;
        case J_PINDIST: j->kind = CR_PIN; j->p[5] = 1; break;
        case J_SLIDE: j->kind = CR_SLIDE; break;
        case J_SPRING: j->kind = CR_SPRING; break;
        case J_MOTOR: j->kind = CR_MOTOR; break;
        default: die("a joint the plain C runner does not build");
        }
    }
    cr_scene c = {0};
    c.width = s->w; c.height = s->h; c.gravityX = s->gx; c.gravityY = s->gy;
    c.walls = s->walls; c.wallBacking = 1;
    c.wallRadius = s->wallRadius; c.wallFriction = s->wallFriction; c.wallElasticity = s->wallElasticity;
    c.iterations = s->iterations; c.damping = s->damping;
    c.hasSleepTime = s->hasSleep; c.sleepTime = s->sleep;
    c.hasSpatialHash = s->hasHash; c.cellSize = s->cellSize; c.cells = s->cells;
    c.bodies = bodies; c.bodyCount = s->bodyCount; c.joints = joints; c.jointCount = s->jointCount;
    cr_world *world = cr_world_new(&c);
    if (!world) die("out of memory");
    cr_world_step(world, steps);
    uint64_t hash = cr_world_hash(world);
    cr_world_free(world);
    for (int i = 0; i < s->bodyCount; i++) free((void *)bodies[i].shapes);
    free(bodies); free(joints);
    return hash;
}

// ---------------------------------------------------------------------------

// A Chipmunk built without NDEBUG (Debian's) prints a banner on the first
// cpSpaceNew: keep it off stdout.
static void silence_banner(void) {
    fflush(stdout);
    int saved = dup(STDOUT_FILENO), null = open("/dev/null", O_WRONLY);
    if (saved >= 0 && null >= 0) {
        dup2(null, STDOUT_FILENO);
        cpSpaceFree(cpSpaceNew());
        fflush(stdout);
        dup2(saved, STDOUT_FILENO);
    }
    if (null >= 0) close(null);
    if (saved >= 0) close(saved);
}

int main(int argc, char **argv) {
    int steps = 1200, crunner = 0;
    silence_banner();
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--steps") && i + 1 < argc) { steps = atoi(argv[++i]); continue; }
        if (!strcmp(argv[i], "--crunner")) { crunner = 1; continue; }
        if (!strncmp(argv[i], "demo:", 5)) {
            demo_world *demo = demo_new(argv[i] + 5);
            if (!demo) { fprintf(stderr, "stepper: no demo %s\n", argv[i] + 5); return 2; }
            demo_step(demo, steps);
            printf("%s %016llx\n", argv[i], (unsigned long long)demo_hash(demo));
            fflush(stdout);
            demo_free(demo);
            continue;
        }
        f_scene scene;
        read_scene(argv[i], &scene);
        w_world *world = world_new(&scene);
        world_step(world, steps);
        uint64_t hash = world_hash(world);
        world_free(world);
        printf("%s %016llx", scene.name, (unsigned long long)hash);
        if (crunner && scene.crunner) {
            uint64_t other = crunner_hash(&scene, steps);
            if (other == hash) printf(" crunner-agrees");
            else printf(" crunner-differs:%016llx", (unsigned long long)other);
        }
        printf("\n");
        fflush(stdout);
    }
    return 0;
}
