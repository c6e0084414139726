// What lasts between a script's steps (docs/scene-format.md 16.6). After the
// top level the globals are frozen (only `state` may be set again), and a
// digest of everything they reach but `state` is kept. An exact state holds
// `state` as plain data; it is refused when the digest has changed since the
// top level, naming what changed, rather than resumed differently.
#include "script_sandbox_internal.h"

#include <lauxlib.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

static const char *FROZEN = "cratebox.frozen";  // registry: the frozen globals
enum { MAX_DEPTH = 100 };
#define UNMETERED (LLONG_MAX / 4)
#define FNV_BASIS 0xcbf29ce484222325ULL

// Pushes the global `name` (raw lookups, no script code: the frozen globals'
// table once the top level ran, else the globals); returns its type.
int sandbox_push_global(lua_State *L, const char *name) {
    if (lua_getfield(L, LUA_REGISTRYINDEX, FROZEN) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
    }
    lua_pushstring(L, name);
    int type = lua_rawget(L, -2);
    lua_remove(L, -2);
    return type;
}

// --- The digest: FNV-1a over a walk of values in key order.

typedef struct walker {
    lua_State *L;
    uint64_t hash;
    int visited;        // stack index: object → its order of first visit (the current `state` → 0)
    lua_Integer seen;
    int depth;
    const char *root;   // what is walked, for messages
    size_t mixed;       // bytes digested so far in this walk (a string once for each place that holds it)
    int code;           // Lua functions are digested with their code (lua_codehash); 0: the digest of states before version 5
} walker;

// A digest reads a string again at each place that holds it: 400,000 places
// holding one 16 MiB string would be 6 TiB. Past this, the walk stops.
enum { DIGEST_BYTES = 256 << 20 };

static void mix(walker *w, const void *bytes, size_t n) {
    const unsigned char *p = bytes;
    w->mixed += n;
    if (w->mixed > DIGEST_BYTES)
        luaL_error(w->L, "the script's values are too large to digest: over %d MiB, counting a string once for each place that holds it", DIGEST_BYTES >> 20);
    for (size_t i = 0; i < n; i++) w->hash = (w->hash ^ p[i]) * 0x100000001b3ULL;
}

static void mix_tag(walker *w, char tag) { mix(w, &tag, 1); }

static void mix_string(walker *w, const char *s, size_t n) {
    uint64_t len = n;
    mix(w, &len, sizeof len);
    mix(w, s, n);
}

// Whether the object at i was visited; if not, it is now.
static int visited(walker *w, int i) {
    lua_State *L = w->L;
    lua_pushvalue(L, i);
    if (lua_rawget(L, w->visited) == LUA_TNUMBER) {
        lua_Integer order = lua_tointeger(L, -1);
        lua_pop(L, 1);
        mix_tag(w, order == 0 ? 'S' : order < 0 ? 'G' : 'r');
        mix(w, &order, sizeof order);
        return 1;
    }
    lua_pop(L, 1);
    lua_pushvalue(L, i);
    lua_pushinteger(L, ++w->seen);
    lua_rawset(L, w->visited);
    return 0;
}

static void digest_value(walker *w, int i);

static void digest_table(walker *w, int t) {
    lua_State *L = w->L;
    mix_tag(w, 't');
    if (lua_getmetatable(L, t)) digest_value(w, lua_gettop(L));
    else lua_pushnil(L);
    lua_pop(L, 1);
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        int type = lua_type(L, -1);
        if (type != LUA_TNUMBER && type != LUA_TSTRING && type != LUA_TBOOLEAN) {
            luaL_error(L, "%s holds a table keyed by a %s, whose order would come from an address", w->root, luaL_typename(L, -1));
        }
    }
    sandbox_sorted_keys(L, t);
    int keys = lua_gettop(L);
    lua_Integer n = luaL_len(L, keys);
    for (lua_Integer k = 1; k <= n; k++) {
        lua_rawgeti(L, keys, k);
        digest_value(w, -1);
        lua_rawget(L, t);
        digest_value(w, -1);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

static void digest_function(walker *w, int f) {
    lua_State *L = w->L;
    if (lua_iscfunction(L, f)) {
        lua_getfield(L, LUA_REGISTRYINDEX, SANDBOX_CNAMES);
        lua_pushvalue(L, f);
        lua_rawget(L, -2);
        size_t len = 0;
        const char *name = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &len) : "?";
        mix_tag(w, 'c');
        mix_string(w, name, len);
        lua_pop(L, 2);
    } else {
        lua_Debug ar;
        lua_pushvalue(L, f);
        lua_getinfo(L, ">S", &ar);
        mix_tag(w, 'l');
        mix_string(w, ar.source, strlen(ar.source));
        mix(w, &ar.linedefined, sizeof ar.linedefined);
        if (w->code) {
            // Its code: a function of another body on the same first line is another function.
            lua_Unsigned code = lua_codehash(L, f);
            mix(w, &code, sizeof code);
        }
    }
    for (int up = 1;; up++) {
        const char *name = lua_getupvalue(L, f, up);
        if (!name) break;
        mix_string(w, name, strlen(name));
        digest_value(w, -1);
        lua_pop(L, 1);
    }
}

static void digest_value(walker *w, int i) {
    lua_State *L = w->L;
    i = lua_absindex(L, i);
    luaL_checkstack(L, 10, "the script's values are nested too deeply");
    if (++w->depth > MAX_DEPTH) luaL_error(L, "%s reaches values nested more than %d deep", w->root, MAX_DEPTH);
    switch (lua_type(L, i)) {
    case LUA_TNIL: mix_tag(w, 'n'); break;
    case LUA_TBOOLEAN: mix_tag(w, lua_toboolean(L, i) ? 'T' : 'F'); break;
    case LUA_TNUMBER:
        if (lua_isinteger(L, i)) {
            lua_Integer v = lua_tointeger(L, i);
            mix_tag(w, 'i');
            mix(w, &v, sizeof v);
        } else {
            lua_Number v = lua_tonumber(L, i);
            mix_tag(w, 'f');
            mix(w, &v, sizeof v);
        }
        break;
    case LUA_TSTRING: {
        size_t len;
        const char *s = lua_tolstring(L, i, &len);
        mix_tag(w, 's');
        mix_string(w, s, len);
        break;
    }
    case LUA_TTABLE:
        if (!visited(w, i)) digest_table(w, i);
        break;
    case LUA_TFUNCTION:
        if (!visited(w, i)) digest_function(w, i);
        break;
    case LUA_TUSERDATA: {
        long long index = sandbox_body_index(L, i), joint = sandbox_joint_index(L, i);
        if (index >= 0 || joint >= 0) {
            mix_tag(w, index >= 0 ? 'B' : 'J');
            mix(w, index >= 0 ? &index : &joint, sizeof index);
        } else if (!visited(w, i)) {
            mix_tag(w, 'u');
        }
        break;
    }
    default: mix_tag(w, 'x'); break;
    }
    w->depth--;
}

// --- Roots: each global but `state`, and each local (upvalue) of a global function.

static void free_roots(script_sandbox *s) {
    for (int i = 0; i < s->rootCount; i++) free(s->roots[i].path);
    free(s->roots);
    s->roots = NULL;
    s->rootCount = 0;
}

// Digests the value at i as a root named by the string on top of the stack
// (popped), appending {path, hash} to `out`.
static void add_root(walker *w, int out, lua_Integer *at, int i) {
    lua_State *L = w->L;
    i = lua_absindex(L, i);
    w->root = lua_tostring(L, -1);
    w->hash = FNV_BASIS;
    digest_value(w, i);
    lua_pushinteger(L, (lua_Integer)w->hash);
    lua_rawseti(L, out, ++*at * 2);
    lua_rawseti(L, out, *at * 2 - 1);
}

// A global Lua function as a root named by the string on top of the stack
// (popped): its chunk, first line and (w->code) code; its locals are roots of their own.
static void add_function_root(walker *w, int out, lua_Integer *at, int value) {
    lua_State *L = w->L;
    w->root = lua_tostring(L, -1);
    w->hash = FNV_BASIS;
    lua_Debug ar;
    lua_pushvalue(L, value);
    lua_getinfo(L, ">S", &ar);
    mix_string(w, ar.source, strlen(ar.source));
    mix(w, &ar.linedefined, sizeof ar.linedefined);
    if (w->code) {
        lua_Unsigned body = lua_codehash(L, value);
        mix(w, &body, sizeof body);
    }
    lua_pushinteger(L, (lua_Integer)w->hash);
    lua_rawseti(L, out, ++*at * 2);
    lua_rawseti(L, out, *at * 2 - 1);
}

// Pushes a table of the roots' digests, {path, hash} pairs in walk order;
// `code`: Lua functions with their code (states of version 5 on).
static int digests(lua_State *L, int code) {
    lua_getfield(L, LUA_REGISTRYINDEX, FROZEN);
    int frozen = lua_gettop(L);
    lua_newtable(L);
    int out = lua_gettop(L);
    walker w = {L, 0, 0, 0, 0, "", 0, code};
    lua_newtable(L);
    w.visited = lua_gettop(L);
    // The globals are roots of their own, and `state` is not in the digest.
    lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
    lua_pushinteger(L, -1);
    lua_rawset(L, w.visited);
    lua_pushvalue(L, frozen);
    lua_pushinteger(L, -1);
    lua_rawset(L, w.visited);
    if (lua_getfield(L, frozen, "state") == LUA_TTABLE) {
        lua_pushinteger(L, 0);
        lua_rawset(L, w.visited);
    } else {
        lua_pop(L, 1);
    }
    sandbox_sorted_keys(L, frozen);
    int keys = lua_gettop(L);
    lua_Integer n = luaL_len(L, keys), at = 0;
    for (lua_Integer k = 1; k <= n; k++) {
        lua_rawgeti(L, keys, k);
        const char *name = lua_tostring(L, -1);  // kept alive by `keys`
        if (strcmp(name, "state") == 0) {
            lua_pop(L, 1);
            continue;
        }
        lua_rawget(L, frozen);
        int value = lua_gettop(L);
        if ((strcmp(name, "print") == 0 && lua_tocfunction(L, value) == sandbox_print)
            || (strcmp(name, "require") == 0 && lua_tocfunction(L, value) == sandbox_require)) {
            // The sandbox's own print (16.5) and require (16.18), left out so that states digested before they came still read.
            lua_pop(L, 1);
            continue;
        }
        if (lua_isfunction(L, value) && !lua_iscfunction(L, value)) {
            for (int up = 1;; up++) {
                const char *local = lua_getupvalue(L, value, up);
                if (!local) break;
                lua_pushfstring(L, "the local '%s' of the function '%s'", local, name);
                add_root(&w, out, &at, -2);
                lua_pop(L, 1);
            }
        }
        lua_pushfstring(L, "the global '%s' (or what it holds)", name);
        if (lua_isfunction(L, value) && !lua_iscfunction(L, value)) add_function_root(&w, out, &at, value);
        else add_root(&w, out, &at, value);
        lua_pop(L, 1);
    }
    // What require loaded (16.18) is the build's, as a global is: a module's table changed by a step
    // is seen (a script that never required anything has no such table, and its digest is as before).
    if (lua_getfield(L, LUA_REGISTRYINDEX, "cratebox.loaded") == LUA_TTABLE) {
        lua_pushliteral(L, "what require loaded");
        add_root(&w, out, &at, -2);
    }
    lua_settop(L, out);
    lua_remove(L, frozen);
    return 1;
}

static int push_digests(lua_State *L) { return digests(L, 1); }
static int push_legacy_digests(lua_State *L) { return digests(L, 0); }

// --- Freezing the globals.

static int set_frozen_global(lua_State *L) {
    if (lua_type(L, 2) == LUA_TSTRING && strcmp(lua_tostring(L, 2), "state") == 0) {
        lua_rawset(L, lua_upvalueindex(1));
        return 0;
    }
    return luaL_error(L, "the global '%s' is set after the top level ran: globals are fixed then, and what lasts between steps belongs in the global 'state' (section 16.6)",
                      lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : luaL_typename(L, 2));
}

static int freeze(lua_State *L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
    int globals = lua_gettop(L);
    lua_newtable(L);
    int frozen = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, globals)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, frozen);
    }
    for (;;) {  // emptied after the copy: setting fields to nil while walking them is allowed, but simpler apart
        lua_pushnil(L);
        if (!lua_next(L, globals)) break;
        lua_pop(L, 1);
        lua_pushnil(L);
        lua_rawset(L, globals);
    }
    lua_newtable(L);
    lua_pushvalue(L, frozen);
    lua_setfield(L, -2, "__index");
    lua_pushvalue(L, frozen);
    lua_pushcclosure(L, set_frozen_global, 1);
    lua_setfield(L, -2, "__newindex");
    lua_pushliteral(L, "the globals (fixed after the top level)");
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, globals);
    lua_pushvalue(L, frozen);
    lua_setfield(L, LUA_REGISTRYINDEX, FROZEN);
    return push_digests(L);
}

// Runs `f` protected with no instruction budget to speak of (it runs no Lua
// code; memory is still bounded); NULL or the error.
static const char *internal_call(script_sandbox *s, lua_CFunction f, int nresults) {
    lua_settop(s->L, 0);
    lua_pushcfunction(s->L, f);
    return sandbox_protected_call_with(s, 0, nresults, UNMETERED);
}

// Copies the digests table on top of the stack into a fresh array of roots.
static int take_roots(script_sandbox *s, root_digest **roots, int *count) {
    lua_State *L = s->L;
    int n = (int)(lua_rawlen(L, -1) / 2);
    *roots = calloc(n ? (size_t)n : 1, sizeof **roots);
    *count = 0;
    if (!*roots) return 0;
    for (int i = 0; i < n; i++) {
        lua_rawgeti(L, -1, 2 * i + 1);
        lua_rawgeti(L, -2, 2 * i + 2);
        (*roots)[i].path = strdup(lua_tostring(L, -2));
        (*roots)[i].hash = (uint64_t)lua_tointeger(L, -1);
        lua_pop(L, 2);
        if (!(*roots)[i].path) return 0;
        *count = i + 1;
    }
    return 1;
}

static uint64_t combined(const root_digest *roots, int count) {
    uint64_t h = FNV_BASIS;
    for (int i = 0; i < count; i++) h = (h ^ roots[i].hash) * 0x100000001b3ULL;
    return h;
}

const char *script_sandbox_freeze(script_sandbox *s) {
    free_roots(s);
    const char *error = internal_call(s, freeze, 1);
    if (error) return error;
    if (!take_roots(s, &s->roots, &s->rootCount)) {
        lua_settop(s->L, 0);
        return "the script used more memory than its limit";
    }
    lua_settop(s->L, 0);
    s->topDigest = combined(s->roots, s->rootCount);
    // The digest without code, which states before version 5 begin with.
    root_digest *legacy = NULL;
    int legacyCount = 0;
    if ((error = internal_call(s, push_legacy_digests, 1))) return error;
    int taken = take_roots(s, &legacy, &legacyCount);
    lua_settop(s->L, 0);
    s->legacyTopDigest = combined(legacy, legacyCount);
    for (int i = 0; i < legacyCount; i++) free(legacy[i].path);
    free(legacy);
    if (!taken) return "the script used more memory than its limit";
    return NULL;
}

void script_sandbox_expect_legacy_digest(script_sandbox *s, int legacy) { s->legacyRead = legacy; }

uint64_t script_sandbox_top_digest(const script_sandbox *s) { return s->topDigest; }

// Names the first root whose digest is not the one the top level left; NULL when none.
static const char *changed_root(script_sandbox *s) {
    lua_State *L = s->L;
    lua_Integer n = (lua_Integer)lua_rawlen(L, -1) / 2;
    if (n != s->rootCount) return "the globals";
    for (lua_Integer i = 0; i < n; i++) {
        lua_rawgeti(L, -1, 2 * i + 2);
        uint64_t hash = (uint64_t)lua_tointeger(L, -1);
        lua_pop(L, 1);
        if (hash != s->roots[i].hash) return s->roots[i].path;
    }
    return NULL;
}

const char *script_sandbox_unchanged(script_sandbox *s) {
    if (!s->roots) return "the script's top level has not run";
    const char *error = internal_call(s, push_digests, 1);
    if (error) return error;
    const char *changed = changed_root(s);
    lua_settop(s->L, 0);
    if (!changed) return NULL;
    snprintf(s->error, sizeof s->error, "%s changed after the top level ran: what lasts between steps belongs in the global 'state' (section 16.6)", changed);
    return s->error;
}

void sandbox_state_free(script_sandbox *s) {
    free_roots(s);
    free(s->out);
    free(s->kept);
    s->out = NULL;
    free(s->json);
    s->json = NULL;
}
