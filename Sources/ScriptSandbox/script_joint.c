// A joint as a script holds it (docs/scene-format.md 16.10): a value naming
// the scene joint's index, looked up in the World's bindings at each use
// (a joint that broke or went with a body is refused by name), and the
// joint's functions Chipmunk calls inside its step: a spring's force, a
// rotary spring's torque, a pre-solve and a post-solve.
#include "script_sandbox_internal.h"
#include "chipmunk_surface.h"

#include <chipmunk/chipmunk.h>
#include <lauxlib.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *JOINT = "cratebox.joint";

static void free_joint(bound_joint *j) {
    free(j->id);
    for (int k = 0; k < 4; k++) free(j->functions[k]);
}

void script_sandbox_clear_joints(script_sandbox *s) {
    for (int i = 0; i < s->jointCount; i++) free_joint(&s->joints[i]);
    s->jointCount = 0;
}

int script_sandbox_bind_joint(script_sandbox *s, long long index, const char *id, struct cpConstraint *joint, const char *const functions[4]) {
    if (s->jointCount == s->jointCap) {
        int cap = s->jointCap ? 2 * s->jointCap : 16;
        void *grown = realloc(s->joints, (size_t)cap * sizeof *s->joints);
        if (!grown) return 0;
        s->joints = grown;
        s->jointCap = cap;
    }
    bound_joint j = {index, id ? strdup(id) : NULL, joint, {NULL, NULL, NULL, NULL}};
    int ok = !id || j.id;
    for (int k = 0; k < 4; k++) {
        if (functions[k] && !(j.functions[k] = strdup(functions[k]))) ok = 0;
    }
    if (!ok) {
        free_joint(&j);
        return 0;
    }
    s->joints[s->jointCount++] = j;
    return 1;
}

void script_sandbox_unbind_joint(script_sandbox *s, long long index) {
    for (int i = 0; i < s->jointCount; i++) {
        if (s->joints[i].index != index) continue;
        free_joint(&s->joints[i]);
        // In index order still: world:joint(id) gives the lowest index first.
        memmove(&s->joints[i], &s->joints[i + 1], (size_t)(s->jointCount - i - 1) * sizeof *s->joints);
        s->jointCount--;
        return;
    }
}

void sandbox_joints_free(script_sandbox *s) {
    script_sandbox_clear_joints(s);
    free(s->joints);
}

// Joints are few (a scene's): looked up in order.
static const bound_joint *joint_at(script_sandbox *s, long long index) {
    for (int i = 0; i < s->jointCount; i++) if (s->joints[i].index == index) return &s->joints[i];
    return NULL;
}

static const bound_joint *joint_of(script_sandbox *s, const cpConstraint *joint) {
    for (int i = 0; i < s->jointCount; i++) if (s->joints[i].joint == joint) return &s->joints[i];
    return NULL;
}

void sandbox_push_joint(lua_State *L, long long index) { sandbox_push_indexed(L, JOINT, index); }

// world:joint(id): the scene joint with that id, nil when there is none (or it broke, or went with a body).
static int world_joint(lua_State *L) {
    const char *id = luaL_checkstring(L, 2);
    script_sandbox *s = sandbox_of(L);
    for (int i = 0; i < s->jointCount; i++) {
        if (s->joints[i].id && strcmp(s->joints[i].id, id) == 0) {
            sandbox_push_joint(L, s->joints[i].index);
            return 1;
        }
    }
    lua_pushnil(L);
    return 1;
}

long long sandbox_joint_index(lua_State *L, int i) {
    const lua_Integer *held = luaL_testudata(L, i, JOINT);
    return held ? (long long)*held : -1;
}

static cpConstraint *check_joint(lua_State *L) {
    lua_Integer index = *(const lua_Integer *)luaL_checkudata(L, 1, JOINT);
    const bound_joint *j = joint_at(sandbox_of(L), index);
    if (!j) luaL_error(L, "joint %I is gone (broken, or removed with a body)", index);
    return j->joint;
}

// Chipmunk's joint setters wake both bodies: inside its step, not a sleeping one (16.7).
// Says why the surface refused a change to a joint (nothing, when it was made).
static int refuse(lua_State *L, surface_result r, const char *what, const char *range) {
    switch (r.refusal) {
    case SURFACE_DONE: return 0;
    case SURFACE_ASLEEP_IN_STEP: return sandbox_refuse_waking(L, r.asleep, what);
    case SURFACE_NOT_THIS_KIND: return luaL_error(L, "%s: not this joint's", what);
    case SURFACE_OUT_OF_RANGE: return luaL_error(L, "%s: must be %s", what, range);
    case SURFACE_TOO_STIFF: return sandbox_refuse_stiff(L, r.loaded, what);
    default: return luaL_error(L, "%s: refused", what);
    }
}

static int push_body_of(lua_State *L, const cpBody *body) {
    const bound_body *b = sandbox_body_of(sandbox_of(L), body);
    if (b) sandbox_push_body(L, b->index);
    else lua_pushnil(L);
    return 1;
}

static int joint_bodies(lua_State *L) {
    cpConstraint *j = check_joint(L);
    push_body_of(L, cpConstraintGetBodyA(j));
    push_body_of(L, cpConstraintGetBodyB(j));
    return 2;
}

static int joint_impulse(lua_State *L) {
    lua_pushnumber(L, cpConstraintGetImpulse(check_joint(L)));
    return 1;
}

static int joint_max_force(lua_State *L) {
    lua_pushnumber(L, cpConstraintGetMaxForce(check_joint(L)));
    return 1;
}

static int joint_set_max_force(lua_State *L) {
    cpConstraint *j = check_joint(L);
    return refuse(L, surface_joint_set_max_force(j, luaL_checknumber(L, 2)), "setMaxForce", "0 or more (math.huge: no limit)");
}

static int joint_index(lua_State *L) {
    lua_pushinteger(L, *(const lua_Integer *)luaL_checkudata(L, 1, JOINT));
    return 1;
}

static int joint_id(lua_State *L) {
    check_joint(L);  // refused once gone, as a body's id is
    const bound_joint *j = joint_at(sandbox_of(L), *(const lua_Integer *)lua_touserdata(L, 1));
    if (j->id) lua_pushstring(L, j->id);
    else lua_pushnil(L);
    return 1;
}

// A number a kind of joint has (the surface's `which`): read, or set (a second
// argument, within the scene's range), refused for another kind.
static int joint_number(lua_State *L, surface_joint_number which, const char *label) {
    cpConstraint *j = check_joint(L);
    if (!surface_joint_has(j, which)) return luaL_error(L, "%s: not this joint's", label);
    if (lua_gettop(L) >= 2) {
        double lo, hi;
        surface_joint_range(j, which, &lo, &hi);
        char range[120];  // lua_pushfstring has no %g
        snprintf(range, sizeof range, "from %g to %g%s, as in a scene", lo, hi, which == SURFACE_RATIO ? " and at least 1e-06 either way" : "");
        // As sandbox_number_within says it: "label: must be from lo to hi, as in a scene".
        lua_Number v = luaL_checknumber(L, 2);
        surface_result r = surface_joint_set(j, which, v);
        sandbox_charge(L, (double)r.work);  // the springs' loads figured (16.3)
        return refuse(L, r, label, range);
    }
    lua_pushnumber(L, surface_joint_get(j, which));
    return 1;
}
static int joint_rest_length(lua_State *L) { return joint_number(L, SURFACE_REST_LENGTH, "restLength"); }
static int joint_rest_angle(lua_State *L) { return joint_number(L, SURFACE_REST_ANGLE, "restAngle"); }
static int joint_rate(lua_State *L) { return joint_number(L, SURFACE_RATE, "rate"); }
static int joint_distance(lua_State *L) { return joint_number(L, SURFACE_DISTANCE, "distance"); }
static int joint_stiffness(lua_State *L) { return joint_number(L, SURFACE_STIFFNESS, "stiffness"); }
static int joint_damping(lua_State *L) { return joint_number(L, SURFACE_DAMPING, "damping"); }
static int joint_min(lua_State *L) { return joint_number(L, SURFACE_MIN, "min"); }
static int joint_max(lua_State *L) { return joint_number(L, SURFACE_MAX, "max"); }
static int joint_ratio(lua_State *L) { return joint_number(L, SURFACE_RATIO, "ratio"); }
static int joint_phase(lua_State *L) { return joint_number(L, SURFACE_PHASE, "phase"); }
// The setters by their own names (16.10): as the getter given a value (none given is nil, refused).
static int joint_setter(lua_State *L, surface_joint_number which, const char *label) {
    lua_settop(L, 2);
    return joint_number(L, which, label);
}
static int joint_set_min(lua_State *L) { return joint_setter(L, SURFACE_MIN, "setMin"); }
static int joint_set_max(lua_State *L) { return joint_setter(L, SURFACE_MAX, "setMax"); }
static int joint_set_ratio(lua_State *L) { return joint_setter(L, SURFACE_RATIO, "setRatio"); }
static int joint_set_phase(lua_State *L) { return joint_setter(L, SURFACE_PHASE, "setPhase"); }

// A groove's ends on body a (16.10): read as x and y, or set within a scene's ranges.
static int joint_groove_end(lua_State *L, int end, const char *label) {
    cpConstraint *j = check_joint(L);
    if (!cpConstraintIsGrooveJoint(j)) return luaL_error(L, "%s: not this joint's", label);
    cpVect p = end == 0 ? cpGrooveJointGetGrooveA(j) : cpGrooveJointGetGrooveB(j);
    lua_pushnumber(L, p.x);
    lua_pushnumber(L, p.y);
    return 2;
}
static int joint_set_groove_end(lua_State *L, int end, const char *label) {
    cpConstraint *j = check_joint(L);
    if (!cpConstraintIsGrooveJoint(j)) return luaL_error(L, "%s: not this joint's", label);
    lua_Number x = luaL_checknumber(L, 2), y = luaL_checknumber(L, 3);
    surface_result r = surface_joint_set_groove(j, end, x, y);
    if (r.refusal == SURFACE_OUT_OF_RANGE && r.number == 2) return luaL_error(L, "%s: the groove's ends must be at least 0.001 apart, as in a scene", label);
    return refuse(L, r, label, r.number == 0 ? "x within ±1e6, as in a scene" : "y within ±1e6, as in a scene");
}
static int joint_groove_a(lua_State *L) { return joint_groove_end(L, 0, "grooveA"); }
static int joint_groove_b(lua_State *L) { return joint_groove_end(L, 1, "grooveB"); }
static int joint_set_groove_a(lua_State *L) { return joint_set_groove_end(L, 0, "setGrooveA"); }
static int joint_set_groove_b(lua_State *L) { return joint_set_groove_end(L, 1, "setGrooveB"); }

static int joint_tostring(lua_State *L) {
    lua_pushfstring(L, "joint %I", *(const lua_Integer *)luaL_checkudata(L, 1, JOINT));
    return 1;
}

void sandbox_open_joints(lua_State *L) {

    static const luaL_Reg methods[] = {
        {"bodies", joint_bodies}, {"impulse", joint_impulse}, {"maxForce", joint_max_force}, {"setMaxForce", joint_set_max_force},
        {"id", joint_id}, {"index", joint_index}, {"restLength", joint_rest_length}, {"restAngle", joint_rest_angle},
        {"stiffness", joint_stiffness}, {"damping", joint_damping}, {"rate", joint_rate}, {"distance", joint_distance},
        {"min", joint_min}, {"max", joint_max}, {"ratio", joint_ratio}, {"phase", joint_phase},
        {"setMin", joint_set_min}, {"setMax", joint_set_max}, {"setRatio", joint_set_ratio}, {"setPhase", joint_set_phase},
        {"grooveA", joint_groove_a}, {"grooveB", joint_groove_b}, {"setGrooveA", joint_set_groove_a}, {"setGrooveB", joint_set_groove_b}, {NULL, NULL},
    };
    sandbox_new_type(L, JOINT, methods, joint_tostring, NULL, "a joint");
    lua_getglobal(L, "world");
    lua_pushcfunction(L, world_joint);
    lua_setfield(L, -2, "joint");
    lua_pop(L, 1);
}

// --- The calls Chipmunk makes inside its step.

// Pushes the joint's function `which` (0 force, 1 torque, 2 pre-solve, 3 post-solve) and the joint; 0 if it has none.
static const bound_joint *push_call(script_sandbox *s, const cpConstraint *joint, int which) {
    const bound_joint *j = joint_of(s, joint);
    if (s->failed || !j || !j->functions[which]) return NULL;
    lua_settop(s->L, 0);
    if (lua_getglobal(s->L, j->functions[which]) != LUA_TFUNCTION) {
        lua_settop(s->L, 0);
        return NULL;
    }
    sandbox_push_joint(s->L, j->index);
    return j;
}

int sandbox_call_spring(script_sandbox *s, cpConstraint *joint, int which, double at, double *out) {
    const bound_joint *j = push_call(s, joint, which);
    if (!j) return 0;
    lua_pushnumber(s->L, at);
    const char *error = sandbox_script_call(s, 2, 1);
    if (error) {
        sandbox_fail(s, error);
        return 0;
    }
    int isNumber = 0;
    double v = lua_tonumberx(s->L, -1, &isNumber);
    lua_settop(s->L, 0);
    if (!isNumber || !isfinite(v) || fabs(v) > 1e30) {
        snprintf(s->error, sizeof s->error, "%s: a joint's %s function must return a finite number within 1e30", j->functions[which], which == 0 ? "force" : "torque");
        sandbox_fail(s, s->error);
        return 0;
    }
    *out = v;
    return 1;
}

void sandbox_call_joint(script_sandbox *s, cpConstraint *joint, int which) {
    if (!push_call(s, joint, which)) return;
    const char *error = sandbox_script_call(s, 1, 0);
    if (error) sandbox_fail(s, error);
}
