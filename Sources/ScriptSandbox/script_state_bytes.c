// The global `state` as bytes, and back (docs/scene-format.md 16.6): a tree
// of plain data (nil, booleans, integers, floats, strings, tables keyed by
// numbers, strings or booleans, and bodies by id) written in key order, so
// the same state is the same bytes in every process.
#include "script_sandbox_internal.h"

#include <lauxlib.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_DEPTH = 100 };
#define MAX_BODY_INDEX 2000000LL  // the most construction indices a world may have (an exact state refuses more)
enum { TAG_NIL, TAG_FALSE, TAG_TRUE, TAG_INTEGER, TAG_FLOAT, TAG_STRING, TAG_TABLE, TAG_BODY, TAG_JOINT };

// --- Writing.

static void put(lua_State *L, const void *bytes, size_t n) {
    script_sandbox *s = sandbox_of(L);
    if (s->outLen + n > s->outCap) {
        size_t cap = s->outCap ? s->outCap : 256;
        while (cap < s->outLen + n) cap *= 2;
        if (cap > s->limit) luaL_error(L, "the global 'state' is larger than the script's memory limit");
        unsigned char *grown = realloc(s->out, cap);
        if (!grown) luaL_error(L, "no memory to write the global 'state'");
        s->out = grown;
        s->outCap = cap;
    }
    memcpy(s->out + s->outLen, bytes, n);
    s->outLen += n;
}

static void put_u64(lua_State *L, uint64_t v) {
    unsigned char b[8];
    for (int i = 0; i < 8; i++) b[i] = (unsigned char)(v >> (8 * i));
    put(L, b, 8);
}

static void put_tag(lua_State *L, int tag) {
    unsigned char t = (unsigned char)tag;
    put(L, &t, 1);
}

static void put_string(lua_State *L, const char *s, size_t n) {
    put_u64(L, n);
    put(L, s, n);
}

typedef struct writer {
    lua_State *L;
    int visited;       // stack index: the tables written so far
    int depth;
    char path[200];    // where in the value, for messages
    const char *holds; // what holds plain data, for messages: "the global 'state' holds"
} writer;

static void refuse(writer *w, const char *what) {
    luaL_error(w->L, "%s %s: %s plain data (nil, booleans, numbers, strings, bodies and tables of them, each table once)", w->path, what, w->holds);
}

static void write_value(writer *w, int i);

// Appends ".key" or "[key]" to the path for the key at k; returns the old length.
static size_t enter(writer *w, int k) {
    size_t at = strlen(w->path);
    lua_State *L = w->L;
    if (lua_type(L, k) == LUA_TSTRING) snprintf(w->path + at, sizeof w->path - at, ".%s", lua_tostring(L, k));
    else if (lua_isinteger(L, k)) snprintf(w->path + at, sizeof w->path - at, "[%lld]", (long long)lua_tointeger(L, k));
    else snprintf(w->path + at, sizeof w->path - at, "[%s]", lua_type(L, k) == LUA_TBOOLEAN ? (lua_toboolean(L, k) ? "true" : "false") : "a number");
    return at;
}

static void write_table(writer *w, int t) {
    lua_State *L = w->L;
    lua_pushvalue(L, t);
    if (lua_rawget(L, w->visited) != LUA_TNIL) refuse(w, "is a table reached twice (or within itself)");
    lua_pop(L, 1);
    lua_pushvalue(L, t);
    lua_pushboolean(L, 1);
    lua_rawset(L, w->visited);
    if (lua_getmetatable(L, t)) refuse(w, "has a metatable");
    uint64_t count = 0;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        int type = lua_type(L, -1);
        if (type != LUA_TNUMBER && type != LUA_TSTRING && type != LUA_TBOOLEAN) {
            refuse(w, lua_pushfstring(L, "is a table keyed by a %s", luaL_typename(L, -1)));
        }
        count++;
    }
    put_tag(L, TAG_TABLE);
    put_u64(L, count);
    sandbox_sorted_keys(L, t);
    int keys = lua_gettop(L);
    for (uint64_t k = 1; k <= count; k++) {
        lua_rawgeti(L, keys, (lua_Integer)k);
        size_t at = enter(w, -1);
        write_value(w, -1);
        lua_rawget(L, t);
        write_value(w, -1);
        lua_pop(L, 1);
        w->path[at] = 0;
    }
    lua_pop(L, 1);
}

static void write_value(writer *w, int i) {
    lua_State *L = w->L;
    i = lua_absindex(L, i);
    luaL_checkstack(L, 10, "the global 'state' is nested too deeply");
    if (++w->depth > MAX_DEPTH) refuse(w, "is nested more than 100 deep");
    switch (lua_type(L, i)) {
    case LUA_TNIL: put_tag(L, TAG_NIL); break;
    case LUA_TBOOLEAN: put_tag(L, lua_toboolean(L, i) ? TAG_TRUE : TAG_FALSE); break;
    case LUA_TNUMBER:
        if (lua_isinteger(L, i)) {
            put_tag(L, TAG_INTEGER);
            put_u64(L, (uint64_t)lua_tointeger(L, i));
        } else {
            lua_Number v = lua_tonumber(L, i);
            uint64_t bits;
            memcpy(&bits, &v, sizeof bits);
            put_tag(L, TAG_FLOAT);
            put_u64(L, bits);
        }
        break;
    case LUA_TSTRING: {
        size_t len;
        const char *s = lua_tolstring(L, i, &len);
        put_tag(L, TAG_STRING);
        put_string(L, s, len);
        break;
    }
    case LUA_TTABLE: write_table(w, i); break;
    case LUA_TUSERDATA: {
        long long index = sandbox_body_index(L, i), joint = sandbox_joint_index(L, i);
        if (index < 0 && joint < 0) refuse(w, "is a userdata");
        put_tag(L, index >= 0 ? TAG_BODY : TAG_JOINT);
        put_u64(L, (uint64_t)(index >= 0 ? index : joint));
        break;
    }
    default: refuse(w, lua_pushfstring(L, "is a %s", luaL_typename(L, i)));
    }
    w->depth--;
}

static int save(lua_State *L) {
    script_sandbox *s = sandbox_of(L);
    s->outLen = 0;
    put_u64(L, s->topDigest);
    writer w = {L, 0, 0, "state", "the global 'state' holds"};
    lua_newtable(L);
    w.visited = lua_gettop(L);
    lua_getglobal(L, "state");
    write_value(&w, -1);
    // The separate callbacks a removal made since the last step wait for the next: they are state too.
    put_u64(L, (uint64_t)s->separationCount);
    for (int i = 0; i < s->separationCount; i++) {
        const struct separation *p = &s->separations[i];
        uint64_t numbers[] = {p->hashA, p->hashB, p->typeA, p->typeB};
        for (int k = 0; k < 4; k++) put_u64(L, numbers[k]);
        put_tag(L, p->wildcard | p->removal << 1);
        put_u64(L, (uint64_t)p->bodyA);
        put_u64(L, (uint64_t)p->bodyB);
    }
    // The timers (16.15), only once one was made in this build: a state of a script without them is as before.
    if (s->nextTimerId > 0) {
        put_u64(L, (uint64_t)s->nextTimerId);
        put_u64(L, (uint64_t)s->timerCount);
        for (int i = 0; i < s->timerCount; i++) {
            const struct sandbox_timer *t = &s->timers[i];
            put_u64(L, (uint64_t)t->id);
            put_u64(L, (uint64_t)t->due);
            put_u64(L, (uint64_t)t->period);
            put_string(L, t->name, strlen(t->name));
            put_u64(L, (uint64_t)t->argCount);
            put_string(L, (const char *)t->args, t->argsLen);
        }
    }
    return 0;
}


const char *script_sandbox_save(script_sandbox *s, const uint8_t **bytes, size_t *length) {
    const char *changed = script_sandbox_unchanged(s);
    if (changed) return changed;
    lua_settop(s->L, 0);
    lua_pushcfunction(s->L, save);
    const char *error = sandbox_protected_call_with(s, 0, 0, LLONG_MAX / 4);  // cratebox's walk, not the script's
    if (error) return error;
    *bytes = s->out;
    *length = s->outLen;
    return NULL;
}

// The plain data at `i` as bytes, in a malloc'd copy (the shared buffer is
// `state`'s): `root` begins the paths of its errors ("keep"), `holds` says
// what holds it ("world:reset's keep holds").
unsigned char *sandbox_plain_copy(lua_State *L, int i, const char *root, const char *holds, size_t *length) {
    script_sandbox *s = sandbox_of(L);
    i = lua_absindex(L, i);
    s->outLen = 0;
    writer w = {L, 0, 0, "", holds};
    snprintf(w.path, sizeof w.path, "%s", root);
    lua_newtable(L);
    w.visited = lua_gettop(L);
    write_value(&w, i);
    lua_pop(L, 1);
    lua_work(L, s->outLen / 16 + 1);  // the walk and the copy, on the call's budget
    unsigned char *copy = malloc(s->outLen ? s->outLen : 1);
    if (!copy) luaL_error(L, "no memory for a copy of %s", root);
    memcpy(copy, s->out, s->outLen);
    *length = s->outLen;
    return copy;
}

// world:reset(keep) (16.9): `keep` copied at once (a later change to the table does not reach it).
void sandbox_keep(lua_State *L, int i) {
    script_sandbox *s = sandbox_of(L);
    size_t length;
    unsigned char *copy = sandbox_plain_copy(L, i, "keep", "world:reset's keep holds", &length);
    free(s->kept);
    s->kept = copy;
    s->keptLen = length;
}

// --- Reading.

typedef struct reader {
    lua_State *L;
    const unsigned char *bytes;
    size_t length, at;
    int depth;
} reader;

static void malformed(reader *r, const char *what) {
    luaL_error(r->L, "the script's state is malformed at byte %d: %s", (int)r->at, what);
}

static uint64_t get_u64(reader *r) {
    if (r->length - r->at < 8) malformed(r, "it ends early");
    uint64_t v = 0;
    for (int i = 0; i < 8; i++) v |= (uint64_t)r->bytes[r->at + i] << (8 * i);
    r->at += 8;
    return v;
}

static const char *get_string(reader *r, size_t *len) {
    uint64_t n = get_u64(r);
    if (n > r->length - r->at) malformed(r, "a string runs past the end");
    const char *s = (const char *)r->bytes + r->at;
    r->at += n;
    *len = (size_t)n;
    return s;
}

static void read_value(reader *r, int asKey);

static void read_table(reader *r) {
    lua_State *L = r->L;
    uint64_t count = get_u64(r);
    if (count > (r->length - r->at) / 2) malformed(r, "a table has more entries than bytes");
    lua_createtable(L, 0, 0);
    int t = lua_gettop(L);
    for (uint64_t k = 0; k < count; k++) {
        read_value(r, 1);
        // Keys come in key order, each once: the bytes of a state are canonical.
        if (k > 0 && !sandbox_key_less(L, -2, -1)) malformed(r, "a table's keys are not in key order");
        read_value(r, 0);
        if (lua_isnil(L, -1)) malformed(r, "a table holds nil");
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, t);
        if (k > 0) lua_remove(L, -2);  // keep only the last key, to compare the next with
    }
    if (count > 0) lua_pop(L, 1);
}

static void read_value(reader *r, int asKey) {
    lua_State *L = r->L;
    luaL_checkstack(L, 10, "the script's state is nested too deeply");
    if (++r->depth > MAX_DEPTH) malformed(r, "values are nested more than 100 deep");
    if (r->at >= r->length) malformed(r, "it ends early");
    int tag = r->bytes[r->at++];
    if (asKey && tag != TAG_FALSE && tag != TAG_TRUE && tag != TAG_INTEGER && tag != TAG_FLOAT && tag != TAG_STRING) {
        malformed(r, "a key is not a number, string or boolean");
    }
    switch (tag) {
    case TAG_NIL: lua_pushnil(L); break;
    case TAG_FALSE: lua_pushboolean(L, 0); break;
    case TAG_TRUE: lua_pushboolean(L, 1); break;
    case TAG_INTEGER: lua_pushinteger(L, (lua_Integer)get_u64(r)); break;
    case TAG_FLOAT: {
        uint64_t bits = get_u64(r);
        lua_Number v;
        memcpy(&v, &bits, sizeof v);
        lua_Integer whole;
        // A key that is a float of an integer's value is that integer in Lua: never written as a float.
        if (asKey && (isnan(v) || (floor(v) == v && lua_numbertointeger(v, &whole)))) malformed(r, "a key is NaN or a float with an integer's value");
        lua_pushnumber(L, v);
        break;
    }
    case TAG_STRING: {
        size_t len;
        const char *s = get_string(r, &len);
        lua_pushlstring(L, s, len);
        break;
    }
    case TAG_TABLE: read_table(r); break;
    case TAG_BODY: {
        uint64_t index = get_u64(r);
        if (index > MAX_BODY_INDEX) malformed(r, "a body's construction index is past the last a world can have");
        sandbox_push_body(L, (long long)index);
        break;
    }
    case TAG_JOINT: {
        uint64_t index = get_u64(r);
        if (index > MAX_BODY_INDEX) malformed(r, "a joint's index is past the last a world can have");
        sandbox_push_joint(L, (long long)index);
        break;
    }
    default: malformed(r, "an unknown tag");
    }
    r->depth--;
}

// The timers of a state (after its separate callbacks), each checked as world:after made it.
static void read_timers(reader *r, script_sandbox *s) {
    lua_State *L = r->L;
    sandbox_timers_free(s);
    s->nextTimerId = 0;
    if (r->at == r->length) return;  // none was made
    uint64_t next = get_u64(r), count = get_u64(r);
    if (next < 1 || next > (1ULL << 53)) malformed(r, "the next timer's id is not one a script reaches");
    if (count > SANDBOX_MAX_TIMERS) malformed(r, "more timers wait than a script may have");
    uint64_t last = 0;
    for (uint64_t i = 0; i < count; i++) {
        struct sandbox_timer t = {0};
        uint64_t id = get_u64(r), due = get_u64(r), period = get_u64(r);
        if (id <= last || id > next) malformed(r, "a timer's id is not after the one before it, up to the next id");
        // Due from the step count now (told before the restore) to 1e6 seconds after it: a timer
        // due long ago would be called once per period missed, all in the next step.
        if (due < (uint64_t)s->steps || due > (uint64_t)s->steps + 120000000ULL) malformed(r, "a timer's step is not one from now to 1e6 seconds on");
        if (period > 120000000ULL) malformed(r, "a timer's period is longer than 1e6 seconds");
        last = id;
        size_t len;
        const char *name = get_string(r, &len);
        if (len < 1 || len > 255 || memchr(name, 0, len)) malformed(r, "a timer's function name is not a name");
        lua_pushlstring(L, name, len);
        if (!sandbox_global_is_function(L, lua_tostring(L, -1))) malformed(r, "a timer names what is not a global function of the script");
        lua_pop(L, 1);
        uint64_t argCount = get_u64(r);
        size_t argsLen;
        const char *args = get_string(r, &argsLen);
        if (argsLen < 1 || (unsigned char)args[0] != TAG_TABLE || argCount > 250) malformed(r, "a timer's arguments are not a table of at most 250");
        // Read once here, so a malformed copy is refused now, not when the timer fires.
        reader inner = {L, (const unsigned char *)args, argsLen, 0, 0};
        read_value(&inner, 0);
        if (inner.at != inner.length) malformed(r, "bytes follow a timer's arguments");
        lua_pop(L, 1);
        t.id = (long long)id, t.due = (long long)due, t.period = (long long)period, t.argCount = (int)argCount, t.argsLen = argsLen;
        t.name = malloc(len + 1);
        t.args = malloc(argsLen);
        if (!t.name || !t.args || !sandbox_add_timer(s, t)) {
            free(t.name);
            free(t.args);
            luaL_error(L, "no memory for a timer read back");
        }
        memcpy(t.name, name, len);
        t.name[len] = 0;
        memcpy(t.args, args, argsLen);
    }
    s->nextTimerId = (long long)next;
}

void sandbox_push_kept(lua_State *L, const unsigned char *bytes, size_t length) {
    reader r = {L, bytes, length, 0, 0};
    read_value(&r, 0);
    if (r.at != r.length) malformed(&r, "bytes follow the kept value");
}

static int restore(lua_State *L) {
    reader *r = lua_touserdata(L, 1);
    script_sandbox *s = sandbox_of(L);
    if (get_u64(r) != (s->legacyRead ? s->legacyTopDigest : s->topDigest)) {
        luaL_error(L, "the state was written by another script, or one whose top level gave other values: it cannot go on from here");
    }
    read_value(r, 0);
    uint64_t count = get_u64(r);
    if (count > (r->length - r->at) / 49) malformed(r, "more separate callbacks wait than there are bytes for");
    for (uint64_t i = 0; i < count; i++) {
        struct separation p = {0};
        p.hashA = get_u64(r), p.hashB = get_u64(r), p.typeA = get_u64(r), p.typeB = get_u64(r);
        if (r->at >= r->length || r->bytes[r->at] > 3) malformed(r, "a waiting separate callback's flags are unknown");
        p.wildcard = r->bytes[r->at] & 1;
        p.removal = r->bytes[r->at++] >> 1;
        if (p.wildcard != (p.typeB == 0)) malformed(r, "a waiting separate callback's handler is neither a pair's nor a wildcard's");
        p.bodyA = (long long)get_u64(r), p.bodyB = (long long)get_u64(r);
        if (p.bodyA < -1 || p.bodyA > MAX_BODY_INDEX || p.bodyB < -1 || p.bodyB > MAX_BODY_INDEX) malformed(r, "a waiting separate callback's body is not one a world can have");
        if (!sandbox_queue_separation(s, p)) luaL_error(L, "no memory for a waiting separate callback");
    }
    read_timers(r, s);
    if (r->at != r->length) malformed(r, "bytes follow the state");
    lua_setglobal(L, "state");
    return 0;
}

const char *script_sandbox_restore(script_sandbox *s, const uint8_t *bytes, size_t length) {
    if (!s->roots) return "the script's top level has not run";
    reader r = {s->L, bytes, length, 0, 0};
    lua_settop(s->L, 0);
    lua_pushcfunction(s->L, restore);
    lua_pushlightuserdata(s->L, &r);
    return sandbox_protected_call_with(s, 1, 0, LLONG_MAX / 4);
}
