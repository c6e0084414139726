// The world as a script sees it (docs/scene-format.md 16.5): the global
// `world`, whose `body(id)` gives the body with that scene id, and a body's
// `applyImpulse(x, y)`. A body is held by its id, looked up in the bindings
// the World gives each time its bodies change, so a removed body is named
// and refused, never a dangling pointer.
#include "script_sandbox_internal.h"

#include <chipmunk/chipmunk.h>
#include <lua5.4/lauxlib.h>
#include <stdlib.h>
#include <string.h>

static const char *BODY = "cratebox.body";

void script_sandbox_clear_bodies(script_sandbox *s) {
    for (int i = 0; i < s->bodyCount; i++) free(s->bodies[i].id);
    s->bodyCount = 0;
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
    return 1;
}

static struct cpBody *bound(script_sandbox *s, const char *id) {
    for (int i = 0; i < s->bodyCount; i++) {
        if (strcmp(s->bodies[i].id, id) == 0) return s->bodies[i].body;
    }
    return NULL;
}

static script_sandbox *sandbox_of(lua_State *L) {
    script_sandbox *s;
    lua_getallocf(L, (void **)&s);
    return s;
}

// world:body(id): the body, or nil when the scene has no body with that id (or it is gone).
static int world_body(lua_State *L) {
    const char *id = luaL_checkstring(L, 2);
    if (!bound(sandbox_of(L), id)) {
        lua_pushnil(L);
        return 1;
    }
    size_t len = strlen(id);
    char *held = lua_newuserdatauv(L, len + 1, 0);
    memcpy(held, id, len + 1);
    luaL_setmetatable(L, BODY);
    return 1;
}

static struct cpBody *check_body(lua_State *L) {
    const char *id = luaL_checkudata(L, 1, BODY);
    struct cpBody *body = bound(sandbox_of(L), id);
    if (!body) luaL_error(L, "body '%s' is gone (removed or cut)", id);
    return body;
}

// body:applyImpulse(x, y): an impulse at the centre of gravity, in world axes.
static int body_apply_impulse(lua_State *L) {
    cpBody *body = check_body(L);
    lua_Number x = luaL_checknumber(L, 2), y = luaL_checknumber(L, 3);
    if (!(x == x && y == y) || x > 1e30 || x < -1e30 || y > 1e30 || y < -1e30) return luaL_error(L, "applyImpulse: the impulse must be finite and within 1e30");
    if (cpBodyGetType(body) != CP_BODY_TYPE_DYNAMIC) return luaL_error(L, "applyImpulse: body '%s' is not dynamic", (const char *)lua_touserdata(L, 1));
    cpBodyApplyImpulseAtWorldPoint(body, cpv(x, y), cpBodyGetPosition(body));
    return 0;
}

static int body_id(lua_State *L) {
    lua_pushstring(L, luaL_checkudata(L, 1, BODY));
    return 1;
}

static int body_tostring(lua_State *L) {
    lua_pushfstring(L, "body %s", (const char *)luaL_checkudata(L, 1, BODY));
    return 1;
}

int sandbox_open_world(lua_State *L) {
    luaL_newmetatable(L, BODY);
    lua_newtable(L);
    lua_pushcfunction(L, body_apply_impulse);
    lua_setfield(L, -2, "applyImpulse");
    lua_pushcfunction(L, body_id);
    lua_setfield(L, -2, "id");
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, body_tostring);
    lua_setfield(L, -2, "__tostring");
    lua_pushliteral(L, "a body");
    lua_setfield(L, -2, "__metatable");  // a script cannot change what a body is
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushcfunction(L, world_body);
    lua_setfield(L, -2, "body");
    lua_setglobal(L, "world");
    return 0;
}

const char *script_sandbox_call_step(script_sandbox *s, int *defined) {
    return sandbox_call_global(s, "step", 1, defined);
}
