// See snapshot_tamper.h: the changes are made through Chipmunk's private
// header, as a hand-made file could describe them.
#include "snapshot_tamper.h"
#include <chipmunk/chipmunk_private.h>
#include <stdlib.h>
#include <string.h>

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
    }
    return 0;
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
    }
}
