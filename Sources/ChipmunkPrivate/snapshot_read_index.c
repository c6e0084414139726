// Reads the spatial indexes (see snapshot_read.c): the two bounding-box
// trees, their pairs and leaf sets, or the two spatial hashes.
#include "snapshot_reader.h"

#include <math.h>

// A hash set of leaves or handles: its size, then each bin's chain; `elements`
// are the built objects, whose first field is their shape.
static void read_set(reader *r, cpHashSet *set, int32_t count, const int32_t *shapeOf, void **elements, uint8_t *listed,
                     const char *what) {
    uint32_t size = rd_u32(r), entries = rd_u32(r);
    if (!r->error && (!snapshot_is_table_prime(size) || entries >= size)) FAIL(r, "%s's table size %u is not one Chipmunk makes", what, size);
    if (r->error) return;
    cpHashSetBin *bins = NULL;
    if (r->build) {
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
            if (!r->build) {
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
    if (!r->build && !r->error && used != entries) FAIL(r, "%s holds %u, not the %u it says", what, used, entries);
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

// What reading the two trees keeps between its parts: both trees' nodes,
// numbered together (each one's shape, -1 for an internal node, and in the
// build pass the node made), and each pair's two leaves.
typedef struct tree_read {
    struct cpBBTree *trees[2];
    int32_t counts[2], first[2], total;
    uint32_t masterStamp;
    int32_t *nodeShape;
    Node **built;
    size_t nodeCap;
    int32_t npairs, *pairLeaf;
} tree_read;

// Tree t's velocity function, stamp and node count (the dynamic tree's stamp
// is the master one); in the build pass, the block its nodes go in.
static Node *read_tree_header(reader *r, tree_read *tr, int t) {
    uint8_t hasVelocity = rd_u8(r);
    uint32_t stamp = rd_u32(r);
    if (t == 0) tr->masterStamp = stamp;
    tr->counts[t] = rd_count(r, 1 + sizeof(cpBB) + 8, "a tree's node count");
    tr->first[t] = tr->total;
    if (r->error) return NULL;
    if ((size_t)(tr->total + tr->counts[t]) + 1 > tr->nodeCap) {
        tr->nodeCap = (size_t)(tr->total + tr->counts[t]) + 1;
        tr->nodeShape = realloc(tr->nodeShape, tr->nodeCap * sizeof *tr->nodeShape);
        tr->built = realloc(tr->built, tr->nodeCap * sizeof *tr->built);
        if (!tr->nodeShape || !tr->built) out_of_memory();
    }
    Node *block = NULL;
    if (r->build) {
        tr->trees[t]->velocityFunc = hasVelocity ? r->probe->shapeVelocity : NULL;
        tr->trees[t]->stamp = stamp;
        if (tr->counts[t]) {
            block = xcalloc((size_t)tr->counts[t], sizeof(Node));
            cpArrayPush(tr->trees[t]->allocatedBuffers, block);
        }
    }
    return block;
}

// A leaf's shape and stamp. Between steps every leaf is older than the
// dynamic (master) tree's stamp (cpBBTreeInsert and the reindex bump it after
// stamping): one as new as it is taken for moved, queried afresh beside its
// old pairs, and its contacts then go onto the contact graph twice.
static int32_t read_leaf(reader *r, tree_read *tr, Node *node, int t) {
    int32_t shape = rd_ref(r, r->ns, 0, "a tree leaf's shape");
    node->node.leaf.stamp = rd_u32(r);
    if (r->error || r->build) return shape;
    if (node->node.leaf.stamp >= tr->masterStamp) FAIL(r, "a tree leaf's stamp is not older than its tree's");
    if (!r->error && r->shapeIndexed[shape]++) FAIL(r, "shape %d is in the spatial index twice", shape);
    if (!r->error) check_index(r, shape, t);
    return shape;
}

// Tree t's nodes in preorder, with a stack of the internal nodes still
// waiting for a child (and their levels), linking each to its parent.
static void read_tree_nodes(reader *r, tree_read *tr, int t, Node *block) {
    int32_t count = tr->counts[t], base = tr->total;
    Node **stack = r->build ? xcalloc((size_t)count + 1, sizeof *stack) : NULL;
    int32_t *levels = xcalloc((size_t)count + 1, sizeof *levels);
    uint8_t *hasChild = xcalloc((size_t)count + 1, 1);
    int32_t depth = 0, need = count ? 1 : 0;
    for (int32_t i = 0; i < count && !r->error; i++) {
        if (need == 0) { FAIL(r, "a tree has nodes beyond its last leaf"); break; }
        need--;
        uint8_t leaf = rd_u8(r);
        Node scratch, *node = r->build ? &block[i] : &scratch;
        get(r, &node->bb, sizeof node->bb);
        const char *problem = r->build || r->error ? NULL : snapshot_check_bb(node->bb);
        if (problem) FAIL(r, "a tree node: %s", problem);
        int32_t level = i == 0 ? 0 : levels[depth - 1] + 1;
        if (!r->error && level > MAX_TREE_DEPTH) FAIL(r, "a tree is deeper than %d levels", MAX_TREE_DEPTH);
        int32_t shape = -1;
        if (leaf) shape = read_leaf(r, tr, node, t);
        else need += 2;
        tr->nodeShape[base + i] = shape;
        if (r->error) break;
        int secondChild = i > 0 && hasChild[depth - 1];
        if (i > 0) hasChild[depth - 1] = 1;
        if (r->build) {
            tr->built[base + i] = node;
            node->obj = leaf ? r->shapes[shape] : NULL;
            node->parent = i == 0 ? NULL : stack[depth - 1];
            if (i == 0) tr->trees[t]->root = node;
            else if (secondChild) node->parent->node.children.b = node;
            else node->parent->node.children.a = node;
        }
        if (secondChild) depth--;
        if (!leaf) {
            if (r->build) stack[depth] = node;
            hasChild[depth] = 0;
            levels[depth++] = level;
        }
    }
    free(stack);
    free(levels);
    free(hasChild);
    if (!r->error && need != 0) FAIL(r, "a tree's nodes end before its leaves");
}

// The pairs: the two leaves each joins. Chipmunk pairs a moving leaf with
// each leaf it overlaps, once (cpBBTree.c's MarkLeafQuery): a second pair of
// the same leaves makes one arbiter go onto the contact graph twice.
static void read_pairs(reader *r, tree_read *tr) {
    int32_t npairs = tr->npairs = rd_count(r, 12, "the tree pair count"), total = tr->total;
    tr->pairLeaf = r->error ? NULL : xcalloc(2 * (size_t)npairs + 1, sizeof(int32_t));
    pmap seen = {0};
    if (!r->build && !r->error && !pmap_init(&seen, (size_t)npairs)) FAIL(r, "out of memory");
    if (r->build && npairs) {
        r->pairs = xcalloc((size_t)npairs, sizeof(Pair));
        cpArrayPush(tr->trees[0]->allocatedBuffers, r->pairs);  // pairs belong to the dynamic (master) tree
    }
    for (int32_t p = 0; p < npairs && !r->error; p++) {
        int32_t a = rd_ref(r, total, 0, "a pair's first leaf"), b = rd_ref(r, total, 0, "a pair's second leaf");
        uint32_t id = rd_u32(r);
        if (r->error) break;
        if (tr->nodeShape[a] < 0 || tr->nodeShape[b] < 0 || a == b) { FAIL(r, "pair %d does not join two leaves", p); break; }
        if (!r->build) {
            uint64_t x = (uint64_t)a, y = (uint64_t)b, key = (x < y ? x * (uint64_t)total + y : y * (uint64_t)total + x) + 1;
            if (a >= tr->first[1] && b >= tr->first[1]) { FAIL(r, "pair %d joins two leaves of the static tree", p); break; }
            if (pmap_get(&seen, (void *)(uintptr_t)key) >= 0) { FAIL(r, "pairs %d and %d join the same two leaves", pmap_get(&seen, (void *)(uintptr_t)key), p); break; }
            if (!pmap_put(&seen, (void *)(uintptr_t)key, p)) { FAIL(r, "out of memory"); break; }
        }
        tr->pairLeaf[2 * p] = a;
        tr->pairLeaf[2 * p + 1] = b;
        if (!r->build) continue;
        r->pairs[p].a.leaf = tr->built[a];
        r->pairs[p].b.leaf = tr->built[b];
        r->pairs[p].id = id;
    }
    pmap_free(&seen);
}

// Each leaf's list of pairs, in order: each pair on both its leaves' lists,
// threaded through them in the build pass.
static void thread_pairs(reader *r, tree_read *tr) {
    uint8_t *sides = (r->error || r->build) ? NULL : xcalloc((size_t)tr->npairs + 1, 1);
    for (int32_t at = 0; at < tr->total && !r->error; at++) {
        if (tr->nodeShape[at] < 0) continue;
        int32_t n = rd_count(r, 4, "a leaf's pair count");
        Pair *prev = NULL;
        for (int32_t k = 0; k < n && !r->error; k++) {
            int32_t p = rd_ref(r, tr->npairs, 0, "a leaf's pair list");
            if (r->error) break;
            if (!r->build) {
                const int32_t *joins = tr->pairLeaf + 2 * p;
                int side = joins[0] == at && !(sides[p] & 1) ? 1 : joins[1] == at && !(sides[p] & 2) ? 2 : 0;
                if (!side) FAIL(r, "pair %d is on a leaf's list it does not join", p);
                sides[p] |= (uint8_t)side;
                continue;
            }
            Node *leaf = tr->built[at];
            Pair *pair = &r->pairs[p];
            Thread *thread = pair->a.leaf == leaf ? &pair->a : &pair->b;
            thread->prev = prev;
            thread->next = NULL;
            if (prev) { if (prev->a.leaf == leaf) prev->a.next = pair; else prev->b.next = pair; }
            else leaf->node.leaf.pairs = pair;
            prev = pair;
        }
    }
    if (sides) for (int32_t p = 0; p < tr->npairs && !r->error; p++) if (sides[p] != 3) FAIL(r, "pair %d is not on both its leaves' lists", p);
    free(sides);
}

// The two trees: each one's nodes, then the pairs and each leaf's list of
// them, then each tree's leaf set.
void snapshot_read_trees(reader *r) {
    tree_read tr = {{r->build ? (struct cpBBTree *)r->space->dynamicShapes : NULL, r->build ? (struct cpBBTree *)r->space->staticShapes : NULL}};
    for (int t = 0; t < 2 && !r->error; t++) {
        Node *block = read_tree_header(r, &tr, t);
        if (r->error) break;
        read_tree_nodes(r, &tr, t, block);
        tr.total += tr.counts[t];
    }
    read_pairs(r, &tr);
    thread_pairs(r, &tr);
    free(tr.pairLeaf);
    for (int t = 0; t < 2 && !r->error; t++) {
        uint8_t *listed = r->build ? NULL : xcalloc((size_t)tr.counts[t] + 1, 1);
        read_set(r, r->build ? tr.trees[t]->leaves : NULL, tr.counts[t], tr.nodeShape + tr.first[t],
                 r->build ? (void **)(tr.built + tr.first[t]) : NULL, listed, "a tree's leaf set");
        if (listed) for (int32_t i = 0; i < tr.counts[t] && !r->error; i++)
            if (tr.nodeShape[tr.first[t] + i] >= 0 && !listed[i]) FAIL(r, "a tree leaf is not in its tree's leaf set");
        free(listed);
    }
    free(tr.nodeShape);
    free(tr.built);
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

// What reading one spatial hash keeps between its parts: the hash (build
// pass), its handles, and each handle's shape, retain count and listing.
typedef struct hash_read {
    struct cpSpaceHash *hash;
    double celldim;
    int32_t numcells, nh, *shapeOf, *retain;
    cpHandle *handles;
    uint8_t *listed;
} hash_read;

// The hash's handles: each one's shape (or none: an orphan), retain count and stamp.
static void read_handles(reader *r, hash_read *hr, int t) {
    hr->handles = r->build ? xcalloc((size_t)hr->nh, sizeof(cpHandle)) : NULL;
    if (r->build) cpArrayPush(hr->hash->allocatedBuffers, hr->handles);
    hr->shapeOf = xcalloc((size_t)hr->nh + 1, sizeof(int32_t));
    hr->retain = xcalloc((size_t)hr->nh + 1, sizeof(int32_t));
    for (int32_t i = 0; i < hr->nh && !r->error; i++) {
        int32_t shape = hr->shapeOf[i] = rd_ref(r, r->ns, 1, "a spatial hash handle's shape");
        hr->retain[i] = rd_i32(r);
        uint32_t handStamp = rd_u32(r);
        if (!r->error && !r->build && shape >= 0 && r->shapeIndexed[shape]++) FAIL(r, "shape %d is in the spatial index twice", shape);
        if (!r->error && !r->build && shape >= 0) check_index(r, shape, t);
        if (!r->error && !r->build && shape >= 0) check_cells(r, shape, hr->celldim);
        if (!r->build) continue;
        hr->handles[i].obj = shape >= 0 ? r->shapes[shape] : NULL;
        hr->handles[i].retain = hr->retain[i];
        hr->handles[i].stamp = handStamp;
    }
}

// The cells in use, in order, each with its handles; each handle held as
// many times as its retain count says (its cells, and the set once if listed).
static void read_cells(reader *r, hash_read *hr, int t) {
    int32_t nh = hr->nh;
    int32_t *refs = r->build ? NULL : xcalloc((size_t)nh + 1, sizeof(int32_t));
    int32_t used = rd_count(r, 12, "a spatial hash's cell count");
    cpSpaceHashBin *bins = NULL;
    if (r->build) {
        bins = xcalloc((size_t)r->indexBins[t], sizeof *bins);
        cpArrayPush(hr->hash->allocatedBuffers, bins);
    }
    int32_t binCount = 0, lastCell = -1;
    for (int32_t u = 0; u < used && !r->error; u++) {
        int32_t cell = rd_i32(r), n = rd_count(r, 4, "a cell's handle count");
        if (!r->error && (cell <= lastCell || cell >= hr->numcells || n < 1)) FAIL(r, "a spatial hash's cell %d is out of order or empty", cell);
        lastCell = cell;
        cpSpaceHashBin *prev = NULL;
        for (int32_t k = 0; k < n && !r->error; k++) {
            int32_t h = rd_ref(r, nh, 0, "a cell's handle");
            if (r->error) break;
            if (!r->build) { refs[h]++; binCount++; continue; }
            cpSpaceHashBin *bin = &bins[binCount++];
            bin->handle = &hr->handles[h];
            if (prev) prev->next = bin; else hr->hash->table[cell] = bin;
            prev = bin;
        }
    }
    if (!r->build) {
        r->indexBins[t] = binCount;
        for (int32_t i = 0; i < nh && !r->error; i++)
            if (hr->retain[i] != refs[i] + hr->listed[i] || (hr->shapeOf[i] >= 0) != (hr->listed[i] == 1))
                FAIL(r, "spatial hash handle %d is held %d times but counts %d", i, refs[i] + hr->listed[i], hr->retain[i]);
    }
    free(refs);
}

// Spatial hash t (0: the dynamic one, 1: the static one): its size, its
// handles, its handle set, its cells.
void snapshot_read_space_hash(reader *r, int t) {
    hash_read hr = {0};
    hr.celldim = rd_f64(r);
    hr.numcells = rd_i32(r);
    uint32_t stamp = rd_u32(r);
    if (!r->error && (!(hr.celldim > 0) || !(hr.celldim <= NUMBER_LIMIT) || hr.numcells < 1 || hr.numcells > MAX_HASH_CELLS))
        FAIL(r, "a spatial hash of %d cells of %g is not one a scene makes", hr.numcells, hr.celldim);
    hr.nh = rd_count(r, 12, "a spatial hash's handle count");
    if (r->error) return;
    if (r->build) {
        if (t == 0) cpSpaceUseSpatialHash(r->space, hr.celldim, hr.numcells);
        hr.hash = (struct cpSpaceHash *)(t == 0 ? r->space->dynamicShapes : r->space->staticShapes);
        hr.hash->celldim = hr.celldim;
        hr.hash->numcells = hr.numcells;
        free(hr.hash->table);
        hr.hash->table = xcalloc((size_t)hr.numcells, sizeof *hr.hash->table);
        hr.hash->stamp = stamp;
    }
    read_handles(r, &hr, t);
    void **elements = NULL;
    if (r->build) {
        elements = xcalloc((size_t)hr.nh + 1, sizeof *elements);
        for (int32_t i = 0; i < hr.nh; i++) elements[i] = &hr.handles[i];
    }
    hr.listed = xcalloc((size_t)hr.nh + 1, 1);
    read_set(r, r->build ? hr.hash->handleSet : NULL, hr.nh, hr.shapeOf, elements, hr.listed, "a spatial hash's handle set");
    free(elements);
    read_cells(r, &hr, t);
    free(hr.listed);
    free(hr.shapeOf);
    free(hr.retain);
}
