// The snapshot reader's state and its primitives, shared by snapshot_read.c
// (the space, its objects and arbiters, the two passes), snapshot_read_graph.c
// (the bodies' lists, the space's arrays, the contact graph, the cached
// arbiters) and snapshot_read_index.c (the spatial indexes). Every read
// checks in the first pass (`build` 0) and makes in the second (`build` 1).
#ifndef SNAPSHOT_READER_H
#define SNAPSHOT_READER_H
#include "snapshot_internal.h"
#include <stddef.h>
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

static inline void out_of_memory(void) {
    fputs("cratebox: out of memory restoring a space\n", stderr);
    abort();
}

static inline void *xcalloc(size_t n, size_t size) {
    void *p = calloc(n ? n : 1, size);
    if (!p) out_of_memory();
    return p;
}

static inline void get(reader *r, void *dst, size_t n) {
    if (r->error || n > r->len - r->pos) {
        FAIL(r, "the space's bytes end early (at byte %zu)", r->pos);
        memset(dst, 0, n);
        return;
    }
    memcpy(dst, r->data + r->pos, n);
    r->pos += n;
}

static inline uint8_t rd_u8(reader *r) { uint8_t v; get(r, &v, 1); return v; }
static inline int32_t rd_i32(reader *r) { int32_t v; get(r, &v, 4); return v; }
static inline uint32_t rd_u32(reader *r) { uint32_t v; get(r, &v, 4); return v; }
static inline uint64_t rd_u64(reader *r) { uint64_t v; get(r, &v, 8); return v; }
static inline double rd_f64(reader *r) { double v; get(r, &v, 8); return v; }
static inline void rd_range(reader *r, void *object, size_t from, size_t to) { get(r, (uint8_t *)object + from, to - from); }

// An id in 0..<count (or -1 when `nullable`); on a bad one, -1 and an error.
static inline int32_t rd_ref(reader *r, int32_t count, int nullable, const char *what) {
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
static inline int32_t rd_count(reader *r, size_t each, const char *what) {
    int32_t v = rd_i32(r);
    if (!r->error && (v < 0 || (size_t)v > (r->len - r->pos) / each)) {
        FAIL(r, "%s is %d, more than the bytes hold (byte %zu)", what, v, r->pos - 4);
        return 0;
    }
    return r->error ? 0 : v;
}

static inline cpBody *body_ptr(reader *r, int32_t id) { return (r->build && id >= 0) ? r->bodies[id] : NULL; }

// By what a handler's callbacks do (snapshot_read.c's read_handler): a
// wildcard one, one that calls the wildcard handlers.
enum { HANDLER_WILDCARD = 1, HANDLER_CALLS_WILDCARDS = 2 };

void snapshot_read_arbiter(reader *r, int32_t id);
void snapshot_read_body_lists(reader *r, uint8_t *shapeSeen, uint8_t *jointSides, uint8_t *arbSides);
void snapshot_read_arrays(reader *r, uint8_t *where);
void snapshot_check_sleeping_contacts(reader *r, const uint8_t *arbSides);
void snapshot_check_contact_graph(reader *r, const uint8_t *arbSides);
void snapshot_read_cached(reader *r);
void snapshot_read_trees(reader *r);
void snapshot_read_space_hash(reader *r, int t);
#endif
