// A body as a script holds it (docs/scene-format.md 16.5 and 16.8): a value
// that names a construction index (one value per index, so `==` compares
// bodies), looked up in the World's bindings at each use, so that a removed
// body is refused by name, never a dangling pointer.
#include "script_sandbox_internal.h"

#include <chipmunk/chipmunk.h>
#include "chipmunk_surface.h"
#include <lauxlib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *BODY = "cratebox.body";

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

// A number argument: finite and within 1e30 (for what only reads the body).
static lua_Number checked(lua_State *L, int i, const char *what) {
    lua_Number v = luaL_checknumber(L, i);
    if (!(v == v) || v > 1e30 || v < -1e30) luaL_error(L, "%s: must be finite and within 1e30", what);
    return v;
}

// A number argument for a change (its range is the surface's to check).
static lua_Number number(lua_State *L, int i) { return luaL_checknumber(L, i); }

int sandbox_refuse_waking(lua_State *L, const cpBody *body, const char *what) {
    const bound_body *b = sandbox_body_of(sandbox_of(L), body);
    return luaL_error(L, "%s: body %I is asleep, and waking it inside Chipmunk's step breaks Chipmunk's contact graph: "
                         "do it in world:afterStep(function() ... end)", what, (lua_Integer)(b ? b->index : -1));
}

int sandbox_refuse_stiff(lua_State *L, const cpBody *loaded, const char *what) {
    const bound_body *b = sandbox_body_of(sandbox_of(L), loaded);
    return luaL_error(L, "%s: the springs on body %I would be too stiff for their bodies at 1/120 s steps (section 8): "
                         "make them softer or the bodies heavier", what, (lua_Integer)(b ? b->index : -1));
}

// Says why the surface refused a change to the body at argument 1, as `what: ...`. `names`
// gives each number's name and range in the message (NULL: "what: must be finite and within 1e30").
static int refuse(lua_State *L, surface_result r, const char *what, const char *const *names, const double *lo, const double *hi) {
    lua_Integer index = *(const lua_Integer *)lua_touserdata(L, 1);
    switch (r.refusal) {
    case SURFACE_DONE: return 0;
    case SURFACE_STATIC: return luaL_error(L, "%s: body %I is static", what, index);
    case SURFACE_NOT_DYNAMIC: return luaL_error(L, "%s: body %I is not dynamic", what, index);
    case SURFACE_ASLEEP_IN_STEP: return sandbox_refuse_waking(L, r.asleep, what);
    case SURFACE_TOO_STIFF: return sandbox_refuse_stiff(L, r.loaded, what);
    case SURFACE_OUT_OF_RANGE:
        if (names) {
            char range[64];  // lua_pushfstring has no %g
            snprintf(range, sizeof range, "from %g to %g", lo[r.number], hi[r.number]);
            return luaL_error(L, "%s: %s must be %s", what, names[r.number], range);
        }
        return luaL_error(L, "%s: must be finite and within 1e30", what);
    case SURFACE_PAST_HASH: {
        char where[96];  // lua_pushfstring has no %g
        snprintf(where, sizeof where, "(%g, %g) is farther than %g points", r.toX, r.toY, r.limit);
        return luaL_error(L, "%s: %s from the origin, past where the spatial hash numbers its cells", what, where);
    }
    default: return luaL_error(L, "%s: refused", what);
    }
}

// A change through the surface: refused in the script's words, or done.
#define CHANGE(what, call) refuse(L, (call), what, NULL, NULL, NULL)

static int push_vector(lua_State *L, cpVect v) {
    lua_pushnumber(L, v.x);
    lua_pushnumber(L, v.y);
    return 2;
}

static int push_number(lua_State *L, double v) {
    lua_pushnumber(L, v);
    return 1;
}

// The world point a push acts at: arguments 4 and 5 when given (into `at`), else NULL: the body's centre of gravity.
static const double *push_point(lua_State *L, double at[2]) {
    if (lua_isnoneornil(L, 4) && lua_isnoneornil(L, 5)) return NULL;
    at[0] = number(L, 4);
    at[1] = number(L, 5);
    return at;
}

static int body_apply_impulse(lua_State *L) {
    cpBody *body = check_body(L);
    lua_Number x = number(L, 2), y = number(L, 3);
    double at[2];
    return CHANGE("applyImpulse", surface_body_apply_impulse(body, x, y, push_point(L, at)));
}

static int body_apply_force(lua_State *L) {
    cpBody *body = check_body(L);
    lua_Number x = number(L, 2), y = number(L, 3);
    double at[2];
    return CHANGE("applyForce", surface_body_apply_force(body, x, y, push_point(L, at)));
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

// A dynamic or kinematic body's (a static one would need its shapes reindexed).
static const int MOVABLE = SURFACE_DYNAMIC | SURFACE_KINEMATIC;

static int body_set_velocity(lua_State *L) {
    cpBody *body = check_body(L);
    lua_Number x = number(L, 2), y = number(L, 3);
    return CHANGE("setVelocity", surface_body_set_velocity(body, MOVABLE, x, y));
}

static int body_set_angular_velocity(lua_State *L) {
    cpBody *body = check_body(L);
    return CHANGE("setAngularVelocity", surface_body_set_angular_velocity(body, MOVABLE, number(L, 2)));
}

static int body_set_position(lua_State *L) {
    cpBody *body = check_body(L);
    lua_Number x = number(L, 2), y = number(L, 3);
    return CHANGE("setPosition", surface_body_set_position(body, MOVABLE, x, y, sandbox_of(L)->hashCell));
}

// body:setMass(m), body:setMoment(i): a dynamic body's, within a scene's ranges (16.5).
static int body_set_mass(lua_State *L) {
    cpBody *body = check_body(L);
    static const char *const names[] = {"the mass"};
    static const double lo[] = {SURFACE_MIN_MASS}, hi[] = {SURFACE_MAX_MASS};
    surface_result r = surface_body_set_mass(body, number(L, 2));
    sandbox_charge(L, (double)r.work);  // the springs' loads figured (16.3)
    return refuse(L, r, "setMass", names, lo, hi);
}

static int body_set_moment(lua_State *L) {
    cpBody *body = check_body(L);
    surface_result r = surface_body_set_moment(body, number(L, 2));
    sandbox_charge(L, (double)r.work);  // the springs' loads figured (16.3)
    if (r.refusal == SURFACE_OUT_OF_RANGE) return luaL_error(L, "setMoment: the moment must be from 1e-06 to 1e+30");
    return CHANGE("setMoment", r);
}

static int body_set_angle(lua_State *L) {
    cpBody *body = check_body(L);
    return CHANGE("setAngle", surface_body_set_angle(body, MOVABLE, number(L, 2)));
}

// updateVelocity(gx, gy, damping, dt) and updatePosition(dt): Chipmunk's own integration, which only
// the body's own velocity or position function may run, once a call, with at most the dt it was given
// (16.8): integrated many times a step, a body on a spring gains energy until Chipmunk aborts.
static double own_integration(lua_State *L, const bound_body *b, int kind, const char *what, const char *function) {
    script_sandbox *s = sandbox_of(L);
    if (s->integrating != b->body || s->integratingKind != kind) {
        luaL_error(L, "%s: only body %I's own %s function may call it, once a call (16.8)", what, (lua_Integer)b->index, function);
    }
    return s->integratingDt;
}

static int body_update_velocity(lua_State *L) {
    static const char *const names[] = {"gx", "gy", "damping", "dt"};
    const bound_body *b = check_bound(L);
    double most = own_integration(L, b, 1, "updateVelocity", "velocity");
    const double lo[] = {-SURFACE_MAX_UPDATE_GRAVITY, -SURFACE_MAX_UPDATE_GRAVITY, 0, 0};
    const double hi[] = {SURFACE_MAX_UPDATE_GRAVITY, SURFACE_MAX_UPDATE_GRAVITY, 1, most};
    lua_Number gx = number(L, 2), gy = number(L, 3), damping = number(L, 4), dt = number(L, 5);
    surface_result r = surface_body_update_velocity(b->body, gx, gy, damping, dt, most);
    if (r.refusal == SURFACE_DONE) sandbox_of(L)->integratingKind = 0;
    return refuse(L, r, "updateVelocity", names, lo, hi);
}

static int body_update_position(lua_State *L) {
    static const char *const names[] = {"dt"};
    const bound_body *b = check_bound(L);
    double most = own_integration(L, b, 2, "updatePosition", "position");
    const double lo[] = {0}, hi[] = {most};
    surface_result r = surface_body_update_position(b->body, number(L, 2), most, sandbox_of(L)->hashCell);
    if (r.refusal == SURFACE_DONE) sandbox_of(L)->integratingKind = 0;
    return refuse(L, r, "updatePosition", names, lo, hi);
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
    return CHANGE("activate", surface_body_activate(check_body(L), MOVABLE));
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
        {"setPosition", body_set_position}, {"setAngle", body_set_angle}, {"setMass", body_set_mass}, {"setMoment", body_set_moment},
        {"setType", sandbox_body_set_type},
        {"updateVelocity", body_update_velocity}, {"updatePosition", body_update_position}, {"shapes", body_shapes},
        {"force", body_force}, {"torque", body_torque}, {"isSleeping", body_is_sleeping}, {"activate", body_activate},
        {"localToWorld", body_local_to_world}, {"worldToLocal", body_world_to_local}, {"velocityAt", body_velocity_at},
        {"rotation", body_rotation}, {"centerOfGravity", body_center_of_gravity}, {"eachArbiter", body_each_arbiter},
        {"setLook", sandbox_body_set_look}, {"look", sandbox_body_look}, {NULL, NULL},
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
    s->integrating = body, s->integratingKind = 1, s->integratingDt = dt;
    const char *error = sandbox_script_call(s, 5, 0);
    s->integrating = NULL, s->integratingKind = 0;
    if (error) sandbox_fail(s, error);
    return 1;
}

int sandbox_call_position(script_sandbox *s, cpBody *body, double dt) {
    const bound_body *b = sandbox_body_of(s, body);
    if (s->failed || !b || !b->position || !push_call(s, b, b->position)) return 0;
    lua_pushnumber(s->L, dt);
    s->integrating = body, s->integratingKind = 2, s->integratingDt = dt;
    const char *error = sandbox_script_call(s, 2, 0);
    s->integrating = NULL, s->integratingKind = 0;
    if (error) sandbox_fail(s, error);
    return 1;
}
