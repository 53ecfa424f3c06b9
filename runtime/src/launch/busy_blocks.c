/* Busy blocks: which blocks of a launch may run some access, from the
 * accesses' linear guards alone (no lane is walked), so that the waves
 * evaluated for a launch whose guards idle most of its grid are drawn from
 * the waves that hold work (docs/model.md §1, "Waves"), and the latency
 * term shares the work among the busy blocks' warps only (§8). */
#include <stdlib.h>
#include <string.h>

#include "launch/launch.h"

/* Past this many blocks the waves are spread evenly (the busy waves are not
 * drawn); past this many rows of blocks none is tested (all taken busy). */
#define BUSY_BLOCKS_MAX (1 << 22)

/* One constraint `form >= 0` of an access's guard, its largest value over
 * the block's threads and the loops' ranges less the block-index part. */
typedef struct block_test {
	int64_t most;        /* c0 + the largest tid and loop parts */
	int64_t ctaid[3];    /* coefficients of ctaid x, y, z */
	int unbounded;       /* a loop without constant bounds moves it: may hold */
	int access;          /* the access it belongs to */
} block_test;

/* The constraint's largest value over tid in the block and the loops'
 * constant ranges, less its ctaid part; unbounded past a varying loop. */
static block_test block_test_of(const launch *l, const linear_form *f, int access)
{
	block_test t = {f->c0, {f->coeff[3], f->coeff[4], f->coeff[5]}, 0, access};
	for (int d = 0; d < 3; d++)
		if (f->coeff[d] > 0)
			t.most += f->coeff[d] * (l->block[d] - 1);
	for (int i = 0; i < l->kernel->n_loops && 6 + i < EXPR_N_VARYING; i++) {
		int64_t c = f->coeff[6 + i];
		const bound_loop *bl = &l->loops[i];
		if (c == 0)
			continue;
		if (!bl->constant) {
			t.unbounded = 1;
			continue;
		}
		int64_t last = bl->lower + (bl->trips > 1 ? (bl->trips - 1) * bl->src->step : 0);
		t.most += c * bl->lower > c * last ? c * bl->lower : c * last;
	}
	return t;
}

/* The blocks x of row (y, z) where every constraint t[0..n) may hold, as
 * [*lo, *hi] (empty when *lo > *hi): each constraint bounds x on one side. */
static void row_interval(const block_test *t, int n, int64_t y, int64_t z, int64_t gx,
	int64_t *lo, int64_t *hi)
{
	*lo = 0;
	*hi = gx - 1;
	for (int j = 0; j < n && *lo <= *hi; j++) {
		if (t[j].unbounded)
			continue;
		int64_t v = t[j].most + t[j].ctaid[1] * y + t[j].ctaid[2] * z, c = t[j].ctaid[0];
		if (c == 0) {
			if (v < 0)
				*hi = -1;
		} else if (c > 0) {
			int64_t x = -floor_div(v, c); /* v + c x >= 0: x >= ceil(-v / c) */
			*lo = x > *lo ? x : *lo;
		} else {
			int64_t x = floor_div(v, -c); /* v + c x >= 0: x <= floor(v / -c) */
			*hi = x < *hi ? x : *hi;
		}
	}
}

typedef struct span {
	int64_t lo, hi;
} span;

static int cmp_span(const void *pa, const void *pb)
{
	const span *a = pa, *b = pb;
	return a->lo < b->lo ? -1 : a->lo > b->lo;
}

/* The union of sp[0..n) as disjoint spans in order, in place; returns
 * their number (spans that touch merge: block ids are integers). */
static int merge_spans(span *sp, int n)
{
	qsort(sp, (size_t)n, sizeof(*sp), cmp_span);
	int m = 0;
	for (int i = 0; i < n; i++)
		if (m > 0 && sp[i].lo <= sp[m - 1].hi + 1)
			sp[m - 1].hi = sp[i].hi > sp[m - 1].hi ? sp[i].hi : sp[m - 1].hi;
		else
			sp[m++] = sp[i];
	return m;
}

/* Adds the linear block ids [s, e] to the waves' counts. */
static void add_to_waves(int64_t s, int64_t e, int64_t wave_blocks, int64_t *busy)
{
	for (int64_t w = s / wave_blocks; w <= e / wave_blocks; w++) {
		int64_t a = w * wave_blocks > s ? w * wave_blocks : s;
		int64_t b = (w + 1) * wave_blocks - 1 < e ? (w + 1) * wave_blocks - 1 : e;
		busy[w] += b - a + 1;
	}
}

/* Each access's busy blocks as a box, when every constraint bounds a single
 * block dimension (`ctaid.y*B + tid.y < n`, the usual bounds test). */
typedef struct block_box {
	int64_t lo[3], hi[3];
} block_box;

#define BOX_UNION_MAX 64 /* more distinct boxes: rows are walked instead */

static int cmp_i64(const void *pa, const void *pb)
{
	int64_t a = *(const int64_t *)pa, b = *(const int64_t *)pb;
	return a < b ? -1 : a > b;
}

/* Sorted distinct values of v[0..n) in place; returns their number. */
static int unique_i64(int64_t *v, int n)
{
	qsort(v, (size_t)n, sizeof(*v), cmp_i64);
	int m = 0;
	for (int i = 0; i < n; i++)
		if (m == 0 || v[m - 1] != v[i])
			v[m++] = v[i];
	return m;
}

/* The box of one access's tests t[0..n): 0, or 1 when a constraint couples
 * block dimensions; box->lo > box->hi in some dimension when empty. */
static int access_box(const launch *l, const block_test *t, int n, block_box *box)
{
	for (int d = 0; d < 3; d++)
		box->lo[d] = 0, box->hi[d] = l->grid[d] - 1;
	for (int j = 0; j < n; j++) {
		if (t[j].unbounded)
			continue;
		int dims = 0, d = 0;
		for (int e = 0; e < 3; e++)
			if (t[j].ctaid[e]) {
				dims++;
				d = e;
			}
		int64_t v = t[j].most, c = t[j].ctaid[d];
		if (dims > 1)
			return 1;
		if (dims == 0) {
			if (v < 0)
				box->hi[0] = -1;
		} else if (c > 0) {
			int64_t x = -floor_div(v, c);
			box->lo[d] = x > box->lo[d] ? x : box->lo[d];
		} else {
			int64_t x = floor_div(v, -c);
			box->hi[d] = x < box->hi[d] ? x : box->hi[d];
		}
	}
	return 0;
}

/* The number of blocks in the union of the accesses' boxes into *total:
 * 0, or 1 when the guards are not boxes or too many distinct ones (the
 * rows are walked then). Cells between the boxes' y and z edges hold the
 * same x intervals, so each cell's union is taken once. */
static int count_busy_boxes(const launch *l, const block_test *t, int n_tests, int64_t *total)
{
	block_box box[BOX_UNION_MAX];
	int n_box = 0;
	for (int j = 0; j < n_tests;) {
		int first = j;
		while (j < n_tests && t[j].access == t[first].access)
			j++;
		block_box b;
		if (access_box(l, t + first, j - first, &b))
			return 1;
		int empty = 0, seen = 0;
		for (int d = 0; d < 3; d++)
			empty |= b.lo[d] > b.hi[d];
		for (int i = 0; i < n_box && !empty && !seen; i++)
			seen = memcmp(&box[i], &b, sizeof(b)) == 0;
		if (empty || seen)
			continue;
		if (n_box == BOX_UNION_MAX)
			return 1;
		box[n_box++] = b;
	}
	int64_t ys[2 * BOX_UNION_MAX], zs[2 * BOX_UNION_MAX];
	for (int i = 0; i < n_box; i++) {
		ys[2 * i] = box[i].lo[1], ys[2 * i + 1] = box[i].hi[1] + 1;
		zs[2 * i] = box[i].lo[2], zs[2 * i + 1] = box[i].hi[2] + 1;
	}
	int ny = unique_i64(ys, 2 * n_box), nz = unique_i64(zs, 2 * n_box);
	*total = 0;
	for (int a = 0; a + 1 < nz; a++)
		for (int c = 0; c + 1 < ny; c++) {
			span sp[BOX_UNION_MAX];
			int n = 0;
			for (int i = 0; i < n_box; i++)
				if (box[i].lo[2] <= zs[a] && box[i].hi[2] >= zs[a + 1] - 1 &&
				    box[i].lo[1] <= ys[c] && box[i].hi[1] >= ys[c + 1] - 1)
					sp[n++] = (span){box[i].lo[0], box[i].hi[0]};
			int64_t len = 0;
			n = merge_spans(sp, n);
			for (int i = 0; i < n; i++)
				len += sp[i].hi - sp[i].lo + 1;
			*total += len * (ys[c + 1] - ys[c]) * (zs[a + 1] - zs[a]);
		}
	return 0;
}

/* Whether an earlier access has access i's linear guard: its blocks are
 * then already in the union (a stencil's loads share one guard; testing it
 * once per row, not once per access, keeps a tall grid's rows cheap). */
static int same_guard_before(const launch *l, int i)
{
	const bound_access *b = &l->accesses[i];
	for (int j = 0; j < i; j++) {
		const bound_access *o = &l->accesses[j];
		if (o->guard_linear && o->guard.n == b->guard.n &&
		    memcmp(o->guard.ge0, b->guard.ge0, sizeof(linear_form) * (size_t)b->guard.n) == 0)
			return 1;
	}
	return 0;
}

/* The busy blocks of the launch into *total and, where `busy` is given, of
 * every wave into busy[] (n_waves entries). A row of blocks at a time: in
 * it each access's constraints leave an interval of x, and the busy blocks
 * are the union of the accesses' intervals. Returns 0, 1 when the launch
 * has too many rows to test, -1 when out of memory. */
static int count_busy(const launch *l, int64_t *total, int64_t *busy)
{
	int64_t n_waves = (l->n_blocks + l->wave_blocks - 1) / l->wave_blocks;
	int64_t gx = l->grid[0], rows = (int64_t)l->grid[1] * l->grid[2];
	if (rows > BUSY_BLOCKS_MAX)
		return 1;
	int n_tests = 0, always = 0;
	for (int i = 0; i < l->n_accesses; i++) {
		const bound_access *b = &l->accesses[i];
		if (!b->guard_linear || b->guard.n == 0)
			always = 1; /* no linear guard: taken to run everywhere */
		else if (!same_guard_before(l, i))
			n_tests += b->guard.n;
	}
	for (int64_t w = 0; busy && w < n_waves; w++)
		busy[w] = 0;
	*total = 0;
	if (always || n_tests == 0) {
		*total = l->n_blocks;
		for (int64_t blk = 0; busy && blk < l->n_blocks; blk++)
			busy[blk / l->wave_blocks]++;
		return 0;
	}
	block_test *t = malloc(sizeof(*t) * (size_t)n_tests);
	span *sp = malloc(sizeof(*sp) * (size_t)l->n_accesses);
	if (!t || !sp) {
		free(t);
		free(sp);
		return -1;
	}
	int n = 0;
	for (int i = 0; i < l->n_accesses; i++)
		for (int c = 0; c < l->accesses[i].guard.n && !same_guard_before(l, i); c++)
			t[n++] = block_test_of(l, &l->accesses[i].guard.ge0[c], i);
	if (!busy && count_busy_boxes(l, t, n_tests, total) == 0) {
		free(t);
		free(sp);
		return 0;
	}
	for (int64_t r = 0; r < rows; r++) {
		int64_t y = r % l->grid[1], z = r / l->grid[1];
		/* each access's interval (its tests are consecutive), then their union */
		int n_spans = 0;
		for (int j = 0; j < n_tests;) {
			int first = j;
			while (j < n_tests && t[j].access == t[first].access)
				j++;
			span s;
			row_interval(t + first, j - first, y, z, gx, &s.lo, &s.hi);
			if (s.lo <= s.hi)
				sp[n_spans++] = s;
		}
		n_spans = merge_spans(sp, n_spans);
		for (int i = 0; i < n_spans; i++) {
			*total += sp[i].hi - sp[i].lo + 1;
			if (busy)
				add_to_waves(r * gx + sp[i].lo, r * gx + sp[i].hi, l->wave_blocks, busy);
		}
	}
	free(t);
	free(sp);
	return 0;
}

int launch_busy_blocks(launch *l)
{
	int64_t total;
	int rc = count_busy(l, &total, NULL);
	l->busy_blocks = rc == 0 ? total : l->n_blocks;
	return rc < 0 ? -1 : 0;
}

int launch_busy_waves(launch *l, int k)
{
	int64_t n_waves = (l->n_blocks + l->wave_blocks - 1) / l->wave_blocks;
	int64_t *busy = malloc(sizeof(int64_t) * (size_t)(n_waves + 1));
	if (!busy)
		return -1;
	int64_t total;
	/* past BUSY_BLOCKS_MAX blocks the waves are spread evenly instead */
	int rc = l->n_blocks > BUSY_BLOCKS_MAX ? 1 : count_busy(l, &total, busy);
	if (rc == 0) {
		wave_plan_free(&l->wave_plan);
		rc = wave_plan_busy(l->grid, l->wave_blocks, k, busy, &l->wave_plan) ? -1 : 0;
		l->rep_wave_first = l->wave_plan.n ? l->wave_plan.c[l->wave_plan.dominant].first : 0;
	}
	free(busy);
	return rc;
}
