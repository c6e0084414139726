// Debian's Lua 5.4 (liblua5.4-dev): scene scripts.
#include <lua5.4/lua.h>
#include <lua5.4/lauxlib.h>
#include <lua5.4/lualib.h>
