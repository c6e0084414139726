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

#include <stdio.h>

typedef struct writer {
    sbuf out;
    const snapshot_probe *probe;
    cpSpace *space;
    pmap bodies, shapes, joints, arbiters, nodes, pairs, handles, buffers;
    void **arbList;   // cpArbiter *, in id order
    int32_t arbCount, arbCap;
    void **pairList;  // Pair *, in id order
    int32_t pairCount, pairCap;
    const char *error;
    char message[200];
} writer;

#define FAIL(w, ...) do { if (!(w)->error) { snprintf((w)->message, sizeof (w)->message, __VA_ARGS__); (w)->error = (w)->message; } } while (0)

static int32_t body_id(writer *w, const cpBody *body, const char *where) {
    if (!body) return -1;
    int32_t id = pmap_get(&w->bodies, body);
    if (id < 0) FAIL(w, "%s holds a body that is not in the space", where);
    return id;
}

static int32_t shape_id(writer *w, const cpShape *shape, const char *where) {
    if (!shape) return -1;
    int32_t id = pmap_get(&w->shapes, shape);
    if (id < 0) FAIL(w, "%s holds a shape that is not in the space", where);
    return id;
}

static int32_t joint_id(writer *w, const cpConstraint *joint, const char *where) {
    if (!joint) return -1;
    int32_t id = pmap_get(&w->joints, joint);
    if (id < 0) FAIL(w, "%s holds a joint cratebox does not know", where);
    return id;
}

static int32_t arbiter_id(writer *w, const cpArbiter *arb) {
    if (!arb) return -1;
    int32_t id = pmap_get(&w->arbiters, arb);
    if (id < 0) FAIL(w, "an arbiter is not where the space keeps them");
    return id;
}

// Gives `item` the next id (its place in `items`) unless it has one: the one
// way arbiters, pairs and handles are numbered, as first met.
static void add_unique(writer *w, pmap *ids, void ***items, int32_t *count, int32_t *cap, void *item) {
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

static void add_arbiter(writer *w, cpArbiter *arb) { add_unique(w, &w->arbiters, &w->arbList, &w->arbCount, &w->arbCap, arb); }

static cpBody *body_at(writer *w, cpBody *const *bodies, int32_t id) { return id == 0 ? &w->space->_staticBody : bodies[id - 1]; }

static void put_range(sbuf *b, const void *object, size_t from, size_t to) { sb_put(b, (const uint8_t *)object + from, to - from); }

static void write_body(writer *w, cpBody *body) {
    if (body->velocity_func != cpBodyUpdateVelocity || body->position_func != cpBodyUpdatePosition)
        FAIL(w, "a body has its own velocity or position function");
    if (body->userData) FAIL(w, "a body has user data");
    if (body->space != w->space) FAIL(w, "a listed body is not in the space");
    put_range(&w->out, body, offsetof(cpBody, m), offsetof(cpBody, userData));
    put_range(&w->out, body, offsetof(cpBody, v_bias), offsetof(cpBody, space));
    sb_f64(&w->out, body->sleeping.idleTime);
    sb_i32(&w->out, body_id(w, body->sleeping.root, "a sleeping component"));
    sb_i32(&w->out, body_id(w, body->sleeping.next, "a sleeping component"));
}

static void write_shape(writer *w, cpShape *shape) {
    const cpShapeClass *klass = shape->klass;
    int type = klass == w->probe->shapeClass[CP_CIRCLE_SHAPE] ? 0 : klass == w->probe->shapeClass[CP_SEGMENT_SHAPE] ? 1
             : klass == w->probe->shapeClass[CP_POLY_SHAPE] ? 2 : -1;
    if (type < 0) { FAIL(w, "a shape is of a class the copier does not know"); return; }
    if (shape->space != w->space) FAIL(w, "a listed shape is not in the space");
    sb_u8(&w->out, (uint8_t)type);
    sb_i32(&w->out, body_id(w, shape->body, "a shape"));
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
    if (joint->preSolve) FAIL(w, "a joint has a pre-solve function");
    if (joint->postSolve && (void *)joint->postSolve != w->probe->breakable) FAIL(w, "a joint has a post-solve function the copier does not know");
    sb_u8(&w->out, (uint8_t)kind);
    sb_i32(&w->out, body_id(w, joint->a, "a joint"));
    sb_i32(&w->out, body_id(w, joint->b, "a joint"));
    sb_u8(&w->out, joint->space ? 1 : 0);
    put_range(&w->out, joint, offsetof(cpConstraint, maxForce), offsetof(cpConstraint, collideBodies));
    sb_u8(&w->out, joint->collideBodies);
    sb_u8(&w->out, joint->postSolve ? 1 : 0);
    const cratebox_joint_tag *tag = joint->userData;
    sb_u8(&w->out, tag ? 1 : 0);
    sb_f64(&w->out, tag ? tag->breakForce : 0);
    // The class's own fields are numbers but for the springs' functions, written as tags.
    uint8_t tail[sizeof(cpGrooveJoint)];
    size_t size = w->probe->jointSize[kind];
    memcpy(tail, joint, size);
    if (kind == 4) {
        cpDampedSpring *spring = (cpDampedSpring *)tail;
        if (spring->springForceFunc != w->probe->springForce) FAIL(w, "a spring has its own force function");
        spring->springForceFunc = NULL;
    } else if (kind == 5) {
        cpDampedRotarySpring *spring = (cpDampedRotarySpring *)tail;
        if (spring->springTorqueFunc != w->probe->springTorque) FAIL(w, "a rotary spring has its own torque function");
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
    list->items[list->count++] = (cached_entry){arb, shape_id(list->w, arb->a, "the cached arbiters"), shape_id(list->w, arb->b, "the cached arbiters")};
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
    sb_i32(&w->out, shape_id(w, arb->a, "an arbiter"));
    sb_i32(&w->out, shape_id(w, arb->b, "an arbiter"));
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
    if (kind) sb_put(&w->out, arb->contacts, (size_t)arb->count * sizeof(struct cpContact));
}

static void write_id_array(writer *w, cpArray *array, int32_t (*id)(writer *, const void *)) {
    sb_i32(&w->out, array->num);
    for (int i = 0; i < array->num; i++) sb_i32(&w->out, id(w, array->arr[i]));
}

static int32_t any_body(writer *w, const void *p) { return body_id(w, p, "the space's body arrays"); }
static int32_t any_joint(writer *w, const void *p) { return joint_id(w, p, "the space's joints"); }
static int32_t any_arbiter(writer *w, const void *p) { return arbiter_id(w, p); }

// Writes a hash set's size and, bin by bin, each chain's elements as ids (less `base`).
static void write_set(writer *w, cpHashSet *set, const pmap *ids, int32_t base) {
    sb_u32(&w->out, set->size);
    sb_u32(&w->out, set->entries);
    for (unsigned i = 0; i < set->size; i++) {
        int32_t n = 0;
        for (cpHashSetBin *bin = set->table[i]; bin; bin = bin->next) n++;
        sb_i32(&w->out, n);
        for (cpHashSetBin *bin = set->table[i]; bin; bin = bin->next) {
            int32_t id = pmap_get(ids, bin->elt);
            if (id < 0) FAIL(w, "a spatial index's set holds what its index does not");
            const cpShape *shape = *(void *const *)bin->elt;  // a leaf's or a handle's first field is its shape
            if (!shape || bin->hash != shape->hashid) FAIL(w, "a spatial index's set is keyed by something but shape ids");
            sb_i32(&w->out, id - base);
        }
    }
}

// --- cpBBTree: nodes in preorder (both trees numbered together), then pairs.

typedef struct node_stack { Node **items; int count, cap; } node_stack;

static int push_node(node_stack *s, Node *node) {
    if (s->count == s->cap) {
        int cap = s->cap ? 2 * s->cap : 64;
        Node **grown = realloc(s->items, (size_t)cap * sizeof *grown);
        if (!grown) return 0;
        s->items = grown;
        s->cap = cap;
    }
    s->items[s->count++] = node;
    return 1;
}

// Numbers a tree's nodes in preorder from `first`; returns how many.
static int32_t number_tree(writer *w, Node *root, int32_t first, node_stack *order) {
    node_stack stack = {0};
    int32_t n = 0;
    if (root && !push_node(&stack, root)) FAIL(w, "out of memory");
    while (stack.count > 0 && !w->error) {
        Node *node = stack.items[--stack.count];
        pmap_put(&w->nodes, node, first + n++);
        if (!push_node(order, node)) { FAIL(w, "out of memory"); break; }
        if (!node->obj) {
            if (!push_node(&stack, node->node.children.b) || !push_node(&stack, node->node.children.a)) FAIL(w, "out of memory");
        }
    }
    free(stack.items);
    return n;
}

static Pair *next_pair(Pair *pair, Node *leaf) { return pair->a.leaf == leaf ? pair->a.next : pair->b.next; }

static void add_pair(writer *w, Pair *pair) { add_unique(w, &w->pairs, &w->pairList, &w->pairCount, &w->pairCap, pair); }

static void write_trees(writer *w, struct cpBBTree *trees[2]) {
    node_stack order = {0};
    int32_t counts[2], total = 0;
    for (int t = 0; t < 2; t++) {
        counts[t] = number_tree(w, trees[t]->root, total, &order);
        total += counts[t];
    }
    for (int t = 0, at = 0; t < 2; t++) {
        sb_u8(&w->out, trees[t]->velocityFunc ? 1 : 0);
        if (trees[t]->velocityFunc && trees[t]->velocityFunc != w->probe->shapeVelocity) FAIL(w, "a tree has a velocity function the copier does not know");
        if (trees[t]->spatialIndex.bbfunc != (cpSpatialIndexBBFunc)cpShapeGetBB) FAIL(w, "a tree has its own bounding box function");
        sb_u32(&w->out, trees[t]->stamp);
        sb_i32(&w->out, counts[t]);
        for (int32_t i = 0; i < counts[t]; i++, at++) {
            Node *node = order.items[at];
            sb_u8(&w->out, node->obj ? 1 : 0);
            sb_put(&w->out, &node->bb, sizeof node->bb);
            if (node->obj) {
                sb_i32(&w->out, shape_id(w, node->obj, "a tree leaf"));
                sb_u32(&w->out, node->node.leaf.stamp);
                for (Pair *pair = node->node.leaf.pairs; pair && !w->error; pair = next_pair(pair, node)) add_pair(w, pair);
            }
        }
    }
    sb_i32(&w->out, w->pairCount);
    for (int i = 0; i < w->pairCount; i++) {
        Pair *pair = w->pairList[i];
        int32_t a = pmap_get(&w->nodes, pair->a.leaf), b = pmap_get(&w->nodes, pair->b.leaf);
        if (a < 0 || b < 0) FAIL(w, "a pair joins a leaf that is in no tree");
        sb_i32(&w->out, a);
        sb_i32(&w->out, b);
        sb_u32(&w->out, pair->id);
    }
    for (int32_t at = 0; at < total; at++) {
        Node *node = order.items[at];
        if (!node->obj) continue;
        int32_t n = 0;
        for (Pair *pair = node->node.leaf.pairs; pair; pair = next_pair(pair, node)) n++;
        sb_i32(&w->out, n);
        for (Pair *pair = node->node.leaf.pairs; pair; pair = next_pair(pair, node)) sb_i32(&w->out, pmap_get(&w->pairs, pair));
    }
    for (int t = 0; t < 2; t++) write_set(w, trees[t]->leaves, &w->nodes, t == 0 ? 0 : counts[0]);
    free(order.items);
}

// --- cpSpaceHash: handles as first met (the set, then the cells), the set, the cells.

static void write_space_hash(writer *w, struct cpSpaceHash *hash) {
    if (hash->spatialIndex.bbfunc != (cpSpatialIndexBBFunc)cpShapeGetBB) FAIL(w, "a spatial hash has its own bounding box function");
    // Handles as first met: the handle set's, then the cells' (which may hold
    // orphans: handles of shapes removed since).
    pmap_free(&w->handles);
    if (!pmap_init(&w->handles, hash->handleSet->entries)) { FAIL(w, "out of memory"); return; }
    void **list = NULL;
    int32_t count = 0, cap = 0;
    for (unsigned i = 0; i < hash->handleSet->size; i++)
        for (cpHashSetBin *bin = hash->handleSet->table[i]; bin; bin = bin->next) add_unique(w, &w->handles, &list, &count, &cap, bin->elt);
    for (int c = 0; c < hash->numcells; c++)
        for (cpSpaceHashBin *bin = hash->table[c]; bin; bin = bin->next) add_unique(w, &w->handles, &list, &count, &cap, bin->handle);
    sb_f64(&w->out, hash->celldim);
    sb_i32(&w->out, hash->numcells);
    sb_u32(&w->out, hash->stamp);
    sb_i32(&w->out, count);
    for (int32_t i = 0; i < count; i++) {
        cpHandle *hand = list[i];  // the list holds handles
        sb_i32(&w->out, hand->obj ? shape_id(w, hand->obj, "a spatial hash handle") : -1);
        sb_i32(&w->out, hand->retain);
        sb_u32(&w->out, hand->stamp);
    }
    write_set(w, hash->handleSet, &w->handles, 0);
    int32_t used = 0;
    for (int c = 0; c < hash->numcells; c++) if (hash->table[c]) used++;
    sb_i32(&w->out, used);
    for (int c = 0; c < hash->numcells; c++) {
        if (!hash->table[c]) continue;
        int32_t n = 0;
        for (cpSpaceHashBin *bin = hash->table[c]; bin; bin = bin->next) n++;
        sb_i32(&w->out, c);
        sb_i32(&w->out, n);
        for (cpSpaceHashBin *bin = hash->table[c]; bin; bin = bin->next) sb_i32(&w->out, pmap_get(&w->handles, bin->handle));
    }
    free(list);
}

const char *cratebox_snapshot_write(cpSpace *space, cpBody *const *bodies, int nb, cpShape *const *shapes, int ns,
                                    cpConstraint *const *joints, int nj, cratebox_snapshot_bytes *out) {
    out->data = NULL;
    out->count = 0;
    const char *probeError = NULL;
    const snapshot_probe *probe = snapshot_probe_get(&probeError);
    if (!probe) return probeError;
    if (space->locked || space->skipPostStep) return "the space is inside a step";
    if (space->rousedBodies->num || space->postStepCallbacks->num || cratebox_broken_pending(space)) return "the space has work left from its last step";
    if (space->staticBody != &space->_staticBody) return "the space's static body is not its own";
    int tree = space->dynamicShapes->klass == probe->bbtreeClass && space->staticShapes->klass == probe->bbtreeClass;
    int hashed = space->dynamicShapes->klass == probe->spaceHashClass && space->staticShapes->klass == probe->spaceHashClass;
    if (!tree && !hashed) return "the space's spatial index is of a kind the copier does not know";

    static _Thread_local writer w;
    memset(&w, 0, sizeof w);
    w.probe = probe;
    w.space = space;
    size_t cached = cpHashSetCount(space->cachedArbiters);
    if (!pmap_init(&w.bodies, (size_t)nb + 1) || !pmap_init(&w.shapes, (size_t)ns) || !pmap_init(&w.joints, (size_t)nj) ||
        !pmap_init(&w.arbiters, cached + (size_t)space->arbiters->num + 64) || !pmap_init(&w.nodes, 4 * (size_t)ns) ||
        !pmap_init(&w.pairs, 8 * (size_t)ns) || !pmap_init(&w.handles, 1) || !pmap_init(&w.buffers, 64)) {
        FAIL(&w, "out of memory");
        goto done;
    }
    pmap_put(&w.bodies, &space->_staticBody, 0);
    for (int i = 0; i < nb; i++) pmap_put(&w.bodies, bodies[i], i + 1);
    for (int i = 0; i < ns; i++) pmap_put(&w.shapes, shapes[i], i);
    for (int i = 0; i < nj; i++) pmap_put(&w.joints, joints[i], i);

    // The arbiters: this step's, then each body's threads, then the cached
    // set's others, sorted by their shapes (the set is keyed by addresses).
    for (int i = 0; i < space->arbiters->num; i++) add_arbiter(&w, space->arbiters->arr[i]);
    for (int32_t id = 0; id <= nb; id++)
        for (cpArbiter *arb = body_at(&w, bodies, id)->arbiterList; arb && !w.error; arb = cpArbiterNext(arb, body_at(&w, bodies, id)))
            add_arbiter(&w, arb);
    cached_list list = {&w, malloc((cached + 1) * sizeof(cached_entry)), 0};
    if (!list.items) { FAIL(&w, "out of memory"); goto done; }
    cpHashSetEach(space->cachedArbiters, collect_cached, &list);
    qsort(list.items, (size_t)list.count, sizeof(cached_entry), compare_cached);
    for (int i = 0; i < list.count; i++) add_arbiter(&w, list.items[i].arb);

    // The contact ring, from its head.
    int32_t bufferCount = 0;
    cpContactBuffer **sorted = NULL;
    if (space->contactBuffersHead) {
        cpContactBufferHeader *b = space->contactBuffersHead;
        do { bufferCount++; b = b->next; } while (b != space->contactBuffersHead && bufferCount < (1 << 24));
        sorted = malloc((size_t)bufferCount * sizeof *sorted);
        if (!sorted) { FAIL(&w, "out of memory"); free(list.items); goto done; }
        b = space->contactBuffersHead;
        for (int32_t i = 0; i < bufferCount; i++, b = b->next) {
            pmap_put(&w.buffers, b, i);
            sorted[i] = (cpContactBuffer *)b;
        }
        qsort(sorted, (size_t)bufferCount, sizeof *sorted, compare_buffers);
    }

    // The handlers, sorted by their types.
    int handlerCount = (int)cpHashSetCount(space->collisionHandlers);
    cpCollisionHandler **handlers = malloc((size_t)(handlerCount + 1) * sizeof *handlers), **cursor = handlers;
    if (!handlers) { FAIL(&w, "out of memory"); free(list.items); free(sorted); goto done; }
    cpHashSetEach(space->collisionHandlers, collect_handler, &cursor);
    qsort(handlers, (size_t)handlerCount, sizeof *handlers, compare_handlers);

    sbuf *o = &w.out;
    sb_put(o, SNAPSHOT_MAGIC, 8);
    sb_i32(o, nb);
    sb_i32(o, ns);
    sb_i32(o, nj);
    sb_i32(o, w.arbCount);
    sb_i32(o, bufferCount);
    sb_u8(o, hashed ? 1 : 0);
    // The space's own numbers.
    sb_i32(o, space->iterations);
    put_range(o, space, offsetof(cpSpace, gravity), offsetof(cpSpace, collisionPersistence));
    sb_u32(o, space->collisionPersistence);
    sb_u32(o, space->stamp);
    sb_f64(o, space->curr_dt);
    sb_u64(o, (uint64_t)space->shapeIDCounter);
    sb_u8(o, space->usesWildcards);
    write_handler(&w, &space->defaultHandler);
    sb_i32(o, handlerCount);
    for (int i = 0; i < handlerCount; i++) write_handler(&w, handlers[i]);
    // The objects.
    for (int32_t id = 0; id <= nb; id++) write_body(&w, body_at(&w, bodies, id));
    for (int i = 0; i < ns; i++) write_shape(&w, shapes[i]);
    for (int i = 0; i < nj; i++) write_joint(&w, joints[i]);
    if (bufferCount) {
        cpContactBufferHeader *b = space->contactBuffersHead;
        for (int32_t i = 0; i < bufferCount; i++, b = b->next) {
            sb_u32(o, b->stamp);
            sb_u32(o, b->numContacts);
        }
    }
    // Which arbiters are in the cached set: mark them by id.
    uint8_t *inCache = calloc((size_t)w.arbCount + 1, 1);
    if (!inCache) FAIL(&w, "out of memory");
    for (int i = 0; i < list.count && inCache; i++) inCache[pmap_get(&w.arbiters, list.items[i].arb)] = 1;
    for (int i = 0; i < w.arbCount && inCache; i++) write_arbiter(&w, w.arbList[i], sorted, bufferCount, handlers, handlerCount, inCache[i]);
    free(inCache);
    // Each body's lists, in order.
    for (int32_t id = 0; id <= nb; id++) {
        cpBody *body = body_at(&w, bodies, id);
        int32_t n = 0;
        for (cpShape *s = body->shapeList; s; s = s->next) n++;
        sb_i32(o, n);
        for (cpShape *s = body->shapeList; s; s = s->next) sb_i32(o, shape_id(&w, s, "a body's shape list"));
        n = 0;
        for (cpConstraint *c = body->constraintList; c; c = cpConstraintNext(c, body)) n++;
        sb_i32(o, n);
        for (cpConstraint *c = body->constraintList; c; c = cpConstraintNext(c, body)) sb_i32(o, joint_id(&w, c, "a body's joint list"));
        n = 0;
        for (cpArbiter *a = body->arbiterList; a; a = cpArbiterNext(a, body)) n++;
        sb_i32(o, n);
        for (cpArbiter *a = body->arbiterList; a; a = cpArbiterNext(a, body)) sb_i32(o, arbiter_id(&w, a));
    }
    // The space's arrays.
    write_id_array(&w, space->dynamicBodies, any_body);
    write_id_array(&w, space->staticBodies, any_body);
    write_id_array(&w, space->sleepingComponents, any_body);
    write_id_array(&w, space->constraints, any_joint);
    write_id_array(&w, space->arbiters, any_arbiter);
    sb_u32(o, space->cachedArbiters->size);
    // The spatial indexes: the dynamic one, then the static one.
    if (hashed) {
        write_space_hash(&w, (struct cpSpaceHash *)space->dynamicShapes);
        write_space_hash(&w, (struct cpSpaceHash *)space->staticShapes);
    } else {
        struct cpBBTree *trees[2] = {(struct cpBBTree *)space->dynamicShapes, (struct cpBBTree *)space->staticShapes};
        write_trees(&w, trees);
    }
    sb_put(o, SNAPSHOT_END, 8);
    free(list.items);
    free(sorted);
    free(handlers);
    if (o->oom) FAIL(&w, "out of memory");

done:
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
