// Making and removing bodies and joints from a script (docs/scene-format.md
// 16.11): world:spawn(body), world:remove(body), world:addJoint(joint),
// world:removeJoint(joint), and world:afterStep(f), Chipmunk's post-step
// callbacks. A body or joint is a table in the scene format's words, turned
// into JSON here (keys in byte order) and read by the scene format's own
// reader on the World's side, through the function the World gives.
// Chipmunk's space is locked inside its step: there these are refused, and
// a callback asks world:afterStep to do them once the step is done.
#include "script_sandbox_internal.h"

#include <chipmunk/chipmunk.h>
#include <lauxlib.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *AFTER = "cratebox.after";  // registry: the functions world:afterStep queued, in order

// --- A Lua table as JSON, into the sandbox's own buffer (the stack is used
// while it is written, which a luaL_Buffer does not allow).

typedef struct json {
    script_sandbox *s;
    lua_State *L;
} json;

static void add(json *j, const char *bytes, size_t n) {
    script_sandbox *s = j->s;
    if (s->jsonLen + n > (1 << 20)) luaL_error(j->L, "a body or joint of more than 1 MiB of JSON");
    sandbox_charge(j->L, (double)n);  // written, then read by the scene format's reader: an instruction a byte
    if (s->jsonLen + n > s->jsonCap) {
        size_t cap = s->jsonCap ? s->jsonCap : 256;
        while (cap < s->jsonLen + n) cap *= 2;
        char *grown = realloc(s->json, cap);
        if (!grown) luaL_error(j->L, "no memory for a body or joint");
        s->json = grown;
        s->jsonCap = cap;
    }
    memcpy(s->json + s->jsonLen, bytes, n);
    s->jsonLen += n;
}

static void add_text(json *j, const char *text) { add(j, text, strlen(text)); }

static void json_value(json *j, int i, int depth);

static void json_string(json *j, const char *s, size_t len) {
    add(j, "\"", 1);
    for (size_t k = 0; k < len; k++) {
        unsigned char c = (unsigned char)s[k];
        if (c == '"' || c == '\\') {
            add(j, "\\", 1);
            add(j, (const char *)&c, 1);
        } else if (c < 0x20) {
            char escape[8];
            snprintf(escape, sizeof escape, "\\u%04x", c);
            add_text(j, escape);
        } else {
            add(j, (const char *)&c, 1);
        }
    }
    add(j, "\"", 1);
}

static void json_table(json *j, int t, int depth) {
    lua_State *L = j->L;
    lua_Integer n = (lua_Integer)lua_rawlen(L, t), count = 0;
    int strings = 1;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        count++;
        strings &= lua_type(L, -1) == LUA_TSTRING;
    }
    if (count > 0 && count == n) {  // a sequence: an array
        add(j, "[", 1);
        for (lua_Integer k = 1; k <= n; k++) {
            if (k > 1) add(j, ",", 1);
            lua_rawgeti(L, t, k);
            json_value(j, lua_gettop(L), depth + 1);
            lua_pop(L, 1);
        }
        add(j, "]", 1);
        return;
    }
    if (!strings) luaL_error(L, "a table given as a body or joint is a sequence or has string keys only");
    sandbox_sorted_keys(L, t);
    int keys = lua_gettop(L);
    add(j, "{", 1);
    for (lua_Integer k = 1; k <= count; k++) {
        if (k > 1) add(j, ",", 1);
        lua_rawgeti(L, keys, k);
        size_t len;
        const char *key = lua_tolstring(L, -1, &len);
        json_string(j, key, len);
        add(j, ":", 1);
        lua_rawget(L, t);
        json_value(j, lua_gettop(L), depth + 1);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    add(j, "}", 1);
}

static void json_value(json *j, int i, int depth) {
    lua_State *L = j->L;
    if (depth > 20) luaL_error(L, "a table given as a body or joint is nested more than 20 deep");
    luaL_checkstack(L, 8, "nested too deeply");
    char number[40];
    switch (lua_type(L, i)) {
    case LUA_TBOOLEAN: add_text(j, lua_toboolean(L, i) ? "true" : "false"); break;
    case LUA_TNUMBER:
        if (lua_isinteger(L, i)) {
            snprintf(number, sizeof number, "%lld", (long long)lua_tointeger(L, i));
        } else {
            double v = lua_tonumber(L, i);
            if (!isfinite(v)) luaL_error(L, "a number given in a body or joint is not finite");
            snprintf(number, sizeof number, "%.17g", v);
        }
        add_text(j, number);
        break;
    case LUA_TSTRING: {
        size_t len;
        const char *s = lua_tolstring(L, i, &len);
        json_string(j, s, len);
        break;
    }
    case LUA_TTABLE: json_table(j, i, depth); break;
    default: luaL_error(L, "a %s cannot be part of a body or joint", luaL_typename(L, i));
    }
}

// The JSON text of the table at i, in the sandbox's buffer (valid until the next call): its length.
static size_t to_json(lua_State *L, int i) {
    json j = {sandbox_of(L), L};
    j.s->jsonLen = 0;
    json_value(&j, i, 0);
    return j.s->jsonLen;
}

// --- The operations.

static void check_unlocked(lua_State *L, script_sandbox *s, const char *what) {
    if (!s->worldOp) luaL_error(L, "%s: the world does not take changes here", what);
    if (s->space && cpSpaceIsLocked(s->space)) {
        luaL_error(L, "%s: Chipmunk is stepping (this is a callback inside its step): do it in world:afterStep(function() ... end)", what);
    }
}

// Asks the World; raises its refusal as the script's error.
static long long ask(lua_State *L, int op, const char *json, size_t len, long long a, long long b, const char *what) {
    script_sandbox *s = sandbox_of(L);
    long long result = -1;
    const char *refused = s->worldOp(s->worldContext, op, json, len, a, b, NULL, &result);
    if (refused) luaL_error(L, "%s: %s", what, refused);
    return result;
}

// world:spawn{...}: a body in the scene format's words (section 6 and 13); its value.
static int world_spawn(lua_State *L) {
    script_sandbox *s = sandbox_of(L);
    check_unlocked(L, s, "world:spawn");
    luaL_checktype(L, 2, LUA_TTABLE);
    size_t len = to_json(L, 2);
    sandbox_push_body(L, ask(L, SCRIPT_SPAWN, s->json, len, -1, -1, "world:spawn"));
    return 1;
}

// world:remove(body): takes the body (its shapes and joints with it) out of the world.
static int world_remove(lua_State *L) {
    script_sandbox *s = sandbox_of(L);
    check_unlocked(L, s, "world:remove");
    if (s->walkingArbiters) return luaL_error(L, "world:remove: not inside body:eachArbiter, whose walk it would break: do it after the walk");
    long long index = sandbox_body_index(L, 2);
    if (index < 0) return luaL_argerror(L, 2, "a body");
    if (!sandbox_body_at(s, index)) return luaL_error(L, "world:remove: body %I is gone (removed or cut)", (lua_Integer)index);
    ask(L, SCRIPT_REMOVE, NULL, 0, index, -1, "world:remove");
    return 0;
}

// A joint's body: a body value, or nil or "world" for the world's static body (-1).
static long long joint_end(lua_State *L, int t, const char *key) {
    lua_getfield(L, t, key);
    long long index = -1;
    if (lua_type(L, -1) == LUA_TSTRING && strcmp(lua_tostring(L, -1), "world") == 0) index = -1;
    else if (!lua_isnil(L, -1) && (index = sandbox_body_index(L, -1)) < 0) luaL_error(L, "world:addJoint: %s must be a body or \"world\"", key);
    lua_pop(L, 1);
    lua_pushnil(L);
    lua_setfield(L, t, key);  // the rest is the joint's JSON
    return index;
}

static void count_shape(cpBody *body, cpShape *shape, void *items) {
    (void)body, (void)shape;
    ++*(int *)items;
}

static void count_joint(cpBody *body, cpConstraint *joint, void *items) {
    (void)body, (void)joint;
    ++*(int *)items;
}

static void count_contact(cpBody *body, cpArbiter *arbiter, void *contacts) {
    (void)body, (void)arbiter;
    ++*(int *)contacts;
}

// world:addJoint{type = ..., a = body, b = body or "world", ...}: a joint in the scene format's words; its value.
static int world_add_joint(lua_State *L) {
    script_sandbox *s = sandbox_of(L);
    check_unlocked(L, s, "world:addJoint");
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_newtable(L);  // a copy, so that the script's table keeps its a and b
    lua_pushnil(L);
    while (lua_next(L, 2)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, -4);
    }
    int copy = lua_gettop(L);
    long long a = joint_end(L, copy, "a"), b = joint_end(L, copy, "b");
    if (a == b) return luaL_error(L, "world:addJoint: a and b are the same body; a joint needs two");
    // The springs' loads it may figure (16.11.1): one per joint of each of its bodies, and its own.
    int joints = 1;
    if (a >= 0 && sandbox_body_at(s, a)) cpBodyEachConstraint(sandbox_body_at(s, a)->body, count_joint, &joints);
    if (b >= 0 && sandbox_body_at(s, b)) cpBodyEachConstraint(sandbox_body_at(s, b)->body, count_joint, &joints);
    sandbox_charge(L, (double)joints);
    size_t len = to_json(L, copy);
    sandbox_push_joint(L, ask(L, SCRIPT_ADD_JOINT, s->json, len, a, b, "world:addJoint"));
    return 1;
}

// world:removeJoint(joint): takes the joint out of the world.
static int world_remove_joint(lua_State *L) {
    script_sandbox *s = sandbox_of(L);
    check_unlocked(L, s, "world:removeJoint");
    long long index = sandbox_joint_index(L, 2);
    if (index < 0) return luaL_argerror(L, 2, "a joint");
    ask(L, SCRIPT_REMOVE_JOINT, NULL, 0, index, -1, "world:removeJoint");
    return 0;
}

// world:afterStep(f): f runs once this step's cpSpaceStep is done (before the separate calls), in the order asked.
static int world_after_step(lua_State *L) {
    script_sandbox *s = sandbox_of(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    if (s->topLevel) return luaL_error(L, "world:afterStep: from step or a callback (the top level runs before any step)");
    lua_getfield(L, LUA_REGISTRYINDEX, AFTER);
    lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
    if (n >= 10000) return luaL_error(L, "world:afterStep: more than 10000 functions wait for this step's end");
    lua_pushvalue(L, 2);
    lua_rawseti(L, -2, n + 1);
    return 0;
}

const char *script_sandbox_run_after_step(script_sandbox *s) {
    if (s->failed) return s->callbackError;
    for (lua_Integer k = 1;; k++) {
        lua_settop(s->L, 0);
        lua_getfield(s->L, LUA_REGISTRYINDEX, AFTER);
        if (lua_rawgeti(s->L, 1, k) != LUA_TFUNCTION) break;  // functions queued meanwhile run in turn
        lua_remove(s->L, 1);
        const char *error = sandbox_script_call(s, 0, 0);
        if (error) {
            script_sandbox_clear_after_step(s);
            return error;
        }
    }
    script_sandbox_clear_after_step(s);
    return NULL;
}

void script_sandbox_clear_after_step(script_sandbox *s) {
    lua_settop(s->L, 0);
    lua_newtable(s->L);
    lua_setfield(s->L, LUA_REGISTRYINDEX, AFTER);
}

void script_sandbox_set_world_op(script_sandbox *s, script_world_op op, void *context) {
    s->worldOp = op;
    s->worldContext = context;
}

void sandbox_open_spawn(lua_State *L) {
    lua_newtable(L);
    lua_setfield(L, LUA_REGISTRYINDEX, AFTER);
    lua_getglobal(L, "world");
    static const luaL_Reg changes[] = {
        {"spawn", world_spawn}, {"remove", world_remove}, {"addJoint", world_add_joint},
        {"removeJoint", world_remove_joint}, {"afterStep", world_after_step}, {NULL, NULL},
    };
    luaL_setfuncs(L, changes, 0);
    lua_pop(L, 1);
}

// body:setType(type [, mass, moment]) (16.5): the body here, between steps and outside an arbiter
// walk (it wakes bodies, which threads their arbiters anew), a type by name, both numbers or
// neither; then the World's checks and the surface's.
int sandbox_body_set_type(lua_State *L) {
    static const char *const types[] = {"dynamic", "kinematic", "static"};
    script_sandbox *s = sandbox_of(L);
    lua_Integer index = *(const lua_Integer *)luaL_checkudata(L, 1, "cratebox.body");
    if (!sandbox_body_at(s, index)) return luaL_error(L, "body %I is gone (removed or cut)", index);
    check_unlocked(L, s, "setType");
    if (s->walkingArbiters) return luaL_error(L, "setType: not inside body:eachArbiter, whose walk it would break: do it after the walk");
    size_t length = 0;
    const char *name = lua_type(L, 2) == LUA_TSTRING ? lua_tolstring(L, 2, &length) : "";
    int type = 0;
    // The whole string: a name with a zero byte in it is no type's.
    while (type < 3 && !(strlen(types[type]) == length && memcmp(name, types[type], length) == 0)) type++;
    if (type == 3) return luaL_error(L, "setType: the type must be \"dynamic\", \"kinematic\" or \"static\"");
    double numbers[2];
    int given = !(lua_isnoneornil(L, 3) && lua_isnoneornil(L, 4));
    if (given) {
        numbers[0] = luaL_checknumber(L, 3);
        numbers[1] = luaL_checknumber(L, 4);
    }
    // Chipmunk's work: the body's shapes (summed, moved between its spatial indices) and joints,
    // its contacts (the bodies they touch are woken), and a search of the space's list of bodies.
    int items = 0, contacts = 0;
    cpBody *body = sandbox_body_at(s, index)->body;
    cpBodyEachShape(body, count_shape, &items);
    cpBodyEachConstraint(body, count_joint, &items);
    cpBodyEachArbiter(body, count_contact, &contacts);
    sandbox_charge(L, 16.0 * items + 4.0 * contacts + (double)(s->liveBodies / 4));
    // The World answers with the springs' loads it figured (16.11.1), charged done or refused.
    long long work = 0;
    const char *refused = s->worldOp(s->worldContext, SCRIPT_SET_TYPE, NULL, 0, index, type, given ? numbers : NULL, &work);
    sandbox_charge(L, (double)work);
    if (refused) return luaL_error(L, "setType: %s", refused);
    return 0;
}
