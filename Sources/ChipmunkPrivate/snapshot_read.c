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

#include "snapshot_reader.h"

// The callback tags (snapshot_probe.c) and what each of a handler's four
// slots may hold: Chipmunk's two callbacks for that slot (its do-nothing one
// and its default, which calls the arbiter's wildcard handlers) and, for
// pre-solve, cratebox's one-way platform; and a scene script's function for
// that slot (a pair handler's on a pair handler, a wildcard's on a wildcard
// one). Anything else is a null or mismatched function pointer at the next contact.
enum { TAG_ALWAYS_COLLIDE = 1, TAG_DO_NOTHING = 2, TAG_DEFAULT_BEGIN = 3, TAG_ONE_WAY = 7, TAG_SCRIPT_PAIR = 8, TAG_SCRIPT_WILDCARD = 12 };
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
    int wildcard = a == CP_WILDCARD_COLLISION_TYPE || b == CP_WILDCARD_COLLISION_TYPE;
    for (int i = 0; i < 4; i++) {
        int script = !isDefault && tags[i] == (wildcard ? TAG_SCRIPT_WILDCARD : TAG_SCRIPT_PAIR) + i;
        if (!script && tags[i] != slotTags[i][0] && tags[i] != slotTags[i][1] && (tags[i] != slotTags[i][2] || !tags[i])) {
            FAIL(r, "a collision handler's callback tag %d is not one its slot %d can hold", tags[i], i);
            return 0;
        }
        calls |= tags[i] == slotTags[i][1];
        onlyDefaults &= tags[i] == slotTags[i][1];
        onlyNothing &= tags[i] == slotTags[i][0];
    }
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
    cpBody scratch, *body = r->build ? r->bodies[id] : &scratch;
    rd_range(r, body, offsetof(cpBody, m), offsetof(cpBody, userData));
    rd_range(r, body, offsetof(cpBody, v_bias), offsetof(cpBody, space));
    body->sleeping.idleTime = rd_f64(r);
    r->bodyRoot[id] = rd_ref(r, r->nb + 1, 1, "a body's sleeping component");
    r->bodyNext[id] = rd_ref(r, r->nb + 1, 1, "a body's sleeping component");
    r->bodyType[id] = body->sleeping.idleTime == INFINITY ? CP_BODY_TYPE_STATIC : body->m == INFINITY ? CP_BODY_TYPE_KINEMATIC : CP_BODY_TYPE_DYNAMIC;
    if (!r->build && id == 0 && r->bodyType[0] != CP_BODY_TYPE_STATIC) FAIL(r, "the space's own static body is not static");
    if (!r->build && r->bodyType[id] == CP_BODY_TYPE_DYNAMIC && !(body->m > 0 && body->i > 0))
        FAIL(r, "dynamic body %d has no mass or moment", id);
    const char *problem = r->build || r->error ? NULL : snapshot_check_body(body, (cpBodyType)r->bodyType[id]);
    if (problem) FAIL(r, "body %d: %s", id, problem);
    if (r->error) return;
    snapshot_derive_body(body, (cpBodyType)r->bodyType[id]);
    r->bodyTransform[id] = body->transform;
    if (!r->build) return;
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
    cpShape *shape = r->build ? xcalloc(1, sizes[type]) : (cpShape *)&scratch;
    if (r->build) r->shapes[id] = shape;
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
    if (!r->build && shape->hashid >= r->shapeIDCounter) FAIL(r, "shape %d's id %llu is not below the space's counter", id, (unsigned long long)shape->hashid);
    if (!r->build && !r->error) {
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
    const char *problem = r->build || r->error ? NULL : snapshot_check_shape(shape, type, type == 2 ? poly->planes + count : NULL, count);
    if (problem) FAIL(r, "shape %d: %s", id, problem);
    if (!r->error) {
        shape->klass = r->probe->shapeClass[type];
        snapshot_derive_shape(shape, type, r->bodyTransform[r->shapeBody[id]]);
        r->shapeBB[id] = shape->bb;
        problem = r->build ? NULL : snapshot_check_bb(shape->bb);
        if (!problem && !r->build) problem = snapshot_check_shape_place(shape->bb);
        if (problem) FAIL(r, "shape %d: %s", id, problem);
    }
    if (!r->build) {
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
    cpConstraint *joint = r->build ? xcalloc(1, size) : (cpConstraint *)scratch;
    if (r->build) r->joints[id] = joint;
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
    const char *problem = r->build || r->error ? NULL : snapshot_check_joint(joint, kind, size);
    if (problem) FAIL(r, "joint %d: %s", id, problem);
    // Only ever compared with a force (any up to the scene format's 1e300 is a scene's).
    if (!r->build && !r->error && !(breakForce >= 0)) FAIL(r, "joint %d's break force is negative or not a number", id);
    if (r->error) return;
    snapshot_derive_joint(joint, kind);
    if (!r->build) return;
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

// The counts and the index kind; the first pass makes the checks' tables,
// the build pass the space and its objects' memory. False when it stops here.
static int read_counts(reader *r) {
    int32_t nb = rd_count(r, 8, "the body count"), ns = rd_count(r, 8, "the shape count"), nj = rd_count(r, 8, "the joint count");
    int32_t na = rd_count(r, 8, "the arbiter count"), nbuf = rd_count(r, 8, "the contact buffer count");
    uint8_t hashed = rd_u8(r);
    if (r->error) return 0;
    if (hashed > 1) { FAIL(r, "the spatial index kind %d is unknown", hashed); return 0; }
    r->nb = nb; r->ns = ns; r->nj = nj; r->na = na; r->nbuf = nbuf; r->hashed = hashed;  // the same in both passes
    if (r->build) {
        r->space = cpSpaceNew();
        r->bodies = xcalloc((size_t)nb + 1, sizeof *r->bodies);
        r->bodies[0] = &r->space->_staticBody;
        for (int32_t i = 1; i <= nb; i++) r->bodies[i] = xcalloc(1, sizeof(cpBody));
        r->shapes = xcalloc((size_t)ns + 1, sizeof *r->shapes);
        r->joints = xcalloc((size_t)nj + 1, sizeof *r->joints);
        return 1;
    }
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
    return 1;
}

// The space's own numbers, its default handler and its collision handlers.
static void read_space(reader *r) {
    cpSpace scratchSpace, *space = r->build ? r->space : &scratchSpace;
    space->iterations = rd_i32(r);
    rd_range(r, space, offsetof(cpSpace, gravity), offsetof(cpSpace, collisionPersistence));
    space->collisionPersistence = rd_u32(r);
    space->stamp = rd_u32(r);
    space->curr_dt = rd_f64(r);
    const char *problem = r->build || r->error ? NULL : snapshot_check_space(space);
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
    if (!r->build && !r->error) r->handlerKind = xcalloc((size_t)r->handlerCount + 1, 1);
    if (r->build) r->handlers = xcalloc((size_t)r->handlerCount + 1, sizeof *r->handlers);
    for (int32_t i = 0; i < r->handlerCount && !r->error; i++) {
        cpCollisionHandler h;
        int kind = read_handler(r, &h, 0);
        if (!r->build) { r->handlerKind[i] = (uint8_t)kind; continue; }
        cpCollisionHandler *made = cpSpaceAddCollisionHandler(r->space, h.typeA, h.typeB);
        memcpy(made, &h, sizeof h);
        r->handlers[i] = made;
    }
    if (r->build) {
        space->usesWildcards = usesWildcards;
        memcpy(&space->defaultHandler, &defaults, sizeof defaults);
    }
}

// The contact ring's buffers (their stamps and counts), linked in ring order.
static void read_buffers(reader *r) {
    int32_t nbuf = r->nbuf;
    if (r->build && nbuf) r->buffers = xcalloc((size_t)nbuf, sizeof *r->buffers);
    for (int32_t i = 0; i < nbuf && !r->error; i++) {
        uint32_t stamp = rd_u32(r), numContacts = rd_u32(r);
        if (!r->error && numContacts > CP_CONTACTS_BUFFER_SIZE) FAIL(r, "contact buffer %d holds %u contacts", i, numContacts);
        if (!r->build) continue;
        cpContactBuffer *buffer = xcalloc(1, sizeof(cpContactBuffer));
        buffer->header.stamp = stamp;
        buffer->header.numContacts = numContacts;
        r->buffers[i] = buffer;
        cpArrayPush(r->space->allocatedBuffers, buffer);
    }
    if (r->build && nbuf) {
        for (int32_t i = 0; i < nbuf; i++) r->buffers[i]->header.next = &r->buffers[(i + 1) % nbuf]->header;
        r->space->contactBuffersHead = &r->buffers[0]->header;
    }
}

// The objects: bodies, shapes, joints, the contact ring, the arbiters.
static void read_objects(reader *r) {
    for (int32_t id = 0; id <= r->nb && !r->error; id++) read_body(r, id);
    pmap hashids = {0};
    if (!r->build && !pmap_init(&hashids, (size_t)r->ns)) FAIL(r, "out of memory");
    for (int32_t id = 0; id < r->ns && !r->error; id++) read_shape(r, id, &hashids);
    pmap_free(&hashids);
    for (int32_t id = 0; id < r->nj && !r->error; id++) read_joint(r, id);
    read_buffers(r);
    if (r->build && r->na) {
        r->arbiters = xcalloc((size_t)r->na, sizeof(cpArbiter));
        cpArrayPush(r->space->allocatedBuffers, r->arbiters);
    }
    for (int32_t id = 0; id < r->na && !r->error; id++) snapshot_read_arbiter(r, id);
}

// What joins the objects: the bodies' lists, the space's arrays, the contact
// graph, the cached arbiters, the spatial indexes.
static void read_structure(reader *r) {
    uint8_t *shapeSeen = r->build ? NULL : xcalloc((size_t)r->ns + 1, 1), *jointSides = r->build ? NULL : xcalloc((size_t)r->nj + 1, 1);
    uint8_t *arbSides = r->build ? NULL : xcalloc((size_t)r->na + 1, 1);
    snapshot_read_body_lists(r, shapeSeen, jointSides, arbSides);
    if (!r->error) snapshot_read_arrays(r, r->bodyWhere);
    if (!r->build && !r->error) snapshot_check_sleeping_contacts(r, arbSides);
    if (!r->build && !r->error) snapshot_check_contact_graph(r, arbSides);
    free(shapeSeen); free(jointSides); free(arbSides);
    if (!r->error) snapshot_read_cached(r);
    if (r->error) return;
    if (r->hashed) {
        snapshot_read_space_hash(r, 0);
        if (!r->error) snapshot_read_space_hash(r, 1);
    } else {
        snapshot_read_trees(r);
    }
    if (!r->build && !r->error)
        for (int32_t s = 0; s < r->ns && !r->error; s++) if (!r->shapeIndexed[s]) FAIL(r, "shape %d is in no spatial index", s);
}

// One pass over the bytes: magic, counts, the space, the objects, what joins them, the end.
static void parse(reader *r) {
    r->pos = 0;
    char magic[8];
    get(r, magic, 8);
    if (r->error || memcmp(magic, SNAPSHOT_MAGIC, 8) != 0) { r->error = NULL; FAIL(r, "the bytes are not a cratebox space (version 1)"); return; }
    if (!read_counts(r)) return;
    read_space(r);
    read_objects(r);
    if (r->error) return;
    read_structure(r);
    if (r->error) return;
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
