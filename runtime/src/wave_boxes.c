#include "wave_boxes.h"

#include <stdlib.h>
#include <string.h>

#include "expr.h"

/* Box variables: global coordinates x, y, z, then the iteration index of
 * each kernel loop (value = lower + step * index). */
#define N_BOX_VARS (3 + EXPR_MAX_LOOPS)
#define MAX_EXPANDED_TUPLES 4096

typedef struct box {
	int64_t lo[N_BOX_VARS], hi[N_BOX_VARS]; /* inclusive */
} box;

/* An affine form over the box variables. */
typedef struct box_form {
	int64_t c0;
	int64_t c[N_BOX_VARS];
} box_form;

/* Rewrites a linear form over (tid, ctaid, loop values) as a form over box
 * variables; fails when it does not depend on threads through ctaid*ntid+tid. */
static int to_box_form(const launch *l, const linear_form *f, box_form *out)
{
	memset(out, 0, sizeof(*out));
	out->c0 = f->c0;
	for (int d = 0; d < 3; d++) {
		if (f->coeff[3 + d] != f->coeff[d] * l->block[d])
			return 0;
		out->c[d] = f->coeff[d];
	}
	for (int i = 0; i < l->kernel->n_loops; i++) {
		int64_t k = f->coeff[6 + i];
		if (!k)
			continue;
		const bound_loop *bl = &l->loops[i];
		if (!bl->constant)
			return 0;
		out->c0 += k * bl->lower;
		out->c[3 + i] = k * bl->src->step;
	}
	return 1;
}

static int n_vars(const box_form *f)
{
	int n = 0;
	for (int v = 0; v < N_BOX_VARS; v++)
		n += f->c[v] != 0;
	return n;
}

static int in_access_loops(const km_access *a, int loop)
{
	for (int j = 0; j < a->n_loops; j++)
		if (a->loops[j] == loop)
			return 1;
	return 0;
}

/* The loops of `a` that a guard couples with another variable: they are
 * iterated one value at a time so every constraint bounds one variable. */
static int expanded_loops(const launch *l, const bound_access *b, const box_form *guards,
	int *expanded, int64_t *tuples)
{
	int mask = 0;
	for (int c = 0; c < b->guard.n; c++)
		if (n_vars(&guards[c]) > 1)
			for (int i = 0; i < l->kernel->n_loops; i++)
				if (guards[c].c[3 + i])
					mask |= 1 << i;
	*tuples = 1;
	for (int i = 0; i < l->kernel->n_loops; i++)
		if (mask & (1 << i)) {
			if (!in_access_loops(b->src, i))
				return 0;
			*tuples *= l->loops[i].trips > 0 ? l->loops[i].trips : 1;
		}
	*expanded = mask;
	return *tuples <= MAX_EXPANDED_TUPLES;
}

static int access_applicable(const launch *l, const bound_access *b)
{
	const km_access *a = b->src;
	if (b->field->space != km_space_global || !a->analysable)
		return 1;
	if (!b->linear || !b->guard_linear)
		return 0;
	box_form addr, guards[COND_MAX_CONSTRAINTS];
	if (!to_box_form(l, &b->addr, &addr))
		return 0;
	for (int c = 0; c < b->guard.n; c++)
		if (!to_box_form(l, &b->guard.ge0[c], &guards[c]))
			return 0;
	for (int i = 0; i < l->kernel->n_loops; i++)
		if ((addr.c[3 + i] || in_access_loops(a, i)) && !l->loops[i].constant)
			return 0;
	int expanded;
	int64_t tuples;
	if (!expanded_loops(l, b, guards, &expanded, &tuples))
		return 0;
	/* after expansion, each constraint must bound at most one variable */
	for (int c = 0; c < b->guard.n; c++) {
		int n = 0;
		for (int v = 0; v < N_BOX_VARS; v++)
			n += guards[c].c[v] && !(v >= 3 && (expanded & (1 << (v - 3))));
		if (n > 1)
			return 0;
	}
	return 1;
}

int wave_boxes_applicable(const launch *l)
{
	for (int i = 0; i < l->n_accesses; i++)
		if (!access_applicable(l, &l->accesses[i]))
			return 0;
	return 1;
}

static int64_t floor_div64(int64_t a, int64_t b)
{
	int64_t q = a / b;
	return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

/* Narrows the box by `form >= 0`, a form of at most one variable (the
 * expanded loops already folded into c0). Returns 0 when it empties. */
static int clip(box *bx, const box_form *f)
{
	for (int v = 0; v < N_BOX_VARS; v++) {
		int64_t a = f->c[v];
		if (!a)
			continue;
		if (a > 0) {
			int64_t lo = -floor_div64(f->c0, a); /* a*x >= -c0  ->  x >= ceil(-c0/a) */
			if (lo > bx->lo[v])
				bx->lo[v] = lo;
		} else {
			int64_t hi = floor_div64(f->c0, -a); /* -a*x <= c0 */
			if (hi < bx->hi[v])
				bx->hi[v] = hi;
		}
		return bx->lo[v] <= bx->hi[v];
	}
	return f->c0 >= 0;
}

typedef struct emitter {
	run_list *out;
	int64_t runs, max_runs;
	int failed;
} emitter;

/* Emits the addresses of `addr` over box `bx` as rows along the variable with
 * the smallest stride: contiguous rows become one run each. */
static void emit_box(emitter *em, const box *bx, const box_form *addr, int bytes)
{
	int vars[N_BOX_VARS], n = 0, inner = -1;
	for (int v = 0; v < N_BOX_VARS; v++) {
		if (bx->lo[v] > bx->hi[v])
			return;
		if (!addr->c[v])
			continue;
		vars[n++] = v;
		if (inner < 0 || llabs((long long)addr->c[v]) < llabs((long long)addr->c[inner]))
			inner = v;
	}
	if (inner < 0) {
		em->runs++;
		if (em->runs <= em->max_runs && run_list_push(em->out, addr->c0, addr->c0 + bytes))
			em->failed = 1;
		return;
	}
	int64_t c_in = addr->c[inner];
	int contiguous = llabs((long long)c_in) <= bytes;
	double rows = contiguous ? 1 : (double)(bx->hi[inner] - bx->lo[inner] + 1);
	for (int i = 0; i < n; i++)
		if (vars[i] != inner)
			rows *= (double)(bx->hi[vars[i]] - bx->lo[vars[i]] + 1);
	if ((double)em->runs + rows > (double)em->max_runs) {
		em->runs = em->max_runs + 1;
		return;
	}
	em->runs += (int64_t)rows;
	/* odometer over the outer variables */
	int64_t val[N_BOX_VARS];
	for (int i = 0; i < n; i++)
		val[vars[i]] = bx->lo[vars[i]];
	for (;;) {
		int64_t base = addr->c0;
		for (int i = 0; i < n; i++)
			if (vars[i] != inner)
				base += addr->c[vars[i]] * val[vars[i]];
		int64_t first = base + c_in * bx->lo[inner], last = base + c_in * bx->hi[inner];
		if (first > last) {
			int64_t t = first;
			first = last;
			last = t;
		}
		if (contiguous) {
			if (run_list_push(em->out, first, last + bytes))
				em->failed = 1;
		} else {
			int64_t step = llabs((long long)c_in);
			for (int64_t a = first; a <= last; a += step)
				if (run_list_push(em->out, a, a + bytes))
					em->failed = 1;
		}
		int i = 0;
		for (; i < n; i++) {
			int v = vars[i];
			if (v == inner)
				continue;
			if (++val[v] <= bx->hi[v])
				break;
			val[v] = bx->lo[v];
		}
		if (i == n || em->failed)
			return;
	}
}

/* The blocks [first, first+count) as at most five boxes of block indices. */
static int block_boxes(const launch *l, int64_t first, int64_t count, int64_t lo[5][3],
	int64_t hi[5][3])
{
	int64_t gx = l->grid[0], gy = l->grid[1], plane = gx * gy;
	int64_t a = first, b = first + count;
	int n = 0;
	while (a < b && n < 5) {
		int64_t cx = a % gx, cy = (a / gx) % gy, cz = a / plane;
		int64_t len;
		if (cx != 0 || b - a < gx) {
			len = gx - cx < b - a ? gx - cx : b - a;
			lo[n][0] = cx, hi[n][0] = cx + len - 1;
			lo[n][1] = hi[n][1] = cy;
			lo[n][2] = hi[n][2] = cz;
		} else if (cy != 0 || b - a < plane) {
			int64_t rows = (b - a) / gx < gy - cy ? (b - a) / gx : gy - cy;
			len = rows * gx;
			lo[n][0] = 0, hi[n][0] = gx - 1;
			lo[n][1] = cy, hi[n][1] = cy + rows - 1;
			lo[n][2] = hi[n][2] = cz;
		} else {
			int64_t planes = (b - a) / plane;
			len = planes * plane;
			lo[n][0] = 0, hi[n][0] = gx - 1;
			lo[n][1] = 0, hi[n][1] = gy - 1;
			lo[n][2] = cz, hi[n][2] = cz + planes - 1;
		}
		a += len;
		n++;
	}
	return n;
}

int wave_boxes_footprint(const launch *l, int64_t first, int64_t count, run_list *loads,
	run_list *stores, int64_t max_runs)
{
	int64_t blo[5][3], bhi[5][3];
	int n_boxes = block_boxes(l, first, count, blo, bhi);
	emitter em = {NULL, 0, max_runs, 0};
	for (int i = 0; i < l->n_accesses && !em.failed && em.runs <= max_runs; i++) {
		const bound_access *b = &l->accesses[i];
		const km_access *a = b->src;
		if (b->field->space != km_space_global || !a->analysable)
			continue;
		em.out = a->kind == km_store ? stores : loads;
		box_form addr, guards[COND_MAX_CONSTRAINTS];
		to_box_form(l, &b->addr, &addr);
		for (int c = 0; c < b->guard.n; c++)
			to_box_form(l, &b->guard.ge0[c], &guards[c]);
		int expanded;
		int64_t tuples;
		expanded_loops(l, b, guards, &expanded, &tuples);
		for (int64_t t = 0; t < tuples && !em.failed && em.runs <= max_runs; t++) {
			/* fix the expanded loops at the t-th tuple of iteration indices */
			box_form a_fixed = addr, g_fixed[COND_MAX_CONSTRAINTS];
			memcpy(g_fixed, guards, sizeof(box_form) * (size_t)b->guard.n);
			int64_t rest = t;
			box base;
			for (int v = 0; v < N_BOX_VARS; v++)
				base.lo[v] = base.hi[v] = 0; /* loops outside the access: index 0 */
			for (int li = 0; li < l->kernel->n_loops; li++) {
				int v = 3 + li;
				if (!in_access_loops(a, li))
					continue;
				int64_t trips = l->loops[li].trips;
				if (expanded & (1 << li)) {
					int64_t k = trips > 0 ? rest % trips : 0;
					rest = trips > 0 ? rest / trips : 0;
					a_fixed.c0 += a_fixed.c[v] * k;
					a_fixed.c[v] = 0;
					for (int c = 0; c < b->guard.n; c++) {
						g_fixed[c].c0 += g_fixed[c].c[v] * k;
						g_fixed[c].c[v] = 0;
					}
					if (trips <= 0)
						base.hi[v] = -1; /* the loop never runs */
				} else {
					base.lo[v] = 0;
					base.hi[v] = trips - 1;
				}
			}
			for (int q = 0; q < n_boxes; q++) {
				box bx = base;
				for (int d = 0; d < 3; d++) {
					bx.lo[d] = blo[q][d] * l->block[d];
					bx.hi[d] = (bhi[q][d] + 1) * l->block[d] - 1;
				}
				int alive = 1;
				for (int c = 0; c < b->guard.n && alive; c++)
					alive = clip(&bx, &g_fixed[c]);
				if (alive)
					emit_box(&em, &bx, &a_fixed, a->bytes);
			}
		}
	}
	if (em.failed)
		return -1;
	return em.runs > max_runs ? 1 : 0;
}
