// The plain C runner: see include/crunner.h. Follows the construction order and
// state hash of docs/scene-format.md line by line, with no Swift involved.
#include "crunner.h"

#include <chipmunk/chipmunk.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>

struct cr_world {
    cpSpace *space;
    double gravityLength;
    int bodyCount;
    cpBody **bodies;        // every body of the scene, in file order (NULL never)
    int shapeCount;
    cpShape **shapes;       // every shape, walls included
    int jointCount;
    cpConstraint **joints;
};

// Debian's debug build prints a banner on the first cpSpaceNew; keep it off stdout.
static void silence_banner(void) {
    static int done = 0;
    if (done) return;
    done = 1;
    fflush(stdout);
    int saved = dup(STDOUT_FILENO);
    int null = open("/dev/null", O_WRONLY);
    if (saved >= 0 && null >= 0) {
        dup2(null, STDOUT_FILENO);
        cpSpaceFree(cpSpaceNew());
        fflush(stdout);
        dup2(saved, STDOUT_FILENO);
    }
    if (null >= 0) close(null);
    if (saved >= 0) close(saved);
}

static double shape_area(const cr_shape *s) {
    switch (s->kind) {
    case CR_BOX: {
        double w = s->p[0], h = s->p[1];
        // The box's four corners, counter-clockwise from the bottom left.
        cpVect corners[4] = {cpv(-w / 2, -h / 2), cpv(w / 2, -h / 2), cpv(w / 2, h / 2), cpv(-w / 2, h / 2)};
        return cpAreaForPoly(4, corners, s->radius);
    }
    case CR_CIRCLE:
        return cpAreaForCircle(0, s->p[0]);
    case CR_POLYGON: {
        cpVect *verts = malloc(sizeof(cpVect) * (size_t)s->count);
        for (int i = 0; i < s->count; i++) verts[i] = cpv(s->verts[2 * i], s->verts[2 * i + 1]);
        double area = cpAreaForPoly(s->count, verts, s->radius);
        free(verts);
        return area;
    }
    case CR_SEGMENT:
        return cpAreaForSegment(cpv(s->p[0], s->p[1]), cpv(s->p[2], s->p[3]), s->radius);
    }
    return 0;
}

static cpShape *new_shape(cpBody *body, const cr_shape *s) {
    switch (s->kind) {
    case CR_BOX:
        return cpBoxShapeNew(body, s->p[0], s->p[1], s->radius);
    case CR_CIRCLE:
        return cpCircleShapeNew(body, s->p[0], cpv(s->p[1], s->p[2]));
    case CR_POLYGON: {
        cpVect *verts = malloc(sizeof(cpVect) * (size_t)s->count);
        for (int i = 0; i < s->count; i++) verts[i] = cpv(s->verts[2 * i], s->verts[2 * i + 1]);
        cpShape *shape = cpPolyShapeNew(body, s->count, verts, cpTransformIdentity, s->radius);
        free(verts);
        return shape;
    }
    case CR_SEGMENT:
        return cpSegmentShapeNew(body, cpv(s->p[0], s->p[1]), cpv(s->p[2], s->p[3]), s->radius);
    }
    return NULL;
}

// 1. The space.
static void add_space(cr_world *world, const cr_scene *scene) {
    cpSpace *space = cpSpaceNew();
    world->space = space;
    cpSpaceSetIterations(space, scene->iterations);
    cpSpaceSetGravity(space, cpv(scene->gravityX, scene->gravityY));
    cpSpaceSetDamping(space, scene->damping);
    if (scene->hasSleepTime) cpSpaceSetSleepTimeThreshold(space, scene->sleepTime);
    if (scene->hasSpatialHash) cpSpaceUseSpatialHash(space, scene->cellSize, scene->cells);
    world->gravityLength = cpvlength(cpv(scene->gravityX, scene->gravityY));
}

// 2. Walls on the space's static body: bottom, right, top, left.
static void add_walls(cr_world *world, const cr_scene *scene) {
    if (!scene->walls) return;
    double w = scene->width, h = scene->height;
    cpVect corners[5] = {cpv(0, 0), cpv(w, 0), cpv(w, h), cpv(0, h), cpv(0, 0)};
    cpBody *ground = cpSpaceGetStaticBody(world->space);
    for (int i = 0; i < 4; i++) {
        cpShape *wall = cpSegmentShapeNew(ground, corners[i], corners[i + 1], scene->wallRadius);
        cpShapeSetFriction(wall, scene->wallFriction);
        cpShapeSetElasticity(wall, scene->wallElasticity);
        cpSpaceAddShape(world->space, wall);
        world->shapes[world->shapeCount++] = wall;
    }
    if (!scene->wallBacking) return;
    // Rules 2: the backings, bottom, right, top, left, after the four walls.
    double t = 100.0, r = scene->wallRadius;
    double a = -t - r, b = w + t + r, c = h + t + r;
    cpBB boxes[4] = {cpBBNew(a, a, b, -r), cpBBNew(w + r, a, b, c), cpBBNew(a, h + r, b, c), cpBBNew(a, a, -r, c)};
    for (int i = 0; i < 4; i++) {
        cpShape *backing = cpBoxShapeNew2(ground, boxes[i], 0.0);
        cpShapeSetFriction(backing, scene->wallFriction);
        cpShapeSetElasticity(backing, scene->wallElasticity);
        cpSpaceAddShape(world->space, backing);
        world->shapes[world->shapeCount++] = backing;
    }
}

// 3. One body of the file: the body, its shapes (with their mass calls), its velocities.
static void add_body(cr_world *world, const cr_body *spec) {
    cpBody *body;
    switch (spec->type) {
    case CR_KINEMATIC: body = cpBodyNewKinematic(); break;
    case CR_STATIC: body = cpBodyNewStatic(); break;
    default: body = cpBodyNew(0, 0); break;
    }
    cpBodySetPosition(body, cpv(spec->px, spec->py));
    cpBodySetAngle(body, spec->angle);
    cpSpaceAddBody(world->space, body);
    world->bodies[world->bodyCount++] = body;

    double totalArea = 0;
    if (spec->type == CR_DYNAMIC && spec->massKind == CR_MASS && spec->shapeCount > 1) {
        for (int k = 0; k < spec->shapeCount; k++) totalArea += shape_area(&spec->shapes[k]);
    }
    for (int k = 0; k < spec->shapeCount; k++) {
        const cr_shape *s = &spec->shapes[k];
        cpShape *shape = new_shape(body, s);
        cpShapeSetFriction(shape, s->friction);
        cpShapeSetElasticity(shape, s->elasticity);
        if (s->sensor) cpShapeSetSensor(shape, cpTrue);
        if (spec->type == CR_DYNAMIC) {
            if (spec->massKind == CR_MASS) {
                if (spec->shapeCount == 1) cpShapeSetMass(shape, spec->massValue);
                else cpShapeSetMass(shape, spec->massValue * shape_area(s) / totalArea);
            } else if (spec->massKind == CR_DENSITY) {
                cpShapeSetDensity(shape, spec->massValue);
            }
        }
        cpSpaceAddShape(world->space, shape);
        world->shapes[world->shapeCount++] = shape;
    }
    cpBodySetVelocity(body, cpv(spec->vx, spec->vy));
    cpBodySetAngularVelocity(body, spec->w);
}

// 4. One joint of the file.
static void add_joint(cr_world *world, const cr_joint *j) {
    cpSpace *space = world->space;
    cpBody *a = j->a < 0 ? cpSpaceGetStaticBody(space) : world->bodies[j->a];
    cpBody *b = j->b < 0 ? cpSpaceGetStaticBody(space) : world->bodies[j->b];
    const double *p = j->p;
    cpConstraint *c = NULL;
    switch (j->kind) {
    case CR_PIVOT: c = cpPivotJointNew(a, b, cpv(p[0], p[1])); break;
    case CR_PIVOT2: c = cpPivotJointNew2(a, b, cpv(p[0], p[1]), cpv(p[2], p[3])); break;
    case CR_PIN:
        c = cpPinJointNew(a, b, cpv(p[0], p[1]), cpv(p[2], p[3]));
        if (p[5] != 0) cpPinJointSetDist(c, p[4]);
        break;
    case CR_SLIDE: c = cpSlideJointNew(a, b, cpv(p[0], p[1]), cpv(p[2], p[3]), p[4], p[5]); break;
    case CR_SPRING: c = cpDampedSpringNew(a, b, cpv(p[0], p[1]), cpv(p[2], p[3]), p[4], p[5], p[6]); break;
    case CR_MOTOR: c = cpSimpleMotorNew(a, b, p[0]); break;
    }
    cpConstraintSetMaxForce(c, j->maxForce);
    cpConstraintSetCollideBodies(c, (j->collide || j->a < 0 || j->b < 0) ? cpTrue : cpFalse);  // walls stop what is joined to them
    cpSpaceAddConstraint(space, c);
    world->joints[world->jointCount++] = c;
}

cr_world *cr_world_new(const cr_scene *scene) {
    silence_banner();
    cr_world *world = calloc(1, sizeof(cr_world));
    if (!world) return NULL;
    int shapeTotal = scene->walls ? (scene->wallBacking ? 8 : 4) : 0;
    for (int i = 0; i < scene->bodyCount; i++) shapeTotal += scene->bodies[i].shapeCount;
    world->bodies = calloc((size_t)scene->bodyCount + 1, sizeof(cpBody *));
    world->shapes = calloc((size_t)shapeTotal + 1, sizeof(cpShape *));
    world->joints = calloc((size_t)scene->jointCount + 1, sizeof(cpConstraint *));
    if (!world->bodies || !world->shapes || !world->joints) {
        free(world->bodies); free(world->shapes); free(world->joints); free(world);
        return NULL;
    }
    add_space(world, scene);
    add_walls(world, scene);
    for (int i = 0; i < scene->bodyCount; i++) add_body(world, &scene->bodies[i]);
    for (int i = 0; i < scene->jointCount; i++) add_joint(world, &scene->joints[i]);
    return world;
}

void cr_world_tilt(cr_world *world, double x, double y) {
    cpSpaceSetGravity(world->space, cpv(world->gravityLength * x, world->gravityLength * y));
}

void cr_world_step(cr_world *world, int steps) {
    for (int i = 0; i < steps; i++) cpSpaceStep(world->space, 1.0 / 120.0);
}

static uint64_t fnv1a(uint64_t hash, double value) {
    uint64_t bits;
    memcpy(&bits, &value, sizeof bits);
    for (int i = 0; i < 8; i++) {  // little-endian byte order, whatever the host's
        hash ^= (bits >> (8 * i)) & 0xff;
        hash *= 0x100000001b3ULL;
    }
    return hash;
}

uint64_t cr_world_hash(const cr_world *world) {
    uint64_t hash = 0xcbf29ce484222325ULL;
    for (int i = 0; i < world->bodyCount; i++) {
        cpBody *body = world->bodies[i];
        if (cpBodyGetType(body) != CP_BODY_TYPE_DYNAMIC) continue;
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

void cr_world_free(cr_world *world) {
    if (!world) return;
    cpSpace *space = world->space;
    // Remove everything, free the space, then free the children.
    for (int i = 0; i < world->jointCount; i++) cpSpaceRemoveConstraint(space, world->joints[i]);
    for (int i = 0; i < world->shapeCount; i++) cpSpaceRemoveShape(space, world->shapes[i]);
    for (int i = 0; i < world->bodyCount; i++) cpSpaceRemoveBody(space, world->bodies[i]);
    cpSpaceFree(space);
    for (int i = 0; i < world->jointCount; i++) cpConstraintFree(world->joints[i]);
    for (int i = 0; i < world->shapeCount; i++) cpShapeFree(world->shapes[i]);
    for (int i = 0; i < world->bodyCount; i++) cpBodyFree(world->bodies[i]);
    free(world->joints);
    free(world->shapes);
    free(world->bodies);
    free(world);
}
