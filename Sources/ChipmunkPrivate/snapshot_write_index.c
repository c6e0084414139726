// Writes a space's arrays and spatial indexes (see snapshot_write.c): a bounding-box
// tree's nodes in preorder (both trees numbered together), then its pairs as
// first met; a spatial hash's handles as first met, its set, its cells.
#include "snapshot_writer.h"

static void write_id_array(writer *w, cpArray *array, int32_t (*id)(writer *, const void *)) {
    sb_i32(&w->out, array->num);
    for (int i = 0; i < array->num; i++) sb_i32(&w->out, id(w, array->arr[i]));
}

static int32_t any_body(writer *w, const void *p) { return snapshot_writer_body_id(w, p, "the space's body arrays"); }
static int32_t any_joint(writer *w, const void *p) { return snapshot_writer_joint_id(w, p, "the space's joints"); }
static int32_t any_arbiter(writer *w, const void *p) { return snapshot_writer_arbiter_id(w, p); }

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

static void add_pair(writer *w, Pair *pair) { snapshot_writer_add_unique(w, &w->pairs, &w->pairList, &w->pairCount, &w->pairCap, pair); }

void snapshot_write_trees(writer *w, struct cpBBTree *trees[2]) {
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
                sb_i32(&w->out, snapshot_writer_shape_id(w, node->obj, "a tree leaf"));
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

void snapshot_write_space_hash(writer *w, struct cpSpaceHash *hash) {
    if (hash->spatialIndex.bbfunc != (cpSpatialIndexBBFunc)cpShapeGetBB) FAIL(w, "a spatial hash has its own bounding box function");
    // Handles as first met: the handle set's, then the cells' (which may hold
    // orphans: handles of shapes removed since).
    pmap_free(&w->handles);
    if (!pmap_init(&w->handles, hash->handleSet->entries)) { FAIL(w, "out of memory"); return; }
    void **list = NULL;
    int32_t count = 0, cap = 0;
    for (unsigned i = 0; i < hash->handleSet->size; i++)
        for (cpHashSetBin *bin = hash->handleSet->table[i]; bin; bin = bin->next) snapshot_writer_add_unique(w, &w->handles, &list, &count, &cap, bin->elt);
    for (int c = 0; c < hash->numcells; c++)
        for (cpSpaceHashBin *bin = hash->table[c]; bin; bin = bin->next) snapshot_writer_add_unique(w, &w->handles, &list, &count, &cap, bin->handle);
    sb_f64(&w->out, hash->celldim);
    sb_i32(&w->out, hash->numcells);
    sb_u32(&w->out, hash->stamp);
    sb_i32(&w->out, count);
    for (int32_t i = 0; i < count; i++) {
        cpHandle *hand = list[i];  // the list holds handles
        sb_i32(&w->out, hand->obj ? snapshot_writer_shape_id(w, hand->obj, "a spatial hash handle") : -1);
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

// The space's arrays, then its spatial indexes (the dynamic one, then the static one).
void snapshot_write_arrays_and_indexes(writer *w, int hashed) {
    cpSpace *space = w->space;
    write_id_array(w, space->dynamicBodies, any_body);
    write_id_array(w, space->staticBodies, any_body);
    write_id_array(w, space->sleepingComponents, any_body);
    write_id_array(w, space->constraints, any_joint);
    write_id_array(w, space->arbiters, any_arbiter);
    sb_u32(&w->out, space->cachedArbiters->size);
    if (hashed) {
        snapshot_write_space_hash(w, (struct cpSpaceHash *)space->dynamicShapes);
        snapshot_write_space_hash(w, (struct cpSpaceHash *)space->staticShapes);
    } else {
        struct cpBBTree *trees[2] = {(struct cpBBTree *)space->dynamicShapes, (struct cpBBTree *)space->staticShapes};
        snapshot_write_trees(w, trees);
    }
    sb_put(&w->out, SNAPSHOT_END, 8);
}
