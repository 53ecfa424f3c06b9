#include "cache/footprint.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void run_list_init(run_list *l)
{
	memset(l, 0, sizeof(*l));
	l->normal = 1;
}

void run_list_free(run_list *l)
{
	free(l->r);
	run_list_init(l);
}

void run_list_clear(run_list *l)
{
	l->n = 0;
	l->normal = 1;
}

static int reserve(run_list *l, int64_t need)
{
	if (need <= l->cap)
		return 0;
	int64_t cap = l->cap ? l->cap : 64;
	while (cap < need)
		cap *= 2;
	run *r = realloc(l->r, (size_t)cap * sizeof(run));
	if (!r)
		return -1;
	l->r = r;
	l->cap = cap;
	return 0;
}

int run_list_push_grow(run_list *l, int64_t lo, int64_t hi)
{
	if (reserve(l, l->n + 1))
		return -1;
	l->r[l->n].lo = lo;
	l->r[l->n].hi = hi;
	l->n++;
	return 0;
}

int run_list_append_shifted(run_list *l, const run_list *src, int64_t shift)
{
	if (reserve(l, l->n + src->n))
		return -1;
	for (int64_t i = 0; i < src->n; i++)
		if (run_list_push(l, src->r[i].lo + shift, src->r[i].hi + shift))
			return -1;
	return 0;
}

/* The end of a sort that alternates between the list's array and tmp (of
 * the list's capacity): the list keeps whichever holds the result, and the
 * other is freed. */
static int ping_pong_done(run_list *l, run *src, run *tmp)
{
	if (src == tmp) {
		free(l->r);
		l->r = tmp;
	} else
		free(tmp);
	return 0;
}

/* Radix sort on lo. Digits take only the bits in which the runs differ,
 * wherever they lie: a footprint over two arrays 2^40 B apart, each
 * spanning 2^26 B, differs in 25 bits, where contiguous digits over
 * lo - min (whose borrows make every bit from 2 to 41 vary) needed four
 * passes. A long list is first split in place on its top TOP_BITS varying
 * bits (American flag sort), and each bucket is then sorted least
 * significant digit first through a scratch array as long as the largest
 * bucket: a wave footprint of a few hundred thousand runs is megabytes,
 * and inside the compiler fresh pages for a second copy cost more than
 * the sort. */
#define LSD_MAX_BITS 11
#define TOP_BITS 8
/* below this the split's fixed cost (256 buckets, each its own LSD passes)
 * outweighs the second copy it saves: the iteration sample's lists of 2^16
 * runs, sorted again and again, took 97 ms against 67 with the plain LSD */
#define SPLIT_MIN_RUNS (1 << 17)
#define DIGIT_SEGMENTS 4

typedef struct radix_digit {
	int n;
	int shift[DIGIT_SEGMENTS], at[DIGIT_SEGMENTS];
	uint64_t mask[DIGIT_SEGMENTS];
	int bits;
} radix_digit;

static inline size_t digit_of(const radix_digit *d, int64_t lo)
{
	uint64_t key = (uint64_t)lo ^ ((uint64_t)1 << 63); /* lo's order, unsigned */
	uint64_t v = (key >> d->shift[0]) & d->mask[0];
	for (int s = 1; s < d->n; s++)
		v |= ((key >> d->shift[s]) & d->mask[s]) << d->at[s];
	return (size_t)v;
}

/* The digit of the bits pos[lo..hi) (most significant first), or of its
 * lowest bits only where they fall into more than DIGIT_SEGMENTS
 * stretches of adjacent bits; returns how many bits it took. */
static int make_digit(const int *pos, int lo, int hi, radix_digit *d)
{
	int n = 0, at = 0, j = hi - 1;
	while (j >= lo && n < DIGIT_SEGMENTS) {
		int len = 1;
		while (j - len >= lo && pos[j - len] == pos[j] + len)
			len++;
		d->shift[n] = pos[j];
		d->at[n] = at;
		d->mask[n] = ((uint64_t)1 << len) - 1;
		n++;
		at += len;
		j -= len;
	}
	d->n = n;
	d->bits = at;
	return at;
}

/* Sorts r[0..n) on the bits pos[0..n_pos), least significant digit
 * first, through tmp (n runs). */
static void lsd_sort(run *r, int64_t n, const int *pos, int n_pos, run *tmp)
{
	int passes = (n_pos + LSD_MAX_BITS - 1) / LSD_MAX_BITS;
	int width = passes ? (n_pos + passes - 1) / passes : 0;
	size_t count[1 << LSD_MAX_BITS];
	run *src = r, *dst = tmp;
	for (int hi = n_pos; hi > 0;) {
		radix_digit d;
		hi -= make_digit(pos, hi - width > 0 ? hi - width : 0, hi, &d);
		size_t buckets = (size_t)1 << d.bits;
		memset(count, 0, buckets * sizeof(count[0]));
		for (int64_t i = 0; i < n; i++)
			count[digit_of(&d, src[i].lo)]++;
		size_t sum = 0;
		for (size_t b = 0; b < buckets; b++) {
			size_t c = count[b];
			count[b] = sum;
			sum += c;
		}
		for (int64_t i = 0; i < n; i++)
			dst[count[digit_of(&d, src[i].lo)]++] = src[i];
		run *t = src;
		src = dst;
		dst = t;
	}
	if (src != r)
		memcpy(r, src, (size_t)n * sizeof(run));
}

static int radix_sort(run *r, int64_t n)
{
	uint64_t varying = 0, first = (uint64_t)r[0].lo;
	for (int64_t i = 1; i < n; i++)
		varying |= (uint64_t)r[i].lo ^ first;
	int pos[64], n_pos = 0;
	for (int b = 63; b >= 0; b--)
		if ((varying >> b) & 1)
			pos[n_pos++] = b;
	if (n < SPLIT_MIN_RUNS || n_pos <= LSD_MAX_BITS) {
		run *tmp = malloc((size_t)n * sizeof(run));
		if (!tmp)
			return -1;
		lsd_sort(r, n, pos, n_pos, tmp);
		free(tmp);
		return 0;
	}
	/* the top digit: the highest TOP_BITS varying bits, or fewer */
	radix_digit top;
	int hi = TOP_BITS;
	while (make_digit(pos, 0, hi, &top) < hi)
		hi--; /* too many stretches: a narrower top */
	size_t buckets = (size_t)1 << top.bits;
	int64_t next[1 << TOP_BITS], end[1 << TOP_BITS];
	memset(end, 0, sizeof end);
	for (int64_t i = 0; i < n; i++)
		end[digit_of(&top, r[i].lo)]++;
	int64_t at = 0, largest = 0;
	for (size_t b = 0; b < buckets; b++) {
		largest = end[b] > largest ? end[b] : largest;
		next[b] = at;
		at += end[b];
		end[b] = at;
	}
	/* each run displaced goes straight to its bucket's next free slot */
	for (size_t b = 0; b < buckets; b++)
		while (next[b] < end[b]) {
			run x = r[next[b]];
			size_t c = digit_of(&top, x.lo);
			while (c != b) {
				run y = r[next[c]];
				r[next[c]++] = x;
				x = y;
				c = digit_of(&top, x.lo);
			}
			r[next[b]++] = x;
		}
	run *tmp = malloc((size_t)largest * sizeof(run));
	if (!tmp)
		return -1;
	int64_t lo = 0;
	for (size_t b = 0; b < buckets; b++) {
		if (end[b] - lo > 1)
			lsd_sort(r + lo, end[b] - lo, pos + top.bits, n_pos - top.bits, tmp);
		lo = end[b];
	}
	free(tmp);
	return 0;
}

/* Sorts a list made of a few ascending stretches (the boxes of a wave, the
 * groups of a footprint) by merging neighbouring stretches pairwise: each
 * pass reads and writes the list once, in order. `starts` holds the first
 * index of each of the k stretches. */
static int merge_sort_stretches(run_list *l, int64_t *starts, int k)
{
	run *r = l->r;
	int64_t n = l->n;
	run *tmp = malloc((size_t)l->cap * sizeof(run));
	if (!tmp)
		return -1;
	run *src = r, *dst = tmp;
	while (k > 2) {
		int k2 = 0;
		for (int s = 0; s < k; s += 2) {
			int64_t a = starts[s], a_end = s + 1 < k ? starts[s + 1] : n;
			int64_t b = a_end, b_end = s + 2 < k ? starts[s + 2] : n;
			int64_t o = a;
			while (a < a_end && b < b_end)
				dst[o++] = src[b].lo < src[a].lo ? src[b++] : src[a++];
			while (a < a_end)
				dst[o++] = src[a++];
			while (b < b_end)
				dst[o++] = src[b++];
			starts[k2++] = starts[s];
		}
		k = k2;
		run *t = src;
		src = dst;
		dst = t;
	}
	/* the last merge writes disjoint runs: runs that touch or overlap the
	 * last one written extend it (run_list_normalize's merge, in the same
	 * pass) */
	int64_t a = 0, a_end = k > 1 ? starts[1] : n, b = a_end, w = 0;
	while (a < a_end || b < n) {
		const run *x = b >= n || (a < a_end && !(src[b].lo < src[a].lo)) ? &src[a++] : &src[b++];
		if (w > 0 && x->lo <= dst[w - 1].hi) {
			if (x->hi > dst[w - 1].hi)
				dst[w - 1].hi = x->hi;
		} else
			dst[w++] = *x;
	}
	l->n = w;
	return ping_pong_done(l, dst, tmp);
}

static int cmp_run(const void *a, const void *b)
{
	int64_t x = ((const run *)a)->lo, y = ((const run *)b)->lo;
	return x < y ? -1 : x > y;
}

int run_list_normalize(run_list *l)
{
	if (l->normal)
		return 0;
	/* ascending stretches: a few of them are merged, many are radix-sorted */
	enum { MAX_STRETCHES = 16 };
	int64_t starts[MAX_STRETCHES];
	int k = 1;
	starts[0] = 0;
	for (int64_t i = 1; i < l->n && k <= MAX_STRETCHES; i++)
		if (l->r[i].lo < l->r[i - 1].lo) {
			if (k < MAX_STRETCHES)
				starts[k] = i;
			k++;
		}
	if (k > 1 && l->n >= 64 && k <= MAX_STRETCHES) {
		/* sorted and merged in one */
		if (merge_sort_stretches(l, starts, k))
			return -1;
		l->normal = 1;
		return 0;
	}
	if (k > 1) {
		if (l->n < 64)
			qsort(l->r, (size_t)l->n, sizeof(run), cmp_run);
		else if (radix_sort(l->r, l->n))
			return -1;
	}
	int64_t w = 0;
	for (int64_t i = 0; i < l->n; i++) {
		if (w > 0 && l->r[i].lo <= l->r[w - 1].hi) {
			if (l->r[i].hi > l->r[w - 1].hi)
				l->r[w - 1].hi = l->r[i].hi;
		} else
			l->r[w++] = l->r[i];
	}
	l->n = w;
	l->normal = 1;
	return 0;
}

static int64_t fdiv(int64_t a, int64_t b)
{
	int64_t q = a / b;
	return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

/* Floor division by a unit, by a shift where it is a power of two. */
static inline int64_t unit_of(int64_t a, int64_t unit, int log2)
{
	return log2 >= 0 ? a >> log2 : fdiv(a, unit);
}

int run_unit_log2(int64_t unit)
{
	for (int k = 0; k < 62; k++)
		if (((int64_t)1 << k) == unit)
			return k;
	return -1;
}

int run_list_to_units(const run_list *bytes, int64_t unit, run_list *units)
{
	run_list_clear(units);
	/* at most one unit run per byte run, and no more than the span holds:
	 * no growing on the way */
	int64_t most = bytes->n;
	if (bytes->normal && bytes->n > 0 &&
	    (bytes->r[bytes->n - 1].hi - bytes->r[0].lo) / unit + 2 < most)
		most = (bytes->r[bytes->n - 1].hi - bytes->r[0].lo) / unit + 2;
	if (reserve(units, most))
		return -1;
	/* arithmetic shifts floor negative addresses too */
	int log2 = run_unit_log2(unit);
	for (int64_t i = 0; i < bytes->n; i++)
		if (run_list_push(units, unit_of(bytes->r[i].lo, unit, log2),
			unit_of(bytes->r[i].hi - 1, unit, log2) + 1))
			return -1;
	return run_list_normalize(units);
}

int run_list_round_out(const run_list *bytes, int64_t unit, run_list *out)
{
	if (run_list_to_units(bytes, unit, out))
		return -1;
	for (int64_t i = 0; i < out->n; i++)
		out->r[i].lo *= unit, out->r[i].hi *= unit;
	return 0;
}

/* Counts the units [lo, hi) past `end`, the end of the units counted so
 * far (runs come in ascending order of lo), and moves `end` past them. */
static inline void add_new_units(int64_t lo, int64_t hi, int64_t *count, int64_t *end)
{
	if (lo < *end)
		lo = *end;
	if (hi > lo) {
		*count += hi - lo;
		*end = hi;
	}
}

/* The first index from i on whose run ends past `limit` (runs ascend). */
static int64_t skip_counted(const run_list *l, int64_t i, int64_t limit)
{
	if (i >= l->n || l->r[i].hi > limit)
		return i;
	int64_t step = 1, lo = i, hi;
	while (lo + step < l->n && l->r[lo + step].hi <= limit)
		lo += step, step *= 2;
	hi = lo + step < l->n ? lo + step : l->n; /* r[lo].hi <= limit; r[hi].hi > limit or end */
	while (hi - lo > 1) {
		int64_t mid = lo + (hi - lo) / 2;
		if (l->r[mid].hi <= limit)
			lo = mid;
		else
			hi = mid;
	}
	return hi;
}

int64_t run_list_count_units(const run_list *a, const run_list *b, int64_t shift, int64_t unit)
{
	static const run_list none = {NULL, 0, 0, 1};
	if (!b)
		b = &none;
	if (!a->normal || !b->normal) {
		/* both lists moved into one, sorted */
		run_list both;
		run_list_init(&both);
		int64_t n = run_list_append_shifted(&both, a, shift) ||
			run_list_append_shifted(&both, b, shift) || run_list_normalize(&both) ? -1 :
			run_list_count_units(&both, NULL, 0, unit);
		run_list_free(&both);
		return n;
	}
	/* arithmetic shifts floor negative addresses too */
	int log2 = run_unit_log2(unit);
	/* the runs of both lists in ascending order, each as the units it
	 * touches: each adds what lies past the units counted before */
	int64_t count = 0, end = INT64_MIN, i = 0, j = 0;
	while (i < a->n || j < b->n) {
		const run *r = j >= b->n || (i < a->n && a->r[i].lo <= b->r[j].lo) ? &a->r[i++] : &b->r[j++];
		if (r->hi <= r->lo)
			continue;
		add_new_units(unit_of(r->lo + shift, unit, log2), unit_of(r->hi - 1 + shift, unit, log2) + 1,
			&count, &end);
		/* runs that end inside the units counted add nothing: where units
		 * are pages, many runs share one, and they are skipped by galloping */
		if (unit >= 4096) {
			i = skip_counted(a, i, end * unit - shift);
			j = skip_counted(b, j, end * unit - shift);
		}
	}
	return count;
}

void run_list_count_units_pow2(const run_list *a, int64_t shift, int log2_a, int log2_b,
	int64_t *count_a, int64_t *count_b)
{
	/* as run_list_count_units, for both units in one pass */
	int64_t na = 0, nb = 0, end_a = INT64_MIN, end_b = INT64_MIN;
	for (int64_t i = 0; i < a->n; i++) {
		if (a->r[i].hi <= a->r[i].lo)
			continue;
		int64_t first = a->r[i].lo + shift, last = a->r[i].hi - 1 + shift;
		add_new_units(first >> log2_a, (last >> log2_a) + 1, &na, &end_a);
		add_new_units(first >> log2_b, (last >> log2_b) + 1, &nb, &end_b);
	}
	*count_a = na;
	*count_b = nb;
}

int64_t run_list_measure(const run_list *l)
{
	int64_t s = 0;
	for (int64_t i = 0; i < l->n; i++)
		s += l->r[i].hi - l->r[i].lo;
	return s;
}

int64_t run_list_partial_units(const run_list *bytes, int64_t unit)
{
	/* A unit is partial when some run ends or starts strictly inside it and
	 * the unit is not covered from its first to its last byte. */
	int64_t partial = 0, last_counted = INT64_MIN;
	int log2 = run_unit_log2(unit);
	for (int64_t i = 0; i < bytes->n; i++) {
		int64_t ends[2] = {bytes->r[i].lo, bytes->r[i].hi};
		for (int e = 0; e < 2; e++) {
			int64_t u = unit_of(ends[e], unit, log2);
			if (u * unit == ends[e])
				continue;
			if (u == last_counted)
				continue;
			/* covered fully only if a single run spans [u*unit, (u+1)*unit) */
			int64_t ulo = u * unit, uhi = ulo + unit;
			int full = bytes->r[i].lo <= ulo && bytes->r[i].hi >= uhi;
			if (!full) {
				partial++;
				last_counted = u;
			}
		}
	}
	return partial;
}

int run_list_copy(const run_list *src, run_list *out)
{
	run_list_clear(out);
	if (reserve(out, src->n))
		return -1;
	if (src->n > 0)
		memcpy(out->r, src->r, (size_t)src->n * sizeof(run));
	out->n = src->n;
	out->normal = src->normal;
	return 0;
}

int run_list_intersect(const run_list *a, const run_list *b, run_list *out)
{
	run_list_clear(out);
	int64_t i = 0, j = 0;
	while (i < a->n && j < b->n) {
		int64_t lo = a->r[i].lo > b->r[j].lo ? a->r[i].lo : b->r[j].lo;
		int64_t hi = a->r[i].hi < b->r[j].hi ? a->r[i].hi : b->r[j].hi;
		if (lo < hi && run_list_push(out, lo, hi))
			return -1;
		if (a->r[i].hi < b->r[j].hi)
			i++;
		else
			j++;
	}
	return 0;
}

int run_list_union(const run_list *a, const run_list *b, run_list *out)
{
	run_list_clear(out);
	int64_t i = 0, j = 0;
	while (i < a->n || j < b->n) {
		const run *next;
		if (j >= b->n || (i < a->n && a->r[i].lo <= b->r[j].lo))
			next = &a->r[i++];
		else
			next = &b->r[j++];
		if (run_list_push(out, next->lo, next->hi))
			return -1;
	}
	return 0;
}

int run_list_subtract(const run_list *a, const run_list *b, run_list *out)
{
	run_list_clear(out);
	int64_t j = 0;
	for (int64_t i = 0; i < a->n; i++) {
		int64_t lo = a->r[i].lo, hi = a->r[i].hi;
		while (j < b->n && b->r[j].hi <= lo)
			j++;
		int64_t k = j;
		while (lo < hi) {
			if (k >= b->n || b->r[k].lo >= hi) {
				if (run_list_push(out, lo, hi))
					return -1;
				break;
			}
			if (b->r[k].lo > lo && run_list_push(out, lo, b->r[k].lo))
				return -1;
			lo = b->r[k].hi;
			k++;
		}
	}
	return 0;
}
