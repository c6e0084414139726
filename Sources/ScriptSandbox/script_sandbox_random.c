// math.random for scripts: xoshiro256** seeded from the scene, never the
// clock (docs/scene-format.md 16.4).
#include "script_sandbox_internal.h"

#include <lauxlib.h>
#include <string.h>

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static uint64_t next_random(uint64_t *s) {
    uint64_t result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

void script_sandbox_seed(script_sandbox *s, uint64_t seed) {
    // splitmix64's first four outputs.
    for (int i = 0; i < 4; i++) {
        uint64_t z = (seed += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        s->random[i] = z ^ (z >> 31);
    }
}

void script_sandbox_random_state(const script_sandbox *s, uint64_t out[4]) { memcpy(out, s->random, sizeof s->random); }

void script_sandbox_set_random_state(script_sandbox *s, const uint64_t state[4]) { memcpy(s->random, state, sizeof s->random); }

// random(): a float in [0, 1), the top 53 bits; random(m): an integer in
// [1, m]; random(m, n): in [m, n], m plus the draw modulo the range's size
// (a draw as it is when the range is all 64 bits); random(0): the 64 bits.
int sandbox_random(lua_State *L) {
    script_sandbox *s;
    lua_getallocf(L, (void **)&s);
    uint64_t r = next_random(s->random);
    lua_Integer low, up;
    switch (lua_gettop(L)) {
    case 0:
        lua_pushnumber(L, (lua_Number)(r >> 11) * 0x1.0p-53);
        return 1;
    case 1:
        low = 1;
        up = luaL_checkinteger(L, 1);
        if (up == 0) {
            lua_pushinteger(L, (lua_Integer)r);
            return 1;
        }
        break;
    case 2:
        low = luaL_checkinteger(L, 1);
        up = luaL_checkinteger(L, 2);
        break;
    default: return luaL_error(L, "wrong number of arguments");
    }
    luaL_argcheck(L, low <= up, lua_gettop(L), "interval is empty");
    uint64_t span = (uint64_t)up - (uint64_t)low;
    uint64_t draw = span == UINT64_MAX ? r : r % (span + 1);
    lua_pushinteger(L, (lua_Integer)((uint64_t)low + draw));
    return 1;
}
