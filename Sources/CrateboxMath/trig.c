/*
 * ====================================================
 * Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved.
 *
 * Developed at SunSoft, a Sun Microsystems, Inc. business.
 * Permission to use, copy, modify, and distribute this
 * software is freely granted, provided that this notice
 * is preserved.
 * ====================================================
 * Copyright 2004 Sun Microsystems, Inc.  All Rights Reserved.
 *
 * Permission to use, copy, modify, and distribute this
 * software is freely granted, provided that this notice
 * is preserved.
 * ====================================================
 */

/*
 * A transcription of fdlibm's k_sin.c, k_cos.c, k_tan.c, s_sin.c, s_cos.c,
 * s_tan.c (FreeBSD msun) for cratebox.
 *
 * The argument is reduced to y0 + y1 = x - n*pi/2 with |y| <= ~pi/4
 * (reduce_pio2.c), then, with S, C, T the kernels on [-pi/4, pi/4]:
 *     n mod 4:   0    1     2    3
 *     sin:       S    C    -S   -C
 *     cos:       C   -S    -C    S
 *     tan:       T  -1/T    T  -1/T
 * S is x + x^3*(S1 + x^2*(...S6)) (degree 13, error < 2^-58), C is
 * 1 - x^2/2 + x^4*(C1 + ...C6) (degree 14) with a correction term for the
 * tail y1, T an odd polynomial of degree 27 (error < 2^-59.2), with
 * tan(pi/4 - y) used on [0.6744, pi/4]. sincos runs the same code as sin and
 * cos on one reduction, so it returns exactly their values.
 * Special cases: sin and tan of +-0 and of |x| < 2^-26 are x, cos is 1;
 * +-inf and NaN give the canonical NaN.
 */

#include "math_internal.h"

static const double
S1 = -0x1.5555555555549p-3, /* -1.66666666666666324348e-01, 0xBFC55555, 0x55555549 */
S2 =  0x1.111111110f8a6p-7, /*  8.33333333332248946124e-03, 0x3F811111, 0x1110F8A6 */
S3 = -0x1.a01a019c161d5p-13, /* -1.98412698298579493134e-04, 0xBF2A01A0, 0x19C161D5 */
S4 =  0x1.71de357b1fe7dp-19, /*  2.75573137070700676789e-06, 0x3EC71DE3, 0x57B1FE7D */
S5 = -0x1.ae5e68a2b9cebp-26, /* -2.50507602534068634195e-08, 0xBE5AE5E6, 0x8A2B9CEB */
S6 =  0x1.5d93a5acfd57cp-33, /*  1.58969099521155010221e-10, 0x3DE5D93A, 0x5ACFD57C */
C1 =  0x1.555555555554cp-5, /*  4.16666666666666019037e-02, 0x3FA55555, 0x5555554C */
C2 = -0x1.6c16c16c15177p-10, /* -1.38888888888741095749e-03, 0xBF56C16C, 0x16C15177 */
C3 =  0x1.a01a019cb159p-16, /*  2.48015872894767294178e-05, 0x3EFA01A0, 0x19CB1590 */
C4 = -0x1.27e4f809c52adp-22, /* -2.75573143513906633035e-07, 0xBE927E4F, 0x809C52AD */
C5 =  0x1.1ee9ebdb4b1c4p-29, /*  2.08757232129817482790e-09, 0x3E21EE9E, 0xBDB4B1C4 */
C6 = -0x1.8fae9be8838d4p-37; /* -1.13596475577881948265e-11, 0xBDA8FAE9, 0xBE8838D4 */

static const double T[] = {
	 0x1.5555555555563p-2,  /*  3.33333333333334091986e-01, 0x3FD55555, 0x55555563 */
	 0x1.111111110fe7ap-3,  /*  1.33333333333201242699e-01, 0x3FC11111, 0x1110FE7A */
	 0x1.ba1ba1bb341fep-5,  /*  5.39682539762260521377e-02, 0x3FABA1BA, 0x1BB341FE */
	 0x1.664f48406d637p-6,  /*  2.18694882948595424599e-02, 0x3F9664F4, 0x8406D637 */
	 0x1.226e3e96e8493p-7,  /*  8.86323982359930005737e-03, 0x3F8226E3, 0xE96E8493 */
	 0x1.d6d22c9560328p-9,  /*  3.59207910759131235356e-03, 0x3F6D6D22, 0xC9560328 */
	 0x1.7dbc8fee08315p-10, /*  1.45620945432529025516e-03, 0x3F57DBC8, 0xFEE08315 */
	 0x1.344d8f2f26501p-11, /*  5.88041240820264096874e-04, 0x3F4344D8, 0xF2F26501 */
	 0x1.026f71a8d1068p-12, /*  2.46463134818469906812e-04, 0x3F3026F7, 0x1A8D1068 */
	 0x1.47e88a03792a6p-14, /*  7.81794442939557092300e-05, 0x3F147E88, 0xA03792A6 */
	 0x1.2b80f32f0a7e9p-14, /*  7.14072491382608190305e-05, 0x3F12B80F, 0x32F0A7E9 */
	-0x1.375cbdb605373p-16, /* -1.85586374855275456654e-05, 0xBEF375CB, 0xDB605373 */
	 0x1.b2a7074bf7ad4p-16, /*  2.59073051863633712884e-05, 0x3EFB2A70, 0x74BF7AD4 */
};

static const double
pio4   = 0x1.921fb54442d18p-1,  /* 7.85398163397448278999e-01, 0x3FE921FB, 0x54442D18 */
pio4lo = 0x1.1a62633145c07p-55; /* 3.06161699786838301793e-17, 0x3C81A626, 0x33145C07 */

/* __kernel_sin(x, y, iy): sin(x + y) on ~[-pi/4, pi/4]; iy == 0 means y is 0. */
static double kernel_sin(double x, double y, int iy)
{
	double z, r, v, w;

	z = x * x;
	w = z * z;
	r = S2 + z * (S3 + z * S4) + z * w * (S5 + z * S6);
	v = z * x;
	if (iy == 0) return x + v * (S1 + z * r);
	return x - ((z * (0.5 * y - v * r) - y) - v * S1);
}

/* __kernel_cos(x, y): cos(x + y) on [-pi/4, pi/4]. */
static double kernel_cos(double x, double y)
{
	double hz, z, r, w;

	z  = x * x;
	w  = z * z;
	r  = z * (C1 + z * (C2 + z * C3)) + w * w * (C4 + z * (C5 + z * C6));
	hz = 0.5 * z;
	w  = 1.0 - hz;
	return w + (((1.0 - w) - hz) + (z * r - x * y));
}

/* __kernel_tan(x, y, iy): tan(x + y) if iy is 1, -1/tan(x + y) if iy is -1. */
static double kernel_tan(double x, double y, int iy)
{
	double z, r, v, w, s, a, t;
	int32_t ix, hx;

	hx = cm_high(x);
	ix = hx & 0x7fffffff;		/* high word of |x| */
	if (ix >= 0x3FE59428) {		/* |x| >= 0.6744 */
		if (hx < 0) { x = -x; y = -y; }
		z = pio4 - x;
		w = pio4lo - y;
		x = z + w;
		y = 0.0;
	}
	z = x * x;
	w = z * z;
	/* Break x^5*(T[1]+x^2*T[2]+...) into x^5(T[1]+x^4*T[3]+...+x^20*T[11])
	 * + x^5(x^2*(T[2]+x^4*T[4]+...+x^22*[T12])) */
	r = T[1] + w * (T[3] + w * (T[5] + w * (T[7] + w * (T[9] + w * T[11]))));
	v = z * (T[2] + w * (T[4] + w * (T[6] + w * (T[8] + w * (T[10] + w * T[12])))));
	s = z * x;
	r = y + z * (s * (r + v) + y);
	r += T[0] * s;
	w = x + r;
	if (ix >= 0x3FE59428) {
		v = (double)iy;
		return (double)(1 - ((hx >> 30) & 2)) * (v - 2.0 * (x - (w * w / (w + v) - r)));
	}
	if (iy == 1) return w;
	/* compute -1.0 / (x+r) accurately */
	z = cm_with_low(w, 0);
	v = r - (z - x);	/* z+v = r+x */
	t = a = -1.0 / w;	/* a = -1.0/w */
	t = cm_with_low(t, 0);
	s = 1.0 + t * z;
	return t + a * (s + t * v);
}

double cratebox_sin(double x)
{
	double y[2];
	int32_t ix = cm_high(x) & 0x7fffffff;

	if (ix <= 0x3fe921fb) {		/* |x| ~< pi/4 */
		if (ix < 0x3e500000) return x;	/* |x| < 2**-26 */
		return kernel_sin(x, 0.0, 0);
	}
	if (ix >= 0x7ff00000) return cm_nan();	/* sin(Inf or NaN) is NaN */
	switch (cratebox_math_rem_pio2(x, y) & 3) {
	case 0: return  kernel_sin(y[0], y[1], 1);
	case 1: return  kernel_cos(y[0], y[1]);
	case 2: return -kernel_sin(y[0], y[1], 1);
	default: return -kernel_cos(y[0], y[1]);
	}
}

double cratebox_cos(double x)
{
	double y[2];
	int32_t ix = cm_high(x) & 0x7fffffff;

	if (ix <= 0x3fe921fb) {		/* |x| ~< pi/4 */
		if (ix < 0x3e46a09e) return 1.0;	/* |x| < 2**-27 * sqrt(2) */
		return kernel_cos(x, 0.0);
	}
	if (ix >= 0x7ff00000) return cm_nan();	/* cos(Inf or NaN) is NaN */
	switch (cratebox_math_rem_pio2(x, y) & 3) {
	case 0: return  kernel_cos(y[0], y[1]);
	case 1: return -kernel_sin(y[0], y[1], 1);
	case 2: return -kernel_cos(y[0], y[1]);
	default: return  kernel_sin(y[0], y[1], 1);
	}
}

double cratebox_tan(double x)
{
	double y[2];
	int32_t n, ix = cm_high(x) & 0x7fffffff;

	if (ix <= 0x3fe921fb) {		/* |x| ~< pi/4 */
		if (ix < 0x3e400000) return x;	/* |x| < 2**-27 */
		return kernel_tan(x, 0.0, 1);
	}
	if (ix >= 0x7ff00000) return cm_nan();	/* tan(Inf or NaN) is NaN */
	n = cratebox_math_rem_pio2(x, y);
	return kernel_tan(y[0], y[1], 1 - ((n & 1) << 1));	/* 1: n even, -1: n odd */
}

/* sin's and cos's own paths (with their own small-argument cut-offs) on one reduction. */
void cratebox_sincos(double x, double *s, double *c)
{
	double y[2], ks, kc;
	int32_t n, ix = cm_high(x) & 0x7fffffff;

	if (ix <= 0x3fe921fb) {		/* |x| ~< pi/4 */
		*s = ix < 0x3e500000 ? x : kernel_sin(x, 0.0, 0);
		*c = ix < 0x3e46a09e ? 1.0 : kernel_cos(x, 0.0);
		return;
	}
	if (ix >= 0x7ff00000) {		/* Inf or NaN */
		*s = *c = cm_nan();
		return;
	}
	n = cratebox_math_rem_pio2(x, y);
	ks = kernel_sin(y[0], y[1], 1);
	kc = kernel_cos(y[0], y[1]);
	switch (n & 3) {
	case 0:  *s =  ks; *c =  kc; break;
	case 1:  *s =  kc; *c = -ks; break;
	case 2:  *s = -ks; *c = -kc; break;
	default: *s = -kc; *c =  ks; break;
	}
}
