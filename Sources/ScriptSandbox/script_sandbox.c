// A Lua 5.4 state for a scene's script, safe and deterministic
// (docs/scene-format.md, "Scripts"): only the base, table, string, math and
// utf8 libraries, without what reaches a file, a process, the clock or an
// address; a memory limit in the allocator; an instruction budget per call in
// a count hook; and, for what runs in C where no hook sees it, limits of its
// own (string.rep's size, the pattern functions' work). Iteration order and
// tostring never depend on addresses or on the string hash's random seed.
#include "script_sandbox_internal.h"

#include <lua5.4/lauxlib.h>
#include <lua5.4/lua.h>
#include <lua5.4/lualib.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


// --- Memory: every allocation counted; over the limit, Lua gets NULL (a memory error).

static void *sandbox_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    script_sandbox *s = ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        s->used -= old;
        return NULL;
    }
    if (nsize > old && s->used - old + nsize > s->limit) return NULL;
    void *grown = realloc(ptr, nsize);
    if (!grown) return NULL;
    s->used = s->used - old + nsize;
    return grown;
}

// --- Instructions: a count hook every 1,000 instructions takes them off the budget.

enum { HOOK_EVERY = 1000 };

static void sandbox_hook(lua_State *L, lua_Debug *ar) {
    script_sandbox *s;
    lua_getallocf(L, (void **)&s);
    s->left -= HOOK_EVERY;
    if (s->left >= 0) return;
    // Named at the line that was running, as any error of the script is.
    lua_getinfo(L, "Sl", ar);
    lua_pushfstring(L, "%s:%d: the script ran more than %I instructions at once", ar->short_src, ar->currentline, (lua_Integer)s->budget);
    lua_error(L);
}

// --- Deterministic iteration: keys in one order of their values.

// The order of keys: numbers (by value; an integer before an equal float), then
// strings (bytewise), then false, then true. Any other key has no order that
// does not come from an address: iterating such a table is refused.
static int key_rank(lua_State *L, int i) {
    switch (lua_type(L, i)) {
    case LUA_TNUMBER: return 0;
    case LUA_TSTRING: return 1;
    case LUA_TBOOLEAN: return 2;
    default: return -1;
    }
}

static int key_less(lua_State *L, int a, int b) {
    int ra = key_rank(L, a), rb = key_rank(L, b);
    if (ra != rb) return ra < rb;
    if (ra == 0) {
        if (lua_compare(L, a, b, LUA_OPLT)) return 1;
        if (lua_compare(L, b, a, LUA_OPLT)) return 0;
        return lua_isinteger(L, a) && !lua_isinteger(L, b);
    }
    if (ra == 1) {
        size_t la, lb;
        const char *sa = lua_tolstring(L, a, &la), *sb = lua_tolstring(L, b, &lb);
        int c = memcmp(sa, sb, la < lb ? la : lb);
        return c < 0 || (c == 0 && la < lb);
    }
    return !lua_toboolean(L, a) && lua_toboolean(L, b);
}

// Pushes a new sequence of table `t`'s keys, in key order (insertion sort on
// the Lua stack's values would be quadratic: a merge sort over a C array of
// registry-free positions in a scratch table instead).
static void push_sorted_keys(lua_State *L, int t) {
    t = lua_absindex(L, t);
    lua_newtable(L);
    int keys = lua_gettop(L);
    lua_Integer n = 0;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        if (key_rank(L, -1) < 0) luaL_error(L, "pairs and next refuse a table keyed by a %s: its order would come from an address (key it by numbers or strings)", luaL_typename(L, -1));
        lua_pushvalue(L, -1);
        lua_rawseti(L, keys, ++n);
    }
    // Merge sort of keys[1..n], bottom up, with a second scratch table.
    lua_newtable(L);
    int scratch = lua_gettop(L);
    int from = keys, to = scratch;
    for (lua_Integer width = 1; width < n; width *= 2) {
        for (lua_Integer lo = 1; lo <= n; lo += 2 * width) {
            lua_Integer mid = lo + width, hi = lo + 2 * width, i = lo, j = mid, k = lo;
            if (mid > n + 1) mid = n + 1;
            if (hi > n + 1) hi = n + 1;
            while (i < mid || j < hi) {
                int takeRight = 0;
                if (i >= mid) takeRight = 1;
                else if (j < hi) {
                    lua_rawgeti(L, from, j);
                    lua_rawgeti(L, from, i);
                    takeRight = key_less(L, -2, -1);
                    lua_pop(L, 2);
                }
                lua_rawgeti(L, from, takeRight ? j++ : i++);
                lua_rawseti(L, to, k++);
            }
        }
        int swap = from; from = to; to = swap;
    }
    if (from != keys) lua_replace(L, keys);  // the sorted one takes the keys' place
    else lua_pop(L, 1);
    lua_pushinteger(L, n);
    lua_setfield(L, -2, "n");
}

// pairs(t): an iterator over the keys as they are now, in key order.
static int pairs_step(lua_State *L) {
    lua_Integer i = lua_tointeger(L, lua_upvalueindex(3)) + 1;
    lua_getfield(L, lua_upvalueindex(2), "n");
    lua_Integer n = lua_tointeger(L, -1);
    lua_pop(L, 1);
    for (; i <= n; i++) {
        lua_rawgeti(L, lua_upvalueindex(2), i);
        lua_pushvalue(L, -1);
        lua_rawget(L, lua_upvalueindex(1));
        if (!lua_isnil(L, -1)) {  // a key removed while iterating is skipped
            lua_pushinteger(L, i);
            lua_replace(L, lua_upvalueindex(3));
            return 2;
        }
        lua_pop(L, 2);
    }
    lua_pushinteger(L, n);
    lua_replace(L, lua_upvalueindex(3));
    return 0;
}

static int sandbox_pairs(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_pushvalue(L, 1);
    push_sorted_keys(L, 1);
    lua_pushinteger(L, 0);
    lua_pushcclosure(L, pairs_step, 3);
    return 1;
}

// next(t, k): the key after k in key order (nil after the last); each call sorts, so a loop of it is slow: use pairs.
static int sandbox_next(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 2);
    push_sorted_keys(L, 1);
    lua_getfield(L, 3, "n");
    lua_Integer n = lua_tointeger(L, -1);
    lua_pop(L, 1);
    lua_Integer i = 1;
    if (!lua_isnil(L, 2)) {
        for (i = 1; i <= n; i++) {
            lua_rawgeti(L, 3, i);
            int same = lua_rawequal(L, -1, 2);
            lua_pop(L, 1);
            if (same) break;
        }
        if (i > n) return luaL_error(L, "next: the key is not in the table");
        i++;
    }
    if (i > n) {
        lua_pushnil(L);
        return 1;
    }
    lua_rawgeti(L, 3, i);
    lua_pushvalue(L, -1);
    lua_rawget(L, 1);
    return 2;
}

// --- No address reaches a script.

static int sandbox_tostring(lua_State *L) {
    luaL_checkany(L, 1);
    if (luaL_getmetafield(L, 1, "__tostring") != LUA_TNIL) {
        lua_pushvalue(L, 1);
        lua_call(L, 1, 1);
        if (!lua_isstring(L, -1)) return luaL_error(L, "'__tostring' must return a string");
        return 1;
    }
    switch (lua_type(L, 1)) {
    case LUA_TNUMBER:
    case LUA_TSTRING:
    case LUA_TBOOLEAN:
    case LUA_TNIL:
        luaL_tolstring(L, 1, NULL);
        return 1;
    default:
        lua_pushstring(L, luaL_typename(L, 1));  // "table", not "table: 0x55..."
        return 1;
    }
}

// string.format without %p, and with %s showing what tostring shows (Lua's
// own %s would print a table's address).
static int sandbox_format(lua_State *L) {
    size_t len;
    const char *f = luaL_checklstring(L, 1, &len);
    int arg = 1;
    for (size_t i = 0; i + 1 < len; i++) {
        if (f[i] != '%') continue;
        size_t j = i + 1;
        if (f[j] == '%') { i = j; continue; }
        while (j < len && strchr("-+ #0123456789.", f[j])) j++;
        arg++;
        if (j < len && f[j] == 'p') return luaL_error(L, "string.format: %%p would show an address");
        if (j < len && f[j] == 's' && arg <= lua_gettop(L)) {
            lua_pushcfunction(L, sandbox_tostring);
            lua_pushvalue(L, arg);
            lua_call(L, 1, 1);
            lua_replace(L, arg);
        }
        i = j;
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

// --- What runs in C, out of the hook's sight.

enum { MAX_STRING = 16 << 20 };

static int sandbox_rep(lua_State *L) {
    size_t len, seplen = 0;
    luaL_checklstring(L, 1, &len);
    lua_Integer n = luaL_checkinteger(L, 2);
    luaL_optlstring(L, 3, "", &seplen);
    if (n > 0 && (double)(len + seplen) * (double)n > MAX_STRING) return luaL_error(L, "string.rep: the result would be over %d bytes", MAX_STRING);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

// A pattern's matcher backtracks in C: a subject of n bytes and a pattern of
// q repetition items (`*`, `+`, `-`, `?`) can take about n^(q+1) steps. Work
// over 10^9 is refused before it starts (a second or so at worst).
static double pattern_work(const char *p, size_t plen, size_t n) {
    int q = 0;
    for (size_t i = 0; i < plen; i++) {
        if (p[i] == '%') { i++; continue; }
        if (strchr("*+-?", p[i]) && i > 0) q++;
    }
    double work = 1;
    for (int k = 0; k <= q; k++) {
        work *= (double)(n + 1);
        if (work > 1e18) break;
    }
    return work;
}

static int guarded_pattern(lua_State *L) {
    size_t n, plen;
    luaL_checklstring(L, 1, &n);
    const char *p = luaL_checklstring(L, 2, &plen);
    int plain = lua_toboolean(L, 4) && lua_tointeger(L, lua_upvalueindex(2)) == 1;  // string.find's plain flag
    if (!plain && pattern_work(p, plen, n) > 1e9) {
        return luaL_error(L, "%s: this pattern on %d bytes could take too long (at most about 10^9 steps of matching)", lua_tostring(L, lua_upvalueindex(3)), (int)n);
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

// --- Text chunks only, in the sandbox's globals.

static int sandbox_load(lua_State *L) {
    size_t len;
    const char *text = luaL_checklstring(L, 1, &len);
    const char *name = luaL_optstring(L, 2, "=(load)");
    if (luaL_loadbufferx(L, text, len, name, "t") != LUA_OK) {
        lua_pushnil(L);
        lua_insert(L, -2);
        return 2;
    }
    return 1;
}

static int sandbox_setmetatable(lua_State *L) {
    if (lua_type(L, 2) == LUA_TTABLE) {
        if (lua_getfield(L, 2, "__gc") != LUA_TNIL) return luaL_error(L, "setmetatable: finalizers (__gc) run when the collector says, not at a step: not in scripts");
        if (lua_getfield(L, 2, "__mode") != LUA_TNIL) return luaL_error(L, "setmetatable: weak tables (__mode) lose entries when the collector says, not at a step: not in scripts");
        lua_pop(L, 2);
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

static void wrap(lua_State *L, const char *table, const char *name, lua_CFunction f, const char *label, int flag) {
    lua_getglobal(L, table);
    lua_getfield(L, -1, name);
    if (label) {
        lua_pushinteger(L, flag);
        lua_pushstring(L, label);
        lua_pushcclosure(L, f, 3);
    } else {
        lua_pushcclosure(L, f, 1);
    }
    lua_setfield(L, -2, name);
    lua_pop(L, 1);
}

static void remove_field(lua_State *L, const char *table, const char *name) {
    if (table) {
        lua_getglobal(L, table);
        lua_pushnil(L);
        lua_setfield(L, -2, name);
        lua_pop(L, 1);
    } else {
        lua_pushnil(L);
        lua_setglobal(L, name);
    }
}

static int open_libraries(lua_State *L) {
    luaL_requiref(L, LUA_GNAME, luaopen_base, 1);
    luaL_requiref(L, LUA_TABLIBNAME, luaopen_table, 1);
    luaL_requiref(L, LUA_STRLIBNAME, luaopen_string, 1);
    luaL_requiref(L, LUA_MATHLIBNAME, luaopen_math, 1);
    luaL_requiref(L, LUA_UTF8LIBNAME, luaopen_utf8, 1);
    lua_settop(L, 0);
    // What reaches files, the collector's timing or binary chunks.
    const char *gone[] = {"dofile", "loadfile", "collectgarbage", "print", NULL};
    for (int i = 0; gone[i]; i++) remove_field(L, NULL, gone[i]);
    remove_field(L, "string", "dump");
    // Lua's math.random seeds itself from the clock: cratebox's is seeded from the scene.
    remove_field(L, "math", "randomseed");
    lua_getglobal(L, "math");
    lua_pushcfunction(L, sandbox_random);
    lua_setfield(L, -2, "random");
    lua_pop(L, 1);
    lua_register(L, "load", sandbox_load);
    lua_register(L, "pairs", sandbox_pairs);
    lua_register(L, "next", sandbox_next);
    lua_register(L, "tostring", sandbox_tostring);
    lua_getglobal(L, "setmetatable");
    lua_pushcclosure(L, sandbox_setmetatable, 1);
    lua_setglobal(L, "setmetatable");
    wrap(L, "string", "format", sandbox_format, NULL, 0);
    wrap(L, "string", "rep", sandbox_rep, NULL, 0);
    wrap(L, "string", "find", guarded_pattern, "string.find", 1);
    wrap(L, "string", "match", guarded_pattern, "string.match", 0);
    wrap(L, "string", "gmatch", guarded_pattern, "string.gmatch", 0);
    wrap(L, "string", "gsub", guarded_pattern, "string.gsub", 0);
    return 0;
}

script_sandbox *script_sandbox_new(size_t memory_limit, long long instructions) {
    script_sandbox *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->limit = memory_limit;
    s->budget = instructions;
    script_sandbox_seed(s, 0);
    s->L = lua_newstate(sandbox_alloc, s);
    if (!s->L) {
        free(s);
        return NULL;
    }
    lua_pushcfunction(s->L, open_libraries);
    s->left = instructions;
    if (lua_pcall(s->L, 0, 0, 0) != LUA_OK) {
        lua_close(s->L);
        free(s);
        return NULL;
    }
    lua_sethook(s->L, sandbox_hook, LUA_MASKCOUNT, HOOK_EVERY);
    return s;
}

void script_sandbox_free(script_sandbox *s) {
    if (!s) return;
    lua_close(s->L);
    free(s);
}

lua_State *script_sandbox_state(script_sandbox *s) { return s->L; }

size_t script_sandbox_memory(const script_sandbox *s) { return s->used; }

// Runs the function on top of the stack with its arguments below it (nargs), a fresh budget.
static const char *protected_call(script_sandbox *s, int nargs) {
    s->left = s->budget;
    int status = lua_pcall(s->L, nargs, 0, 0);
    if (status == LUA_OK) return NULL;
    const char *message = lua_tostring(s->L, -1);
    if (status == LUA_ERRMEM) message = "the script used more memory than its limit";
    snprintf(s->error, sizeof s->error, "%s", message ? message : "an error that is not a string");
    lua_pop(s->L, 1);
    lua_settop(s->L, 0);
    return s->error;
}

const char *script_sandbox_run(script_sandbox *s, const char *text, size_t length, const char *chunk_name) {
    if (luaL_loadbufferx(s->L, text, length, chunk_name, "t") != LUA_OK) {
        snprintf(s->error, sizeof s->error, "%s", lua_tostring(s->L, -1));
        lua_settop(s->L, 0);
        return s->error;
    }
    return protected_call(s, 0);
}

const char *script_sandbox_call_global(script_sandbox *s, const char *name, int *defined) {
    if (lua_getglobal(s->L, name) != LUA_TFUNCTION) {
        lua_pop(s->L, 1);
        *defined = 0;
        return NULL;
    }
    *defined = 1;
    return protected_call(s, 0);
}
