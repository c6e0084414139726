/*
 * CrateboxMath: cratebox's own double-precision elementary functions.
 *
 * Why: one simulation must give one hash on every machine. The C library's
 * sin, cos, exp, pow, ... are not the same function everywhere: glibc picks
 * an FMA or a non-FMA variant by CPU at load time, and arm64's glibc (or
 * another libc) rounds differently again, so Chipmunk's steps and Lua's math
 * could drift by an ulp between two computers and the hashes part ways.
 *
 * These functions are fdlibm's algorithms (FreeBSD msun), transcribed so
 * that they use IEEE-754 basic operations only (+ - * /, sqrt, exact
 * integer<->double conversions, bit manipulation) in a fixed order, with no
 * fused multiply-add: built with any compiler at any optimisation level on
 * x86_64 or aarch64 they return the same bits. Accuracy is fdlibm's (about
 * 1 ulp). Every NaN result is the one quiet NaN with bits 0x7FF8000000000000.
 *
 * libm_names.c also defines the C library's own names (sin, cos, sincos, ...)
 * on top of these, so that in an executable that links this module, Chipmunk
 * and Lua get these functions too. scripts/check-math proves the bits agree
 * across builds and measures accuracy and speed.
 */
#ifndef CRATEBOX_MATH_H
#define CRATEBOX_MATH_H

#ifdef __cplusplus
extern "C" {
#endif

double cratebox_sin(double x);
double cratebox_cos(double x);
double cratebox_tan(double x);
/* Exactly cratebox_sin(x) and cratebox_cos(x), with one argument reduction. */
void cratebox_sincos(double x, double *s, double *c);
double cratebox_asin(double x);
double cratebox_acos(double x);
double cratebox_atan2(double y, double x);
double cratebox_exp(double x);
double cratebox_log(double x);
double cratebox_log2(double x);
double cratebox_log10(double x);
double cratebox_pow(double x, double y);
double cratebox_sinh(double x);
double cratebox_cosh(double x);
double cratebox_tanh(double x);

#ifdef __cplusplus
}
#endif

#endif
