/* Wave footprints with isl (isl_wave.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <isl/ctx.h>
#include <isl/map.h>
#include <isl/options.h>
#include <isl/point.h>
#include <isl/set.h>
#include <isl/val.h>

#include "base/ctx.h"
#include "cache/isl_wave.h"

/* Dimensions of an access's domain: ctaid xyz, tid xyz, then one iteration
 * counter per enclosing loop (outermost first). */
#define DIM_CTAID 0
#define DIM_TID 3
#define DIM_ITER 6
#define MAX_DIMS (DIM_ITER + EXPR_MAX_LOOPS)
/* The position in a run of accesses whose offsets form an arithmetic
 * progression (a stencil's neighbours along one axis): kept after the
 * iteration dimensions. */
#define DIM_S MAX_DIMS

/* An affine function over the domain dimensions. */
typedef struct aff_form {
	int64_t c0;
	int64_t coeff[MAX_DIMS + 1];
} aff_form;

typedef struct text {
	char *s;
	size_t n, cap;
	int failed;
} text;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void text_add(text *t, const char *fmt, ...)
{
	if (t->failed)
		return;
	for (;;) {
		va_list ap;
		va_start(ap, fmt);
		int need = vsnprintf(t->s ? t->s + t->n : NULL, t->s ? t->cap - t->n : 0, fmt, ap);
		va_end(ap);
		if (need < 0) {
			t->failed = 1;
			return;
		}
		if (t->s && t->n + (size_t)need < t->cap) {
			t->n += (size_t)need;
			return;
		}
		size_t cap = (t->cap ? t->cap : 256) * 2;
		while (cap <= t->n + (size_t)need)
			cap *= 2;
		char *s = realloc(t->s, cap);
		if (!s) {
			t->failed = 1;
			return;
		}
		t->s = s;
		t->cap = cap;
	}
}

static const char *const dim_names[MAX_DIMS + 1] = {"c0", "c1", "c2", "t0", "t1", "t2",
	"i0", "i1", "i2", "i3", "i4", "i5", "i6", "i7", "s"};

/* Appends `f >= 0` (or `f + extra*u >= 0` when extra is non-zero). */
static void text_constraint(text *t, const aff_form *f, int n_dims, int64_t u_coeff)
{
	text_add(t, " and %lld", (long long)f->c0);
	for (int i = 0; i <= n_dims; i++) {
		int d = i < n_dims ? i : DIM_S;
		if (f->coeff[d])
			text_add(t, " %c %lld*%s", f->coeff[d] < 0 ? '-' : '+',
				(long long)(f->coeff[d] < 0 ? -(unsigned long long)f->coeff[d] : (unsigned long long)f->coeff[d]),
				dim_names[d]);
	}
	if (u_coeff)
		text_add(t, " %c %lld*u", u_coeff < 0 ? '-' : '+',
			(long long)(u_coeff < 0 ? -(unsigned long long)u_coeff : (unsigned long long)u_coeff));
	text_add(t, " >= 0");
}

/* The linear form over the varying variables (tid, ctaid, loop values) as
 * an affine function of the domain dimensions, with each loop value
 * lower + step*i. Returns 0 on overflow. */
static int to_aff(const launch *l, const km_access *a, const linear_form *f, aff_form *out)
{
	const warpest_kernel *k = l->kernel;
	memset(out, 0, sizeof(*out));
	out->c0 = f->c0;
	for (int d = 0; d < 3; d++) {
		out->coeff[DIM_TID + d] = f->coeff[d];
		out->coeff[DIM_CTAID + d] = f->coeff[3 + d];
	}
	for (int j = 0; j < a->n_loops; j++) {
		const bound_loop *bl = &l->loops[a->loops[j]];
		int vi = 6 + k->symbols.loop_index[bl->src->sym];
		int64_t c = f->coeff[vi], lo, st;
		if (__builtin_mul_overflow(c, bl->lower, &lo) || __builtin_mul_overflow(c, bl->src->step, &st) ||
		    __builtin_add_overflow(out->c0, lo, &out->c0))
			return 0;
		out->coeff[DIM_ITER + j] = st;
	}
	/* loops that do not enclose the access keep the value 0, as in the
	 * enumeration: their coefficients drop out */
	return 1;
}

/* Smallest and largest value of f over the domain box (ctaid inside the
 * grid, tid inside the block, iterations inside their trip counts).
 * Returns 0 on overflow. */
static int aff_range(const aff_form *f, const int64_t *hi, int n_dims, int64_t *min, int64_t *max)
{
	int64_t lo_sum = f->c0, hi_sum = f->c0;
	for (int d = 0; d < n_dims; d++) {
		int64_t p;
		if (__builtin_mul_overflow(f->coeff[d], hi[d], &p))
			return 0;
		if (p < 0 ? __builtin_add_overflow(lo_sum, p, &lo_sum) : __builtin_add_overflow(hi_sum, p, &hi_sum))
			return 0;
	}
	*min = lo_sum;
	*max = hi_sum;
	return 1;
}

/* Consecutive linear block ids as boxes of block coordinates (ctaid),
 * inclusive bounds: a partial row, partial plane rows, whole planes, then
 * the rows and the partial row of the last plane -- at most five. Each box
 * is a product of intervals, which keeps isl's projections simple (a block
 * range as one constraint on c0 + gx*c1 + gx*gy*c2 does not). */
typedef struct block_box {
	int64_t lo[3], hi[3];
} block_box;

static int block_boxes(const launch *l, int64_t first, int64_t last, block_box *out)
{
	int64_t gx = l->grid[0], gy = l->grid[1], plane = gx * gy;
	int n = 0;
	while (first < last && n < 8) {
		int64_t x = first % gx, y = (first / gx) % gy, z = first / plane, left = last - first;
		block_box *b = &out[n++];
		b->lo[0] = x, b->lo[1] = y, b->lo[2] = z;
		b->hi[1] = y, b->hi[2] = z;
		if (x != 0 || left < gx) {
			int64_t m = gx - x < left ? gx - x : left;
			b->hi[0] = x + m - 1;
			first += m;
		} else if (y != 0 || left < plane) {
			int64_t rows = gy - y < left / gx ? gy - y : left / gx;
			b->hi[0] = gx - 1;
			b->hi[1] = y + rows - 1;
			first += rows * gx;
		} else {
			int64_t planes = left / plane;
			b->hi[0] = gx - 1;
			b->hi[1] = gy - 1;
			b->hi[2] = z + planes - 1;
			first += planes * plane;
		}
	}
	return n;
}

static int counted(const bound_access *b, int stores)
{
	if (b->field->space != km_space_global || !b->src->analysable)
		return 0;
	return stores ? b->src->kind == km_store : b->src->kind != km_store;
}

static int isl_failure(warpest_ctx *ctx, isl_ctx *ictx, const char *what)
{
	const char *msg = ictx ? isl_ctx_last_error_msg(ictx) : NULL;
	return ctx_error(ctx, "isl wave footprint: %s%s%s", what, msg ? ": " : "", msg ? msg : "");
}

typedef struct point_list {
	int64_t *u;
	size_t n, cap;
	int failed;
} point_list;

static isl_stat add_point(isl_point *p, void *user)
{
	point_list *pl = user;
	isl_val *v = isl_point_get_coordinate_val(p, isl_dim_set, 0);
	isl_point_free(p);
	if (!v)
		return isl_stat_error;
	int64_t u = isl_val_get_num_si(v);
	isl_val_free(v);
	if (pl->n == pl->cap) {
		size_t cap = pl->cap ? pl->cap * 2 : 1024;
		int64_t *q = realloc(pl->u, cap * sizeof(int64_t));
		if (!q) {
			pl->failed = 1;
			return isl_stat_error;
		}
		pl->u = q;
		pl->cap = cap;
	}
	pl->u[pl->n++] = u;
	return isl_stat_ok;
}

static isl_stat add_basic_set_points(isl_basic_set *bset, void *user)
{
	isl_set *set = isl_set_from_basic_set(bset);
	isl_stat st = isl_set_foreach_point(set, &add_point, user);
	isl_set_free(set);
	return st;
}

static int cmp_int64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return (x > y) - (x < y);
}

/* The number of points of a set of units (consumed). isl_set_count_val
 * would first make the disjuncts disjoint, which costs far more than the
 * points themselves when many shifted copies of one access overlap (a
 * stencil's neighbours): enumerate each disjunct's points instead and
 * remove the duplicates by sorting. */
static int count_units(warpest_ctx *ctx, isl_ctx *ictx, isl_set *set, point_list *pl, int64_t *count)
{
	pl->n = 0;
	pl->failed = 0;
	set = isl_set_coalesce(set);
	isl_stat st = isl_set_foreach_basic_set(set, &add_basic_set_points, pl);
	isl_set_free(set);
	if (pl->failed)
		return ctx_error(ctx, "out of memory");
	if (st < 0)
		return isl_failure(ctx, ictx, "enumerating units");
	if (pl->n)
		qsort(pl->u, pl->n, sizeof(int64_t), cmp_int64);
	size_t m = pl->n ? 1 : 0;
	for (size_t i = 1; i < pl->n; i++)
		if (pl->u[i] != pl->u[m - 1])
			pl->u[m++] = pl->u[i];
	*count = (int64_t)m;
	return 0;
}

/* Accesses that differ only in their constant offset (same field, size,
 * coefficients, loops and guard) are taken together: their offsets are
 * covered by arithmetic progressions start + step*s, 0 <= s < len, each
 * one isl set with the extra dimension s. A stencil's 25 neighbours become
 * three sets instead of 25 overlapping ones, and counting enumerates each
 * unit about once instead of once per neighbour. */
typedef struct offset_run {
	int64_t start, step, len;
} offset_run;

static int same_shape(const bound_access *a, const bound_access *b)
{
	const km_access *x = a->src, *y = b->src;
	if (x->field != y->field || x->bytes != y->bytes || x->n_loops != y->n_loops ||
	    memcmp(x->loops, y->loops, sizeof(x->loops[0]) * (size_t)x->n_loops) != 0 ||
	    memcmp(a->addr.coeff, b->addr.coeff, sizeof(a->addr.coeff)) != 0 || a->guard.n != b->guard.n)
		return 0;
	for (int c = 0; c < a->guard.n; c++)
		if (memcmp(&a->guard.ge0[c], &b->guard.ge0[c], sizeof(linear_form)) != 0)
			return 0;
	return 1;
}

static int member(const int64_t *k, int n, int64_t v)
{
	int lo = 0, hi = n - 1;
	while (lo <= hi) {
		int mid = (lo + hi) / 2;
		if (k[mid] == v)
			return 1;
		if (k[mid] < v)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return 0;
}

/* Covers the sorted distinct offsets k[0..n) with progressions inside the
 * set (runs may overlap: the union does not mind). Returns the number of
 * runs written to out (at most n). */
static int cover_offsets(const int64_t *k, int n, offset_run *out)
{
	unsigned char covered[256] = {0};
	int n_runs = 0;
	for (int a = 0; a < n; a++) {
		if (covered[a])
			continue;
		offset_run best = {k[a], 1, 1};
		for (int b = a + 1; b < n; b++) {
			int64_t step = k[b] - k[a], len = 0, down = 0;
			if (step <= 0)
				continue;
			while (member(k, n, k[a] - (down + 1) * step))
				down++;
			while (member(k, n, k[a] + (len + 1) * step))
				len++;
			if (down + len + 1 > best.len)
				best = (offset_run){k[a] - down * step, step, down + len + 1};
		}
		for (int b = 0; b < n; b++)
			if ((k[b] - best.start) % best.step == 0 && k[b] >= best.start &&
			    (k[b] - best.start) / best.step < best.len)
				covered[b] = 1;
		out[n_runs++] = best;
	}
	return n_runs;
}

/* The units of one access, shifted down by `shift` units, as a set [u].
 *
 * Where the address and every guard constraint see a block coordinate only
 * through the global coordinate ctaid*ntid + tid (true of most kernels), the
 * pair is one dimension, the global coordinate over the box's contiguous
 * range: the same set of lanes with one dimension less to project out. */
static isl_set *access_units(isl_ctx *ictx, const launch *l, const bound_access *b,
	const block_box *box, const offset_run *run, int64_t unit, int64_t shift_bytes, text *t)
{
	const km_access *a = b->src;
	int n_dims = DIM_ITER + a->n_loops;
	aff_form guard[COND_MAX_CONSTRAINTS], addr, lo, hi;
	if (!to_aff(l, a, &b->addr, &addr))
		return NULL;
	addr.c0 += run->start - b->addr.c0;
	addr.coeff[DIM_S] = run->step;
	for (int c = 0; c < b->guard.n; c++)
		if (!to_aff(l, a, &b->guard.ge0[c], &guard[c]))
			return NULL;
	int merged[3];
	for (int d = 0; d < 3; d++) {
		int64_t nt = l->block[d], p;
		merged[d] = !__builtin_mul_overflow(addr.coeff[DIM_TID + d], nt, &p) &&
			p == addr.coeff[DIM_CTAID + d];
		for (int c = 0; c < b->guard.n && merged[d]; c++)
			merged[d] = !__builtin_mul_overflow(guard[c].coeff[DIM_TID + d], nt, &p) &&
				p == guard[c].coeff[DIM_CTAID + d];
		if (!merged[d])
			continue;
		addr.coeff[DIM_CTAID + d] = 0;
		for (int c = 0; c < b->guard.n; c++)
			guard[c].coeff[DIM_CTAID + d] = 0;
	}
	t->n = 0;
	t->failed = 0;
	text_add(t, "{ [");
	for (int d = 0; d < n_dims; d++)
		text_add(t, "%s%s", d ? ", " : "", dim_names[d]);
	text_add(t, ", s] -> [u] : 0 <= s < %lld and ", (long long)run->len);
	for (int d = 0; d < 3; d++) {
		int64_t nt = l->block[d];
		if (merged[d])
			text_add(t, "%sc%d = 0 and %lld <= t%d <= %lld", d ? " and " : "", d,
				(long long)(box->lo[d] * nt), d, (long long)(box->hi[d] * nt + nt - 1));
		else
			text_add(t, "%s%lld <= c%d <= %lld and 0 <= t%d < %lld", d ? " and " : "",
				(long long)box->lo[d], d, (long long)box->hi[d], d, (long long)nt);
	}
	for (int j = 0; j < a->n_loops; j++)
		text_add(t, " and 0 <= i%d < %lld", j, (long long)l->loops[a->loops[j]].trips);
	for (int c = 0; c < b->guard.n; c++)
		text_constraint(t, &guard[c], n_dims, 0);
	/* floor((addr + o) / unit) for 0 <= o < bytes: the units u with
	 * unit*u <= addr + bytes - 1 and addr <= unit*u + unit - 1 */
	addr.c0 -= shift_bytes;
	hi = addr;
	hi.c0 += a->bytes - 1;
	text_constraint(t, &hi, n_dims, -unit);
	for (int d = 0; d <= MAX_DIMS; d++)
		lo.coeff[d] = -addr.coeff[d];
	lo.c0 = unit - 1 - addr.c0;
	text_constraint(t, &lo, n_dims, unit);
	text_add(t, " }");
	if (t->failed)
		return NULL;
	isl_map *map = isl_map_read_from_str(ictx, t->s);
	return isl_map_range(map);
}

int isl_wave_units(warpest_ctx *ctx, const launch *l, int64_t first_block, int64_t n_blocks,
	int stores, int64_t unit, int64_t *count_out)
{
	if (!l || !count_out || unit <= 0 || n_blocks < 0)
		return ctx_error(ctx, "isl wave footprint: bad arguments");
	const warpest_kernel *k = l->kernel;
	int64_t first = first_block < 0 ? 0 : first_block;
	int64_t last = first_block + n_blocks > l->n_blocks ? l->n_blocks : first_block + n_blocks;

	/* applicability, and each field's address range over the grid box */
	int n_fields = k->n_fields;
	int64_t *range = calloc((size_t)n_fields * 2 + 2, sizeof(int64_t));
	unsigned char *present = calloc((size_t)n_fields + 1, 1);
	if (!range || !present) {
		free(range);
		free(present);
		return ctx_error(ctx, "out of memory");
	}
	int rc = 0;
	for (int i = 0; i < l->n_accesses && rc == 0; i++) {
		const bound_access *b = &l->accesses[i];
		if (!counted(b, stores))
			continue;
		if (!b->linear || !b->guard_linear) {
			rc = 1;
			break;
		}
		const km_access *a = b->src;
		int64_t box[MAX_DIMS] = {l->grid[0] - 1, l->grid[1] - 1, l->grid[2] - 1,
			l->block[0] - 1, l->block[1] - 1, l->block[2] - 1};
		for (int j = 0; j < a->n_loops; j++) {
			const bound_loop *bl = &l->loops[a->loops[j]];
			if (!bl->constant) {
				rc = 1;
				break;
			}
			box[DIM_ITER + j] = bl->trips > 0 ? bl->trips - 1 : 0;
		}
		aff_form addr;
		int64_t lo, hi;
		if (rc == 0 && (!to_aff(l, a, &b->addr, &addr) ||
		    !aff_range(&addr, box, DIM_ITER + a->n_loops, &lo, &hi) ||
		    __builtin_add_overflow(hi, (int64_t)a->bytes, &hi))) {
			rc = ctx_error(ctx, "isl wave footprint: access %d: address out of range", i);
			break;
		}
		if (rc)
			break;
		int f = a->field;
		if (!present[f] || lo < range[2 * f])
			range[2 * f] = lo;
		if (!present[f] || hi > range[2 * f + 1])
			range[2 * f + 1] = hi;
		present[f] = 1;
	}
	/* Fields are counted separately with addresses taken relative to their
	 * base (rounded down to a unit: a translation by whole units keeps the
	 * count), which keeps isl's integers small. That is exact when no two
	 * fields' units can meet; otherwise all fields are counted as one set of
	 * absolute units. */
	int separate = 1;
	for (int f = 0; f < n_fields && rc == 0; f++)
		for (int g = f + 1; g < n_fields; g++)
			if (present[f] && present[g] &&
			    floor_div(range[2 * f], unit) <= floor_div(range[2 * g + 1] - 1, unit) &&
			    floor_div(range[2 * g], unit) <= floor_div(range[2 * f + 1] - 1, unit))
				separate = 0;
	free(range);
	if (rc || last <= first) {
		free(present);
		if (rc == 0)
			*count_out = 0;
		return rc;
	}

	block_box boxes[8];
	int n_boxes = block_boxes(l, first, last, boxes);
	int64_t offsets[256];
	offset_run runs[256];
	unsigned char *grouped = malloc((size_t)l->n_accesses + 1);
	if (!grouped) {
		free(present);
		return ctx_error(ctx, "out of memory");
	}
	isl_ctx *ictx = isl_ctx_alloc();
	if (!ictx) {
		free(grouped);
		free(present);
		return ctx_error(ctx, "isl wave footprint: cannot allocate an isl_ctx");
	}
	isl_options_set_on_error(ictx, ISL_ON_ERROR_CONTINUE);
	text t = {0};
	point_list pts = {0};
	int64_t total = 0;
	isl_set *all = NULL;
	for (int f = 0; f < n_fields && rc == 0; f++) {
		if (!present[f])
			continue;
		int64_t base = 0;
		for (int i = 0; i < l->n_accesses; i++)
			if (l->accesses[i].src->field == f)
				base = l->accesses[i].field_base;
		int64_t shift = separate ? base - floor_mod(base, unit) : 0;
		isl_set *units = NULL;
		memset(grouped, 0, (size_t)l->n_accesses + 1);
		for (int i = 0; i < l->n_accesses && rc == 0; i++) {
			const bound_access *b = &l->accesses[i];
			if (grouped[i] || !counted(b, stores) || b->src->field != f)
				continue;
			/* the offsets of the accesses shaped like this one, sorted */
			int n_offsets = 0;
			for (int j = i; j < l->n_accesses && n_offsets < 256; j++) {
				const bound_access *o = &l->accesses[j];
				if (grouped[j] || !counted(o, stores) || !same_shape(b, o))
					continue;
				grouped[j] = 1;
				int p = n_offsets++;
				while (p > 0 && offsets[p - 1] > o->addr.c0) {
					offsets[p] = offsets[p - 1];
					p--;
				}
				offsets[p] = o->addr.c0;
			}
			int m = 0;
			for (int j = 0; j < n_offsets; j++)
				if (m == 0 || offsets[j] != offsets[m - 1])
					offsets[m++] = offsets[j];
			int n_runs = cover_offsets(offsets, m, runs);
			for (int r = 0; r < n_runs && rc == 0; r++)
				for (int j = 0; j < n_boxes && rc == 0; j++) {
					isl_set *s = access_units(ictx, l, b, &boxes[j], &runs[r], unit, shift, &t);
					if (!s)
						rc = t.failed ? ctx_error(ctx, "out of memory") :
							isl_failure(ctx, ictx, "building an access's unit set");
					else
						units = units ? isl_set_union(units, s) : s;
				}
		}
		if (rc) {
			isl_set_free(units);
			break;
		}
		if (!separate) {
			all = all ? isl_set_union(all, units) : units;
			continue;
		}
		int64_t n = 0;
		rc = count_units(ctx, ictx, units, &pts, &n);
		total += n;
	}
	if (rc == 0 && all) {
		rc = count_units(ctx, ictx, all, &pts, &total);
		all = NULL;
	}
	isl_set_free(all);
	free(pts.u);
	free(t.s);
	free(grouped);
	free(present);
	isl_ctx_free(ictx);
	if (rc == 0)
		*count_out = total;
	return rc;
}
