// The last line of defence against Chipmunk's assertions.
//
// Debian builds Chipmunk with assertions on: a failed one calls cpMessage and
// then abort(), which kills the process by a signal. The scene validator
// rejects everything we know Chipmunk asserts on; should something still get
// through, this definition of cpMessage (which the library calls through the
// PLT, so the program's own definition wins) turns the abort into one clear
// line on stderr and exit status 70 (EX_SOFTWARE), before abort() is reached.
// Warnings are printed as Chipmunk prints them.
#include "chipmunk_guard.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>


extern const char *cpVersionString;
const char *chipmunk_guard_version(void) { return cpVersionString; }

void cpMessage(const char *condition, const char *file, int line, int isError, int isHardError, const char *message, ...) {
    char text[512];
    va_list args;
    va_start(args, message);
    vsnprintf(text, sizeof text, message, args);
    va_end(args);
    if (!isError) {
        fprintf(stderr, "Chipmunk warning: %s\n", text);
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
