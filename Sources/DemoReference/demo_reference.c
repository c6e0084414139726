// The demo reference's dispatch, bookkeeping, stepping, state hash and
// teardown (include/demo_reference.h). The demos themselves are in one file
// each, named after the demo.

// No fused multiply-adds anywhere in this file, Chipmunk's inline vector
// functions included (so before the includes): the bits must be the demo's.
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

#include "demo_reference.h"
#include "demo_world.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *name;
    void (*build)(demo_world *world);
    int uses_rand;  // the demo draws from rand(): seed it as the demo app's RunDemo does
} demo_entry;

static const demo_entry demo_table[] = {
    {"joints", demo_build_joints, 0},
    {"theojansen", demo_build_theojansen, 0},
    {"chains", demo_build_chains, 0},
    {"chains-thrown", demo_build_chains_thrown, 0},
    {"oneway", demo_build_oneway, 0},
    {"tumble", demo_build_tumble, 1},
    {"pyramidstack", demo_build_pyramidstack, 0},
    {"pyramidtopple", demo_build_pyramidtopple, 0},
    {"logosmash", demo_build_logosmash, 1},
    {"player", demo_build_player, 0},
    {"tank", demo_build_tank, 1},
    {"buoyancy", demo_build_buoyancy, 0},
    {"unicycle", demo_build_unicycle, 0},
    {"planet", demo_build_planet, 1},
    {"springies", demo_build_springies, 0},
    {"plink", demo_build_plink, 1},
};

// The seed the demo app passes to srand() before building any demo.
enum { DEMO_APP_SEED = 45073 };

static void list_push(demo_list *list, void *item) {
    if (list->count == list->capacity) {
        int capacity = list->capacity ? 2 * list->capacity : 64;
        void **items = realloc(list->items, (size_t)capacity * sizeof *items);
        if (!items) abort();  // a test reference: running out of memory is fatal
        list->items = items;
        list->capacity = capacity;
    }
    list->items[list->count++] = item;
}

cpBody *demo_add_body(demo_world *world, cpBody *body) {
    list_push(&world->bodies, body);
    return cpSpaceAddBody(world->space, body);
}

cpShape *demo_add_shape(demo_world *world, cpShape *shape) {
    list_push(&world->shapes, shape);
    return cpSpaceAddShape(world->space, shape);
}

void demo_add_walls(demo_world *world, int ceiling) {
    static const cpFloat walls[4][4] = {
        {-320, -240, -320, 240},
        {320, -240, 320, 240},
        {-320, -240, 320, -240},
        {-320, 240, 320, 240},
    };
    cpBody *ground = cpSpaceGetStaticBody(world->space);
    for (int i = 0; i < (ceiling ? 4 : 3); i++) {
        cpShape *shape = demo_add_shape(world, cpSegmentShapeNew(ground, cpv(walls[i][0], walls[i][1]), cpv(walls[i][2], walls[i][3]), 0.0f));
        cpShapeSetElasticity(shape, 1.0f);
        cpShapeSetFriction(shape, 1.0f);
        cpShapeSetFilter(shape, DEMO_NOT_GRABBABLE);
    }
}

cpConstraint *demo_add_constraint(demo_world *world, cpConstraint *constraint) {
    list_push(&world->constraints, constraint);
    return cpSpaceAddConstraint(world->space, constraint);
}

void demo_remove_constraint(demo_world *world, cpConstraint *constraint) {
    cpSpaceRemoveConstraint(world->space, constraint);
    cpConstraintFree(constraint);
    for (int i = 0; i < world->constraints.count; i++) {
        if (world->constraints.items[i] == constraint) world->constraints.items[i] = NULL;
    }
}

int demo_rand(demo_world *world) {
    int32_t value = 0;
    random_r(&world->random, &value);
    return value;
}

cpFloat demo_frand(demo_world *world) {
    return (cpFloat)demo_rand(world) / (cpFloat)RAND_MAX;
}

demo_world *demo_new(const char *name) {
    if (!name) return NULL;
    const demo_entry *entry = NULL;
    for (size_t i = 0; i < sizeof demo_table / sizeof demo_table[0]; i++) {
        if (strcmp(demo_table[i].name, name) == 0) entry = &demo_table[i];
    }
    if (!entry) return NULL;

    demo_world *world = calloc(1, sizeof *world);
    if (!world) return NULL;
    // srand(45073)'s sequence, in the world's own state (initstate_r wants it zeroed first).
    if (entry->uses_rand && initstate_r(DEMO_APP_SEED, world->random_state, sizeof world->random_state, &world->random) != 0) abort();
    world->space = cpSpaceNew();
    cpSpaceSetUserData(world->space, world);  // callbacks find their world through the space
    entry->build(world);
    return world;
}

void demo_step(demo_world *world, int steps) {
    for (int i = 0; i < steps; i++) {
        if (world->before_step) world->before_step(world);
        cpSpaceStep(world->space, 1.0 / 120.0);
        if (world->after_step) world->after_step(world);
    }
}

static uint64_t fnv1a_double(uint64_t hash, double value) {
    uint64_t bits;
    memcpy(&bits, &value, sizeof bits);
    for (int byte = 0; byte < 8; byte++) {  // least significant byte first: little-endian
        hash ^= (bits >> (8 * byte)) & 0xff;
        hash *= 0x100000001b3ULL;
    }
    return hash;
}

uint64_t demo_hash(const demo_world *world) {
    uint64_t hash = 0xcbf29ce484222325ULL;
    for (int i = 0; i < world->bodies.count; i++) {
        cpBody *body = world->bodies.items[i];
        if (cpBodyGetType(body) != CP_BODY_TYPE_DYNAMIC) continue;
        cpVect position = cpBodyGetPosition(body);
        cpVect velocity = cpBodyGetVelocity(body);
        hash = fnv1a_double(hash, position.x);
        hash = fnv1a_double(hash, position.y);
        hash = fnv1a_double(hash, cpBodyGetAngle(body));
        hash = fnv1a_double(hash, velocity.x);
        hash = fnv1a_double(hash, velocity.y);
        hash = fnv1a_double(hash, cpBodyGetAngularVelocity(body));
    }
    return hash;
}

void demo_free(demo_world *world) {
    if (!world) return;
    // cpSpaceFree frees the space's own memory (its arrays, indexes, arbiters,
    // handlers and static body) but none of what was added; that is freed
    // after it, so nothing has to be removed one by one. It wakes every body
    // first, but inside its own walk over the sleeping groups, which each
    // wake-up shrinks, so some groups would be skipped and the contacts they
    // saved when they fell asleep would leak: wake them here, one by one.
    for (int i = 0; i < world->bodies.count; i++) {
        cpBody *body = world->bodies.items[i];
        if (cpBodyGetType(body) == CP_BODY_TYPE_DYNAMIC) cpBodyActivate(body);
    }
    cpSpaceFree(world->space);
    for (int i = 0; i < world->constraints.count; i++) {
        if (world->constraints.items[i]) cpConstraintFree(world->constraints.items[i]);
    }
    for (int i = 0; i < world->shapes.count; i++) cpShapeFree(world->shapes.items[i]);
    for (int i = 0; i < world->bodies.count; i++) cpBodyFree(world->bodies.items[i]);
    free(world->constraints.items);
    free(world->shapes.items);
    free(world->bodies.items);
    free(world);
}
