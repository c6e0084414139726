// The world as a script sees it (docs/scene-format.md 16.5): the global
// `world`, whose `body(id)` gives the body with that scene id, and a body's
// `applyImpulse(x, y)`. A body is held by its id, looked up in the bindings
// the World gives each time its bodies change, so a removed body is named
// and refused, never a dangling pointer.
#include "script_sandbox_internal.h"

#include <chipmunk/chipmunk.h>
#include <lua5.4/lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *BODY = "cratebox.body";

static script_sandbox *sandbox_of(lua_State *L) {
    script_sandbox *s;
    lua_getallocf(L, (void **)&s);
    return s;
}

// world:body(id): the body, or nil when the scene has no body with that id (or it is gone).
void script_sandbox_set_world(script_sandbox *s, long long steps, const char *held, size_t length) {
    s->steps = steps;
    s->stepLeft = s->stepBudget;  // told before each step: its calls share a budget
    size_t at = 0;
    for (size_t i = 0; i < length;) {
        size_t len = strnlen(held + i, length - i);
        if (len == 0 || i + len >= length || at + len + 2 > sizeof s->held) break;
        memcpy(s->held + at, held + i, len + 1);
        at += len + 1;
        i += len + 1;
    }
    s->held[at] = 0;
}

// world:steps(): the steps run since the world was made (resets do not restart it).
static int world_steps(lua_State *L) {
    lua_pushinteger(L, (lua_Integer)sandbox_of(L)->steps);
    return 1;
}

// world:isDown(name): whether the world holds that key or button (a trigger the scene's controls bind).
static int world_is_down(lua_State *L) {
    const char *name = luaL_checkstring(L, 2);
    const char *held = sandbox_of(L)->held;
    for (const char *p = held; *p; p += strlen(p) + 1) {
        if (strcmp(p, name) == 0) {
            lua_pushboolean(L, 1);
            return 1;
        }
    }
    lua_pushboolean(L, 0);
    return 1;
}

// world:say(text): one line for the HUD (cut to 200 bytes, at a character's start), until said again.
static int world_say(lua_State *L) {
    size_t len;
    const char *text = luaL_checklstring(L, 2, &len);
    script_sandbox *s = sandbox_of(L);
    if (len > 200) {
        len = 200;
        while (len > 0 && ((unsigned char)text[len] & 0xC0) == 0x80) len--;  // not inside a UTF-8 sequence
    }
    for (size_t i = 0; i < len; i++) s->said[i] = text[i] == '\n' || text[i] == 0 ? ' ' : text[i];
    s->said[len] = 0;
    return 0;
}

const char *script_sandbox_said(const script_sandbox *s) { return s->said; }

void script_sandbox_set_said(script_sandbox *s, const char *text) { snprintf(s->said, sizeof s->said, "%s", text); }

void sandbox_push_body(lua_State *L, const char *id, size_t len) {
    char *held = lua_newuserdatauv(L, len + 1, 0);
    memcpy(held, id, len);
    held[len] = 0;
    luaL_setmetatable(L, BODY);
}

const char *sandbox_body_id(lua_State *L, int i) {
    return luaL_testudata(L, i, BODY);
}

static int world_body(lua_State *L) {
    const char *id = luaL_checkstring(L, 2);
    if (!sandbox_bound(sandbox_of(L), id)) {
        lua_pushnil(L);
        return 1;
    }
    sandbox_push_body(L, id, strlen(id));
    return 1;
}

static struct cpBody *check_body(lua_State *L) {
    const char *id = luaL_checkudata(L, 1, BODY);
    struct cpBody *body = sandbox_bound(sandbox_of(L), id);
    if (!body) luaL_error(L, "body '%s' is gone (removed or cut)", id);
    return body;
}

// A number argument of a body's function: finite and within 1e30.
static lua_Number checked(lua_State *L, int i, const char *what) {
    lua_Number v = luaL_checknumber(L, i);
    if (!(v == v) || v > 1e30 || v < -1e30) luaL_error(L, "%s: must be finite and within 1e30", what);
    return v;
}

static cpBody *check_dynamic(lua_State *L, const char *what) {
    cpBody *body = check_body(L);
    if (cpBodyGetType(body) != CP_BODY_TYPE_DYNAMIC) luaL_error(L, "%s: body '%s' is not dynamic", what, (const char *)lua_touserdata(L, 1));
    return body;
}

// body:applyImpulse(x, y): an impulse at the centre of gravity, in world axes.
static int body_apply_impulse(lua_State *L) {
    cpBody *body = check_dynamic(L, "applyImpulse");
    lua_Number x = checked(L, 2, "applyImpulse"), y = checked(L, 3, "applyImpulse");
    cpBodyApplyImpulseAtWorldPoint(body, cpv(x, y), cpBodyGetPosition(body));
    return 0;
}

// body:applyForce(x, y): a force at the centre of gravity, in world axes, for the coming step.
static int body_apply_force(lua_State *L) {
    cpBody *body = check_dynamic(L, "applyForce");
    lua_Number x = checked(L, 2, "applyForce"), y = checked(L, 3, "applyForce");
    cpBodyApplyForceAtWorldPoint(body, cpv(x, y), cpBodyGetPosition(body));
    return 0;
}

static int push_vector(lua_State *L, cpVect v) {
    lua_pushnumber(L, v.x);
    lua_pushnumber(L, v.y);
    return 2;
}

static int body_position(lua_State *L) { return push_vector(L, cpBodyGetPosition(check_body(L))); }
static int body_velocity(lua_State *L) { return push_vector(L, cpBodyGetVelocity(check_body(L))); }

static int body_angle(lua_State *L) {
    lua_pushnumber(L, cpBodyGetAngle(check_body(L)));
    return 1;
}

static int body_angular_velocity(lua_State *L) {
    lua_pushnumber(L, cpBodyGetAngularVelocity(check_body(L)));
    return 1;
}

static int body_mass(lua_State *L) {
    lua_pushnumber(L, cpBodyGetMass(check_body(L)));
    return 1;
}

// body:setVelocity(x, y) and body:setAngularVelocity(w): Chipmunk's setters (which wake the body).
static int body_set_velocity(lua_State *L) {
    cpBody *body = check_dynamic(L, "setVelocity");
    lua_Number x = checked(L, 2, "setVelocity"), y = checked(L, 3, "setVelocity");
    cpBodySetVelocity(body, cpv(x, y));
    return 0;
}

static int body_set_angular_velocity(lua_State *L) {
    cpBody *body = check_dynamic(L, "setAngularVelocity");
    cpBodySetAngularVelocity(body, checked(L, 2, "setAngularVelocity"));
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
    static const luaL_Reg methods[] = {
        {"applyImpulse", body_apply_impulse}, {"applyForce", body_apply_force}, {"id", body_id},
        {"position", body_position}, {"velocity", body_velocity}, {"angle", body_angle},
        {"angularVelocity", body_angular_velocity}, {"mass", body_mass},
        {"setVelocity", body_set_velocity}, {"setAngularVelocity", body_set_angular_velocity}, {NULL, NULL},
    };
    luaL_newlib(L, methods);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, body_tostring);
    lua_setfield(L, -2, "__tostring");
    lua_pushliteral(L, "a body");
    lua_setfield(L, -2, "__metatable");  // a script cannot change what a body is
    lua_pop(L, 1);
    static const luaL_Reg world[] = {{"body", world_body}, {"steps", world_steps}, {"isDown", world_is_down}, {"say", world_say}, {NULL, NULL}};
    luaL_newlib(L, world);
    lua_setglobal(L, "world");
    return 0;
}

const char *script_sandbox_call_step(script_sandbox *s, int *defined) {
    return sandbox_call_global(s, "step", 1, defined);
}
