/*
 * The C library's names for CrateboxMath's functions.
 *
 * An executable that links this file defines sin, cos, sincos, tan, asin,
 * acos, atan2, exp, log, log2, log10, pow, sinh, cosh and tanh itself.
 * The dynamic linker binds a shared library's calls to the first definition
 * it finds, and the executable comes first: so Debian's libchipmunk.so
 * (which calls cos, sin, atan2, ...; compilers also merge a sin and a cos of
 * one angle into sincos) and Lua (built into the executable) get these
 * functions instead of libm's, and every machine steps the same way.
 *
 * <math.h> is not included: its declarations (and the compiler's knowledge
 * of these names as builtins) would only get in the way of defining them.
 */

#include "CrateboxMath.h"

double sin(double x);
double cos(double x);
void sincos(double x, double *s, double *c);
double tan(double x);
double asin(double x);
double acos(double x);
double atan2(double y, double x);
double exp(double x);
double log(double x);
double log2(double x);
double log10(double x);
double pow(double x, double y);
double sinh(double x);
double cosh(double x);
double tanh(double x);

double sin(double x) { return cratebox_sin(x); }
double cos(double x) { return cratebox_cos(x); }
void sincos(double x, double *s, double *c) { cratebox_sincos(x, s, c); }
double tan(double x) { return cratebox_tan(x); }
double asin(double x) { return cratebox_asin(x); }
double acos(double x) { return cratebox_acos(x); }
double atan2(double y, double x) { return cratebox_atan2(y, x); }
double exp(double x) { return cratebox_exp(x); }
double log(double x) { return cratebox_log(x); }
double log2(double x) { return cratebox_log2(x); }
double log10(double x) { return cratebox_log10(x); }
double pow(double x, double y) { return cratebox_pow(x, y); }
double sinh(double x) { return cratebox_sinh(x); }
double cosh(double x) { return cratebox_cosh(x); }
double tanh(double x) { return cratebox_tanh(x); }
