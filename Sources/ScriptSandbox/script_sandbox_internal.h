// What the sandbox's C files share (script_sandbox.c, script_sandbox_random.c).
#ifndef SCRIPT_SANDBOX_INTERNAL_H
#define SCRIPT_SANDBOX_INTERNAL_H
#include "script_sandbox.h"

#include <lua.h>
#include <lauxlib.h>
#include <stdint.h>

/// A body a script may hold: its construction index, its scene id (NULL:
/// none), its Chipmunk body, and the names of the script's functions
/// Chipmunk calls for it (NULL: Chipmunk's own).
typedef struct bound_body {
    long long index;
    char *id;
    struct cpBody *body;
    char *velocity, *position;
    long long look;  // how it is drawn: 0xRRGGBB, or SCRIPT_LOOK_CRATE, _BALL, _PLAIN (16.17)
} bound_body;

/// A separate callback waiting for delivery (script_collisions.c): its
/// shapes' ids (the order of delivery), its handler's types (b = 0: a
/// wildcard handler), whether a removal made it, and its bodies.
struct separation {
    uint64_t hashA, hashB, typeA, typeB;
    int wildcard, removal;
    long long bodyA, bodyB;  // construction indices; -1: a body the script cannot hold (the walls')
};

/// A scene joint a script may hold: its index in the scene's joints, its id
/// (NULL: none), its Chipmunk joint, and the names of its functions (force,
/// torque, pre-solve, post-solve; NULL: none).
typedef struct bound_joint {
    long long index;
    char *id;
    struct cpConstraint *joint;
    char *functions[4];
} bound_joint;

/// One root of the digest of what the globals reach (script_state.c): what it is, for messages, and its hash.
typedef struct root_digest {
    char *path;
    uint64_t hash;
} root_digest;

struct script_sandbox {
    lua_State *L;
    bound_body *bodies;
    int bodyCount, bodyCap;
    int liveBodies;  // the bodies bound now (unbound entries left out): the world's bodies
    /// Lookup tables over `bodies` (script_bodies.c), made when first needed after a change.
    int *byId, *byBody, *byIndex;
    int indexMask, indexed;
    long long indexSpan;
    bound_joint *joints;
    int jointCount, jointCap;
    /// The JSON text of the last body or joint world:spawn or world:addJoint was given.
    char *json;
    size_t jsonLen, jsonCap;
    /// What the World does for world:spawn and its kin (NULL: nothing here), and its context.
    script_world_op worldOp;
    void *worldContext;
    /// The space the world's script handlers are set on (16.7), and whether the top level is running.
    struct cpSpace *space;
    double hashCell;  // the space's spatial hash cell size; 0: a bounding-box tree
    int topLevel;
    /// The body whose velocity (1) or position (2) function runs now, and the dt Chipmunk gave it
    /// (16.8): body:updateVelocity and body:updatePosition integrate only that body, once a call.
    const struct cpBody *integrating;
    int integratingKind;
    double integratingDt;
    /// How many body:eachArbiter walks are running (world:remove waits: it would unthread their lists).
    int walkingArbiters;
    /// Where the pointer is (world:pointer) and whether a click came before this step (world:clicked).
    double pointer[2];
    int clicked;
    /// Separate callbacks waiting to be delivered in cratebox's order (script_collisions.c).
    struct separation *separations;
    int separationCount, separationCap;
    /// The first error of a callback Chipmunk made (the world stops after the step with it).
    int failed;
    char callbackError[512];
    /// What the calls of one step may run in all, and what is left of it.
    long long stepBudget, stepLeft;
    int stepBound;  // the running call's allowance is what is left of the step's
    /// world:reset() was asked for in this step (the World resets after it).
    int resetAsked;
    /// world:reset(keep)'s `keep` as plain-data bytes (NULL: none), for the next build's `kept` (16.9).
    unsigned char *kept;
    size_t keptLen;
    /// The timers waiting (world:after, world:every: 16.15), in the order made; the next one's id.
    struct sandbox_timer *timers;
    int timerCount, timerCap;
    long long nextTimerId;
    /// What the world tells a script at each call: its step count, and the keys and buttons it holds.
    long long steps;
    char held[1024];  // each held trigger's name followed by a NUL; an empty name ends the list
    char said[256];   // what world:say last said (the HUD's line), NUL-terminated
    /// The labels world:text shows, in the order drawn (script_text.c; NULL until the first), and a count of changes.
    struct sandbox_label *labels;
    int labelCount;
    unsigned long long labelsRevision;
    /// A count that grows whenever body:setLook changes a body's look.
    unsigned long long looksRevision;
    char printed[SCRIPT_PRINTS][SCRIPT_PRINT_BYTES + 1];  // print's lines since they were last taken, NUL-terminated
    int printCount;   // lines kept in `printed`
    int printDropped; // lines printed past SCRIPT_PRINTS since the last take
    script_sound sounds[SCRIPT_SOUNDS];  // what world:sound asked for since they were last taken
    int soundCount;
    size_t used, limit;
    long long budget, left;
    /// The call ran out of budget through work done in C (sandbox_work); the call ran out of memory.
    int overByWork, outOfMemory;
    uint64_t random[4];  // math.random's xoshiro256** state
    char error[512];
    /// The digests the top level left (NULL until it ran and the globals were frozen), and their combination.
    root_digest *roots;
    int rootCount;
    uint64_t topDigest;
    /// The top level's digest without the functions' code (states before version 5), and whether a restore expects it.
    uint64_t legacyTopDigest;
    int legacyRead;
    /// The last `state` written as bytes.
    unsigned char *out;
    size_t outLen, outCap;
};

/// The sandbox a Lua state belongs to: it is the state's allocator's userdata (script_sandbox.c).
static inline script_sandbox *sandbox_of(lua_State *L) {
    script_sandbox *s;
    lua_getallocf(L, (void **)&s);
    return s;
}

/// The plain data at stack index `i` as bytes, malloc'd (`root` names it in errors, which are raised).
unsigned char *sandbox_plain_copy(lua_State *L, int i, const char *root, const char *holds, size_t *length);
/// Notes the collision types' names at stack indices a and b (0: none) that world:onCollision set a handler for.
void sandbox_note_handler_types(lua_State *L, int a, int b);
/// The most timers that wait at once (16.15).
#define SANDBOX_MAX_TIMERS 1024
/// A timer (16.15): its id, the step count it is due at, its period in steps (0: once), the global
/// function it calls and its arguments (a table of them as plain-data bytes, and how many).
struct sandbox_timer {
    long long id, due, period;
    char *name;
    unsigned char *args;
    size_t argsLen;
    int argCount;
};
/// world:after, world:every, world:cancel (script_timers.c).
int sandbox_world_after(lua_State *L);
int sandbox_world_every(lua_State *L);
int sandbox_world_cancel(lua_State *L);
/// Pushes the global `name` (raw lookups: the frozen globals once the top level ran); returns its type.
int sandbox_push_global(lua_State *L, const char *name);
/// Whether the global `name` is a function now.
int sandbox_global_is_function(lua_State *L, const char *name);
/// Adds a timer read back from a state (the name and args are taken over); 0 when out of memory.
int sandbox_add_timer(script_sandbox *s, struct sandbox_timer t);
void sandbox_timers_free(script_sandbox *s);
/// Writes the plain data at stack index `i` as bytes into `kept` (world:reset's keep; raises its error).
void sandbox_keep(lua_State *L, int i);
/// Pushes the plain data `bytes` hold (as sandbox_keep wrote them; raises for malformed bytes).
void sandbox_push_kept(lua_State *L, const unsigned char *bytes, size_t length);

/// math.random (16.4 of docs/scene-format.md), a C function of the sandbox's state.
int sandbox_random(lua_State *L);
/// Makes the global `world` and the bodies' metatable (16.5).
int sandbox_open_world(lua_State *L);
/// Counts `work` (in instructions' worth) of what a library function does in
/// C against the call's budget; raises the budget's error when it runs out.
void sandbox_charge(lua_State *L, double work);
/// Argument i as a number from lo to hi, else the error "WHAT must be from LO to HI" and `after` (%g numbers).
lua_Number sandbox_number_within(lua_State *L, int i, const char *what, double lo, double hi, const char *after);
/// Runs the function on the stack below its `nargs` arguments, with a fresh budget; NULL or the error.
const char *sandbox_protected_call(script_sandbox *s, int nargs);
const char *sandbox_protected_call_results(script_sandbox *s, int nargs, int nresults);
/// The same with a budget of `budget` instructions (cratebox's own walks run no Lua code and count their sorting).
const char *sandbox_protected_call_with(script_sandbox *s, int nargs, int nresults, long long budget);
/// Calls the global `name` (with `world` when asked), its lookup protected too; `*defined` says whether it is a function.
const char *sandbox_call_global(script_sandbox *s, const char *name, int withWorld, int *defined);
/// pairs, next, tostring and string.format (upvalue 1: Lua's) as scripts have them (script_order.c).
int sandbox_pairs(lua_State *L);
int sandbox_next(lua_State *L);
int sandbox_tostring(lua_State *L);
/// print(...): a line for the log, never the world's (script_world.c).
int sandbox_print(lua_State *L);
int sandbox_format(lua_State *L);
/// Pushes a sequence of table `t`'s keys in key order (16.2), refusing keys of other types.
void sandbox_sorted_keys(lua_State *L, int t);
/// Whether the key at a comes before the key at b in key order.
int sandbox_key_less(lua_State *L, int a, int b);
/// The construction index of the body value at i (-1: not a body), and
/// pushes the body value of an index (one value per index, kept) (script_body.c).
long long sandbox_body_index(lua_State *L, int i);
/// body:setType (script_spawn.c: it asks the World).
int sandbox_body_set_type(lua_State *L);
void sandbox_push_body(lua_State *L, long long index);
/// The body table's metatable and methods (script_body.c).
void sandbox_open_bodies(lua_State *L);
/// Registers each library C function's name, for digests (script_names.c, read by script_state.c), and frees what the state's walks keep.
void sandbox_name_functions(lua_State *L);
/// The registry key of the table of those names.
extern const char *const SANDBOX_CNAMES;
void sandbox_state_free(script_sandbox *s);
/// The bound body with construction index `index`, the first with scene id
/// `id`, and the one of a Chipmunk body; NULL when there is none (script_bodies.c).
const bound_body *sandbox_body_at(script_sandbox *s, long long index);
const bound_body *sandbox_body_named(script_sandbox *s, const char *id);
const bound_body *sandbox_body_of(script_sandbox *s, const struct cpBody *body);
void sandbox_bodies_free(script_sandbox *s);
/// world:onCollision and the arbiter's methods; frees what waits to be delivered (script_collisions.c).
void sandbox_open_collisions(lua_State *L);
/// body:eachArbiter: calls the function at stack index `f` with each of the body's arbiters in Chipmunk's order.
int sandbox_each_arbiter(lua_State *L, struct cpBody *body, int f);
/// world:joint and the joints' methods, and freeing the bindings (script_joint.c).
void sandbox_open_joints(lua_State *L);
/// Pushes the value of joint `index`; the joint index of the value at i (-1: not a joint).
void sandbox_push_joint(lua_State *L, long long index);
long long sandbox_joint_index(lua_State *L, int i);
/// A type of value a script holds (script_types.c): its metatable `name` with
/// `methods` as __index, __tostring and __eq when given, and `label` as
/// __metatable; and the one value of `name` for an index, made when first asked for.
void sandbox_new_type(lua_State *L, const char *name, const luaL_Reg *methods, lua_CFunction tostring, lua_CFunction eq, const char *label);
void sandbox_push_indexed(lua_State *L, const char *name, long long index);
/// Refuses `what`, which would wake the sleeping `body` inside Chipmunk's step (script_body.c).
int sandbox_refuse_waking(lua_State *L, const struct cpBody *body, const char *what);
/// Raises `what: the springs on body N would be too stiff...` for a change the surface refused
/// with SURFACE_TOO_STIFF (16.11.1).
int sandbox_refuse_stiff(lua_State *L, const struct cpBody *loaded, const char *what);
/// Shapes (script_shape.c): a body's list, the value of a Chipmunk shape (nil: the walls'), the metatable.
int sandbox_body_shapes(lua_State *L, long long index, struct cpBody *body);
void sandbox_push_shape_of(lua_State *L, struct cpShape *shape);
void sandbox_open_shapes(lua_State *L);
/// world:spawn, remove, addJoint, removeJoint and afterStep (script_spawn.c).
void sandbox_open_spawn(lua_State *L);
/// require (script_modules.c): whether a name is a module's, and the global itself.
int sandbox_module_name(const char *name, size_t length);
int sandbox_require(lua_State *L);
/// world:text, and the body methods setLook and look (script_text.c; the looks are the bindings').
void sandbox_open_text(lua_State *L);
void sandbox_labels_free(script_sandbox *s);
int sandbox_body_set_look(lua_State *L);
int sandbox_body_look(lua_State *L);
void sandbox_joints_free(script_sandbox *s);
/// Calls a joint's force (0) or torque (1) function at a length or angle,
/// into `*out`; 0 when it has none or it failed. And its pre-solve (2) or post-solve (3).
int sandbox_call_spring(script_sandbox *s, struct cpConstraint *joint, int which, double at, double *out);
void sandbox_call_joint(script_sandbox *s, struct cpConstraint *joint, int which);
/// world:pointQuery, segmentQuery and boxQuery (script_queries.c).
void sandbox_open_queries(lua_State *L);
void sandbox_collisions_free(script_sandbox *s);
/// Records the first error of a call Chipmunk made (the world stops after the step).
void sandbox_fail(script_sandbox *s, const char *error);
/// Calls a body's velocity or position function (16.8); 0 when it has none (Chipmunk's own then runs).
int sandbox_call_velocity(script_sandbox *s, struct cpBody *body, double gx, double gy, double damping, double dt);
int sandbox_call_position(script_sandbox *s, struct cpBody *body, double dt);
/// Queues a separation; 0 when out of memory.
int sandbox_queue_separation(script_sandbox *s, struct separation entry);
/// A call of the script's (a step, a callback): its budget is the call's, or what is left of the step's.
const char *sandbox_script_call(script_sandbox *s, int nargs, int nresults);
/// A stable bottom-up merge sort of `table[1..n]` using `scratch` (a table
/// as large), `less(L, a, b)` saying whether the value at a sorts before the
/// value at b; charges the budget for it. Returns which of the two holds the
/// sorted sequence (script_tables.c).
int sandbox_merge_sort(lua_State *L, int table, int scratch, lua_Integer n, int (*less)(lua_State *L, int a, int b));
/// Replaces the table functions that loop in C: bounded, and a deterministic sort (script_tables.c).
void sandbox_guard_tables(lua_State *L);
#endif
