/* L1 statistics of affine accesses a warp at a time (block_eval_impl.h,
 * affine_access_stats): where every lane of a warp-instruction is active,
 * its cost comes from a table by the first lane's residue modulo 128; only
 * warps split by a guard are costed lane by lane. */
#include "cache/block_eval_impl.h"

/* The cost of warp `warp` of access `b` when its first lane's address is
 * `residue` modulo 128 and every lane of the warp is active. */
static const warp_cost *residue_cost(block_evaluator *ev, const bound_access *b, int warp,
	int residue)
{
	const launch *l = ev->l;
	int shape = ev->warp_shape[warp];
	residue_costs **slot = &ev->costs[ev->plans[b->index].pattern * l->warps_per_block + shape];
	if (!*slot && !(*slot = calloc(1, sizeof(residue_costs))))
		return NULL;
	residue_costs *rc = *slot;
	if (!rc->known[residue]) {
		/* lanes relative to the first, placed high enough that every
		 * address is positive (2^40 is a multiple of 128) */
		int64_t addr[32];
		unsigned char active[32];
		const int64_t *t0 = ev->tid[32 * shape];
		for (int lane = 0; lane < 32; lane++) {
			int t = 32 * shape + lane;
			active[lane] = t < l->threads_per_block;
			addr[lane] = 0;
			if (active[lane])
				for (int d = 0; d < 3; d++)
					addr[lane] += b->addr.coeff[d] * (ev->tid[t][d] - t0[d]);
			addr[lane] += ((int64_t)1 << 40) + residue;
		}
		warp_access_cost(l->hw, warp_unit_of(b->field), b->src->bytes, addr, active,
			&rc->cost[residue]);
		rc->known[residue] = 1;
	}
	return &rc->cost[residue];
}

/* Split warps already met, by (lane pattern of the access, warp, active
 * lanes): those three fix the lane pattern table's key (the address deltas
 * come from the warp's thread indices and the access's tid coefficients),
 * so its entry is found without hashing the lanes again. */
#define SPLIT_SLOTS 1024

typedef struct split_entry {
	int pattern, warp; /* pattern -1: free */
	uint32_t active;
	residue_costs *costs;
} split_entry;

struct split_memo {
	int n;
	split_entry slot[SPLIT_SLOTS];
};

void split_memo_free(split_memo *s)
{
	free(s);
}

/* The slot of (pattern, warp, active): its entry, or the free slot where it
 * goes; NULL when the memo is full or missing. */
static split_entry *split_slot(split_memo *s, int pattern, int warp, uint32_t active)
{
	if (!s)
		return NULL;
	uint64_t h = ((uint64_t)(uint32_t)pattern * 1000003u + (uint64_t)warp) * 0x9e3779b97f4a7c15ull ^
		(uint64_t)active * 0xff51afd7ed558ccdull;
	for (int probe = 0, i = (int)(h >> 54); probe < SPLIT_SLOTS; probe++, i = (i + 1) % SPLIT_SLOTS) {
		split_entry *e = &s->slot[i];
		if (e->pattern < 0 || (e->pattern == pattern && e->warp == warp && e->active == active))
			return e;
	}
	return NULL;
}

/* The cost of warp `warp` of access `b` split by a guard (not every lane
 * active): by lane pattern and first-lane residue modulo 128, from the
 * evaluator's pattern table (an affine access's warp has one set of address
 * deltas, so its patterns are the active masks its guards cut); costed
 * directly when the table is full. */
static const warp_cost *split_warp_cost(block_evaluator *ev, const bound_access *b, int warp,
	const int64_t *addr, const unsigned char *active, warp_cost *scratch)
{
	warp_unit unit = warp_unit_of(b->field);
	int bytes = b->src->bytes;
	if (!ev->patterns)
		ev->patterns = lane_pattern_table_alloc(); /* NULL: costed per warp */
	if (!ev->split && (ev->split = malloc(sizeof(split_memo)))) {
		ev->split->n = 0;
		for (int i = 0; i < SPLIT_SLOTS; i++)
			ev->split->slot[i].pattern = -1;
	}
	uint32_t mask = 0;
	for (int lane = 0; lane < 32; lane++)
		mask |= active[lane] ? (uint32_t)1 << lane : 0;
	int pattern = ev->plans[b->index].pattern;
	split_entry *e = split_slot(ev->split, pattern, warp, mask);
	residue_costs *rc = e && e->pattern >= 0 ? e->costs : NULL;
	if (!rc) {
		rc = lane_pattern_costs(ev->patterns, bytes, unit, addr, active);
		/* kept while the memo stays at most half full */
		if (rc && e && 2 * (ev->split->n + 1) <= SPLIT_SLOTS) {
			e->pattern = pattern, e->warp = warp, e->active = mask, e->costs = rc;
			ev->split->n++;
		}
	}
	return residue_cost_lookup(rc, ev->l->hw, unit, bytes, addr, active, scratch);
}

/* One warp of affine_access_stats over the tuples of loops [first_loop,
 * n_loops) (the outer ones fixed: their parts are in block_part and g_part)
 * when those loops do not move its guard: the warp is active, idle or split
 * alike in every tuple, so every tuple is counted at once and only the
 * costed ones (every sample_stride-th of the warp's tuples, which start at
 * t0 here, weighted by tuple_weight) are visited. Same sums as the tuple
 * walk. */
static int sampled_tuples_stats(block_evaluator *ev, block_class *cls, const bound_access *b,
	int warp, int64_t n_tuples, int64_t t0, int first_loop, const int64_t *trips,
	const int64_t *step, int64_t block_part, const linear_form *const *g, const int64_t *g_part, const int64_t *g_min,
	const int64_t *g_max, int n_checks)
{
	const launch *l = ev->l;
	const km_access *a = b->src;
	access_stats *s = &cls->stats[b->index];
	int first = 32 * warp;
	int n_lanes = l->threads_per_block - first < 32 ? l->threads_per_block - first : 32;
	const int64_t (*tid)[3] = (const int64_t (*)[3])&ev->tid[first];
	int idle = 0, split = 0;
	for (int k = 0; k < n_checks && !idle; k++) {
		if (g_part[k] + g_max[k] < 0)
			idle = 1;
		else if (g_part[k] + g_min[k] < 0)
			split = 1;
	}
	if (idle)
		return 0;
	unsigned char active[32] = {0};
	int n_active = 0;
	for (int lane = 0; lane < n_lanes; lane++) {
		int on = 1;
		for (int k = 0; k < n_checks && on && split; k++)
			on = g_part[k] + tid_part(g[k]->coeff, tid[lane]) >= 0;
		active[lane] = (unsigned char)on;
		n_active += on;
	}
	if (n_active == 0)
		return 0;
	s->instructions += (double)n_tuples * a->count;
	s->lanes += (double)n_active * (double)n_tuples * a->count;
	const access_plan *plan = &ev->plans[b->index];
	int64_t stride = (int64_t)plan->sample_stride;
	int global = b->field->space == km_space_global;
	int64_t addr_tid = tid_part(b->addr.coeff, tid[0]);
	for (int64_t n = (stride - t0 % stride) % stride; n < n_tuples; n += stride) {
		if (spend_lanes(ev, 1))
			return -1;
		/* the tuple's loop indices: the innermost loop fastest */
		int64_t loop_part = 0, rest = n;
		for (int j = a->n_loops - 1; j >= first_loop; j--) {
			loop_part += step[j] * (rest % trips[j]);
			rest /= trips[j];
		}
		warp_cost lane_cost;
		const warp_cost *cost;
		if (split) {
			int64_t addr[32];
			for (int lane = 0; lane < n_lanes; lane++)
				addr[lane] = block_part + loop_part + tid_part(b->addr.coeff, tid[lane]);
			cost = split_warp_cost(ev, b, warp, addr, active, &lane_cost);
		} else {
			int64_t addr = block_part + loop_part + addr_tid;
			if (!(cost = residue_cost(ev, b, warp, (int)(((addr % 128) + 128) % 128))))
				return -1;
		}
		add_cost(cls, s, cost, tuple_weight(plan, t0 + n) * a->count, global && a->kind != km_store);
	}
	return 0;
}

/* The next tuple of loops [0, n_loops): the innermost fastest, as the lane
 * walk; `part` and `g` (the address's and the open constraints' loop parts)
 * follow. */
static void next_tuple(int n_loops, int64_t *idx, const int64_t *trips, const int64_t *step,
	int64_t (*g_step)[COND_MAX_CONSTRAINTS], int n_checks, int64_t *part, int64_t *g)
{
	for (int j = n_loops - 1; j >= 0; j--) {
		*part += step[j];
		for (int k = 0; k < n_checks; k++)
			g[k] += g_step[j][k];
		if (++idx[j] < trips[j])
			break;
		*part -= step[j] * trips[j];
		for (int k = 0; k < n_checks; k++)
			g[k] -= g_step[j][k] * trips[j];
		idx[j] = 0;
	}
}

/* The L1 statistics of an affine access whose loops have constant bounds.
 * Lanes share the loop values, so a guard constraint that the class key
 * leaves open (`checks`) is bounded over a whole warp from the range of its
 * thread-index part: a warp is entirely active, entirely idle, or split.
 * Entirely active warp-instructions cost their residue cost; only split ones
 * are evaluated lane by lane. Same sums, in the same order, as the lane
 * walk. Returns -1 on allocation failure or at the work limit. */
int affine_access_stats(block_evaluator *ev, block_class *cls, const bound_access *b,
	const int *checks, int n_checks, const int64_t *c, const int64_t *offsets)
{
	const launch *l = ev->l;
	const km_access *a = b->src;
	const linear_form *f = &b->addr;
	access_stats *s = &cls->stats[b->index];
	int64_t off = offsets[b->group];
	/* as for lanes: addresses relative to the block offset less its residue */
	int64_t block_part = f->c0 + f->coeff[3] * c[0] + f->coeff[4] * c[1] + f->coeff[5] * c[2] -
		(off - (((off % 128) + 128) % 128));
	/* each open constraint: its value without the thread-index part */
	int64_t g_part[COND_MAX_CONSTRAINTS];
	const linear_form *g[COND_MAX_CONSTRAINTS];
	int g_id[COND_MAX_CONSTRAINTS];
	for (int k = 0; k < n_checks; k++) {
		g[k] = &b->guard.ge0[checks[k]];
		g_id[k] = ev->cached ? ev->plans[b->index].constraint_id[checks[k]] : -1;
		g_part[k] = g[k]->c0 + g[k]->coeff[3] * c[0] + g[k]->coeff[4] * c[1] +
			g[k]->coeff[5] * c[2];
	}
	int64_t trips[EXPR_MAX_LOOPS], step[EXPR_MAX_LOOPS], g_step[EXPR_MAX_LOOPS][COND_MAX_CONSTRAINTS];
	int64_t idx[EXPR_MAX_LOOPS], n_tuples = 1;
	for (int j = 0; j < a->n_loops; j++) {
		const bound_loop *bl = &l->loops[a->loops[j]];
		int vi = 6 + l->kernel->symbols.loop_index[bl->src->sym];
		trips[j] = bl->trips;
		step[j] = f->coeff[vi] * bl->src->step;
		block_part += f->coeff[vi] * bl->lower;
		for (int k = 0; k < n_checks; k++) {
			g_step[j][k] = g[k]->coeff[vi] * bl->src->step;
			g_part[k] += g[k]->coeff[vi] * bl->lower;
		}
		n_tuples *= trips[j] > 0 ? trips[j] : 0;
	}
	const access_plan *plan = &ev->plans[b->index];
	double weight = plan->sample_stride;
	int global = b->field->space == km_space_global;
	/* the innermost loops that do not move the guard (from `still` on): the
	 * same for every warp */
	int still = a->n_loops;
	for (int moves = 0; still > 0 && !moves; still -= !moves)
		for (int k = 0; k < n_checks; k++)
			moves |= g_step[still - 1][k] != 0;
	for (int warp = 0; warp < l->warps_per_block; warp++) {
		int first = 32 * warp;
		int n_lanes = l->threads_per_block - first < 32 ? l->threads_per_block - first : 32;
		const int64_t (*tid)[3] = (const int64_t (*)[3])&ev->tid[first];
		int64_t addr_tid = tid_part(f->coeff, tid[0]);
		int64_t t_index = 0; /* costed tuples count from each warp's first */
		/* range of each open constraint's thread-index part over the warp
		 * (the same for every access and class: kept per constraint) */
		int64_t g_min[COND_MAX_CONSTRAINTS], g_max[COND_MAX_CONSTRAINTS];
		for (int k = 0; k < n_checks; k++) {
			int id = warp < 32 ? g_id[k] : -1;
			if (id >= 0 && ev->warp_range && ev->warp_range_known[id][warp]) {
				g_min[k] = ev->warp_range[id][warp][0];
				g_max[k] = ev->warp_range[id][warp][1];
				continue;
			}
			g_min[k] = g_max[k] = tid_part(g[k]->coeff, tid[0]);
			for (int lane = 1; lane < n_lanes; lane++) {
				int64_t v = tid_part(g[k]->coeff, tid[lane]);
				g_min[k] = v < g_min[k] ? v : g_min[k];
				g_max[k] = v > g_max[k] ? v : g_max[k];
			}
			if (id >= 0 && ev->warp_range) {
				ev->warp_range[id][warp][0] = g_min[k];
				ev->warp_range[id][warp][1] = g_max[k];
				ev->warp_range_known[id][warp] = 1;
			}
		}
		if (still < a->n_loops && weight > 1) {
			/* each tuple of the loops that move the guard (one when none
			 * does: the whole walk) fixes the guard for the still loops'
			 * tuples; those are counted at once */
			int64_t n_outer = 1, n_inner = 1, outer_part = 0, g_at[COND_MAX_CONSTRAINTS];
			for (int j = 0; j < a->n_loops; j++) {
				int64_t t = trips[j] > 0 ? trips[j] : 0;
				*(j < still ? &n_outer : &n_inner) *= t;
				idx[j] = 0;
			}
			for (int k = 0; k < n_checks; k++)
				g_at[k] = g_part[k];
			for (int64_t o = 0; o < n_outer; o++) {
				if (sampled_tuples_stats(ev, cls, b, warp, n_inner, t_index, still, trips, step,
					block_part + outer_part, g, g_at, g_min, g_max, n_checks))
					return -1;
				t_index += n_inner;
				next_tuple(still, idx, trips, step, g_step, n_checks, &outer_part, g_at);
			}
			continue;
		}
		int64_t loop_part = 0, g_loop[COND_MAX_CONSTRAINTS];
		for (int k = 0; k < n_checks; k++)
			g_loop[k] = 0;
		for (int j = 0; j < a->n_loops; j++)
			idx[j] = 0;
		for (int64_t n = 0; n < n_tuples; n++) {
			int64_t t = t_index++;
			if (spend_lanes(ev, 1))
				return -1;
			int split = 0, idle = 0;
			for (int k = 0; k < n_checks && !idle; k++) {
				int64_t base = g_part[k] + g_loop[k];
				if (base + g_max[k] < 0)
					idle = 1;
				else if (base + g_min[k] < 0)
					split = 1;
			}
			warp_cost lane_cost;
			const warp_cost *cost = NULL;
			int n_active = idle ? 0 : n_lanes;
			int costed = !(weight > 1 && t % (int64_t)weight != 0);
			if (!idle && split) {
				int64_t addr[32];
				unsigned char active[32] = {0};
				n_active = 0;
				for (int lane = 0; lane < n_lanes; lane++) {
					int on = 1;
					for (int k = 0; k < n_checks && on; k++)
						on = g_part[k] + g_loop[k] + tid_part(g[k]->coeff, tid[lane]) >= 0;
					active[lane] = (unsigned char)on;
					n_active += on;
					addr[lane] = block_part + loop_part + tid_part(f->coeff, tid[lane]);
				}
				if (n_active > 0 && costed) {
					cost = split_warp_cost(ev, b, warp, addr, active, &lane_cost);
				}
			} else if (!idle && costed) {
				int64_t addr = block_part + loop_part + addr_tid;
				cost = residue_cost(ev, b, warp, (int)(((addr % 128) + 128) % 128));
				if (!cost)
					return -1;
			}
			if (n_active > 0) {
				s->instructions += a->count;
				s->lanes += (double)n_active * a->count;
			}
			if (cost)
				add_cost(cls, s, cost, tuple_weight(plan, t) * a->count, global && a->kind != km_store);
			next_tuple(a->n_loops, idx, trips, step, g_step, n_checks, &loop_part, g_loop);
		}
	}
	return 0;
}
