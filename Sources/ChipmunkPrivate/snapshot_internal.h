// What the writer and the reader share: Chipmunk 7.0.3's private layouts
// (declared only in its .c files; re-declared here byte for byte and checked
// by snapshot_probe.c), the byte buffer, the address map, the probed tables.
#ifndef SNAPSHOT_INTERNAL_H
#define SNAPSHOT_INTERNAL_H
#include <chipmunk/chipmunk_private.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// cpHashSet.c
typedef struct cpHashSetBin { void *elt; cpHashValue hash; struct cpHashSetBin *next; } cpHashSetBin;
struct cpHashSet {
    unsigned int entries, size;
    cpHashSetEqlFunc eql;
    void *default_value;
    cpHashSetBin **table;
    cpHashSetBin *pooledBins;
    cpArray *allocatedBuffers;
};
// cpBBTree.c
typedef struct Node Node;
typedef struct Pair Pair;
struct cpBBTree {
    cpSpatialIndex spatialIndex;
    cpBBTreeVelocityFunc velocityFunc;
    cpHashSet *leaves;
    Node *root;
    Node *pooledNodes;
    Pair *pooledPairs;
    cpArray *allocatedBuffers;
    cpTimestamp stamp;
};
struct Node {
    void *obj;
    cpBB bb;
    Node *parent;
    union {
        struct { Node *a, *b; } children;
        struct { cpTimestamp stamp; Pair *pairs; } leaf;
    } node;
};
typedef struct Thread { Pair *prev; Node *leaf; Pair *next; } Thread;
struct Pair { Thread a, b; cpCollisionID id; };
// cpSpaceHash.c
typedef struct cpSpaceHashBin cpSpaceHashBin;
typedef struct cpHandle cpHandle;
struct cpSpaceHash {
    cpSpatialIndex spatialIndex;
    int numcells;
    cpFloat celldim;
    cpSpaceHashBin **table;
    cpHashSet *handleSet;
    cpSpaceHashBin *pooledBins;
    cpArray *pooledHandles;
    cpArray *allocatedBuffers;
    cpTimestamp stamp;
};
struct cpHandle { void *obj; int retain; cpTimestamp stamp; };
struct cpSpaceHashBin { cpHandle *handle; cpSpaceHashBin *next; };
// cpSpaceStep.c
struct cpContactBufferHeader { cpTimestamp stamp; cpContactBufferHeader *next; unsigned int numContacts; };
#define CP_CONTACTS_BUFFER_SIZE ((CP_BUFFER_BYTES - sizeof(cpContactBufferHeader)) / sizeof(struct cpContact))
typedef struct cpContactBuffer {
    cpContactBufferHeader header;
    struct cpContact contacts[CP_CONTACTS_BUFFER_SIZE];
} cpContactBuffer;

// The format's magic (and its version) at the start and the end of the bytes.
#define SNAPSHOT_MAGIC "cpspace1"
#define SNAPSHOT_END "endspace"
enum { JOINT_KINDS = 10, HANDLER_FUNCS = 16 };

// What is not exported from the library, read off probe objects once.
typedef struct snapshot_probe {
    const cpSpatialIndexClass *bbtreeClass, *spaceHashClass;
    cpBBTreeVelocityFunc shapeVelocity;
    const cpShapeClass *shapeClass[3];            // by cpShapeType
    const cpConstraintClass *jointClass[JOINT_KINDS];
    size_t jointSize[JOINT_KINDS];
    cpDampedSpringForceFunc springForce;
    cpDampedRotarySpringTorqueFunc springTorque;
    void *scriptBody[2];                         // a scene script's velocity and position functions
    void *scriptJoint[4];                        // a scene script's spring force, torque, pre- and post-solve
    void *handlerFunc[HANDLER_FUNCS];            // tags: NULL, AlwaysCollide, DoNothing, Default begin/pre/post/separate, one-way, script pair (4), script wildcard (4)
    void *breakable;
} snapshot_probe;
const snapshot_probe *snapshot_probe_get(const char **error);
int snapshot_handler_tag(const snapshot_probe *probe, void *func);  // -1: unknown

// A growing byte buffer (oom set on failure; the writer checks it at the end).
typedef struct sbuf { uint8_t *data; size_t len, cap; int oom; } sbuf;
void sb_put(sbuf *b, const void *p, size_t n);
static inline void sb_u8(sbuf *b, uint8_t v) { sb_put(b, &v, 1); }
static inline void sb_i32(sbuf *b, int32_t v) { sb_put(b, &v, 4); }
static inline void sb_u32(sbuf *b, uint32_t v) { sb_put(b, &v, 4); }
static inline void sb_u64(sbuf *b, uint64_t v) { sb_put(b, &v, 8); }
static inline void sb_f64(sbuf *b, double v) { sb_put(b, &v, 8); }

// An address -> id map, open addressing (lookups only: never iterated, so
// addresses never decide an order).
typedef struct pmap { uintptr_t *keys; int32_t *vals; size_t mask, count; } pmap;
int pmap_init(pmap *m, size_t n);
void pmap_free(pmap *m);
int pmap_put(pmap *m, const void *key, int32_t val);  // 0: out of memory (grows as it fills)
int32_t pmap_get(const pmap *m, const void *key);  // -1: absent

// The primes Chipmunk sizes its hash tables with (prime.h).
int snapshot_is_table_prime(uint32_t n);

// What a space read back may hold beyond its structure (snapshot_values.c).
// Every number within NUMBER_LIMIT (no step overflows from there); the scene
// format's solver iterations and spatial hash cells (Chipmunk rounds a scene's
// at most 1,000,000 cells up to the prime 1,572,869); a shape in a spatial
// hash at most MAX_CELLS_ACROSS cells across and no farther out than
// MAX_CELL_INDEX cells (Chipmunk turns cell numbers into ints); a bounding-box
// tree at most MAX_TREE_DEPTH deep (Chipmunk's tree queries recurse per level).
#define NUMBER_LIMIT 1e30
// A shape at most SIZE_RATIO times its own size from the origin: where
// doubles still tell its vertices apart (Chipmunk's collision code asserts
// when they do not); a crate of 1e-3, the smallest size, may be 1e9 out.
#define SIZE_RATIO 1099511627776.0
enum { MAX_ITERATIONS = 1000, MAX_HASH_CELLS = 1572869, MAX_CELLS_ACROSS = 256, MAX_TREE_DEPTH = 2000 };
#define MAX_CELL_INDEX 1073741824.0
const char *snapshot_check_space(const cpSpace *space);
const char *snapshot_check_body(const cpBody *body, cpBodyType type);
void snapshot_derive_body(cpBody *body, cpBodyType type);
const char *snapshot_check_shape(const cpShape *shape, int type, const struct cpSplittingPlane *local, int count);
void snapshot_derive_shape(cpShape *shape, int type, cpTransform transform);
const char *snapshot_check_bb(cpBB bb);
const char *snapshot_check_shape_place(cpBB bb);
const char *snapshot_check_joint(const cpConstraint *joint, int kind, size_t size);
void snapshot_derive_joint(cpConstraint *joint, int kind);
const char *snapshot_check_arbiter(const cpArbiter *arb, const struct cpContact *contacts, int count);
#endif
