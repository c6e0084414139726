// The last line of defence against Chipmunk's assertions.
//
// Debian builds Chipmunk with assertions on: a failed one calls cpMessage and
// then abort(), which kills the process by a signal. The scene validator
// rejects everything we know Chipmunk asserts on; should something still get
// through, this definition of cpMessage (which the library calls through the
// PLT, so the program's own definition wins) turns the abort into one clear
// line on stderr and exit status 70 (EX_SOFTWARE), before abort() is reached.
// Warnings are kept, not printed: at most eight kinds, each with how many
// times it came, for the program to say when it ends well (a script that
// makes 40,000 zero-length pin joints printed 40,000 lines before its
// one-line refusal: issue 47).
#include "chipmunk_guard.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { WARNING_KINDS = 8, WARNING_TEXT = 200 };
static pthread_mutex_t warnings_lock = PTHREAD_MUTEX_INITIALIZER;
static char warned[WARNING_KINDS][WARNING_TEXT];
static long long times[WARNING_KINDS];
static int warnings;

// Keeps a warning: a kind already kept counts once more; a new one is kept while there is room.
static void keep(const char *text) {
    pthread_mutex_lock(&warnings_lock);
    int i = 0;
    while (i < warnings && strncmp(warned[i], text, WARNING_TEXT - 1) != 0) i++;
    if (i == warnings && warnings < WARNING_KINDS) {
        snprintf(warned[i], WARNING_TEXT, "%s", text);
        warnings++;
    }
    if (i < warnings) times[i]++;
    pthread_mutex_unlock(&warnings_lock);
}

int chipmunk_guard_warning_kinds(void) {
    pthread_mutex_lock(&warnings_lock);
    int n = warnings;
    pthread_mutex_unlock(&warnings_lock);
    return n;
}

const char *chipmunk_guard_warning(int kind, long long *count) {
    if (kind < 0 || kind >= chipmunk_guard_warning_kinds()) return NULL;
    pthread_mutex_lock(&warnings_lock);
    *count = times[kind];
    pthread_mutex_unlock(&warnings_lock);
    return warned[kind];
}


extern const char *cpVersionString;
const char *chipmunk_guard_version(void) { return cpVersionString; }

void cpMessage(const char *condition, const char *file, int line, int isError, int isHardError, const char *message, ...) {
    char text[512];
    va_list args;
    va_start(args, message);
    vsnprintf(text, sizeof text, message, args);
    va_end(args);
    if (!isError) {
        keep(text);
        return;
    }
    fflush(stdout);
    fprintf(stderr, "cratebox: the physics failed inside Chipmunk (%s; %s at %s:%d); this is a cratebox bug, please report it with the scene\n",
            text, condition, file, line);
    fflush(stderr);
#ifdef CHIPMUNK_GUARD_ABORT
    // Fuzzing builds (scripts/fuzz): a crash, so that libFuzzer keeps the input.
    abort();
#else
    _exit(70);
#endif
}
