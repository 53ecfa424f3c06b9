/* Value ranges and possibly-set bits of polynomials (see bounds.h). Interval
 * arithmetic over the terms, saturating to "unbounded" on overflow; the
 * possibly-set bits of a sum of non-negative terms whose bits are disjoint
 * are their union (what `(x & 8) << 3 | (y & 8) << 4` needs), else those of
 * its range. */
#include "bounds.h"

#include <string.h>

/* Every bit up to the highest one of hi (hi >= 0). */
static uint64_t bits_upto(int64_t hi)
{
	if (hi <= 0)
		return 0;
	return ((uint64_t)-1) >> __builtin_clzll((uint64_t)hi);
}

static wp_range make(int64_t lo, int64_t hi, uint64_t may)
{
	wp_range r = {lo, hi, ~(uint64_t)0};
	if (lo >= 0)
		r.may = may & bits_upto(hi);
	return r;
}

wp_range wp_range_all(void)
{
	return make(INT64_MIN, INT64_MAX, ~(uint64_t)0);
}

wp_range wp_range_upto(int64_t hi)
{
	return make(0, hi < 0 ? 0 : hi, ~(uint64_t)0);
}

/* CUDA's launch limits: blocks of at most 1024 x 1024 x 64 threads (and
 * 1024 in all), grids of at most (2^31-1) x 65535 x 65535 blocks (CUDA C++
 * Programming Guide, "Compute Capabilities", table of technical
 * specifications; the NVPTX backend's range attributes on the special
 * register reads say the same). */
static wp_range atom_range(const wp_atom *a)
{
	size_t len = strlen(a->name);
	int z = len > 0 && a->name[len - 1] == 'z';
	int x = len > 0 && a->name[len - 1] == 'x';
	switch (a->kind) {
	case WP_TID:
		return make(0, z ? 63 : 1023, ~(uint64_t)0);
	case WP_NTID:
		return make(1, z ? 64 : 1024, ~(uint64_t)0);
	case WP_CTAID:
		return make(0, x ? INT32_MAX - 1 : 65534, ~(uint64_t)0);
	case WP_NCTAID:
		return make(1, x ? INT32_MAX : 65535, ~(uint64_t)0);
	case WP_LOOP: /* canonical counters from 0 */
		return make(0, INT64_MAX, ~(uint64_t)0);
	default:
		if (a->ranged)
			return make(a->lo, a->hi, a->may);
		return wp_range_all();
	}
}

/* [a.lo, a.hi] * [b.lo, b.hi], unbounded on overflow or unbounded factors. */
static void mul_interval(int64_t *lo, int64_t *hi, int64_t blo, int64_t bhi)
{
	if (*lo == INT64_MIN || *hi == INT64_MAX || blo == INT64_MIN || bhi == INT64_MAX) {
		*lo = INT64_MIN;
		*hi = INT64_MAX;
		return;
	}
	int64_t p[4];
	if (__builtin_mul_overflow(*lo, blo, &p[0]) || __builtin_mul_overflow(*lo, bhi, &p[1]) ||
	    __builtin_mul_overflow(*hi, blo, &p[2]) || __builtin_mul_overflow(*hi, bhi, &p[3])) {
		*lo = INT64_MIN;
		*hi = INT64_MAX;
		return;
	}
	*lo = *hi = p[0];
	for (int i = 1; i < 4; i++) {
		*lo = p[i] < *lo ? p[i] : *lo;
		*hi = p[i] > *hi ? p[i] : *hi;
	}
}

static wp_range term_range(const wp_atoms *at, const wp_term *t)
{
	int64_t lo = t->c, hi = t->c;
	for (int k = 0; k < t->n; k++) {
		wp_range f = atom_range(&at->a[t->f[k]]);
		mul_interval(&lo, &hi, f.lo, f.hi);
	}
	uint64_t may = ~(uint64_t)0;
	if (t->c > 0 && (t->c & (t->c - 1)) == 0 && t->n == 1) {
		/* 2^j * x: the bits of x moved up */
		wp_range f = atom_range(&at->a[t->f[0]]);
		int j = __builtin_ctzll((uint64_t)t->c);
		if (f.lo >= 0 && (j == 0 || (f.may >> (63 - j)) == 0))
			may = f.may << j;
	}
	if (t->c != 0)
		may &= ~(uint64_t)0 << __builtin_ctzll((uint64_t)t->c);
	return make(lo, hi, may);
}

static int64_t sat_add(int64_t a, int64_t b, int64_t unbounded)
{
	int64_t s;
	if (a == unbounded || b == unbounded || __builtin_add_overflow(a, b, &s))
		return unbounded;
	return s;
}

wp_range wp_range_of(const wp_atoms *at, const wp_poly *p)
{
	if (!p)
		return wp_range_all();
	int64_t lo = 0, hi = 0;
	uint64_t may = 0;
	int disjoint = 1;
	for (int i = 0; i < p->n; i++) {
		wp_range t = term_range(at, &p->t[i]);
		lo = sat_add(lo, t.lo, INT64_MIN);
		hi = sat_add(hi, t.hi, INT64_MAX);
		if (t.lo < 0 || (may & t.may))
			disjoint = 0;
		may |= t.may;
	}
	return make(lo, hi, disjoint ? may : ~(uint64_t)0);
}

wp_range wp_range_fdiv(wp_range a, int64_t c)
{
	int64_t lo = a.lo == INT64_MIN ? INT64_MIN : a.lo / c - (a.lo % c != 0 && a.lo < 0);
	int64_t hi = a.hi == INT64_MAX ? INT64_MAX : a.hi / c - (a.hi % c != 0 && a.hi < 0);
	uint64_t may = ~(uint64_t)0;
	if (a.lo >= 0 && (c & (c - 1)) == 0)
		may = a.may >> __builtin_ctzll((uint64_t)c);
	return make(lo, hi, may);
}

wp_range wp_range_mod(wp_range a, int64_t c)
{
	/* the low bits of a power of two are those of the value, whatever its sign */
	uint64_t may = (c & (c - 1)) == 0 ? a.may & (uint64_t)(c - 1) : ~(uint64_t)0;
	if (a.lo >= 0 && a.hi < c)
		return a;
	return make(0, c - 1, may);
}

wp_range wp_range_minmax(wp_range a, wp_range b, int is_max)
{
	int64_t lo = is_max ? (a.lo > b.lo ? a.lo : b.lo) : (a.lo < b.lo ? a.lo : b.lo);
	int64_t hi = is_max ? (a.hi > b.hi ? a.hi : b.hi) : (a.hi < b.hi ? a.hi : b.hi);
	uint64_t may = a.lo >= 0 && b.lo >= 0 ? a.may | b.may : ~(uint64_t)0;
	return make(lo, hi, may);
}
