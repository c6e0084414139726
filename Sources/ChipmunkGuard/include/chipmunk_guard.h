// Replaces Chipmunk's cpMessage (see chipmunk_guard.c). Nothing to call: the
// definition alone takes effect when this target is linked.
#ifndef CHIPMUNK_GUARD_H
#define CHIPMUNK_GUARD_H
/// Chipmunk's cpVersionString (a C global Swift 6 will not read directly).
const char *chipmunk_guard_version(void);
/// How many kinds of Chipmunk warnings came (at most 8 are kept).
int chipmunk_guard_warning_kinds(void);
/// A kind's text and how many times it came (NULL past the kinds).
const char *chipmunk_guard_warning(int kind, long long *count);
#endif
