// Collision handlers in scripts (docs/scene-format.md 16.7):
// `world:onCollision(a, b, handlers)` at the top level sets a Chipmunk handler
// for the pair of collision types (or `a`'s wildcard handler, b = "*") whose
// slots call the script. Begin, pre-solve and post-solve run inside
// cpSpaceStep, in Chipmunk's order (which an exact copy of the space keeps);
// separate callbacks, which Chipmunk makes while it filters a set ordered by
// addresses, are queued and delivered after the step in the order of the
// shapes' ids. An arbiter is a userdata good only inside its callback.
#include "script_sandbox_internal.h"

#include <chipmunk/chipmunk.h>
#include "chipmunk_private.h"
#include "chipmunk_surface.h"
#include <lauxlib.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chipmunk_callbacks.h"

static const char *HANDLERS = "cratebox.handlers";
static const char *HANDLER_NAMES = "cratebox.handlerNames";  // registry: the types' names onCollision was given, in order  // registry: handler key → {begin=, preSolve=, postSolve=, separate=}
static const char *ARBITER = "cratebox.arbiter";    // registry: the arbiter's metatable

// An arbiter as a script holds it: a value made for one callback (or one
// call of a walk), good while that call runs and refused once it returns,
// however the script kept it.
typedef struct held_arbiter {
    cpArbiter *arb;
    int live;
} held_arbiter;

static int make_arbiter(lua_State *L) {
    held_arbiter *h = lua_newuserdatauv(L, sizeof *h, 0);
    h->arb = lua_touserdata(L, 1);
    h->live = 1;
    luaL_setmetatable(L, ARBITER);
    return 1;
}

// Pushes a fresh arbiter value for `arb` twice, the first copy below the
// function on top (it keeps the value alive through the call, so that the
// call's end can retire it); NULL, with the error pushed instead, when out of
// memory. Made in a protected call: an error must not cross Chipmunk's C frames.
static held_arbiter *push_arbiter(lua_State *L, cpArbiter *arb) {
    lua_pushcfunction(L, make_arbiter);
    lua_pushlightuserdata(L, arb);
    if (lua_pcall(L, 1, 1, 0) != LUA_OK) return NULL;
    held_arbiter *h = lua_touserdata(L, -1);
    lua_pushvalue(L, -1);
    lua_rotate(L, -3, 1);  // [f, v, v] -> [v, f, v]
    return h;
}
static const char *const SLOTS[] = {"begin", "preSolve", "postSolve", "separate"};


uint64_t script_collision_type(const char *name, size_t length) {
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < length; i++) h = (h ^ (unsigned char)name[i]) * 0x100000001b3ULL;
    h |= 1ULL << 63;  // never 0 (no type) nor 1 (cratebox's one-way platforms)
    return h == UINT64_MAX ? h - 1 : h;  // nor Chipmunk's wildcard
}

// Pushes the handler key of types (a, b): 16 bytes, b = 0 for a wildcard handler.
static void push_key(lua_State *L, uint64_t a, uint64_t b) {
    uint64_t both[2] = {a, b};
    lua_pushlstring(L, (const char *)both, sizeof both);
}

static uint64_t checked_type(lua_State *L, int i, int allowWildcard) {
    size_t len;
    const char *name = luaL_checklstring(L, i, &len);
    if (allowWildcard && len == 1 && name[0] == '*') return 0;
    if (len == 0 || len > 64 || strcmp(name, "*") == 0) luaL_error(L, "world:onCollision: a collision type is a name of 1 to 64 bytes (and \"*\", any type, only second)");
    return script_collision_type(name, len);
}

// world:onCollision(a, b, {begin = f, preSolve = f, postSolve = f, separate = f})
static int world_on_collision(lua_State *L) {
    script_sandbox *s = sandbox_of(L);
    if (!s->topLevel || !s->space) return luaL_error(L, "world:onCollision: handlers are set by the top level, as the world is built (16.7)");
    uint64_t a = checked_type(L, 2, 0), b = checked_type(L, 3, 1);
    luaL_checktype(L, 4, LUA_TTABLE);
    lua_newtable(L);
    int copy = lua_gettop(L), slots = 0;
    for (int i = 0; i < 4; i++) {
        int type = lua_getfield(L, 4, SLOTS[i]);
        if (type == LUA_TFUNCTION) {
            slots |= 1 << i;
            lua_setfield(L, copy, SLOTS[i]);
        } else if (type != LUA_TNIL) {
            return luaL_error(L, "world:onCollision: %s must be a function", SLOTS[i]);
        } else {
            lua_pop(L, 1);
        }
    }
    lua_pushnil(L);
    while (lua_next(L, 4)) {
        lua_pop(L, 1);
        const char *key = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
        int known = 0;
        for (int i = 0; i < 4; i++) known |= strcmp(key, SLOTS[i]) == 0;
        if (!known) return luaL_error(L, "world:onCollision: the handlers are begin, preSolve, postSolve and separate");
    }
    if (!slots) return luaL_error(L, "world:onCollision: no handler given");
    lua_getfield(L, LUA_REGISTRYINDEX, HANDLERS);
    push_key(L, a, b);
    int taken = lua_rawget(L, -2) != LUA_TNIL;
    lua_pop(L, 1);
    if (b) {  // Chipmunk's pair handlers are the same for (a, b) and (b, a)
        push_key(L, b, a);
        taken |= lua_rawget(L, -2) != LUA_TNIL;
        lua_pop(L, 1);
    }
    if (taken) return luaL_error(L, "world:onCollision: those types already have handlers");
    push_key(L, a, b);
    lua_pushvalue(L, copy);
    lua_rawset(L, -3);
    sandbox_note_handler_types(L, 2, b ? 3 : 0);
    cratebox_add_script_handler(s->space, a, b, b == 0, slots);
    return 0;
}

// --- Calls from Chipmunk.

// Pushes the script's function for `slot` of the handler the arbiter came through; 0 if there is none.
static int push_handler(script_sandbox *s, cpArbiter *arb, int wildcard, int slot) {
    cpShape *a, *b;
    cpArbiterGetShapes(arb, &a, &b);
    lua_getfield(s->L, LUA_REGISTRYINDEX, HANDLERS);
    push_key(s->L, cpShapeGetCollisionType(a), wildcard ? 0 : cpShapeGetCollisionType(b));
    if (lua_rawget(s->L, -2) != LUA_TTABLE || lua_getfield(s->L, -1, SLOTS[slot]) != LUA_TFUNCTION) {
        lua_settop(s->L, 0);
        return 0;
    }
    lua_replace(s->L, 1);
    lua_settop(s->L, 1);
    return 1;
}

void sandbox_fail(script_sandbox *s, const char *error) {
    if (s->failed) return;
    s->failed = 1;
    snprintf(s->callbackError, sizeof s->callbackError, "%s", error);
}

// Calls the handler's `slot` with the arbiter; returns whether the contact goes on.
static int call_with_arbiter(void *script, cpArbiter *arb, int wildcard, int slot) {
    script_sandbox *s = script;
    if (s->failed || !push_handler(s, arb, wildcard, slot)) return 1;
    held_arbiter *h = push_arbiter(s->L, arb);
    if (!h) {
        lua_settop(s->L, 0);
        sandbox_fail(s, "the script used more memory than its limit");
        return 1;
    }
    const char *error = sandbox_script_call(s, 1, 1);
    h->live = 0;  // still allocated: no Lua allocation since the call, so no collection either
    if (error) {
        sandbox_fail(s, error);
        return 1;
    }
    int goesOn = !(lua_type(s->L, -1) == LUA_TBOOLEAN && !lua_toboolean(s->L, -1));
    lua_settop(s->L, 0);
    return goesOn;
}

static int begin_call(void *s, cpArbiter *arb, int wildcard) { return call_with_arbiter(s, arb, wildcard, 0); }
static int pre_solve_call(void *s, cpArbiter *arb, int wildcard) { return call_with_arbiter(s, arb, wildcard, 1); }
static void post_solve_call(void *s, cpArbiter *arb, int wildcard) { call_with_arbiter(s, arb, wildcard, 2); }

static long long index_of(script_sandbox *s, const cpBody *body) {
    const bound_body *b = sandbox_body_of(s, body);
    return b ? b->index : -1;
}

int sandbox_queue_separation(script_sandbox *s, struct separation entry) {
    if (s->separationCount == s->separationCap) {
        int cap = s->separationCap ? 2 * s->separationCap : 16;
        struct separation *grown = realloc(s->separations, (size_t)cap * sizeof *grown);
        if (!grown) return 0;
        s->separations = grown;
        s->separationCap = cap;
    }
    s->separations[s->separationCount++] = entry;
    return 1;
}

// Queued, not called: Chipmunk makes these while filtering a set in address order, and during removals.
static void separate_call(void *script, cpArbiter *arb, int wildcard) {
    script_sandbox *s = script;
    if (s->failed) return;
    cpShape *a, *b;
    cpBody *ba, *bb;
    cpArbiterGetShapes(arb, &a, &b);
    cpArbiterGetBodies(arb, &ba, &bb);
    struct separation entry = {
        cratebox_shape_hash_id(a), cratebox_shape_hash_id(b), cpShapeGetCollisionType(a), wildcard ? 0 : cpShapeGetCollisionType(b),
        wildcard, cpArbiterIsRemoval(arb), index_of(s, ba), index_of(s, bb),
    };
    if (!sandbox_queue_separation(s, entry)) sandbox_fail(s, "no memory for a separate callback");
}

static int separation_order(const void *x, const void *y) {
    const struct separation *p = x, *q = y;
    if (p->hashA != q->hashA) return p->hashA < q->hashA ? -1 : 1;
    if (p->hashB != q->hashB) return p->hashB < q->hashB ? -1 : 1;
    return p->wildcard - q->wildcard;  // a pair's handler and its wildcards: pair first
}


const char *script_sandbox_deliver_separations(script_sandbox *s) {
    if (s->failed) return s->callbackError;
    qsort(s->separations, (size_t)s->separationCount, sizeof *s->separations, separation_order);
    for (int i = 0; i < s->separationCount; i++) {
        struct separation *p = &s->separations[i];
        lua_settop(s->L, 0);
        lua_getfield(s->L, LUA_REGISTRYINDEX, HANDLERS);
        push_key(s->L, p->typeA, p->typeB);
        if (lua_rawget(s->L, -2) != LUA_TTABLE || lua_getfield(s->L, -1, "separate") != LUA_TFUNCTION) continue;
        lua_createtable(s->L, 0, 3);  // what separated: {a = body or nil, b = body or nil, removal = bool}
        if (p->bodyA >= 0) sandbox_push_body(s->L, p->bodyA);
        else lua_pushnil(s->L);
        lua_setfield(s->L, -2, "a");
        if (p->bodyB >= 0) sandbox_push_body(s->L, p->bodyB);
        else lua_pushnil(s->L);
        lua_setfield(s->L, -2, "b");
        lua_pushboolean(s->L, p->removal);
        lua_setfield(s->L, -2, "removal");
        const char *error = sandbox_script_call(s, 1, 0);
        if (error) {
            s->separationCount = 0;
            return error;
        }
    }
    lua_settop(s->L, 0);
    s->separationCount = 0;
    return NULL;
}

const char *script_sandbox_callback_error(const script_sandbox *s) { return s->failed ? s->callbackError : NULL; }

void script_sandbox_leave_space(script_sandbox *s, struct cpSpace *space) {
    if (s->space == space) script_sandbox_set_space(s, NULL);
}

void script_sandbox_set_hash_cell(script_sandbox *s, double cell) { s->hashCell = cell; }

void script_sandbox_set_space(script_sandbox *s, struct cpSpace *space) {
    if (s->space == space) return;
    if (s->space) cratebox_space_set_script(s->space, NULL);
    s->space = space;
    if (space && !cratebox_space_set_script(space, s)) sandbox_fail(s, "no memory to attach the script to its space");
}

void sandbox_collisions_free(script_sandbox *s) { free(s->separations); }

// --- The arbiter as a script sees it.

static cpArbiter *check_arbiter(lua_State *L) {
    const held_arbiter *h = luaL_checkudata(L, 1, ARBITER);
    if (!h->live) luaL_error(L, "an arbiter is only good inside its collision callback");
    return h->arb;
}

static void push_body_or_nil(lua_State *L, const cpBody *body) {
    const bound_body *b = sandbox_body_of(sandbox_of(L), body);
    if (b) sandbox_push_body(L, b->index);
    else lua_pushnil(L);
}

static int arb_bodies(lua_State *L) {
    cpBody *a, *b;
    cpArbiterGetBodies(check_arbiter(L), &a, &b);
    push_body_or_nil(L, a);
    push_body_or_nil(L, b);
    return 2;
}

static int push_vect(lua_State *L, cpVect v) {
    lua_pushnumber(L, v.x);
    lua_pushnumber(L, v.y);
    return 2;
}

// Says why the surface refused a change to an arbiter (nothing, when it was made).
static int arb_refuse(lua_State *L, surface_result r) {
    if (r.refusal == SURFACE_DONE) return 0;
    return luaL_error(L, "must be finite and within 1e30");
}

static int arb_shapes(lua_State *L) {
    cpShape *a, *b;
    cpArbiterGetShapes(check_arbiter(L), &a, &b);
    sandbox_push_shape_of(L, a);
    sandbox_push_shape_of(L, b);
    return 2;
}

static int arb_normal(lua_State *L) { return push_vect(L, cpArbiterGetNormal(check_arbiter(L))); }
static int arb_total_impulse(lua_State *L) { return push_vect(L, cpArbiterTotalImpulse(check_arbiter(L))); }
static int arb_surface_velocity(lua_State *L) { return push_vect(L, cpArbiterGetSurfaceVelocity(check_arbiter(L))); }

static int arb_count(lua_State *L) {
    lua_pushinteger(L, cpArbiterGetCount(check_arbiter(L)));
    return 1;
}

// arb:point(i): contact i's point on each shape, the first shape's first (the
// arbiter's own order, as cpArbiterGetContactPointSet gives them: Chipmunk's
// cpArbiterGetPointA and B do not follow a swap), and its depth (ax, ay, bx, by, depth).
static int arb_point(lua_State *L) {
    cpArbiter *arb = check_arbiter(L);
    lua_Integer i = luaL_checkinteger(L, 2);
    if (i < 1 || i > cpArbiterGetCount(arb)) return luaL_error(L, "arb:point: contact %I is not one of its %d", i, cpArbiterGetCount(arb));
    cpVect a = cpArbiterGetPointA(arb, (int)i - 1), b = cpArbiterGetPointB(arb, (int)i - 1);
    int swapped = cratebox_arbiter_swapped(arb);
    push_vect(L, swapped ? b : a);
    push_vect(L, swapped ? a : b);
    lua_pushnumber(L, cpArbiterGetDepth(arb, (int)i - 1));
    return 5;
}

// arb:setPoint(i, ax, ay, bx, by): contact i's points, as cpArbiterSetContactPointSet sets them
// (anchors relative to the bodies' centres of gravity), the other contacts untouched to the bit.
static int arb_set_point(lua_State *L) {
    cpArbiter *arb = check_arbiter(L);
    lua_Integer i = luaL_checkinteger(L, 2);
    int count = cratebox_arbiter_contact_count(arb);
    if (i < 1 || i > count) return luaL_error(L, "arb:setPoint: contact %I is not one of its %d", i, count);
    lua_Number ax = luaL_checknumber(L, 3), ay = luaL_checknumber(L, 4), bx = luaL_checknumber(L, 5), by = luaL_checknumber(L, 6);
    return arb_refuse(L, surface_arbiter_set_point(arb, (int)i, ax, ay, bx, by));
}

// The body's arbiters for body:eachArbiter: a value for each, retired when its call returns.
typedef struct arbiter_walk {
    lua_State *L;
    int f, failed;
} arbiter_walk;

static void walk_arbiter(cpBody *body, cpArbiter *arb, void *data) {
    (void)body;
    arbiter_walk *w = data;
    if (w->failed) return;
    script_sandbox *s = sandbox_of(w->L);
    lua_pushvalue(w->L, w->f);
    held_arbiter *h = push_arbiter(w->L, arb);
    if (!h) {
        lua_remove(w->L, -2);  // the function; its error stays, raised once the walk is done
        w->failed = 1;
        return;
    }
    s->walkingArbiters++;
    w->failed = lua_pcall(w->L, 1, 0, 0) != LUA_OK;  // the error stays on the stack, raised once the walk is done
    s->walkingArbiters--;
    h->live = 0;
    lua_remove(w->L, w->failed ? -2 : -1);  // the value kept below the call
}

int sandbox_each_arbiter(lua_State *L, cpBody *body, int f) {
    arbiter_walk w = {L, f, 0};
    cpBodyEachArbiter(body, walk_arbiter, &w);
    if (w.failed) return lua_error(L);
    return 0;
}

static int arb_total_ke(lua_State *L) {
    lua_pushnumber(L, cpArbiterTotalKE(check_arbiter(L)));
    return 1;
}

static int arb_is_first_contact(lua_State *L) {
    lua_pushboolean(L, cpArbiterIsFirstContact(check_arbiter(L)));
    return 1;
}

static int arb_restitution(lua_State *L) {
    lua_pushnumber(L, cpArbiterGetRestitution(check_arbiter(L)));
    return 1;
}

static int arb_friction(lua_State *L) {
    lua_pushnumber(L, cpArbiterGetFriction(check_arbiter(L)));
    return 1;
}

// A restitution from 0 to 1 (an elasticity's range): past 1 each step's bounce adds energy until Chipmunk aborts.
static int arb_set_restitution(lua_State *L) {
    cpArbiter *arb = check_arbiter(L);
    if (surface_arbiter_set_restitution(arb, luaL_checknumber(L, 2)).refusal == SURFACE_DONE) return 0;
    return luaL_error(L, "setRestitution: must be from 0 to 1");
}

static int arb_set_friction(lua_State *L) {
    cpArbiter *arb = check_arbiter(L);
    return arb_refuse(L, surface_arbiter_set_friction(arb, luaL_checknumber(L, 2)));
}

static int arb_set_surface_velocity(lua_State *L) {
    cpArbiter *arb = check_arbiter(L);
    lua_Number x = luaL_checknumber(L, 2), y = luaL_checknumber(L, 3);
    return arb_refuse(L, surface_arbiter_set_surface_velocity(arb, x, y));
}

static int velocity_call(void *s, cpBody *body, double gx, double gy, double damping, double dt) {
    return sandbox_call_velocity(s, body, gx, gy, damping, dt);
}
static int position_call(void *s, cpBody *body, double dt) { return sandbox_call_position(s, body, dt); }

static int spring_force_call(void *s, cpConstraint *joint, double length, double *out) { return sandbox_call_spring(s, joint, 0, length, out); }
static int spring_torque_call(void *s, cpConstraint *joint, double angle, double *out) { return sandbox_call_spring(s, joint, 1, angle, out); }
static void joint_pre_solve_call(void *s, cpConstraint *joint) { sandbox_call_joint(s, joint, 2); }
static void joint_post_solve_call(void *s, cpConstraint *joint) { sandbox_call_joint(s, joint, 3); }

static void give_calls(void) {
    static const cratebox_script_calls calls = {
        begin_call, pre_solve_call, post_solve_call, separate_call, velocity_call, position_call,
        spring_force_call, spring_torque_call, joint_pre_solve_call, joint_post_solve_call,
    };
    cratebox_set_script_calls(&calls);
}

void sandbox_open_collisions(lua_State *L) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, give_calls);
    lua_newtable(L);
    lua_setfield(L, LUA_REGISTRYINDEX, HANDLERS);
    static const luaL_Reg methods[] = {
        {"bodies", arb_bodies}, {"shapes", arb_shapes}, {"normal", arb_normal}, {"count", arb_count}, {"point", arb_point},
        {"totalImpulse", arb_total_impulse}, {"totalKE", arb_total_ke}, {"isFirstContact", arb_is_first_contact},
        {"restitution", arb_restitution}, {"setRestitution", arb_set_restitution}, {"friction", arb_friction},
        {"setFriction", arb_set_friction}, {"surfaceVelocity", arb_surface_velocity},
        {"setSurfaceVelocity", arb_set_surface_velocity}, {"setPoint", arb_set_point}, {NULL, NULL},
    };
    sandbox_new_type(L, ARBITER, methods, NULL, NULL, "an arbiter");
    lua_getglobal(L, "world");
    lua_pushcfunction(L, world_on_collision);
    lua_setfield(L, -2, "onCollision");
    lua_pop(L, 1);
}
