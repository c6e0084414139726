// The snapshot writer's state, shared by snapshot_write.c (the space, its
// objects and arbiters) and snapshot_write_index.c (its spatial indexes).
#ifndef SNAPSHOT_WRITER_H
#define SNAPSHOT_WRITER_H
#include "snapshot_internal.h"
#include <stddef.h>
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

// Ids of what the space holds (-1 for NULL); what the writer does not know fails the write.
int32_t snapshot_writer_body_id(writer *w, const cpBody *body, const char *where);
int32_t snapshot_writer_shape_id(writer *w, const cpShape *shape, const char *where);
int32_t snapshot_writer_joint_id(writer *w, const cpConstraint *joint, const char *where);
int32_t snapshot_writer_arbiter_id(writer *w, const cpArbiter *arb);
// Gives `item` the next id (its place in `items`) unless it has one: the one
// way arbiters, pairs and handles are numbered, as first met.
void snapshot_writer_add_unique(writer *w, pmap *ids, void ***items, int32_t *count, int32_t *cap, void *item);
// The space's arrays, then its spatial indexes (snapshot_write_index.c).
void snapshot_write_arrays_and_indexes(writer *w, int hashed);
// The spatial indexes: both trees, or one spatial hash.
void snapshot_write_trees(writer *w, struct cpBBTree *trees[2]);
void snapshot_write_space_hash(writer *w, struct cpSpaceHash *hash);
#endif
