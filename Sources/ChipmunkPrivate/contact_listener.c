// See chipmunk_callbacks.h, "What a step's contacts sound like". Read after
// cpSpaceStep from space->arbiters: Chipmunk keeps an arbiter there from the
// step it was solved in until the next step starts, with its state still
// CP_ARBITER_STATE_FIRST_COLLISION if the contact began in that step.
//
// The memory of recent impulses is a table keyed by the pair of shapes. It
// is only ever asked "was this pair in contact lately, and with what", or
// walked to carry its entries over (the walk's order decides no lookup), so
// no address or hash order reaches what is heard. A pair that parted within
// the last few steps (Chipmunk keeps a parted arbiter three) is remembered with its last impulse: a pile's
// jitter with sleep off breaks and makes its contacts again, and meeting
// again is compared with what the contact carried, not heard as a new blow
// (issue 46: a resting pile rattled forever). A removed shape's address can
// come back for a new shape within that time; then its first blow may go
// unheard, never a false one.
#include <chipmunk/chipmunk.h>
#include <chipmunk/chipmunk_structs.h>
#include "chipmunk_listener.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/// How many steps a pair that parted is remembered.
enum { PARTED_STEPS = 4 };

typedef struct remembered {
    const cpShape *a, *b;  // NULL a: an empty slot
    double impulse;
    int age;               // steps since the pair was last in contact
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

static size_t slot_of(const cpShape *a, const cpShape *b, size_t capacity) {
    uint64_t h = ((uint64_t)(uintptr_t)a * 0x9E3779B97F4A7C15ULL) ^ (uint64_t)(uintptr_t)b;
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    return (size_t)h & (capacity - 1);
}

static const remembered *recalled(const cratebox_listener *l, const cpShape *a, const cpShape *b) {
    if (l->lastCount == 0) return NULL;
    for (size_t i = slot_of(a, b, l->capacity);; i = (i + 1) & (l->capacity - 1)) {
        if (l->last[i].a == a && l->last[i].b == b) return &l->last[i];
        if (!l->last[i].a) return NULL;
    }
}

// Puts `entry` in `table` unless its pair is there already (in contact now).
static void insert(remembered *table, size_t capacity, remembered entry) {
    size_t i = slot_of(entry.a, entry.b, capacity);
    while (table[i].a) {
        if (table[i].a == entry.a && table[i].b == entry.b) return;
        i = (i + 1) & (capacity - 1);
    }
    table[i] = entry;
}

// Room for `count` pairs, each table at most half full; 0 when memory ran
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
        if (l->last[i].a) insert(last, want, l->last[i]);
    free(l->last);
    free(l->now);
    l->last = last;
    l->now = now;
    l->capacity = want;
    return 1;
}

// A wall's backing (rules 2: a box on the space's own static body, which
// otherwise holds only the walls' segments): a fast body that reaches it has
// struck the wall in front of it, heard once, as the wall.
static int is_backing(const cpSpace *space, const cpShape *shape) {
    return shape->body == space->staticBody && shape->klass->type == CP_POLY_SHAPE;
}

// The body of an arbiter that is not the space's static body.
static const cpBody *moving_body(const cpSpace *space, const cpShape *a, const cpShape *b) {
    return a->body == space->staticBody ? b->body : a->body;
}

// A backing's push joins the onset of the same body against its wall this
// step (a hard fall is as loud as the whole of it); with none, it is heard as
// the wall. Returns whether it made an onset of its own.
static int fold_backing(const cpSpace *space, const cpArbiter *arb, double impulse, double previous, double leastSpeed,
                        cratebox_onset *out, int found, int capacity) {
    const cpBody *body = moving_body(space, arb->a, arb->b);
    int stored = found < capacity ? found : capacity;
    for (int k = 0; k < stored; k++) {
        if (out[k].a->body != space->staticBody && out[k].b->body != space->staticBody) continue;
        if (moving_body(space, out[k].a, out[k].b) != body) continue;
        out[k].impulse += impulse;
        out[k].previous += previous;
        out[k].speed = (out[k].impulse - out[k].previous) * (arb->body_a->m_inv + arb->body_b->m_inv);
        return 0;
    }
    double speed = (impulse - previous) * (arb->body_a->m_inv + arb->body_b->m_inv);
    if (!(speed >= leastSpeed) || arb->count == 0) return 0;
    if (found < capacity) {
        cpVect p = cpvadd(arb->body_a->p, arb->contacts[0].r1);
        out[found] = (cratebox_onset){arb->a, arb->b, impulse, previous, speed, p.x, p.y};
    }
    return 1;
}

int cratebox_listen(cratebox_listener *l, struct cpSpace *space, double leastSpeed, double jump,
                    cratebox_onset *out, int capacity) {
    const cpArray *arbiters = space->arbiters;
    int found = 0;
    int remembering = make_room(l, (size_t)arbiters->num + l->lastCount);
    // The walls' backings after every other arbiter, so that each joins its wall's onset.
    for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < arbiters->num; i++) {
        const cpArbiter *arb = arbiters->arr[i];
        int backing = is_backing(space, arb->a) || is_backing(space, arb->b);
        if (backing != pass) continue;
        double impulse = 0;
        for (int k = 0; k < arb->count; k++) impulse += arb->contacts[k].jnAcc;
        const remembered *before = remembering ? recalled(l, arb->a, arb->b) : NULL;
        if (remembering) insert(l->now, l->capacity, (remembered){arb->a, arb->b, impulse, 0});
        double previous;
        if (arb->state == CP_ARBITER_STATE_FIRST_COLLISION && !(before && before->age > 0)) {
            previous = 0;  // a new contact (one that parted lately meets again below, compared with what it carried)
        } else if (before) {
            previous = before->impulse;
            if (!(impulse > jump * previous)) continue;
            // A contact that already carried a knock's worth is bearing weight at rest
            // (a pile with sleep off): its jitter is no knock (issue 46: it rattled at -25 dB).
            if (previous * (arb->body_a->m_inv + arb->body_b->m_inv) >= leastSpeed) continue;
        } else {
            continue;  // woken, or read back: nothing to compare with
        }
        if (backing) {
            found += fold_backing(space, arb, impulse, previous, leastSpeed, out, found, capacity);
            continue;
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
        // The pairs that parted lately, one step older, after those in contact now.
        size_t kept = (size_t)arbiters->num;
        for (size_t i = 0; i < l->capacity; i++) {
            remembered r = l->last[i];
            if (!r.a || r.age + 1 >= PARTED_STEPS) continue;
            r.age += 1;
            size_t probes = 0;
            for (size_t k = slot_of(r.a, r.b, l->capacity);; k = (k + 1) & (l->capacity - 1)) {
                if (!l->now[k].a) { l->now[k] = r; kept++; break; }
                if (l->now[k].a == r.a && l->now[k].b == r.b) break;  // in contact again now
                if (++probes > l->capacity) break;
            }
        }
        remembered *t = l->last;
        l->last = l->now;
        l->now = t;
        l->lastCount = kept;
    } else {
        cratebox_listener_forget(l);
    }
    return found;
}
