// Space queries in scripts (docs/scene-format.md 16.9): Chipmunk's point,
// segment and box queries over every shape, the hits returned as a list in
// an order of cratebox's (distance or fraction along the segment, then the
// body's construction index, then the shape's id), never the order of
// Chipmunk's index, so that the list is the same in every implementation.
#include "script_sandbox_internal.h"

#include <chipmunk/chipmunk.h>
#include "chipmunk_private.h"
#include <lauxlib.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_HITS = 1000 };

typedef struct hit {
    double key;           // distance, or fraction along the segment (0 for a box query)
    long long body;       // construction index; -1: a body a script cannot hold (the walls')
    uint64_t shape;       // Chipmunk's shape id (cpShape.hashid)
    cpVect point, normal;
} hit;

typedef struct hits {
    script_sandbox *s;
    hit list[MAX_HITS];
    int count, more;
} hits;

static void add(hits *h, const cpShape *shape, double key, cpVect point, cpVect normal) {
    // A wall's backing (rules 2: a box on the space's own static body, which
    // otherwise holds only the walls' segments) is not the scene's: queries
    // do not find it (16.9).
    if (cpShapeGetBody(shape) == cpSpaceGetStaticBody(h->s->space) && cratebox_shape_is_polygon(shape)) return;
    if (h->count == MAX_HITS) {
        h->more = 1;
        return;
    }
    const bound_body *b = sandbox_body_of(h->s, cpShapeGetBody(shape));
    h->list[h->count++] = (hit){key, b ? b->index : -1, cratebox_shape_hash_id(shape), point, normal};
}

static void on_point(cpShape *shape, cpVect point, cpFloat distance, cpVect gradient, void *data) {
    add(data, shape, distance, point, gradient);
}

static void on_segment(cpShape *shape, cpVect point, cpVect normal, cpFloat alpha, void *data) {
    add(data, shape, alpha, point, normal);
}

static void on_box(cpShape *shape, void *data) { add(data, shape, 0, cpvzero, cpvzero); }

static int hit_order(const void *x, const void *y) {
    const hit *a = x, *b = y;
    if (a->key != b->key) return a->key < b->key ? -1 : 1;
    if (a->body != b->body) return a->body < b->body ? -1 : 1;
    return a->shape < b->shape ? -1 : a->shape > b->shape;
}

static lua_Number coordinate(lua_State *L, int i, const char *what) {
    lua_Number v = luaL_checknumber(L, i);
    if (!(v == v) || v > 1e9 || v < -1e9) luaL_error(L, "%s: must be finite and within 1e9", what);
    return v;
}

static void set_number(lua_State *L, const char *key, double v) {
    lua_pushnumber(L, v);
    lua_setfield(L, -2, key);
}

// Pushes the hits, sorted, as a list of tables with the fields a query gives.
static int push_hits(lua_State *L, hits *h, const char *keyName, int withPoint, int withNormal) {
    if (h->more) return luaL_error(L, "the query met more than %d shapes: ask about a smaller part of the world", MAX_HITS);
    qsort(h->list, (size_t)h->count, sizeof *h->list, hit_order);
    sandbox_charge(L, 4.0 * h->count);
    lua_createtable(L, h->count, 0);
    for (int i = 0; i < h->count; i++) {
        const hit *x = &h->list[i];
        lua_createtable(L, 0, 6);
        if (x->body >= 0) {
            sandbox_push_body(L, x->body);
            lua_setfield(L, -2, "body");
        }
        if (keyName) set_number(L, keyName, x->key);
        if (withPoint) {
            set_number(L, "x", x->point.x);
            set_number(L, "y", x->point.y);
        }
        if (withNormal) {
            set_number(L, "nx", x->normal.x);
            set_number(L, "ny", x->normal.y);
        }
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

// Chipmunk's spatial hash visits every cell a query's box covers: with
// 10-point cells, a box of ±1e9 is 10^16 cells. A query whose box covers
// more than QUERY_CELLS cells tests every shape of the space instead, as
// Chipmunk's query tests the shapes its cells give (the same hits: they are
// sorted after), in time linear in the shapes, charged a sixteenth each.
enum { QUERY_CELLS = 1 << 20 };

static int too_many_cells(const script_sandbox *s, cpBB box) {
    if (!(s->hashCell > 0)) return 0;
    double across = (box.r - box.l) / s->hashCell + 2, up = (box.t - box.b) / s->hashCell + 2;
    return across * up > QUERY_CELLS;
}

typedef enum { BOX, POINT, SEGMENT } query_kind;
typedef struct every_shape {
    hits *h;
    query_kind kind;
    cpBB box;
    cpVect a, b;
    double reach;  // a point query's maxDistance, a segment query's radius
    long long shapes;
} every_shape;

static void test_shape(cpShape *shape, void *data) {
    every_shape *e = data;
    e->shapes++;
    if (e->kind == BOX) {
        if (cpBBIntersects(e->box, cpShapeGetBB(shape))) on_box(shape, e->h);
    } else if (e->kind == POINT) {
        if (!cpBBIntersects(e->box, cpShapeGetBB(shape))) return;  // as the hash's cells would not give it
        cpPointQueryInfo info;
        cpShapePointQuery(shape, e->a, &info);
        if (info.shape && info.distance < e->reach) on_point(shape, info.point, info.distance, info.gradient, e->h);
    } else {
        cpSegmentQueryInfo info;
        if (cpShapeSegmentQuery(shape, e->a, e->b, e->reach, &info)) on_segment(shape, info.point, info.normal, info.alpha, e->h);
    }
}

// The query over every shape, when its box would cover too many of the hash's cells; 0 when Chipmunk's own should run.
static int query_every_shape(lua_State *L, hits *h, query_kind kind, cpBB box, cpVect a, cpVect b, double reach) {
    if (!too_many_cells(h->s, box)) return 0;
    every_shape e = {h, kind, box, a, b, reach, 0};
    cpSpaceEachShape(h->s->space, test_shape, &e);
    sandbox_charge(L, (double)e.shapes / 16);
    return 1;
}

static hits *fresh(lua_State *L) {
    hits *h = lua_newuserdatauv(L, sizeof *h, 0);  // collected with the call: no malloc to lose on an error
    h->s = sandbox_of(L);
    h->count = h->more = 0;
    if (!h->s->space) luaL_error(L, "the world has no space to ask");
    return h;
}

// world:pointQuery(x, y, maxDistance): the shapes within maxDistance of the
// point, nearest first: {body, x, y, distance} (the nearest point on the shape).
static int world_point_query(lua_State *L) {
    cpVect p = cpv(coordinate(L, 2, "pointQuery"), coordinate(L, 3, "pointQuery"));
    lua_Number reach = coordinate(L, 4, "pointQuery");
    hits *h = fresh(L);
    if (!query_every_shape(L, h, POINT, cpBBNewForCircle(p, cpfmax(reach, 0)), p, p, reach))
        cpSpacePointQuery(h->s->space, p, reach, CP_SHAPE_FILTER_ALL, on_point, h);
    return push_hits(L, h, "distance", 1, 0);
}

// world:segmentQuery(ax, ay, bx, by, radius): the shapes a segment (swept by
// radius) meets, first met first: {body, x, y, nx, ny, alpha}.
static int world_segment_query(lua_State *L) {
    cpVect a = cpv(coordinate(L, 2, "segmentQuery"), coordinate(L, 3, "segmentQuery"));
    cpVect b = cpv(coordinate(L, 4, "segmentQuery"), coordinate(L, 5, "segmentQuery"));
    lua_Number radius = luaL_optnumber(L, 6, 0);
    if (!(radius >= 0 && radius <= 1e9)) return luaL_error(L, "segmentQuery: the radius must be from 0 to 1e9");
    hits *h = fresh(L);
    cpBB swept = cpBBNew(cpfmin(a.x, b.x) - radius, cpfmin(a.y, b.y) - radius, cpfmax(a.x, b.x) + radius, cpfmax(a.y, b.y) + radius);
    if (!query_every_shape(L, h, SEGMENT, swept, a, b, radius))
        cpSpaceSegmentQuery(h->s->space, a, b, radius, CP_SHAPE_FILTER_ALL, on_segment, h);
    return push_hits(L, h, "alpha", 1, 1);
}

// world:boxQuery(left, bottom, right, top): the shapes whose bounding boxes meet the box: {body}.
static int world_box_query(lua_State *L) {
    cpBB box = cpBBNew(coordinate(L, 2, "boxQuery"), coordinate(L, 3, "boxQuery"), coordinate(L, 4, "boxQuery"), coordinate(L, 5, "boxQuery"));
    if (box.l > box.r || box.b > box.t) return luaL_error(L, "boxQuery: left must not pass right, nor bottom top");
    hits *h = fresh(L);
    if (!query_every_shape(L, h, BOX, box, cpvzero, cpvzero, 0))
        cpSpaceBBQuery(h->s->space, box, CP_SHAPE_FILTER_ALL, on_box, h);
    return push_hits(L, h, NULL, 0, 0);
}

void sandbox_open_queries(lua_State *L) {
    lua_getglobal(L, "world");
    static const luaL_Reg queries[] = {
        {"pointQuery", world_point_query}, {"segmentQuery", world_segment_query}, {"boxQuery", world_box_query}, {NULL, NULL},
    };
    luaL_setfuncs(L, queries, 0);
    lua_pop(L, 1);
}
