// What the sandbox's C files share (script_sandbox.c, script_sandbox_random.c).
#ifndef SCRIPT_SANDBOX_INTERNAL_H
#define SCRIPT_SANDBOX_INTERNAL_H
#include "script_sandbox.h"

#include <lua5.4/lua.h>
#include <stdint.h>

/// A scene body a script may name: its id and its Chipmunk body.
typedef struct bound_body {
    char *id;
    struct cpBody *body;
} bound_body;

struct script_sandbox {
    lua_State *L;
    bound_body *bodies;
    int bodyCount, bodyCap;
    /// What the world tells a script at each call: its step count, and the keys and buttons it holds.
    long long steps;
    char held[1024];  // each held trigger's name followed by a NUL; an empty name ends the list
    char said[256];   // what world:say last said (the HUD's line), NUL-terminated
    size_t used, limit;
    long long budget, left;
    uint64_t random[4];  // math.random's xoshiro256** state
    char error[512];
};

/// math.random (16.4 of docs/scene-format.md), a C function of the sandbox's state.
int sandbox_random(lua_State *L);
/// Makes the global `world` and the bodies' metatable (16.5).
int sandbox_open_world(lua_State *L);
/// Counts `work` (in instructions' worth) of what a library function does in
/// C against the call's budget; raises the budget's error when it runs out.
void sandbox_charge(lua_State *L, double work);
/// Runs the function on the stack below its `nargs` arguments, with a fresh budget; NULL or the error.
const char *sandbox_protected_call(script_sandbox *s, int nargs);
const char *sandbox_protected_call_results(script_sandbox *s, int nargs, int nresults);
/// Calls the global `name` (with `world` when asked), its lookup protected too; `*defined` says whether it is a function.
const char *sandbox_call_global(script_sandbox *s, const char *name, int withWorld, int *defined);
/// pairs, next, tostring and string.format (upvalue 1: Lua's) as scripts have them (script_order.c).
int sandbox_pairs(lua_State *L);
int sandbox_next(lua_State *L);
int sandbox_tostring(lua_State *L);
int sandbox_format(lua_State *L);
/// A stable bottom-up merge sort of `table[1..n]` using `scratch` (a table
/// as large), `less(L, a, b)` saying whether the value at a sorts before the
/// value at b; charges the budget for it. Returns which of the two holds the
/// sorted sequence (script_tables.c).
int sandbox_merge_sort(lua_State *L, int table, int scratch, lua_Integer n, int (*less)(lua_State *L, int a, int b));
/// Replaces the table functions that loop in C: bounded, and a deterministic sort (script_tables.c).
void sandbox_guard_tables(lua_State *L);
#endif
