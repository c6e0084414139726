// The names of the library's C functions, for the digest of what a script
// holds (script_state.c): stable from process to process, unlike their addresses.
#include "script_sandbox_internal.h"

#include <lauxlib.h>

const char *const SANDBOX_CNAMES = "cratebox.cnames";  // registry: each library C function → its name

void sandbox_name_functions(lua_State *L) {
    lua_newtable(L);
    int names = lua_gettop(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
    sandbox_sorted_keys(L, -1);
    lua_Integer n = luaL_len(L, -1);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, -1, i);
        const char *global = lua_tostring(L, -1);
        lua_rawget(L, -3);
        if (lua_iscfunction(L, -1)) {
            lua_pushstring(L, global);
            lua_rawset(L, names);
            continue;
        }
        if (lua_istable(L, -1)) {
            sandbox_sorted_keys(L, -1);
            lua_Integer m = luaL_len(L, -1);
            for (lua_Integer j = 1; j <= m; j++) {
                lua_rawgeti(L, -1, j);
                lua_pushvalue(L, -1);
                lua_rawget(L, -4);
                if (lua_iscfunction(L, -1) && lua_type(L, -2) == LUA_TSTRING) {
                    lua_pushfstring(L, "%s.%s", global, lua_tostring(L, -2));
                    lua_rawset(L, names);
                } else {
                    lua_pop(L, 1);
                }
                lua_pop(L, 1);
            }
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 2);
    lua_setfield(L, LUA_REGISTRYINDEX, SANDBOX_CNAMES);
}

