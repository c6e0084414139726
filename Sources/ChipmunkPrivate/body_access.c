// See chipmunk_bodies.h.
#include <chipmunk/chipmunk.h>
#include <chipmunk/chipmunk_structs.h>
#include "chipmunk_bodies.h"

void cratebox_body_push(cpBody *body, double fx, double fy, double px, double py) {
    cpVect force = cpv(fx, fy);
    body->f = cpvadd(body->f, force);
    cpVect r = cpvsub(cpv(px, py), cpTransformPoint(body->transform, body->cog));
    body->t += cpvcross(r, force);
}

void cratebox_body_scale_spin(cpBody *body, double factor) { body->w = body->w * factor; }

typedef struct collected {
    void **out;
    int capacity, count;
} collected;

static void collect_shape(cpBody *body, cpShape *shape, void *data) {
    (void)body;
    collected *c = data;
    if (c->count < c->capacity) c->out[c->count] = shape;
    c->count++;
}

static void collect_constraint(cpBody *body, cpConstraint *constraint, void *data) {
    (void)body;
    collected *c = data;
    if (c->count < c->capacity) c->out[c->count] = constraint;
    c->count++;
}

int cratebox_body_shapes(cpBody *body, cpShape **out, int capacity) {
    collected c = {(void **)out, capacity, 0};
    cpBodyEachShape(body, collect_shape, &c);
    return c.count;
}

int cratebox_body_constraints(cpBody *body, cpConstraint **out, int capacity) {
    collected c = {(void **)out, capacity, 0};
    cpBodyEachConstraint(body, collect_constraint, &c);
    return c.count;
}

void cratebox_bodies_poses(cpBody *const *bodies, int count, double *out) {
    for (int i = 0; i < count; i++) {
        const cpBody *body = bodies[i];
        cpVect p = body ? cpBodyGetPosition(body) : cpvzero;
        out[3 * i] = p.x;
        out[3 * i + 1] = p.y;
        out[3 * i + 2] = body ? cpBodyGetAngle(body) : 0;
    }
}
