#include "cdraw.h"

#include <math.h>
#include <stdlib.h>
#include <SDL2/SDL.h>

static SDL_FPoint screen(cd_camera c, double x, double y) {
    SDL_FPoint p = {(float)(c.originX + x * c.scale), (float)(c.topY + (c.worldHeight - y) * c.scale)};
    return p;
}

static void quad(SDL_Vertex *v, int *idx, int n, SDL_FPoint p[4], SDL_Color color, int textured) {
    static const float u[4] = {0, 1, 1, 0}, t[4] = {1, 1, 0, 0};
    for (int k = 0; k < 4; k++) {
        v[n * 4 + k].position = p[k];
        v[n * 4 + k].color = color;
        v[n * 4 + k].tex_coord.x = textured ? u[k] : 0;
        v[n * 4 + k].tex_coord.y = textured ? t[k] : 0;
    }
    int base = n * 4, *i = idx + n * 6;
    i[0] = base; i[1] = base + 1; i[2] = base + 2; i[3] = base; i[4] = base + 2; i[5] = base + 3;
}

int cd_draw_frames(SDL_Renderer *renderer, SDL_Texture *crate, cd_camera camera,
                   const double *boxes, int count, const double *walls, int wallCount, int frames) {
    SDL_Vertex *crateV = malloc(sizeof(SDL_Vertex) * 4 * (size_t)(count + 1));
    int *crateI = malloc(sizeof(int) * 6 * (size_t)(count + 1));
    SDL_Vertex *wallV = malloc(sizeof(SDL_Vertex) * 4 * (size_t)(wallCount + 1));
    int *wallI = malloc(sizeof(int) * 6 * (size_t)(wallCount + 1));
    if (!crateV || !crateI || !wallV || !wallI) {
        free(crateV); free(crateI); free(wallV); free(wallI);
        return -1;
    }
    SDL_Color white = {255, 255, 255, 255}, wallColor = {150, 160, 175, 255};
    for (int f = 0; f < frames; f++) {
        SDL_SetRenderDrawColor(renderer, 28, 32, 40, 255);
        SDL_RenderClear(renderer);
        SDL_FPoint tl = screen(camera, 0, camera.worldHeight), br = screen(camera, camera.worldWidth, 0);
        SDL_FRect area = {tl.x, tl.y, br.x - tl.x, br.y - tl.y};
        SDL_SetRenderDrawColor(renderer, 36, 42, 52, 255);
        SDL_RenderFillRectF(renderer, &area);
        for (int w = 0; w < wallCount; w++) {
            const double *s = walls + w * 5;
            double dx = s[2] - s[0], dy = s[3] - s[1], len = sqrt(dx * dx + dy * dy), r = s[4];
            double half = fmax(r, 0.75 / camera.scale);
            double nx = -dy / len * half, ny = dx / len * half, ex = dx / len * r, ey = dy / len * r;
            SDL_FPoint p[4] = {
                screen(camera, s[0] - ex + nx, s[1] - ey + ny), screen(camera, s[2] + ex + nx, s[3] + ey + ny),
                screen(camera, s[2] + ex - nx, s[3] + ey - ny), screen(camera, s[0] - ex - nx, s[1] - ey - ny),
            };
            quad(wallV, wallI, w, p, wallColor, 0);
        }
        for (int b = 0; b < count; b++) {
            const double *s = boxes + b * 5;
            double c = cos(s[2]), sn = sin(s[2]), hw = s[3] / 2, hh = s[4] / 2;
            double corners[4][2] = {{-hw, -hh}, {hw, -hh}, {hw, hh}, {-hw, hh}};
            SDL_FPoint p[4];
            for (int k = 0; k < 4; k++) {
                double x = corners[k][0], y = corners[k][1];
                p[k] = screen(camera, s[0] + x * c - y * sn, s[1] + x * sn + y * c);
            }
            quad(crateV, crateI, b, p, white, 1);
        }
        SDL_RenderGeometry(renderer, NULL, wallV, wallCount * 4, wallI, wallCount * 6);
        SDL_RenderGeometry(renderer, crate, crateV, count * 4, crateI, count * 6);
        SDL_RenderPresent(renderer);
    }
    free(crateV); free(crateI); free(wallV); free(wallI);
    return 0;
}
