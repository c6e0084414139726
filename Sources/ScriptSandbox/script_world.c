// The world as a script sees it (docs/scene-format.md 16.5): the global
// `world`: its bodies by scene id or construction index, its step count, the
// keys it holds, and a line for the HUD.
#include "script_sandbox_internal.h"

#include <chipmunk/chipmunk.h>
#include <lauxlib.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *BODY = "cratebox.body";

void script_sandbox_set_world(script_sandbox *s, long long steps, const char *held, size_t length) {
    s->steps = steps;
    s->stepLeft = s->stepBudget;  // told before each step: its calls share a budget
    size_t at = 0;
    for (size_t i = 0; i < length;) {
        size_t len = strnlen(held + i, length - i);
        if (len == 0 || i + len >= length || at + len + 2 > sizeof s->held) break;
        memcpy(s->held + at, held + i, len + 1);
        at += len + 1;
        i += len + 1;
    }
    s->held[at] = 0;
}

// world:steps(): the steps run since the world was made (resets do not restart it).
static int world_steps(lua_State *L) {
    lua_pushinteger(L, (lua_Integer)sandbox_of(L)->steps);
    return 1;
}

// world:isDown(name): whether the world holds that key or button (a trigger the scene's controls bind).
static int world_is_down(lua_State *L) {
    const char *name = luaL_checkstring(L, 2);
    const char *held = sandbox_of(L)->held;
    for (const char *p = held; *p; p += strlen(p) + 1) {
        if (strcmp(p, name) == 0) {
            lua_pushboolean(L, 1);
            return 1;
        }
    }
    lua_pushboolean(L, 0);
    return 1;
}

void script_sandbox_set_pointer(script_sandbox *s, double x, double y, int clicked) {
    s->pointer[0] = x;
    s->pointer[1] = y;
    s->clicked = clicked != 0;
}

// world:pointer(): where the pointer is, in world coordinates ((0, 0) until a `pointer` or `click` event).
static int world_pointer(lua_State *L) {
    script_sandbox *s = sandbox_of(L);
    lua_pushnumber(L, s->pointer[0]);
    lua_pushnumber(L, s->pointer[1]);
    return 2;
}

// world:clicked(): whether a `click` event came before this step.
static int world_clicked(lua_State *L) {
    lua_pushboolean(L, sandbox_of(L)->clicked);
    return 1;
}

// world:gravity(): the space's gravity now (a tilt changes it).
static int world_gravity(lua_State *L) {
    script_sandbox *s = sandbox_of(L);
    cpVect g = s->space ? cpSpaceGetGravity(s->space) : cpvzero;
    lua_pushnumber(L, g.x);
    lua_pushnumber(L, g.y);
    return 2;
}

// world:say(text): one line for the HUD (cut to 200 bytes, at a character's start), until said again.
static int world_say(lua_State *L) {
    size_t len;
    const char *text = luaL_checklstring(L, 2, &len);
    script_sandbox *s = sandbox_of(L);
    if (len > 200) {
        len = 200;
        while (len > 0 && ((unsigned char)text[len] & 0xC0) == 0x80) len--;  // not inside a UTF-8 sequence
    }
    for (size_t i = 0; i < len; i++) s->said[i] = text[i] == '\n' || text[i] == 0 ? ' ' : text[i];
    s->said[len] = 0;
    return 0;
}

const char *script_sandbox_said(const script_sandbox *s) { return s->said; }

// print(...): a line for the log (16.5: standard error in headless runs, the
// HUD in the window), never the world's. Its arguments by the sandbox's
// tostring, separated by tabs, cut at SCRIPT_PRINT_BYTES bytes (at a
// character's start); at most SCRIPT_PRINTS lines between two takes, the rest
// counted. Each argument's text is read up to the cut only, so a long string
// costs no more than a short one.
int sandbox_print(lua_State *L) {
    script_sandbox *s = sandbox_of(L);
    int n = lua_gettop(L);
    char line[SCRIPT_PRINT_BYTES + 1];
    size_t len = 0;
    unsigned char next = 0;  // the first byte cut off, if any
    for (int i = 1; i <= n && len < SCRIPT_PRINT_BYTES; i++) {
        lua_pushcfunction(L, sandbox_tostring);
        lua_pushvalue(L, i);
        lua_call(L, 1, 1);
        size_t part;
        const char *text = lua_tolstring(L, -1, &part);
        if (i > 1) line[len++] = '\t';
        size_t k = 0;
        for (; k < part && len < SCRIPT_PRINT_BYTES; k++) line[len++] = text[k];
        if (k < part) next = (unsigned char)text[k];
        lua_pop(L, 1);
    }
    // A cut inside a UTF-8 sequence goes back to the character's start (the byte cut off is
    // a continuation byte); only bytes written are read.
    if ((next & 0xC0) == 0x80) {
        while (len > 0 && ((unsigned char)line[len - 1] & 0xC0) == 0x80) len--;
        if (len > 0) len--;  // the sequence's lead byte
    }
    line[len] = 0;
    for (size_t k = 0; k < len; k++) if (line[k] == 0) line[k] = ' ';
    if (s->printCount < SCRIPT_PRINTS) {
        memcpy(s->printed[s->printCount++], line, len + 1);
    } else {
        s->printDropped++;
    }
    return 0;
}

int script_sandbox_print_count(const script_sandbox *s) { return s->printCount; }
const char *script_sandbox_printed(const script_sandbox *s, int i) { return i >= 0 && i < s->printCount ? s->printed[i] : ""; }
int script_sandbox_print_dropped(const script_sandbox *s) { return s->printDropped; }
void script_sandbox_forget_printed(script_sandbox *s) { s->printCount = 0; s->printDropped = 0; }

// world:sound(kind, x, y [, strength [, size]]): a sound heard at (x, y) after
// this step (16.5). Hearing only: nothing in the state, the hash or journals.
static const char *const sound_kinds[] = {"wood", "rubber", "metal", "stone", "splash", "snap", "cut", "explosion", "hiss"};

static int world_sound(lua_State *L) {
    size_t len;
    const char *kind = luaL_checklstring(L, 2, &len);
    int k = 0, kinds = (int)(sizeof sound_kinds / sizeof sound_kinds[0]);
    while (k < kinds && !(strlen(sound_kinds[k]) == len && memcmp(sound_kinds[k], kind, len) == 0)) k++;
    if (k == kinds) {
        return luaL_error(L, "world:sound: the kind must be \"wood\", \"rubber\", \"metal\", \"stone\", \"splash\", \"snap\", \"cut\", \"explosion\" or \"hiss\"");
    }
    lua_Number x = luaL_checknumber(L, 3), y = luaL_checknumber(L, 4);
    if (!(x >= -1e9 && x <= 1e9 && y >= -1e9 && y <= 1e9)) return luaL_error(L, "world:sound: the point must be finite and within 1e9");
    lua_Number strength = luaL_optnumber(L, 5, 1), size = luaL_optnumber(L, 6, 32);
    if (!(strength >= 0 && strength <= 1)) return luaL_error(L, "world:sound: the strength must be from 0 to 1");
    if (!(size >= 1 && size <= 1e6)) return luaL_error(L, "world:sound: the size must be from 1 to 1e6");
    script_sandbox *s = sandbox_of(L);
    if (s->soundCount < SCRIPT_SOUNDS) s->sounds[s->soundCount++] = (script_sound){sound_kinds[k], x, y, strength, size};
    return 0;
}

int script_sandbox_sound_count(const script_sandbox *s) { return s->soundCount; }

int script_sandbox_take_sounds(script_sandbox *s, script_sound *out, int capacity) {
    int n = s->soundCount < capacity ? s->soundCount : capacity;
    memcpy(out, s->sounds, (size_t)n * sizeof *out);
    s->soundCount = 0;
    return n;
}

// Whether the global named by the light userdata at 1 is a function.
static int is_function(lua_State *L) {
    lua_pushboolean(L, sandbox_push_global(L, lua_touserdata(L, 1)) == LUA_TFUNCTION);
    return 1;
}

int script_sandbox_is_function(script_sandbox *s, const char *name) {
    lua_settop(s->L, 0);
    lua_pushcfunction(s->L, is_function);
    lua_pushlightuserdata(s->L, (void *)name);
    int found = lua_pcall(s->L, 1, 1, 0) == LUA_OK && lua_toboolean(s->L, -1);
    lua_settop(s->L, 0);
    return found;
}

void script_sandbox_set_said(script_sandbox *s, const char *text) { snprintf(s->said, sizeof s->said, "%s", text); }

// world:body(id): the live body with that scene id (the lowest index), nil when there is none.
static int world_body(lua_State *L) {
    const char *id = luaL_checkstring(L, 2);
    const bound_body *b = sandbox_body_named(sandbox_of(L), id);
    if (b) sandbox_push_body(L, b->index);
    else lua_pushnil(L);
    return 1;
}

// world:reset([keep]): the world resets at the end of this step, as a `reset` event before the next would (16.5);
// `keep`, plain data, is the next build's global `kept` (16.9).
static int world_reset(lua_State *L) {
    script_sandbox *s = sandbox_of(L);
    if (s->topLevel) return luaL_error(L, "world:reset: the top level is the reset's own; ask for one from step or a callback");
    if (lua_isnoneornil(L, 2)) {
        free(s->kept);
        s->kept = NULL;
        s->keptLen = 0;
    } else {
        sandbox_keep(L, 2);
    }
    s->resetAsked = 1;
    return 0;
}

const unsigned char *script_sandbox_kept(const script_sandbox *s, size_t *length) {
    *length = s->keptLen;
    return s->kept;
}

static int set_kept(lua_State *L) {
    const unsigned char *bytes = lua_touserdata(L, 1);
    size_t length = (size_t)lua_tointeger(L, 2);
    sandbox_push_kept(L, bytes, length);
    lua_setglobal(L, "kept");
    return 0;
}

const char *script_sandbox_set_kept(script_sandbox *s, const unsigned char *bytes, size_t length) {
    lua_settop(s->L, 0);
    lua_pushcfunction(s->L, set_kept);
    lua_pushlightuserdata(s->L, (void *)bytes);
    lua_pushinteger(s->L, (lua_Integer)length);
    return sandbox_protected_call_with(s, 2, 0, LLONG_MAX / 4);
}

int script_sandbox_take_reset(script_sandbox *s) {
    int asked = s->resetAsked;
    s->resetAsked = 0;
    return asked;
}

// world:bodyAt(index): the body with that construction index, nil when there is none (or it is gone).
static int world_body_at(lua_State *L) {
    lua_Integer index = luaL_checkinteger(L, 2);
    if (sandbox_body_at(sandbox_of(L), index)) sandbox_push_body(L, index);
    else lua_pushnil(L);
    return 1;
}

int sandbox_open_world(lua_State *L) {
    sandbox_open_bodies(L);
    static const luaL_Reg world[] = {{"body", world_body}, {"bodyAt", world_body_at}, {"reset", world_reset}, {"steps", world_steps}, {"isDown", world_is_down}, {"say", world_say}, {"sound", world_sound},
        {"gravity", world_gravity}, {"pointer", world_pointer}, {"clicked", world_clicked},
        {"after", sandbox_world_after}, {"every", sandbox_world_every}, {"cancel", sandbox_world_cancel}, {NULL, NULL}};
    luaL_newlib(L, world);
    lua_setglobal(L, "world");
    return 0;
}

const char *script_sandbox_call_step(script_sandbox *s, int *defined) {
    return sandbox_call_global(s, "step", 1, defined);
}

/// What an input call passes, read inside the protected call (a string needs memory).
typedef struct {
    const char *name, *text;
    int point;
    double x, y;
} input_call;

static int call_input(lua_State *L) {
    const input_call *c = lua_touserdata(L, 1);
    lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
    if (lua_getfield(L, -1, c->name) != LUA_TFUNCTION) {
        lua_pushboolean(L, 0);
        return 1;
    }
    lua_getfield(L, -2, "world");
    int n = 2;
    if (c->point) {
        lua_pushnumber(L, c->x);
        lua_pushnumber(L, c->y);
        n = 4;
    }
    lua_pushstring(L, c->text);
    lua_call(L, n, 0);
    lua_pushboolean(L, 1);
    return 1;
}

const char *script_sandbox_call_input(script_sandbox *s, const char *name, int point, double x, double y,
                                      const char *text, int *defined) {
    input_call c = {name, text, point, x, y};
    lua_pushcfunction(s->L, call_input);
    lua_pushlightuserdata(s->L, &c);
    const char *error = sandbox_script_call(s, 1, 1);
    *defined = error ? 1 : lua_toboolean(s->L, -1);
    lua_settop(s->L, 0);
    return error;
}
