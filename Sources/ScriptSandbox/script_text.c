// world:text, the labels a script shows (docs/scene-format.md 16.17), and
// body:setLook / body:look, kept with the bodies' bindings (the World reads them to draw).
// Labels are drawing only: the World reads them to draw and to write the
// exact state, and gives them back through the same check when it reads one.
#include "script_sandbox_internal.h"
#include <lauxlib.h>
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

struct sandbox_label {
    char id[SCRIPT_LABEL_ID_BYTES + 1];
    size_t idLength;
    char *text;  // malloc'd, not NUL-terminated
    size_t textLength;
    double x, y, size;
    int screen, align;
    unsigned int color;
};

// Whether `bytes` are UTF-8 as Lua's utf8 library reads it strictly (no
// surrogates, nothing past U+10FFFF, no overlong form).
static int is_utf8(const unsigned char *p, size_t n) {
    size_t i = 0;
    while (i < n) {
        unsigned c = p[i];
        size_t more;
        unsigned min, code;
        if (c < 0x80) { i++; continue; }
        else if ((c & 0xE0) == 0xC0) more = 1, min = 0x80, code = c & 0x1F;
        else if ((c & 0xF0) == 0xE0) more = 2, min = 0x800, code = c & 0x0F;
        else if ((c & 0xF8) == 0xF0) more = 3, min = 0x10000, code = c & 0x07;
        else return 0;
        if (n - i <= more) return 0;
        for (size_t k = 1; k <= more; k++) {
            if ((p[i + k] & 0xC0) != 0x80) return 0;
            code = code << 6 | (p[i + k] & 0x3F);
        }
        if (code < min || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return 0;
        i += more + 1;
    }
    return 1;
}

static int find(const script_sandbox *s, const char *id, size_t length) {
    for (int i = 0; i < s->labelCount; i++) {
        if (s->labels[i].idLength == length && memcmp(s->labels[i].id, id, length) == 0) return i;
    }
    return -1;
}

const char *script_sandbox_put_label(script_sandbox *s, const script_label *l) {
    if (l->idLength < 1 || l->idLength > SCRIPT_LABEL_ID_BYTES || !is_utf8((const unsigned char *)l->id, l->idLength)) {
        return "the id must be a string of 1 to 64 bytes of UTF-8";
    }
    if (l->textLength > SCRIPT_LABEL_TEXT_BYTES) return "the text is longer than 1000 bytes";
    if (!is_utf8((const unsigned char *)l->text, l->textLength)) return "the text is not UTF-8";
    if (!(fabs(l->x) <= 1e6)) return "x must be a number within ±1e6";
    if (!(fabs(l->y) <= 1e6)) return "y must be a number within ±1e6";
    if (l->screen != 0 && l->screen != 1) return "screen must be true or false";
    if (!(l->size >= 4 && l->size <= 200)) return "size must be a number from 4 to 200";
    if (l->color > 0xFFFFFF) return "color must be a colour \"#rrggbb\"";
    if (l->align < 0 || l->align > 2) return "align must be \"left\", \"center\" or \"right\"";
    int at = find(s, l->id, l->idLength);
    if (at >= 0) {  // the same label again (a score shown every step) is no change
        const struct sandbox_label *d = &s->labels[at];
        if (d->textLength == l->textLength && memcmp(d->text, l->text, l->textLength) == 0 && d->x == l->x && d->y == l->y
            && d->size == l->size && d->screen == l->screen && d->align == l->align && d->color == l->color) return NULL;
    }
    if (at < 0 && s->labelCount == SCRIPT_MAX_LABELS) return "256 labels are shown already; remove some";
    char *text = malloc(l->textLength ? l->textLength : 1);
    if (!text) return "no memory for the label";
    memcpy(text, l->text, l->textLength);
    if (at < 0) {
        if (!s->labels && !(s->labels = calloc(SCRIPT_MAX_LABELS, sizeof *s->labels))) {
            free(text);
            return "no memory for the label";
        }
        at = s->labelCount++;
    } else {
        free(s->labels[at].text);
    }
    struct sandbox_label *d = &s->labels[at];
    memcpy(d->id, l->id, l->idLength);
    d->id[l->idLength] = 0;
    d->idLength = l->idLength;
    d->text = text;
    d->textLength = l->textLength;
    d->x = l->x, d->y = l->y, d->size = l->size;
    d->screen = l->screen, d->align = l->align, d->color = l->color;
    s->labelsRevision++;
    return NULL;
}

void script_sandbox_remove_label(script_sandbox *s, const char *id, size_t length) {
    int at = find(s, id, length);
    if (at < 0) return;
    free(s->labels[at].text);
    memmove(&s->labels[at], &s->labels[at + 1], (size_t)(s->labelCount - at - 1) * sizeof *s->labels);
    s->labelCount--;
    s->labelsRevision++;
}

int script_sandbox_label_count(const script_sandbox *s) { return s->labelCount; }

unsigned long long script_sandbox_labels_revision(const script_sandbox *s) { return s->labelsRevision; }

script_label script_sandbox_label(const script_sandbox *s, int i) {
    const struct sandbox_label *d = &s->labels[i];
    script_label l = {d->id, d->idLength, d->text, d->textLength, d->x, d->y, d->size, d->screen, d->color, d->align};
    return l;
}

void script_sandbox_clear_labels(script_sandbox *s) {
    for (int i = 0; i < s->labelCount; i++) free(s->labels[i].text);
    if (s->labelCount) s->labelsRevision++;
    s->labelCount = 0;
}

void sandbox_labels_free(script_sandbox *s) {
    for (int i = 0; i < s->labelCount; i++) free(s->labels[i].text);
    free(s->labels);
    s->labels = NULL;
    s->labelCount = 0;
}

// "#rrggbb" (either case) as 0xRRGGBB; -1 if it is not one.
static long parse_color(const char *p, size_t n) {
    if (n != 7 || p[0] != '#') return -1;
    long v = 0;
    for (size_t i = 1; i < 7; i++) {
        char c = p[i];
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (d < 0) return -1;
        v = v * 16 + d;
    }
    return v;
}

// options[key], raw: a metatable on the options changes nothing.
static int rawfield(lua_State *L, const char *key) {
    lua_pushstring(L, key);
    return lua_rawget(L, 4);
}

static const char *const OPTIONS[] = {"x", "y", "screen", "size", "color", "align", NULL};

// The options table at index 4 (nil: the defaults) into `l`; raises the first problem.
static void read_options(lua_State *L, script_label *l) {
    if (lua_isnoneornil(L, 4)) return;
    if (!lua_istable(L, 4)) luaL_error(L, "world:text: the options must be a table");
    // An unknown key: the first in byte order, so the message never depends on the table's layout
    // (and a key that is no string at all is said first, whichever the walk meets first).
    const char *unknown = NULL;
    size_t unknownLength = 0;
    int unnamed = 0;
    lua_pushnil(L);
    while (lua_next(L, 4)) {
        lua_pop(L, 1);
        if (lua_type(L, -1) != LUA_TSTRING) {
            unnamed = 1;
            continue;
        }
        size_t n;
        const char *key = lua_tolstring(L, -1, &n);
        int known = 0;
        for (int i = 0; OPTIONS[i]; i++) known |= strlen(OPTIONS[i]) == n && memcmp(OPTIONS[i], key, n) == 0;
        if (!known) {
            size_t common = n < unknownLength ? n : unknownLength;
            int order = unknown ? memcmp(key, unknown, common) : -1;
            if (!unknown || order < 0 || (order == 0 && n < unknownLength)) unknown = key, unknownLength = n;
        }
    }
    if (unnamed) luaL_error(L, "world:text: the options' keys must be option names (x, y, screen, size, color, align)");
    // The key strings stay alive: the table holds them, and nothing here changes it.
    if (unknown) luaL_error(L, "world:text: '%s' is not an option (x, y, screen, size, color, align)", unknown);
    int t;
    if ((t = rawfield(L, "x")) != LUA_TNIL) {
        if (t != LUA_TNUMBER || !(fabs(l->x = lua_tonumber(L, -1)) <= 1e6)) luaL_error(L, "world:text: x must be a number within ±1e6");
    }
    if ((t = rawfield(L, "y")) != LUA_TNIL) {
        if (t != LUA_TNUMBER || !(fabs(l->y = lua_tonumber(L, -1)) <= 1e6)) luaL_error(L, "world:text: y must be a number within ±1e6");
    }
    if ((t = rawfield(L, "screen")) != LUA_TNIL) {
        if (t != LUA_TBOOLEAN) luaL_error(L, "world:text: screen must be true or false");
        l->screen = lua_toboolean(L, -1);
    }
    if ((t = rawfield(L, "size")) != LUA_TNIL) {
        if (t != LUA_TNUMBER || !((l->size = lua_tonumber(L, -1)) >= 4 && l->size <= 200)) luaL_error(L, "world:text: size must be a number from 4 to 200");
    }
    if ((t = rawfield(L, "color")) != LUA_TNIL) {
        size_t n;
        long c = t == LUA_TSTRING ? parse_color(lua_tolstring(L, -1, &n), n) : -1;
        if (c < 0) luaL_error(L, "world:text: color must be a colour \"#rrggbb\"");
        l->color = (unsigned int)c;
    }
    if ((t = rawfield(L, "align")) != LUA_TNIL) {
        const char *a = t == LUA_TSTRING ? lua_tostring(L, -1) : "";
        l->align = strcmp(a, "left") == 0 ? 0 : strcmp(a, "center") == 0 ? 1 : strcmp(a, "right") == 0 ? 2 : -1;
        if (l->align < 0 || lua_rawlen(L, -1) != strlen(a)) luaL_error(L, "world:text: align must be \"left\", \"center\" or \"right\"");
    }
    lua_pop(L, 6);
}

// world:text(id, text [, options]): shows, changes or (text nil) removes a label.
static int world_text(lua_State *L) {
    script_sandbox *s = sandbox_of(L);
    script_label l = {0};
    l.size = 16, l.color = 0xFFFFFF;
    if (lua_type(L, 2) != LUA_TSTRING || lua_rawlen(L, 2) < 1 || lua_rawlen(L, 2) > SCRIPT_LABEL_ID_BYTES
        || !is_utf8((const unsigned char *)lua_tostring(L, 2), lua_rawlen(L, 2))) {
        return luaL_error(L, "world:text: the id must be a string of 1 to 64 bytes of UTF-8");
    }
    l.id = lua_tolstring(L, 2, &l.idLength);
    if (lua_isnoneornil(L, 3)) {
        script_sandbox_remove_label(s, l.id, l.idLength);
        return 0;
    }
    if (lua_type(L, 3) != LUA_TSTRING) return luaL_error(L, "world:text: the text must be a string (or nil to remove the label)");
    l.text = lua_tolstring(L, 3, &l.textLength);
    if (l.textLength > SCRIPT_LABEL_TEXT_BYTES) return luaL_error(L, "world:text: the text is longer than 1000 bytes");
    if (!is_utf8((const unsigned char *)l.text, l.textLength)) return luaL_error(L, "world:text: the text is not UTF-8");
    read_options(L, &l);
    const char *refused = script_sandbox_put_label(s, &l);
    if (refused) return luaL_error(L, "world:text: %s", refused);
    return 0;
}

static const char *const LOOK_NAMES[] = {"crate", "ball", "plain"};

// A look's text as the scene format takes it (section 6) as its code; -1 if it is none.
static long long look_code(const char *p, size_t n) {
    for (int i = 0; i < 3; i++) {
        if (strlen(LOOK_NAMES[i]) == n && memcmp(LOOK_NAMES[i], p, n) == 0) return SCRIPT_LOOK_CRATE + i;
    }
    return parse_color(p, n);
}

static bound_body *check_look_body(lua_State *L) {
    lua_Integer index = *(const lua_Integer *)luaL_checkudata(L, 1, "cratebox.body");
    bound_body *b = (bound_body *)sandbox_body_at(sandbox_of(L), index);  // the bindings are the sandbox's own
    if (!b) luaL_error(L, "body %I is gone (removed or cut)", index);
    return b;
}

// body:setLook(look): how the body is drawn from now on (16.17). No Swift runs: a
// collision handler inside Chipmunk's step may flash a body.
int sandbox_body_set_look(lua_State *L) {
    bound_body *b = check_look_body(L);
    size_t n = 0;
    const char *look = lua_type(L, 2) == LUA_TSTRING ? lua_tolstring(L, 2, &n) : NULL;
    long long code = look ? look_code(look, n) : -1;
    if (code < 0) {
        if (!look || n > 64 || memchr(look, 0, n)) return luaL_error(L, "setLook: the look must be \"crate\", \"ball\", \"plain\" or a colour \"#rrggbb\"");
        return luaL_error(L, "setLook: the look must be \"crate\", \"ball\", \"plain\" or a colour \"#rrggbb\", got \"%s\"", look);
    }
    if (b->look != code) {
        b->look = code;
        sandbox_of(L)->looksRevision++;
    }
    return 0;
}

// body:look(): the look it is drawn with now, as the scene format writes it.
int sandbox_body_look(lua_State *L) {
    const bound_body *b = check_look_body(L);
    if (b->look >= SCRIPT_LOOK_CRATE) {
        lua_pushstring(L, LOOK_NAMES[b->look - SCRIPT_LOOK_CRATE]);
    } else {
        char hex[8];
        snprintf(hex, sizeof hex, "#%06x", (unsigned int)b->look);
        lua_pushstring(L, hex);
    }
    return 1;
}

int script_sandbox_body_look(script_sandbox *s, long long index, long long *look) {
    const bound_body *b = sandbox_body_at(s, index);
    if (!b) return 0;
    *look = b->look;
    return 1;
}

int script_sandbox_set_body_look(script_sandbox *s, long long index, long long look) {
    bound_body *b = (bound_body *)sandbox_body_at(s, index);
    if (!b || look < 0 || look > SCRIPT_LOOK_PLAIN) return 0;
    if (b->look != look) s->looksRevision++;
    b->look = look;
    return 1;
}

unsigned long long script_sandbox_looks_revision(const script_sandbox *s) { return s->looksRevision; }

void sandbox_open_text(lua_State *L) {
    lua_getglobal(L, "world");
    lua_pushcfunction(L, world_text);
    lua_setfield(L, -2, "text");
    lua_pop(L, 1);
}
