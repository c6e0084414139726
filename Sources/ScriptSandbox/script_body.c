// A body as a script holds it (docs/scene-format.md 16.5 and 16.8): a value
// that names a construction index (one value per index, so `==` compares
// bodies), looked up in the World's bindings at each use, so that a removed
// body is refused by name, never a dangling pointer.
#include "script_sandbox_internal.h"

#include <chipmunk/chipmunk.h>
#include <chipmunk/chipmunk_structs.h>
#include <lauxlib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *BODY = "cratebox.body";

static script_sandbox *sandbox_of(lua_State *L) {
    script_sandbox *s;
    lua_getallocf(L, (void **)&s);
    return s;
}

void sandbox_push_body(lua_State *L, long long index) { sandbox_push_indexed(L, BODY, index); }

long long sandbox_body_index(lua_State *L, int i) {
    const lua_Integer *held = luaL_testudata(L, i, BODY);
    return held ? (long long)*held : -1;
}

static const bound_body *check_bound(lua_State *L) {
    lua_Integer index = *(const lua_Integer *)luaL_checkudata(L, 1, BODY);
    const bound_body *b = sandbox_body_at(sandbox_of(L), index);
    if (!b) luaL_error(L, "body %I is gone (removed or cut)", index);
    return b;
}

static cpBody *check_body(lua_State *L) { return check_bound(L)->body; }

// A number argument: finite and within 1e30.
static lua_Number checked(lua_State *L, int i, const char *what) {
    lua_Number v = luaL_checknumber(L, i);
    if (!(v == v) || v > 1e30 || v < -1e30) luaL_error(L, "%s: must be finite and within 1e30", what);
    return v;
}

static cpBody *check_kind(lua_State *L, const char *what, int kinematicToo) {
    cpBody *body = check_body(L);
    cpBodyType type = cpBodyGetType(body);
    if (type != CP_BODY_TYPE_DYNAMIC && !(kinematicToo && type == CP_BODY_TYPE_KINEMATIC)) {
        luaL_error(L, "%s: body %I is %s", what, *(const lua_Integer *)lua_touserdata(L, 1), kinematicToo ? "static" : "not dynamic");
    }
    return body;
}

void sandbox_check_wake(lua_State *L, cpBody *body, const char *what) {
    script_sandbox *s = sandbox_of(L);
    if (body && s->space && cpSpaceIsLocked(s->space) && cpBodyIsSleeping(body)) {
        const bound_body *b = sandbox_body_of(s, body);
        luaL_error(L, "%s: body %I is asleep, and waking it inside Chipmunk's step breaks Chipmunk's contact graph: "
                      "do it in world:afterStep(function() ... end)", what, (lua_Integer)(b ? b->index : -1));
    }
}

// A setter or push: Chipmunk's function wakes the body, which inside its step only an awake body may be.
static cpBody *check_waking(lua_State *L, const char *what, int kinematicToo) {
    cpBody *body = check_kind(L, what, kinematicToo);
    sandbox_check_wake(L, body, what);
    return body;
}

static int push_vector(lua_State *L, cpVect v) {
    lua_pushnumber(L, v.x);
    lua_pushnumber(L, v.y);
    return 2;
}

static int push_number(lua_State *L, double v) {
    lua_pushnumber(L, v);
    return 1;
}

// The world point a push acts at: arguments 4 and 5 when given, else the body's centre of gravity.
static cpVect push_point(lua_State *L, cpBody *body, const char *what) {
    if (lua_isnoneornil(L, 4) && lua_isnoneornil(L, 5)) return cpBodyGetPosition(body);
    lua_Number px = checked(L, 4, what), py = checked(L, 5, what);
    return cpv(px, py);
}

static int body_apply_impulse(lua_State *L) {
    cpBody *body = check_waking(L, "applyImpulse", 0);
    lua_Number x = checked(L, 2, "applyImpulse"), y = checked(L, 3, "applyImpulse");
    cpBodyApplyImpulseAtWorldPoint(body, cpv(x, y), push_point(L, body, "applyImpulse"));
    return 0;
}

static int body_apply_force(lua_State *L) {
    cpBody *body = check_waking(L, "applyForce", 0);
    lua_Number x = checked(L, 2, "applyForce"), y = checked(L, 3, "applyForce");
    cpBodyApplyForceAtWorldPoint(body, cpv(x, y), push_point(L, body, "applyForce"));
    return 0;
}

// A body's frame: where its points are in the world, and how fast they move.
static int body_local_to_world(lua_State *L) {
    cpBody *body = check_body(L);
    lua_Number x = checked(L, 2, "localToWorld"), y = checked(L, 3, "localToWorld");
    return push_vector(L, cpBodyLocalToWorld(body, cpv(x, y)));
}

static int body_world_to_local(lua_State *L) {
    cpBody *body = check_body(L);
    lua_Number x = checked(L, 2, "worldToLocal"), y = checked(L, 3, "worldToLocal");
    return push_vector(L, cpBodyWorldToLocal(body, cpv(x, y)));
}

static int body_velocity_at(lua_State *L) {
    cpBody *body = check_body(L);
    lua_Number x = checked(L, 2, "velocityAt"), y = checked(L, 3, "velocityAt");
    return push_vector(L, cpBodyGetVelocityAtWorldPoint(body, cpv(x, y)));
}

static int body_rotation(lua_State *L) { return push_vector(L, cpBodyGetRotation(check_body(L))); }
static int body_center_of_gravity(lua_State *L) { return push_vector(L, cpBodyGetCenterOfGravity(check_body(L))); }

// body:eachArbiter(f): f(arb) for each of the body's arbiters, in Chipmunk's order (script_collisions.c).
static int body_each_arbiter(lua_State *L) {
    cpBody *body = check_body(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    return sandbox_each_arbiter(L, body, 2);
}

static int body_position(lua_State *L) { return push_vector(L, cpBodyGetPosition(check_body(L))); }
static int body_velocity(lua_State *L) { return push_vector(L, cpBodyGetVelocity(check_body(L))); }
static int body_angle(lua_State *L) { return push_number(L, cpBodyGetAngle(check_body(L))); }
static int body_angular_velocity(lua_State *L) { return push_number(L, cpBodyGetAngularVelocity(check_body(L))); }
static int body_mass(lua_State *L) { return push_number(L, cpBodyGetMass(check_body(L))); }
static int body_moment(lua_State *L) { return push_number(L, cpBodyGetMoment(check_body(L))); }

static int body_set_velocity(lua_State *L) {
    cpBody *body = check_waking(L, "setVelocity", 1);
    lua_Number x = checked(L, 2, "setVelocity"), y = checked(L, 3, "setVelocity");
    cpBodySetVelocity(body, cpv(x, y));
    return 0;
}

static int body_set_angular_velocity(lua_State *L) {
    cpBody *body = check_waking(L, "setAngularVelocity", 1);
    cpBodySetAngularVelocity(body, checked(L, 2, "setAngularVelocity"));
    return 0;
}

// How far from its position the body's shapes reach (their cached boxes).
static void reach_of(cpBody *body, cpShape *shape, void *data) {
    double *reach = data;
    cpBB bb = cpShapeGetBB(shape);
    cpVect p = cpBodyGetPosition(body);
    *reach = fmax(*reach, fmax(fmax(fabs(bb.l - p.x), fabs(bb.r - p.x)), fmax(fabs(bb.b - p.y), fabs(bb.t - p.y))));
}

// Chipmunk's spatial hash numbers cells as ints: past 2^31 cells from the
// origin the numbers wrap, and a rehash walks some four billion cells. A
// position set inside Chipmunk's step (a position function, a pre-solve, a
// force function) is hashed before cratebox's guard between steps sees it,
// so in a scene with a spatial hash a body may not be put farther than 2^29
// cells (half of what the guard allows) from the origin, its shapes' reach counted.
static void check_hash_reach(lua_State *L, cpBody *body, cpVect to, const char *what) {
    script_sandbox *s = sandbox_of(L);
    if (!(s->hashCell > 0)) return;
    double reach = 0, limit = 536870912.0 * s->hashCell;
    cpBodyEachShape(body, reach_of, &reach);
    if (!(fabs(to.x) + reach <= limit && fabs(to.y) + reach <= limit)) {
        char where[96];  // lua_pushfstring has no %g
        snprintf(where, sizeof where, "(%g, %g) is farther than %g points", to.x, to.y, limit);
        luaL_error(L, "%s: %s from the origin, past where the spatial hash numbers its cells", what, where);
    }
}

// setPosition and setAngle: a dynamic or kinematic body (a static one would need its shapes reindexed).
static int body_set_position(lua_State *L) {
    cpBody *body = check_waking(L, "setPosition", 1);
    lua_Number x = checked(L, 2, "setPosition"), y = checked(L, 3, "setPosition");
    check_hash_reach(L, body, cpv(x, y), "setPosition");
    cpBodySetPosition(body, cpv(x, y));
    return 0;
}

static int body_set_angle(lua_State *L) {
    cpBody *body = check_waking(L, "setAngle", 1);
    cpBodySetAngle(body, checked(L, 2, "setAngle"));
    return 0;
}

// updateVelocity(gx, gy, damping, dt) and updatePosition(dt): Chipmunk's own integration (a velocity or position function calls them).
// A damping over 1 or a long dt would grow a velocity past any bound in a few steps (Chipmunk asserts on the infinity).
static int body_update_velocity(lua_State *L) {
    cpBody *body = check_kind(L, "updateVelocity", 0);
    lua_Number gx = sandbox_number_within(L, 2, "updateVelocity: gx", -1e12, 1e12, ""), gy = sandbox_number_within(L, 3, "updateVelocity: gy", -1e12, 1e12, "");
    lua_Number damping = sandbox_number_within(L, 4, "updateVelocity: damping", 0, 1, ""), dt = sandbox_number_within(L, 5, "updateVelocity: dt", 0, 1, "");
    cpBodyUpdateVelocity(body, cpv(gx, gy), damping, dt);
    return 0;
}

static int body_update_position(lua_State *L) {
    cpBody *body = check_kind(L, "updatePosition", 0);
    lua_Number dt = sandbox_number_within(L, 2, "updatePosition: dt", 0, 1, "");
    // Where cpBodyUpdatePosition puts it: p + (v + v_bias) dt.
    check_hash_reach(L, body, cpvadd(body->p, cpvmult(cpvadd(body->v, body->v_bias), dt)), "updatePosition");
    cpBodyUpdatePosition(body, dt);
    return 0;
}

static int body_id(lua_State *L) {
    const bound_body *b = check_bound(L);
    if (b->id) lua_pushstring(L, b->id);
    else lua_pushnil(L);
    return 1;
}

static int body_index(lua_State *L) {
    lua_pushinteger(L, *(const lua_Integer *)luaL_checkudata(L, 1, BODY));
    return 1;
}

static int body_type(lua_State *L) {
    cpBodyType type = cpBodyGetType(check_body(L));
    lua_pushstring(L, type == CP_BODY_TYPE_DYNAMIC ? "dynamic" : type == CP_BODY_TYPE_KINEMATIC ? "kinematic" : "static");
    return 1;
}

static int body_shapes(lua_State *L) {
    const bound_body *b = check_bound(L);
    return sandbox_body_shapes(L, b->index, b->body);
}

// body:force() and body:torque(): what will act in the coming step (cpBodyGetForce, cpBodyGetTorque).
static int body_force(lua_State *L) { return push_vector(L, cpBodyGetForce(check_body(L))); }
static int body_torque(lua_State *L) { return push_number(L, cpBodyGetTorque(check_body(L))); }

// body:isSleeping() (cpBodyIsSleeping) and body:activate() (cpBodyActivate: wakes it and what it touches).
static int body_is_sleeping(lua_State *L) {
    lua_pushboolean(L, cpBodyIsSleeping(check_body(L)));
    return 1;
}

static int body_activate(lua_State *L) {
    cpBody *body = check_waking(L, "activate", 1);
    cpBodyActivate(body);
    return 0;
}

static int body_tostring(lua_State *L) {
    lua_pushfstring(L, "body %I", *(const lua_Integer *)luaL_checkudata(L, 1, BODY));
    return 1;
}

void sandbox_open_bodies(lua_State *L) {
    static const luaL_Reg methods[] = {
        {"applyImpulse", body_apply_impulse}, {"applyForce", body_apply_force}, {"id", body_id}, {"index", body_index},
        {"type", body_type}, {"position", body_position}, {"velocity", body_velocity}, {"angle", body_angle},
        {"angularVelocity", body_angular_velocity}, {"mass", body_mass}, {"moment", body_moment},
        {"setVelocity", body_set_velocity}, {"setAngularVelocity", body_set_angular_velocity},
        {"setPosition", body_set_position}, {"setAngle", body_set_angle},
        {"updateVelocity", body_update_velocity}, {"updatePosition", body_update_position}, {"shapes", body_shapes},
        {"force", body_force}, {"torque", body_torque}, {"isSleeping", body_is_sleeping}, {"activate", body_activate},
        {"localToWorld", body_local_to_world}, {"worldToLocal", body_world_to_local}, {"velocityAt", body_velocity_at},
        {"rotation", body_rotation}, {"centerOfGravity", body_center_of_gravity}, {"eachArbiter", body_each_arbiter}, {NULL, NULL},
    };
    sandbox_new_type(L, BODY, methods, body_tostring, NULL, "a body");
}

// --- The functions Chipmunk calls for a body (16.8), inside cpSpaceStep.

// Pushes the global function `name` and the body's value; 0 (nothing pushed) if it is not a function.
static int push_call(script_sandbox *s, const bound_body *b, const char *name) {
    lua_settop(s->L, 0);
    if (lua_getglobal(s->L, name) != LUA_TFUNCTION) {
        lua_settop(s->L, 0);
        return 0;
    }
    sandbox_push_body(s->L, b->index);
    return 1;
}

int sandbox_call_velocity(script_sandbox *s, cpBody *body, double gx, double gy, double damping, double dt) {
    const bound_body *b = sandbox_body_of(s, body);
    if (s->failed || !b || !b->velocity || !push_call(s, b, b->velocity)) return 0;
    lua_pushnumber(s->L, gx);
    lua_pushnumber(s->L, gy);
    lua_pushnumber(s->L, damping);
    lua_pushnumber(s->L, dt);
    const char *error = sandbox_script_call(s, 5, 0);
    if (error) sandbox_fail(s, error);
    return 1;
}

int sandbox_call_position(script_sandbox *s, cpBody *body, double dt) {
    const bound_body *b = sandbox_body_of(s, body);
    if (s->failed || !b || !b->position || !push_call(s, b, b->position)) return 0;
    lua_pushnumber(s->L, dt);
    const char *error = sandbox_script_call(s, 2, 0);
    if (error) sandbox_fail(s, error);
    return 1;
}
