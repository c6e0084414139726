// The table functions that loop in C, out of the instruction budget's sight
// (docs/scene-format.md 16.3): none runs on a table with a metatable (whose
// __len or __index would set how long it loops), none moves more than 2^24
// elements, and table.sort is a stable merge sort, the same order in every
// process (Lua's own picks a pivot from the clock when a partition is unbalanced).
#include "script_sandbox_internal.h"

#include <lauxlib.h>

enum { MAX_ELEMENTS = 1 << 24 };

static void plain_table(lua_State *L, const char *name) {
    luaL_checktype(L, 1, LUA_TTABLE);
    if (lua_getmetatable(L, 1)) luaL_error(L, "%s: not on a table with a metatable (its metamethods would run out of the budget's sight)", name);
}

// The original function is upvalue 1, the name upvalue 2.
static int guarded_table_call(lua_State *L) {
    const char *name = lua_tostring(L, lua_upvalueindex(2));
    plain_table(L, name);
    if (lua_rawlen(L, 1) > MAX_ELEMENTS) return luaL_error(L, "%s: the table has more than %d elements", name, MAX_ELEMENTS);
    sandbox_charge(L, (double)lua_rawlen(L, 1));  // the elements it may go through
    if (name[6] == 'm') {  // "table.move": table.move(a1, f, e, t [, a2])
        lua_Integer f = luaL_checkinteger(L, 2), e = luaL_checkinteger(L, 3);
        if (e >= f && (lua_Unsigned)e - (lua_Unsigned)f >= MAX_ELEMENTS) return luaL_error(L, "table.move: more than %d elements", MAX_ELEMENTS);
        if (e >= f) sandbox_charge(L, (double)((lua_Unsigned)e - (lua_Unsigned)f));
        if (lua_type(L, 5) == LUA_TTABLE && lua_getmetatable(L, 5)) return luaL_error(L, "table.move: not into a table with a metatable");
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

// Whether the value at a sorts before the value at b: the comparator at 2 when given, else <.
static int sorts_before(lua_State *L, int a, int b) {
    a = lua_absindex(L, a);
    b = lua_absindex(L, b);
    if (lua_isnil(L, 2)) return lua_compare(L, a, b, LUA_OPLT);
    lua_pushvalue(L, 2);
    lua_pushvalue(L, a);
    lua_pushvalue(L, b);
    lua_call(L, 2, 1);
    int before = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return before;
}

int sandbox_merge_sort(lua_State *L, int table, int scratch, lua_Integer n, int (*less)(lua_State *L, int a, int b)) {
    // About n log2 n comparisons, each worth a few instructions.
    double log2n = 1;
    for (lua_Integer m = n; m > 1; m /= 2) log2n += 1;
    sandbox_charge(L, 4 * (double)n * log2n);
    int from = table, to = scratch;
    for (lua_Integer width = 1; width < n; width *= 2) {
        for (lua_Integer lo = 1; lo <= n; lo += 2 * width) {
            lua_Integer mid = lo + width, hi = lo + 2 * width, i = lo, j = mid, k = lo;
            if (mid > n + 1) mid = n + 1;
            if (hi > n + 1) hi = n + 1;
            while (i < mid || j < hi) {
                int right = i >= mid;
                if (!right && j < hi) {  // the right one first only when strictly before: stable
                    lua_rawgeti(L, from, j);
                    lua_rawgeti(L, from, i);
                    right = less(L, -2, -1);
                    lua_pop(L, 2);
                }
                lua_rawgeti(L, from, right ? j++ : i++);
                lua_rawseti(L, to, k++);
            }
        }
        int swap = from;
        from = to;
        to = swap;
    }
    return from;
}

// table.sort(t [, comp]): a bottom-up merge sort of t[1..#t], stable.
static int sandbox_sort(lua_State *L) {
    plain_table(L, "table.sort");
    if (!lua_isnoneornil(L, 2)) luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_settop(L, 2);
    lua_Integer n = (lua_Integer)lua_rawlen(L, 1);
    if (n > MAX_ELEMENTS) return luaL_error(L, "table.sort: the table has more than %d elements", MAX_ELEMENTS);
    lua_createtable(L, (int)n, 0);
    if (sandbox_merge_sort(L, 1, 3, n, sorts_before) == 3) {
        for (lua_Integer k = 1; k <= n; k++) {
            lua_rawgeti(L, 3, k);
            lua_rawseti(L, 1, k);
        }
    }
    return 0;
}

void sandbox_guard_tables(lua_State *L) {
    const char *guarded[] = {"insert", "remove", "move", "concat", "unpack", NULL};
    lua_getglobal(L, "table");
    for (int i = 0; guarded[i]; i++) {
        lua_getfield(L, -1, guarded[i]);
        lua_pushfstring(L, "table.%s", guarded[i]);
        lua_pushcclosure(L, guarded_table_call, 2);
        lua_setfield(L, -2, guarded[i]);
    }
    lua_pushcfunction(L, sandbox_sort);
    lua_setfield(L, -2, "sort");
    lua_pop(L, 1);
}
