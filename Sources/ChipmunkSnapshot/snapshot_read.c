// Reads what snapshot_write.c wrote (cratebox_snapshot_read), in two passes
// over the same code: the first only checks (every id in range, every list a
// true list, every tree a tree, every object where exactly one container says
// it is), so that bad bytes are refused with a reason before anything is
// made; the second builds the space. The second cannot fail but for memory.
#include "snapshot_internal.h"
#include "chipmunk_snapshot.h"
#include "chipmunk_callbacks.h"

#include <math.h>
#include <stdio.h>

typedef struct reader {
    const uint8_t *data;
    size_t len, pos;
    int build;
    const snapshot_probe *probe;
    const char *error;
    char message[200];
    int32_t nb, ns, nj, na, nbuf;
    uint8_t hashed;
    // What the checks need, filled by both passes.
    uint8_t *bodyType;  // cpBodyType by body id (0: the space's static body)
    int32_t *bodyRoot, *bodyNext, *shapeBody, *jointA, *jointB, *arbShapeA, *arbShapeB;
    uint8_t *jointInSpace, *arbInCache, *arbKind, *shapeIndexed;
    uint8_t *bodyWhere;  // by body id: 1 awake (dynamic or kinematic), 2 static, 3 a sleeping root, 4 asleep in a chain
    uint64_t *shapeHash, shapeIDCounter;
    int32_t handlerCount, indexBins[2];
    cpTransform *bodyTransform;  // derived (snapshot_derive_body), by body id
    cpBB *shapeBB;               // derived (snapshot_derive_shape), by shape id
    uint8_t *jointInArray, *arbInArray;
    uint8_t usesWildcards, *handlerKind;  // by handler: HANDLER_WILDCARD, HANDLER_CALLS_WILDCARDS
    uint8_t sleepOff;  // the space's sleep time is infinite: nothing sleeps
    // What the build pass makes.
    cpSpace *space;
    cpBody **bodies;
    cpShape **shapes;
    cpConstraint **joints;
    cpArbiter *arbiters;
    cpContactBuffer **buffers;
    cpCollisionHandler **handlers;
    Node *nodes;
    Pair *pairs;
} reader;

#define FAIL(r, ...) do { if (!(r)->error) { snprintf((r)->message, sizeof (r)->message, __VA_ARGS__); (r)->error = (r)->message; } } while (0)
#define B (r->build)

static void out_of_memory(void) {
    fputs("cratebox: out of memory restoring a space\n", stderr);
    abort();
}

static void *xcalloc(size_t n, size_t size) {
    void *p = calloc(n ? n : 1, size);
    if (!p) out_of_memory();
    return p;
}

static void get(reader *r, void *dst, size_t n) {
    if (r->error || n > r->len - r->pos) {
        FAIL(r, "the space's bytes end early (at byte %zu)", r->pos);
        memset(dst, 0, n);
        return;
    }
    memcpy(dst, r->data + r->pos, n);
    r->pos += n;
}

static uint8_t rd_u8(reader *r) { uint8_t v; get(r, &v, 1); return v; }
static int32_t rd_i32(reader *r) { int32_t v; get(r, &v, 4); return v; }
static uint32_t rd_u32(reader *r) { uint32_t v; get(r, &v, 4); return v; }
static uint64_t rd_u64(reader *r) { uint64_t v; get(r, &v, 8); return v; }
static double rd_f64(reader *r) { double v; get(r, &v, 8); return v; }
static void rd_range(reader *r, void *object, size_t from, size_t to) { get(r, (uint8_t *)object + from, to - from); }

// An id in 0..<count (or -1 when `nullable`); on a bad one, -1 and an error.
static int32_t rd_ref(reader *r, int32_t count, int nullable, const char *what) {
    int32_t v = rd_i32(r);
    if (r->error) return -1;
    if (v == -1 && nullable) return -1;
    if (v < 0 || v >= count) {
        FAIL(r, "%s names %d, not one of the %d there are (byte %zu)", what, v, count, r->pos - 4);
        return -1;
    }
    return v;
}

// A count that the bytes left could hold, `each` bytes at least apiece.
static int32_t rd_count(reader *r, size_t each, const char *what) {
    int32_t v = rd_i32(r);
    if (!r->error && (v < 0 || (size_t)v > (r->len - r->pos) / each)) {
        FAIL(r, "%s is %d, more than the bytes hold (byte %zu)", what, v, r->pos - 4);
        return 0;
    }
    return r->error ? 0 : v;
}

static cpBody *body_ptr(reader *r, int32_t id) { return (B && id >= 0) ? r->bodies[id] : NULL; }

// The callback tags (snapshot_probe.c) and what each of a handler's four
// slots may hold: Chipmunk's two callbacks for that slot (its do-nothing one
// and its default, which calls the arbiter's wildcard handlers) and, for
// pre-solve, cratebox's one-way platform. Anything else is a null or
// mismatched function pointer at the next contact.
enum { TAG_ALWAYS_COLLIDE = 1, TAG_DO_NOTHING = 2, TAG_DEFAULT_BEGIN = 3, TAG_ONE_WAY = 7 };
enum { HANDLER_WILDCARD = 1, HANDLER_CALLS_WILDCARDS = 2 };
static const uint8_t slotTags[4][3] = {
    {TAG_ALWAYS_COLLIDE, TAG_DEFAULT_BEGIN, 0},
    {TAG_ALWAYS_COLLIDE, TAG_DEFAULT_BEGIN + 1, TAG_ONE_WAY},
    {TAG_DO_NOTHING, TAG_DEFAULT_BEGIN + 2, 0},
    {TAG_DO_NOTHING, TAG_DEFAULT_BEGIN + 3, 0},
};

// Whether a handler's tags are ones a space's handler could hold: the space's
// default handler is Chipmunk's do-nothing one, or its default one once
// wildcards are in use; a wildcard handler (one type the wildcard) never
// calls the wildcard handlers (it would call itself, without end).
static int check_handler_tags(reader *r, const uint8_t tags[4], cpCollisionType a, cpCollisionType b, int isDefault) {
    int calls = 0, onlyDefaults = 1, onlyNothing = 1;
    for (int i = 0; i < 4; i++) {
        if (tags[i] != slotTags[i][0] && tags[i] != slotTags[i][1] && (tags[i] != slotTags[i][2] || !tags[i])) {
            FAIL(r, "a collision handler's callback tag %d is not one its slot %d can hold", tags[i], i);
            return 0;
        }
        calls |= tags[i] == slotTags[i][1];
        onlyDefaults &= tags[i] == slotTags[i][1];
        onlyNothing &= tags[i] == slotTags[i][0];
    }
    int wildcard = a == CP_WILDCARD_COLLISION_TYPE || b == CP_WILDCARD_COLLISION_TYPE;
    if (isDefault && (!wildcard || a != b || !(r->usesWildcards ? onlyDefaults : onlyNothing)))
        FAIL(r, "the space's default collision handler is not one Chipmunk makes");
    if (!isDefault && wildcard && calls) FAIL(r, "a wildcard collision handler calls the wildcard handlers (itself)");
    return (wildcard ? HANDLER_WILDCARD : 0) | (calls ? HANDLER_CALLS_WILDCARDS : 0);
}

// A handler's types are const in Chipmunk's struct: it is filled as bytes.
// Returns its HANDLER_ flags.
static int read_handler(reader *r, cpCollisionHandler *h, int isDefault) {
    cpCollisionType types[2] = {(cpCollisionType)rd_u64(r), (cpCollisionType)rd_u64(r)};
    memcpy((uint8_t *)h + offsetof(cpCollisionHandler, typeA), &types[0], sizeof types[0]);
    memcpy((uint8_t *)h + offsetof(cpCollisionHandler, typeB), &types[1], sizeof types[1]);
    void *funcs[4];
    uint8_t tags[4];
    for (int i = 0; i < 4; i++) {
        uint8_t tag = tags[i] = rd_u8(r);
        if (tag >= HANDLER_FUNCS) FAIL(r, "a collision handler's callback tag %d is unknown", tag);
        funcs[i] = r->probe->handlerFunc[tag < HANDLER_FUNCS ? tag : 0];
    }
    int kind = r->error ? 0 : check_handler_tags(r, tags, types[0], types[1], isDefault);
    h->beginFunc = (cpCollisionBeginFunc)funcs[0];
    h->preSolveFunc = (cpCollisionPreSolveFunc)funcs[1];
    h->postSolveFunc = (cpCollisionPostSolveFunc)funcs[2];
    h->separateFunc = (cpCollisionSeparateFunc)funcs[3];
    h->userData = NULL;
    return kind;
}

static void read_body(reader *r, int32_t id) {
    cpBody scratch, *body = B ? r->bodies[id] : &scratch;
    rd_range(r, body, offsetof(cpBody, m), offsetof(cpBody, userData));
    rd_range(r, body, offsetof(cpBody, v_bias), offsetof(cpBody, space));
    body->sleeping.idleTime = rd_f64(r);
    r->bodyRoot[id] = rd_ref(r, r->nb + 1, 1, "a body's sleeping component");
    r->bodyNext[id] = rd_ref(r, r->nb + 1, 1, "a body's sleeping component");
    r->bodyType[id] = body->sleeping.idleTime == INFINITY ? CP_BODY_TYPE_STATIC : body->m == INFINITY ? CP_BODY_TYPE_KINEMATIC : CP_BODY_TYPE_DYNAMIC;
    if (!B && id == 0 && r->bodyType[0] != CP_BODY_TYPE_STATIC) FAIL(r, "the space's own static body is not static");
    if (!B && r->bodyType[id] == CP_BODY_TYPE_DYNAMIC && !(body->m > 0 && body->i > 0))
        FAIL(r, "dynamic body %d has no mass or moment", id);
    const char *problem = B || r->error ? NULL : snapshot_check_body(body, (cpBodyType)r->bodyType[id]);
    if (problem) FAIL(r, "body %d: %s", id, problem);
    if (r->error) return;
    snapshot_derive_body(body, (cpBodyType)r->bodyType[id]);
    r->bodyTransform[id] = body->transform;
    if (!B) return;
    body->velocity_func = cpBodyUpdateVelocity;
    body->position_func = cpBodyUpdatePosition;
    body->userData = NULL;
    body->space = r->space;
    body->shapeList = NULL;
    body->arbiterList = NULL;
    body->constraintList = NULL;
    body->sleeping.root = body_ptr(r, r->bodyRoot[id]);
    body->sleeping.next = body_ptr(r, r->bodyNext[id]);
}

static void read_shape(reader *r, int32_t id, pmap *hashids) {
    uint8_t type = rd_u8(r);
    if (type > 2) { FAIL(r, "shape %d is of an unknown kind %d", id, type); return; }
    const size_t sizes[3] = {sizeof(cpCircleShape), sizeof(cpSegmentShape), sizeof(cpPolyShape)};
    cpPolyShape scratch;
    cpShape *shape = B ? xcalloc(1, sizes[type]) : (cpShape *)&scratch;
    if (B) r->shapes[id] = shape;
    r->shapeBody[id] = rd_ref(r, r->nb + 1, 0, "a shape's body");
    rd_range(r, shape, offsetof(cpShape, massInfo), offsetof(cpShape, sensor));
    shape->sensor = rd_u8(r);
    rd_range(r, shape, offsetof(cpShape, e), offsetof(cpShape, userData));
    shape->type = (cpCollisionType)rd_u64(r);
    shape->filter.group = (cpGroup)rd_u64(r);
    shape->filter.categories = rd_u32(r);
    shape->filter.mask = rd_u32(r);
    shape->hashid = (cpHashValue)rd_u64(r);
    r->shapeHash[id] = shape->hashid;
    uint8_t hasTag = rd_u8(r);
    double oneWayX = rd_f64(r), oneWayY = rd_f64(r);
    // Chipmunk numbers shapes from its counter up (cpSpaceAddShape): an id at or past it is not one it gave.
    if (!B && shape->hashid >= r->shapeIDCounter) FAIL(r, "shape %d's id %llu is not below the space's counter", id, (unsigned long long)shape->hashid);
    if (!B && !r->error) {
        if (pmap_get(hashids, (void *)(shape->hashid + 1)) >= 0) FAIL(r, "two shapes have the id %llu", (unsigned long long)shape->hashid);
        if (!pmap_put(hashids, (void *)(shape->hashid + 1), id)) FAIL(r, "out of memory");
    }
    int32_t count = 0;
    cpPolyShape *poly = (cpPolyShape *)shape;
    switch (type) {
    case 0: rd_range(r, shape, sizeof(cpShape), sizeof(cpCircleShape)); break;
    case 1: rd_range(r, shape, sizeof(cpShape), sizeof(cpSegmentShape)); break;
    default: {
        poly->r = rd_f64(r);
        count = rd_count(r, 2 * sizeof(struct cpSplittingPlane), "a polygon's vertex count");
        if (!r->error && count < 3) FAIL(r, "shape %d is a polygon of fewer than 3 vertices", id);
        poly->count = count;
        // The checking pass reads the planes too, into memory of its own: they are checked and derived from.
        poly->planes = count <= CP_POLY_SHAPE_INLINE_ALLOC ? poly->_planes : xcalloc(2 * (size_t)count, sizeof(struct cpSplittingPlane));
        get(r, poly->planes, 2 * (size_t)count * sizeof(struct cpSplittingPlane));
    }
    }
    const char *problem = B || r->error ? NULL : snapshot_check_shape(shape, type, type == 2 ? poly->planes + count : NULL, count);
    if (problem) FAIL(r, "shape %d: %s", id, problem);
    if (!r->error) {
        shape->klass = r->probe->shapeClass[type];
        snapshot_derive_shape(shape, type, r->bodyTransform[r->shapeBody[id]]);
        r->shapeBB[id] = shape->bb;
        problem = B ? NULL : snapshot_check_bb(shape->bb);
        if (!problem && !B) problem = snapshot_check_shape_place(shape->bb);
        if (problem) FAIL(r, "shape %d: %s", id, problem);
    }
    if (!B) {
        if (type == 2 && poly->planes != poly->_planes) free(poly->planes);
        return;
    }
    shape->klass = r->probe->shapeClass[type];
    shape->space = r->space;
    shape->body = r->bodies[r->shapeBody[id]];
    shape->next = shape->prev = NULL;
    if (hasTag) {
        cratebox_shape_tag *tag = cratebox_shape_tag_new(NULL);
        if (!tag) out_of_memory();
        tag->oneWayX = oneWayX;
        tag->oneWayY = oneWayY;
        shape->userData = tag;
    }
}

static void read_joint(reader *r, int32_t id) {
    uint8_t kind = rd_u8(r);
    if (kind >= JOINT_KINDS) { FAIL(r, "joint %d is of an unknown kind %d", id, kind); return; }
    size_t size = r->probe->jointSize[kind];
    uint8_t scratch[sizeof(cpGrooveJoint) + sizeof(cpPivotJoint)];
    cpConstraint *joint = B ? xcalloc(1, size) : (cpConstraint *)scratch;
    if (B) r->joints[id] = joint;
    r->jointA[id] = rd_ref(r, r->nb + 1, 0, "a joint's first body");
    r->jointB[id] = rd_ref(r, r->nb + 1, 0, "a joint's second body");
    if (!r->error && r->jointA[id] == r->jointB[id]) FAIL(r, "joint %d holds one body at both ends", id);
    // As cpSpaceAddConstraint requires: with no dynamic body its mass matrix is singular (an assertion in the step).
    if (!r->error && r->bodyType[r->jointA[id]] != CP_BODY_TYPE_DYNAMIC && r->bodyType[r->jointB[id]] != CP_BODY_TYPE_DYNAMIC)
        FAIL(r, "joint %d holds no dynamic body", id);
    r->jointInSpace[id] = rd_u8(r) ? 1 : 0;
    rd_range(r, joint, offsetof(cpConstraint, maxForce), offsetof(cpConstraint, collideBodies));
    joint->collideBodies = rd_u8(r);
    uint8_t breakable = rd_u8(r), hasTag = rd_u8(r);
    double breakForce = rd_f64(r);
    get(r, (uint8_t *)joint + sizeof(cpConstraint), size - sizeof(cpConstraint));
    const char *problem = B || r->error ? NULL : snapshot_check_joint(joint, kind, size);
    if (problem) FAIL(r, "joint %d: %s", id, problem);
    // Only ever compared with a force (any up to the scene format's 1e300 is a scene's).
    if (!B && !r->error && !(breakForce >= 0)) FAIL(r, "joint %d's break force is negative or not a number", id);
    if (r->error) return;
    snapshot_derive_joint(joint, kind);
    if (!B) return;
    joint->klass = r->probe->jointClass[kind];
    joint->space = r->jointInSpace[id] ? r->space : NULL;
    joint->a = r->bodies[r->jointA[id]];
    joint->b = r->bodies[r->jointB[id]];
    joint->next_a = joint->next_b = NULL;
    joint->preSolve = NULL;
    joint->postSolve = breakable ? (cpConstraintPostSolveFunc)r->probe->breakable : NULL;
    if (kind == 4) ((cpDampedSpring *)joint)->springForceFunc = r->probe->springForce;
    if (kind == 5) ((cpDampedRotarySpring *)joint)->springTorqueFunc = r->probe->springTorque;
    if (hasTag) {
        cratebox_joint_tag *tag = cratebox_joint_tag_new(NULL);
        if (!tag) out_of_memory();
        tag->breakForce = breakForce;
        joint->userData = tag;
    }
}

static cpCollisionHandler *handler_ptr(reader *r, uint8_t tag) {
    if (tag >= 3 + r->handlerCount) { FAIL(r, "an arbiter's handler %d is unknown", tag); return NULL; }
    if (r->error) return NULL;
    if (!B || tag == 0) return NULL;
    if (tag == 1) return &r->space->defaultHandler;
    if (tag == 2) return &cpCollisionHandlerDoNothing;
    return r->handlers[tag - 3];
}

// As cpArbiterUpdate sets them: the arbiter's handler is the space's default
// or one of its handlers; its wildcard handlers are unset (only while its
// handler does not call them), Chipmunk's do-nothing one or the space's
// wildcard handlers, which never call the wildcard handlers in turn.
static void check_arbiter_handlers(reader *r, int32_t id, uint8_t h, uint8_t ha, uint8_t hb) {
    if (h == 0 || h == 2) { FAIL(r, "arbiter %d's handler is not the space's", id); return; }
    int calls = h == 1 ? r->usesWildcards : (r->handlerKind[h - 3] & HANDLER_CALLS_WILDCARDS);
    uint8_t wild[2] = {ha, hb};
    for (int i = 0; i < 2; i++) {
        if (wild[i] == 1 || (wild[i] == 0 && calls) || (wild[i] >= 3 && !(r->handlerKind[wild[i] - 3] & HANDLER_WILDCARD)))
            FAIL(r, "arbiter %d's wildcard handler %d is not one Chipmunk would give it", id, wild[i]);
    }
}

static void read_arbiter(reader *r, int32_t id) {
    cpArbiter scratch, *arb = B ? &r->arbiters[id] : &scratch;
    rd_range(r, arb, offsetof(cpArbiter, e), offsetof(cpArbiter, data));
    int32_t a = rd_ref(r, r->ns, 0, "an arbiter's first shape"), b = rd_ref(r, r->ns, 0, "an arbiter's second shape");
    r->arbShapeA[id] = a;
    r->arbShapeB[id] = b;
    if (!r->error && r->shapeBody[a] == r->shapeBody[b]) FAIL(r, "arbiter %d is between two shapes of one body", id);
    int32_t count = rd_i32(r);
    uint8_t kind = rd_u8(r);
    int32_t buffer = rd_i32(r), offset = rd_i32(r);
    if (!r->error && (count < 0 || count > CP_MAX_CONTACTS_PER_ARBITER)) FAIL(r, "arbiter %d has %d contacts", id, count);
    if (!r->error && (kind > 2 || (kind == 0 && count != 0))) FAIL(r, "arbiter %d's contacts are nowhere", id);
    if (!r->error && kind == 1 && (buffer < 0 || buffer >= r->nbuf || offset < 0 || (uint32_t)offset + (uint32_t)count > CP_CONTACTS_BUFFER_SIZE))
        FAIL(r, "arbiter %d's contacts are outside the contact buffers", id);
    arb->n.x = rd_f64(r);
    arb->n.y = rd_f64(r);
    uint8_t h = rd_u8(r), ha = rd_u8(r), hb = rd_u8(r);
    arb->handler = handler_ptr(r, h);
    arb->handlerA = handler_ptr(r, ha);
    arb->handlerB = handler_ptr(r, hb);
    if (!r->error && !B) check_arbiter_handlers(r, id, h, ha, hb);
    arb->swapped = rd_u8(r);
    arb->stamp = rd_u32(r);
    uint32_t state = rd_u32(r);
    if (!r->error && state > CP_ARBITER_STATE_INVALIDATED) FAIL(r, "arbiter %d's state %u is unknown", id, state);
    arb->state = (enum cpArbiterState)state;
    r->arbInCache[id] = rd_u8(r) ? 1 : 0;
    r->arbKind[id] = kind;
    arb->count = count;
    if (r->error) return;
    struct cpContact *contacts = NULL;
    if (B && kind == 1) contacts = r->buffers[buffer]->contacts + offset;
    if (B && kind == 2) contacts = xcalloc((size_t)count, sizeof(struct cpContact));  // freed by Chipmunk when the body wakes
    struct cpContact checked[CP_MAX_CONTACTS_PER_ARBITER];
    if (!B) contacts = checked;
    if (kind) get(r, contacts, (size_t)count * sizeof(struct cpContact));
    const char *problem = B || r->error ? NULL : snapshot_check_arbiter(arb, contacts, kind ? count : 0);
    if (problem) FAIL(r, "arbiter %d: %s", id, problem);
    if (!B) return;
    arb->data = NULL;
    arb->a = r->shapes[a];
    arb->b = r->shapes[b];
    arb->body_a = arb->a->body;
    arb->body_b = arb->b->body;
    arb->contacts = contacts;
}

// Each body's shapes, joints and arbiters, in order; checks each is on the
// lists it belongs to, once.
static void read_body_lists(reader *r, uint8_t *shapeSeen, uint8_t *jointSides, uint8_t *arbSides) {
    for (int32_t id = 0; id <= r->nb && !r->error; id++) {
        cpBody *body = body_ptr(r, id);
        int32_t n = rd_count(r, 4, "a body's shape count");
        cpShape *prev = NULL;
        for (int32_t i = 0; i < n && !r->error; i++) {
            int32_t s = rd_ref(r, r->ns, 0, "a body's shape list");
            if (r->error) break;
            if (!B && (r->shapeBody[s] != id || shapeSeen[s]++)) FAIL(r, "shape %d is on body %d's list but not its own", s, id);
            if (!B) continue;
            cpShape *shape = r->shapes[s];
            shape->prev = prev;
            if (prev) prev->next = shape; else body->shapeList = shape;
            prev = shape;
        }
        n = rd_count(r, 4, "a body's joint count");
        cpConstraint *prevJoint = NULL;
        for (int32_t i = 0; i < n && !r->error; i++) {
            int32_t j = rd_ref(r, r->nj, 0, "a body's joint list");
            if (r->error) break;
            if (!B) {
                int side = r->jointA[j] == id && !(jointSides[j] & 1) ? 1 : r->jointB[j] == id && !(jointSides[j] & 2) ? 2 : 0;
                if (!side || !r->jointInSpace[j]) FAIL(r, "joint %d is on body %d's list but does not hold it", j, id);
                jointSides[j] |= (uint8_t)side;
                continue;
            }
            cpConstraint *joint = r->joints[j];
            if (prevJoint) { if (prevJoint->a == body) prevJoint->next_a = joint; else prevJoint->next_b = joint; }
            else body->constraintList = joint;
            prevJoint = joint;
        }
        n = rd_count(r, 4, "a body's arbiter count");
        cpArbiter *prevArb = NULL;
        for (int32_t i = 0; i < n && !r->error; i++) {
            int32_t a = rd_ref(r, r->na, 0, "a body's arbiter list");
            if (r->error) break;
            if (!B) {
                int side = r->shapeBody[r->arbShapeA[a]] == id && !(arbSides[a] & 1) ? 1
                         : r->shapeBody[r->arbShapeB[a]] == id && !(arbSides[a] & 2) ? 2 : 0;
                if (!side) FAIL(r, "arbiter %d is on body %d's list but is not its", a, id);
                arbSides[a] |= (uint8_t)side;
                continue;
            }
            cpArbiter *arb = &r->arbiters[a];
            struct cpArbiterThread *thread = cpArbiterThreadForBody(arb, body);
            thread->prev = prevArb;
            thread->next = NULL;
            if (prevArb) cpArbiterThreadForBody(prevArb, body)->next = arb; else body->arbiterList = arb;
            prevArb = arb;
        }
    }
    if (B || r->error) return;
    for (int32_t s = 0; s < r->ns; s++) if (!shapeSeen[s]) FAIL(r, "shape %d is on no body's list", s);
    for (int32_t j = 0; j < r->nj; j++)
        if (r->jointInSpace[j] && jointSides[j] != 3) FAIL(r, "joint %d is not on both its bodies' lists", j);
}

// The space's arrays of bodies, joints and arbiters; checks each body is
// awake, static or asleep in exactly one place.
static void read_arrays(reader *r, uint8_t *where) {
    cpSpace *space = r->space;
    cpArray *arrays[3] = {B ? space->dynamicBodies : NULL, B ? space->staticBodies : NULL, B ? space->sleepingComponents : NULL};
    for (int k = 0; k < 3 && !r->error; k++) {
        int32_t n = rd_count(r, 4, "a body array's count");
        // With sleeping off, Chipmunk never puts a body to sleep, nor wakes one (cpSpaceProcessComponents):
        // a sleeping body's arbiters would then stay threaded and be threaded again, onto themselves.
        if (!r->error && !B && k == 2 && n > 0 && r->sleepOff) FAIL(r, "bodies sleep in a space whose sleeping is off");
        for (int32_t i = 0; i < n && !r->error; i++) {
            int32_t id = rd_ref(r, r->nb + 1, 0, "a body array");
            if (r->error) break;
            if (B) { cpArrayPush(arrays[k], r->bodies[id]); continue; }
            if (id == 0 || where[id]) { FAIL(r, "body %d is in the space's arrays twice", id); break; }
            where[id] = (uint8_t)(k + 1);
            int ok = k == 0 ? r->bodyType[id] != CP_BODY_TYPE_STATIC && r->bodyRoot[id] < 0 && r->bodyNext[id] < 0
                   : k == 1 ? r->bodyType[id] == CP_BODY_TYPE_STATIC && r->bodyRoot[id] < 0 && r->bodyNext[id] < 0
                            : r->bodyType[id] == CP_BODY_TYPE_DYNAMIC && r->bodyRoot[id] == id;
            if (!ok) FAIL(r, "body %d is in a body array it does not belong to", id);
        }
    }
    if (!B && !r->error) {
        // Every sleeping body on its root's chain, once; every listed body somewhere.
        for (int32_t id = 1; id <= r->nb && !r->error; id++) {
            if (where[id] != 3) continue;
            int32_t steps = 0;
            for (int32_t at = r->bodyNext[id]; at >= 0 && !r->error; at = r->bodyNext[at]) {
                if (r->bodyRoot[at] != id || where[at] || ++steps > r->nb) { FAIL(r, "sleeping component %d's chain is broken", id); break; }
                // Chipmunk puts only dynamic bodies to sleep (cpSpaceComponent.c's FloodFillComponent).
                if (r->bodyType[at] != CP_BODY_TYPE_DYNAMIC) { FAIL(r, "sleeping component %d holds body %d, which is not dynamic", id, at); break; }
                where[at] = 4;
            }
        }
        for (int32_t id = 1; id <= r->nb && !r->error; id++) if (!where[id]) FAIL(r, "body %d is in none of the space's arrays", id);
        if (r->bodyRoot[0] >= 0 || r->bodyNext[0] >= 0) FAIL(r, "the space's static body sleeps");
    }
    int32_t n = rd_count(r, 4, "the joint array's count");
    uint8_t *seen = B ? NULL : xcalloc((size_t)r->nj + 1, 1);
    for (int32_t i = 0; i < n && !r->error; i++) {
        int32_t j = rd_ref(r, r->nj, 0, "the space's joints");
        if (r->error) break;
        if (B) cpArrayPush(space->constraints, r->joints[j]);
        else if (!r->jointInSpace[j] || seen[j]++) FAIL(r, "joint %d is in the space's joints twice or is out of the space", j);
        else r->jointInArray[j] = 1;
    }
    free(seen);
    n = rd_count(r, 4, "the arbiter array's count");
    seen = B ? NULL : xcalloc((size_t)r->na + 1, 1);
    for (int32_t i = 0; i < n && !r->error; i++) {
        int32_t a = rd_ref(r, r->na, 0, "the space's arbiters");
        if (r->error) break;
        if (B) cpArrayPush(space->arbiters, &r->arbiters[a]);
        else if (seen[a]++) FAIL(r, "arbiter %d is in the space's arbiters twice", a);
        else r->arbInArray[a] = 1;
    }
    free(seen);
}

// A sleeping body's arbiters keep their contacts in memory of their own,
// which Chipmunk frees when the body wakes (cpSpaceActivateBody), and only
// those: an arbiter is restored once, by its first body, or by its second
// when the first is static. So contacts of their own are exactly those of
// arbiters threaded on a sleeping owner (never cached: sleeping uncaches
// them), and nothing else may have them: an arbiter whose contacts were in a
// contact buffer would have an address inside the buffer freed on waking.
static void check_sleeping_contacts(reader *r, const uint8_t *arbSides) {
    for (int32_t a = 0; a < r->na && !r->error; a++) {
        int32_t first = r->shapeBody[r->arbShapeA[a]], second = r->shapeBody[r->arbShapeB[a]];
        int side = r->bodyType[first] == CP_BODY_TYPE_STATIC ? 2 : 1;
        int32_t owner = side == 1 ? first : second;
        int restoredOnWaking = (arbSides[a] & side) && r->bodyWhere[owner] >= 3;
        if (restoredOnWaking && r->arbKind[a] != 2)
            FAIL(r, "arbiter %d of a sleeping body has no contacts of its own (waking would free a contact buffer's)", a);
        if (r->arbKind[a] == 2 && (!restoredOnWaking || r->arbInCache[a]))
            FAIL(r, "arbiter %d has contacts of its own but is not a sleeping body's", a);
    }
}

// Whether two bodies may share an arbiter or a joint that the step leaves
// alone (off the space's arrays): one asleep and the other static or in its
// sleeping component, as Chipmunk's components are made.
static int asleep_together(reader *r, int32_t a, int32_t b) {
    int sleepA = r->bodyWhere[a] >= 3, sleepB = r->bodyWhere[b] >= 3;
    if (sleepA && sleepB) return r->bodyRoot[a] == r->bodyRoot[b];
    return (sleepA && r->bodyType[b] == CP_BODY_TYPE_STATIC) || (sleepB && r->bodyType[a] == CP_BODY_TYPE_STATIC);
}

// The contact graph as a step leaves it (cpSpaceStep, cpSpaceProcessComponents,
// cpSpaceDeactivateBody): an arbiter is threaded on both its bodies' lists or
// on neither; one in the space's array is threaded; one threaded but not in the
// array is a sleeping component's (else the next step threads it again, onto
// itself); no two arbiters join the same two shapes; a joint is in the space's
// array exactly when neither body sleeps, and a sleeping body's joint joins it
// to its component or a static body.
static void check_contact_graph(reader *r, const uint8_t *arbSides) {
    pmap pairs;
    if (!pmap_init(&pairs, (size_t)r->na)) { FAIL(r, "out of memory"); return; }
    for (int32_t a = 0; a < r->na && !r->error; a++) {
        int32_t first = r->shapeBody[r->arbShapeA[a]], second = r->shapeBody[r->arbShapeB[a]];
        if (arbSides[a] != 0 && arbSides[a] != 3) FAIL(r, "arbiter %d is on one of its bodies' lists only", a);
        else if (r->arbInArray[a] && !arbSides[a]) FAIL(r, "arbiter %d is in the space's arbiters but on no body's list", a);
        // Putting a body to sleep takes its arbiters out of the space's (cpSpaceDeactivateBody's cpSpaceUncacheArbiter).
        else if (r->arbInArray[a] && (r->bodyWhere[first] >= 3 || r->bodyWhere[second] >= 3))
            FAIL(r, "arbiter %d is in the space's arbiters but its body sleeps", a);
        else if (arbSides[a] && !r->arbInArray[a] && !asleep_together(r, first, second))
            FAIL(r, "arbiter %d is on its bodies' lists but neither in the space's arbiters nor a sleeping component's", a);
        uint64_t x = (uint64_t)r->arbShapeA[a], y = (uint64_t)r->arbShapeB[a];
        uint64_t key = (x < y ? x * (uint64_t)r->ns + y : y * (uint64_t)r->ns + x) + 1;
        if (!r->error && pmap_get(&pairs, (void *)(uintptr_t)key) >= 0) FAIL(r, "two arbiters join the same two shapes");
        if (!r->error && !pmap_put(&pairs, (void *)(uintptr_t)key, a)) FAIL(r, "out of memory");
    }
    pmap_free(&pairs);
    for (int32_t j = 0; j < r->nj && !r->error; j++) {
        if (!r->jointInSpace[j]) continue;
        int32_t a = r->jointA[j], b = r->jointB[j];
        int sleeping = r->bodyWhere[a] >= 3 || r->bodyWhere[b] >= 3;
        if (r->jointInArray[j] && sleeping) FAIL(r, "joint %d is in the space's joints but holds a sleeping body", j);
        else if (!r->jointInArray[j] && !sleeping) FAIL(r, "joint %d is in the space but not in its joints, and its bodies are awake", j);
        else if (sleeping && !asleep_together(r, a, b)) FAIL(r, "joint %d joins a sleeping body to one outside its component", j);
    }
}

static void *pass_arbiter(const void *ptr, void *data) { (void)ptr; return data; }

static void read_cached(reader *r) {
    uint32_t size = rd_u32(r);
    uint32_t cached = 0;
    for (int32_t a = 0; a < r->na; a++) cached += r->arbInCache[a];
    if (!r->error && (!snapshot_is_table_prime(size) || cached >= size)) FAIL(r, "the cached arbiters' table size %u is not one Chipmunk makes", size);
    if (r->error) return;
    if (!B) {
        pmap pairs;
        if (!pmap_init(&pairs, cached)) { FAIL(r, "out of memory"); return; }
        for (int32_t a = 0; a < r->na && !r->error; a++) {
            if (!r->arbInCache[a]) continue;
            uint64_t x = (uint64_t)r->arbShapeA[a], y = (uint64_t)r->arbShapeB[a];
            uint64_t key = (x < y ? x * (uint64_t)r->ns + y : y * (uint64_t)r->ns + x) + 1;
            if (pmap_get(&pairs, (void *)(uintptr_t)key) >= 0) FAIL(r, "two cached arbiters are between the same shapes");
            if (!pmap_put(&pairs, (void *)(uintptr_t)key, a)) FAIL(r, "out of memory");
        }
        pmap_free(&pairs);
        return;
    }
    cpHashSet *set = r->space->cachedArbiters;
    free(set->table);
    set->table = xcalloc(size, sizeof *set->table);
    set->size = size;
    for (int32_t a = 0; a < r->na; a++) {
        if (!r->arbInCache[a]) continue;
        cpArbiter *arb = &r->arbiters[a];
        const cpShape *pair[2] = {arb->a, arb->b};
        cpHashSetInsert(set, CP_HASH_PAIR((cpHashValue)arb->a, (cpHashValue)arb->b), pair, pass_arbiter, arb);
    }
}

// A hash set of leaves or handles: its size, then each bin's chain; `elements`
// are the built objects, whose first field is their shape.
static void read_set(reader *r, cpHashSet *set, int32_t count, const int32_t *shapeOf, void **elements, uint8_t *listed,
                     const char *what) {
    uint32_t size = rd_u32(r), entries = rd_u32(r);
    if (!r->error && (!snapshot_is_table_prime(size) || entries >= size)) FAIL(r, "%s's table size %u is not one Chipmunk makes", what, size);
    if (r->error) return;
    cpHashSetBin *bins = NULL;
    if (B) {
        free(set->table);
        set->table = xcalloc(size, sizeof *set->table);
        set->size = size;
        set->entries = entries;
        bins = xcalloc(entries, sizeof *bins);
        cpArrayPush(set->allocatedBuffers, bins);
    }
    uint32_t used = 0;
    for (uint32_t i = 0; i < size && !r->error; i++) {
        int32_t n = rd_count(r, 4, "a set's chain");
        cpHashSetBin *prev = NULL;
        for (int32_t k = 0; k < n && !r->error; k++) {
            int32_t e = rd_ref(r, count, 0, what);
            if (r->error) break;
            if (!B) {
                int32_t s = shapeOf[e];
                if (s < 0 || listed[e]++ || used >= entries || r->shapeHash[s] % size != i)
                    FAIL(r, "%s lists %d where it cannot be", what, e);
                used++;
                continue;
            }
            cpHashSetBin *bin = &bins[used++];
            bin->elt = elements[e];
            bin->hash = r->shapeHash[shapeOf[e]];
            if (prev) prev->next = bin; else set->table[i] = bin;
            prev = bin;
        }
    }
    if (!B && !r->error && used != entries) FAIL(r, "%s holds %u, not the %u it says", what, used, entries);
}

// Which index a shape must be in: the dynamic one (0) for an awake body's,
// the static one (1) for a static or sleeping body's, as Chipmunk moves them
// (cpSpaceAddShape, cpSpaceDeactivateBody, cpSpaceActivateBody): a shape in
// the other would be removed from an index that does not hold it.
static void check_index(reader *r, int32_t shape, int t) {
    int expected = r->bodyWhere[r->shapeBody[shape]] == 1 ? 0 : 1;
    if (t != expected)
        FAIL(r, "shape %d is in the %s index, but its body is %s", shape, t ? "static" : "dynamic", expected ? "static or asleep" : "awake");
}

static void read_trees(reader *r) {
    struct cpBBTree *trees[2] = {B ? (struct cpBBTree *)r->space->dynamicShapes : NULL, B ? (struct cpBBTree *)r->space->staticShapes : NULL};
    int32_t counts[2] = {0, 0}, first[2] = {0, 0}, total = 0;
    uint32_t masterStamp = 0;
    // Both trees' nodes, numbered together, are read into one array of ids first.
    int32_t *nodeShape = NULL;  // -1: internal
    size_t nodeCap = 0;
    Node **built = NULL;
    for (int t = 0; t < 2 && !r->error; t++) {
        uint8_t hasVelocity = rd_u8(r);
        uint32_t stamp = rd_u32(r);
        if (t == 0) masterStamp = stamp;
        counts[t] = rd_count(r, 1 + sizeof(cpBB) + 8, "a tree's node count");
        first[t] = total;
        if (r->error) break;
        if ((size_t)(total + counts[t]) + 1 > nodeCap) {
            nodeCap = (size_t)(total + counts[t]) + 1;
            nodeShape = realloc(nodeShape, nodeCap * sizeof *nodeShape);
            built = realloc(built, nodeCap * sizeof *built);
            if (!nodeShape || !built) out_of_memory();
        }
        Node *block = NULL;
        if (B) {
            trees[t]->velocityFunc = hasVelocity ? r->probe->shapeVelocity : NULL;
            trees[t]->stamp = stamp;
            if (counts[t]) {
                block = xcalloc((size_t)counts[t], sizeof(Node));
                cpArrayPush(trees[t]->allocatedBuffers, block);
            }
        }
        // Preorder: a stack of internal nodes still waiting for a child, with their levels.
        Node **stack = B ? xcalloc((size_t)counts[t] + 1, sizeof *stack) : NULL;
        int32_t *levels = xcalloc((size_t)counts[t] + 1, sizeof *levels);
        uint8_t *hasChild = xcalloc((size_t)counts[t] + 1, 1);
        int32_t depth = 0, need = counts[t] ? 1 : 0;
        for (int32_t i = 0; i < counts[t] && !r->error; i++) {
            if (need == 0) { FAIL(r, "a tree has nodes beyond its last leaf"); break; }
            need--;
            uint8_t leaf = rd_u8(r);
            Node scratch, *node = B ? &block[i] : &scratch;
            get(r, &node->bb, sizeof node->bb);
            const char *problem = B || r->error ? NULL : snapshot_check_bb(node->bb);
            if (problem) FAIL(r, "a tree node: %s", problem);
            int32_t level = i == 0 ? 0 : levels[depth - 1] + 1;
            if (!r->error && level > MAX_TREE_DEPTH) FAIL(r, "a tree is deeper than %d levels", MAX_TREE_DEPTH);
            int32_t shape = -1;
            if (leaf) {
                shape = rd_ref(r, r->ns, 0, "a tree leaf's shape");
                node->node.leaf.stamp = rd_u32(r);
                // Between steps every leaf is older than the dynamic (master) tree's stamp
                // (cpBBTreeInsert and the reindex bump it after stamping): one as new as
                // it is taken for moved, queried afresh beside its old pairs, and its
                // contacts then go onto the contact graph twice.
                if (!r->error && !B && node->node.leaf.stamp >= masterStamp) FAIL(r, "a tree leaf's stamp is not older than its tree's");
                if (!r->error && !B && r->shapeIndexed[shape]++) FAIL(r, "shape %d is in the spatial index twice", shape);
                if (!r->error && !B) check_index(r, shape, t);
            } else {
                need += 2;
            }
            nodeShape[total + i] = shape;
            if (r->error) break;
            int secondChild = i > 0 && hasChild[depth - 1];
            if (i > 0) hasChild[depth - 1] = 1;
            if (B) {
                built[total + i] = node;
                node->obj = leaf ? r->shapes[shape] : NULL;
                node->parent = i == 0 ? NULL : stack[depth - 1];
                if (i == 0) trees[t]->root = node;
                else if (secondChild) node->parent->node.children.b = node;
                else node->parent->node.children.a = node;
            }
            if (secondChild) depth--;
            if (!leaf) {
                if (B) stack[depth] = node;
                hasChild[depth] = 0;
                levels[depth++] = level;
            }
        }
        free(stack);
        free(levels);
        free(hasChild);
        if (!r->error && need != 0) FAIL(r, "a tree's nodes end before its leaves");
        total += counts[t];
    }
    // Pairs: the two leaves each joins, then each leaf's list in order.
    int32_t npairs = rd_count(r, 12, "the tree pair count");
    int32_t *pairLeaf = r->error ? NULL : xcalloc(2 * (size_t)npairs + 1, sizeof(int32_t));
    pmap seenPairs = {0};
    if (!B && !r->error && !pmap_init(&seenPairs, (size_t)npairs)) FAIL(r, "out of memory");
    if (B && npairs) {
        r->pairs = xcalloc((size_t)npairs, sizeof(Pair));
        cpArrayPush(trees[0]->allocatedBuffers, r->pairs);  // pairs belong to the dynamic (master) tree
    }
    for (int32_t p = 0; p < npairs && !r->error; p++) {
        int32_t a = rd_ref(r, total, 0, "a pair's first leaf"), b = rd_ref(r, total, 0, "a pair's second leaf");
        uint32_t id = rd_u32(r);
        if (r->error) break;
        if (nodeShape[a] < 0 || nodeShape[b] < 0 || a == b) { FAIL(r, "pair %d does not join two leaves", p); break; }
        // Chipmunk pairs a moving leaf with each leaf it overlaps, once (cpBBTree.c's MarkLeafQuery):
        // a second pair of the same leaves makes one arbiter go onto the contact graph twice.
        if (!B) {
            uint64_t x = (uint64_t)a, y = (uint64_t)b, key = (x < y ? x * (uint64_t)total + y : y * (uint64_t)total + x) + 1;
            if (a >= first[1] && b >= first[1]) { FAIL(r, "pair %d joins two leaves of the static tree", p); break; }
            if (pmap_get(&seenPairs, (void *)(uintptr_t)key) >= 0) { FAIL(r, "pairs %d and %d join the same two leaves", pmap_get(&seenPairs, (void *)(uintptr_t)key), p); break; }
            if (!pmap_put(&seenPairs, (void *)(uintptr_t)key, p)) { FAIL(r, "out of memory"); break; }
        }
        pairLeaf[2 * p] = a;
        pairLeaf[2 * p + 1] = b;
        if (!B) continue;
        r->pairs[p].a.leaf = built[a];
        r->pairs[p].b.leaf = built[b];
        r->pairs[p].id = id;
    }
    uint8_t *sides = (r->error || B) ? NULL : xcalloc((size_t)npairs + 1, 1);
    for (int32_t at = 0; at < total && !r->error; at++) {
        if (nodeShape[at] < 0) continue;
        int32_t n = rd_count(r, 4, "a leaf's pair count");
        Pair *prev = NULL;
        for (int32_t k = 0; k < n && !r->error; k++) {
            int32_t p = rd_ref(r, npairs, 0, "a leaf's pair list");
            if (r->error) break;
            if (!B) {
                int side = pairLeaf[2 * p] == at && !(sides[p] & 1) ? 1 : pairLeaf[2 * p + 1] == at && !(sides[p] & 2) ? 2 : 0;
                if (!side) FAIL(r, "pair %d is on a leaf's list it does not join", p);
                sides[p] |= (uint8_t)side;
                continue;
            }
            Node *leaf = built[at];
            Pair *pair = &r->pairs[p];
            Thread *thread = pair->a.leaf == leaf ? &pair->a : &pair->b;
            thread->prev = prev;
            thread->next = NULL;
            if (prev) { if (prev->a.leaf == leaf) prev->a.next = pair; else prev->b.next = pair; }
            else leaf->node.leaf.pairs = pair;
            prev = pair;
        }
    }
    pmap_free(&seenPairs);
    if (sides) for (int32_t p = 0; p < npairs && !r->error; p++) if (sides[p] != 3) FAIL(r, "pair %d is not on both its leaves' lists", p);
    free(sides);
    free(pairLeaf);
    // The leaf sets.
    for (int t = 0; t < 2 && !r->error; t++) {
        uint8_t *listed = B ? NULL : xcalloc((size_t)counts[t] + 1, 1);
        read_set(r, B ? trees[t]->leaves : NULL, counts[t], nodeShape + first[t], B ? (void **)(built + first[t]) : NULL, listed,
                 "a tree's leaf set");
        if (listed) for (int32_t i = 0; i < counts[t] && !r->error; i++)
            if (nodeShape[first[t] + i] >= 0 && !listed[i]) FAIL(r, "a tree leaf is not in its tree's leaf set");
        free(listed);
    }
    free(nodeShape);
    free(built);
}

// Chipmunk visits every cell a shape's bounding box covers, numbering them as
// ints (cpSpaceHash.c's hashHandle): a shape must cover few cells and lie
// where cell numbers are still ints.
static void check_cells(reader *r, int32_t shape, double celldim) {
    cpBB bb = r->shapeBB[shape];
    double l = bb.l / celldim, rr = bb.r / celldim, b = bb.b / celldim, t = bb.t / celldim;
    if (!(l >= -MAX_CELL_INDEX && rr <= MAX_CELL_INDEX && b >= -MAX_CELL_INDEX && t <= MAX_CELL_INDEX))
        FAIL(r, "shape %d lies farther out than %.0f spatial hash cells", shape, MAX_CELL_INDEX);
    else if (rr - l > MAX_CELLS_ACROSS || t - b > MAX_CELLS_ACROSS)
        FAIL(r, "shape %d spans more than %d spatial hash cells", shape, MAX_CELLS_ACROSS);
}

static void read_space_hash(reader *r, int t) {
    double celldim = rd_f64(r);
    int32_t numcells = rd_i32(r);
    uint32_t stamp = rd_u32(r);
    if (!r->error && (!(celldim > 0) || !(celldim <= NUMBER_LIMIT) || numcells < 1 || numcells > MAX_HASH_CELLS))
        FAIL(r, "a spatial hash of %d cells of %g is not one a scene makes", numcells, celldim);
    int32_t nh = rd_count(r, 12, "a spatial hash's handle count");
    if (r->error) return;
    struct cpSpaceHash *hash = NULL;
    if (B) {
        if (t == 0) cpSpaceUseSpatialHash(r->space, celldim, numcells);
        hash = (struct cpSpaceHash *)(t == 0 ? r->space->dynamicShapes : r->space->staticShapes);
        hash->celldim = celldim;
        hash->numcells = numcells;
        free(hash->table);
        hash->table = xcalloc((size_t)numcells, sizeof *hash->table);
        hash->stamp = stamp;
    }
    cpHandle *handles = B ? xcalloc((size_t)nh, sizeof(cpHandle)) : NULL;
    if (B) cpArrayPush(hash->allocatedBuffers, handles);
    int32_t *shapeOf = xcalloc((size_t)nh + 1, sizeof(int32_t)), *retain = xcalloc((size_t)nh + 1, sizeof(int32_t));
    for (int32_t i = 0; i < nh && !r->error; i++) {
        shapeOf[i] = rd_ref(r, r->ns, 1, "a spatial hash handle's shape");
        retain[i] = rd_i32(r);
        uint32_t handStamp = rd_u32(r);
        if (!r->error && !B && shapeOf[i] >= 0 && r->shapeIndexed[shapeOf[i]]++) FAIL(r, "shape %d is in the spatial index twice", shapeOf[i]);
        if (!r->error && !B && shapeOf[i] >= 0) check_index(r, shapeOf[i], t);
        if (!r->error && !B && shapeOf[i] >= 0) check_cells(r, shapeOf[i], celldim);
        if (!B) continue;
        handles[i].obj = shapeOf[i] >= 0 ? r->shapes[shapeOf[i]] : NULL;
        handles[i].retain = retain[i];
        handles[i].stamp = handStamp;
    }
    void **elements = NULL;
    if (B) {
        elements = xcalloc((size_t)nh + 1, sizeof *elements);
        for (int32_t i = 0; i < nh; i++) elements[i] = &handles[i];
    }
    uint8_t *listed = xcalloc((size_t)nh + 1, 1);
    read_set(r, B ? hash->handleSet : NULL, nh, shapeOf, elements, listed, "a spatial hash's handle set");
    free(elements);
    int32_t *refs = B ? NULL : xcalloc((size_t)nh + 1, sizeof(int32_t));
    int32_t used = rd_count(r, 12, "a spatial hash's cell count");
    cpSpaceHashBin *bins = NULL;
    if (B) {
        bins = xcalloc((size_t)r->indexBins[t], sizeof *bins);
        cpArrayPush(hash->allocatedBuffers, bins);
    }
    int32_t binCount = 0, lastCell = -1;
    for (int32_t u = 0; u < used && !r->error; u++) {
        int32_t cell = rd_i32(r), n = rd_count(r, 4, "a cell's handle count");
        if (!r->error && (cell <= lastCell || cell >= numcells || n < 1)) FAIL(r, "a spatial hash's cell %d is out of order or empty", cell);
        lastCell = cell;
        cpSpaceHashBin *prev = NULL;
        for (int32_t k = 0; k < n && !r->error; k++) {
            int32_t h = rd_ref(r, nh, 0, "a cell's handle");
            if (r->error) break;
            if (!B) { refs[h]++; binCount++; continue; }
            cpSpaceHashBin *bin = &bins[binCount++];
            bin->handle = &handles[h];
            if (prev) prev->next = bin; else hash->table[cell] = bin;
            prev = bin;
        }
    }
    if (!B) {
        r->indexBins[t] = binCount;
        for (int32_t i = 0; i < nh && !r->error; i++)
            if (retain[i] != refs[i] + listed[i] || (shapeOf[i] >= 0) != (listed[i] == 1))
                FAIL(r, "spatial hash handle %d is held %d times but counts %d", i, refs[i] + listed[i], retain[i]);
    }
    free(refs);
    free(listed);
    free(shapeOf);
    free(retain);
}

static void parse(reader *r) {
    r->pos = 0;
    char magic[8];
    get(r, magic, 8);
    if (r->error || memcmp(magic, SNAPSHOT_MAGIC, 8) != 0) { r->error = NULL; FAIL(r, "the bytes are not a cratebox space (version 1)"); return; }
    int32_t nb = rd_count(r, 8, "the body count"), ns = rd_count(r, 8, "the shape count"), nj = rd_count(r, 8, "the joint count");
    int32_t na = rd_count(r, 8, "the arbiter count"), nbuf = rd_count(r, 8, "the contact buffer count");
    uint8_t hashed = rd_u8(r);
    if (r->error) return;
    if (hashed > 1) { FAIL(r, "the spatial index kind %d is unknown", hashed); return; }
    if (!B) {
        r->nb = nb; r->ns = ns; r->nj = nj; r->na = na; r->nbuf = nbuf; r->hashed = hashed;
        r->bodyType = xcalloc((size_t)nb + 1, 1);
        r->bodyRoot = xcalloc((size_t)nb + 1, 4);
        r->bodyNext = xcalloc((size_t)nb + 1, 4);
        r->shapeBody = xcalloc((size_t)ns + 1, 4);
        r->shapeHash = xcalloc((size_t)ns + 1, 8);
        r->shapeIndexed = xcalloc((size_t)ns + 1, 1);
        r->jointA = xcalloc((size_t)nj + 1, 4);
        r->jointB = xcalloc((size_t)nj + 1, 4);
        r->jointInSpace = xcalloc((size_t)nj + 1, 1);
        r->arbShapeA = xcalloc((size_t)na + 1, 4);
        r->arbShapeB = xcalloc((size_t)na + 1, 4);
        r->arbInCache = xcalloc((size_t)na + 1, 1);
        r->arbKind = xcalloc((size_t)na + 1, 1);
        r->bodyWhere = xcalloc((size_t)nb + 1, 1);
        r->jointInArray = xcalloc((size_t)nj + 1, 1);
        r->arbInArray = xcalloc((size_t)na + 1, 1);
        r->bodyTransform = xcalloc((size_t)nb + 1, sizeof *r->bodyTransform);
        r->shapeBB = xcalloc((size_t)ns + 1, sizeof *r->shapeBB);
    } else {
        r->space = cpSpaceNew();
        r->bodies = xcalloc((size_t)nb + 1, sizeof *r->bodies);
        r->bodies[0] = &r->space->_staticBody;
        for (int32_t i = 1; i <= nb; i++) r->bodies[i] = xcalloc(1, sizeof(cpBody));
        r->shapes = xcalloc((size_t)ns + 1, sizeof *r->shapes);
        r->joints = xcalloc((size_t)nj + 1, sizeof *r->joints);
    }
    cpSpace scratchSpace, *space = B ? r->space : &scratchSpace;
    space->iterations = rd_i32(r);
    rd_range(r, space, offsetof(cpSpace, gravity), offsetof(cpSpace, collisionPersistence));
    space->collisionPersistence = rd_u32(r);
    space->stamp = rd_u32(r);
    space->curr_dt = rd_f64(r);
    const char *problem = B || r->error ? NULL : snapshot_check_space(space);
    if (problem) FAIL(r, "the space: %s", problem);
    r->sleepOff = space->sleepTimeThreshold == INFINITY;
    space->shapeIDCounter = (cpHashValue)rd_u64(r);
    r->shapeIDCounter = space->shapeIDCounter;
    uint8_t usesWildcards = rd_u8(r);
    if (!r->error && usesWildcards > 1) FAIL(r, "the space's wildcard flag is %d", usesWildcards);
    r->usesWildcards = usesWildcards;
    cpCollisionHandler defaults;
    read_handler(r, &defaults, 1);
    r->handlerCount = rd_count(r, 20, "the collision handler count");
    if (!r->error && r->handlerCount > 250) FAIL(r, "the space has %d collision handlers", r->handlerCount);
    if (!B && !r->error) r->handlerKind = xcalloc((size_t)r->handlerCount + 1, 1);
    if (B) r->handlers = xcalloc((size_t)r->handlerCount + 1, sizeof *r->handlers);
    for (int32_t i = 0; i < r->handlerCount && !r->error; i++) {
        cpCollisionHandler h;
        int kind = read_handler(r, &h, 0);
        if (!B) { r->handlerKind[i] = (uint8_t)kind; continue; }
        cpCollisionHandler *made = cpSpaceAddCollisionHandler(r->space, h.typeA, h.typeB);
        memcpy(made, &h, sizeof h);
        r->handlers[i] = made;
    }
    if (B) {
        space->usesWildcards = usesWildcards;
        memcpy(&space->defaultHandler, &defaults, sizeof defaults);
    }
    for (int32_t id = 0; id <= nb && !r->error; id++) read_body(r, id);
    pmap hashids = {0};
    if (!B && !pmap_init(&hashids, (size_t)ns)) FAIL(r, "out of memory");
    for (int32_t id = 0; id < ns && !r->error; id++) read_shape(r, id, &hashids);
    pmap_free(&hashids);
    for (int32_t id = 0; id < nj && !r->error; id++) read_joint(r, id);
    if (B && nbuf) r->buffers = xcalloc((size_t)nbuf, sizeof *r->buffers);
    for (int32_t i = 0; i < nbuf && !r->error; i++) {
        uint32_t stamp = rd_u32(r), numContacts = rd_u32(r);
        if (!r->error && numContacts > CP_CONTACTS_BUFFER_SIZE) FAIL(r, "contact buffer %d holds %u contacts", i, numContacts);
        if (!B) continue;
        cpContactBuffer *buffer = xcalloc(1, sizeof(cpContactBuffer));
        buffer->header.stamp = stamp;
        buffer->header.numContacts = numContacts;
        r->buffers[i] = buffer;
        cpArrayPush(r->space->allocatedBuffers, buffer);
    }
    if (B && nbuf) {
        for (int32_t i = 0; i < nbuf; i++) r->buffers[i]->header.next = &r->buffers[(i + 1) % nbuf]->header;
        r->space->contactBuffersHead = &r->buffers[0]->header;
    }
    if (B && na) {
        r->arbiters = xcalloc((size_t)na, sizeof(cpArbiter));
        cpArrayPush(r->space->allocatedBuffers, r->arbiters);
    }
    for (int32_t id = 0; id < na && !r->error; id++) read_arbiter(r, id);
    if (r->error) return;
    uint8_t *shapeSeen = B ? NULL : xcalloc((size_t)ns + 1, 1), *jointSides = B ? NULL : xcalloc((size_t)nj + 1, 1);
    uint8_t *arbSides = B ? NULL : xcalloc((size_t)na + 1, 1);
    read_body_lists(r, shapeSeen, jointSides, arbSides);
    if (!r->error) read_arrays(r, r->bodyWhere);
    if (!B && !r->error) check_sleeping_contacts(r, arbSides);
    if (!B && !r->error) check_contact_graph(r, arbSides);
    free(shapeSeen); free(jointSides); free(arbSides);
    if (!r->error) read_cached(r);
    if (r->error) return;
    if (hashed) {
        read_space_hash(r, 0);
        if (!r->error) read_space_hash(r, 1);
    } else {
        read_trees(r);
    }
    if (!B && !r->error)
        for (int32_t s = 0; s < ns && !r->error; s++) if (!r->shapeIndexed[s]) FAIL(r, "shape %d is in no spatial index", s);
    get(r, magic, 8);
    if (!r->error && (memcmp(magic, SNAPSHOT_END, 8) != 0 || r->pos != r->len)) FAIL(r, "the space's bytes do not end where they should");
}

static void free_scratch(reader *r) {
    free(r->bodyType); free(r->bodyRoot); free(r->bodyNext); free(r->shapeBody); free(r->shapeHash); free(r->shapeIndexed);
    free(r->jointA); free(r->jointB); free(r->jointInSpace); free(r->arbShapeA); free(r->arbShapeB); free(r->arbInCache);
    free(r->arbKind); free(r->bodyWhere); free(r->jointInArray); free(r->arbInArray); free(r->bodyTransform); free(r->shapeBB);
    free(r->handlerKind);
    free(r->buffers); free(r->handlers);
}

const char *cratebox_snapshot_read(const uint8_t *data, size_t count, cratebox_restored *out) {
    memset(out, 0, sizeof *out);
    const char *probeError = NULL;
    const snapshot_probe *probe = snapshot_probe_get(&probeError);
    if (!probe) return probeError;
    static _Thread_local reader r;
    memset(&r, 0, sizeof r);
    r.data = data;
    r.len = count;
    r.probe = probe;
    parse(&r);
    if (r.error) {
        free_scratch(&r);
        return r.error;
    }
    r.build = 1;
    parse(&r);
    if (r.error) {
        // The first pass checked these very bytes: a failure here is a bug.
        fprintf(stderr, "cratebox: restoring a space failed after its bytes were checked: %s\n", r.error);
        abort();
    }
    out->space = r.space;
    out->bodyCount = r.nb;
    out->bodies = xcalloc((size_t)r.nb + 1, sizeof *out->bodies);
    for (int32_t i = 0; i < r.nb; i++) out->bodies[i] = r.bodies[i + 1];
    free(r.bodies);
    out->shapeCount = r.ns;
    out->shapes = r.shapes;
    out->jointCount = r.nj;
    out->joints = r.joints;
    free_scratch(&r);
    return NULL;
}

void cratebox_restored_free_lists(cratebox_restored *restored) {
    free(restored->bodies);
    free(restored->shapes);
    free(restored->joints);
    restored->bodies = NULL;
    restored->shapes = NULL;
    restored->joints = NULL;
}

int cratebox_snapshot_shape_type(const cpShape *shape) { return (int)shape->klass->type; }
