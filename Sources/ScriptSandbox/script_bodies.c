// The bodies a script can hold (docs/scene-format.md 16.5): each of the
// World's bodies by its construction index, with its scene id (if any) and
// the script functions Chipmunk calls for it, bound anew whenever the World's
// bodies change, or one at a time as a script spawns and removes them. Three
// lookups: by index, by id (the lowest index with that id wins, as pieces
// the knife cut share their body's id) and by Chipmunk body (for an
// arbiter's bodies and the velocity and position functions). A body bound
// or unbound alone updates them in place (a script that spawns and removes
// thousands stays linear); they are made anew on first use after a full
// binding, after the tables fill, or when an id's winner leaves. Lookups
// only: nothing iterates the hashed ones, so their layout (from addresses)
// reaches no result. An unbound body stays in `bodies`, with no Chipmunk
// body, until the next making anew drops it.
#include "script_sandbox_internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void free_entry(bound_body *b) {
    free(b->id);
    free(b->velocity);
    free(b->position);
}

void script_sandbox_clear_bodies(script_sandbox *s) {
    for (int i = 0; i < s->bodyCount; i++) free_entry(&s->bodies[i]);
    s->bodyCount = 0;
    s->liveBodies = 0;
    s->indexed = 0;
}

static char *copied(const char *text, int *ok) {
    if (!text) return NULL;
    char *copy = strdup(text);
    if (!copy) *ok = 0;
    return copy;
}

static void index_one(script_sandbox *s, int i);

int script_sandbox_bind_body(script_sandbox *s, long long index, const char *id, struct cpBody *body, const char *velocity, const char *position,
                             long long look) {
    if (index < 0 || (s->bodyCount > 0 && index <= s->bodies[s->bodyCount - 1].index)) return 0;  // in increasing order
    if (s->bodyCount == s->bodyCap) {
        int cap = s->bodyCap ? 2 * s->bodyCap : 64;
        void *grown = realloc(s->bodies, (size_t)cap * sizeof *s->bodies);
        if (!grown) return 0;
        s->bodies = grown;
        s->bodyCap = cap;
    }
    int ok = 1;
    bound_body b = {index, copied(id, &ok), body, copied(velocity, &ok), copied(position, &ok), look};
    if (!ok) {
        free_entry(&b);
        return 0;
    }
    s->bodies[s->bodyCount++] = b;
    s->liveBodies++;
    if (s->indexed && (long long)s->bodyCount * 2 <= (long long)s->indexMask + 1 && index < s->indexSpan) index_one(s, s->bodyCount - 1);
    else s->indexed = 0;
    return 1;
}

static uint64_t hash_id(const char *id) {
    uint64_t h = 0xcbf29ce484222325ULL;
    for (const unsigned char *p = (const unsigned char *)id; *p; p++) h = (h ^ *p) * 0x100000001b3ULL;
    return h;
}

static uint64_t hash_body(const struct cpBody *body) { return (uint64_t)(uintptr_t)body * 0x9E3779B97F4A7C15ULL; }

static int grow(int **table, size_t count) {
    int *grown = realloc(*table, count * sizeof **table);
    if (!grown) return 0;
    *table = grown;
    memset(grown, 0, count * sizeof *grown);
    return 1;
}

// Enters entry i, above every entry entered, in the three tables (slots hold
// an entry's number + 1; 0 is empty).
static void index_one(script_sandbox *s, int i) {
    const bound_body *b = &s->bodies[i];
    s->byIndex[b->index] = i + 1;
    uint64_t at = hash_body(b->body) & (uint64_t)s->indexMask;
    while (s->byBody[at]) at = (at + 1) & (uint64_t)s->indexMask;
    s->byBody[at] = i + 1;
    if (!b->id) return;
    at = hash_id(b->id) & (uint64_t)s->indexMask;
    while (s->byId[at]) {
        if (strcmp(s->bodies[s->byId[at] - 1].id, b->id) == 0) return;  // a lower index has this id
        at = (at + 1) & (uint64_t)s->indexMask;
    }
    s->byId[at] = i + 1;
}

// Makes the three tables anew, first dropping unbound entries, with room to
// grow: twice the slots of the entries, and indices to twice the highest. 0 when out of memory.
static int index_bodies(script_sandbox *s) {
    int kept = 0;
    for (int i = 0; i < s->bodyCount; i++) {
        if (s->bodies[i].body) s->bodies[kept++] = s->bodies[i];
        else free_entry(&s->bodies[i]);
    }
    s->bodyCount = kept;
    int cap = 16;
    while (cap < 4 * s->bodyCount) cap *= 2;
    size_t span = s->bodyCount ? 2 * ((size_t)s->bodies[s->bodyCount - 1].index + 1) : 64;
    if (!grow(&s->byId, (size_t)cap) || !grow(&s->byBody, (size_t)cap) || !grow(&s->byIndex, span)) return 0;
    s->indexMask = cap - 1;
    s->indexSpan = (long long)span;
    for (int i = 0; i < s->bodyCount; i++) index_one(s, i);
    s->indexed = 1;
    return 1;
}

void script_sandbox_unbind_body(script_sandbox *s, long long index) {
    if (!s->indexed && !index_bodies(s)) {
        s->indexed = 0;
        return;
    }
    if (index < 0 || index >= s->indexSpan || !s->byIndex[index]) return;
    int i = s->byIndex[index] - 1;
    bound_body *b = &s->bodies[i];
    s->byIndex[index] = 0;
    s->liveBodies--;
    // Its slot in byBody stays (it keeps the probe chains whole) and matches no body.
    b->body = NULL;
    if (b->id) {
        uint64_t at = hash_id(b->id) & (uint64_t)s->indexMask;
        while (s->byId[at] && s->byId[at] != i + 1) at = (at + 1) & (uint64_t)s->indexMask;
        if (s->byId[at] == i + 1) s->indexed = 0;  // it was its id's winner: the next one with that id is found anew
    }
}

const bound_body *sandbox_body_at(script_sandbox *s, long long index) {
    if (!s->indexed && !index_bodies(s)) return NULL;
    if (index < 0 || index >= s->indexSpan || !s->byIndex[index]) return NULL;
    return &s->bodies[s->byIndex[index] - 1];
}

const bound_body *sandbox_body_named(script_sandbox *s, const char *id) {
    if (!s->indexed && !index_bodies(s)) return NULL;
    for (uint64_t at = hash_id(id) & (uint64_t)s->indexMask; s->byId[at]; at = (at + 1) & (uint64_t)s->indexMask) {
        const bound_body *b = &s->bodies[s->byId[at] - 1];
        if (strcmp(b->id, id) == 0) return b;
    }
    return NULL;
}

const bound_body *sandbox_body_of(script_sandbox *s, const struct cpBody *body) {
    if (!body || (!s->indexed && !index_bodies(s))) return NULL;
    for (uint64_t at = hash_body(body) & (uint64_t)s->indexMask; s->byBody[at]; at = (at + 1) & (uint64_t)s->indexMask) {
        const bound_body *b = &s->bodies[s->byBody[at] - 1];
        if (b->body == body) return b;
    }
    return NULL;
}

void sandbox_bodies_free(script_sandbox *s) {
    script_sandbox_clear_bodies(s);
    free(s->bodies);
    free(s->byId);
    free(s->byBody);
    free(s->byIndex);
}
