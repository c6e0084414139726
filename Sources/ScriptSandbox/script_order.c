// Orders and text that never come from an address or the string hash's
// seed (docs/scene-format.md 16.2): pairs and next in key order, tostring and
// string.format without addresses.
#include "script_sandbox_internal.h"

#include <lauxlib.h>
#include <string.h>

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

int sandbox_key_less(lua_State *L, int a, int b) {
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

// Pushes a new sequence of table `t`'s keys, in key order, with its length as `n`.
void sandbox_sorted_keys(lua_State *L, int t) {
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
    lua_newtable(L);
    if (sandbox_merge_sort(L, keys, lua_gettop(L), n, sandbox_key_less) != keys) lua_replace(L, keys);  // the sorted one takes the keys' place
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

int sandbox_pairs(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_pushvalue(L, 1);
    sandbox_sorted_keys(L, 1);
    lua_pushinteger(L, 0);
    lua_pushcclosure(L, pairs_step, 3);
    return 1;
}

// next(t, k): the key after k in key order (nil after the last); each call sorts, so a loop of it is slow: use pairs.
int sandbox_next(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 2);
    sandbox_sorted_keys(L, 1);
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

int sandbox_tostring(lua_State *L) {
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
int sandbox_format(lua_State *L) {
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
