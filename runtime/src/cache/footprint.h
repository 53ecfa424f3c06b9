/* Footprints as sorted lists of disjoint half-open intervals [lo, hi) of
 * bytes or of cache units. Wave footprints are unions of many small per-block
 * runs; a radix sort keeps building them linear in the number of runs. */
#ifndef WARPEST_FOOTPRINT_H
#define WARPEST_FOOTPRINT_H

#include <stdint.h>

typedef struct run {
	int64_t lo, hi;
} run;

typedef struct run_list {
	run *r;
	int64_t n, cap;
	int normal; /* sorted, disjoint, non-adjacent */
} run_list;

void run_list_init(run_list *l);
void run_list_free(run_list *l);
void run_list_clear(run_list *l);
/* Appends [lo, hi) to a list that needs more room (run_list_push's slow
 * path). Returns -1 on allocation failure. */
int run_list_push_grow(run_list *l, int64_t lo, int64_t hi);

/* Appends [lo, hi); merges with the last run when they touch. Returns -1 on
 * allocation failure. Inline: wave footprints push millions of runs. */
static inline int run_list_push(run_list *l, int64_t lo, int64_t hi)
{
	if (hi <= lo)
		return 0;
	if (l->n > 0) {
		run *last = &l->r[l->n - 1];
		if (lo >= last->lo && lo <= last->hi) {
			if (hi > last->hi)
				last->hi = hi;
			return 0;
		}
		if (lo < last->lo)
			l->normal = 0;
	}
	if (l->n == l->cap)
		return run_list_push_grow(l, lo, hi);
	l->r[l->n].lo = lo;
	l->r[l->n].hi = hi;
	l->n++;
	return 0;
}
/* Exchanges two lists (a result built in scratch becomes the list, without
 * a copy). */
static inline void run_list_swap(run_list *a, run_list *b)
{
	run_list t = *a;
	*a = *b;
	*b = t;
}
/* Appends every run of src shifted by `shift`. */
int run_list_append_shifted(run_list *l, const run_list *src, int64_t shift);
/* Sorts and merges into disjoint runs. */
int run_list_normalize(run_list *l);
/* Units of `unit` bytes touched by the (normal) byte runs, as normal runs. */
int run_list_to_units(const run_list *bytes, int64_t unit, run_list *units);
/* The same units in bytes: the byte runs rounded out to whole units. */
int run_list_round_out(const run_list *bytes, int64_t unit, run_list *out);
/* The number of units of `unit` bytes touched by the byte runs of a and b
 * (b may be NULL), both moved by `shift` bytes: run_list_measure of the
 * union of their run_list_to_units, without building lists where both are
 * normal; -1 on allocation failure. */
int64_t run_list_count_units(const run_list *a, const run_list *b, int64_t shift, int64_t unit);
/* The log2 of a unit that is a power of two, else -1. */
int run_unit_log2(int64_t unit);
/* The same for one normal list and two units of 2^log2_a and 2^log2_b
 * bytes, in one pass. */
void run_list_count_units_pow2(const run_list *a, int64_t shift, int log2_a, int log2_b,
	int64_t *count_a, int64_t *count_b);
/* Total length of a normal list. */
int64_t run_list_measure(const run_list *l);
/* Units touched only in part by the normal byte runs (partial sector writes). */
int64_t run_list_partial_units(const run_list *bytes, int64_t unit);
/* out = a ∩ b, a ∪ b, a \ b, for normal lists; out must be distinct. */
int run_list_intersect(const run_list *a, const run_list *b, run_list *out);
int run_list_union(const run_list *a, const run_list *b, run_list *out);
int run_list_subtract(const run_list *a, const run_list *b, run_list *out);
int run_list_copy(const run_list *src, run_list *out);

#endif
