// The sandboxed Lua state of a scene's script (script_sandbox.c).
#ifndef SCRIPT_SANDBOX_H
#define SCRIPT_SANDBOX_H
#include <stddef.h>
#include <stdint.h>

struct lua_State;
struct cpBody;
struct cpSpace;
struct cpConstraint;
struct cpShape;
typedef struct script_sandbox script_sandbox;

/// A fresh sandbox: at most `memory_limit` bytes for the whole state, at most
/// `instructions` VM instructions in each call (checked every 1,000). NULL
/// when there is not the memory for it.
script_sandbox *script_sandbox_new(size_t memory_limit, long long instructions);
void script_sandbox_free(script_sandbox *sandbox);
struct lua_State *script_sandbox_state(script_sandbox *sandbox);
/// The bytes the state holds now.
size_t script_sandbox_memory(const script_sandbox *sandbox);

/// Loads `text` (text only, never a binary chunk) as the chunk `chunk_name`
/// ("=NAME.lua" names it NAME.lua in messages) and runs it with a fresh
/// budget. NULL when it ran; else the error, "NAME.lua:LINE: what" (valid
/// until the next call).
const char *script_sandbox_run(script_sandbox *sandbox, const char *text, size_t length, const char *chunk_name);

/// Calls the global function `name` with no arguments and a fresh budget, if
/// the script defines one (`*defined` says). NULL when it ran or there is
/// none; else the error, as `script_sandbox_run` gives it.
const char *script_sandbox_call_global(script_sandbox *sandbox, const char *name, int *defined);

/// The bodies a script can hold (16.5): cleared, then bound one by one in
/// increasing construction index whenever the World's bodies change, each
/// with its scene id and the names of its velocity and position functions
/// (16.8; NULL: none; all copied). `bind` returns 0 when out of memory or out of order.
void script_sandbox_clear_bodies(script_sandbox *sandbox);
/// The scene's joints a script can hold (16.10): cleared, then bound in
/// increasing index whenever the World's joints change, each with its id
/// and its functions' names (force, torque, pre-solve, post-solve; NULL: none).
void script_sandbox_clear_joints(script_sandbox *sandbox);
int script_sandbox_bind_joint(script_sandbox *sandbox, long long index, const char *id, struct cpConstraint *joint,
                              const char *const functions[4]);
/// Forgets joint `index`'s binding (it left the space); the others keep their order.
void script_sandbox_unbind_joint(script_sandbox *sandbox, long long index);
/// What a script asks the World for (16.11): each returns NULL, or why it
/// refuses (valid until the next call), setting `*result` to the new body's
/// or joint's index. `a` and `b` are construction indices (-1: the world's
/// static body) or a joint's index; `json`, a body or joint in the scene
/// format's words (without a joint's `a` and `b`). SCRIPT_SET_TYPE: body `a`
/// becomes of type `b` (SCRIPT_TYPE_...), with `numbers` (a mass and a moment) or NULL.
enum { SCRIPT_SPAWN = 1, SCRIPT_REMOVE = 2, SCRIPT_ADD_JOINT = 3, SCRIPT_REMOVE_JOINT = 4, SCRIPT_SET_TYPE = 5 };
enum { SCRIPT_TYPE_DYNAMIC = 0, SCRIPT_TYPE_KINEMATIC = 1, SCRIPT_TYPE_STATIC = 2 };
/// A body's look as a code: 0xRRGGBB for a colour, or one of these.
enum { SCRIPT_LOOK_CRATE = 0x1000000, SCRIPT_LOOK_BALL = 0x1000001, SCRIPT_LOOK_PLAIN = 0x1000002 };
typedef const char *(*script_world_op)(void *context, int op, const char *json, size_t length, long long a, long long b,
                                        const double *numbers, long long *result);
void script_sandbox_set_world_op(script_sandbox *sandbox, script_world_op op, void *context);
/// Runs the functions world:afterStep queued, in order (16.11); NULL or the first error (the rest are dropped).
const char *script_sandbox_run_after_step(script_sandbox *sandbox);
void script_sandbox_clear_after_step(script_sandbox *sandbox);
/// Whether the global `name` is a function (looked up raw: no script code runs).
int script_sandbox_is_function(script_sandbox *sandbox, const char *name);
/// Unbinds body `index` (a script removed it); the others keep their bindings.
void script_sandbox_unbind_body(script_sandbox *sandbox, long long index);
int script_sandbox_bind_body(script_sandbox *sandbox, long long index, const char *id, struct cpBody *body,
                             const char *velocity, const char *position, long long look);
/// The look body `index` is drawn with (its code, as SCRIPT_LOOK answers) into `*look`; 0 when it is not bound.
int script_sandbox_body_look(script_sandbox *sandbox, long long index, long long *look);
/// Sets the look of body `index` (a state read back); 0 when it is not bound or the code is no look.
int script_sandbox_set_body_look(script_sandbox *sandbox, long long index, long long look);
/// A count that grows whenever a body's look is set.
unsigned long long script_sandbox_looks_revision(const script_sandbox *sandbox);
/// What `world:steps()` and `world:isDown(name)` say until the next call:
/// the world's step count, and the names of the keys and buttons it holds
/// (`held`: `length` bytes of names, each ended by a NUL; names past 1,000
/// bytes in all are left out).
void script_sandbox_set_world(script_sandbox *sandbox, long long steps, const char *held, size_t length);
/// Tells the script where the pointer is (world coordinates) and whether a
/// click came before the coming step (world:pointer, world:clicked).
void script_sandbox_set_pointer(script_sandbox *sandbox, double x, double y, int clicked);
/// Whether `world:reset()` was asked for since the last call (and forgets it).
int script_sandbox_take_reset(script_sandbox *sandbox);
/// A sound the script asked for with `world:sound(kind, x, y, strength, size)`
/// (scene-format.md 16.5): `kind` 0 to 8 in the order wood, rubber, metal,
/// stone (impacts of that material), splash, snap, cut, explosion, hiss.
typedef struct script_sound {
    const char *kind;  // its name, as the script gave it ("wood" ... "hiss"): a static string
    double x, y, strength, size;
} script_sound;

/// The most sounds kept between two takes; more are not heard.
#define SCRIPT_SOUNDS 64

/// How many sounds wait to be taken.
int script_sandbox_sound_count(const script_sandbox *sandbox);

/// The sounds asked for since the last take, up to `capacity` into `out`; returns how many, and forgets them.
int script_sandbox_take_sounds(script_sandbox *sandbox, script_sound *out, int capacity);

/// The most lines of `print` kept between two takes, and the bytes kept of each.
#define SCRIPT_PRINTS 32
#define SCRIPT_PRINT_BYTES 200

/// The lines `print` wrote since the last take: how many are kept (at most
/// SCRIPT_PRINTS), line `i` (NUL-terminated, raw bytes: the caller escapes
/// them), and how many more were printed and dropped. `take` forgets them.
int script_sandbox_print_count(const script_sandbox *sandbox);
const char *script_sandbox_printed(const script_sandbox *sandbox, int i);
int script_sandbox_print_dropped(const script_sandbox *sandbox);
void script_sandbox_forget_printed(script_sandbox *sandbox);

/// The labels world:text shows (docs/scene-format.md 16.17): at most SCRIPT_MAX_LABELS,
/// each an id of 1 to 64 bytes and at most 1000 bytes of UTF-8 text.
enum { SCRIPT_MAX_LABELS = 256, SCRIPT_LABEL_ID_BYTES = 64, SCRIPT_LABEL_TEXT_BYTES = 1000 };
/// A label: its id and text (not NUL-terminated), where (x, y), whether on the screen,
/// its size, colour 0xRRGGBB and alignment (0 left, 1 center, 2 right).
typedef struct script_label {
    const char *id;
    size_t idLength;
    const char *text;
    size_t textLength;
    double x, y, size;
    int screen;
    unsigned int color;
    int align;
} script_label;
/// Shows the label (or changes the one with its id), checked as world:text checks it; NULL or why not.
const char *script_sandbox_put_label(script_sandbox *sandbox, const script_label *label);
/// Removes every label (a state read back shows its own).
void script_sandbox_clear_labels(script_sandbox *sandbox);
/// Removes the label with this id (nothing when none is shown).
void script_sandbox_remove_label(script_sandbox *sandbox, const char *id, size_t length);
/// How many labels are shown, label `i` in the order drawn (valid until the labels change), and
/// a count that grows at every change.
int script_sandbox_label_count(const script_sandbox *sandbox);
script_label script_sandbox_label(const script_sandbox *sandbox, int i);
unsigned long long script_sandbox_labels_revision(const script_sandbox *sandbox);

/// Gives the sandbox module `name` (its text copied) for `require` (16.18), before the top level runs; NULL or why not.
const char *script_sandbox_add_module(script_sandbox *sandbox, const char *name, const char *text, size_t length);

/// What the script last said with `world:say(text)` (at most 200 bytes; "" when nothing).
const char *script_sandbox_said(const script_sandbox *sandbox);
/// Sets that line (a world read back gives the line its state kept).
void script_sandbox_set_said(script_sandbox *sandbox, const char *text);
/// Calls the global `step(world)`, if the script defines one, with a fresh budget; NULL or the error.
const char *script_sandbox_call_step(script_sandbox *sandbox, int *defined);
/// The collision types' names world:onCollision was given (the pair's both; "*" not), in order, for `validate`.
int script_sandbox_handler_type_count(script_sandbox *sandbox);
const char *script_sandbox_handler_type(script_sandbox *sandbox, int i);
/// Calls each timer due by now (16.15), in due order; NULL or the first error (which stops the world).
const char *script_sandbox_run_timers(script_sandbox *sandbox);
/// What the last world:reset(keep) kept, as plain-data bytes (NULL: none, or no keep given).
const unsigned char *script_sandbox_kept(const script_sandbox *sandbox, size_t *length);
/// Sets the global `kept` (16.9) from such bytes, before the top level runs; NULL or the error (malformed bytes).
const char *script_sandbox_set_kept(script_sandbox *sandbox, const unsigned char *bytes, size_t length);
/// An input event for the script (16.12): calls the global `name` (keypressed,
/// keyreleased, mousepressed, mousereleased) with the world, then (x, y) when
/// `point` is not 0, then `text` (the key's or button's name); `defined` says
/// whether it is a function. Counted in the coming step's budget.
const char *script_sandbox_call_input(script_sandbox *sandbox, const char *name, int point, double x, double y,
                                      const char *text, int *defined);

/// math.random's generator (xoshiro256**), seeded with splitmix64's first
/// four outputs from `seed` (a new sandbox has seed 0), and its whole state,
/// to be kept and given back with an exact state.
void script_sandbox_seed(script_sandbox *sandbox, uint64_t seed);
void script_sandbox_random_state(const script_sandbox *sandbox, uint64_t out[4]);
void script_sandbox_set_random_state(script_sandbox *sandbox, const uint64_t state[4]);

/// A scene's collision type name as Chipmunk's number (16.7): FNV-1a of its
/// bytes with the top bit set (never 0, 1 or the wildcard).
uint64_t script_collision_type(const char *name, size_t length);
/// The space `world:onCollision` sets handlers on and whose script handlers
/// call this sandbox (NULL: none). The sandbox leaves the space it had; call
/// with NULL before that space goes.
void script_sandbox_set_space(script_sandbox *sandbox, struct cpSpace *space);
/// The space's spatial hash cell size (0: its index is a bounding-box tree): queries over more cells than a bound test every shape instead.
void script_sandbox_set_hash_cell(script_sandbox *sandbox, double cell);
/// Leaves `space` if the sandbox is attached to it (else nothing).
void script_sandbox_leave_space(script_sandbox *sandbox, struct cpSpace *space);
/// The first error of a collision callback in the last step (NULL: none).
const char *script_sandbox_callback_error(const script_sandbox *sandbox);
/// Delivers the separate callbacks waiting, in the order of their shapes'
/// ids (16.7); NULL, or the first error (the rest are dropped).
const char *script_sandbox_deliver_separations(script_sandbox *sandbox);

/// What lasts between steps (docs/scene-format.md 16.6). `freeze`, right
/// after the top level: the globals are fixed from then on (only `state` may
/// be set), and what they reach but `state` is digested. NULL or the error.
const char *script_sandbox_freeze(script_sandbox *sandbox);
/// NULL when what the globals reach (but `state`) is as the top level left
/// it; else what changed, in a sentence.
const char *script_sandbox_unchanged(script_sandbox *sandbox);
/// The digest of what the top level left (checked when a state is read back).
uint64_t script_sandbox_top_digest(const script_sandbox *sandbox);
/// Whether the next restore reads a state of before version 5, whose digest leaves the functions' code out.
void script_sandbox_expect_legacy_digest(script_sandbox *sandbox, int legacy);
/// `state` as bytes (valid until the next call), after checking that nothing
/// else changed since the top level; NULL, or why it cannot be written.
const char *script_sandbox_save(script_sandbox *sandbox, const uint8_t **bytes, size_t *length);
/// Sets `state` from bytes `save` wrote, in a sandbox whose top level ran
/// (and gave the same digest); NULL or the error.
const char *script_sandbox_restore(script_sandbox *sandbox, const uint8_t *bytes, size_t length);
#endif
