// require(name) (docs/scene-format.md 16.18): the modules a scene carries,
// given before the top level runs, each loaded once per build and only while
// the top level runs (a world read back runs its top level again, and so its
// modules); later calls return what the first gave.
#include "script_sandbox_internal.h"
#include <lauxlib.h>
#include <stdio.h>
#include <string.h>

static const char *MODULES = "cratebox.modules";  // registry: name -> text
static const char *LOADED = "cratebox.loaded";    // registry: name -> value, or LOADING while it loads
static const char LOADING_MARK = 0;                // its address, as a light userdata: a value no module returns
#define LOADING ((void *)&LOADING_MARK)

int sandbox_module_name(const char *name, size_t length) {
    if (length < 1 || length > 64) return 0;
    for (size_t i = 0; i < length; i++) {
        char c = name[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-')) return 0;
    }
    return 1;
}

// Pushes the registry table `key`, made when first needed.
static int registry_table(lua_State *L, const char *key) {
    if (lua_getfield(L, LUA_REGISTRYINDEX, key) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_setfield(L, LUA_REGISTRYINDEX, key);
    }
    return lua_gettop(L);
}

static int add_module(lua_State *L) {
    const char *name = lua_touserdata(L, 1), *text = lua_touserdata(L, 2);
    size_t length = (size_t)lua_tointeger(L, 3);
    int modules = registry_table(L, MODULES);
    lua_pushstring(L, name);
    lua_pushlstring(L, text, length);
    lua_rawset(L, modules);
    return 0;
}

const char *script_sandbox_add_module(script_sandbox *s, const char *name, const char *text, size_t length) {
    if (!sandbox_module_name(name, strlen(name))) return "not a module's name";
    lua_settop(s->L, 0);
    lua_pushcfunction(s->L, add_module);
    lua_pushlightuserdata(s->L, (void *)name);
    lua_pushlightuserdata(s->L, (void *)text);
    lua_pushinteger(s->L, (lua_Integer)length);
    return sandbox_protected_call_with(s, 3, 0, LLONG_MAX / 4);
}

// Runs the module's chunk (at 2) with its name; its first result, true for none.
static int run_module(lua_State *L) {
    lua_settop(L, 2);
    lua_pushvalue(L, 1);
    lua_call(L, 1, 1);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        lua_pushboolean(L, 1);
    }
    return 1;
}

int sandbox_require(lua_State *L) {
    size_t n;
    const char *name = luaL_checklstring(L, 1, &n);
    if (!sandbox_module_name(name, n)) {
        return luaL_error(L, "require: '%s' is not a module's name (1 to 64 letters, digits, '_' or '-': NAME.lua beside the scene, no path)", name);
    }
    lua_settop(L, 1);
    int loaded = registry_table(L, LOADED);
    lua_pushvalue(L, 1);
    int t = lua_rawget(L, loaded);
    if (t == LUA_TLIGHTUSERDATA && lua_touserdata(L, -1) == LOADING) return luaL_error(L, "require: '%s' is required while it loads (a loop of requires)", name);
    if (t != LUA_TNIL) return 1;
    lua_pop(L, 1);
    if (!sandbox_of(L)->topLevel) {
        return luaL_error(L, "require: '%s' is first required after the top level: require it at the top level, which runs it once per build", name);
    }
    int modules = registry_table(L, MODULES);
    lua_pushvalue(L, 1);
    if (lua_rawget(L, modules) != LUA_TSTRING) {
        return luaL_error(L, "require: no module '%s' (%s.lua beside the scene, which the script or a module must require by that literal name)", name, name);
    }
    size_t length;
    const char *text = lua_tolstring(L, -1, &length);
    char chunk[80];
    snprintf(chunk, sizeof chunk, "=%s.lua", name);
    sandbox_charge(L, (double)length);  // compiling: an instruction a byte, as load's (a module that fails is compiled again when required again)
    if (luaL_loadbufferx(L, text, length, chunk, "t") != LUA_OK) return lua_error(L);
    int chunkAt = lua_gettop(L);
    lua_pushvalue(L, 1);
    lua_pushlightuserdata(L, LOADING);
    lua_rawset(L, loaded);
    lua_pushcfunction(L, run_module);
    lua_pushvalue(L, 1);
    lua_pushvalue(L, chunkAt);
    // Called protected so that a module that fails may be required again; its error is raised as it was.
    if (lua_pcall(L, 2, 1, 0) != LUA_OK) {
        lua_pushvalue(L, 1);
        lua_pushnil(L);
        lua_rawset(L, loaded);
        return lua_error(L);
    }
    lua_pushvalue(L, 1);
    lua_pushvalue(L, -2);
    lua_rawset(L, loaded);
    return 1;
}
