/*
 * ====================================================
 * Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved.
 *
 * Developed at SunSoft, a Sun Microsystems, Inc. business.
 * Permission to use, copy, modify, and distribute this
 * software is freely granted, provided that this notice
 * is preserved.
 * ====================================================
 *
 * Optimized by Bruce D. Evans.
 */

/*
 * A transcription of fdlibm's e_rem_pio2.c and k_rem_pio2.c (FreeBSD msun)
 * for cratebox: the argument reduction of sin, cos and tan.
 *
 * cratebox_math_rem_pio2(x, y) returns n and y[0] + y[1] = x - n*pi/2 with
 * |y| <= ~pi/4, for |x| > pi/4:
 * - up to 9pi/4, one subtraction of n*(pi/2 in two pieces) (good to 85 bits);
 * - up to 2^20*pi/2, n = rint(x*2/pi) by the 0x1.8p52 trick, then x - n*pi/2
 *   with pi/2 in two, three or four 33-bit pieces, as cancellation needs;
 * - beyond, Payne-Hanek: x is cut into 24-bit pieces and multiplied by just
 *   the bits of 2/pi (ipio2[], 24 bits an entry) that matter modulo 8, in
 *   exact double arithmetic, with more bits taken when the fraction cancels.
 * Only the double-precision case of k_rem_pio2 (prec 1, jk 4) is kept, and
 * the 2/pi table only as far as doubles need (e0 <= 1000).
 */

#include "math_internal.h"

static const double
toint   = 0x1.8p+52,             /* 6755399441055744.0, 0x43380000, 0x00000000 */
two24   = 0x1p+24,               /* 1.67772160000000000000e+07, 0x41700000, 0x00000000 */
twon24  = 0x1p-24,               /* 5.96046447753906250000e-08, 0x3E700000, 0x00000000 */
invpio2 = 0x1.45f306dc9c883p-1,  /* 6.36619772367581382433e-01, 0x3FE45F30, 0x6DC9C883 */
pio2_1  = 0x1.921fb544p+0,       /* 1.57079632673412561417e+00, 0x3FF921FB, 0x54400000 */
pio2_1t = 0x1.0b4611a626331p-34, /* 6.07710050650619224932e-11, 0x3DD0B461, 0x1A626331 */
pio2_2  = 0x1.0b4611a6p-34,      /* 6.07710050630396597660e-11, 0x3DD0B461, 0x1A600000 */
pio2_2t = 0x1.3198a2e037073p-69, /* 2.02226624879595063154e-21, 0x3BA3198A, 0x2E037073 */
pio2_3  = 0x1.3198a2ep-69,       /* 2.02226624871116645580e-21, 0x3BA3198A, 0x2E000000 */
pio2_3t = 0x1.b839a252049c1p-104; /* 8.47842766036889956997e-32, 0x397B839A, 0x252049C1 */

/* 2/pi, 24 bits an entry: ipio2[i] * 2^(-24(i+1)). */
static const int32_t ipio2[] = {
0xA2F983, 0x6E4E44, 0x1529FC, 0x2757D1, 0xF534DD, 0xC0DB62,
0x95993C, 0x439041, 0xFE5163, 0xABDEBB, 0xC561B7, 0x246E3A,
0x424DD2, 0xE00649, 0x2EEA09, 0xD1921C, 0xFE1DEB, 0x1CB129,
0xA73EE8, 0x8235F5, 0x2EBB44, 0x84E99C, 0x7026B4, 0x5F7E41,
0x3991D6, 0x398353, 0x39F49C, 0x845F8B, 0xBDF928, 0x3B1FF8,
0x97FFDE, 0x05980F, 0xEF2F11, 0x8B5A0A, 0x6D1F6D, 0x367ECF,
0x27CB09, 0xB74F46, 0x3F669E, 0x5FEA2D, 0x7527BA, 0xC7EBE5,
0xF17B3D, 0x0739F7, 0x8A5292, 0xEA6BFB, 0x5FB11F, 0x8D5D08,
0x560330, 0x46FC7B, 0x6BABF0, 0xCFBC20, 0x9AF436, 0x1DA9E3,
0x91615E, 0xE61B08, 0x659985, 0x5F14A0, 0x68408D, 0xFFD880,
0x4D7327, 0x310606, 0x1556CA, 0x73A8C9, 0x60E27B, 0xC08C6B,
};

/* pi/2 cut into 24-bit pieces. */
static const double PIo2[] = {
  0x1.921fb4p+0,       /* 1.57079625129699707031e+00, 0x3FF921FB, 0x40000000 */
  0x1.4442dp-24,       /* 7.54978941586159635335e-08, 0x3E74442D, 0x00000000 */
  0x1.846988p-48,      /* 5.39030252995776476554e-15, 0x3CF84698, 0x80000000 */
  0x1.8cc516p-72,      /* 3.28200341580791294123e-22, 0x3B78CC51, 0x60000000 */
  0x1.01b838p-96,      /* 1.27065575308067607349e-29, 0x39F01B83, 0x80000000 */
  0x1.a25204p-120,     /* 1.22933308981111328932e-36, 0x387A2520, 0x40000000 */
  0x1.382228p-145,     /* 2.73370053816464559624e-44, 0x36E38222, 0x80000000 */
  0x1.9f31dp-169,      /* 2.16741683877804819444e-51, 0x3569F31D, 0x00000000 */
};

enum { jk = 4, jp = 4 };	/* terms of ipio2[] and of PIo2[] used at first (double) */

/* floor(x), exactly, by masking the fraction bits (fdlibm's s_floor.c). */
static double floor_bits(double x)
{
	uint64_t u = cm_bits(x), m;
	int e = (int)(u >> 52 & 0x7ff) - 0x3ff;

	if (e >= 52) return x;			/* integral */
	if (e < 0) {				/* |x| < 1 */
		if ((u >> 63) == 0) return 0.0;
		return (u << 1) != 0 ? -1.0 : x;
	}
	m = 0x000FFFFFFFFFFFFFull >> e;
	if ((u & m) == 0) return x;		/* integral */
	if (u >> 63) u += m;			/* negative: away from zero */
	return cm_from_bits(u & ~m);
}

/*
 * k_rem_pio2's "distill q[] into iq[]" step: iq[] gets q[jz..0] in 24-bit
 * chunks, *zp the fraction left, *ihp whether the fraction is >= 1/2 (then
 * iq[] holds 1 - fraction); returns n mod 8 (before the final n&7).
 */
static int32_t distill(const double *q, int32_t jz, int32_t q0, int32_t *iq,
		       double *zp, int32_t *ihp)
{
	int32_t i, j, n, ih, carry;
	double z, fw;

	for (i = 0, j = jz, z = q[jz]; j > 0; i++, j--) {
		fw    = (double)((int32_t)(twon24 * z));
		iq[i] = (int32_t)(z - two24 * fw);
		z     = q[j - 1] + fw;
	}
	z  = cratebox_math_scalbn(z, q0);	/* actual value of z */
	z -= 8.0 * floor_bits(z * 0.125);	/* trim off integer >= 8 */
	n  = (int32_t)z;
	z -= (double)n;
	ih = 0;
	if (q0 > 0) {		/* need iq[jz-1] to determine n */
		i  = (iq[jz - 1] >> (24 - q0)); n += i;
		iq[jz - 1] -= i << (24 - q0);
		ih = iq[jz - 1] >> (23 - q0);
	} else if (q0 == 0) ih = iq[jz - 1] >> 23;
	else if (z >= 0.5) ih = 2;

	if (ih > 0) {		/* q > 0.5 */
		n += 1; carry = 0;
		for (i = 0; i < jz; i++) {	/* compute 1-q */
			j = iq[i];
			if (carry == 0) {
				if (j != 0) {
					carry = 1; iq[i] = 0x1000000 - j;
				}
			} else iq[i] = 0xffffff - j;
		}
		if (q0 > 0) {		/* rare case: chance is 1 in 12 */
			switch (q0) {
			case 1: iq[jz - 1] &= 0x7fffff; break;
			case 2: iq[jz - 1] &= 0x3fffff; break;
			}
		}
		if (ih == 2) {
			z = 1.0 - z;
			if (carry != 0) z -= cratebox_math_scalbn(1.0, q0);
		}
	}
	*zp = z;
	*ihp = ih;
	return n;
}

/*
 * k_rem_pio2's last steps: the chunks iq[0..jz] (the last one from z) times
 * pi/2, summed into y[0] + y[1] with the sign ih says.
 */
static void compress(int32_t *iq, int32_t jz, int32_t q0, double z, int32_t ih, double *y)
{
	int32_t i, k;
	double fw, q[20], fq[20];

	/* chop off zero terms */
	if (z == 0.0) {
		jz -= 1; q0 -= 24;
		while (iq[jz] == 0) { jz--; q0 -= 24; }
	} else {	/* break z into 24-bit if necessary */
		z = cratebox_math_scalbn(z, -q0);
		if (z >= two24) {
			fw = (double)((int32_t)(twon24 * z));
			iq[jz] = (int32_t)(z - two24 * fw);
			jz += 1; q0 += 24;
			iq[jz] = (int32_t)fw;
		} else iq[jz] = (int32_t)z;
	}

	/* convert integer "bit" chunk to floating-point value */
	fw = cratebox_math_scalbn(1.0, q0);
	for (i = jz; i >= 0; i--) {
		q[i] = fw * (double)iq[i]; fw *= twon24;
	}

	/* compute PIo2[0,...,jp]*q[jz,...,0] */
	for (i = jz; i >= 0; i--) {
		for (fw = 0.0, k = 0; k <= jp && k <= jz - i; k++) fw += PIo2[k] * q[i + k];
		fq[jz - i] = fw;
	}

	/* compress fq[] into y[] */
	fw = 0.0;
	for (i = jz; i >= 0; i--) fw += fq[i];
	y[0] = (ih == 0) ? fw : -fw;
	fw = fq[0] - fw;
	for (i = 1; i <= jz; i++) fw += fq[i];
	y[1] = (ih == 0) ? fw : -fw;
}

/*
 * k_rem_pio2 for doubles: x[0..nx-1] are 24-bit pieces of the (positive)
 * argument, x[0] scaled by 2^e0. Returns n & 7 and y[0] + y[1].
 */
static int kernel_rem_pio2(const double *x, double *y, int e0, int nx)
{
	int32_t jz, jx, jv, n, iq[20], i, j, k, m, q0, ih;
	double z, fw, f[20], q[20];

	/* determine jx,jv,q0, note that 3>q0 */
	jx = nx - 1;
	jv = (e0 - 3) / 24; if (jv < 0) jv = 0;
	q0 = e0 - 24 * (jv + 1);

	/* set up f[0] to f[jx+jk] where f[jx+jk] = ipio2[jv+jk] */
	j = jv - jx; m = jx + jk;
	for (i = 0; i <= m; i++, j++) f[i] = (j < 0) ? 0.0 : (double)ipio2[j];

	/* compute q[0],q[1],...q[jk] */
	for (i = 0; i <= jk; i++) {
		for (j = 0, fw = 0.0; j <= jx; j++) fw += x[j] * f[jx + i - j];
		q[i] = fw;
	}

	jz = jk;
	for (;;) {
		n = distill(q, jz, q0, iq, &z, &ih);
		/* check if recomputation is needed */
		if (z != 0.0) break;
		j = 0;
		for (i = jz - 1; i >= jk; i--) j |= iq[i];
		if (j != 0) break;
		for (k = 1; iq[jk - k] == 0; k++);	/* k = no. of terms needed */
		for (i = jz + 1; i <= jz + k; i++) {	/* add q[jz+1] to q[jz+k] */
			f[jx + i] = (double)ipio2[jv + i];
			for (j = 0, fw = 0.0; j <= jx; j++) fw += x[j] * f[jx + i - j];
			q[i] = fw;
		}
		jz += k;
	}
	compress(iq, jz, q0, z, ih, y);
	return n & 7;
}

/* |x| ~< 9pi/4 and not near a multiple of pi/2: x - n*pi/2 for n = +-1..4. */
static int reduce_small(double x, int n, double *y)
{
	double k = (double)n;
	double z = x - k * pio2_1;	/* exact: pio2_1 has 33 bits */

	y[0] = z - k * pio2_1t;
	y[1] = (z - y[0]) - k * pio2_1t;
	return n;
}

/* |x| ~< 2^20*(pi/2): n = rint(x*2/pi), then x - n*pi/2 in up to three rounds. */
static int reduce_medium(double x, int32_t ix, double *y)
{
	double fn, r, w, t;
	int32_t n, i, j;

	fn = x * invpio2 + toint;
	fn = fn - toint;
	n  = (int32_t)fn;
	r  = x - fn * pio2_1;
	w  = fn * pio2_1t;	/* 1st round good to 85 bit */
	j  = ix >> 20;
	y[0] = r - w;
	i = j - ((cm_high(y[0]) >> 20) & 0x7ff);
	if (i > 16) {		/* 2nd iteration needed, good to 118 */
		t  = r;
		w  = fn * pio2_2;
		r  = t - w;
		w  = fn * pio2_2t - ((t - r) - w);
		y[0] = r - w;
		i = j - ((cm_high(y[0]) >> 20) & 0x7ff);
		if (i > 49) {	/* 3rd iteration need, 151 bits acc */
			t  = r;	/* will cover all possible cases */
			w  = fn * pio2_3;
			r  = t - w;
			w  = fn * pio2_3t - ((t - r) - w);
			y[0] = r - w;
		}
	}
	y[1] = (r - y[0]) - w;
	return n;
}

/* Finite |x| >= 2^20*(pi/2): Payne-Hanek. */
static int reduce_large(double x, int32_t ix, int32_t hx, double *y)
{
	double z, tx[3], ty[2];
	int32_t e0, i, nx, n;

	/* set z = scalbn(|x|,ilogb(x)-23) */
	e0 = (ix >> 20) - 1046;	/* e0 = ilogb(z)-23; */
	z = cm_words((uint32_t)(ix - e0 * (1 << 20)), cm_low(x));
	for (i = 0; i < 2; i++) {
		tx[i] = (double)((int32_t)z);
		z     = (z - tx[i]) * two24;
	}
	tx[2] = z;
	nx = 3;
	while (tx[nx - 1] == 0.0) nx--;	/* skip zero term */
	n = kernel_rem_pio2(tx, ty, e0, nx);
	if (hx < 0) { y[0] = -ty[0]; y[1] = -ty[1]; return -n; }
	y[0] = ty[0]; y[1] = ty[1];
	return n;
}

/* For finite |x| > ~pi/4 (the callers handle the rest). */
int cratebox_math_rem_pio2(double x, double y[2])
{
	int32_t hx = cm_high(x), ix = hx & 0x7fffffff;
	int sign = hx > 0 ? 1 : -1;

	if (ix <= 0x400f6a7a) {		/* |x| ~<= 5pi/4 */
		if ((ix & 0xfffff) == 0x921fb)	/* |x| ~= pi/2 or 2pi/2 */
			return reduce_medium(x, ix, y);	/* cancellation */
		if (ix <= 0x4002d97c)		/* |x| ~<= 3pi/4 */
			return reduce_small(x, sign, y);
		return reduce_small(x, 2 * sign, y);
	}
	if (ix <= 0x401c463b) {		/* |x| ~<= 9pi/4 */
		if (ix <= 0x4015fdbc) {		/* |x| ~<= 7pi/4 */
			if (ix == 0x4012d97c)	/* |x| ~= 3pi/2 */
				return reduce_medium(x, ix, y);
			return reduce_small(x, 3 * sign, y);
		}
		if (ix == 0x401921fb)		/* |x| ~= 4pi/2 */
			return reduce_medium(x, ix, y);
		return reduce_small(x, 4 * sign, y);
	}
	if (ix < 0x413921fb)		/* |x| ~< 2^20*(pi/2), medium size */
		return reduce_medium(x, ix, y);
	return reduce_large(x, ix, hx, y);
}
