/* One block class: the L1 cost of every warp-instruction of the
 * representative block (by residue tables where lanes are alike, lane by
 * lane otherwise) and the block's byte footprint per access group. */
#include <stdlib.h>
#include <string.h>

#include "base/small_sort.h"
#include "cache/block_walk.h"

void block_class_free(block_class *c, int n_groups)
{
	if (!c)
		return;
	for (int g = 0; c->load_runs && g < n_groups; g++) {
		run_list_free(&c->load_runs[g]);
		run_list_free(&c->store_runs[g]);
	}
	for (int g = 0; c->load_units && g < n_groups; g++)
		run_list_free(&c->load_units[g]);
	for (int g = 0; c->store_units && g < n_groups; g++)
		run_list_free(&c->store_units[g]);
	free(c->load_units);
	free(c->store_units);
	free(c->load_runs);
	free(c->store_runs);
	free(c->stats);
	free(c->key);
	free(c);
}

/* Sets up the lanes of warp `warp` of block c (tpb threads) for a walk:
 * tid and ctaid, and where the access evaluates expressions, the
 * environment. */
static void warp_lanes(const block_evaluator *ev, const int64_t *c, int tpb, int warp, int with_env,
	lane_state *lanes)
{
	const launch *l = ev->l;
	for (int lane = 0; lane < 32; lane++) {
		int t = warp * 32 + lane;
		lanes->alive[lane] = t < tpb;
		int64_t *v = lanes->v[lane];
		memset(v, 0, sizeof(lanes->v[lane]));
		if (t < tpb)
			v[0] = ev->tid[t][0], v[1] = ev->tid[t][1], v[2] = ev->tid[t][2];
		v[3] = c[0], v[4] = c[1], v[5] = c[2];
		if (with_env) {
			memcpy(lanes->env[lane], l->env, sizeof(lanes->env[lane]));
			for (int d = 0; d < 6; d++)
				lanes->env[lane][d] = v[d];
		}
	}
}

/* The L1 statistics and lane runs of quasi-affine access `lead` and of every
 * later access that is a translate of it, a warp at a time: the leader's
 * lanes are evaluated once (atoms per thread from thread_atoms), each member
 * costs the warp's cost at its residue modulo 128 (computed once per residue
 * and warp), and its runs are the leader's merged lane runs moved by its
 * constant. Same sums per access as the lane walk. Returns -1 on allocation
 * failure or at the work limit. */
static int quasi_group_stats(block_evaluator *ev, block_class *cls, int lead, const int *checks,
	int n_checks, const int64_t *c, const int64_t *offsets, const int64_t *thread_atoms)
{
	const launch *l = ev->l;
	const bound_access *b = &l->accesses[lead];
	int members[QUASI_GROUP_MAX], n_members = 0;
	for (int i = lead; i < l->n_accesses && n_members < QUASI_GROUP_MAX; i++)
		if (ev->plans[i].leader == lead)
			members[n_members++] = i;
	int global = b->field->space == km_space_global;
	int64_t off = offsets[b->group];
	int64_t shift = off - (((off % 128) + 128) % 128);
	run_list *runs = b->src->kind == km_store ? &cls->store_runs[b->group] : &cls->load_runs[b->group];
	int n_atoms = l->atoms.n;
	warp_cost cost[128];
	unsigned char known[128];
	for (int warp = 0; warp < l->warps_per_block; warp++) {
		int64_t addr[32], sorted[32];
		unsigned char active[32] = {0};
		int n_active = 0, first = -1;
		for (int lane = 0; lane < 32; lane++) {
			int t = 32 * warp + lane;
			if (t >= l->threads_per_block)
				break;
			int64_t v[EXPR_N_VARYING];
			thread_vars(ev, t, c, v);
			int on = 1;
			for (int k = 0; k < n_checks && on; k++)
				on = linear_form_eval(&b->guard.ge0[checks[k]], v) >= 0;
			if (!on)
				continue;
			active[lane] = 1;
			addr[lane] = quasi_form_eval(&b->qaddr, n_atoms, v,
				&thread_atoms[(size_t)t * (size_t)n_atoms]) - shift;
			sorted[n_active++] = addr[lane];
			if (first < 0)
				first = lane;
		}
		/* the leader's lane runs, merged */
		int64_t run_lo[32], run_hi[32];
		int n_runs = 0;
		if (global && !footprint_boxed(ev, b)) {
			small_sort_int64(sorted, n_active);
			for (int i = 0; i < n_active; i++) {
				if (n_runs > 0 && sorted[i] <= run_hi[n_runs - 1]) {
					if (sorted[i] + b->src->bytes > run_hi[n_runs - 1])
						run_hi[n_runs - 1] = sorted[i] + b->src->bytes;
					continue;
				}
				run_lo[n_runs] = sorted[i];
				run_hi[n_runs++] = sorted[i] + b->src->bytes;
			}
		}
		memset(known, 0, sizeof(known));
		/* residue costs shared by every warp and class with this lane pattern */
		if (!ev->patterns && n_active > 0)
			ev->patterns = lane_pattern_table_alloc(); /* NULL: costed per warp */
		residue_costs *shared = n_active > 0 ?
			lane_pattern_costs(ev->patterns, b->src->bytes, warp_unit_of(b->field), addr, active) : NULL;
		for (int m = 0; m < n_members; m++) {
			const bound_access *mb = &l->accesses[members[m]];
			const km_access *a = mb->src;
			if (spend_lanes(ev, 1))
				return -1;
			if (n_active == 0)
				continue;
			int64_t delta = mb->qaddr.lin.c0 - b->qaddr.lin.c0;
			access_stats *s = &cls->stats[mb->index];
			s->instructions += a->count;
			s->lanes += (double)n_active * a->count;
			/* runs relative to the block offset, as the lane walk pushes them */
			for (int r = 0; r < n_runs; r++)
				if (run_list_push(runs, run_lo[r] + delta + shift - off, run_hi[r] + delta + shift - off))
					return -1;
			int residue = (int)((((addr[first] + delta) % 128) + 128) % 128);
			warp_cost *slot = shared ? &shared->cost[residue] : &cost[residue];
			unsigned char *have = shared ? &shared->known[residue] : &known[residue];
			if (!*have) {
				int64_t moved[32];
				for (int lane = 0; lane < 32; lane++)
					moved[lane] = active[lane] ? addr[lane] + delta : 0;
				warp_access_cost(l->hw, warp_unit_of(b->field), a->bytes, moved, active, slot);
				*have = 1;
			}
			add_cost(cls, s, slot, ev->plans[mb->index].sample_stride * a->count,
				global && a->kind != km_store);
		}
	}
	return 0;
}

block_class *block_class_evaluate(block_evaluator *ev, int64_t id, const int64_t *c,
	const int64_t *offsets)
{
	const launch *l = ev->l;
	block_class *cls = calloc(1, sizeof(*cls));
	if (!cls)
		return NULL;
	cls->stats = calloc((size_t)l->n_accesses + 1, sizeof(access_stats));
	cls->load_runs = calloc((size_t)l->n_groups + 1, sizeof(run_list));
	cls->store_runs = calloc((size_t)l->n_groups + 1, sizeof(run_list));
	cls->key = malloc((size_t)ev->key_len * sizeof(int64_t));
	lane_state *lanes = malloc(sizeof(lane_state));
	if (!cls->stats || !cls->load_runs || !cls->store_runs || !cls->key || !lanes) {
		free(lanes);
		block_class_free(cls, l->n_groups);
		return NULL;
	}
	cls->key_len = ev->key_len;
	memcpy(cls->key, ev->key_scratch, (size_t)ev->key_len * sizeof(int64_t));
	for (int g = 0; g < l->n_groups; g++) {
		run_list_init(&cls->load_runs[g]);
		run_list_init(&cls->store_runs[g]);
	}
	/* atoms that do not use loop variables: once per thread, not once per
	 * access and lane */
	int64_t *thread_atoms = NULL;
	int atoms_use_loops = 0;
	for (int i = 0; i < l->atoms.n; i++)
		for (int j = 6; j < EXPR_N_VARYING; j++)
			atoms_use_loops |= l->atoms.a[i].num.lin.coeff[j] != 0;
	if (l->atoms.n > 0 && !atoms_use_loops &&
	    (thread_atoms = malloc(sizeof(int64_t) * (size_t)l->atoms.n * (size_t)l->threads_per_block))) {
		for (int t = 0; t < l->threads_per_block; t++) {
			int64_t v[EXPR_N_VARYING];
			thread_vars(ev, t, c, v);
			quasi_atoms_eval(&l->atoms, v, &thread_atoms[(size_t)t * (size_t)l->atoms.n]);
		}
	}
	/* atoms that use loop variables, with every atom that reads one of them:
	 * evaluated per lane; the rest once per thread */
	uint32_t loop_atoms = 0;
	for (int i = 0; i < l->atoms.n; i++) {
		const quasi_atom *a = &l->atoms.a[i];
		int uses = 0;
		for (int j = 6; j < EXPR_N_VARYING; j++)
			uses |= a->num.lin.coeff[j] != 0 || a->other.lin.coeff[j] != 0;
		for (int j = 0; j < i; j++)
			uses |= (loop_atoms >> j & 1) && (a->num.atom[j] || a->other.atom[j]);
		loop_atoms |= (uint32_t)uses << i;
	}
	int64_t *thread_part = NULL;
	if (atoms_use_loops && l->atoms.n > 0 &&
	    (thread_part = calloc((size_t)l->atoms.n * (size_t)l->threads_per_block, sizeof(int64_t)))) {
		for (int t = 0; t < l->threads_per_block; t++) {
			int64_t v[EXPR_N_VARYING];
			thread_vars(ev, t, c, v);
			quasi_atoms_eval_masked(&l->atoms, v, &thread_part[(size_t)t * (size_t)l->atoms.n],
				~loop_atoms);
		}
	}
	const warpest_kernel *k = l->kernel;
	int failed = 0;
	int tpb = l->threads_per_block;
	/* active threads: the kernel guard over the block's threads, testing only
	 * what the class key leaves open */
	int open[COND_MAX_CONSTRAINTS], n_open = 0, none = 0;
	for (int j = 0; k->guard && l->kernel_guard_linear && j < l->kernel_guard.n; j++) {
		int state = key_state(ev, ev->kernel_constraint_id[j]);
		none |= state == 1;
		if (state == 2)
			open[n_open++] = j;
	}
	for (int j = 0; k->guard && l->kernel_guard_quasi && j < l->kernel_qguard.n; j++) {
		int state = qkey_state(ev, ev->kernel_qconstraint_id[j]);
		none |= state == 1;
		if (state == 2)
			open[n_open++] = j;
	}
	/* a guard evaluated per thread is work too (a warp per 32 threads) */
	int64_t guard_weight = k->guard && !l->kernel_guard_linear && !l->kernel_guard_quasi ?
		1 + k->guard->size / 16 : 0;
	/* a linear guard (or none): each open constraint's block part once, then
	 * its thread-index part per thread (loops are at 0 here) */
	int counted = 0;
	if (!none && (!k->guard || l->kernel_guard_linear)) {
		int64_t base[COND_MAX_CONSTRAINTS];
		const linear_form *f[COND_MAX_CONSTRAINTS];
		for (int j = 0; j < n_open; j++) {
			f[j] = &l->kernel_guard.ge0[open[j]];
			base[j] = f[j]->c0 + f[j]->coeff[3] * c[0] + f[j]->coeff[4] * c[1] +
				f[j]->coeff[5] * c[2];
		}
		for (int t = 0; t < tpb; t++) {
			const int64_t *tid = ev->tid[t];
			int on = 1;
			for (int j = 0; j < n_open && on; j++)
				on = base[j] + f[j]->coeff[0] * tid[0] + f[j]->coeff[1] * tid[1] +
					f[j]->coeff[2] * tid[2] >= 0;
			cls->active_threads += on;
		}
		counted = 1;
	}
	for (int t = 0; !none && !counted && t < tpb; t++) {
		int64_t v[EXPR_N_VARYING];
		thread_vars(ev, t, c, v);
		int on = 1;
		if (guard_weight && t % 32 == 0 && spend_lanes(ev, guard_weight)) {
			failed = 1;
			break;
		}
		if (k->guard && l->kernel_guard_linear) {
			for (int j = 0; j < n_open && on; j++)
				on = linear_form_eval(&l->kernel_guard.ge0[open[j]], v) >= 0;
		} else if (k->guard && l->kernel_guard_quasi) {
			int64_t own[QUASI_MAX_ATOMS];
			const int64_t *atoms = own;
			if (thread_atoms)
				atoms = &thread_atoms[(size_t)t * (size_t)l->atoms.n];
			else
				quasi_atoms_eval(&l->atoms, v, own);
			for (int j = 0; j < n_open && on; j++)
				on = quasi_cond_holds(&l->kernel_qguard, open[j], l->atoms.n, v, atoms);
		} else if (k->guard) {
			int64_t env[EXPR_MAX_SYMBOLS];
			memcpy(env, l->env, sizeof(env));
			for (int d = 0; d < 6; d++)
				env[d] = v[d];
			on = expr_eval_cond(k->guard, env);
		}
		cls->active_threads += on;
	}
	cls->empty = cls->active_threads == 0;
	sparse_form sparse[COND_MAX_CONSTRAINTS + 1]; /* the walks' scratch */
	for (int i = 0; i < l->n_accesses && !cls->empty && !failed; i++) {
		const bound_access *b = &l->accesses[i];
		walk w;
		memset(&w, 0, sizeof(w));
		w.sparse = sparse;
		w.iter_weight = 1;
		for (int lane = 0; lane < 32; lane++)
			w.lane_iter_weight[lane] = 1;
		w.ev = ev, w.l = l, w.cls = cls, w.b = b, w.plan = &ev->plans[i], w.lanes = lanes;
		w.offsets = offsets;
		w.global = b->field->space == km_space_global;
		w.unit = warp_unit_of(b->field);
		/* the access's own loops decide: lanes' values of others are not read */
		w.uniform_loops = 1;
		for (int j = 0; j < b->src->n_loops; j++)
			w.uniform_loops &= l->loops[b->src->loops[j]].lane_uniform;
		w.footprint_only = ev->footprint_only;
		if (access_never_runs(ev, i) || (w.footprint_only && w.global && footprint_boxed(ev, b)))
			continue; /* never runs here, or boxes give all it would */
		/* the class key's verdict on each constraint over the whole block:
		 * 0 true everywhere (no test), 1 false everywhere (not here: the
		 * access would never run in this block), 2 cut (lanes test it) */
		for (int g = 0; g < b->guard.n && b->guard_linear; g++)
			if (key_state(ev, ev->plans[i].constraint_id[g]) == 2)
				w.checks[w.n_checks++] = g;
		/* a disjunctive guard: terms with a constraint false over the block
		 * are out; a term true over the block makes the guard true there */
		for (int t = 0; !b->guard_linear && b->guard_dnf && t < b->guard_dnf->n; t++) {
			int dead = 0, open_c = 0;
			for (int g = 0; g < b->guard_dnf->term[t].n; g++) {
				int state = key_state(ev, ev->plans[i].dnf_id[t][g]);
				dead |= state == 1;
				open_c += state == 2;
			}
			if (!dead && open_c == 0)
				w.guard_true = 1;
			else if (!dead)
				w.live[w.n_live++] = t;
		}
		if (!b->guard_linear && b->guard_dnf) {
			if (w.guard_true)
				w.n_live = 0;
			else
				w.dnf = b->guard_dnf; /* some term is live: not never */
		}
		for (int g = 0; b->guard_quasi && g < b->qguard.n; g++)
			if (qkey_state(ev, ev->plans[i].qconstraint_id[g]) == 2)
				w.qchecks[w.n_qchecks++] = g;
		int guard_known = b->guard_linear || w.guard_true;
		/* expressions and atoms evaluated lane by lane cost their size (a
		 * unit of work per 16 nodes), so the work limit bounds the time */
		int64_t nodes = 0;
		if (!guard_known && !w.dnf && !b->guard_quasi)
			nodes += (l->kernel->guard ? l->kernel->guard->size : 0) +
				(b->src->guard ? b->src->guard->size : 0);
		if (b->src->analysable && !b->linear && !b->quasi)
			nodes += b->src->offset->size;
		w.lane_weight = 1 + nodes / 16 + (b->quasi && !thread_atoms ? 2 * l->atoms.n : 0);
		/* lanes differ only in tid: whole warps at a time (footprints come
		 * from boxes) */
		int constant_loops = 1;
		for (int j = 0; j < b->src->n_loops; j++)
			constant_loops &= l->loops[b->src->loops[j]].constant;
		if (ev->use_residue_costs && constant_loops && b->linear && guard_known &&
		    b->src->analysable && !w.footprint_only && (footprint_boxed(ev, b) || !w.global)) {
			failed = affine_access_stats(ev, cls, b, w.checks, w.n_checks, c, offsets) != 0;
			continue;
		}
		/* translates of one quasi-affine access: a warp of the leader serves
		 * them all */
		int grouped = ev->use_residue_costs && thread_atoms && b->quasi && b->guard_linear &&
			b->src->analysable && b->src->n_loops == 0;
		if (grouped && ev->plans[i].leader != i)
			continue; /* done with its leader */
		if (grouped) {
			failed = quasi_group_stats(ev, cls, i, w.checks, w.n_checks, c, offsets,
				thread_atoms) != 0;
			continue;
		}
		w.thread_atoms = thread_atoms;
		w.thread_part = thread_part;
		uint32_t need = b->quasi ? quasi_form_atom_mask(&b->qaddr, &l->atoms) : 0;
		for (int g = 0; b->guard_quasi && g < b->qguard.n; g++)
			need |= quasi_form_atom_mask(&b->qguard.f[g], &l->atoms);
		w.loop_mask = need & loop_atoms;
		int with_env = (!b->linear && !b->quasi) || (!guard_known && !w.dnf && !b->guard_quasi) ||
			!ev->cached || ev->has_tree_loops;
		/* a loop nest that cannot fit fails before its first warp is walked
		 * (a triangle over constant rows filled the limit with one warp) */
		int64_t unit = walk_inner_unit(&w);
		if (unit > 0) {
			int64_t trips = 0;
			for (int warp = 0; warp * 32 < tpb; warp++) {
				warp_lanes(ev, c, tpb, warp, with_env, lanes);
				int64_t t = walk_outer_trips(&w);
				trips = t > INT64_MAX - trips ? INT64_MAX : trips + t;
			}
			if (would_pass_limit(ev, trips, unit))
				w.failed = 1;
		}
		for (int warp = 0; warp * 32 < tpb && !w.failed; warp++) {
			w.warp = warp;
			w.tuple_index = 0; /* costed tuples count from each warp's first */
			warp_lanes(ev, c, tpb, warp, with_env, lanes);
			if (!walk_sampled(&w))
				walk_loops(&w, 0);
		}
		failed = w.failed;
	}
	free(thread_atoms);
	free(thread_part);
	free(lanes);
	/* the block's own load footprint: unique sectors and allocated lines */
	run_list all;
	run_list_init(&all);
	/* a block is a box: its footprint rows come straight from the boxes
	 * (its shape's, moved by `shift`); else from the lanes' runs */
	const run_list *own = &all;
	int64_t shift = 0;
	if (ev->boxed_loads && !failed && !(own = block_footprint_loads(ev, id, offsets, &all, &shift)))
		failed = 1;
	/* some groups from boxes, the others from lanes: both in `all` */
	if (!ev->use_boxes && own && own != &all && !failed) {
		if (run_list_append_shifted(&all, own, shift))
			failed = 1;
		own = &all;
		shift = 0;
	}
	for (int g = 0; g < l->n_groups && !failed; g++) {
		if (run_list_normalize(&cls->load_runs[g]) || run_list_normalize(&cls->store_runs[g]) ||
		    run_list_append_shifted(&all, &cls->load_runs[g], offsets[g]))
			failed = 1;
	}
	/* footprints rounded out to DRAM fetch units and sectors: waves whose
	 * block offsets are multiples of those units union these instead */
	cls->load_units = calloc((size_t)l->n_groups + 1, sizeof(run_list));
	cls->store_units = calloc((size_t)l->n_groups + 1, sizeof(run_list));
	if (!cls->load_units || !cls->store_units)
		failed = 1;
	for (int g = 0; g < l->n_groups && !failed; g++) {
		int64_t fetch = (int64_t)l->hw->dram_fetch_bytes.value;
		int64_t sector = (int64_t)l->hw->sector_bytes.value;
		run_list_init(&cls->load_units[g]);
		run_list_init(&cls->store_units[g]);
		if (run_list_round_out(&cls->load_runs[g], fetch, &cls->load_units[g]) ||
		    run_list_round_out(&cls->store_runs[g], sector, &cls->store_units[g]))
			failed = 1;
	}
	if (!failed && !run_list_normalize(&all)) {
		int64_t sector = (int64_t)l->hw->sector_bytes.value, line = (int64_t)l->hw->l1_line_bytes.value;
		int log2_sector = run_unit_log2(sector), log2_line = run_unit_log2(line);
		int64_t sectors, lines;
		/* both in one pass where both are powers of two */
		if (own->normal && log2_sector >= 0 && log2_line >= 0)
			run_list_count_units_pow2(own, shift, log2_sector, log2_line, &sectors, &lines);
		else {
			sectors = run_list_count_units(own, NULL, shift, sector);
			lines = run_list_count_units(own, NULL, shift, line);
		}
		cls->unique_load_sectors = sectors >= 0 ? sectors : 0;
		cls->allocated_lines = lines >= 0 ? lines : 0;
	}
	run_list_free(&all);
	if (failed) {
		block_class_free(cls, l->n_groups);
		return NULL;
	}
	return cls;
}
