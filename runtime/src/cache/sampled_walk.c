/* The sampled walk of a constant loop nest: only every sample_stride-th
 * tuple is visited, each standing for itself and the tuples up to the next,
 * so instruction and lane counts stay exact and L1 costs are the same
 * systematic sample as the full walk's. Where lanes differ only by a part
 * that no loop changes, a tuple costs O(1): its address pattern is the
 * warp's base pattern moved by one number, costed once per residue. */
#include <string.h>

#include "cache/block_walk.h"

/* Whether an atom of `mask` reads a thread index, directly or through other
 * atoms: then its value differs between lanes at one tuple. */
static int atoms_read_tid(const quasi_atoms *atoms, uint32_t mask)
{
	for (int i = 0; i < atoms->n; i++) {
		if (!(mask >> i & 1))
			continue;
		const quasi_atom *q = &atoms->a[i];
		for (int d = 0; d < 3; d++)
			if (quasi_form_uses(&q->num, atoms, d) ||
			    (q->minmax != quasi_no_minmax && quasi_form_uses(&q->other, atoms, d)))
				return 1;
	}
	return 0;
}

/* An access whose address is base[lane] + part(tuple): the loops' part is
 * the same for every lane, so is the set of active lanes. */
typedef struct split_warp {
	int64_t base[32];          /* each lane's address less the loops' part */
	unsigned char active[32];
	int n_active, first;
	int64_t first_atoms[QUASI_MAX_ATOMS]; /* the first active lane's atoms, loops at 0 */
} split_warp;

static int mod128(int64_t x)
{
	return (int)(((x % 128) + 128) % 128);
}

/* Lanes' bases and active set with the loops at 0 (as the caller left
 * them). 0 when the address is not of that kind. */
static int split_warp_init(walk *w, split_warp *sw)
{
	const bound_access *b = w->b;
	const km_access *a = b->src;
	if (a->analysable && !b->linear && !(b->quasi && !atoms_read_tid(&w->l->atoms, w->loop_mask)))
		return 0;
	sw->n_active = 0;
	sw->first = -1;
	for (int lane = 0; lane < 32; lane++) {
		const int64_t *v = w->lanes->v[lane];
		int on = w->lanes->alive[lane];
		for (int i = 0; i < w->n_checks && on && !w->guard_true; i++)
			on = linear_form_eval(&b->guard.ge0[w->checks[i]], v) >= 0;
		sw->active[lane] = (unsigned char)on;
		sw->base[lane] = 0;
		if (!on)
			continue;
		sw->n_active++;
		if (sw->first < 0)
			sw->first = lane;
		if (!a->analysable)
			continue;
		if (b->linear) {
			sw->base[lane] = linear_form_eval(&b->addr, v);
			continue;
		}
		int64_t own[QUASI_MAX_ATOMS];
		const int64_t *atoms = walk_lane_atoms(w, lane, own);
		int64_t s = quasi_form_eval(&b->qaddr, w->l->atoms.n, v, atoms);
		for (int i = 0; i < w->l->atoms.n; i++)
			if (w->loop_mask >> i & 1)
				s -= b->qaddr.atom[i] * atoms[i];
		sw->base[lane] = s;
		if (lane == sw->first)
			memcpy(sw->first_atoms, atoms, sizeof(int64_t) * (size_t)w->l->atoms.n);
	}
	return 1;
}

/* One tuple of a split warp whose loop part is `part`. */
static void emit_split(walk *w, const split_warp *sw, int64_t part, residue_costs *local,
	residue_costs **rc, int *rc_tried)
{
	const bound_access *b = w->b;
	const km_access *a = b->src;
	if (spend_lanes(w->ev, w->lane_weight)) {
		w->failed = 1;
		return;
	}
	if (sw->n_active == 0)
		return;
	access_stats *s = &w->cls->stats[b->index];
	double repeat = (double)w->repeat;
	s->instructions += repeat * a->count;
	s->lanes += repeat * sw->n_active * a->count;
	if (!a->analysable || w->footprint_only)
		return;
	int64_t off = w->offsets[b->group];
	int64_t shift = off - mod128(off); /* as walk_emit_instruction: alignment only */
	int residue = mod128(sw->base[sw->first] + part - shift);
	if (!*rc_tried || !(*rc)->known[residue]) {
		int64_t addr[32];
		for (int lane = 0; lane < 32; lane++)
			addr[lane] = sw->base[lane] + part - shift;
		if (!*rc_tried) {
			if (!w->ev->patterns)
				w->ev->patterns = lane_pattern_table_alloc();
			*rc = lane_pattern_costs(w->ev->patterns, a->bytes, w->unit, addr, sw->active);
			if (!*rc) { /* table full or none: this walk keeps its own */
				memset(local->known, 0, sizeof(local->known));
				*rc = local;
			}
			*rc_tried = 1;
		}
		if (!(*rc)->known[residue]) {
			warp_access_cost(w->l->hw, w->unit, a->bytes, addr, sw->active, &(*rc)->cost[residue]);
			(*rc)->known[residue] = 1;
		}
	}
	add_cost(w->cls, s, &(*rc)->cost[residue], repeat * a->count,
		w->global && a->kind != km_store);
}

int walk_sampled(walk *w)
{
	const km_access *a = w->b->src;
	int64_t stride = (int64_t)w->plan->sample_stride, tuples = 1;
	if (stride <= 1 || (w->global && !footprint_boxed(w->ev, w->b)) || !(w->b->guard_linear || w->guard_true))
		return 0;
	for (int i = 0; i < w->n_checks && !w->guard_true; i++)
		for (int v = 6; v < EXPR_N_VARYING; v++)
			if (w->b->guard.ge0[w->checks[i]].coeff[v] != 0)
				return 0;
	for (int j = 0; j < a->n_loops; j++) {
		const bound_loop *bl = &w->l->loops[a->loops[j]];
		if (!bl->constant)
			return 0;
		tuples *= bl->trips;
	}
	/* loop variables are 0 here (each warp starts from zeroed lanes) */
	const bound_access *b = w->b;
	split_warp sw;
	residue_costs local, *rc = NULL;
	int split = split_warp_init(w, &sw), rc_tried = 0;
	int64_t v[EXPR_N_VARYING], atoms[QUASI_MAX_ATOMS];
	if (split && sw.first >= 0) {
		memcpy(v, w->lanes->v[sw.first], sizeof(v));
		memcpy(atoms, sw.first_atoms, sizeof(atoms));
	}
	for (int64_t n = 0; n < tuples && !w->failed; n += stride) {
		int64_t rest = n, part = 0; /* the innermost loop fastest, as the full walk */
		for (int j = a->n_loops - 1; j >= 0; j--) {
			const bound_loop *bl = &w->l->loops[a->loops[j]];
			int sym = bl->src->sym, vi = 6 + w->l->kernel->symbols.loop_index[sym];
			int64_t value = bl->lower + (rest % bl->trips) * bl->src->step;
			rest /= bl->trips;
			if (split) {
				v[vi] = value;
				part += (b->linear ? b->addr.coeff[vi] : b->qaddr.lin.coeff[vi]) * value;
				continue;
			}
			for (int lane = 0; lane < 32; lane++) {
				w->lanes->v[lane][vi] = value;
				w->lanes->env[lane][sym] = value;
			}
		}
		w->repeat = tuples - n < stride ? tuples - n : stride;
		if (!split) {
			walk_emit_instruction(w);
			continue;
		}
		if (b->quasi && !b->linear && w->loop_mask && sw.first >= 0 && a->analysable) {
			/* the loop atoms: lane-uniform, evaluated once a tuple */
			quasi_atoms_eval_masked(&w->l->atoms, v, atoms, w->loop_mask);
			for (int i = 0; i < w->l->atoms.n; i++)
				if (w->loop_mask >> i & 1)
					part += b->qaddr.atom[i] * atoms[i];
		}
		emit_split(w, &sw, part, &local, &rc, &rc_tried);
	}
	w->repeat = 0;
	return 1;
}
