// The bodies a script can name (docs/scene-format.md 16.5): each scene id
// with its Chipmunk body, bound anew whenever the World's bodies change, with
// two lookup tables made on first use: by id (the first body bound with an id
// wins, as pieces the knife cut share their body's id) and by body (for an
// arbiter's bodies). Lookups only: nothing iterates them, so their layout
// (from addresses) reaches no result.
#include "script_sandbox_internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void script_sandbox_clear_bodies(script_sandbox *s) {
    for (int i = 0; i < s->bodyCount; i++) free(s->bodies[i].id);
    s->bodyCount = 0;
    s->indexed = 0;
}

int script_sandbox_bind_body(script_sandbox *s, const char *id, struct cpBody *body) {
    if (s->bodyCount == s->bodyCap) {
        int cap = s->bodyCap ? 2 * s->bodyCap : 64;
        void *grown = realloc(s->bodies, (size_t)cap * sizeof *s->bodies);
        if (!grown) return 0;
        s->bodies = grown;
        s->bodyCap = cap;
    }
    char *copy = strdup(id);
    if (!copy) return 0;
    s->bodies[s->bodyCount++] = (bound_body){copy, body};
    s->indexed = 0;
    return 1;
}

static uint64_t hash_id(const char *id) {
    uint64_t h = 0xcbf29ce484222325ULL;
    for (const unsigned char *p = (const unsigned char *)id; *p; p++) h = (h ^ *p) * 0x100000001b3ULL;
    return h;
}

static uint64_t hash_body(const struct cpBody *body) { return (uint64_t)(uintptr_t)body * 0x9E3779B97F4A7C15ULL; }

// Makes both tables (slots hold a body's index + 1; 0 is empty). 0 when out of memory.
static int index_bodies(script_sandbox *s) {
    int cap = 16;
    while (cap < 2 * s->bodyCount) cap *= 2;
    if (cap > s->indexCap) {
        int *byId = realloc(s->byId, (size_t)cap * sizeof *byId);
        if (byId) s->byId = byId;
        int *byBody = realloc(s->byBody, (size_t)cap * sizeof *byBody);
        if (byBody) s->byBody = byBody;
        if (!byId || !byBody) return 0;
        s->indexCap = cap;
    }
    s->indexMask = cap - 1;
    memset(s->byId, 0, (size_t)cap * sizeof *s->byId);
    memset(s->byBody, 0, (size_t)cap * sizeof *s->byBody);
    for (int i = 0; i < s->bodyCount; i++) {
        uint64_t at = hash_id(s->bodies[i].id) & (uint64_t)s->indexMask;
        int first = 1;
        while (s->byId[at]) {
            if (strcmp(s->bodies[s->byId[at] - 1].id, s->bodies[i].id) == 0) { first = 0; break; }
            at = (at + 1) & (uint64_t)s->indexMask;
        }
        if (first) s->byId[at] = i + 1;
        at = hash_body(s->bodies[i].body) & (uint64_t)s->indexMask;
        while (s->byBody[at]) at = (at + 1) & (uint64_t)s->indexMask;
        s->byBody[at] = i + 1;
    }
    s->indexed = 1;
    return 1;
}

struct cpBody *sandbox_bound(script_sandbox *s, const char *id) {
    if (!s->indexed && !index_bodies(s)) return NULL;
    for (uint64_t at = hash_id(id) & (uint64_t)s->indexMask; s->byId[at]; at = (at + 1) & (uint64_t)s->indexMask) {
        const bound_body *b = &s->bodies[s->byId[at] - 1];
        if (strcmp(b->id, id) == 0) return b->body;
    }
    return NULL;
}

const char *sandbox_id_of(script_sandbox *s, const struct cpBody *body) {
    if (!body || (!s->indexed && !index_bodies(s))) return NULL;
    for (uint64_t at = hash_body(body) & (uint64_t)s->indexMask; s->byBody[at]; at = (at + 1) & (uint64_t)s->indexMask) {
        const bound_body *b = &s->bodies[s->byBody[at] - 1];
        if (b->body == body) return b->id;
    }
    return NULL;
}

void sandbox_bodies_free(script_sandbox *s) {
    script_sandbox_clear_bodies(s);
    free(s->bodies);
    free(s->byId);
    free(s->byBody);
}
