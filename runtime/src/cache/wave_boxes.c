#include "cache/wave_boxes.h"

#include <stdlib.h>
#include <string.h>

#include "kernel/expr.h"
#include "base/small_sort.h"

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
/* The variable rows run along (the first with the smallest nonzero stride;
 * -1 when the address is constant) in *inner, and the other variables the
 * address uses in `outer`, by index. Returns their number, or -1 when the
 * box is empty. */
static int row_variables(const box *bx, const box_form *addr, int *inner, int *outer)
{
	int n = 0;
	*inner = -1;
	for (int v = 0; v < N_BOX_VARS; v++) {
		if (bx->lo[v] > bx->hi[v])
			return -1;
		if (!addr->c[v])
			continue;
		outer[n++] = v;
		if (*inner < 0 || llabs((long long)addr->c[v]) < llabs((long long)addr->c[*inner]))
			*inner = v;
	}
	int w = 0;
	for (int i = 0; i < n; i++)
		if (outer[i] != *inner)
			outer[w++] = outer[i];
	return w;
}

static void emit_box(emitter *em, const box *bx, const box_form *addr, int bytes)
{
	int vars[N_BOX_VARS], inner;
	int n = row_variables(bx, addr, &inner, vars);
	if (n < 0)
		return;
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
			if (++val[v] <= bx->hi[v])
				break;
			val[v] = bx->lo[v];
		}
		if (i == n || em->failed)
			return;
	}
}

/* ---- translated unions ----
 * Accesses with the same coefficients, guards and loops (a stencil's
 * neighbours) differ only by a constant d_j. Writing d_j = sum_v s_jv*c_v + r_j
 * over the outer variables v (all but the one with the smallest stride),
 * access j at outer point o is the base access at o + s_j shifted by r_j
 * bytes. Each outer point t of the union of the shifted boxes then yields
 * the union of the members' rows there, merged and in address order: one
 * run per row where per-member emission gives one per member, unsorted. */

#define MAX_GROUP_MEMBERS 256

typedef struct group_member {
	int64_t shift[N_BOX_VARS]; /* s_j */
	int64_t residual;          /* r_j */
} group_member;

/* Nearest integer to a/b (b != 0). */
static int64_t nearest_div(int64_t a, int64_t b)
{
	if (b < 0)
		a = -a, b = -b;
	return floor_div64(2 * a + b, 2 * b);
}

/* The walk over the union of a group's shifted boxes is planned once per
 * box: for each outer variable (slowest first), the segments of values
 * between the points where a member's shifted box starts or ends, each with
 * the members alive there. Within a segment the members do not change, so
 * the next variable's segments (or, after the last one, the members' merged
 * rows) are the same for every value of it. */
typedef struct plan_segment {
	int64_t from, to;  /* values [from, to) */
	int child, n_child; /* next variable's segments, or merged rows after the last */
} plan_segment;

typedef struct group_plan {
	plan_segment *seg;
	int n_seg, cap_seg;
	run *rows;          /* merged rows relative to a row's base address */
	int n_row, cap_row;
} group_plan;

/* The plan may not grow past this; the group is then emitted per member. */
#define MAX_PLAN_ENTRIES (1 << 16)

typedef struct group_walk {
	emitter *em;
	const box *bx;
	const box_form *addr;
	const group_member *m;
	int outer[N_BOX_VARS]; /* by decreasing stride: level 0 is the slowest */
	int n_outer;
	int64_t row_lo, row_hi; /* a row's bytes relative to its base address */
	group_plan *plan;
	/* per level: the members by ascending shift along its variable (ties by
	 * index), so that a level's events come sorted without a sort */
	int order[N_BOX_VARS][MAX_GROUP_MEMBERS];
	int n_members;
} group_walk;

static int plan_grow(void **array, int *cap, int need, size_t size)
{
	if (need <= *cap)
		return 0;
	if (need > MAX_PLAN_ENTRIES)
		return -1;
	int cap2 = *cap ? *cap : 64;
	while (cap2 < need)
		cap2 *= 2;
	void *grown = realloc(*array, (size_t)cap2 * size);
	if (!grown)
		return -1;
	*array = grown;
	*cap = cap2;
	return 0;
}

/* Plans variable `level` for the members `alive` (sorted by residual):
 * returns the index of its first segment and their number in *n, or -1 when
 * the plan is too large or memory runs out. */
static int plan_level(group_walk *g, int level, const int *alive, int n_alive, int *n)
{
	group_plan *p = g->plan;
	int v = g->outer[level];
	int64_t lo = g->bx->lo[v], hi = g->bx->hi[v];
	/* each alive member's place in `alive`, -1 for the others */
	int place[MAX_GROUP_MEMBERS];
	for (int j = 0; j < g->n_members; j++)
		place[j] = -1;
	for (int i = 0; i < n_alive; i++)
		place[alive[i]] = i;
	/* the values where a member's shifted box starts (lo + shift) and ends
	 * (hi + shift + 1), both ascending in the level's member order: merged,
	 * the distinct ones are the segments' bounds. Each member's start and
	 * end become indices into them. */
	int sorted[MAX_GROUP_MEMBERS], n_sorted = 0;
	for (int k = 0; k < g->n_members; k++)
		if (place[g->order[level][k]] >= 0)
			sorted[n_sorted++] = place[g->order[level][k]];
	int64_t events[2 * MAX_GROUP_MEMBERS];
	int start[MAX_GROUP_MEMBERS], end[MAX_GROUP_MEMBERS];
	int n_distinct = 0;
	for (int a = 0, b = 0; a < n_sorted || b < n_sorted;) {
		int64_t sa = a < n_sorted ? lo + g->m[alive[sorted[a]]].shift[v] : INT64_MAX;
		int64_t eb = hi + g->m[alive[sorted[b]]].shift[v] + 1;
		int64_t x = sa <= eb ? sa : eb;
		if (n_distinct == 0 || events[n_distinct - 1] != x)
			events[n_distinct++] = x;
		if (sa <= eb)
			start[sorted[a++]] = n_distinct - 1;
		else
			end[sorted[b++]] = n_distinct - 1;
	}
	int first = p->n_seg;
	*n = n_distinct - 1;
	if (plan_grow((void **)&p->seg, &p->cap_seg, first + *n, sizeof(plan_segment)))
		return -1;
	p->n_seg += *n;
	/* members alive in segment e: start <= e < end; as a bit set over places,
	 * swept along the segments (starts and ends listed per event) */
	int starts_at[2 * MAX_GROUP_MEMBERS], ends_at[2 * MAX_GROUP_MEMBERS];
	int next_start[MAX_GROUP_MEMBERS], next_end[MAX_GROUP_MEMBERS];
	for (int e = 0; e < n_distinct; e++)
		starts_at[e] = ends_at[e] = -1;
	for (int i = n_alive - 1; i >= 0; i--) {
		next_start[i] = starts_at[start[i]];
		starts_at[start[i]] = i;
		next_end[i] = ends_at[end[i]];
		ends_at[end[i]] = i;
	}
	uint64_t mask[MAX_GROUP_MEMBERS / 64] = {0};
	int next[MAX_GROUP_MEMBERS];
	for (int e = 0; e < *n; e++) {
		for (int i = starts_at[e]; i >= 0; i = next_start[i])
			mask[i / 64] |= (uint64_t)1 << (i % 64);
		for (int i = ends_at[e]; i >= 0; i = next_end[i])
			mask[i / 64] &= ~((uint64_t)1 << (i % 64));
		plan_segment *sg = &p->seg[first + e];
		sg->from = events[e];
		sg->to = events[e + 1];
		sg->child = 0;
		sg->n_child = 0;
		/* in the order of `alive` (residuals ascending) */
		int n_next = 0;
		for (int w = 0; w * 64 < n_alive; w++)
			for (uint64_t bits = mask[w]; bits; bits &= bits - 1)
				next[n_next++] = alive[64 * w + __builtin_ctzll(bits)];
		if (n_next == 0)
			continue;
		if (level + 1 < g->n_outer) {
			int child, n_child;
			if ((child = plan_level(g, level + 1, next, n_next, &n_child)) < 0)
				return -1;
			/* p->seg may have moved */
			p->seg[first + e].child = child;
			p->seg[first + e].n_child = n_child;
			continue;
		}
		/* after the last variable: the members' rows, merged (residuals ascend) */
		if (plan_grow((void **)&p->rows, &p->cap_row, p->n_row + n_next, sizeof(run)))
			return -1;
		sg->child = p->n_row;
		for (int i = 0; i < n_next; i++) {
			int64_t r = g->m[next[i]].residual;
			run *last = p->n_row > sg->child ? &p->rows[p->n_row - 1] : NULL;
			if (last && r + g->row_lo <= last->hi) {
				if (r + g->row_hi > last->hi)
					last->hi = r + g->row_hi;
				continue;
			}
			p->rows[p->n_row].lo = r + g->row_lo;
			p->rows[p->n_row].hi = r + g->row_hi;
			p->n_row++;
		}
		sg->n_child = p->n_row - sg->child;
	}
	return first;
}

/* Walks the planned segments of variable `level` in address order. */
static void walk_plan(group_walk *g, int level, int first, int n, int64_t base)
{
	emitter *em = g->em;
	const group_plan *p = g->plan;
	int64_t c = g->addr->c[g->outer[level]];
	int last = level + 1 == g->n_outer;
	for (int e = 0; e < n; e++) {
		const plan_segment *sg = &p->seg[first + (c > 0 ? e : n - 1 - e)];
		if (sg->n_child == 0)
			continue;
		for (int64_t k = 0; k < sg->to - sg->from; k++) {
			int64_t at = base + c * (c > 0 ? sg->from + k : sg->to - 1 - k);
			if (!last) {
				walk_plan(g, level + 1, sg->child, sg->n_child, at);
			} else {
				int64_t before = em->out->n;
				for (int r = sg->child; r < sg->child + sg->n_child; r++)
					if (run_list_push(em->out, at + p->rows[r].lo, at + p->rows[r].hi))
						em->failed = 1;
				em->runs += em->out->n - before;
			}
			if (em->failed || em->runs > em->max_runs)
				return;
		}
	}
}

/* Emits the union of `n` translates (c0 + delta[j]) of `addr` over box `bx`.
 * Returns 0 when done, 1 when per-member emission applies instead (nothing
 * was emitted). */
static int emit_group(emitter *em, group_plan *plan, const box *bx, const box_form *addr,
	const int64_t *delta, int n, int bytes)
{
	group_walk g; /* not zeroed: its order tables are large; set below */
	g.em = em, g.bx = bx, g.addr = addr, g.m = NULL, g.plan = plan, g.n_members = n;
	int inner;
	g.n_outer = row_variables(bx, addr, &inner, g.outer);
	if (g.n_outer < 0)
		return 0;
	/* Strided members that fill each other's gaps (a loop unrolled by k
	 * reading a[k*i + j], j < k): their deltas, sorted, leave no hole wider
	 * than an element and span at least the stride, so along the inner
	 * variable their union is one contiguous row per outer point, from the
	 * lowest member's first element to the highest's last. */
	if (inner >= 0 && n >= 2 && n <= MAX_GROUP_MEMBERS && llabs((long long)addr->c[inner]) > bytes) {
		int64_t sorted[MAX_GROUP_MEMBERS];
		memcpy(sorted, delta, sizeof(int64_t) * (size_t)n);
		small_sort_int64(sorted, n);
		int tiles = 1;
		for (int j = 1; j < n && tiles; j++)
			tiles = sorted[j] - sorted[j - 1] <= bytes;
		int64_t span = sorted[n - 1] - sorted[0] + bytes;
		if (tiles && span >= llabs((long long)addr->c[inner]) && span <= ((int64_t)1 << 30)) {
			box_form lowest = *addr;
			lowest.c0 += sorted[0];
			emit_box(em, bx, &lowest, (int)span);
			return 0;
		}
	}
	/* strided rows (|c| > bytes) are one run per element either way; a
	 * group varying in one variable only has nothing to share */
	if (inner < 0 || g.n_outer == 0 || n < 2 || n > MAX_GROUP_MEMBERS ||
	    llabs((long long)addr->c[inner]) > bytes)
		return 1;
	/* slowest (largest stride) first: rows then come in address order
	 * wherever the strides nest */
	for (int i = 1; i < g.n_outer; i++)
		for (int j = i; j > 0 && llabs((long long)addr->c[g.outer[j]]) >
			llabs((long long)addr->c[g.outer[j - 1]]); j--) {
			int t = g.outer[j];
			g.outer[j] = g.outer[j - 1];
			g.outer[j - 1] = t;
		}
	group_member m[MAX_GROUP_MEMBERS];
	for (int j = 0; j < n; j++) {
		int64_t d = delta[j];
		for (int i = 0; i < g.n_outer; i++) {
			int v = g.outer[i];
			m[j].shift[v] = nearest_div(d, addr->c[v]);
			d -= m[j].shift[v] * addr->c[v];
		}
		m[j].residual = d;
	}
	/* by residual, stably (an insertion sort of their indices) */
	int by_residual[MAX_GROUP_MEMBERS];
	for (int j = 0; j < n; j++) {
		int k = j;
		for (; k > 0 && m[by_residual[k - 1]].residual > m[j].residual; k--)
			by_residual[k] = by_residual[k - 1];
		by_residual[k] = j;
	}
	group_member sorted_m[MAX_GROUP_MEMBERS];
	for (int j = 0; j < n; j++)
		sorted_m[j] = m[by_residual[j]];
	memcpy(m, sorted_m, sizeof(m[0]) * (size_t)n);
	/* each level's members by ascending shift */
	for (int i = 0; i < g.n_outer; i++) {
		int v = g.outer[i], *o = g.order[i];
		for (int j = 0; j < n; j++) {
			int k = j;
			for (; k > 0 && m[o[k - 1]].shift[v] > m[j].shift[v]; k--)
				o[k] = o[k - 1];
			o[k] = j;
		}
	}
	int64_t c_in = addr->c[inner];
	g.row_lo = c_in > 0 ? c_in * bx->lo[inner] : c_in * bx->hi[inner];
	g.row_hi = (c_in > 0 ? c_in * bx->hi[inner] : c_in * bx->lo[inner]) + bytes;
	g.m = m;
	int all[MAX_GROUP_MEMBERS];
	for (int j = 0; j < n; j++)
		all[j] = j;
	plan->n_seg = plan->n_row = 0;
	int n_top, top = plan_level(&g, 0, all, n, &n_top);
	if (top < 0)
		return 1;
	walk_plan(&g, 0, top, n_top, addr->c0);
	return 0;
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

/* A global access in box form, and the group it leads or follows. */
typedef struct box_access {
	const bound_access *b;
	box_form addr;
	box_form guards[COND_MAX_CONSTRAINTS];
	int leader; /* index of the group's first access */
} box_access;

static int same_loops(const km_access *a, const km_access *b)
{
	return a->n_loops == b->n_loops &&
		memcmp(a->loops, b->loops, sizeof(a->loops[0]) * (size_t)a->n_loops) == 0;
}

/* Whether two accesses differ only by a constant address offset. */
static int translates(const box_access *x, const box_access *y)
{
	const km_access *a = x->b->src, *b = y->b->src;
	return (a->kind == km_store) == (b->kind == km_store) && a->bytes == b->bytes &&
		memcmp(x->addr.c, y->addr.c, sizeof(x->addr.c)) == 0 &&
		x->b->guard.n == y->b->guard.n &&
		memcmp(x->guards, y->guards, sizeof(box_form) * (size_t)x->b->guard.n) == 0 &&
		same_loops(a, b);
}

int wave_boxes_footprint(const launch *l, int64_t first, int64_t count, run_list *loads,
	run_list *stores, int64_t max_runs)
{
	int64_t blo[5][3], bhi[5][3];
	int n_boxes = block_boxes(l, first, count, blo, bhi);
	emitter em = {NULL, 0, max_runs, 0};
	box_access *ba = malloc(sizeof(box_access) * ((size_t)l->n_accesses + 1));
	int64_t *delta = malloc(sizeof(int64_t) * ((size_t)l->n_accesses + 1));
	group_plan plan = {NULL, 0, 0, NULL, 0, 0};
	if (!ba || !delta) {
		free(ba);
		free(delta);
		return -1;
	}
	int n = 0;
	for (int i = 0; i < l->n_accesses; i++) {
		const bound_access *b = &l->accesses[i];
		if (b->field->space != km_space_global || !b->src->analysable)
			continue;
		box_access *x = &ba[n];
		x->b = b;
		to_box_form(l, &b->addr, &x->addr);
		for (int c = 0; c < b->guard.n; c++)
			to_box_form(l, &b->guard.ge0[c], &x->guards[c]);
		x->leader = n;
		for (int j = 0; j < n; j++)
			if (ba[j].leader == j && translates(&ba[j], x)) {
				x->leader = j;
				break;
			}
		n++;
	}
	for (int gi = 0; gi < n && !em.failed && em.runs <= max_runs; gi++) {
		if (ba[gi].leader != gi)
			continue;
		const box_access *lead = &ba[gi];
		const bound_access *b = lead->b;
		const km_access *a = b->src;
		int n_members = 0;
		for (int j = gi; j < n; j++)
			if (ba[j].leader == gi)
				delta[n_members++] = ba[j].addr.c0 - lead->addr.c0;
		em.out = a->kind == km_store ? stores : loads;
		int expanded;
		int64_t tuples;
		box_form guards[COND_MAX_CONSTRAINTS];
		memcpy(guards, lead->guards, sizeof(box_form) * (size_t)b->guard.n);
		expanded_loops(l, b, guards, &expanded, &tuples);
		for (int64_t t = 0; t < tuples && !em.failed && em.runs <= max_runs; t++) {
			/* fix the expanded loops at the t-th tuple of iteration indices */
			box_form a_fixed = lead->addr, g_fixed[COND_MAX_CONSTRAINTS];
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
				if (!alive || emit_group(&em, &plan, &bx, &a_fixed, delta, n_members, a->bytes) == 0)
					continue;
				for (int j = 0; j < n_members && !em.failed && em.runs <= max_runs; j++) {
					box_form member = a_fixed;
					member.c0 += delta[j];
					emit_box(&em, &bx, &member, a->bytes);
				}
			}
		}
	}
	free(ba);
	free(delta);
	free(plan.seg);
	free(plan.rows);
	if (em.failed)
		return -1;
	return em.runs > max_runs ? 1 : 0;
}
