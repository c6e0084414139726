/*
 * refmath.c: the reference's math, cratebox's fifteen elementary functions
 * (sin, cos, sincos, tan, asin, acos, atan2, exp, log, log2, log10, pow,
 * sinh, cosh, tanh) written from docs/math.md ("cratebox's math, version 1")
 * alone, without looking at cratebox's own implementation (Sources/CrateboxMath).
 * The two must return the same 64 bits for every argument.
 *
 * refmath.py builds this file into a shared object and preloads it
 * (LD_PRELOAD) into the Python process that runs the reference, so that
 * libchipmunk (through ctypes), lupa's Lua and Python's math module all
 * compute with these functions instead of the C library's. It is also linked
 * into the hand-written C fixture (Tests/Fixtures/reference/crates.c).
 *
 * Only the C library's names are exported; everything else is static. Build
 * with -ffp-contract=off -fno-builtin -fno-math-errno: every operation is one
 * IEEE-754 binary64 operation, rounded to nearest, in the order the document
 * gives; no libm call (the square root is __builtin_sqrt, one instruction).
 *
 * The algorithms, constants and coefficients are fdlibm's, as FreeBSD's msun
 * keeps them, and David Schultz's k_exp.c (__ldexp_exp), with cratebox's
 * changes (one NaN, pow near 1 with a huge exponent, sincos, exp(1)):
 *
 *   Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved.
 *   Developed at SunPro, a Sun Microsystems, Inc. business. Permission to
 *   use, copy, modify, and distribute this software is freely granted,
 *   provided that this notice is preserved.
 *
 * (e_exp.c, e_pow.c and k_tan.c are Copyright (C) 2004 by Sun Microsystems,
 * Inc., under the same terms. k_exp.c is Copyright (c) 2011 David Schultz,
 * under FreeBSD's two-clause licence:
 *
 *   Redistribution and use in source and binary forms, with or without
 *   modification, are permitted provided that the following conditions are
 *   met: 1. Redistributions of source code must retain the above copyright
 *   notice, this list of conditions and the following disclaimer.
 *   2. Redistributions in binary form must reproduce the above copyright
 *   notice, this list of conditions and the following disclaimer in the
 *   documentation and/or other materials provided with the distribution.
 *   THIS SOFTWARE IS PROVIDED BY THE AUTHOR AND CONTRIBUTORS ``AS IS'' AND
 *   ANY EXPRESS OR IMPLIED WARRANTIES ARE DISCLAIMED. IN NO EVENT SHALL THE
 *   AUTHOR OR CONTRIBUTORS BE LIABLE FOR ANY DAMAGES ARISING IN ANY WAY OUT
 *   OF THE USE OF THIS SOFTWARE.)
 */

#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off")
#endif

#include <stdint.h>

/* ---- math.md section 2: words ------------------------------------------ */

/* type punning through a union (C11 6.5.2.3): no memcpy call under -fno-builtin */
union word64 { double d; uint64_t u; };
static uint64_t bits(double x) { union word64 w; w.d = x; return w.u; }
static double from_bits(uint64_t u) { union word64 w; w.u = u; return w.d; }

static int32_t hi(double x) { return (int32_t)(uint32_t)(bits(x) >> 32); }	/* signed */
static uint32_t lo(double x) { return (uint32_t)bits(x); }			/* unsigned */
static double words(uint32_t h, uint32_t l) { return from_bits((uint64_t)h << 32 | l); }
static double with_hi(double x, uint32_t h) { return words(h, lo(x)); }
static double with_lo(double x, uint32_t l) { return words((uint32_t)hi(x), l); }
static double absd(double x) { return from_bits(bits(x) & 0x7FFFFFFFFFFFFFFFull); }
static double copysign_bits(double a, double b)
{
	return from_bits((bits(a) & 0x7FFFFFFFFFFFFFFFull) | (bits(b) & 0x8000000000000000ull));
}
static double root(double x) { return __builtin_sqrt(x); }	/* IEEE-754 squareRoot */

#define QNAN from_bits(0x7FF8000000000000ull)
#define INF  from_bits(0x7FF0000000000000ull)

/* ---- section 3: scalbn --------------------------------------------------- */

static const double
two54  = 0x1p+54,                /* 0x43500000 0x00000000 */
twom54 = 0x1p-54,                /* 0x3C900000 0x00000000 */
huge   = 0x1.7e43c8800759cp+996, /* 0x7E37E43C 0x8800759C  1e300 */
tiny   = 0x1.56e1fc2f8f359p-997; /* 0x01A56E1F 0xC2F8F359  1e-300 */

static double m_scalbn(double x, int n)
{
	int32_t hx = hi(x), k;
	uint32_t lx = lo(x);

	k = (hx & 0x7ff00000) >> 20;
	if (k == 0) {
		if ((lx | (hx & 0x7fffffff)) == 0) return x;
		x = x * two54;
		hx = hi(x);
		k = ((hx & 0x7ff00000) >> 20) - 54;
		if (n < -50000) return tiny * x;
	}
	if (k == 0x7ff) {
		if (((hx & 0xfffff) | lo(x)) != 0) return QNAN;
		return x;
	}
	k = k + n;
	if (k > 0x7fe) return huge * copysign_bits(huge, x);
	if (k > 0) return with_hi(x, ((uint32_t)hx & 0x800fffff) | ((uint32_t)k << 20));
	if (k <= -54) {
		if (n > 50000) return huge * copysign_bits(huge, x);
		return tiny * copysign_bits(tiny, x);
	}
	k = k + 54;
	x = with_hi(x, ((uint32_t)hx & 0x800fffff) | ((uint32_t)k << 20));
	return x * twom54;
}

/* ---- section 4: floor (exact, by masking) -------------------------------- */

static double m_floor(double x)
{
	uint64_t u = bits(x), m;
	int e = (int)(u >> 52 & 0x7ff) - 0x3ff;

	if (e >= 52) return x;
	if (e < 0) {
		if ((u >> 63) == 0) return 0.0;
		return (u << 1) != 0 ? -1.0 : x;
	}
	m = 0x000FFFFFFFFFFFFFull >> e;
	if ((u & m) == 0) return x;
	if (u >> 63) u += m;
	return from_bits(u & ~m);
}

/* ---- section 5: reduction by pi/2 ---------------------------------------- */

static const double
toint   = 0x1.8p+52,             /* 0x43380000 0x00000000 */
two24   = 0x1p+24,               /* 0x41700000 0x00000000 */
twon24  = 0x1p-24,               /* 0x3E700000 0x00000000 */
invpio2 = 0x1.45f306dc9c883p-1,  /* 0x3FE45F30 0x6DC9C883 */
pio2_1  = 0x1.921fb544p+0,       /* 0x3FF921FB 0x54400000 */
pio2_1t = 0x1.0b4611a626331p-34, /* 0x3DD0B461 0x1A626331 */
pio2_2  = 0x1.0b4611a6p-34,      /* 0x3DD0B461 0x1A600000 */
pio2_2t = 0x1.3198a2e037073p-69, /* 0x3BA3198A 0x2E037073 */
pio2_3  = 0x1.3198a2ep-69,       /* 0x3BA3198A 0x2E000000 */
pio2_3t = 0x1.b839a252049c1p-104; /* 0x397B839A 0x252049C1 */

/* 5.1: n = +-1..+-4 */
static int32_t rp_small(double x, int32_t n, double *y)
{
	double k = (double)n;
	double z = x - k * pio2_1;

	y[0] = z - k * pio2_1t;
	y[1] = (z - y[0]) - k * pio2_1t;
	return n;
}

/* 5.2: |x| < 2^20 pi/2 */
static int32_t rp_medium(double x, int32_t ix, double *y)
{
	double fn, r, w, t;
	int32_t n, i, j;

	fn = x * invpio2 + toint;
	fn = fn - toint;
	n = (int32_t)fn;
	r = x - fn * pio2_1;
	w = fn * pio2_1t;
	j = ix >> 20;
	y[0] = r - w;
	i = j - ((hi(y[0]) >> 20) & 0x7ff);
	if (i > 16) {
		t = r;
		w = fn * pio2_2;
		r = t - w;
		w = fn * pio2_2t - ((t - r) - w);
		y[0] = r - w;
		i = j - ((hi(y[0]) >> 20) & 0x7ff);
		if (i > 49) {
			t = r;
			w = fn * pio2_3;
			r = t - w;
			w = fn * pio2_3t - ((t - r) - w);
			y[0] = r - w;
		}
	}
	y[1] = (r - y[0]) - w;
	return n;
}

/* 5.3: bits of 2/pi, 24 at a time; pi/2 in 24-bit pieces */
static const int32_t two_over_pi[66] = {
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

static const double pio2_pieces[5] = {	/* PIo2[0..4]; jp = 4, the rest never read */
	0x1.921fb4p+0,   /* 0x3FF921FB 0x40000000 */
	0x1.4442dp-24,   /* 0x3E74442D 0x00000000 */
	0x1.846988p-48,  /* 0x3CF84698 0x80000000 */
	0x1.8cc516p-72,  /* 0x3B78CC51 0x60000000 */
	0x1.01b838p-96,  /* 0x39F01B83 0x80000000 */
};

#define JK 4

/* 5.4 distill: q[0..jz] into 24-bit chunks iq[] (least significant first), n mod 8, fraction */
static int32_t ph_distill(const double *q, int32_t jz, int32_t q0, int32_t *iq,
			  double *zp, int32_t *ihp)
{
	int32_t i, j, n, ih, carry;
	double z, fw;

	z = q[jz];
	for (i = 0, j = jz; j > 0; i++, j--) {
		fw = (double)((int32_t)(twon24 * z));
		iq[i] = (int32_t)(z - two24 * fw);
		z = q[j - 1] + fw;
	}
	z = m_scalbn(z, q0);
	z = z - 8.0 * m_floor(z * 0.125);
	n = (int32_t)z;
	z = z - (double)n;
	ih = 0;
	if (q0 > 0) {
		i = iq[jz - 1] >> (24 - q0);
		n = n + i;
		iq[jz - 1] = iq[jz - 1] - (i << (24 - q0));
		ih = iq[jz - 1] >> (23 - q0);
	} else if (q0 == 0) {
		ih = iq[jz - 1] >> 23;
	} else if (z >= 0.5) {
		ih = 2;
	}
	if (ih > 0) {
		n = n + 1;
		carry = 0;
		for (i = 0; i < jz; i++) {
			j = iq[i];
			if (carry == 0) {
				if (j != 0) {
					carry = 1;
					iq[i] = 0x1000000 - j;
				}
			} else {
				iq[i] = 0xffffff - j;
			}
		}
		if (q0 == 1) iq[jz - 1] &= 0x7fffff;
		else if (q0 == 2) iq[jz - 1] &= 0x3fffff;
		if (ih == 2) {
			z = 1.0 - z;
			if (carry != 0) z = z - m_scalbn(1.0, q0);
		}
	}
	*zp = z;
	*ihp = ih;
	return n;
}

/* 5.4 compress: chunks and fraction to y[0] + y[1] (times pi/2) */
static void ph_compress(int32_t *iq, int32_t jz, int32_t q0, double z, int32_t ih, double *y)
{
	int32_t i, k;
	double fw, q[20], fq[20];

	fq[0] = 0.0;					/* always overwritten (jz >= 0); quiets -Wmaybe-uninitialized */
	if (z == 0.0) {
		jz = jz - 1;
		q0 = q0 - 24;
		while (iq[jz] == 0) { jz = jz - 1; q0 = q0 - 24; }
	} else {
		z = m_scalbn(z, -q0);
		if (z >= two24) {
			fw = (double)((int32_t)(twon24 * z));
			iq[jz] = (int32_t)(z - two24 * fw);
			jz = jz + 1;
			q0 = q0 + 24;
			iq[jz] = (int32_t)fw;
		} else {
			iq[jz] = (int32_t)z;
		}
	}

	fw = m_scalbn(1.0, q0);
	for (i = jz; i >= 0; i--) {
		q[i] = fw * (double)iq[i];
		fw = fw * twon24;
	}
	for (i = jz; i >= 0; i--) {
		fw = 0.0;
		for (k = 0; k <= 4 && k <= jz - i; k++) fw = fw + pio2_pieces[k] * q[i + k];
		fq[jz - i] = fw;
	}
	fw = 0.0;
	for (i = jz; i >= 0; i--) fw = fw + fq[i];
	y[0] = (ih == 0) ? fw : -fw;
	fw = fq[0] - fw;
	for (i = 1; i <= jz; i++) fw = fw + fq[i];
	y[1] = (ih == 0) ? fw : -fw;
}

/* one q[i] = sum over j of x[j] * f[jx + i - j], j from 0 up */
static double ph_term(const double *x, const double *f, int32_t jx, int32_t i)
{
	double fw = 0.0;
	int32_t j;

	for (j = 0; j <= jx; j++) fw = fw + x[j] * f[jx + i - j];
	return fw;
}

/* 5.4 the kernel: prec 1, jk = jp = 4; returns n & 7 */
static int32_t ph_kernel(const double *x, double *y, int32_t e0, int32_t nx)
{
	int32_t jz, jx, jv, q0, n, ih, i, j, k, iq[20];
	double z, f[20], q[20];

	jx = nx - 1;
	jv = (e0 - 3) / 24;
	if (jv < 0) jv = 0;
	q0 = e0 - 24 * (jv + 1);

	for (i = 0, j = jv - jx; i <= jx + JK; i++, j++)
		f[i] = (j < 0) ? 0.0 : (double)two_over_pi[j];
	for (i = 0; i <= JK; i++) q[i] = ph_term(x, f, jx, i);

	jz = JK;
	for (;;) {
		n = ph_distill(q, jz, q0, iq, &z, &ih);
		if (z != 0.0) break;
		j = 0;
		for (i = jz - 1; i >= JK; i--) j |= iq[i];
		if (j != 0) break;
		k = 1;
		while (iq[JK - k] == 0) k++;
		for (i = jz + 1; i <= jz + k; i++) {
			f[jx + i] = (double)two_over_pi[jv + i];
			q[i] = ph_term(x, f, jx, i);
		}
		jz = jz + k;
	}
	ph_compress(iq, jz, q0, z, ih, y);
	return n & 7;
}

/* 5.4: Payne-Hanek for |x| >= 2^20 pi/2 */
static int32_t rp_large(double x, int32_t ix, int32_t hx, double *y)
{
	double z, tx[3], ty[2];
	int32_t e0, i, nx, n;

	e0 = (ix >> 20) - 1046;
	z = words((uint32_t)(ix - e0 * 0x100000), lo(x));
	for (i = 0; i < 2; i++) {
		tx[i] = (double)((int32_t)z);
		z = (z - tx[i]) * two24;
	}
	tx[2] = z;
	nx = 3;
	while (tx[nx - 1] == 0.0) nx--;
	n = ph_kernel(tx, ty, e0, nx);
	if (hx < 0) {
		y[0] = -ty[0];
		y[1] = -ty[1];
		return -n;
	}
	y[0] = ty[0];
	y[1] = ty[1];
	return n;
}

/* 5.5: choosing the path (finite x, |x| > ~pi/4) */
static int32_t rem_pio2(double x, double *y)
{
	int32_t hx = hi(x), ix = hx & 0x7fffffff;
	int32_t sign = hx > 0 ? 1 : -1;

	if (ix <= 0x400f6a7a) {
		if ((ix & 0xfffff) == 0x921fb) return rp_medium(x, ix, y);
		if (ix <= 0x4002d97c) return rp_small(x, sign, y);
		return rp_small(x, 2 * sign, y);
	}
	if (ix <= 0x401c463b) {
		if (ix <= 0x4015fdbc) {
			if (ix == 0x4012d97c) return rp_medium(x, ix, y);
			return rp_small(x, 3 * sign, y);
		}
		if (ix == 0x401921fb) return rp_medium(x, ix, y);
		return rp_small(x, 4 * sign, y);
	}
	if (ix < 0x413921fb) return rp_medium(x, ix, y);
	return rp_large(x, ix, hx, y);
}

/* ---- section 6: kernels on [-pi/4, pi/4] --------------------------------- */

static const double
S1 = -0x1.5555555555549p-3,  /* 0xBFC55555 0x55555549 */
S2 =  0x1.111111110f8a6p-7,  /* 0x3F811111 0x1110F8A6 */
S3 = -0x1.a01a019c161d5p-13, /* 0xBF2A01A0 0x19C161D5 */
S4 =  0x1.71de357b1fe7dp-19, /* 0x3EC71DE3 0x57B1FE7D */
S5 = -0x1.ae5e68a2b9cebp-26, /* 0xBE5AE5E6 0x8A2B9CEB */
S6 =  0x1.5d93a5acfd57cp-33; /* 0x3DE5D93A 0x5ACFD57C */

static double k_sin(double x, double y, int iy)
{
	double z, w, r, v;

	z = x * x;
	w = z * z;
	r = (S2 + z * (S3 + z * S4)) + (z * w) * (S5 + z * S6);
	v = z * x;
	if (iy == 0) return x + v * (S1 + z * r);
	return x - ((z * (0.5 * y - v * r) - y) - v * S1);
}

static const double
C1 =  0x1.555555555554cp-5,  /* 0x3FA55555 0x5555554C */
C2 = -0x1.6c16c16c15177p-10, /* 0xBF56C16C 0x16C15177 */
C3 =  0x1.a01a019cb159p-16,  /* 0x3EFA01A0 0x19CB1590 */
C4 = -0x1.27e4f809c52adp-22, /* 0xBE927E4F 0x809C52AD */
C5 =  0x1.1ee9ebdb4b1c4p-29, /* 0x3E21EE9E 0xBDB4B1C4 */
C6 = -0x1.8fae9be8838d4p-37; /* 0xBDA8FAE9 0xBE8838D4 */

static double k_cos(double x, double y)
{
	double z, w, r, hz;

	z = x * x;
	w = z * z;
	r = z * (C1 + z * (C2 + z * C3)) + (w * w) * (C4 + z * (C5 + z * C6));
	hz = 0.5 * z;
	w = 1.0 - hz;
	return w + (((1.0 - w) - hz) + (z * r - x * y));
}

static const double T[13] = {
	 0x1.5555555555563p-2,  /* 0x3FD55555 0x55555563 */
	 0x1.111111110fe7ap-3,  /* 0x3FC11111 0x1110FE7A */
	 0x1.ba1ba1bb341fep-5,  /* 0x3FABA1BA 0x1BB341FE */
	 0x1.664f48406d637p-6,  /* 0x3F9664F4 0x8406D637 */
	 0x1.226e3e96e8493p-7,  /* 0x3F8226E3 0xE96E8493 */
	 0x1.d6d22c9560328p-9,  /* 0x3F6D6D22 0xC9560328 */
	 0x1.7dbc8fee08315p-10, /* 0x3F57DBC8 0xFEE08315 */
	 0x1.344d8f2f26501p-11, /* 0x3F4344D8 0xF2F26501 */
	 0x1.026f71a8d1068p-12, /* 0x3F3026F7 0x1A8D1068 */
	 0x1.47e88a03792a6p-14, /* 0x3F147E88 0xA03792A6 */
	 0x1.2b80f32f0a7e9p-14, /* 0x3F12B80F 0x32F0A7E9 */
	-0x1.375cbdb605373p-16, /* 0xBEF375CB 0xDB605373 */
	 0x1.b2a7074bf7ad4p-16, /* 0x3EFB2A70 0x74BF7AD4 */
};

static const double
pio4   = 0x1.921fb54442d18p-1,  /* 0x3FE921FB 0x54442D18 */
pio4lo = 0x1.1a62633145c07p-55; /* 0x3C81A626 0x33145C07 */

/* tan(x + y) for iy = 1, -1/tan(x + y) for iy = -1 */
static double k_tan(double x, double y, int iy)
{
	double z, r, v, w, s, a, t;
	int32_t hx = hi(x), ix = hx & 0x7fffffff;
	int big = ix >= 0x3FE59428;			/* |x| >= 0.6744 */

	if (big) {
		if (hx < 0) { x = -x; y = -y; }
		z = pio4 - x;
		w = pio4lo - y;
		x = z + w;
		y = 0.0;
	}
	z = x * x;
	w = z * z;
	r = T[1] + w * (T[3] + w * (T[5] + w * (T[7] + w * (T[9] + w * T[11]))));
	v = z * (T[2] + w * (T[4] + w * (T[6] + w * (T[8] + w * (T[10] + w * T[12])))));
	s = z * x;
	r = y + z * (s * (r + v) + y);
	r = r + T[0] * s;
	w = x + r;
	if (big) {
		v = (double)iy;
		return (double)(1 - ((hx >> 30) & 2)) * (v - 2.0 * (x - ((w * w) / (w + v) - r)));
	}
	if (iy == 1) return w;
	z = with_lo(w, 0);
	v = r - (z - x);
	a = -1.0 / w;
	t = with_lo(a, 0);
	s = 1.0 + t * z;
	return t + a * (s + t * v);
}

/* ---- section 7: sin, cos, sincos, tan ------------------------------------ */

static double m_sin(double x)
{
	double y[2];
	int32_t ix = hi(x) & 0x7fffffff;

	if (ix <= 0x3fe921fb) {
		if (ix < 0x3e500000) return x;
		return k_sin(x, 0.0, 0);
	}
	if (ix >= 0x7ff00000) return QNAN;
	switch (rem_pio2(x, y) & 3) {
	case 0: return k_sin(y[0], y[1], 1);
	case 1: return k_cos(y[0], y[1]);
	case 2: return -k_sin(y[0], y[1], 1);
	default: return -k_cos(y[0], y[1]);
	}
}

static double m_cos(double x)
{
	double y[2];
	int32_t ix = hi(x) & 0x7fffffff;

	if (ix <= 0x3fe921fb) {
		if (ix < 0x3e46a09e) return 1.0;
		return k_cos(x, 0.0);
	}
	if (ix >= 0x7ff00000) return QNAN;
	switch (rem_pio2(x, y) & 3) {
	case 0: return k_cos(y[0], y[1]);
	case 1: return -k_sin(y[0], y[1], 1);
	case 2: return -k_cos(y[0], y[1]);
	default: return k_sin(y[0], y[1], 1);
	}
}

static void m_sincos(double x, double *sp, double *cp_)
{
	double y[2], s, c;
	int32_t ix = hi(x) & 0x7fffffff;

	if (ix <= 0x3fe921fb) {
		*sp = (ix < 0x3e500000) ? x : k_sin(x, 0.0, 0);
		*cp_ = (ix < 0x3e46a09e) ? 1.0 : k_cos(x, 0.0);
		return;
	}
	if (ix >= 0x7ff00000) {
		*sp = QNAN;
		*cp_ = QNAN;
		return;
	}
	switch (rem_pio2(x, y) & 3) {
	case 0: s = k_sin(y[0], y[1], 1); c = k_cos(y[0], y[1]); break;
	case 1: s = k_cos(y[0], y[1]); c = -k_sin(y[0], y[1], 1); break;
	case 2: s = -k_sin(y[0], y[1], 1); c = -k_cos(y[0], y[1]); break;
	default: s = -k_cos(y[0], y[1]); c = k_sin(y[0], y[1], 1); break;
	}
	*sp = s;
	*cp_ = c;
}

static double m_tan(double x)
{
	double y[2];
	int32_t n, ix = hi(x) & 0x7fffffff;

	if (ix <= 0x3fe921fb) {
		if (ix < 0x3e400000) return x;
		return k_tan(x, 0.0, 1);
	}
	if (ix >= 0x7ff00000) return QNAN;
	n = rem_pio2(x, y);
	return k_tan(y[0], y[1], 1 - ((n & 1) << 1));
}

/* ---- section 8: asin, acos ----------------------------------------------- */

static const double
pio2_hi = 0x1.921fb54442d18p+0,  /* 0x3FF921FB 0x54442D18 */
pio2_lo = 0x1.1a62633145c07p-54, /* 0x3C91A626 0x33145C07 */
pio4_hi = 0x1.921fb54442d18p-1,  /* 0x3FE921FB 0x54442D18 */
pi      = 0x1.921fb54442d18p+1,  /* 0x400921FB 0x54442D18 */
pi_lo   = 0x1.1a62633145c07p-53, /* 0x3CA1A626 0x33145C07 */
pS0 =  0x1.5555555555555p-3,     /* 0x3FC55555 0x55555555 */
pS1 = -0x1.4d61203eb6f7dp-2,     /* 0xBFD4D612 0x03EB6F7D */
pS2 =  0x1.9c1550e884455p-3,     /* 0x3FC9C155 0x0E884455 */
pS3 = -0x1.48228b5688f3bp-5,     /* 0xBFA48228 0xB5688F3B */
pS4 =  0x1.9efe07501b288p-11,    /* 0x3F49EFE0 0x7501B288 */
pS5 =  0x1.23de10dfdf709p-15,    /* 0x3F023DE1 0x0DFDF709 */
qS1 = -0x1.33a271c8a2d4bp+1,     /* 0xC0033A27 0x1C8A2D4B */
qS2 =  0x1.02ae59c598ac8p+1,     /* 0x40002AE5 0x9C598AC8 */
qS3 = -0x1.6066c1b8d0159p-1,     /* 0xBFE6066C 0x1B8D0159 */
qS4 =  0x1.3b8c5b12e9282p-4;     /* 0x3FB3B8C5 0xB12E9282 */

static double asin_ratio(double t)		/* R(t) = p(t)/q(t) */
{
	double p, q;

	p = t * (pS0 + t * (pS1 + t * (pS2 + t * (pS3 + t * (pS4 + t * pS5)))));
	q = 1.0 + t * (qS1 + t * (qS2 + t * (qS3 + t * qS4)));
	return p / q;
}

static double m_asin(double x)
{
	double t, w, p, q, c, r, s;
	int32_t hx = hi(x), ix = hx & 0x7fffffff;

	if (ix >= 0x3ff00000) {
		if (((ix - 0x3ff00000) | (int32_t)lo(x)) == 0) return x * pio2_hi + x * pio2_lo;
		return QNAN;
	}
	if (ix < 0x3fe00000) {
		if (ix < 0x3e500000) return x;
		t = x * x;
		w = asin_ratio(t);
		return x + x * w;
	}
	w = 1.0 - absd(x);
	t = w * 0.5;
	r = asin_ratio(t);
	s = root(t);
	if (ix >= 0x3FEF3333) {
		t = pio2_hi - (2.0 * (s + s * r) - pio2_lo);
	} else {
		w = with_lo(s, 0);
		c = (t - w * w) / (s + w);
		p = (2.0 * s) * r - (pio2_lo - 2.0 * c);
		q = pio4_hi - 2.0 * w;
		t = pio4_hi - (p - q);
	}
	return hx > 0 ? t : -t;
}

static double m_acos(double x)
{
	double z, r, w, s, c, df;
	int32_t hx = hi(x), ix = hx & 0x7fffffff;

	if (ix >= 0x3ff00000) {
		if (((ix - 0x3ff00000) | (int32_t)lo(x)) == 0) {
			if (hx > 0) return 0.0;
			return pi + 2.0 * pio2_lo;
		}
		return QNAN;
	}
	if (ix < 0x3fe00000) {
		if (ix <= 0x3c600000) return pio2_hi + pio2_lo;
		z = x * x;
		r = asin_ratio(z);
		return pio2_hi - (x - (pio2_lo - x * r));
	}
	if (hx < 0) {
		z = (1.0 + x) * 0.5;
		s = root(z);
		r = asin_ratio(z);
		w = r * s - pio2_lo;
		return pi - 2.0 * (s + w);
	}
	z = (1.0 - x) * 0.5;
	s = root(z);
	df = with_lo(s, 0);
	c = (z - df * df) / (s + df);
	r = asin_ratio(z);
	w = r * s + c;
	return 2.0 * (df + w);
}

/* ---- section 9: atan (internal), atan2 ----------------------------------- */

static const double atanhi[4] = {
	0x1.dac670561bb4fp-2,  /* 0x3FDDAC67 0x0561BB4F */
	0x1.921fb54442d18p-1,  /* 0x3FE921FB 0x54442D18 */
	0x1.f730bd281f69bp-1,  /* 0x3FEF730B 0xD281F69B */
	0x1.921fb54442d18p+0,  /* 0x3FF921FB 0x54442D18 */
};

static const double atanlo[4] = {
	0x1.a2b7f222f65e2p-56, /* 0x3C7A2B7F 0x222F65E2 */
	0x1.1a62633145c07p-55, /* 0x3C81A626 0x33145C07 */
	0x1.007887af0cbbdp-56, /* 0x3C700788 0x7AF0CBBD */
	0x1.1a62633145c07p-54, /* 0x3C91A626 0x33145C07 */
};

static const double aT[11] = {
	 0x1.555555555550dp-2, /* 0x3FD55555 0x5555550D */
	-0x1.999999998ebc4p-3, /* 0xBFC99999 0x9998EBC4 */
	 0x1.24924920083ffp-3, /* 0x3FC24924 0x920083FF */
	-0x1.c71c6fe231671p-4, /* 0xBFBC71C6 0xFE231671 */
	 0x1.745cdc54c206ep-4, /* 0x3FB745CD 0xC54C206E */
	-0x1.3b0f2af749a6dp-4, /* 0xBFB3B0F2 0xAF749A6D */
	 0x1.10d66a0d03d51p-4, /* 0x3FB10D66 0xA0D03D51 */
	-0x1.dde2d52defd9ap-5, /* 0xBFADDE2D 0x52DEFD9A */
	 0x1.97b4b24760debp-5, /* 0x3FA97B4B 0x24760DEB */
	-0x1.2b4442c6a6c2fp-5, /* 0xBFA2B444 0x2C6A6C2F */
	 0x1.0ad3ae322da11p-6, /* 0x3F90AD3A 0xE322DA11 */
};

static double m_atan(double x)
{
	double w, s1, s2, z;
	int32_t hx = hi(x), ix = hx & 0x7fffffff, id;

	if (ix >= 0x44100000) {
		if (ix > 0x7ff00000 || (ix == 0x7ff00000 && lo(x) != 0)) return QNAN;
		if (hx > 0) return atanhi[3] + atanlo[3];
		return -atanhi[3] - atanlo[3];
	}
	if (ix < 0x3fdc0000) {
		if (ix < 0x3e400000) return x;
		id = -1;
	} else {
		x = absd(x);
		if (ix < 0x3ff30000) {
			if (ix < 0x3fe60000) {
				id = 0;
				x = (2.0 * x - 1.0) / (2.0 + x);
			} else {
				id = 1;
				x = (x - 1.0) / (x + 1.0);
			}
		} else if (ix < 0x40038000) {
			id = 2;
			x = (x - 1.5) / (1.0 + 1.5 * x);
		} else {
			id = 3;
			x = -1.0 / x;
		}
	}
	z = x * x;
	w = z * z;
	s1 = z * (aT[0] + w * (aT[2] + w * (aT[4] + w * (aT[6] + w * (aT[8] + w * aT[10])))));
	s2 = w * (aT[1] + w * (aT[3] + w * (aT[5] + w * (aT[7] + w * aT[9]))));
	if (id < 0) return x - x * (s1 + s2);
	z = atanhi[id] - ((x * (s1 + s2) - atanlo[id]) - x);
	return (hx < 0) ? -z : z;
}

static double m_atan2(double y, double x)
{
	double z;
	int32_t hx = hi(x), hy = hi(y), ix = hx & 0x7fffffff, iy = hy & 0x7fffffff, k, m;
	uint32_t lx = lo(x), ly = lo(y);

	if (((uint32_t)ix | ((lx | -lx) >> 31)) > 0x7ff00000u ||
	    ((uint32_t)iy | ((ly | -ly) >> 31)) > 0x7ff00000u)
		return QNAN;
	if ((((uint32_t)hx - 0x3ff00000u) | lx) == 0) return m_atan(y);
	m = ((hy >> 31) & 1) | ((hx >> 30) & 2);

	if (((uint32_t)iy | ly) == 0) {			/* y = +-0 */
		if (m == 0 || m == 1) return y;
		return (m == 2) ? pi : -pi;
	}
	if (((uint32_t)ix | lx) == 0 || ix == 0x7ff00000 || iy == 0x7ff00000) {
		if (ix == 0x7ff00000) {			/* x = +-inf */
			if (iy == 0x7ff00000) {
				switch (m) {
				case 0: return pio4_hi;
				case 1: return -pio4_hi;
				case 2: return 3.0 * pio4_hi;
				default: return -3.0 * pio4_hi;
				}
			}
			switch (m) {
			case 0: return 0.0;
			case 1: return -0.0;
			case 2: return pi;
			default: return -pi;
			}
		}
		return (hy < 0) ? -pio2_hi : pio2_hi;	/* x = +-0 or y = +-inf */
	}

	k = (iy - ix) >> 20;
	if (k > 60) {
		z = pio2_hi + 0.5 * pi_lo;
		m &= 1;
	} else if (hx < 0 && k < -60) {
		z = 0.0;
	} else {
		z = m_atan(absd(y / x));
	}
	switch (m) {
	case 0: return z;
	case 1: return -z;
	case 2: return pi - (z - pi_lo);
	default: return (z - pi_lo) - pi;
	}
}

/* ---- section 10: exp ----------------------------------------------------- */

static const double
halF[2]     = {0.5, -0.5},
o_threshold =  0x1.62e42fefa39efp+9,  /* 0x40862E42 0xFEFA39EF */
u_threshold = -0x1.74910d52d3051p+9,  /* 0xC0874910 0xD52D3051 */
ln2_hi      =  0x1.62e42feep-1,       /* 0x3FE62E42 0xFEE00000 */
ln2_lo      =  0x1.a39ef35793c76p-33, /* 0x3DEA39EF 0x35793C76 */
ln2HI[2]    = { 0x1.62e42feep-1, -0x1.62e42feep-1 },
ln2LO[2]    = { 0x1.a39ef35793c76p-33, -0x1.a39ef35793c76p-33 },
invln2   =  0x1.71547652b82fep+0,  /* 0x3FF71547 0x652B82FE */
P1       =  0x1.555555555553ep-3,  /* 0x3FC55555 0x5555553E */
P2       = -0x1.6c16c16bebd93p-9,  /* 0xBF66C16C 0x16BEBD93 */
P3       =  0x1.1566aaf25de2cp-14, /* 0x3F11566A 0xAF25DE2C */
P4       = -0x1.bbd41c5d26bf1p-20, /* 0xBEBBBD41 0xC5D26BF1 */
P5       =  0x1.6376972bea4dp-25,  /* 0x3E663769 0x72BEA4D0 */
twom1000 =  0x1p-1000,             /* 0x01700000 0x00000000 */
two1023  =  0x1p+1023,             /* 0x7FE00000 0x00000000 */
e_value  =  0x1.5bf0a8b145769p+1;  /* 0x4005BF0A 0x8B145769 */

static double m_exp(double x)
{
	double y, xhi = 0.0, xlo = 0.0, c, t, twopk;
	int32_t k = 0, xsb;
	uint32_t hx = (uint32_t)hi(x);

	xsb = (int32_t)((hx >> 31) & 1);
	hx &= 0x7fffffff;

	if (hx >= 0x40862E42) {
		if (hx >= 0x7ff00000) {
			if (((hx & 0xfffff) | lo(x)) != 0) return QNAN;
			return (xsb == 0) ? x : 0.0;
		}
		if (x > o_threshold) return INF;
		if (x < u_threshold) return 0.0;
	}
	if (x == 1.0) return e_value;

	if (hx > 0x3fd62e42) {
		if (hx < 0x3FF0A2B2) {
			xhi = x - ln2HI[xsb];
			xlo = ln2LO[xsb];
			k = 1 - xsb - xsb;
		} else {
			k = (int32_t)(invln2 * x + halF[xsb]);
			t = (double)k;
			xhi = x - t * ln2HI[0];
			xlo = t * ln2LO[0];
		}
		x = xhi - xlo;
	} else if (hx < 0x3e300000) {
		return 1.0 + x;
	} else {
		k = 0;
	}

	t = x * x;
	if (k >= -1021) twopk = words((uint32_t)(0x3ff00000 + k * 0x100000), 0);
	else twopk = words((uint32_t)(0x3ff00000 + (k + 1000) * 0x100000), 0);
	c = x - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
	if (k == 0) return 1.0 - ((x * c) / (c - 2.0) - x);
	y = 1.0 - ((xlo - (x * c) / (2.0 - c)) - xhi);
	if (k >= -1021) {
		if (k == 1024) return (y * 2.0) * two1023;
		return y * twopk;
	}
	return (y * twopk) * twom1000;
}

/* ---- section 11: expm1 (internal) ---------------------------------------- */

static const double
Q1 = -0x1.11111111110f4p-5,  /* 0xBFA11111 0x111110F4 */
Q2 =  0x1.a01a019fe5585p-10, /* 0x3F5A01A0 0x19FE5585 */
Q3 = -0x1.4ce199eaadbb7p-14, /* 0xBF14CE19 0x9EAADBB7 */
Q4 =  0x1.0cfca86e65239p-18, /* 0x3ED0CFCA 0x86E65239 */
Q5 = -0x1.afdb76e09c32dp-23; /* 0xBE8AFDB7 0x6E09C32D */

static double m_expm1(double x)
{
	double xhi, xlo, c = 0.0, t, e, y, hfx, hxs, r1, twopk;
	int32_t k;
	uint32_t hx = (uint32_t)hi(x), xsb = hx & 0x80000000u;

	hx &= 0x7fffffff;
	if (hx >= 0x4043687A) {
		if (hx >= 0x40862E42) {
			if (hx >= 0x7ff00000) {
				if (((hx & 0xfffff) | lo(x)) != 0) return QNAN;
				return (xsb == 0) ? x : -1.0;
			}
			if (x > o_threshold) return INF;
		}
		if (xsb != 0) return -1.0;
	}

	if (hx > 0x3fd62e42) {
		if (hx < 0x3FF0A2B2) {
			if (xsb == 0) { xhi = x - ln2_hi; xlo = ln2_lo; k = 1; }
			else { xhi = x + ln2_hi; xlo = -ln2_lo; k = -1; }
		} else {
			k = (int32_t)(invln2 * x + ((xsb == 0) ? 0.5 : -0.5));
			t = (double)k;
			xhi = x - t * ln2_hi;
			xlo = t * ln2_lo;
		}
		x = xhi - xlo;
		c = (xhi - x) - xlo;
	} else if (hx < 0x3c900000) {
		return x;
	} else {
		k = 0;
	}

	hfx = 0.5 * x;
	hxs = x * hfx;
	r1 = 1.0 + hxs * (Q1 + hxs * (Q2 + hxs * (Q3 + hxs * (Q4 + hxs * Q5))));
	t = 3.0 - r1 * hfx;
	e = hxs * ((r1 - t) / (6.0 - x * t));
	if (k == 0) return x - (x * e - hxs);
	e = x * (e - c) - c;
	e = e - hxs;
	if (k == -1) return 0.5 * (x - e) - 0.5;
	if (k == 1) {
		if (x < -0.25) return -2.0 * (e - (x + 0.5));
		return 1.0 + 2.0 * (x - e);
	}
	twopk = words((uint32_t)(0x3ff00000 + k * 0x100000), 0);
	if (k <= -2 || k > 56) {
		y = 1.0 - (e - x);
		if (k == 1024) y = (y * 2.0) * two1023;
		else y = y * twopk;
		return y - 1.0;
	}
	if (k < 20) {
		t = words((uint32_t)(0x3ff00000 - (0x200000 >> k)), 0);	/* 1 - 2^-k */
		y = t - (e - x);
		return y * twopk;
	}
	t = words((uint32_t)((0x3ff - k) << 20), 0);			/* 2^-k */
	y = x - (e + t);
	y = y + 1.0;
	return y * twopk;
}

/* ---- section 12: log, log2, log10 ---------------------------------------- */

static const double
third     = 0x1.5555555555555p-2,  /* 0x3FD55555 0x55555555 */
ivln2hi   = 0x1.71547652p+0,       /* 0x3FF71547 0x65200000 */
ivln2lo   = 0x1.705fc2eefa2p-33,   /* 0x3DE705FC 0x2EEFA200 */
ivln10hi  = 0x1.bcb7b152p-2,       /* 0x3FDBCB7B 0x15200000 */
ivln10lo  = 0x1.b9438ca9aadd5p-36, /* 0x3DBB9438 0xCA9AADD5 */
log10_2hi = 0x1.34413509f6p-2,     /* 0x3FD34413 0x509F6000 */
log10_2lo = 0x1.9fef311f12b36p-42, /* 0x3D59FEF3 0x11F12B36 */
Lg1 = 0x1.5555555555593p-1,        /* 0x3FE55555 0x55555593 */
Lg2 = 0x1.999999997fa04p-2,        /* 0x3FD99999 0x9997FA04 */
Lg3 = 0x1.2492494229359p-2,        /* 0x3FD24924 0x94229359 */
Lg4 = 0x1.c71c51d8e78afp-3,        /* 0x3FCC71C5 0x1D8E78AF */
Lg5 = 0x1.7466496cb03dep-3,        /* 0x3FC74664 0x96CB03DE */
Lg6 = 0x1.39a09d078c69fp-3,        /* 0x3FC39A09 0xD078C69F */
Lg7 = 0x1.2f112df3e5244p-3;        /* 0x3FC2F112 0xDF3E5244 */

/* 12.1: x = 2^k (1+f); returns 1+f, or 0.0 with *special the answer */
static double log_reduce(double x, int32_t *kp, int32_t *hxp, double *special)
{
	int32_t hx = hi(x), k = 0, i;
	uint32_t lx = lo(x);

	*hxp = 0;
	if (hx < 0x00100000) {
		if (((hx & 0x7fffffff) | (int32_t)lx) == 0) { *special = -INF; return 0.0; }
		if (hx < 0) { *special = QNAN; return 0.0; }
		k = k - 54;
		x = x * two54;
		hx = hi(x);
	}
	if (hx >= 0x7ff00000) {
		*special = (((hx & 0xfffff) | (int32_t)lo(x)) == 0) ? x : QNAN;
		return 0.0;
	}
	k = k + (hx >> 20) - 1023;
	hx &= 0x000fffff;
	i = (hx + 0x95f64) & 0x100000;
	x = with_hi(x, (uint32_t)(hx | (i ^ 0x3ff00000)));
	k = k + (i >> 20);
	*kp = k;
	*hxp = hx;
	return x;
}

/* 12.2: s (f^2/2 + R(s^2)), s = f/(2+f) */
static double k_log1p(double f)
{
	double hfsq, s, z, R, w, t1, t2;

	s = f / (2.0 + f);
	z = s * s;
	w = z * z;
	t1 = w * (Lg2 + w * (Lg4 + w * Lg6));
	t2 = z * (Lg1 + w * (Lg3 + w * (Lg5 + w * Lg7)));
	R = t2 + t1;
	hfsq = (0.5 * f) * f;
	return s * (hfsq + R);
}

static double m_log(double x)
{
	double f, s, z, w, R, t1, t2, hfsq, dk, special = 0.0;
	int32_t k = 0, hx, i, j;

	x = log_reduce(x, &k, &hx, &special);
	if (x == 0.0) return special;
	f = x - 1.0;
	if ((0x000fffff & (2 + hx)) < 3) {
		if (f == 0.0) {
			if (k == 0) return 0.0;
			dk = (double)k;
			return dk * ln2_hi + dk * ln2_lo;
		}
		R = (f * f) * (0.5 - third * f);
		if (k == 0) return f - R;
		dk = (double)k;
		return dk * ln2_hi - ((R - dk * ln2_lo) - f);
	}
	s = f / (2.0 + f);
	dk = (double)k;
	z = s * s;
	i = hx - 0x6147a;
	w = z * z;
	j = 0x6b851 - hx;
	t1 = w * (Lg2 + w * (Lg4 + w * Lg6));
	t2 = z * (Lg1 + w * (Lg3 + w * (Lg5 + w * Lg7)));
	i |= j;
	R = t2 + t1;
	if (i > 0) {
		hfsq = (0.5 * f) * f;
		if (k == 0) return f - (hfsq - s * (hfsq + R));
		return dk * ln2_hi - ((hfsq - (s * (hfsq + R) + dk * ln2_lo)) - f);
	}
	if (k == 0) return f - s * (f - R);
	return dk * ln2_hi - ((s * (f - R) - dk * ln2_lo) - f);
}

static double m_log2(double x)
{
	double f, hfsq, r, fh, fl, vh, vl, w, y, special = 0.0;
	int32_t k = 0, hx;

	if (bits(x) == 0x3FF0000000000000ull) return 0.0;
	x = log_reduce(x, &k, &hx, &special);
	if (x == 0.0) return special;
	y = (double)k;
	f = x - 1.0;
	hfsq = (0.5 * f) * f;
	r = k_log1p(f);
	fh = f - hfsq;
	fh = with_lo(fh, 0);
	fl = ((f - fh) - hfsq) + r;
	vh = fh * ivln2hi;
	vl = (fl + fh) * ivln2lo + fl * ivln2hi;
	w = y + vh;
	vl = vl + ((y - w) + vh);
	vh = w;
	return vl + vh;
}

static double m_log10(double x)
{
	double f, hfsq, r, fh, fl, vh, vl, w, y, y2, special = 0.0;
	int32_t k = 0, hx;

	if (bits(x) == 0x3FF0000000000000ull) return 0.0;
	x = log_reduce(x, &k, &hx, &special);
	if (x == 0.0) return special;
	y = (double)k;
	f = x - 1.0;
	hfsq = (0.5 * f) * f;
	r = k_log1p(f);
	fh = f - hfsq;
	fh = with_lo(fh, 0);
	fl = ((f - fh) - hfsq) + r;
	vh = fh * ivln10hi;
	y2 = y * log10_2hi;
	vl = ((y * log10_2lo) + ((fl + fh) * ivln10lo)) + fl * ivln10hi;
	w = y2 + vh;
	vl = vl + ((y2 - w) + vh);
	vh = w;
	return vl + vh;
}

/* ---- section 13: pow ----------------------------------------------------- */

static const double
bp[2]   = {1.0, 1.5},
dp_h[2] = {0.0, 0x1.2b8034p-1},         /* 0x3FE2B803 0x40000000 */
dp_l[2] = {0.0, 0x1.cfdeb43cfd006p-27}, /* 0x3E4CFDEB 0x43CFD006 */
two53   = 0x1p+53,                      /* 0x43400000 0x00000000 */
L1 = 0x1.3333333333303p-1,   /* 0x3FE33333 0x33333303 */
L2 = 0x1.b6db6db6fabffp-2,   /* 0x3FDB6DB6 0xDB6FABFF */
L3 = 0x1.55555518f264dp-2,   /* 0x3FD55555 0x518F264D */
L4 = 0x1.17460a91d4101p-2,   /* 0x3FD17460 0xA91D4101 */
L5 = 0x1.d864a93c9db65p-3,   /* 0x3FCD864A 0x93C9DB65 */
L6 = 0x1.a7e284a454eefp-3,   /* 0x3FCA7E28 0x4A454EEF */
lg2     =  0x1.62e42fefa39efp-1,  /* 0x3FE62E42 0xFEFA39EF */
lg2_h   =  0x1.62e43p-1,          /* 0x3FE62E43 0x00000000 */
lg2_l   = -0x1.05c610ca86c39p-29, /* 0xBE205C61 0x0CA86C39 */
ovt     =  0x1.71547652b82fep-54, /* 0x3C971547 0x652B82FE */
cp      =  0x1.ec709dc3a03fdp-1,  /* 0x3FEEC709 0xDC3A03FD */
cp_h    =  0x1.ec709ep-1,         /* 0x3FEEC709 0xE0000000 */
cp_l    = -0x1.e2fe0145b01f5p-28, /* 0xBE3E2FE0 0x145B01F5 */
ivln2   =  0x1.71547652b82fep+0,  /* 0x3FF71547 0x652B82FE */
ivln2_h =  0x1.715476p+0,         /* 0x3FF71547 0x60000000 */
ivln2_l =  0x1.4ae0bf85ddf44p-26; /* 0x3E54AE0B 0xF85DDF44 */

/* 13.2: for x < 0, 0 if y is not an integer, 1 if odd, 2 if even */
static int32_t y_is_int(int32_t iy, uint32_t ly)
{
	int32_t k, j;
	uint32_t jl;

	if (iy >= 0x43400000) return 2;
	if (iy < 0x3ff00000) return 0;
	k = (iy >> 20) - 0x3ff;
	if (k > 20) {
		jl = ly >> (52 - k);
		if ((jl << (52 - k)) == ly) return 2 - (int32_t)(jl & 1);
	} else if (ly == 0) {
		j = iy >> (20 - k);
		if ((j << (20 - k)) == iy) return 2 - (j & 1);
	}
	return 0;
}

/* 13.3: log2|x| = t1 + t2 for |y| <= 2^31 */
static double pow_log2(double ax, int32_t ix, double *t2)
{
	double u, v, ss, s2, s_h, s_l, t_h, t_l, r, p_h, p_l, z_h, z_l, t, t1;
	int32_t n = 0, j, k;

	if (ix < 0x00100000) {
		ax = ax * two53;
		n = n - 53;
		ix = hi(ax);
	}
	n = n + (ix >> 20) - 0x3ff;
	j = ix & 0x000fffff;
	ix = j | 0x3ff00000;
	if (j <= 0x3988E) {
		k = 0;
	} else if (j < 0xBB67A) {
		k = 1;
	} else {
		k = 0;
		n = n + 1;
		ix = ix - 0x00100000;
	}
	ax = with_hi(ax, (uint32_t)ix);

	u = ax - bp[k];
	v = 1.0 / (ax + bp[k]);
	ss = u * v;
	s_h = with_lo(ss, 0);
	t_h = words((uint32_t)(((ix >> 1) | 0x20000000) + 0x00080000 + (k << 18)), 0);
	t_l = ax - (t_h - bp[k]);
	s_l = v * ((u - s_h * t_h) - s_h * t_l);

	s2 = ss * ss;
	r = (s2 * s2) * (L1 + s2 * (L2 + s2 * (L3 + s2 * (L4 + s2 * (L5 + s2 * L6)))));
	r = r + s_l * (s_h + ss);
	s2 = s_h * s_h;
	t_h = (3.0 + s2) + r;
	t_h = with_lo(t_h, 0);
	t_l = r - ((t_h - 3.0) - s2);

	u = s_h * t_h;
	v = s_l * t_h + t_l * ss;

	p_h = u + v;
	p_h = with_lo(p_h, 0);
	p_l = v - (p_h - u);
	z_h = cp_h * p_h;
	z_l = (cp_l * p_h + p_l * cp) + dp_l[k];

	t = (double)n;
	t1 = ((z_h + z_l) + dp_h[k]) + t;
	t1 = with_lo(t1, 0);
	*t2 = z_l - (((t1 - t) - dp_h[k]) - z_h);
	return t1;
}

/* 13.4: log2|x| for |y| > 2^31, |x| near 1 (cratebox's split of t) */
static double pow_log2_near_1(double ax, double *t2)
{
	double t, th, tl, w, u, v, t1;

	t = ax - 1.0;
	th = with_lo(t, 0);
	tl = t - th;
	w = (t * t) * (0.5 - t * (third - t * 0.25));
	u = ivln2_h * th;
	v = t * ivln2_l - w * ivln2;
	v = v + tl * ivln2_h;
	t1 = u + v;
	t1 = with_lo(t1, 0);
	*t2 = v - (t1 - u);
	return t1;
}

/* 13.5: s * 2^(y (t1 + t2)) */
static double pow_exp2(double y, double t1, double t2, double s)
{
	double y1, p_l, p_h, z, t, u, v, w, r;
	int32_t i, j, k, n;

	y1 = with_lo(y, 0);
	p_l = (y - y1) * t1 + y * t2;
	p_h = y1 * t1;
	z = p_l + p_h;
	j = hi(z);
	i = (int32_t)lo(z);
	if (j >= 0x40900000) {
		if (((j - 0x40900000) | i) != 0) return s * INF;
		if (p_l + ovt > z - p_h) return s * INF;
	} else if ((j & 0x7fffffff) >= 0x4090cc00) {
		if ((((uint32_t)j - 0xc090cc00u) | (uint32_t)i) != 0) return s * 0.0;
		if (p_l <= z - p_h) return s * 0.0;
	}

	i = j & 0x7fffffff;
	k = (i >> 20) - 0x3ff;
	n = 0;
	if (i > 0x3fe00000) {
		n = j + (0x00100000 >> (k + 1));
		k = ((n & 0x7fffffff) >> 20) - 0x3ff;
		t = words((uint32_t)(n & ~(0x000fffff >> k)), 0);
		n = ((n & 0x000fffff) | 0x00100000) >> (20 - k);
		if (j < 0) n = -n;
		p_h = p_h - t;
	}
	t = p_l + p_h;
	t = with_lo(t, 0);
	u = t * lg2_h;
	v = (p_l - (t - p_h)) * lg2 + t * lg2_l;
	z = u + v;
	w = v - (z - u);
	t = z * z;
	t1 = z - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
	r = (z * t1) / (t1 - 2.0) - (w + z * w);
	z = 1.0 - (r - z);
	j = hi(z);
	j = j + (int32_t)((uint32_t)n << 20);
	if ((j >> 20) <= 0) z = m_scalbn(z, n);
	else z = with_hi(z, (uint32_t)j);
	return s * z;
}

static double m_pow(double x, double y)
{
	double z, s, t1, t2;
	int32_t hx = hi(x), hy = hi(y), ix = hx & 0x7fffffff, iy = hy & 0x7fffffff;
	int32_t yisint, n;
	uint32_t lx = lo(x), ly = lo(y);

	if (((uint32_t)iy | ly) == 0) return 1.0;
	if (hx == 0x3ff00000 && lx == 0) return 1.0;
	if (ix > 0x7ff00000 || (ix == 0x7ff00000 && lx != 0) ||
	    iy > 0x7ff00000 || (iy == 0x7ff00000 && ly != 0))
		return QNAN;
	yisint = (hx < 0) ? y_is_int(iy, ly) : 0;

	/* special y */
	if (ly == 0) {
		if (iy == 0x7ff00000) {
			if (((ix - 0x3ff00000) | (int32_t)lx) == 0) return 1.0;
			if (ix >= 0x3ff00000) return (hy >= 0) ? y : 0.0;
			return (hy < 0) ? -y : 0.0;
		}
		if (iy == 0x3ff00000) return (hy < 0) ? 1.0 / x : x;
		if (hy == 0x40000000) return x * x;
		if (hy == 0x3fe00000 && hx >= 0) return root(x);
	}
	/* special x: +-0, +-inf, +-1 */
	if (lx == 0 && (ix == 0x7ff00000 || ix == 0 || ix == 0x3ff00000)) {
		z = absd(x);
		if (hy < 0) z = 1.0 / z;
		if (hx < 0) {
			if (((ix - 0x3ff00000) | yisint) == 0) z = QNAN;
			else if (yisint == 1) z = -z;
		}
		return z;
	}

	n = (int32_t)(((uint32_t)hx >> 31) - 1);
	if ((n | yisint) == 0) return QNAN;
	s = 1.0;
	if ((n | (yisint - 1)) == 0) s = -1.0;

	if (iy > 0x41e00000) {
		if (iy > 0x43f00000) {
			if (ix <= 0x3fefffff) return (hy < 0) ? INF : 0.0;
			if (ix >= 0x3ff00000) return (hy > 0) ? INF : 0.0;
		}
		if (ix < 0x3fefffff) return (hy < 0) ? s * INF : s * 0.0;
		if (ix > 0x3ff00000) return (hy > 0) ? s * INF : s * 0.0;
		t1 = pow_log2_near_1(absd(x), &t2);
	} else {
		t1 = pow_log2(absd(x), ix, &t2);
	}
	return pow_exp2(y, t1, t2, s);
}

/* ---- section 14: sinh, cosh, tanh ---------------------------------------- */

static const double
shuge = 0x1.c7b1f3cac7433p+1019,  /* 0x7FAC7B1F 0x3CAC7433  1e307 */
kln2  = 0x1.37be319ba0da4p+10;    /* 0x40937BE3 0x19BA0DA4  1799 ln2 */

/* k_exp.c's __ldexp_exp: exp(x) 2^expt without overflowing early */
static double ldexp_exp(double x, int32_t expt)
{
	double ex, scale;
	int32_t hx, more;

	ex = m_exp(x - kln2);
	hx = hi(ex);
	more = ((hx >> 20) - (0x3ff + 1023)) + 1799;
	ex = with_hi(ex, (uint32_t)((hx & 0xfffff) | ((0x3ff + 1023) << 20)));
	expt = expt + more;
	scale = words((uint32_t)((0x3ff + expt) << 20), 0);
	return ex * scale;
}

static double m_sinh(double x)
{
	double t, h;
	int32_t jx = hi(x), ix = jx & 0x7fffffff;

	if (ix >= 0x7ff00000) {
		if (((ix & 0xfffff) | (int32_t)lo(x)) != 0) return QNAN;
		return x;
	}
	h = 0.5;
	if (jx < 0) h = -h;
	if (ix < 0x40360000) {
		if (ix < 0x3e300000) return x;
		t = m_expm1(absd(x));
		if (ix < 0x3ff00000) return h * (2.0 * t - (t * t) / (t + 1.0));
		return h * (t + t / (t + 1.0));
	}
	if (ix < 0x40862E42) return h * m_exp(absd(x));
	if (ix <= 0x408633CE) return (h * 2.0) * ldexp_exp(absd(x), -1);
	return x * shuge;
}

static double m_cosh(double x)
{
	double t, w;
	int32_t ix = hi(x) & 0x7fffffff;

	if (ix >= 0x7ff00000) {
		if (((ix & 0xfffff) | (int32_t)lo(x)) != 0) return QNAN;
		return INF;
	}
	if (ix < 0x3fd62e43) {
		t = m_expm1(absd(x));
		w = 1.0 + t;
		if (ix < 0x3c800000) return w;
		return 1.0 + (t * t) / (w + w);
	}
	if (ix < 0x40360000) {
		t = m_exp(absd(x));
		return 0.5 * t + 0.5 / t;
	}
	if (ix < 0x40862E42) return 0.5 * m_exp(absd(x));
	if (ix <= 0x408633CE) return ldexp_exp(absd(x), -1);
	return INF;
}

static double m_tanh(double x)
{
	double t, z;
	int32_t jx = hi(x), ix = jx & 0x7fffffff;

	if (ix >= 0x7ff00000) {
		if (((ix & 0xfffff) | (int32_t)lo(x)) != 0) return QNAN;
		return (jx >= 0) ? 1.0 : -1.0;
	}
	if (ix < 0x40360000) {
		if (ix < 0x3e300000) return x;
		if (ix >= 0x3ff00000) {
			t = m_expm1(2.0 * absd(x));
			z = 1.0 - 2.0 / (t + 2.0);
		} else {
			t = m_expm1(-2.0 * absd(x));
			z = -t / (t + 2.0);
		}
	} else {
		z = 1.0;
	}
	return (jx >= 0) ? z : -z;
}

/* ---- the C library's names (the only external symbols) ------------------- */

double sin(double x);
double cos(double x);
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
void sincos(double x, double *s, double *c);

double sin(double x) { return m_sin(x); }
double cos(double x) { return m_cos(x); }
double tan(double x) { return m_tan(x); }
double asin(double x) { return m_asin(x); }
double acos(double x) { return m_acos(x); }
double atan2(double y, double x) { return m_atan2(y, x); }
double exp(double x) { return m_exp(x); }
double log(double x) { return m_log(x); }
double log2(double x) { return m_log2(x); }
double log10(double x) { return m_log10(x); }
double pow(double x, double y) { return m_pow(x, y); }
double sinh(double x) { return m_sinh(x); }
double cosh(double x) { return m_cosh(x); }
double tanh(double x) { return m_tanh(x); }
void sincos(double x, double *s, double *c) { m_sincos(x, s, c); }
