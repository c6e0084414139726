// Reads the arbiters, the bodies' own lists, the space's arrays, the contact
// graph's threading and the cached arbiters' set (see snapshot_read.c).
#include "snapshot_reader.h"

static cpCollisionHandler *handler_ptr(reader *r, uint8_t tag) {
    if (tag >= 3 + r->handlerCount) { FAIL(r, "an arbiter's handler %d is unknown", tag); return NULL; }
    if (r->error) return NULL;
    if (!r->build || tag == 0) return NULL;
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

void snapshot_read_arbiter(reader *r, int32_t id) {
    cpArbiter scratch, *arb = r->build ? &r->arbiters[id] : &scratch;
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
    if (!r->error && !r->build) check_arbiter_handlers(r, id, h, ha, hb);
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
    if (r->build && kind == 1) contacts = r->buffers[buffer]->contacts + offset;
    if (r->build && kind == 2) contacts = xcalloc((size_t)count, sizeof(struct cpContact));  // freed by Chipmunk when the body wakes
    struct cpContact checked[CP_MAX_CONTACTS_PER_ARBITER];
    if (!r->build) contacts = checked;
    if (kind) get(r, contacts, (size_t)count * sizeof(struct cpContact));
    const char *problem = r->build || r->error ? NULL : snapshot_check_arbiter(arb, contacts, kind ? count : 0);
    if (problem) FAIL(r, "arbiter %d: %s", id, problem);
    if (!r->build) return;
    arb->data = NULL;
    arb->a = r->shapes[a];
    arb->b = r->shapes[b];
    arb->body_a = arb->a->body;
    arb->body_b = arb->b->body;
    arb->contacts = contacts;
}

// Each body's shapes, joints and arbiters, in order; checks each is on the
// lists it belongs to, once.
void snapshot_read_body_lists(reader *r, uint8_t *shapeSeen, uint8_t *jointSides, uint8_t *arbSides) {
    for (int32_t id = 0; id <= r->nb && !r->error; id++) {
        cpBody *body = body_ptr(r, id);
        int32_t n = rd_count(r, 4, "a body's shape count");
        cpShape *prev = NULL;
        for (int32_t i = 0; i < n && !r->error; i++) {
            int32_t s = rd_ref(r, r->ns, 0, "a body's shape list");
            if (r->error) break;
            if (!r->build && (r->shapeBody[s] != id || shapeSeen[s]++)) FAIL(r, "shape %d is on body %d's list but not its own", s, id);
            if (!r->build) continue;
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
            if (!r->build) {
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
            if (!r->build) {
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
    if (r->build || r->error) return;
    for (int32_t s = 0; s < r->ns; s++) if (!shapeSeen[s]) FAIL(r, "shape %d is on no body's list", s);
    for (int32_t j = 0; j < r->nj; j++)
        if (r->jointInSpace[j] && jointSides[j] != 3) FAIL(r, "joint %d is not on both its bodies' lists", j);
}

// The space's arrays of bodies, joints and arbiters; checks each body is
// awake, static or asleep in exactly one place.
void snapshot_read_arrays(reader *r, uint8_t *where) {
    cpSpace *space = r->space;
    cpArray *arrays[3] = {r->build ? space->dynamicBodies : NULL, r->build ? space->staticBodies : NULL, r->build ? space->sleepingComponents : NULL};
    for (int k = 0; k < 3 && !r->error; k++) {
        int32_t n = rd_count(r, 4, "a body array's count");
        // With sleeping off, Chipmunk never puts a body to sleep, nor wakes one (cpSpaceProcessComponents):
        // a sleeping body's arbiters would then stay threaded and be threaded again, onto themselves.
        if (!r->error && !r->build && k == 2 && n > 0 && r->sleepOff) FAIL(r, "bodies sleep in a space whose sleeping is off");
        for (int32_t i = 0; i < n && !r->error; i++) {
            int32_t id = rd_ref(r, r->nb + 1, 0, "a body array");
            if (r->error) break;
            if (r->build) { cpArrayPush(arrays[k], r->bodies[id]); continue; }
            if (id == 0 || where[id]) { FAIL(r, "body %d is in the space's arrays twice", id); break; }
            where[id] = (uint8_t)(k + 1);
            int ok = k == 0 ? r->bodyType[id] != CP_BODY_TYPE_STATIC && r->bodyRoot[id] < 0 && r->bodyNext[id] < 0
                   : k == 1 ? r->bodyType[id] == CP_BODY_TYPE_STATIC && r->bodyRoot[id] < 0 && r->bodyNext[id] < 0
                            : r->bodyType[id] == CP_BODY_TYPE_DYNAMIC && r->bodyRoot[id] == id;
            if (!ok) FAIL(r, "body %d is in a body array it does not belong to", id);
        }
    }
    if (!r->build && !r->error) {
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
    uint8_t *seen = r->build ? NULL : xcalloc((size_t)r->nj + 1, 1);
    for (int32_t i = 0; i < n && !r->error; i++) {
        int32_t j = rd_ref(r, r->nj, 0, "the space's joints");
        if (r->error) break;
        if (r->build) cpArrayPush(space->constraints, r->joints[j]);
        else if (!r->jointInSpace[j] || seen[j]++) FAIL(r, "joint %d is in the space's joints twice or is out of the space", j);
        else r->jointInArray[j] = 1;
    }
    free(seen);
    n = rd_count(r, 4, "the arbiter array's count");
    seen = r->build ? NULL : xcalloc((size_t)r->na + 1, 1);
    for (int32_t i = 0; i < n && !r->error; i++) {
        int32_t a = rd_ref(r, r->na, 0, "the space's arbiters");
        if (r->error) break;
        if (r->build) cpArrayPush(space->arbiters, &r->arbiters[a]);
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
void snapshot_check_sleeping_contacts(reader *r, const uint8_t *arbSides) {
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
void snapshot_check_contact_graph(reader *r, const uint8_t *arbSides) {
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

void snapshot_read_cached(reader *r) {
    uint32_t size = rd_u32(r);
    uint32_t cached = 0;
    for (int32_t a = 0; a < r->na; a++) cached += r->arbInCache[a];
    if (!r->error && (!snapshot_is_table_prime(size) || cached >= size)) FAIL(r, "the cached arbiters' table size %u is not one Chipmunk makes", size);
    if (r->error) return;
    if (!r->build) {
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
