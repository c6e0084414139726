// A shape as a script holds it (docs/scene-format.md 16.12): a body's
// shape by its place among the body's shapes (as the scene lists them),
// looked up at each use, and what Chipmunk keeps on it that a step reads:
// friction, elasticity, surface velocity, whether it is a sensor.
#include "script_sandbox_internal.h"

#include <chipmunk/chipmunk.h>
#include "chipmunk_private.h"
#include "chipmunk_surface.h"
#include <lauxlib.h>
#include <stdio.h>
#include <string.h>

static const char *SHAPE = "cratebox.shape";

typedef struct held_shape {
    lua_Integer body;  // construction index
    lua_Integer k;     // 1-based, in the scene's order of the body's shapes
} held_shape;

typedef struct gathered {
    cpShape *list[64];
    int count;
} gathered;

static void gather(cpBody *body, cpShape *shape, void *data) {
    (void)body;
    gathered *g = data;
    if (g->count < 64) g->list[g->count] = shape;
    g->count++;
}

// The body's shapes in the scene's order (Chipmunk's list holds the last added first).
static int shapes_of(cpBody *body, gathered *g) {
    g->count = 0;
    cpBodyEachShape(body, gather, g);
    int n = g->count < 64 ? g->count : 64;
    for (int i = 0; i < n / 2; i++) {
        cpShape *t = g->list[i];
        g->list[i] = g->list[n - 1 - i];
        g->list[n - 1 - i] = t;
    }
    return n;
}

static void push_shape(lua_State *L, lua_Integer body, lua_Integer k) {
    held_shape *h = lua_newuserdatauv(L, sizeof *h, 0);
    h->body = body;
    h->k = k;
    luaL_setmetatable(L, SHAPE);
}

// body:shapes(): the body's shapes, in the order the scene lists them (at most 64).
int sandbox_body_shapes(lua_State *L, long long index, cpBody *body) {
    gathered g;
    int n = shapes_of(body, &g);
    lua_createtable(L, n, 0);
    for (int k = 1; k <= n; k++) {
        push_shape(L, index, k);
        lua_rawseti(L, -2, k);
    }
    return 1;
}

static cpShape *check_shape_setting(lua_State *L, const char *what);

static cpShape *check_shape(lua_State *L) {
    const held_shape *h = luaL_checkudata(L, 1, SHAPE);
    const bound_body *b = sandbox_body_at(sandbox_of(L), h->body);
    gathered g;
    if (!b || h->k > shapes_of(b->body, &g)) luaL_error(L, "shape %I of body %I is gone (its body was removed or cut)", h->k, h->body);
    return g.list[h->k - 1];
}

// A setter: Chipmunk's wakes the shape's body (16.7: not a sleeping one inside the step).
// Says why the surface refused a change to a shape, a number's range as `from %g to %g`.
static int refuse(lua_State *L, surface_result r, const char *what, double low, double high) {
    switch (r.refusal) {
    case SURFACE_DONE: return 0;
    case SURFACE_ASLEEP_IN_STEP: return sandbox_refuse_waking(L, r.asleep, what);
    case SURFACE_OUT_OF_RANGE: {
        char range[64];  // lua_pushfstring has no %g
        snprintf(range, sizeof range, "from %g to %g", low, high);
        return luaL_error(L, "%s: must be %s", what, range);
    }
    default: return luaL_error(L, "%s: refused", what);
    }
}

// friction([v]) and elasticity([v]): a getter, or a setter with an argument (friction 0 to 1e30,
// elasticity 0 to 1: past 1 each contact adds energy until Chipmunk aborts).
static int shape_friction(lua_State *L) {
    cpShape *shape = check_shape(L);
    if (lua_gettop(L) >= 2) return refuse(L, surface_shape_set_friction(shape, luaL_checknumber(L, 2)), "friction", 0, SURFACE_MAX_FRICTION);
    lua_pushnumber(L, cpShapeGetFriction(shape));
    return 1;
}

static int shape_elasticity(lua_State *L) {
    cpShape *shape = check_shape(L);
    if (lua_gettop(L) >= 2) return refuse(L, surface_shape_set_elasticity(shape, luaL_checknumber(L, 2)), "elasticity", 0, SURFACE_MAX_ELASTICITY);
    lua_pushnumber(L, cpShapeGetElasticity(shape));
    return 1;
}

static int shape_surface_velocity(lua_State *L) {
    cpShape *shape = check_shape(L);
    cpVect v = cpShapeGetSurfaceVelocity(shape);
    lua_pushnumber(L, v.x);
    lua_pushnumber(L, v.y);
    return 2;
}

static int shape_set_surface_velocity(lua_State *L) {
    cpShape *shape = check_shape(L);
    lua_Number x = luaL_checknumber(L, 2), y = luaL_checknumber(L, 3);
    return refuse(L, surface_shape_set_surface_velocity(shape, x, y), "setSurfaceVelocity", -SURFACE_MAX_VALUE, SURFACE_MAX_VALUE);
}

// bb(): the shape's bounding box as Chipmunk last computed it (left, bottom, right, top).
static int shape_bb(lua_State *L) {
    cpBB bb = cpShapeGetBB(check_shape(L));
    lua_pushnumber(L, bb.l);
    lua_pushnumber(L, bb.b);
    lua_pushnumber(L, bb.r);
    lua_pushnumber(L, bb.t);
    return 4;
}

// vertices(): a polygon's (or box's) vertices in its body's frame, as {x, y} tables in Chipmunk's order.
static int shape_vertices(lua_State *L) {
    cpShape *shape = check_shape(L);
    if (!cratebox_shape_is_polygon(shape)) return luaL_error(L, "vertices: not a polygon or a box");
    int n = cpPolyShapeGetCount(shape);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        cpVect v = cpPolyShapeGetVert(shape, i);
        lua_createtable(L, 2, 0);
        lua_pushnumber(L, v.x);
        lua_rawseti(L, -2, 1);
        lua_pushnumber(L, v.y);
        lua_rawseti(L, -2, 2);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

// sensor([on]): whether the shape only detects (cpShapeGetSensor), or sets it.
static int shape_sensor(lua_State *L) {
    cpShape *shape = check_shape(L);
    if (lua_gettop(L) >= 2) {
        luaL_checktype(L, 2, LUA_TBOOLEAN);
        return refuse(L, surface_shape_set_sensor(shape, lua_toboolean(L, 2)), "sensor", 0, 0);
    }
    lua_pushboolean(L, cpShapeGetSensor(shape));
    return 1;
}

// setFriction(v), setElasticity(v): the setters by their own names (16.12).
static int shape_set_friction(lua_State *L) {
    cpShape *shape = check_shape(L);
    return refuse(L, surface_shape_set_friction(shape, luaL_checknumber(L, 2)), "setFriction", 0, SURFACE_MAX_FRICTION);
}

static int shape_set_elasticity(lua_State *L) {
    cpShape *shape = check_shape(L);
    return refuse(L, surface_shape_set_elasticity(shape, luaL_checknumber(L, 2)), "setElasticity", 0, SURFACE_MAX_ELASTICITY);
}

// setCollisionType(name): the handlers of that name's type (16.7) act on it from now.
static int shape_set_collision_type(lua_State *L) {
    cpShape *shape = check_shape(L);
    size_t len;
    const char *name = luaL_checklstring(L, 2, &len);
    if (len == 0 || len > 64 || (len == 1 && name[0] == '*')) return luaL_error(L, "setCollisionType: a collision type is a name of 1 to 64 bytes");
    surface_result r = surface_shape_set_collision_type(shape, script_collision_type(name, len));
    if (r.refusal == SURFACE_NOT_THIS_KIND) return luaL_error(L, "setCollisionType: a one-way platform's shape keeps cratebox's type");
    return refuse(L, r, "setCollisionType", 0, 0);
}

// filter(): group, categories, mask; setFilter(group, categories, mask) as a scene gives them.
static int shape_filter(lua_State *L) {
    cpShapeFilter f = cpShapeGetFilter(check_shape(L));
    lua_pushinteger(L, (lua_Integer)f.group);
    lua_pushinteger(L, (lua_Integer)f.categories);
    lua_pushinteger(L, (lua_Integer)f.mask);
    return 3;
}

static int shape_set_filter(lua_State *L) {
    cpShape *shape = check_shape(L);
    lua_Integer group = luaL_checkinteger(L, 2), categories = luaL_checkinteger(L, 3), mask = luaL_checkinteger(L, 4);
    surface_result r = surface_shape_set_filter(shape, group, categories, mask);
    if (r.refusal == SURFACE_OUT_OF_RANGE) return luaL_error(L, "setFilter: the group must be from 0 to 2147483647, the categories and the mask from 0 to 4294967295");
    return refuse(L, r, "setFilter", 0, 0);
}

// hasType(name): whether its collision type is the one named (16.7).
static int shape_has_type(lua_State *L) {
    cpShape *shape = check_shape(L);
    size_t len;
    const char *name = luaL_checklstring(L, 2, &len);
    lua_pushboolean(L, cpShapeGetCollisionType(shape) == script_collision_type(name, len));
    return 1;
}

static int shape_body(lua_State *L) {
    check_shape(L);
    sandbox_push_body(L, ((const held_shape *)lua_touserdata(L, 1))->body);
    return 1;
}

static int shape_tostring(lua_State *L) {
    const held_shape *h = luaL_checkudata(L, 1, SHAPE);
    lua_pushfstring(L, "shape %I of body %I", h->k, h->body);
    return 1;
}

static int shape_eq(lua_State *L) {
    const held_shape *a = luaL_checkudata(L, 1, SHAPE), *b = luaL_checkudata(L, 2, SHAPE);
    lua_pushboolean(L, a->body == b->body && a->k == b->k);
    return 1;
}

// Pushes the shape value of a Chipmunk shape, or nil for one a script cannot hold (the walls').
void sandbox_push_shape_of(lua_State *L, cpShape *shape) {
    const bound_body *b = sandbox_body_of(sandbox_of(L), cpShapeGetBody(shape));
    gathered g;
    int n = b ? shapes_of(b->body, &g) : 0;
    for (int k = 0; k < n; k++) {
        if (g.list[k] == shape) {
            push_shape(L, b->index, k + 1);
            return;
        }
    }
    lua_pushnil(L);
}

void sandbox_open_shapes(lua_State *L) {
    static const luaL_Reg methods[] = {
        {"friction", shape_friction}, {"elasticity", shape_elasticity}, {"surfaceVelocity", shape_surface_velocity},
        {"setSurfaceVelocity", shape_set_surface_velocity}, {"sensor", shape_sensor}, {"hasType", shape_has_type},
        {"body", shape_body}, {"bb", shape_bb}, {"vertices", shape_vertices}, {"setFriction", shape_set_friction},
        {"setElasticity", shape_set_elasticity}, {"setCollisionType", shape_set_collision_type}, {"filter", shape_filter},
        {"setFilter", shape_set_filter}, {NULL, NULL},
    };
    sandbox_new_type(L, SHAPE, methods, shape_tostring, shape_eq, "a shape");
}
