// What the sandbox's C files share (script_sandbox.c, script_sandbox_random.c).
#ifndef SCRIPT_SANDBOX_INTERNAL_H
#define SCRIPT_SANDBOX_INTERNAL_H
#include "script_sandbox.h"

#include <lua5.4/lua.h>
#include <stdint.h>

struct script_sandbox {
    lua_State *L;
    size_t used, limit;
    long long budget, left;
    uint64_t random[4];  // math.random's xoshiro256** state
    char error[512];
};

/// math.random (16.4 of docs/scene-format.md), a C function of the sandbox's state.
int sandbox_random(lua_State *L);
#endif
