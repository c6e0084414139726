// The collision types' names the script's world:onCollision calls gave, in
// order, for `validate` (docs/scene-format.md 16.16): a handler for a type no
// shape has never fires. Kept in the registry; not part of any state.
#include "script_sandbox_internal.h"

#include <lauxlib.h>

static const char *HANDLER_NAMES = "cratebox.handlerNames";  // registry: the names, in order

void sandbox_note_handler_types(lua_State *L, int a, int b) {
    if (lua_getfield(L, LUA_REGISTRYINDEX, HANDLER_NAMES) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_setfield(L, LUA_REGISTRYINDEX, HANDLER_NAMES);
    }
    int at = lua_absindex(L, a), bt = b ? lua_absindex(L, b) : 0;
    lua_pushvalue(L, at);
    lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
    if (bt) {
        lua_pushvalue(L, bt);
        lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
    }
    lua_pop(L, 1);
}

int script_sandbox_handler_type_count(script_sandbox *s) {
    lua_State *L = s->L;
    int n = lua_getfield(L, LUA_REGISTRYINDEX, HANDLER_NAMES) == LUA_TTABLE ? (int)lua_rawlen(L, -1) : 0;
    lua_pop(L, 1);
    return n;
}

const char *script_sandbox_handler_type(script_sandbox *s, int i) {
    lua_State *L = s->L;
    const char *name = "";
    if (lua_getfield(L, LUA_REGISTRYINDEX, HANDLER_NAMES) == LUA_TTABLE && lua_rawgeti(L, -1, i + 1) == LUA_TSTRING) name = lua_tostring(L, -1);
    lua_settop(L, 0);
    return name;  // the string stays in the registry's table
}
