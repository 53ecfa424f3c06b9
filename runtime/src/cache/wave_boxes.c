#include "cache/wave_boxes.h"

#include <stdlib.h>
#include <string.h>

#include "cache/box_pieces.h"
#include "cache/wave_rows.h"

/* The box variables (wave_rows.h): per dimension d, the global coordinate
 * g = ctaid*ntid + tid when every form of the access has ctaid's coefficient
 * ntid times tid's, else tid (variable d) and ctaid (variable 3 + d) apart
 * (a thread's tile: tid.x + 3*ctaid.x with one thread in x); then loops. */
#define V_CTAID(d) (3 + (d))
#define V_LOOP(i) (6 + (i))

/* Tid and loop values a group of guards couples with other variables, one
 * tuple at a time at most (the fallback of slice_box); the product over an
 * access's groups at most (so its boxes are at most 4 times that + 64). */
#define MAX_EXPANDED_TUPLES 4096
#define MAX_COMBINED_TUPLES 65536

typedef __int128 wide;

/* Guard constraints linked by shared variables; groups share none, so the
 * guarded set is the product of each group's (the dedispersion tile's
 * tid.x + 8*ctaid.x + 2*it0 < n and tid.y + 1120*ctaid.y + 160*it1 < m). */
typedef struct guard_group {
	uint32_t cons, vars; /* its constraints; the variables they use */
	uint32_t minors;     /* tid and loop variables in its guards of several variables */
	int64_t tuples;      /* their values' product */
} guard_group;

/* One global access in box form. */
typedef struct box_access {
	const bound_access *b;
	int split;        /* dimensions whose tid and ctaid are variables apart */
	box_form addr;
	box_form guards[COND_MAX_CONSTRAINTS];
	int n_groups;
	guard_group groups[COND_MAX_CONSTRAINTS];
	int64_t tuples;   /* the groups' tuples' product */
} box_access;

static int in_access_loops(const km_access *a, int loop)
{
	for (int j = 0; j < a->n_loops; j++)
		if (a->loops[j] == loop)
			return 1;
	return 0;
}

/* The dimensions where `f` does not depend on threads through ctaid*ntid+tid. */
static int split_dims(const launch *l, const linear_form *f)
{
	int split = 0;
	for (int d = 0; d < 3; d++)
		if (f->coeff[3 + d] != f->coeff[d] * l->block[d])
			split |= 1 << d;
	return split;
}

/* Rewrites a linear form over (tid, ctaid, loop values) as a form over box
 * variables; fails when it uses a loop whose bounds vary. */
static int to_box_form(const launch *l, const linear_form *f, int split, box_form *out)
{
	memset(out, 0, sizeof(*out));
	out->c0 = f->c0;
	for (int d = 0; d < 3; d++) {
		out->c[d] = f->coeff[d];
		if (split & (1 << d))
			out->c[V_CTAID(d)] = f->coeff[3 + d];
	}
	for (int i = 0; i < l->kernel->n_loops; i++) {
		int64_t k = f->coeff[6 + i];
		if (!k)
			continue;
		const bound_loop *bl = &l->loops[i];
		if (!bl->constant)
			return 0;
		out->c0 += k * bl->lower;
		out->c[V_LOOP(i)] = k * bl->src->step;
	}
	return 1;
}

/* Whether box variable v is a tid apart from its ctaid, or a loop: few
 * values, independent of the wave. The others (global coordinates, ctaid)
 * span the wave. */
static int is_minor(const box_access *x, int v)
{
	return v >= V_LOOP(0) || (v < 3 && (x->split & (1 << v)));
}

/* f without the terms of variables that take one value, 0: ctaid d of a
 * grid one block wide (a flattened block index's ctaid.y on a 1-D grid
 * would else be a second variable spanning the wave), and tid d of a
 * block one thread wide, whose coordinate is then its block's. */
static linear_form one_valued_dropped(const launch *l, const linear_form *f)
{
	linear_form g = *f;
	for (int d = 0; d < 3; d++) {
		if (l->grid[d] == 1)
			g.coeff[3 + d] = 0;
		if (l->block[d] == 1)
			g.coeff[d] = g.coeff[3 + d];
	}
	return g;
}

/* The access in box form; 0 when boxes do not apply to it: not affine, a
 * loop with varying bounds, a guard constraint on two variables that span
 * the wave (a triangle), or coupled minor variables with too many values. */
static int box_access_init(const launch *l, const bound_access *b, box_access *x)
{
	const km_access *a = b->src;
	if (!b->linear || !b->guard_linear)
		return 0;
	x->b = b;
	linear_form addr = one_valued_dropped(l, &b->addr), guard[COND_MAX_CONSTRAINTS];
	for (int c = 0; c < b->guard.n; c++)
		guard[c] = one_valued_dropped(l, &b->guard.ge0[c]);
	x->split = split_dims(l, &addr);
	for (int c = 0; c < b->guard.n; c++)
		x->split |= split_dims(l, &guard[c]);
	if (!to_box_form(l, &addr, x->split, &x->addr))
		return 0;
	for (int c = 0; c < b->guard.n; c++)
		if (!to_box_form(l, &guard[c], x->split, &x->guards[c]))
			return 0;
	for (int i = 0; i < l->kernel->n_loops; i++)
		if ((x->addr.c[V_LOOP(i)] || in_access_loops(a, i)) && !l->loops[i].constant)
			return 0;
	x->n_groups = 0;
	for (int c = 0; c < b->guard.n; c++) {
		int majors = 0, vars = 0;
		guard_group one = {1u << c, 0, 0, 1};
		for (int v = 0; v < N_BOX_VARS; v++) {
			if (!x->guards[c].c[v])
				continue;
			vars++;
			one.vars |= 1u << v;
			if (is_minor(x, v))
				one.minors |= 1u << v;
			else
				majors++;
		}
		if (majors > 1)
			return 0;
		if (vars < 2)
			one.minors = 0;
		/* joined with every group it shares a variable with */
		for (int g = 0; g < x->n_groups;)
			if (x->groups[g].vars & one.vars) {
				one.cons |= x->groups[g].cons, one.vars |= x->groups[g].vars;
				one.minors |= x->groups[g].minors;
				x->groups[g] = x->groups[--x->n_groups];
			} else
				g++;
		x->groups[x->n_groups++] = one;
	}
	x->tuples = 1;
	for (int g = 0; g < x->n_groups; g++) {
		guard_group *gr = &x->groups[g];
		for (int v = 0; v < N_BOX_VARS; v++) {
			if (!(gr->minors & (1u << v)))
				continue;
			int64_t values;
			if (v < 3) {
				values = l->block[v];
			} else {
				/* a loop outside the access has no value of its own here */
				if (!in_access_loops(a, v - V_LOOP(0)))
					return 0;
				values = l->loops[v - V_LOOP(0)].trips > 0 ? l->loops[v - V_LOOP(0)].trips : 1;
			}
			gr->tuples *= values;
			if (gr->tuples > MAX_EXPANDED_TUPLES)
				return 0;
		}
		x->tuples *= gr->tuples;
		if (x->tuples > MAX_COMBINED_TUPLES)
			return 0;
	}
	return 1;
}

static int boxed_access(const bound_access *b)
{
	return b->field->space == km_space_global && b->src->analysable;
}

int wave_boxes_groups(const launch *l, unsigned char *boxed)
{
	/* 1: no global access yet, 2: global ones that all pass, 0: one fails */
	for (int g = 0; g < l->n_groups; g++)
		boxed[g] = 1;
	for (int i = 0; i < l->n_accesses; i++) {
		const bound_access *b = &l->accesses[i];
		box_access x;
		if (boxed_access(b) && boxed[b->group])
			boxed[b->group] = box_access_init(l, b, &x) ? 2 : 0;
	}
	int n = 0;
	for (int g = 0; g < l->n_groups; g++) {
		n += boxed[g] == 2;
		boxed[g] = boxed[g] != 0;
	}
	return n;
}

int wave_boxes_applicable(const launch *l)
{
	unsigned char *boxed = malloc((size_t)l->n_groups + 1);
	int all = boxed != NULL;
	if (boxed)
		wave_boxes_groups(l, boxed);
	for (int g = 0; all && g < l->n_groups; g++)
		all = boxed[g];
	free(boxed);
	return all;
}

/* ---- boxes inside the guards ----
 * A guard constraint of one variable clips the box. One of several is
 * sliced along one of them, m: the values of m where it holds for every
 * value of the others (one box, the constraint dropped), and the few
 * boundary values where it holds for some (each a box with m fixed, the
 * constraint one variable shorter). m is the variable with the fewest
 * boundary values: for tid.x + 64*ctaid.x < n, ctaid (one boundary
 * block); for 6*gy + it < 2048 with it < 6, gy (one boundary row). */

typedef struct leaves {
	box *b;
	int64_t n, cap;
	int64_t budget; /* recursion steps left; past them, `over` */
	int over, oom;
} leaves;

/* Room for one more element in a growing array; -1 when memory runs out. */
static int room_for_one(void **array, int64_t n, int64_t *cap, size_t size)
{
	if (n < *cap)
		return 0;
	int64_t cap2 = *cap ? 2 * *cap : 64;
	void *grown = realloc(*array, size * (size_t)cap2);
	if (!grown)
		return -1;
	*array = grown;
	*cap = cap2;
	return 0;
}

static void push_leaf(leaves *ls, const box *bx)
{
	if (room_for_one((void **)&ls->b, ls->n, &ls->cap, sizeof(box)))
		ls->oom = 1;
	else
		ls->b[ls->n++] = *bx;
}

static void form_range(const box_form *f, const box *bx, wide *min, wide *max)
{
	*min = *max = f->c0;
	for (int v = 0; v < N_BOX_VARS; v++) {
		if (!f->c[v])
			continue;
		wide a = (wide)f->c[v] * bx->lo[v], b = (wide)f->c[v] * bx->hi[v];
		*min += a < b ? a : b;
		*max += a < b ? b : a;
	}
}

static wide floor_wide(wide a, wide b)
{
	wide q = a / b;
	return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

/* `t` limited to [lo - 1, hi + 1]: past the range it means the same. */
static int64_t clamp_to(wide t, int64_t lo, int64_t hi)
{
	return t < (wide)lo - 1 ? lo - 1 : t > (wide)hi + 1 ? hi + 1 : (int64_t)t;
}

/* Narrows bx to the values where a*x + rest >= 0 for variable v = x, `rest`
 * the constant value of the other terms. */
static void clip_one(box *bx, int v, int64_t a, wide rest)
{
	if (a > 0) {
		int64_t lo = clamp_to(-floor_wide(rest, a), bx->lo[v], bx->hi[v]);
		if (lo > bx->lo[v])
			bx->lo[v] = lo;
	} else {
		int64_t hi = clamp_to(floor_wide(rest, -(wide)a), bx->lo[v], bx->hi[v]);
		if (hi < bx->hi[v])
			bx->hi[v] = hi;
	}
}

static void slice_box(leaves *ls, box bx, const box_form *cons, uint32_t live)
{
	if (ls->over || ls->oom || --ls->budget < 0) {
		ls->over = 1;
		return;
	}
	/* drop constraints that hold everywhere, clip with those of one free
	 * variable, until nothing changes */
	for (int changed = 1; changed;) {
		changed = 0;
		for (int c = 0; c < COND_MAX_CONSTRAINTS; c++) {
			if (!(live & (1u << c)))
				continue;
			wide min, max;
			form_range(&cons[c], &bx, &min, &max);
			if (max < 0)
				return;
			if (min >= 0) {
				live &= ~(1u << c);
				continue;
			}
			int free = -1, n_free = 0;
			wide fixed = cons[c].c0;
			for (int v = 0; v < N_BOX_VARS; v++) {
				if (!cons[c].c[v])
					continue;
				if (bx.lo[v] < bx.hi[v])
					free = v, n_free++;
				else
					fixed += (wide)cons[c].c[v] * bx.lo[v];
			}
			if (n_free == 1) {
				clip_one(&bx, free, cons[c].c[free], fixed);
				if (bx.lo[free] > bx.hi[free])
					return;
				live &= ~(1u << c);
				changed = 1;
			}
		}
	}
	if (!live) {
		push_leaf(ls, &bx);
		return;
	}
	int c = __builtin_ctz(live);
	const box_form *f = &cons[c];
	wide min, max;
	form_range(f, &bx, &min, &max);
	/* the variable with the fewest boundary values */
	int m = -1;
	wide best = 0;
	for (int v = 0; v < N_BOX_VARS; v++) {
		if (!f->c[v] || bx.lo[v] == bx.hi[v])
			continue;
		wide a = f->c[v] < 0 ? -(wide)f->c[v] : f->c[v], width = bx.hi[v] - bx.lo[v];
		wide boundary = (max - min - a * width) / a + 1;
		if (boundary > width + 1)
			boundary = width + 1;
		if (m < 0 || boundary < best)
			m = v, best = boundary;
	}
	int64_t a = f->c[m], lo = bx.lo[m], hi = bx.hi[m];
	/* the other terms' range */
	wide ends[2] = {(wide)a * lo, (wide)a * hi};
	wide rest_min = min - (ends[0] < ends[1] ? ends[0] : ends[1]);
	wide rest_max = max - (ends[0] < ends[1] ? ends[1] : ends[0]);
	int64_t in_lo, in_hi, edge_lo, edge_hi; /* every value holds; some hold */
	if (a > 0) {
		in_lo = clamp_to(-floor_wide(rest_min, a), lo, hi);
		edge_lo = clamp_to(-floor_wide(rest_max, a), lo, hi);
		in_hi = hi;
		edge_hi = in_lo - 1;
		edge_lo = edge_lo > lo ? edge_lo : lo;
		in_lo = in_lo > lo ? in_lo : lo;
	} else {
		in_hi = clamp_to(floor_wide(rest_min, -(wide)a), lo, hi);
		edge_hi = clamp_to(floor_wide(rest_max, -(wide)a), lo, hi);
		in_lo = lo;
		edge_lo = in_hi + 1;
		edge_hi = edge_hi < hi ? edge_hi : hi;
		in_hi = in_hi < hi ? in_hi : hi;
	}
	if (in_lo <= in_hi) {
		box inside = bx;
		inside.lo[m] = in_lo, inside.hi[m] = in_hi;
		slice_box(ls, inside, cons, live);
	}
	for (int64_t x = edge_lo; x <= edge_hi && !ls->over && !ls->oom; x++) {
		box edge = bx;
		edge.lo[m] = edge.hi[m] = x;
		slice_box(ls, edge, cons, live);
	}
}

/* The boxes of `bx` inside one group of guards, into `ls` (cleared first).
 * Slicing gives few boxes; where it would give more than 4 times the tuples
 * of the group's coupled minor variables (+ 64), or `expand`, each tuple is
 * a box of its own instead (each constraint then has one variable left:
 * applicability). */
static void group_boxes(leaves *ls, const box_access *x, const guard_group *g, const box *bx,
	int expand)
{
	ls->n = 0;
	ls->over = expand;
	ls->budget = 4 * g->tuples + 64;
	if (!expand)
		slice_box(ls, *bx, x->guards, g->cons);
	if (!ls->over)
		return;
	ls->n = 0;
	ls->over = 0;
	for (int64_t t = 0; t < g->tuples && !ls->oom; t++) {
		box one = *bx;
		int64_t rest = t;
		for (int v = 0; v < N_BOX_VARS; v++) {
			if (!(g->minors & (1u << v)))
				continue;
			int64_t values = one.hi[v] - one.lo[v] + 1;
			if (values <= 0)
				return; /* a loop that never runs */
			one.lo[v] = one.hi[v] = one.lo[v] + rest % values;
			rest /= values;
		}
		ls->budget = INT64_MAX;
		slice_box(ls, one, x->guards, g->cons);
	}
}

/* Scratch of guarded_boxes: the result, one group's boxes, their product. */
typedef struct slicer { leaves out, part, next; } slicer;

/* The boxes of `bx` inside the access's guards, into s->out: the product of
 * each group's boxes. Where it comes to more than 4 times the tuples of
 * every group (+ 64), it is made again with each group that has more boxes
 * than its tuples as one box per tuple: then at most their product. */
static void guarded_boxes(slicer *s, const box_access *x, const box *bx)
{
	for (int limit = 0; limit < 2; limit++) {
		s->out.n = 0;
		push_leaf(&s->out, bx);
		for (int g = 0; g < x->n_groups && s->out.n && !s->out.oom; g++) {
			const guard_group *gr = &x->groups[g];
			group_boxes(&s->part, x, gr, bx, 0);
			if (limit && s->part.n > gr->tuples)
				group_boxes(&s->part, x, gr, bx, 1);
			s->next.n = 0;
			for (int64_t i = 0; i < s->out.n; i++)
				for (int64_t j = 0; j < s->part.n; j++) {
					box both = s->out.b[i];
					for (int v = 0; v < N_BOX_VARS; v++)
						if (gr->vars & (1u << v))
							both.lo[v] = s->part.b[j].lo[v], both.hi[v] = s->part.b[j].hi[v];
					push_leaf(&s->next, &both);
				}
			leaves t = s->out;
			s->out = s->next, s->next = t;
			s->out.oom |= s->part.oom | s->next.oom;
			if (!limit && s->out.n > 4 * x->tuples + 64)
				break;
		}
		if (s->out.n <= 4 * x->tuples + 64 || s->out.oom)
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

/* The access's variables over blocks [blo, bhi] (its loops over all their
 * iterations, other loops at their first); 0 when it never runs. */
static int access_box(const launch *l, const box_access *x, const int64_t *blo,
	const int64_t *bhi, box *bx)
{
	memset(bx, 0, sizeof(*bx));
	for (int d = 0; d < 3; d++) {
		if (x->split & (1 << d)) {
			bx->hi[d] = l->block[d] - 1;
			bx->lo[V_CTAID(d)] = blo[d], bx->hi[V_CTAID(d)] = bhi[d];
		} else {
			bx->lo[d] = blo[d] * l->block[d];
			bx->hi[d] = (bhi[d] + 1) * l->block[d] - 1;
		}
	}
	const km_access *a = x->b->src;
	for (int i = 0; i < l->kernel->n_loops; i++)
		if (in_access_loops(a, i)) {
			bx->hi[V_LOOP(i)] = l->loops[i].trips - 1;
			if (l->loops[i].trips <= 0)
				return 0;
		}
	return 1;
}

/* The box forms of a launch's boxed accesses, and the scratch of their
 * slicing and pieces, kept across waves. */
struct wave_boxer {
	const launch *l;
	box_access *xs;
	unsigned char *same_guards; /* xs[i]'s guards slice a box as xs[i - 1]'s do */
	int n;
	slicer sl;
	piece_list pl[2]; /* loads, stores */
};

/* Whether two accesses' guards cut every box alike (guarded_boxes). */
static int same_guards(const box_access *x, const box_access *y)
{
	int n = x->b->guard.n;
	if (x->split != y->split || n != y->b->guard.n || x->n_groups != y->n_groups ||
	    x->tuples != y->tuples || memcmp(x->guards, y->guards, sizeof(box_form) * (size_t)n))
		return 0;
	for (int g = 0; g < x->n_groups; g++)
		if (x->groups[g].cons != y->groups[g].cons || x->groups[g].vars != y->groups[g].vars ||
		    x->groups[g].minors != y->groups[g].minors || x->groups[g].tuples != y->groups[g].tuples)
			return 0;
	return 1;
}

int wave_boxer_alloc(const launch *l, const unsigned char *boxed, wave_boxer **out)
{
	*out = NULL;
	wave_boxer *wb = calloc(1, sizeof(*wb));
	if (!wb || !(wb->xs = malloc(sizeof(box_access) * ((size_t)l->n_accesses + 1))) ||
	    !(wb->same_guards = calloc((size_t)l->n_accesses + 1, 1))) {
		if (wb)
			free(wb->xs);
		free(wb);
		return -1;
	}
	wb->l = l;
	for (int i = 0; i < l->n_accesses; i++) {
		const bound_access *b = &l->accesses[i];
		if (!boxed_access(b) || (boxed && !boxed[b->group]))
			continue;
		if (!box_access_init(l, b, &wb->xs[wb->n++])) {
			wave_boxer_free(wb);
			return 1; /* not applicable: the caller enumerates */
		}
		/* a stencil's taps share the kernel's guard: sliced once a box */
		if (wb->n >= 2)
			wb->same_guards[wb->n - 1] = same_guards(&wb->xs[wb->n - 1], &wb->xs[wb->n - 2]);
	}
	*out = wb;
	return 0;
}

void wave_boxer_free(wave_boxer *wb)
{
	if (!wb)
		return;
	free(wb->xs);
	free(wb->same_guards);
	free(wb->sl.out.b);
	free(wb->sl.part.b);
	free(wb->sl.next.b);
	free(wb->pl[0].p);
	free(wb->pl[1].p);
	free(wb);
}

int wave_boxer_footprint(wave_boxer *wb, int64_t first, int64_t count, run_list *loads,
	run_list *stores, int64_t max_runs, double deadline, int64_t load_unit)
{
	const launch *l = wb->l;
	int64_t blo[5][3], bhi[5][3];
	int n_boxes = block_boxes(l, first, count, blo, bhi);
	slicer *sl = &wb->sl;
	piece_list *pl = wb->pl;
	pl[0].n = pl[1].n = 0;
	int rc = 0;
	/* box by box, so that an access whose guards and box are the last
	 * one's takes its slices (pieces are sorted later: order is free) */
	for (int q = 0; q < n_boxes && !rc; q++) {
		box bx, last;
		int have_last = 0;
		for (int i = 0; i < wb->n && !rc; i++) {
			const box_access *x = &wb->xs[i];
			int store = x->b->src->kind == km_store;
			if (!access_box(l, x, blo[q], bhi[q], &bx)) {
				have_last = 0;
				continue;
			}
			if (!have_last || !wb->same_guards[i] || memcmp(&bx, &last, sizeof(box)) != 0)
				guarded_boxes(sl, x, &bx);
			last = bx;
			have_last = 1;
			if (sl->out.oom)
				rc = -1;
			for (int64_t j = 0; j < sl->out.n && !rc; j++) {
				piece p;
				make_piece(&sl->out.b[j], &x->addr, store, x->b->src->bytes, &p);
				if (push_piece(&pl[store], &p))
					rc = -1;
			}
		}
	}
	emitter em = {loads, 0, max_runs, 0, deadline, 0, 0, load_unit};
	if (!rc && emit_pieces(&em, &pl[0]))
		rc = -1;
	em.out = stores;
	em.unit = 1; /* store footprints count partial sectors from bytes */
	if (!rc && !emitter_stopped(&em) && emit_pieces(&em, &pl[1]))
		rc = -1;
	if (rc)
		return rc;
	if (em.failed)
		return -1;
	return em.timed_out ? 2 : em.runs > max_runs ? 1 : 0;
}

int wave_boxes_footprint(const launch *l, int64_t first, int64_t count, run_list *loads,
	run_list *stores, int64_t max_runs, double deadline)
{
	wave_boxer *wb;
	int rc = wave_boxer_alloc(l, NULL, &wb);
	if (!rc)
		rc = wave_boxer_footprint(wb, first, count, loads, stores, max_runs, deadline, 1);
	wave_boxer_free(wb);
	return rc;
}
