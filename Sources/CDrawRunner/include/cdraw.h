#ifndef CRATEBOX_CDRAW_H
#define CRATEBOX_CDRAW_H

/* The plain C drawing loop `cratebox bench --draw` measures the painter
   against: the same picture of boxes (a textured quad each) and walls, drawn
   with SDL's renderer the way Painter does (clear, the box, one untextured
   SDL_RenderGeometry call for the walls, one textured call for the crates). */

typedef struct SDL_Renderer SDL_Renderer;
typedef struct SDL_Texture SDL_Texture;

typedef struct {
    double scale, originX, topY, worldWidth, worldHeight;
} cd_camera;

/* `boxes`: x, y, angle, width, height for each of `count` boxes; `walls`:
   ax, ay, bx, by, radius for each of `wallCount` segments. Draws and presents
   `frames` frames. Returns 0, or -1 when memory ran out. */
int cd_draw_frames(SDL_Renderer *renderer, SDL_Texture *crate, cd_camera camera,
                   const double *boxes, int count, const double *walls, int wallCount, int frames);

/* Plain C's window: a pthread steps `world` (a plain C runner's world) in
   steps of 1/120 s against the monotonic clock for `seconds`, while this
   thread draws the boxes and walls at 60 frames a second, as the window does
   with its physics thread. `steps` and `cpuSeconds` are the steps taken after
   the first `skip` seconds and the stepping thread's own CPU time for them
   (CLOCK_THREAD_CPUTIME_ID). Returns 0, or -1 when the thread or memory could
   not be had. */
typedef struct cr_world cr_world;
int cd_window_beside(SDL_Renderer *renderer, SDL_Texture *crate, cd_camera camera,
                     const double *boxes, int count, const double *walls, int wallCount,
                     cr_world *world, double seconds, double skip, int *steps, double *cpuSeconds);

#endif
