// Timers (docs/scene-format.md 16.15): world:after(seconds, name, ...) and
// world:every(seconds, name, ...) call the global function `name` with the
// world and the plain-data arguments (copied when the timer is made) at a
// later step, before `step(world)`, in due order, ties in the order made;
// world:cancel(id) takes one back. They are part of the exact state.
#include "script_sandbox_internal.h"

#include <lauxlib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_TIMERS = SANDBOX_MAX_TIMERS, MAX_NAME = 255, MAX_ARGUMENTS = 250 };

int sandbox_global_is_function(lua_State *L, const char *name) {
    int found = sandbox_push_global(L, name) == LUA_TFUNCTION;
    lua_pop(L, 1);
    return found;
}

static void free_timer(struct sandbox_timer *t) {
    free(t->name);
    free(t->args);
}

int sandbox_add_timer(script_sandbox *s, struct sandbox_timer t) {
    if (s->timerCount == s->timerCap) {
        int cap = s->timerCap ? s->timerCap * 2 : 8;
        struct sandbox_timer *grown = realloc(s->timers, (size_t)cap * sizeof *grown);
        if (!grown) return 0;
        s->timers = grown;
        s->timerCap = cap;
    }
    s->timers[s->timerCount++] = t;
    return 1;
}

// world:after / world:every: checks in this order (the seconds, the name, the
// room, the arguments), then the timer's id.
static int make(lua_State *L, int every) {
    script_sandbox *s = sandbox_of(L);
    const char *what = every ? "world:every" : "world:after";
    lua_Number seconds = luaL_checknumber(L, 2);
    if (!(seconds > 0 && seconds <= 1e6)) return luaL_error(L, "%s: the seconds must be greater than 0 and at most 1e6", what);
    size_t length;
    const char *name = luaL_checklstring(L, 3, &length);
    if (length > MAX_NAME || strlen(name) != length || !sandbox_global_is_function(L, name)) {
        return luaL_error(L, "%s: '%s' is not a global function of the script (define it above the call)", what, length > 60 ? "a long name" : name);
    }
    if (s->timerCount >= MAX_TIMERS) return luaL_error(L, "%s: %d timers wait already; cancel some", what, MAX_TIMERS);
    // The arguments, as a table of them (a nil among them kept by their count).
    int count = lua_gettop(L) - 3;
    if (count > MAX_ARGUMENTS) return luaL_error(L, "%s: at most %d arguments", what, MAX_ARGUMENTS);
    lua_createtable(L, count, 0);
    for (int k = 1; k <= count; k++) {
        lua_pushvalue(L, 3 + k);
        lua_rawseti(L, -2, k);
    }
    struct sandbox_timer t = {0};
    t.args = sandbox_plain_copy(L, -1, "args", "a timer's arguments hold", &t.argsLen);
    t.argCount = count;
    // The copies live outside Lua's allocator: all of them together within the script's memory limit.
    size_t held = t.argsLen;
    for (int i = 0; i < s->timerCount; i++) held += s->timers[i].argsLen;
    if (held > s->limit) {
        free(t.args);
        return luaL_error(L, "%s: the timers' arguments would take more than the script's memory limit", what);
    }
    t.name = malloc(length + 1);
    if (!t.name) {
        free(t.args);
        return luaL_error(L, "%s: no memory for the timer", what);
    }
    memcpy(t.name, name, length + 1);
    long long steps = (long long)floor(seconds * 120.0 + 0.5);
    if (steps < 1) steps = 1;
    t.period = every ? steps : 0;
    t.due = s->steps + steps;
    t.id = ++s->nextTimerId;
    if (!sandbox_add_timer(s, t)) {
        free_timer(&t);
        return luaL_error(L, "%s: no memory for the timer", what);
    }
    lua_pushinteger(L, (lua_Integer)t.id);
    return 1;
}

int sandbox_world_after(lua_State *L) { return make(L, 0); }
int sandbox_world_every(lua_State *L) { return make(L, 1); }

// world:cancel(id): true when a timer with that id waited (and no longer does).
int sandbox_world_cancel(lua_State *L) {
    script_sandbox *s = sandbox_of(L);
    lua_Integer id = luaL_checkinteger(L, 2);
    for (int i = 0; i < s->timerCount; i++) {
        if (s->timers[i].id != id) continue;
        free_timer(&s->timers[i]);
        memmove(&s->timers[i], &s->timers[i + 1], (size_t)(s->timerCount - i - 1) * sizeof *s->timers);
        s->timerCount--;
        lua_pushboolean(L, 1);
        return 1;
    }
    lua_pushboolean(L, 0);
    return 1;
}

// The timer due first (the lowest due step, then the lowest id) among those due by now; -1 when none.
static int next_due(const script_sandbox *s) {
    int best = -1;
    for (int i = 0; i < s->timerCount; i++) {
        const struct sandbox_timer *t = &s->timers[i];
        if (t->due > s->steps) continue;
        if (best < 0 || t->due < s->timers[best].due || (t->due == s->timers[best].due && t->id < s->timers[best].id)) best = i;
    }
    return best;
}

// Calls one timer's function with a fresh copy of its arguments, in a protected call.
static int call_timer(lua_State *L) {
    const struct sandbox_timer *t = lua_touserdata(L, 1);
    if (sandbox_push_global(L, t->name) != LUA_TFUNCTION) return luaL_error(L, "a timer's '%s' is not a global function of the script", t->name);
    sandbox_push_global(L, "world");
    sandbox_push_kept(L, t->args, t->argsLen);
    int args = lua_gettop(L);
    luaL_checkstack(L, t->argCount, "a timer has too many arguments");
    for (int k = 1; k <= t->argCount; k++) lua_rawgeti(L, args, k);
    lua_remove(L, args);
    lua_call(L, 1 + t->argCount, 0);
    return 0;
}

const char *script_sandbox_run_timers(script_sandbox *s) {
    int i;
    while ((i = next_due(s)) >= 0) {
        // Taken out, or moved on and copied, before the call: this function owns
        // what the call reads. (Even reading the arguments back may run a
        // finalizer, which may cancel the timer or make others.)
        struct sandbox_timer t = s->timers[i];
        if (t.period > 0) {
            s->timers[i].due += t.period;
            t.name = strdup(t.name);
            t.args = malloc(t.argsLen ? t.argsLen : 1);
            if (!t.name || !t.args) {
                free_timer(&t);
                snprintf(s->error, sizeof s->error, "no memory to call a timer");
                return s->error;
            }
            memcpy(t.args, s->timers[i].args, t.argsLen);
        } else {
            memmove(&s->timers[i], &s->timers[i + 1], (size_t)(s->timerCount - i - 1) * sizeof *s->timers);
            s->timerCount--;
        }
        lua_settop(s->L, 0);
        lua_pushcfunction(s->L, call_timer);
        lua_pushlightuserdata(s->L, &t);
        const char *error = sandbox_script_call(s, 1, 0);
        free_timer(&t);
        if (error) return error;
    }
    return NULL;
}

void sandbox_timers_free(script_sandbox *s) {
    for (int i = 0; i < s->timerCount; i++) free_timer(&s->timers[i]);
    free(s->timers);
    s->timers = NULL;
    s->timerCount = s->timerCap = 0;
}
