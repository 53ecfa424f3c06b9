/* Value ranges and possibly-set bits of polynomials (bounds.c): what the
 * bitwise operations (bitops.c) and the simplification of floor division
 * and modulo (poly.c) may rely on. Ranges come from CUDA's launch limits for
 * tid/ntid/ctaid/nctaid, from loop counters starting at 0, and from the
 * operation of a quasi-affine atom; parameters and loaded data are
 * unbounded. */
#ifndef WARPEST_PASS_BOUNDS_H
#define WARPEST_PASS_BOUNDS_H

#include "poly.h"

/* lo..hi (INT64_MIN / INT64_MAX: unbounded); `may`: the bits that may be one
 * in the value's two's complement (all of them when it may be negative). */
typedef struct wp_range {
	int64_t lo, hi;
	uint64_t may;
} wp_range;

wp_range wp_range_all(void);
wp_range wp_range_of(const wp_atoms *at, const wp_poly *p);
/* Ranges of floor(a / c), a mod c (c > 0) and min/max. */
wp_range wp_range_fdiv(wp_range a, int64_t c);
wp_range wp_range_mod(wp_range a, int64_t c);
wp_range wp_range_minmax(wp_range a, wp_range b, int is_max);
/* A value that is never negative, bounded by hi (at least 0). */
wp_range wp_range_upto(int64_t hi);

#endif
