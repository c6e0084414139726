// See snapshot_tamper.h: the changes are made through Chipmunk's private
// header, as a hand-made file could describe them.
#include "snapshot_tamper.h"
#include <chipmunk/chipmunk_private.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
// Chipmunk's private tree and hash layouts, as the copier re-declares them (test code only).
#include "../ChipmunkPrivate/snapshot_internal.h"

// The arbiter Chipmunk restores when `body` wakes (its own, or the static
// body's with it), or any arbiter of an awake body.
static cpArbiter *arbiter_of(cpBody *body) {
    CP_BODY_FOREACH_ARBITER(body, arb) {
        if (!cpBodyIsSleeping(body) || arb->body_a == body || cpBodyGetType(arb->body_a) == CP_BODY_TYPE_STATIC) return arb;
    }
    return NULL;
}

static void move_shape(cpSpace *space, cpShape *shape, int toStatic) {
    cpSpatialIndex *from = toStatic ? space->dynamicShapes : space->staticShapes;
    cpSpatialIndex *to = toStatic ? space->staticShapes : space->dynamicShapes;
    cpSpatialIndexRemove(from, shape, shape->hashid);
    cpSpatialIndexInsert(to, shape, shape->hashid);
}

static int awake(cpBody *body) { return cpBodyGetType(body) != CP_BODY_TYPE_STATIC && !cpBodyIsSleeping(body); }

// Chipmunk's default begin callback, which its private header does not name.
static cpCollisionBeginFunc default_begin(void) {
    cpSpace *probe = cpSpaceNew();
    cpCollisionBeginFunc begin = cpSpaceAddCollisionHandler(probe, 1, 2)->beginFunc;
    cpSpaceFree(probe);
    return begin;
}

static int apply_number(cpSpace *space, cpBody *body, snapshot_tamper_kind kind, snapshot_tamper *out) {
    cpPolyShape *poly = body->shapeList && body->shapeList->klass->type == CP_POLY_SHAPE ? (cpPolyShape *)body->shapeList : NULL;
    out->object = body;
    switch (kind) {
    case SNAPSHOT_TAMPER_DEFAULT_BEGIN_WITHOUT_WILDCARDS:
        if (space->usesWildcards) return 0;
        out->callback = (void *)space->defaultHandler.beginFunc;
        space->defaultHandler.beginFunc = default_begin();
        return 1;
    case SNAPSHOT_TAMPER_NULL_PRE_SOLVE:
        out->callback = (void *)space->defaultHandler.preSolveFunc;
        space->defaultHandler.preSolveFunc = NULL;
        return 1;
    case SNAPSHOT_TAMPER_TRANSFORM_NOT_A_NUMBER:
        out->number = body->transform.tx;
        body->transform.tx = NAN;
        return 1;
    case SNAPSHOT_TAMPER_POSITION_NOT_A_NUMBER:
        out->number = body->p.x;
        body->p.x = NAN;
        return 1;
    case SNAPSHOT_TAMPER_KINEMATIC_IDLE:
        if (cpBodyGetType(body) != CP_BODY_TYPE_KINEMATIC) return 0;
        out->number = body->sleeping.idleTime;
        body->sleeping.idleTime = 1e9;
        return 1;
    case SNAPSHOT_TAMPER_NEGATIVE_POLYGON_RADIUS:
        if (!poly) return 0;
        out->number = poly->r;
        poly->r = -1;
        return 1;
    case SNAPSHOT_TAMPER_POLYGON_NOT_CONVEX: {
        if (!poly) return 0;
        struct cpSplittingPlane *local = poly->planes + poly->count, swap = local[0];
        local[0] = local[1];
        local[1] = swap;
        return 1;
    }
    case SNAPSHOT_TAMPER_A_MILLION_ITERATIONS:
        out->number = space->iterations;
        space->iterations = 1000000;
        return 1;
    case SNAPSHOT_TAMPER_THREADED_ARBITER_OUT_OF_THE_ARRAY: {
        cpArbiter *arb = awake(body) ? arbiter_of(body) : NULL;
        if (!arb || !cpArrayContains(space->arbiters, arb)) return 0;
        cpArray *saved = cpArrayNew(space->arbiters->num);
        for (int i = 0; i < space->arbiters->num; i++) cpArrayPush(saved, space->arbiters->arr[i]);
        out->saved = saved;
        cpArrayDeleteObj(space->arbiters, arb);
        return 1;
    }
    case SNAPSHOT_TAMPER_SLEEPING_ARBITER_IN_THE_ARRAY: {
        cpArbiter *arb = cpBodyIsSleeping(body) ? arbiter_of(body) : NULL;
        if (!arb) return 0;
        cpArrayPush(space->arbiters, arb);
        return 1;
    }
    case SNAPSHOT_TAMPER_SLEEPING_OFF:
        if (!cpBodyIsSleeping(body)) return 0;
        out->number = space->sleepTimeThreshold;
        space->sleepTimeThreshold = INFINITY;
        return 1;
    default:
        return 0;
    }
}

int snapshot_tamper_apply(cpSpace *space, cpBody *body, snapshot_tamper_kind kind, snapshot_tamper *out) {
    memset(out, 0, sizeof *out);
    out->kind = kind;
    switch (kind) {
    case SNAPSHOT_TAMPER_SLEEPING_CONTACTS_IN_BUFFER: {
        cpArbiter *arb = cpBodyIsSleeping(body) ? arbiter_of(body) : NULL;
        if (!arb) return 0;
        out->object = arb;
        out->saved = arb->contacts;
        arb->contacts = cpContactBufferGetArray(space);  // the free slots of the newest buffer
        return 1;
    }
    case SNAPSHOT_TAMPER_AWAKE_CONTACTS_OF_THEIR_OWN: {
        cpArbiter *arb = awake(body) ? arbiter_of(body) : NULL;
        if (!arb || !arb->contacts) return 0;
        struct cpContact *own = calloc((size_t)arb->count + 1, sizeof *own);
        if (!own) return 0;
        memcpy(own, arb->contacts, (size_t)arb->count * sizeof *own);
        out->object = arb;
        out->saved = arb->contacts;
        arb->contacts = own;
        return 1;
    }
    case SNAPSHOT_TAMPER_SHAPE_IN_THE_OTHER_INDEX: {
        cpShape *shape = body->shapeList;
        if (!shape) return 0;
        out->object = shape;
        move_shape(space, shape, awake(body));
        return 1;
    }
    default:
        return apply_number(space, body, kind, out);
    }
}

void snapshot_tamper_undo(cpSpace *space, snapshot_tamper *tamper) {
    switch (tamper->kind) {
    case SNAPSHOT_TAMPER_SLEEPING_CONTACTS_IN_BUFFER:
        ((cpArbiter *)tamper->object)->contacts = tamper->saved;
        break;
    case SNAPSHOT_TAMPER_AWAKE_CONTACTS_OF_THEIR_OWN:
        free(((cpArbiter *)tamper->object)->contacts);
        ((cpArbiter *)tamper->object)->contacts = tamper->saved;
        break;
    case SNAPSHOT_TAMPER_SHAPE_IN_THE_OTHER_INDEX: {
        cpShape *shape = tamper->object;
        move_shape(space, shape, !awake(shape->body));
        break;
    }
    case SNAPSHOT_TAMPER_DEFAULT_BEGIN_WITHOUT_WILDCARDS:
        space->defaultHandler.beginFunc = (cpCollisionBeginFunc)tamper->callback;
        break;
    case SNAPSHOT_TAMPER_NULL_PRE_SOLVE:
        space->defaultHandler.preSolveFunc = (cpCollisionPreSolveFunc)tamper->callback;
        break;
    case SNAPSHOT_TAMPER_TRANSFORM_NOT_A_NUMBER:
        ((cpBody *)tamper->object)->transform.tx = tamper->number;
        break;
    case SNAPSHOT_TAMPER_POSITION_NOT_A_NUMBER:
        ((cpBody *)tamper->object)->p.x = tamper->number;
        break;
    case SNAPSHOT_TAMPER_KINEMATIC_IDLE:
        ((cpBody *)tamper->object)->sleeping.idleTime = tamper->number;
        break;
    case SNAPSHOT_TAMPER_NEGATIVE_POLYGON_RADIUS:
        ((cpPolyShape *)((cpBody *)tamper->object)->shapeList)->r = tamper->number;
        break;
    case SNAPSHOT_TAMPER_POLYGON_NOT_CONVEX: {
        cpPolyShape *poly = (cpPolyShape *)((cpBody *)tamper->object)->shapeList;
        struct cpSplittingPlane *local = poly->planes + poly->count, swap = local[0];
        local[0] = local[1];
        local[1] = swap;
        break;
    }
    case SNAPSHOT_TAMPER_A_MILLION_ITERATIONS:
        space->iterations = (int)tamper->number;
        break;
    case SNAPSHOT_TAMPER_SLEEPING_ARBITER_IN_THE_ARRAY:
        cpArrayPop(space->arbiters);
        break;
    case SNAPSHOT_TAMPER_SLEEPING_OFF:
        space->sleepTimeThreshold = tamper->number;
        break;
    case SNAPSHOT_TAMPER_THREADED_ARBITER_OUT_OF_THE_ARRAY: {
        cpArray *saved = tamper->saved;
        space->arbiters->num = 0;
        for (int i = 0; i < saved->num; i++) cpArrayPush(space->arbiters, saved->arr[i]);
        cpArrayFree(saved);
        break;
    }
    }
}

static void collect_leaf(void *elt, void *data) {
    cpArray *leaves = data;
    cpArrayPush(leaves, elt);
}

int snapshot_tamper_static_spine(cpSpace *space) {
    struct cpBBTree *tree = (struct cpBBTree *)space->staticShapes;
    cpArray *leaves = cpArrayNew(0);
    cpHashSetEach(tree->leaves, collect_leaf, leaves);
    int n = leaves->num;
    if (n < 2) { cpArrayFree(leaves); return n - 1; }
    Node *inner = cpcalloc((size_t)n - 1, sizeof(Node));
    cpArrayPush(tree->allocatedBuffers, inner);  // freed with the tree
    // inner[k] joins inner[k + 1] (or the last leaf) and leaf k.
    for (int k = n - 2; k >= 0; k--) {
        Node *a = k == n - 2 ? leaves->arr[n - 1] : &inner[k + 1], *b = leaves->arr[k];
        inner[k].node.children.a = a;
        inner[k].node.children.b = b;
        a->parent = b->parent = &inner[k];
        inner[k].bb = cpBBMerge(a->bb, b->bb);
    }
    inner[0].parent = NULL;
    tree->root = &inner[0];
    cpArrayFree(leaves);
    return n - 1;
}

void snapshot_tamper_cell_size(cpSpace *space, double size) {
    ((struct cpSpaceHash *)space->dynamicShapes)->celldim = size;
    ((struct cpSpaceHash *)space->staticShapes)->celldim = size;
}
