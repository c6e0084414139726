// What the copier needs that Chipmunk does not export (class tables, static
// callbacks), read off probe objects once; and the checks that this build of
// Chipmunk is the one whose private layouts snapshot_internal.h re-declares:
// on any other build the copier refuses to run (a clear error, not a wrong copy).
#include "snapshot_internal.h"
#include "chipmunk_snapshot.h"
#include "chipmunk_callbacks.h"

#include <pthread.h>
#include <stdio.h>

static snapshot_probe probe;
static const char *probeError;
static pthread_once_t probeOnce = PTHREAD_ONCE_INIT;

static const char *check_space_layout(void) {
    // A few boxes stepped: the tree, its leaf set, the contact ring and the
    // stamps must be where and what the re-declared layouts say.
    cpSpace *space = cpSpaceNew();
    cpSpaceSetGravity(space, cpv(0, -100));
    cpShape *ground = cpSpaceAddShape(space, cpSegmentShapeNew(cpSpaceGetStaticBody(space), cpv(-100, 0), cpv(100, 0), 0));
    cpBody *bodies[3];
    cpShape *shapes[3];
    for (int i = 0; i < 3; i++) {
        bodies[i] = cpSpaceAddBody(space, cpBodyNew(1, cpMomentForBox(1, 10, 10)));
        cpBodySetPosition(bodies[i], cpv(i * 20.0, 4.9));
        shapes[i] = cpSpaceAddShape(space, cpBoxShapeNew(bodies[i], 10, 10, 0));
    }
    for (int i = 0; i < 3; i++) cpSpaceStep(space, 1.0 / 120.0);
    const char *wrong = NULL;
    struct cpBBTree *tree = (struct cpBBTree *)space->dynamicShapes;
    struct cpBBTree *statics = (struct cpBBTree *)space->staticShapes;
    // The master (dynamic) tree counts every insertion, static ones too, and every step: 1 + 3 + 3.
    if (space->stamp != 3 || tree->stamp != 7) wrong = "the step stamps";
    else if (tree->leaves->entries != 3 || tree->leaves->size != 5 || statics->leaves->entries != 1) wrong = "cpBBTree's leaf set";
    else if (!tree->root || tree->root->parent || tree->root->obj) wrong = "cpBBTree's nodes";
    else if (!space->contactBuffersHead || space->contactBuffersHead->stamp != 3 ||
             space->contactBuffersHead->numContacts != (unsigned)space->arbiters->num * 2) wrong = "the contact buffers";
    else if (statics->root == NULL || statics->root->obj != ground || statics->root->node.leaf.pairs == NULL) wrong = "cpBBTree's pairs";
    else {
        int found = 0;
        for (unsigned i = 0; i < tree->leaves->size; i++)
            for (cpHashSetBin *bin = tree->leaves->table[i]; bin; bin = bin->next) {
                Node *leaf = bin->elt;
                for (int k = 0; k < 3; k++) if (leaf->obj == shapes[k] && bin->hash == shapes[k]->hashid) found++;
            }
        if (found != 3) wrong = "cpHashSet's bins";
    }
    for (int i = 0; i < 3; i++) cpSpaceRemoveShape(space, shapes[i]);
    for (int i = 0; i < 3; i++) { cpShapeFree(shapes[i]); cpSpaceRemoveBody(space, bodies[i]); cpBodyFree(bodies[i]); }
    cpSpaceRemoveShape(space, ground);
    cpShapeFree(ground);
    cpSpaceFree(space);
    return wrong;
}

static void run_probe(void) {
    if (strcmp(cpVersionString, "7.0.3") != 0) {
        static char message[160];
        snprintf(message, sizeof message, "Chipmunk is %s here; the exact copy of a space is written for Chipmunk 7.0.3's private layouts", cpVersionString);
        probeError = message;
        return;
    }
    cpSpace *space = cpSpaceNew();
    probe.bbtreeClass = space->dynamicShapes->klass;
    probe.shapeVelocity = ((struct cpBBTree *)space->dynamicShapes)->velocityFunc;
    probe.handlerFunc[1] = (void *)cpCollisionHandlerDoNothing.beginFunc;
    probe.handlerFunc[2] = (void *)cpCollisionHandlerDoNothing.postSolveFunc;
    cpCollisionHandler *defaults = cpSpaceAddDefaultCollisionHandler(space);
    probe.handlerFunc[3] = (void *)defaults->beginFunc;
    probe.handlerFunc[4] = (void *)defaults->preSolveFunc;
    probe.handlerFunc[5] = (void *)defaults->postSolveFunc;
    probe.handlerFunc[6] = (void *)defaults->separateFunc;
    probe.handlerFunc[7] = cratebox_one_way_pre_solve_function();
    cratebox_script_handler_functions(&probe.handlerFunc[8], &probe.handlerFunc[12]);
    cratebox_script_body_functions(probe.scriptBody);
    cratebox_script_joint_functions(probe.scriptJoint);
    probe.breakable = cratebox_breakable_post_solve_function();
    cpSpaceFree(space);

    cpSpatialIndex *hash = cpSpaceHashNew(10, 10, (cpSpatialIndexBBFunc)cpShapeGetBB, NULL);
    probe.spaceHashClass = hash->klass;
    struct cpSpaceHash *h = (struct cpSpaceHash *)hash;
    int hashOK = h->numcells == 13 && h->celldim == 10 && h->stamp == 1 && h->handleSet->size == 5 &&
                 h->handleSet->entries == 0 && h->pooledHandles && h->pooledHandles->num == 0 && h->allocatedBuffers;
    cpSpatialIndexFree(hash);

    cpBody *a = cpBodyNew(1, 1), *b = cpBodyNew(1, 1);
    cpShape *shapes[3] = {cpCircleShapeNew(a, 1, cpvzero), cpSegmentShapeNew(a, cpvzero, cpv(1, 0), 0), cpBoxShapeNew(a, 1, 1, 0)};
    for (int i = 0; i < 3; i++) {
        probe.shapeClass[shapes[i]->klass->type] = shapes[i]->klass;
        cpShapeFree(shapes[i]);
    }
    cpConstraint *joints[JOINT_KINDS] = {
        cpPinJointNew(a, b, cpvzero, cpv(1, 0)), cpSlideJointNew(a, b, cpvzero, cpvzero, 0, 1),
        cpPivotJointNew(a, b, cpvzero), cpGrooveJointNew(a, b, cpvzero, cpv(1, 0), cpvzero),
        cpDampedSpringNew(a, b, cpvzero, cpvzero, 1, 1, 1), cpDampedRotarySpringNew(a, b, 0, 1, 1),
        cpRotaryLimitJointNew(a, b, 0, 1), cpRatchetJointNew(a, b, 0, 1), cpGearJointNew(a, b, 0, 1), cpSimpleMotorNew(a, b, 1),
    };
    const size_t sizes[JOINT_KINDS] = {
        sizeof(cpPinJoint), sizeof(cpSlideJoint), sizeof(cpPivotJoint), sizeof(cpGrooveJoint), sizeof(cpDampedSpring),
        sizeof(cpDampedRotarySpring), sizeof(cpRotaryLimitJoint), sizeof(cpRatchetJoint), sizeof(cpGearJoint), sizeof(cpSimpleMotor),
    };
    int jointsOK = cpConstraintIsPinJoint(joints[0]) && cpConstraintIsSlideJoint(joints[1]) && cpConstraintIsPivotJoint(joints[2]) &&
                   cpConstraintIsGrooveJoint(joints[3]) && cpConstraintIsDampedSpring(joints[4]) &&
                   cpConstraintIsDampedRotarySpring(joints[5]) && cpConstraintIsRotaryLimitJoint(joints[6]) &&
                   cpConstraintIsRatchetJoint(joints[7]) && cpConstraintIsGearJoint(joints[8]) && cpConstraintIsSimpleMotor(joints[9]);
    probe.springForce = ((cpDampedSpring *)joints[4])->springForceFunc;
    probe.springTorque = ((cpDampedRotarySpring *)joints[5])->springTorqueFunc;
    for (int i = 0; i < JOINT_KINDS; i++) {
        probe.jointClass[i] = joints[i]->klass;
        probe.jointSize[i] = sizes[i];
        cpConstraintFree(joints[i]);
    }
    cpBodyFree(a);
    cpBodyFree(b);

    const char *wrong = check_space_layout();
    if (!hashOK) wrong = "cpSpaceHash";
    if (!jointsOK) wrong = "the joint classes";
    if (wrong) {
        static char message[200];
        snprintf(message, sizeof message, "this Chipmunk 7.0.3 build does not lay out %s as the copier expects; exact copies of a space are unavailable", wrong);
        probeError = message;
    }
}

const snapshot_probe *snapshot_probe_get(const char **error) {
    pthread_once(&probeOnce, run_probe);
    if (probeError) {
        if (error) *error = probeError;
        return NULL;
    }
    return &probe;
}

const char *cratebox_snapshot_check(void) {
    const char *error = NULL;
    return snapshot_probe_get(&error) ? NULL : error;
}

int snapshot_handler_tag(const snapshot_probe *p, void *func) {
    if (!func) return 0;
    for (int i = 1; i < HANDLER_FUNCS; i++) if (p->handlerFunc[i] == func) return i;
    return -1;
}

void sb_put(sbuf *b, const void *p, size_t n) {
    if (b->oom) return;
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + n) cap *= 2;
        uint8_t *grown = realloc(b->data, cap);
        if (!grown) { b->oom = 1; return; }
        b->data = grown;
        b->cap = cap;
    }
    memcpy(b->data + b->len, p, n);
    b->len += n;
}

void cratebox_snapshot_bytes_free(cratebox_snapshot_bytes *bytes) {
    free(bytes->data);
    bytes->data = NULL;
    bytes->count = 0;
}

int pmap_init(pmap *m, size_t n) {
    size_t cap = 16;
    while (cap < 2 * n + 16) cap *= 2;
    m->keys = calloc(cap, sizeof *m->keys);
    m->vals = calloc(cap, sizeof *m->vals);
    m->mask = cap - 1;
    m->count = 0;
    return m->keys && m->vals;
}

void pmap_free(pmap *m) {
    free(m->keys);
    free(m->vals);
    m->keys = NULL;
    m->vals = NULL;
}

static size_t pmap_slot(const pmap *m, uintptr_t key) {
    uint64_t h = (uint64_t)key * 0x9E3779B97F4A7C15ull;
    return (size_t)(h >> 17) & m->mask;
}

int pmap_put(pmap *m, const void *key, int32_t val) {
    if (!m->keys) return 0;
    if (2 * (m->count + 1) > m->mask + 1) {
        pmap bigger;
        if (!pmap_init(&bigger, 2 * (m->mask + 1))) { pmap_free(&bigger); return 0; }
        for (size_t i = 0; i <= m->mask; i++) if (m->keys[i]) pmap_put(&bigger, (const void *)m->keys[i], m->vals[i]);
        pmap_free(m);
        *m = bigger;
    }
    uintptr_t k = (uintptr_t)key;
    size_t i = pmap_slot(m, k);
    while (m->keys[i] && m->keys[i] != k) i = (i + 1) & m->mask;
    if (!m->keys[i]) m->count++;
    m->keys[i] = k;
    m->vals[i] = val;
    return 1;
}

int32_t pmap_get(const pmap *m, const void *key) {
    uintptr_t k = (uintptr_t)key;
    if (!k || !m->keys) return -1;
    size_t i = pmap_slot(m, k);
    while (m->keys[i]) {
        if (m->keys[i] == k) return m->vals[i];
        i = (i + 1) & m->mask;
    }
    return -1;
}

int snapshot_is_table_prime(uint32_t n) {
    static const uint32_t primes[] = {5, 13, 23, 47, 97, 193, 389, 769, 1543, 3079, 6151, 12289, 24593, 49157, 98317,
                                      196613, 393241, 786433, 1572869, 3145739, 6291469, 12582917, 25165843};
    for (size_t i = 0; i < sizeof primes / sizeof primes[0]; i++) if (primes[i] == n) return 1;
    return 0;
}
