#define _GNU_SOURCE
#include "cdraw.h"
#include "crunner.h"

#include <pthread.h>
#include <stdatomic.h>
#include <time.h>
#include <SDL2/SDL.h>

typedef struct {
    cr_world *world;
    double seconds, skip;
    int steps;
    double cpu;
    atomic_int done;
} stepper;

static double seconds_of(clockid_t id) {
    struct timespec t;
    clock_gettime(id, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void sleep_until(double when) {
    double left = when - seconds_of(CLOCK_MONOTONIC);
    if (left <= 0) return;
    struct timespec t = {(time_t)left, (long)((left - (double)(time_t)left) * 1e9)};
    nanosleep(&t, NULL);
}

/* The fixed-step clock in its plainest form: step while the steps done are
   behind real time, sleep until the next step is due; more than a quarter of
   a second behind, the lost time is dropped (as the window's clock does). */
static void *run_steps(void *arg) {
    stepper *s = arg;
    const double dt = 1.0 / 120;
    const double opened = seconds_of(CLOCK_MONOTONIC);
    double start = opened, cpuStart = 0;  /* start moves on when time is dropped */
    long done = 0;
    int counting = 0;
    for (;;) {
        double now = seconds_of(CLOCK_MONOTONIC), t = now - start;
        if (now - opened >= s->seconds) break;
        if ((double)done * dt > t) { sleep_until(start + (double)done * dt); continue; }
        if (t - (double)done * dt > 0.25) { start += t - (double)done * dt; }
        if (!counting && now - opened >= s->skip) { counting = 1; cpuStart = seconds_of(CLOCK_THREAD_CPUTIME_ID); }
        cr_world_step(s->world, 1);
        done++;
        if (counting) s->steps++;
    }
    s->cpu = counting ? seconds_of(CLOCK_THREAD_CPUTIME_ID) - cpuStart : 0;
    atomic_store(&s->done, 1);
    return NULL;
}

int cd_window_beside(SDL_Renderer *renderer, SDL_Texture *crate, cd_camera camera,
                     const double *boxes, int count, const double *walls, int wallCount,
                     cr_world *world, double seconds, double skip, int *steps, double *cpuSeconds) {
    stepper s = {world, seconds, skip, 0, 0, 0};
    pthread_t thread;
    if (pthread_create(&thread, NULL, run_steps, &s) != 0) return -1;
    int status = 0;
    double start = seconds_of(CLOCK_MONOTONIC);
    for (long frame = 1; !atomic_load(&s.done); frame++) {
        SDL_PumpEvents();
        if (status == 0 && cd_draw_frames(renderer, crate, camera, boxes, count, walls, wallCount, 1) != 0) status = -1;
        sleep_until(start + (double)frame / 60);
    }
    pthread_join(thread, NULL);
    *steps = s.steps;
    *cpuSeconds = s.cpu;
    return status;
}
