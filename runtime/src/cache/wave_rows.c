/* Rows of one address over one box (wave_boxes.c decomposes a wave into
 * such boxes): contiguous rows become one run each, and translates of one
 * address (a stencil's neighbours, a thread's tile) are emitted as one union
 * of shifted boxes, so their rows come merged where they touch. */
#include "cache/wave_rows.h"

#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "base/small_sort.h"

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

int emitter_read_clock(emitter *em)
{
	if (clock_seconds() > em->deadline)
		em->timed_out = 1;
	return em->timed_out;
}

/* Rows along the variable with the smallest stride: contiguous rows become
 * one run each. */
void emit_box(emitter *em, const box *bx, const box_form *addr, int bytes)
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
	/* gaps narrower than a unit leave no unit between the ends untouched */
	int whole_units = !contiguous && em->unit > 1 && llabs((long long)c_in) - bytes < em->unit;
	double rows = contiguous || whole_units ? 1 : (double)(bx->hi[inner] - bx->lo[inner] + 1);
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
		} else if (whole_units) {
			int64_t lo = floor_div64(first, em->unit) * em->unit;
			int64_t hi = (floor_div64(last + bytes - 1, em->unit) + 1) * em->unit;
			if (run_list_push(em->out, lo, hi))
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
		if (i == n || emitter_stopped(em))
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

void group_plan_free(group_plan *p)
{
	free(p->seg);
	free(p->rows);
	p->seg = NULL;
	p->rows = NULL;
	p->n_seg = p->cap_seg = p->n_row = p->cap_row = 0;
}

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
			if (emitter_stopped(em))
				return;
		}
	}
}

/* Emits the union of `n` translates (c0 + delta[j]) of `addr` over box `bx`
 * whose rows are contiguous. Returns 0 when done, 1 when per-member emission
 * applies instead (nothing was emitted). */
static int emit_group(emitter *em, group_plan *plan, const box *bx, const box_form *addr,
	const int64_t *delta, int n, int bytes)
{
	group_walk g; /* not zeroed: its order tables are large; set below */
	g.em = em, g.bx = bx, g.addr = addr, g.m = NULL, g.plan = plan, g.n_members = n;
	int inner;
	g.n_outer = row_variables(bx, addr, &inner, g.outer);
	if (g.n_outer < 0)
		return 0;
	/* strided rows (|c| > bytes): emit_strided_translates */
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


/* Strided rows (|c| > bytes along the row variable) are one run per element
 * member by member, except where members fill each other's gaps (a loop
 * unrolled by k reading a[k*i + j], j < k; a thread's tile of consecutive
 * elements): the members' deltas, sorted, fall into clusters with no hole
 * wider than an element; a cluster that spans at least the stride is one
 * contiguous row per outer point, from its lowest member's first element to
 * its highest's last. */
static void emit_strided_translates(emitter *em, const box *bx, const box_form *addr,
	int64_t stride, const int64_t *delta, int n, int bytes)
{
	int64_t sorted[MAX_GROUP_MEMBERS];
	memcpy(sorted, delta, sizeof(int64_t) * (size_t)n);
	small_sort_int64(sorted, n);
	for (int from = 0, to; from < n && !emitter_stopped(em); from = to) {
		for (to = from + 1; to < n && sorted[to] - sorted[to - 1] <= bytes; to++)
			;
		int64_t span = sorted[to - 1] - sorted[from] + bytes;
		box_form member = *addr;
		if (to - from >= 2 && span >= stride && span <= ((int64_t)1 << 30)) {
			member.c0 += sorted[from];
			emit_box(em, bx, &member, (int)span);
			continue;
		}
		for (int j = from; j < to && !emitter_stopped(em); j++) {
			member.c0 = addr->c0 + sorted[j];
			emit_box(em, bx, &member, bytes);
		}
	}
}

void emit_translates(emitter *em, group_plan *plan, const box *bx, const box_form *addr,
	const int64_t *delta, int n, int bytes)
{
	int outer[N_BOX_VARS], inner;
	if (row_variables(bx, addr, &inner, outer) < 0)
		return;
	if (inner >= 0 && n >= 2 && llabs((long long)addr->c[inner]) > bytes) {
		emit_strided_translates(em, bx, addr, llabs((long long)addr->c[inner]), delta, n, bytes);
		return;
	}
	if (emit_group(em, plan, bx, addr, delta, n, bytes) == 0)
		return;
	for (int j = 0; j < n && !emitter_stopped(em); j++) {
		box_form member = *addr;
		member.c0 += delta[j];
		emit_box(em, bx, &member, bytes);
	}
}
