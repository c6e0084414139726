// Replaces Chipmunk's cpMessage (see chipmunk_guard.c). Nothing to call: the
// definition alone takes effect when this target is linked.
#ifndef CHIPMUNK_GUARD_H
#define CHIPMUNK_GUARD_H
/// Chipmunk's cpVersionString (a C global Swift 6 will not read directly).
const char *chipmunk_guard_version(void);
#endif
