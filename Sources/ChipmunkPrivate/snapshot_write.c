// Writes a space as bytes (cratebox_snapshot_write). Every object is written
// once, in an order that no address decides: bodies, shapes and joints in the
// caller's order, arbiters in the order the space and its bodies' lists hold
// them (the cached set, keyed by addresses, sorted by its shapes), tree nodes
// in preorder, pairs and handles as first met. Pointers become those ids,
// callbacks and classes become tags; numbers are written as their bits.
// Only the bytes a step or a query can read are written: no padding, no dead
// half of a union, no pooled (free) object, no contact slot no arbiter holds.
#include "snapshot_internal.h"
#include "chipmunk_snapshot.h"
#include "chipmunk_callbacks.h"
#include "snapshot_writer.h"

#include <stdio.h>

int32_t snapshot_writer_body_id(writer *w, const cpBody *body, const char *where) {
    if (!body) return -1;
    int32_t id = pmap_get(&w->bodies, body);
    if (id < 0) FAIL(w, "%s holds a body that is not in the space", where);
    return id;
}

int32_t snapshot_writer_shape_id(writer *w, const cpShape *shape, const char *where) {
    if (!shape) return -1;
    int32_t id = pmap_get(&w->shapes, shape);
    if (id < 0) FAIL(w, "%s holds a shape that is not in the space", where);
    return id;
}

int32_t snapshot_writer_joint_id(writer *w, const cpConstraint *joint, const char *where) {
    if (!joint) return -1;
    int32_t id = pmap_get(&w->joints, joint);
    if (id < 0) FAIL(w, "%s holds a joint cratebox does not know", where);
    return id;
}

int32_t snapshot_writer_arbiter_id(writer *w, const cpArbiter *arb) {
    if (!arb) return -1;
    int32_t id = pmap_get(&w->arbiters, arb);
    if (id < 0) FAIL(w, "an arbiter is not where the space keeps them");
    return id;
}

// Gives `item` the next id (its place in `items`) unless it has one: the one
// way arbiters, pairs and handles are numbered, as first met.
void snapshot_writer_add_unique(writer *w, pmap *ids, void ***items, int32_t *count, int32_t *cap, void *item) {
    if (w->error || pmap_get(ids, item) >= 0) return;
    if (*count == *cap) {
        int32_t grown = *cap ? 2 * *cap : 256;
        void **bigger = realloc(*items, (size_t)grown * sizeof *bigger);
        if (!bigger) { FAIL(w, "out of memory"); return; }
        *items = bigger;
        *cap = grown;
    }
    if (!pmap_put(ids, item, *count)) { FAIL(w, "out of memory"); return; }
    (*items)[(*count)++] = item;
}

static void add_arbiter(writer *w, cpArbiter *arb) { snapshot_writer_add_unique(w, &w->arbiters, &w->arbList, &w->arbCount, &w->arbCap, arb); }

static cpBody *body_at(writer *w, cpBody *const *bodies, int32_t id) { return id == 0 ? &w->space->_staticBody : bodies[id - 1]; }

static void put_range(sbuf *b, const void *object, size_t from, size_t to) { sb_put(b, (const uint8_t *)object + from, to - from); }

static void write_body(writer *w, cpBody *body) {
    // A scene script's functions are the body's owner's to set again (docs/state-format.md).
    if ((body->velocity_func != cpBodyUpdateVelocity && (void *)body->velocity_func != w->probe->scriptBody[0]) ||
        (body->position_func != cpBodyUpdatePosition && (void *)body->position_func != w->probe->scriptBody[1]))
        FAIL(w, "a body has its own velocity or position function");
    if (body->userData) FAIL(w, "a body has user data");
    if (body->space != w->space) FAIL(w, "a listed body is not in the space");
    put_range(&w->out, body, offsetof(cpBody, m), offsetof(cpBody, userData));
    put_range(&w->out, body, offsetof(cpBody, v_bias), offsetof(cpBody, space));
    sb_f64(&w->out, body->sleeping.idleTime);
    sb_i32(&w->out, snapshot_writer_body_id(w, body->sleeping.root, "a sleeping component"));
    sb_i32(&w->out, snapshot_writer_body_id(w, body->sleeping.next, "a sleeping component"));
}

static void write_shape(writer *w, cpShape *shape) {
    const cpShapeClass *klass = shape->klass;
    int type = klass == w->probe->shapeClass[CP_CIRCLE_SHAPE] ? 0 : klass == w->probe->shapeClass[CP_SEGMENT_SHAPE] ? 1
             : klass == w->probe->shapeClass[CP_POLY_SHAPE] ? 2 : -1;
    if (type < 0) { FAIL(w, "a shape is of a class the copier does not know"); return; }
    if (shape->space != w->space) FAIL(w, "a listed shape is not in the space");
    sb_u8(&w->out, (uint8_t)type);
    sb_i32(&w->out, snapshot_writer_body_id(w, shape->body, "a shape"));
    put_range(&w->out, shape, offsetof(cpShape, massInfo), offsetof(cpShape, sensor));
    sb_u8(&w->out, shape->sensor);
    put_range(&w->out, shape, offsetof(cpShape, e), offsetof(cpShape, userData));
    sb_u64(&w->out, (uint64_t)shape->type);
    sb_u64(&w->out, (uint64_t)shape->filter.group);
    sb_u32(&w->out, shape->filter.categories);
    sb_u32(&w->out, shape->filter.mask);
    sb_u64(&w->out, (uint64_t)shape->hashid);
    const cratebox_shape_tag *tag = shape->userData;
    sb_u8(&w->out, tag ? 1 : 0);
    sb_f64(&w->out, tag ? tag->oneWayX : 0);
    sb_f64(&w->out, tag ? tag->oneWayY : 0);
    switch (type) {
    case 0: put_range(&w->out, shape, sizeof(cpShape), sizeof(cpCircleShape)); break;
    case 1: put_range(&w->out, shape, sizeof(cpShape), sizeof(cpSegmentShape)); break;
    default: {
        cpPolyShape *poly = (cpPolyShape *)shape;
        sb_f64(&w->out, poly->r);
        sb_i32(&w->out, poly->count);
        sb_put(&w->out, poly->planes, 2 * (size_t)poly->count * sizeof(struct cpSplittingPlane));
    }
    }
}

static int joint_kind(writer *w, cpConstraint *joint) {
    for (int i = 0; i < JOINT_KINDS; i++) if (joint->klass == w->probe->jointClass[i]) return i;
    return -1;
}

static void write_joint(writer *w, cpConstraint *joint) {
    int kind = joint_kind(w, joint);
    if (kind < 0) { FAIL(w, "a joint is of a class the copier does not know"); return; }
    if (joint->space && joint->space != w->space) FAIL(w, "a joint is in another space");
    // A scene script's functions are written as Chipmunk's own (or none): the joint's owner sets them again.
    if (joint->preSolve && (void *)joint->preSolve != w->probe->scriptJoint[2]) FAIL(w, "a joint has a pre-solve function");
    int breakable = joint->postSolve && (void *)joint->postSolve == w->probe->breakable;
    if (joint->postSolve && !breakable && (void *)joint->postSolve != w->probe->scriptJoint[3]) FAIL(w, "a joint has a post-solve function the copier does not know");
    sb_u8(&w->out, (uint8_t)kind);
    sb_i32(&w->out, snapshot_writer_body_id(w, joint->a, "a joint"));
    sb_i32(&w->out, snapshot_writer_body_id(w, joint->b, "a joint"));
    sb_u8(&w->out, joint->space ? 1 : 0);
    put_range(&w->out, joint, offsetof(cpConstraint, maxForce), offsetof(cpConstraint, collideBodies));
    sb_u8(&w->out, joint->collideBodies);
    sb_u8(&w->out, breakable ? 1 : 0);
    const cratebox_joint_tag *tag = joint->userData;
    sb_u8(&w->out, tag ? 1 : 0);
    sb_f64(&w->out, tag ? tag->breakForce : 0);
    // The class's own fields are numbers but for the springs' functions, written as tags.
    uint8_t tail[sizeof(cpGrooveJoint)];
    size_t size = w->probe->jointSize[kind];
    memcpy(tail, joint, size);
    if (kind == 4) {
        cpDampedSpring *spring = (cpDampedSpring *)tail;
        if (spring->springForceFunc != w->probe->springForce && (void *)spring->springForceFunc != w->probe->scriptJoint[0]) FAIL(w, "a spring has its own force function");
        spring->springForceFunc = NULL;
    } else if (kind == 5) {
        cpDampedRotarySpring *spring = (cpDampedRotarySpring *)tail;
        if (spring->springTorqueFunc != w->probe->springTorque && (void *)spring->springTorqueFunc != w->probe->scriptJoint[1]) FAIL(w, "a rotary spring has its own torque function");
        spring->springTorqueFunc = NULL;
    }
    sb_put(&w->out, tail + sizeof(cpConstraint), size - sizeof(cpConstraint));
}

static int handler_ref(writer *w, const cpCollisionHandler *handler, cpCollisionHandler **handlers, int count) {
    if (!handler) return 0;
    if (handler == &w->space->defaultHandler) return 1;
    if (handler == &cpCollisionHandlerDoNothing) return 2;
    for (int i = 0; i < count; i++) if (handlers[i] == handler) return 3 + i;
    FAIL(w, "an arbiter has a collision handler the space does not hold");
    return 0;
}

static void write_handler(writer *w, const cpCollisionHandler *h) {
    sb_u64(&w->out, (uint64_t)h->typeA);
    sb_u64(&w->out, (uint64_t)h->typeB);
    void *funcs[4] = {(void *)h->beginFunc, (void *)h->preSolveFunc, (void *)h->postSolveFunc, (void *)h->separateFunc};
    for (int i = 0; i < 4; i++) {
        int tag = snapshot_handler_tag(w->probe, funcs[i]);
        if (tag < 0) FAIL(w, "a collision handler has a callback the copier does not know");
        sb_u8(&w->out, (uint8_t)(tag < 0 ? 0 : tag));
    }
    if (h->userData) FAIL(w, "a collision handler has user data");
}

static void collect_handler(void *elt, void *data) {
    cpCollisionHandler ***cursor = data;
    *(*cursor)++ = elt;
}

static int compare_handlers(const void *x, const void *y) {
    const cpCollisionHandler *a = *(cpCollisionHandler *const *)x, *b = *(cpCollisionHandler *const *)y;
    if (a->typeA != b->typeA) return a->typeA < b->typeA ? -1 : 1;
    if (a->typeB != b->typeB) return a->typeB < b->typeB ? -1 : 1;
    return 0;
}

typedef struct cached_entry { cpArbiter *arb; int32_t a, b; } cached_entry;
typedef struct cached_list { writer *w; cached_entry *items; int count; } cached_list;

static void collect_cached(void *elt, void *data) {
    cached_list *list = data;
    cpArbiter *arb = elt;
    list->items[list->count++] = (cached_entry){arb, snapshot_writer_shape_id(list->w, arb->a, "the cached arbiters"), snapshot_writer_shape_id(list->w, arb->b, "the cached arbiters")};
}

static int compare_cached(const void *x, const void *y) {
    const cached_entry *a = x, *b = y;
    if (a->a != b->a) return a->a < b->a ? -1 : 1;
    return (a->b > b->b) - (a->b < b->b);
}

static int compare_buffers(const void *x, const void *y) {
    uintptr_t a = (uintptr_t) * (void *const *)x, b = (uintptr_t) * (void *const *)y;
    return (a > b) - (a < b);
}

// Which ring buffer holds `contacts` (binary search over the buffers sorted by address).
static cpContactBuffer *ring_buffer_of(cpContactBuffer **sorted, int count, const struct cpContact *contacts) {
    int lo = 0, hi = count - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        const cpContactBuffer *b = sorted[mid];
        if ((const void *)contacts < (const void *)b->contacts) hi = mid - 1;
        else if ((const void *)contacts >= (const void *)(b->contacts + CP_CONTACTS_BUFFER_SIZE)) lo = mid + 1;
        else return (cpContactBuffer *)b;
    }
    return NULL;
}

static void write_arbiter(writer *w, cpArbiter *arb, cpContactBuffer **sorted, int bufferCount,
                          cpCollisionHandler **handlers, int handlerCount, int inCache) {
    if (arb->data) FAIL(w, "an arbiter has user data");
    put_range(&w->out, arb, offsetof(cpArbiter, e), offsetof(cpArbiter, data));
    sb_i32(&w->out, snapshot_writer_shape_id(w, arb->a, "an arbiter"));
    sb_i32(&w->out, snapshot_writer_shape_id(w, arb->b, "an arbiter"));
    if (arb->body_a != arb->a->body || arb->body_b != arb->b->body) FAIL(w, "an arbiter's bodies are not its shapes' bodies");
    sb_i32(&w->out, arb->count);
    int32_t buffer = -1, offset = 0;
    uint8_t kind = 0;
    if (arb->contacts) {
        cpContactBuffer *b = ring_buffer_of(sorted, bufferCount, arb->contacts);
        if (b) {
            kind = 1;
            buffer = pmap_get(&w->buffers, b);
            offset = (int32_t)(arb->contacts - b->contacts);
            // A cached arbiter that did not collide this step may point past its
            // buffer's count, at slots a recycled buffer has not reached yet (or
            // has written over): Chipmunk reads them if the pair touches again
            // (cpArbiterUpdate), so they are written as they are.
            if (offset + arb->count > (int32_t)CP_CONTACTS_BUFFER_SIZE) FAIL(w, "an arbiter's contacts run past its buffer");
        } else {
            kind = 2;  // a sleeping arbiter's own copy of its contacts
        }
    }
    sb_u8(&w->out, kind);
    sb_i32(&w->out, buffer);
    sb_i32(&w->out, offset);
    sb_f64(&w->out, arb->n.x);
    sb_f64(&w->out, arb->n.y);
    sb_u8(&w->out, (uint8_t)handler_ref(w, arb->handler, handlers, handlerCount));
    sb_u8(&w->out, (uint8_t)handler_ref(w, arb->handlerA, handlers, handlerCount));
    sb_u8(&w->out, (uint8_t)handler_ref(w, arb->handlerB, handlers, handlerCount));
    sb_u8(&w->out, arb->swapped);
    sb_u32(&w->out, arb->stamp);
    sb_u32(&w->out, (uint32_t)arb->state);
    sb_u8(&w->out, (uint8_t)inCache);
    if (kind == 1) sb_put(&w->out, arb->contacts, (size_t)arb->count * sizeof(struct cpContact));
    if (kind == 2) {
        // A sleeping body's arbiter copied its contacts from the step's fresh
        // buffer before that step's pre-step wrote their masses, bounce and
        // biases: those five are whatever a recycled buffer held (a world read
        // back holds other leftovers), and Chipmunk writes them again before it
        // reads them (cpArbiterPreStep, once the body wakes). Written as zeros,
        // a live world and one read back give the same bytes.
        for (int i = 0; i < arb->count; i++) {
            struct cpContact c = arb->contacts[i];
            c.nMass = c.tMass = c.bounce = c.jBias = c.bias = 0;
            sb_put(&w->out, &c, sizeof c);
        }
    }
}


// Whether the space can be written now, and with which index; NULL when it can.
static const char *writable(cpSpace *space, const snapshot_probe *probe, int *hashed) {
    if (space->locked || space->skipPostStep) return "the space is inside a step";
    if (space->rousedBodies->num || space->postStepCallbacks->num || cratebox_broken_pending(space)) return "the space has work left from its last step";
    if (space->staticBody != &space->_staticBody) return "the space's static body is not its own";
    int tree = space->dynamicShapes->klass == probe->bbtreeClass && space->staticShapes->klass == probe->bbtreeClass;
    *hashed = space->dynamicShapes->klass == probe->spaceHashClass && space->staticShapes->klass == probe->spaceHashClass;
    if (!tree && !*hashed) return "the space's spatial index is of a kind the copier does not know";
    return NULL;
}

// What the write collects before it writes, and frees after.
typedef struct gathered {
    cpBody *const *bodies;
    int nb, ns, nj;
    cached_list cached;               // the cached set's arbiters, sorted
    cpContactBuffer **buffers;        // the contact ring, sorted by address
    int32_t bufferCount;
    cpCollisionHandler **handlers;    // sorted by their types
    int handlerCount;
} gathered;

// The address maps: the static body is body 0, the caller's bodies 1...nb.
static void map_objects(writer *w, cpShape *const *shapes, cpConstraint *const *joints, gathered *g) {
    cpSpace *space = w->space;
    size_t cached = cpHashSetCount(space->cachedArbiters), ns = (size_t)g->ns;
    if (!pmap_init(&w->bodies, (size_t)g->nb + 1) || !pmap_init(&w->shapes, ns) || !pmap_init(&w->joints, (size_t)g->nj) ||
        !pmap_init(&w->arbiters, cached + (size_t)space->arbiters->num + 64) || !pmap_init(&w->nodes, 4 * ns) ||
        !pmap_init(&w->pairs, 8 * ns) || !pmap_init(&w->handles, 1) || !pmap_init(&w->buffers, 64)) {
        FAIL(w, "out of memory");
        return;
    }
    pmap_put(&w->bodies, &space->_staticBody, 0);
    for (int i = 0; i < g->nb; i++) pmap_put(&w->bodies, g->bodies[i], i + 1);
    for (int i = 0; i < g->ns; i++) pmap_put(&w->shapes, shapes[i], i);
    for (int i = 0; i < g->nj; i++) pmap_put(&w->joints, joints[i], i);
}

// The arbiters: this step's, then each body's threads, then the cached
// set's others, sorted by their shapes (the set is keyed by addresses).
static void gather_arbiters(writer *w, gathered *g) {
    cpSpace *space = w->space;
    for (int i = 0; i < space->arbiters->num; i++) add_arbiter(w, space->arbiters->arr[i]);
    for (int32_t id = 0; id <= g->nb; id++)
        for (cpArbiter *arb = body_at(w, g->bodies, id)->arbiterList; arb && !w->error; arb = cpArbiterNext(arb, body_at(w, g->bodies, id)))
            add_arbiter(w, arb);
    g->cached = (cached_list){w, malloc((cpHashSetCount(space->cachedArbiters) + 1) * sizeof(cached_entry)), 0};
    if (!g->cached.items) { FAIL(w, "out of memory"); return; }
    cpHashSetEach(space->cachedArbiters, collect_cached, &g->cached);
    qsort(g->cached.items, (size_t)g->cached.count, sizeof(cached_entry), compare_cached);
    for (int i = 0; i < g->cached.count; i++) add_arbiter(w, g->cached.items[i].arb);
}

// The contact ring, from its head (numbered in ring order), and the handlers.
static void gather_buffers_and_handlers(writer *w, gathered *g) {
    cpSpace *space = w->space;
    if (space->contactBuffersHead) {
        cpContactBufferHeader *b = space->contactBuffersHead;
        do { g->bufferCount++; b = b->next; } while (b != space->contactBuffersHead && g->bufferCount < (1 << 24));
        g->buffers = malloc((size_t)g->bufferCount * sizeof *g->buffers);
        if (!g->buffers) { FAIL(w, "out of memory"); return; }
        b = space->contactBuffersHead;
        for (int32_t i = 0; i < g->bufferCount; i++, b = b->next) {
            pmap_put(&w->buffers, b, i);
            g->buffers[i] = (cpContactBuffer *)b;
        }
        qsort(g->buffers, (size_t)g->bufferCount, sizeof *g->buffers, compare_buffers);
    }
    g->handlerCount = (int)cpHashSetCount(space->collisionHandlers);
    g->handlers = malloc((size_t)(g->handlerCount + 1) * sizeof *g->handlers);
    cpCollisionHandler **cursor = g->handlers;
    if (!g->handlers) { FAIL(w, "out of memory"); return; }
    cpHashSetEach(space->collisionHandlers, collect_handler, &cursor);
    qsort(g->handlers, (size_t)g->handlerCount, sizeof *g->handlers, compare_handlers);
}

// The counts, the space's own numbers and its handlers.
static void write_space(writer *w, const gathered *g, int hashed) {
    cpSpace *space = w->space;
    sbuf *o = &w->out;
    sb_put(o, SNAPSHOT_MAGIC, 8);
    sb_i32(o, g->nb);
    sb_i32(o, g->ns);
    sb_i32(o, g->nj);
    sb_i32(o, w->arbCount);
    sb_i32(o, g->bufferCount);
    sb_u8(o, hashed ? 1 : 0);
    sb_i32(o, space->iterations);
    put_range(o, space, offsetof(cpSpace, gravity), offsetof(cpSpace, collisionPersistence));
    sb_u32(o, space->collisionPersistence);
    sb_u32(o, space->stamp);
    sb_f64(o, space->curr_dt);
    sb_u64(o, (uint64_t)space->shapeIDCounter);
    sb_u8(o, space->usesWildcards);
    write_handler(w, &space->defaultHandler);
    sb_i32(o, g->handlerCount);
    for (int i = 0; i < g->handlerCount; i++) write_handler(w, g->handlers[i]);
}

// The objects: bodies, shapes, joints, the ring's buffers, the arbiters
// (each marked when it is in the cached set).
static void write_objects(writer *w, cpShape *const *shapes, cpConstraint *const *joints, const gathered *g) {
    sbuf *o = &w->out;
    for (int32_t id = 0; id <= g->nb; id++) write_body(w, body_at(w, g->bodies, id));
    for (int i = 0; i < g->ns; i++) write_shape(w, shapes[i]);
    for (int i = 0; i < g->nj; i++) write_joint(w, joints[i]);
    if (g->bufferCount) {
        cpContactBufferHeader *b = w->space->contactBuffersHead;
        for (int32_t i = 0; i < g->bufferCount; i++, b = b->next) {
            sb_u32(o, b->stamp);
            sb_u32(o, b->numContacts);
        }
    }
    uint8_t *inCache = calloc((size_t)w->arbCount + 1, 1);
    if (!inCache) FAIL(w, "out of memory");
    for (int i = 0; i < g->cached.count && inCache; i++) inCache[pmap_get(&w->arbiters, g->cached.items[i].arb)] = 1;
    for (int i = 0; i < w->arbCount && inCache; i++)
        write_arbiter(w, w->arbList[i], g->buffers, g->bufferCount, g->handlers, g->handlerCount, inCache[i]);
    free(inCache);
}

// Each body's lists, in order: its shapes, its joints, its arbiters.
static void write_body_lists(writer *w, const gathered *g) {
    sbuf *o = &w->out;
    for (int32_t id = 0; id <= g->nb; id++) {
        cpBody *body = body_at(w, g->bodies, id);
        int32_t n = 0;
        for (cpShape *s = body->shapeList; s; s = s->next) n++;
        sb_i32(o, n);
        for (cpShape *s = body->shapeList; s; s = s->next) sb_i32(o, snapshot_writer_shape_id(w, s, "a body's shape list"));
        n = 0;
        for (cpConstraint *c = body->constraintList; c; c = cpConstraintNext(c, body)) n++;
        sb_i32(o, n);
        for (cpConstraint *c = body->constraintList; c; c = cpConstraintNext(c, body)) sb_i32(o, snapshot_writer_joint_id(w, c, "a body's joint list"));
        n = 0;
        for (cpArbiter *a = body->arbiterList; a; a = cpArbiterNext(a, body)) n++;
        sb_i32(o, n);
        for (cpArbiter *a = body->arbiterList; a; a = cpArbiterNext(a, body)) sb_i32(o, snapshot_writer_arbiter_id(w, a));
    }
}

const char *cratebox_snapshot_write(cpSpace *space, cpBody *const *bodies, int nb, cpShape *const *shapes, int ns,
                                    cpConstraint *const *joints, int nj, cratebox_snapshot_bytes *out) {
    out->data = NULL;
    out->count = 0;
    const char *problem = NULL;
    const snapshot_probe *probe = snapshot_probe_get(&problem);
    if (!probe) return problem;
    int hashed = 0;
    if ((problem = writable(space, probe, &hashed))) return problem;

    static _Thread_local writer w;
    memset(&w, 0, sizeof w);
    w.probe = probe;
    w.space = space;
    gathered g = {bodies, nb, ns, nj, {&w, NULL, 0}, NULL, 0, NULL, 0};
    map_objects(&w, shapes, joints, &g);
    if (!w.error) gather_arbiters(&w, &g);
    if (!w.error) gather_buffers_and_handlers(&w, &g);
    if (!w.error) {
        write_space(&w, &g, hashed);
        write_objects(&w, shapes, joints, &g);
        write_body_lists(&w, &g);
        snapshot_write_arrays_and_indexes(&w, hashed);
        if (w.out.oom) FAIL(&w, "out of memory");
    }
    free(g.cached.items);
    free(g.buffers);
    free(g.handlers);
    pmap_free(&w.bodies); pmap_free(&w.shapes); pmap_free(&w.joints); pmap_free(&w.arbiters);
    pmap_free(&w.nodes); pmap_free(&w.pairs); pmap_free(&w.handles); pmap_free(&w.buffers);
    free(w.arbList);
    free(w.pairList);
    if (w.error) {
        free(w.out.data);
        return w.error;
    }
    out->data = w.out.data;
    out->count = w.out.len;
    return NULL;
}
