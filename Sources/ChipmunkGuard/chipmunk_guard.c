// The last line of defence against Chipmunk's assertions.
//
// Debian builds Chipmunk with assertions on: a failed one calls cpMessage and
// then abort(), which kills the process by a signal. The scene validator
// rejects everything we know Chipmunk asserts on; should something still get
// through, this definition of cpMessage (which the library calls through the
// PLT, so the program's own definition wins) turns the abort into one clear
// line on stderr and exit status 70 (EX_SOFTWARE), before abort() is reached.
// Warnings are printed as Chipmunk prints them, each once a process and at
// most eight kinds of them: a script that makes 40,000 zero-length pin joints
// printed 40,000 lines before its refusal (issue 47).
#include "chipmunk_guard.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

enum { WARNING_KINDS = 8 };
static pthread_mutex_t warnings_lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t warned[WARNING_KINDS];
static int warnings, silenced;

// Whether this warning's text is new (and there is room to say it), remembering it.
static int first_time(const char *text) {
    uint64_t h = 0xcbf29ce484222325ULL;
    for (const char *c = text; *c; c++) { h ^= (unsigned char)*c; h *= 0x100000001b3ULL; }
    pthread_mutex_lock(&warnings_lock);
    int fresh = 1;
    for (int i = 0; i < warnings; i++) if (warned[i] == h) fresh = 0;
    int say = fresh && warnings < WARNING_KINDS;
    if (say) warned[warnings++] = h;
    int quiet = fresh && !say && !silenced;
    if (quiet) silenced = 1;
    pthread_mutex_unlock(&warnings_lock);
    if (quiet) fprintf(stderr, "Chipmunk warning: (more kinds of warnings follow; not shown)\n");
    return say;
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
        if (first_time(text)) fprintf(stderr, "Chipmunk warning: %s (said once)\n", text);
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
