// What the values a script holds of the world share (bodies, joints, shapes,
// the arbiter): a metatable of methods that a script cannot change, and, for
// those that name an index, one value per index, so that `==` compares them.
#include "script_sandbox_internal.h"

#include <lauxlib.h>

void sandbox_new_type(lua_State *L, const char *name, const luaL_Reg *methods, lua_CFunction tostring, lua_CFunction eq, const char *label) {
    luaL_newmetatable(L, name);
    lua_newtable(L);
    luaL_setfuncs(L, methods, 0);
    lua_setfield(L, -2, "__index");
    if (tostring) {
        lua_pushcfunction(L, tostring);
        lua_setfield(L, -2, "__tostring");
    }
    if (eq) {
        lua_pushcfunction(L, eq);
        lua_setfield(L, -2, "__eq");
    }
    lua_pushstring(L, label);
    lua_setfield(L, -2, "__metatable");  // a script cannot change what such a value is
    lua_pop(L, 1);
    lua_pushfstring(L, "%s.values", name);  // the values made so far, by index
    lua_newtable(L);
    lua_rawset(L, LUA_REGISTRYINDEX);
}

void sandbox_push_indexed(lua_State *L, const char *name, long long index) {
    lua_pushfstring(L, "%s.values", name);
    lua_rawget(L, LUA_REGISTRYINDEX);
    if (lua_rawgeti(L, -1, (lua_Integer)index) == LUA_TNIL) {
        lua_pop(L, 1);
        lua_Integer *held = lua_newuserdatauv(L, sizeof *held, 0);
        *held = (lua_Integer)index;
        luaL_setmetatable(L, name);
        lua_pushvalue(L, -1);
        lua_rawseti(L, -3, (lua_Integer)index);
    }
    lua_remove(L, -2);
}
