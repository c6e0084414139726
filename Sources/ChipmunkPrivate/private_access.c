// The fields chipmunk_private.h gives out (see there).
#include <chipmunk/chipmunk.h>
#include <chipmunk/chipmunk_structs.h>
#include "chipmunk_private.h"

void cratebox_body_next_position(const cpBody *body, double dt, double *x, double *y) {
    cpVect to = cpvadd(body->p, cpvmult(cpvadd(body->v, body->v_bias), dt));
    *x = to.x;
    *y = to.y;
}

int cratebox_arbiter_contact_count(const cpArbiter *arb) { return arb->count; }

int cratebox_arbiter_swapped(const cpArbiter *arb) { return arb->swapped ? 1 : 0; }

void cratebox_arbiter_set_points(cpArbiter *arb, int i, double ax, double ay, double bx, double by) {
    cpVect a = cpv(ax, ay), b = cpv(bx, by);
    cpVect first = arb->swapped ? b : a, second = arb->swapped ? a : b;
    arb->contacts[i].r1 = cpvsub(first, arb->body_a->p);
    arb->contacts[i].r2 = cpvsub(second, arb->body_b->p);
}

unsigned long cratebox_shape_hash_id(const cpShape *shape) { return (unsigned long)shape->hashid; }

int cratebox_shape_is_polygon(const cpShape *shape) { return shape->klass->type == CP_POLY_SHAPE; }
