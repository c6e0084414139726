// A Lua 5.4 state for a scene's script, safe and deterministic
// (docs/scene-format.md, "Scripts"): only the base, table, string, math and
// utf8 libraries, without what reaches a file, a process, the clock or an
// address; a memory limit in the allocator; an instruction budget per call in
// a count hook; and, for what runs in C where no hook sees it, limits of its
// own (string.rep's size, the pattern functions' work). Iteration order and
// tostring never depend on addresses or on the string hash's random seed.
#include "script_sandbox_internal.h"

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
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

static void sandbox_hook(lua_State *L, lua_Debug *ar);

void sandbox_charge(lua_State *L, double work) {
    script_sandbox *s;
    lua_getallocf(L, (void **)&s);
    s->left -= work > 1e15 ? (long long)1e15 : (long long)work;
    if (s->left >= 0) return;
    lua_sethook(L, sandbox_hook, LUA_MASKCOUNT, 1);  // as when counted instructions run out: every next one raises
    luaL_error(L, "the script ran more than %I instructions %s (counting the work its library calls do)",
               (lua_Integer)(s->stepBound ? s->stepBudget : s->budget), s->stepBound ? "in one step" : "at once");
}

// Work Lua does in C inside one instruction (Sources/CLua, marked CRATEBOX: a
// long string made, two strings compared, values copied by `...`, ...): taken
// off the budget as it is done. Nothing may be raised there, so when the
// budget runs out the next instruction raises. Running out of memory after
// Lua's emergency collection stops the call the same way: from then on every
// instruction raises, and no allocation the call makes collects again.
static void sandbox_work(lua_State *L, size_t work) {
    script_sandbox *s;
    lua_getallocf(L, (void **)&s);
    if (work == LUA_WORK_NOMEMORY) {
        s->outOfMemory = 1;
        lua_setemergencygc(L, 0);
    } else {
        s->left -= work > (size_t)1e15 ? (long long)1e15 : (long long)work;
        if (s->left >= 0) return;
        s->overByWork = 1;
    }
    lua_sethook(L, sandbox_hook, LUA_MASKCOUNT, 1);
}

static void sandbox_hook(lua_State *L, lua_Debug *ar) {
    script_sandbox *s;
    lua_getallocf(L, (void **)&s);
    if (s->outOfMemory) {
        lua_pushliteral(L, "the script used more memory than its limit");  // no room for it: Lua's own memory error, the same words
        lua_error(L);
    }
    s->left -= HOOK_EVERY;
    if (s->left >= 0) return;
    // From now on every instruction raises it again: a pcall can catch it,
    // but the code that caught it cannot go on (the next call restores the count).
    lua_sethook(L, sandbox_hook, LUA_MASKCOUNT, 1);
    // Named at the line that was running, as any error of the script is.
    lua_getinfo(L, "Sl", ar);
    lua_pushfstring(L, "%s:%d: the script ran more than %I instructions %s%s", ar->short_src, ar->currentline,
                    (lua_Integer)(s->stepBound ? s->stepBudget : s->budget), s->stepBound ? "in one step" : "at once",
                    s->overByWork ? " (counting the work its library calls do)" : "");
    lua_error(L);
}

// --- Arguments.

lua_Number sandbox_number_within(lua_State *L, int i, const char *what, double lo, double hi, const char *after) {
    lua_Number v = luaL_checknumber(L, i);
    if (!(v >= lo && v <= hi)) {
        char range[64];  // lua_pushfstring has no %g
        snprintf(range, sizeof range, "from %g to %g", lo, hi);
        luaL_error(L, "%s must be %s%s", what, range, after);
    }
    return v;
}

// --- What runs in C, out of the hook's sight.

enum { MAX_STRING = 16 << 20 };

static int sandbox_rep(lua_State *L) {
    size_t len, seplen = 0;
    luaL_checklstring(L, 1, &len);
    lua_Integer n = luaL_checkinteger(L, 2);
    luaL_optlstring(L, 3, "", &seplen);
    // n itself is bounded too: Lua loops n times even when the pieces are empty.
    if (n > MAX_STRING || (n > 0 && (double)(len + seplen) * (double)n > MAX_STRING)) {
        return luaL_error(L, "string.rep: the result would be over %d bytes (or take over %d repetitions)", MAX_STRING, MAX_STRING);
    }
    if (n > 0) sandbox_charge(L, ((double)(len + seplen) * (double)n + (double)n) / 16);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

// A pattern's matcher backtracks in C: a subject of n bytes and a pattern of
// q repetition items (`*`, `+`, `-`, `?`, `%b`) and m bytes can take about
// m (n+1)^(q+1) steps. Work over 10^9 is refused before it starts.
static double pattern_work(const char *p, size_t plen, size_t n) {
    int q = 0;
    for (size_t i = 0; i < plen; i++) {
        if (p[i] == '%') {
            if (i + 1 < plen && p[i + 1] == 'b') q++;  // a balanced match scans ahead for its close
            i++;
            continue;
        }
        if (p[i] == '[') {  // a set: its '-' is a range, not a repetition
            i++;
            if (i < plen && p[i] == '^') i++;
            if (i < plen && p[i] == ']') i++;
            while (i < plen && p[i] != ']') i += p[i] == '%' ? 2 : 1;
            continue;
        }
        if (i > 0 && strchr("*+-?", p[i])) q++;
    }
    double work = (double)(plen + 1);
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
    sandbox_charge(L, (double)n / 16);  // at least a pass over the subject
    if (!plain && pattern_work(p, plen, n) > 1e9) {
        return luaL_error(L, "%s: this pattern on %d bytes could take too long (at most about 10^9 steps of matching)", lua_tostring(L, lua_upvalueindex(3)), (int)n);
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

// --- Text chunks only, in the sandbox's globals.

// xpcall(f, msgh, ...): f runs as pcall runs it; when it fails, msgh gets
// the error after it has unwound. Lua calls a message handler before, inside
// the code that raised it: when that is the budget's hook, where no hook runs,
// a handler that loops would never be stopped.
static int sandbox_xpcall(lua_State *L) {
    int n = lua_gettop(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 1);
    for (int i = 3; i <= n; i++) lua_pushvalue(L, i);
    if (lua_pcall(L, n - 2, LUA_MULTRET, 0) == LUA_OK) {
        lua_pushboolean(L, 1);
        lua_replace(L, n);  // the results follow `true`, in place of the last argument
        return lua_gettop(L) - n + 1;
    }
    lua_pushvalue(L, 2);
    lua_insert(L, -2);
    lua_pcall(L, 1, 1, 0);  // the handler's result, or its own error
    lua_pushboolean(L, 0);
    lua_insert(L, -2);
    return 2;
}

static int sandbox_load(lua_State *L) {
    size_t len;
    const char *text = luaL_checklstring(L, 1, &len);
    const char *name = luaL_optstring(L, 2, "=(load)");
    sandbox_charge(L, (double)len);  // reading and compiling: an instruction a byte
    if (luaL_loadbufferx(L, text, len, name, "t") != LUA_OK) {
        lua_pushnil(L);
        lua_insert(L, -2);
        return 2;
    }
    return 1;
}

// A metatable given to setmetatable gets a guard of its own, so that __gc and
// __mode cannot be added to it later either (rawset is not in scripts).
static int guard_newindex(lua_State *L) {
    const char *key = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : "";
    if (strcmp(key, "__gc") == 0 || strcmp(key, "__mode") == 0) {
        return luaL_error(L, "a metatable may not get %s: it acts when the collector says, not at a step", key);
    }
    lua_rawset(L, 1);
    return 0;
}

static const char *GUARD = "cratebox.metatable";

static int sandbox_setmetatable(lua_State *L) {
    if (lua_type(L, 2) == LUA_TTABLE) {
        if (lua_getfield(L, 2, "__gc") != LUA_TNIL) return luaL_error(L, "setmetatable: finalizers (__gc) run when the collector says, not at a step: not in scripts");
        if (lua_getfield(L, 2, "__mode") != LUA_TNIL) return luaL_error(L, "setmetatable: weak tables (__mode) lose entries when the collector says, not at a step: not in scripts");
        lua_pop(L, 2);
        if (lua_getmetatable(L, 2)) {
            luaL_getmetatable(L, GUARD);
            int guarded = lua_rawequal(L, -1, -2);
            lua_pop(L, 2);
            if (!guarded) return luaL_error(L, "setmetatable: a metatable may not have a metatable of its own");
        } else {
            luaL_getmetatable(L, GUARD);
            lua_setmetatable(L, 2);
        }
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
    const char *gone[] = {"dofile", "loadfile", "collectgarbage", "print", "rawset", NULL};
    for (int i = 0; gone[i]; i++) remove_field(L, NULL, gone[i]);
    remove_field(L, "string", "dump");
    // Lua's math.random seeds itself from the clock: cratebox's is seeded from the scene.
    remove_field(L, "math", "randomseed");
    lua_getglobal(L, "math");
    lua_pushcfunction(L, sandbox_random);
    lua_setfield(L, -2, "random");
    lua_pop(L, 1);
    lua_register(L, "load", sandbox_load);
    lua_register(L, "xpcall", sandbox_xpcall);
    lua_register(L, "pairs", sandbox_pairs);
    lua_register(L, "next", sandbox_next);
    lua_register(L, "tostring", sandbox_tostring);
    lua_register(L, "print", sandbox_print);  // cratebox's: to the log, bounded (16.5)
    lua_register(L, "require", sandbox_require);  // the scene's modules only (16.18)
    luaL_newmetatable(L, GUARD);
    lua_pushcfunction(L, guard_newindex);
    lua_setfield(L, -2, "__newindex");
    lua_pushliteral(L, "a guarded metatable");
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 1);
    lua_getglobal(L, "setmetatable");
    lua_pushcclosure(L, sandbox_setmetatable, 1);
    lua_setglobal(L, "setmetatable");
    wrap(L, "string", "format", sandbox_format, NULL, 0);
    wrap(L, "string", "rep", sandbox_rep, NULL, 0);
    wrap(L, "string", "find", guarded_pattern, "string.find", 1);
    wrap(L, "string", "match", guarded_pattern, "string.match", 0);
    wrap(L, "string", "gmatch", guarded_pattern, "string.gmatch", 0);
    wrap(L, "string", "gsub", guarded_pattern, "string.gsub", 0);
    sandbox_guard_tables(L);
    sandbox_open_world(L);
    sandbox_open_collisions(L);
    sandbox_open_queries(L);
    sandbox_open_joints(L);
    sandbox_open_spawn(L);
    sandbox_open_text(L);
    sandbox_open_shapes(L);
    sandbox_name_functions(L);
    return 0;
}

script_sandbox *script_sandbox_new(size_t memory_limit, long long instructions) {
    script_sandbox *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->limit = memory_limit;
    s->budget = instructions;
    s->stepBudget = s->stepLeft = 10 * instructions;
    script_sandbox_seed(s, 0);
    s->L = lua_newstate(sandbox_alloc, s);
    if (!s->L) {
        free(s);
        return NULL;
    }
    lua_setworkf(s->L, sandbox_work);
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
    sandbox_state_free(s);
    sandbox_bodies_free(s);
    sandbox_joints_free(s);
    sandbox_collisions_free(s);
    sandbox_timers_free(s);
    sandbox_labels_free(s);
    free(s);
}

lua_State *script_sandbox_state(script_sandbox *s) { return s->L; }

size_t script_sandbox_memory(const script_sandbox *s) { return s->used; }

// Runs the function on top of the stack with its arguments below it (nargs), a fresh budget.
const char *sandbox_protected_call(script_sandbox *s, int nargs) {
    return sandbox_protected_call_results(s, nargs, 0);
}

const char *sandbox_protected_call_results(script_sandbox *s, int nargs, int nresults) {
    return sandbox_protected_call_with(s, nargs, nresults, s->budget);
}

const char *sandbox_script_call(script_sandbox *s, int nargs, int nresults) {
    if (s->stepLeft <= 0) {
        lua_settop(s->L, 0);
        snprintf(s->error, sizeof s->error, "the script ran more than %lld instructions in one step", s->stepBudget);
        return s->error;
    }
    long long allowance = s->stepLeft < s->budget ? s->stepLeft : s->budget;
    s->stepBound = allowance < s->budget;
    const char *error = sandbox_protected_call_with(s, nargs, nresults, allowance);
    s->stepLeft -= allowance - (s->left > 0 ? s->left : 0);
    s->stepBound = 0;
    return error;
}

const char *sandbox_protected_call_with(script_sandbox *s, int nargs, int nresults, long long budget) {
    s->left = budget;
    s->overByWork = s->outOfMemory = 0;
    lua_setemergencygc(s->L, 1);
    lua_sethook(s->L, sandbox_hook, LUA_MASKCOUNT, HOOK_EVERY);
    int status = lua_pcall(s->L, nargs, nresults, 0);
    if (status == LUA_OK) return NULL;
    // Only a string is read as it is: converting another value could need memory, outside any protection.
    const char *message = lua_type(s->L, -1) == LUA_TSTRING ? lua_tostring(s->L, -1) : "an error whose value is not a string";
    if (status == LUA_ERRMEM) message = "the script used more memory than its limit";
    snprintf(s->error, sizeof s->error, "%s", message);
    lua_settop(s->L, 0);
    return s->error;
}

const char *script_sandbox_run(script_sandbox *s, const char *text, size_t length, const char *chunk_name) {
    int status = luaL_loadbufferx(s->L, text, length, chunk_name, "t");
    if (status != LUA_OK) {
        const char *message = status == LUA_ERRMEM ? "the script used more memory than its limit" : lua_tostring(s->L, -1);
        snprintf(s->error, sizeof s->error, "%s", message);
        lua_settop(s->L, 0);
        return s->error;
    }
    s->topLevel = !s->roots;  // before the freeze: handlers may be set (16.7)
    const char *error = sandbox_protected_call(s, 0);
    s->topLevel = 0;
    return error;
}

// Looks up the global named by the light userdata at 1 and calls it, with
// `world` when 2 is true; returns whether it was a function. Runs protected.
static int call_named_global(lua_State *L) {
    const char *name = lua_touserdata(L, 1);
    int withWorld = lua_toboolean(L, 2);
    lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
    if (lua_getfield(L, -1, name) != LUA_TFUNCTION) {
        lua_pushboolean(L, 0);
        return 1;
    }
    if (withWorld) lua_getfield(L, -2, "world");
    lua_call(L, withWorld ? 1 : 0, 0);
    lua_pushboolean(L, 1);
    return 1;
}

const char *sandbox_call_global(script_sandbox *s, const char *name, int withWorld, int *defined) {
    // Pushing a C function without upvalues, a light userdata and a boolean needs no memory.
    lua_pushcfunction(s->L, call_named_global);
    lua_pushlightuserdata(s->L, (void *)name);
    lua_pushboolean(s->L, withWorld);
    const char *error = sandbox_script_call(s, 2, 1);
    *defined = error ? 1 : lua_toboolean(s->L, -1);
    lua_settop(s->L, 0);
    return error;
}

const char *script_sandbox_call_global(script_sandbox *s, const char *name, int *defined) {
    return sandbox_call_global(s, name, 0, defined);
}
