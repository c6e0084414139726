// See chipmunk_callbacks.h, "What a step's contacts sound like". Read after
// cpSpaceStep from space->arbiters: Chipmunk keeps an arbiter there from the
// step it was solved in until the next step starts, with its state still
// CP_ARBITER_STATE_FIRST_COLLISION if the contact began in that step.
//
// The memory of the last step's impulses is a table keyed by the arbiter's
// address. It is only ever asked "was this arbiter there, and with what":
// never walked, so no address or hash order reaches what is heard. An
// address can come back for another pair in the next step (removing a shape
// pools its arbiters at once), but such an arbiter is new, in the state
// CP_ARBITER_STATE_FIRST_COLLISION, which is tested before the memory is
// used: keep that order.
#include <chipmunk/chipmunk.h>
#include <chipmunk/chipmunk_structs.h>
#include "chipmunk_callbacks.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct remembered {
    const cpArbiter *arbiter;  // NULL: an empty slot
    double impulse;
} remembered;

struct cratebox_listener {
    remembered *last, *now;
    size_t capacity;  // slots in each table, a power of two (0: nothing remembered)
    size_t lastCount;
};

cratebox_listener *cratebox_listener_new(void) { return calloc(1, sizeof(cratebox_listener)); }

void cratebox_listener_free(cratebox_listener *l) {
    if (!l) return;
    free(l->last);
    free(l->now);
    free(l);
}

void cratebox_listener_forget(cratebox_listener *l) {
    if (l->last) memset(l->last, 0, l->capacity * sizeof(remembered));
    l->lastCount = 0;
}

static size_t slot_of(const cpArbiter *arb, size_t capacity) {
    uint64_t h = (uint64_t)(uintptr_t)arb;
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    return (size_t)h & (capacity - 1);
}

static const remembered *recalled(const cratebox_listener *l, const cpArbiter *arb) {
    if (l->lastCount == 0) return NULL;
    for (size_t i = slot_of(arb, l->capacity);; i = (i + 1) & (l->capacity - 1)) {
        if (l->last[i].arbiter == arb) return &l->last[i];
        if (!l->last[i].arbiter) return NULL;
    }
}

static void insert(remembered *table, size_t capacity, const cpArbiter *arb, double impulse) {
    size_t i = slot_of(arb, capacity);
    while (table[i].arbiter) i = (i + 1) & (capacity - 1);
    table[i] = (remembered){arb, impulse};
}

// Room for `count` arbiters, each table at most half full; 0 when memory ran
// out (then nothing is remembered this step, and only contacts that began are heard).
static int make_room(cratebox_listener *l, size_t count) {
    size_t want = 16;
    while (want < 2 * count) want *= 2;
    if (want <= l->capacity) {
        memset(l->now, 0, l->capacity * sizeof(remembered));
        return 1;
    }
    remembered *last = calloc(want, sizeof(remembered)), *now = calloc(want, sizeof(remembered));
    if (!last || !now) {
        free(last);
        free(now);
        return 0;
    }
    for (size_t i = 0; i < l->capacity; i++)
        if (l->last[i].arbiter) insert(last, want, l->last[i].arbiter, l->last[i].impulse);
    free(l->last);
    free(l->now);
    l->last = last;
    l->now = now;
    l->capacity = want;
    return 1;
}

int cratebox_listen(cratebox_listener *l, struct cpSpace *space, double leastSpeed, double jump,
                    cratebox_onset *out, int capacity) {
    const cpArray *arbiters = space->arbiters;
    int found = 0;
    int remembering = make_room(l, (size_t)arbiters->num);
    for (int i = 0; i < arbiters->num; i++) {
        const cpArbiter *arb = arbiters->arr[i];
        double impulse = 0;
        for (int k = 0; k < arb->count; k++) impulse += arb->contacts[k].jnAcc;
        const remembered *before = remembering ? recalled(l, arb) : NULL;
        if (remembering) insert(l->now, l->capacity, arb, impulse);
        double previous;
        if (arb->state == CP_ARBITER_STATE_FIRST_COLLISION) {
            previous = 0;
        } else if (before) {
            previous = before->impulse;
            if (!(impulse > jump * previous)) continue;
        } else {
            continue;  // woken, or read back: nothing to compare with
        }
        double speed = (impulse - previous) * (arb->body_a->m_inv + arb->body_b->m_inv);
        if (!(speed >= leastSpeed) || arb->count == 0) continue;
        if (found < capacity) {
            cpVect p = cpvadd(arb->body_a->p, arb->contacts[0].r1);
            out[found] = (cratebox_onset){arb->a, arb->b, impulse, previous, speed, p.x, p.y};
        }
        found++;
    }
    if (remembering) {
        remembered *t = l->last;
        l->last = l->now;
        l->now = t;
        l->lastCount = (size_t)arbiters->num;
    } else {
        cratebox_listener_forget(l);
    }
    return found;
}
