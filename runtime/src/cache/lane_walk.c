/* The lane-by-lane walk of one access over a warp: each lane's loop
 * bounds, guard and address, then the warp-instruction's L1 cost and the
 * lanes' byte runs. */
#include <string.h>

#include "cache/block_walk.h"

const int64_t *walk_lane_atoms(const walk *w, int lane, int64_t *own)
{
	size_t n = (size_t)w->l->atoms.n, t = (size_t)(32 * w->warp + lane);
	if (w->thread_atoms)
		return &w->thread_atoms[t * n];
	if (w->thread_part && !w->loop_mask)
		return &w->thread_part[t * n]; /* the access reads no loop atom */
	if (w->thread_part) {
		memcpy(own, &w->thread_part[t * n], n * sizeof(*own));
		quasi_atoms_eval_masked(&w->l->atoms, w->lanes->v[lane], own, w->loop_mask);
		return own;
	}
	quasi_atoms_eval(&w->l->atoms, w->lanes->v[lane], own);
	return own;
}

void walk_emit_instruction(walk *w)
{
	const bound_access *b = w->b;
	const km_access *a = b->src;
	const warpest_kernel *k = w->l->kernel;
	int64_t addr[32];
	unsigned char active[32];
	int n_active = 0;
	/* Lanes of one warp-instruction differ only in tid when the loops are
	 * the same for all of them: evaluate the shared part of each form once. */
	if (w->uniform_loops && (b->guard_linear || w->guard_true) &&
	    (b->linear || !a->analysable || (b->quasi && w->plan->atoms_tid_free))) {
		int first = -1;
		for (int lane = 0; lane < 32 && first < 0; lane++)
			if (w->lanes->alive[lane])
				first = lane;
		int64_t gbase[COND_MAX_CONSTRAINTS], abase = 0;
		const int64_t *v0 = first >= 0 ? w->lanes->v[first] : NULL;
		for (int i = 0; i < w->n_checks && v0; i++) {
			const linear_form *f = &b->guard.ge0[w->checks[i]];
			gbase[i] = linear_form_eval(f, v0) - f->coeff[0] * v0[0] - f->coeff[1] * v0[1] -
				f->coeff[2] * v0[2];
		}
		/* the address's tid terms; the rest, atoms included, is the first
		 * lane's */
		const int64_t *tc = b->linear ? b->addr.coeff : b->qaddr.lin.coeff;
		if (v0 && a->analysable && b->linear)
			abase = linear_form_eval(&b->addr, v0);
		else if (v0 && a->analysable) {
			int64_t own[QUASI_MAX_ATOMS];
			abase = quasi_form_eval(&b->qaddr, w->l->atoms.n, v0, walk_lane_atoms(w, first, own));
		}
		if (v0)
			abase -= tc[0] * v0[0] + tc[1] * v0[1] + tc[2] * v0[2];
		for (int lane = 0; lane < 32; lane++) {
			active[lane] = 0;
			if (!w->lanes->alive[lane])
				continue;
			const int64_t *v = w->lanes->v[lane];
			int on = 1;
			for (int i = 0; i < w->n_checks && on; i++) {
				const linear_form *f = &b->guard.ge0[w->checks[i]];
				on = gbase[i] + f->coeff[0] * v[0] + f->coeff[1] * v[1] + f->coeff[2] * v[2] >= 0;
			}
			if (!on)
				continue;
			active[lane] = 1;
			n_active++;
			if (a->analysable)
				addr[lane] = abase + tc[0] * v[0] + tc[1] * v[1] + tc[2] * v[2];
		}
	} else
	for (int lane = 0; lane < 32; lane++) {
		active[lane] = 0;
		if (!w->lanes->alive[lane])
			continue;
		int on;
		if (b->guard_linear || w->guard_true) {
			on = 1;
			for (int i = 0; i < w->n_checks && on; i++)
				on = linear_form_eval(&b->guard.ge0[w->checks[i]], w->lanes->v[lane]) >= 0;
		} else if (w->dnf) {
			on = 0;
			for (int i = 0; i < w->n_live && !on; i++) {
				const dnf_term *term = &w->dnf->term[w->live[i]];
				on = 1;
				for (int c = 0; c < term->n && on; c++)
					on = dnf_constraint_holds(term, c, w->lanes->v[lane]);
			}
		} else if (b->guard_quasi) {
			int64_t own[QUASI_MAX_ATOMS];
			const int64_t *atoms = walk_lane_atoms(w, lane, own);
			on = 1;
			for (int i = 0; i < w->n_qchecks && on; i++)
				on = quasi_cond_holds(&b->qguard, w->qchecks[i], w->l->atoms.n, w->lanes->v[lane],
					atoms);
		} else
			on = (!k->guard || expr_eval_cond(k->guard, w->lanes->env[lane])) &&
			     (!a->guard || expr_eval_cond(a->guard, w->lanes->env[lane]));
		if (!on)
			continue;
		active[lane] = 1;
		n_active++;
		if (a->analysable && b->linear)
			addr[lane] = linear_form_eval(&b->addr, w->lanes->v[lane]);
		else if (a->analysable && b->quasi) {
			int64_t own[QUASI_MAX_ATOMS];
			const int64_t *atoms = walk_lane_atoms(w, lane, own);
			addr[lane] = quasi_form_eval(&b->qaddr, w->l->atoms.n, w->lanes->v[lane], atoms);
		} else if (a->analysable)
			addr[lane] = b->field_base + expr_eval(a->offset, w->lanes->env[lane]);
	}
	int64_t t = w->tuple_index++;
	if (spend_lanes(w->ev, w->lane_weight)) {
		w->failed = 1;
		return;
	}
	if (n_active == 0)
		return;
	access_stats *s = &w->cls->stats[b->index];
	double repeat = w->repeat > 1 ? (double)w->repeat : 1.0;
	s->instructions += repeat * a->count;
	s->lanes += repeat * n_active * a->count;
	if (!a->analysable)
		return;
	int64_t off = w->offsets[b->group];
	if (w->global && !w->ev->use_boxes) {
		run_list *runs = a->kind == km_store ? &w->cls->store_runs[b->group] :
			&w->cls->load_runs[b->group];
		for (int lane = 0; lane < 32; lane++)
			if (active[lane] && run_list_push(runs, addr[lane] - off, addr[lane] - off + a->bytes))
				w->failed = 1;
	}
	double weight = w->repeat > 0 ? (double)w->repeat : w->plan->sample_stride;
	if (w->footprint_only || (w->repeat == 0 && weight > 1 && t % (int64_t)weight != 0))
		return;
	/* L1 metrics depend on alignment only; take addresses relative to the
	 * block offset plus its residue so every block of a class agrees. */
	int64_t shift = off - (((off % 128) + 128) % 128);
	for (int lane = 0; lane < 32; lane++)
		if (active[lane])
			addr[lane] -= shift;
	warp_cost cost;
	int first = 0;
	while (!active[first])
		first++;
	int same = w->memo_valid && ((addr[first] - w->memo_first) & 127) == 0 &&
		memcmp(active, w->memo_active, sizeof(w->memo_active)) == 0;
	for (int lane = first; lane < 32 && same; lane++)
		same = !active[lane] || addr[lane] - addr[first] == w->memo_delta[lane];
	if (same)
		cost = w->memo_cost;
	else {
		/* the same lane pattern at another residue modulo 128 (a loop moving
		 * the warp by 16 B a tuple): costed once per residue, kept with the
		 * evaluator's patterns */
		if (!w->ev->patterns)
			w->ev->patterns = lane_pattern_table_alloc(); /* NULL: costed each time */
		residue_costs *rc = lane_pattern_costs(w->ev->patterns, a->bytes, w->unit, addr, active);
		cost = *residue_cost_lookup(rc, w->l->hw, w->unit, a->bytes, addr, active, &cost);
		w->memo_valid = 1;
		w->memo_first = addr[first];
		memcpy(w->memo_active, active, sizeof(w->memo_active));
		for (int lane = 0; lane < 32; lane++)
			w->memo_delta[lane] = active[lane] ? addr[lane] - addr[first] : 0;
		w->memo_cost = cost;
	}
	add_cost(w->cls, s, &cost, weight * a->count, w->global && a->kind != km_store);
}

void walk_loops(walk *w, int level)
{
	const km_access *a = w->b->src;
	if (level == a->n_loops) {
		walk_emit_instruction(w);
		return;
	}
	int li = a->loops[level];
	const bound_loop *bl = &w->l->loops[li];
	int sym = bl->src->sym;
	int vi = 6 + w->l->kernel->symbols.loop_index[sym];
	int64_t lower[32], trips[32], max_trips = 0;
	unsigned char saved[32];
	memcpy(saved, w->lanes->alive, sizeof(saved));
	int first = -1; /* bounds of the block only: the first lane's serve all */
	for (int lane = 0; lane < 32; lane++) {
		if (!saved[lane])
			continue;
		if (bl->block_uniform && first >= 0) {
			lower[lane] = lower[first];
			trips[lane] = trips[first];
		} else if (bl->constant) {
			lower[lane] = bl->lower;
			trips[lane] = bl->trips;
		} else if (bl->quasi) {
			int64_t atoms[QUASI_MAX_ATOMS];
			bound_loop_trips(bl, &w->l->bound_atoms, w->lanes->v[lane], atoms, &lower[lane],
				&trips[lane]);
			first = first < 0 ? lane : first;
		} else {
			lower[lane] = expr_eval(bl->src->lower, w->lanes->env[lane]);
			if (bl->src->upper) {
				int64_t span = expr_eval(bl->src->upper, w->lanes->env[lane]) - lower[lane];
				trips[lane] = span <= 0 ? 0 : (span + bl->src->step - 1) / bl->src->step;
			} else
				trips[lane] = bl->src->assumed_trips;
			first = first < 0 ? lane : first;
		}
		if (trips[lane] > max_trips)
			max_trips = trips[lane];
	}
	/* the innermost loop emits one instruction a trip: one that cannot fit
	 * the work limit fails now (10^12 trips took seconds to reach it) */
	if (level + 1 == a->n_loops && would_pass_limit(w->ev, max_trips, 32 * w->lane_weight)) {
		w->failed = 1;
		return;
	}
	for (int64_t it = 0; it < max_trips && !w->failed; it++) {
		for (int lane = 0; lane < 32; lane++) {
			if (!saved[lane])
				continue;
			w->lanes->alive[lane] = it < trips[lane];
			int64_t value = lower[lane] + it * bl->src->step;
			w->lanes->v[lane][vi] = value;
			w->lanes->env[lane][sym] = value;
		}
		walk_loops(w, level + 1);
	}
	memcpy(w->lanes->alive, saved, sizeof(saved));
}
