/* The block evaluator's class table: which constraints and residues key a
 * class, the key of a block, and the lookup that evaluates a new class on a
 * miss (block_class_eval.c). */
#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "cache/block_eval_impl.h"
#include "cache/fold_reuse.h"
#include "cache/clamp_memo.h"
#include "cache/quasi_key_memo.h"
#include "cache/wave_boxes.h"

static int find_constraint(const block_evaluator *ev, const linear_form *f, int ne)
{
	for (int i = 0; i < ev->n_constraints; i++)
		if (ev->constraint_ne[i] == ne && memcmp(&ev->constraints[i], f, sizeof(*f)) == 0)
			return i;
	return -1;
}

static int find_or_add_constraint(block_evaluator *ev, const linear_form *f, int ne)
{
	int i = find_constraint(ev, f, ne);
	if (i >= 0)
		return i;
	if (ev->n_constraints >= MAX_CONSTRAINTS)
		return -1;
	ev->constraints[ev->n_constraints] = *f;
	ev->constraint_ne[ev->n_constraints] = (unsigned char)ne;
	return ev->n_constraints++;
}

/* The constraint's index among the evaluator's, or -1 where the class key
 * says nothing about it (it uses a loop variable whose bounds vary per
 * thread); sets *full when the table is full. */
static int constraint_id(block_evaluator *ev, const linear_form *f, int ne, int *full)
{
	int id = find_or_add_constraint(ev, f, ne);
	if (id < 0) {
		*full = 1;
		return -1;
	}
	const launch *l = ev->l;
	for (int j = 0; j < l->kernel->n_loops; j++)
		if (f->coeff[6 + j] && !l->loops[j].constant)
			return -1;
	return id;
}

/* The quasi constraint's index among the evaluator's, or -1 where the key
 * says nothing about it (a loop variable whose bounds vary per thread);
 * sets *full when the table is full. */
static int qconstraint_id(block_evaluator *ev, const quasi_form *f, int ne, int *full)
{
	int id = -1;
	for (int i = 0; i < ev->n_qconstraints && id < 0; i++)
		if (ev->qconstraint_ne[i] == ne && memcmp(&ev->qconstraints[i], f, sizeof(*f)) == 0)
			id = i;
	if (id < 0 && ev->n_qconstraints == MAX_QCONSTRAINTS) {
		*full = 1;
		return -1;
	}
	if (id < 0) {
		id = ev->n_qconstraints++;
		ev->qconstraints[id] = *f;
		ev->qconstraint_ne[id] = (unsigned char)ne;
	}
	for (int j = 0; j < ev->l->kernel->n_loops; j++)
		if (f->lin.coeff[6 + j] && !ev->l->loops[j].constant)
			return -1;
	return id;
}

/* Whether a loop's bounds depend on another loop's variable. */
/* Whether the loop's lower or upper bound uses symbol sym. */
static int bounds_use(const km_loop *loop, int sym)
{
	return expr_uses_symbol(loop->lower, sym) || (loop->upper && expr_uses_symbol(loop->upper, sym));
}

static int loop_bounds_use_loops(const launch *l, const km_loop *loop)
{
	for (int i = 0; i < l->kernel->n_loops; i++)
		if (bounds_use(loop, l->kernel->loops[i].sym))
			return 1;
	return 0;
}

/* Whether e (NULL: none) reads a block coordinate. */
static int expr_uses_block(const expr *e)
{
	for (int d = 0; e && d < 3; d++)
		if (expr_uses_symbol(e, sym_ctaid_x + d))
			return 1;
	return 0;
}

/* Whether the loop's bounds read a block coordinate, themselves or through
 * the loops whose variables they use: then blocks with equal keys may run
 * it differently (loop_signature evaluates outer loops at one value only).
 * A triangular loop under a loop of fixed bounds runs alike in every block. */
static int loop_bounds_see_block(const launch *l, const km_loop *loop, int depth)
{
	if (depth > EXPR_MAX_LOOPS || expr_uses_block(loop->lower) || expr_uses_block(loop->upper))
		return 1;
	for (int i = 0; i < l->kernel->n_loops; i++) {
		const km_loop *outer = &l->kernel->loops[i];
		if (outer != loop && bounds_use(loop, outer->sym) && loop_bounds_see_block(l, outer, depth + 1))
			return 1;
	}
	return 0;
}

/* Whether quasi-affine access b is access a moved by a constant: their lanes
 * are active together and their addresses differ by the same amount. */
static int quasi_translates(const bound_access *a, const bound_access *b)
{
	quasi_form fa = a->qaddr, fb = b->qaddr;
	fa.lin.c0 = fb.lin.c0 = 0;
	return a->quasi && b->quasi && a->src->n_loops == 0 && b->src->n_loops == 0 &&
		a->src->kind == b->src->kind && a->src->bytes == b->src->bytes && a->group == b->group &&
		a->guard_linear && b->guard_linear && a->guard.n == b->guard.n &&
		memcmp(a->guard.ge0, b->guard.ge0, sizeof(linear_form) * (size_t)a->guard.n) == 0 &&
		memcmp(&fa, &fb, sizeof(fa)) == 0;
}

block_evaluator *block_evaluator_alloc(const launch *l, int use_boxes, int use_residue_costs)
{
	block_evaluator *ev = calloc(1, sizeof(*ev));
	if (!ev)
		return NULL;
	ev->l = l;
	ev->check_at = INT64_MAX; /* no limits until they are set */
	if (use_boxes)
		block_footprint_boxes_init(ev);
	ev->use_residue_costs = use_residue_costs;
	ev->plans = calloc((size_t)l->n_accesses + 1, sizeof(access_plan));
	ev->fold_keep = calloc((size_t)l->n_accesses + 1, sizeof(double));
	if (!ev->plans || !ev->fold_keep || l->n_groups > 256) {
		block_evaluator_free(ev);
		return NULL;
	}
	fold_reuse_keep(l, ev->fold_keep);
	ev->cached = 1;
	for (int i = 0; i < l->kernel->n_loops; i++) {
		ev->has_varying_loops |= !l->loops[i].constant;
		ev->has_tree_loops |= !l->loops[i].constant && !l->loops[i].quasi;
		if (!l->loops[i].constant && loop_bounds_see_block(l, l->loops[i].src, 0))
			ev->block_loops |= 1u << i;
	}
	for (int i = 0; i < l->n_accesses; i++) {
		const bound_access *b = &l->accesses[i];
		/* a guard or address of no form the key captures is evaluated
		 * lane by lane in each class; it keeps blocks apart only where it
		 * reads the block's coordinates (the unrolled remainder of a
		 * triangular loop, (it0 / 2) * 2, reads only loops and threads) */
		if (!b->guard_linear && !b->guard_dnf && !b->guard_quasi &&
		    (expr_uses_block(b->src->guard) || expr_uses_block(l->kernel->guard)))
			ev->cached = 0;
		if (b->src->analysable && !b->linear && !b->quasi && expr_uses_block(b->src->offset))
			ev->cached = 0;
		for (int j = 0; j < b->src->n_loops; j++) {
			const bound_loop *bl = &l->loops[b->src->loops[j]];
			if (!bl->constant && loop_bounds_use_loops(l, bl->src) &&
			    loop_bounds_see_block(l, bl->src, 0))
				ev->cached = 0;
		}
		int full = 0;
		for (int c = 0; c < b->guard.n && b->guard_linear && ev->cached; c++)
			ev->plans[i].constraint_id[c] = constraint_id(ev, &b->guard.ge0[c], 0, &full);
		for (int t = 0; b->guard_dnf && t < b->guard_dnf->n && ev->cached; t++)
			for (int c = 0; c < b->guard_dnf->term[t].n; c++)
				ev->plans[i].dnf_id[t][c] = constraint_id(ev, &b->guard_dnf->term[t].f[c],
					b->guard_dnf->term[t].ne[c], &full);
		for (int c = 0; b->guard_quasi && c < b->qguard.n && ev->cached; c++)
			ev->plans[i].qconstraint_id[c] = qconstraint_id(ev, &b->qguard.f[c], b->qguard.ne[c],
				&full);
		if (full)
			ev->cached = 0;
		double tuples = 1;
		int all_constant = 1;
		for (int j = 0; j < b->src->n_loops; j++) {
			const bound_loop *bl = &l->loops[b->src->loops[j]];
			tuples *= bl->constant ? (double)bl->trips : 1;
			all_constant &= bl->constant;
		}
		/* odd: a power-of-two stride would cost only the iterations at one
		 * alignment of a warp moving by 4 B a trip (and only the first trip
		 * of an inner loop of 2^k), where the others cost another sector.
		 * Where every loop is constant a warp knows its tuples, and the last
		 * costed one stands for the rest exactly (tuple_weight) */
		ev->plans[i].sample_stride = tuples > COSTED_ITERATIONS ?
			(double)((int64_t)(tuples / COSTED_ITERATIONS) | 1) : 1;
		ev->plans[i].tuples = all_constant ? (int64_t)tuples : 0;
		if (b->linear)
			for (int d = 0; d < 3; d++)
				ev->group_coeff[b->group][d] = b->addr.coeff[3 + d];
		if (b->quasi) {
			for (int d = 0; d < 3; d++)
				ev->group_coeff[b->group][d] = b->qaddr.lin.coeff[3 + d];
			memcpy(ev->group_atom[b->group], b->qaddr.atom, sizeof(b->qaddr.atom));
		}
	}
	for (int j = 0; j < l->kernel_guard.n; j++) {
		int loops = 0;
		for (int v = 6; v < EXPR_N_VARYING; v++)
			loops |= l->kernel_guard.ge0[j].coeff[v] != 0;
		ev->kernel_constraint_id[j] = loops ? -1 : find_constraint(ev, &l->kernel_guard.ge0[j], 0);
	}
	/* the block-invariant part of each constraint's key (compute_key) */
	for (int j = 0; j < ev->n_constraints; j++) {
		const linear_form *f = &ev->constraints[j];
		int64_t lo = 0, hi = 0;
		for (int d = 0; d < 3; d++) {
			int64_t span = f->coeff[d] * (l->block[d] - 1);
			if (span < 0)
				lo += span;
			else
				hi += span;
		}
		block_loop_range(l, f->coeff, &lo, &hi);
		ev->constraint_span[j][0] = lo;
		ev->constraint_span[j][1] = hi;
	}
	int kfull = 0;
	for (int j = 0; l->kernel_guard_quasi && j < l->kernel_qguard.n && ev->cached; j++)
		ev->kernel_qconstraint_id[j] = qconstraint_id(ev, &l->kernel_qguard.f[j],
			l->kernel_qguard.ne[j], &kfull);
	if (kfull)
		ev->cached = 0;
	for (int i = 0; i < l->atoms.n; i++)
		ev->has_thread_clamps |= l->atoms.a[i].thread_dependent;
	unsplit_atom_spans(ev);
	quasi_atoms_varying(&l->atoms, ev->atom_varies);
	for (int j = 0; j < ev->n_qconstraints; j++)
		ev->qconstraint_varies[j] = quasi_form_reads_varying(&ev->qconstraints[j], l->atoms.n,
			ev->atom_varies);
	ev->key_len = ev->cached ? 2 * ev->n_constraints + l->n_groups + 1 + 3 * l->atoms.n +
		2 * ev->n_qconstraints : 1;
	if (ev->cached && (ev->n_qconstraints > 0 || ev->has_thread_clamps) && l->atoms.n > 0)
		ev->qthread_atoms = malloc(sizeof(int64_t) * (size_t)l->atoms.n * (size_t)l->threads_per_block);
	if (ev->cached && (ev->n_qconstraints > 0 || ev->has_thread_clamps) && l->atoms.n > 0 &&
	    !ev->qthread_atoms)
		ev->cached = 0, ev->key_len = 1; /* keys need each thread's atoms */
	/* optional: without it every block's threads are walked */
	if (ev->cached && ev->n_qconstraints > 0 && !ev->has_thread_clamps && l->atoms.n > 0)
		ev->qkeys = quasi_key_memo_alloc(l->atoms.n, ev->n_qconstraints);
	/* optional: without it every block's clamps are evaluated at every
	 * thread (with quasi constraints, their keys read those values) */
	if (ev->qthread_atoms && ev->has_thread_clamps && ev->n_qconstraints == 0)
		ev->clamps = clamp_memo_alloc(l->atoms.n, atoms_ctaid_mask(&l->atoms));
	/* optional: without it ranges are recomputed */
	ev->warp_range = calloc((size_t)ev->n_constraints + 1, sizeof(*ev->warp_range));
	ev->warp_range_known = calloc((size_t)ev->n_constraints + 1, sizeof(*ev->warp_range_known));
	if (!ev->warp_range || !ev->warp_range_known) {
		free(ev->warp_range);
		free(ev->warp_range_known);
		ev->warp_range = NULL;
		ev->warp_range_known = NULL;
	}
	block_runs_init(ev);
	ev->key_scratch = calloc((size_t)ev->key_len, sizeof(int64_t));
	/* divisions once per launch, not once per lane and access */
	ev->tid = malloc(sizeof(*ev->tid) * ((size_t)l->threads_per_block + 1));
	for (int t = 0; ev->tid && t < l->threads_per_block; t++)
		launch_thread_coords(l, t, ev->tid[t]);
	ev->last_id = -1;
	ev->n_slots = 1024;
	ev->slots = malloc((size_t)ev->n_slots * sizeof(int));
	/* warps whose lanes have the same thread-index deltas from their first
	 * lane (and the same number of lanes) share residue costs */
	int warps = l->warps_per_block;
	ev->warp_shape = malloc(sizeof(int) * ((size_t)warps + 1));
	for (int w = 0; ev->warp_shape && ev->tid && w < warps; w++) {
		ev->warp_shape[w] = w;
		for (int u = 0; u < w && ev->warp_shape[w] == w; u++) {
			if (ev->warp_shape[u] != u)
				continue;
			int same = 1;
			for (int lane = 0; lane < 32 && same; lane++) {
				int tw = 32 * w + lane, tu = 32 * u + lane;
				if ((tw < l->threads_per_block) != (tu < l->threads_per_block))
					same = 0;
				else if (tw < l->threads_per_block)
					for (int d = 0; d < 3; d++)
						same &= ev->tid[tw][d] - ev->tid[32 * w][d] ==
							ev->tid[tu][d] - ev->tid[32 * u][d];
			}
			if (same)
				ev->warp_shape[w] = u;
		}
	}
	for (int i = 0; i < l->n_accesses; i++) {
		const bound_access *b = &l->accesses[i];
		ev->plans[i].pattern = -1;
		if (!b->linear)
			continue;
		for (int j = 0; j < i && ev->plans[i].pattern < 0; j++) {
			const bound_access *o = &l->accesses[j];
			if (o->linear && o->src->bytes == b->src->bytes &&
			    warp_unit_of(o->field) == warp_unit_of(b->field) &&
			    memcmp(o->addr.coeff, b->addr.coeff, 3 * sizeof(int64_t)) == 0)
				ev->plans[i].pattern = ev->plans[j].pattern;
		}
		if (ev->plans[i].pattern < 0)
			ev->plans[i].pattern = ev->n_patterns++;
	}
	ev->costs = calloc((size_t)ev->n_patterns * (size_t)warps + 1, sizeof(residue_costs *));
	/* groups of at most QUASI_GROUP_MAX accesses (quasi_group_stats' arrays) */
	int *group_size = calloc((size_t)l->n_accesses + 1, sizeof(int));
	for (int i = 0; i < l->n_accesses; i++) {
		const bound_access *b = &l->accesses[i];
		ev->plans[i].leader = i; /* without group_size: no groups */
		if (b->quasi) {
			quasi_form atoms_only = b->qaddr;
			memset(atoms_only.lin.coeff, 0, sizeof(atoms_only.lin.coeff));
			ev->plans[i].atoms_tid_free = 1;
			for (int d = 0; d < 3; d++)
				ev->plans[i].atoms_tid_free &= !quasi_form_uses(&atoms_only, &l->atoms, d);
		}
		for (int j = 0; group_size && j < i && b->quasi && b->src->n_loops == 0; j++) {
			const bound_access *o = &l->accesses[j];
			if (ev->plans[j].leader == j && group_size[j] < QUASI_GROUP_MAX - 1 &&
			    quasi_translates(o, b)) {
				ev->plans[i].leader = j;
				group_size[j]++;
				break;
			}
		}
	}
	free(group_size);
	if (!ev->key_scratch || !ev->slots || !ev->tid || !ev->warp_shape || !ev->costs) {
		block_evaluator_free(ev);
		return NULL;
	}
	memset(ev->slots, -1, (size_t)ev->n_slots * sizeof(int));
	return ev;
}

void block_evaluator_free(block_evaluator *ev)
{
	if (!ev)
		return;
	for (int i = 0; i < ev->n_classes; i++)
		block_class_free(ev->classes[i], ev->l->n_groups);
	free(ev->classes);
	free(ev->slots);
	free(ev->boxed_groups);
	wave_boxer_free(ev->boxer);
	free(ev->plans);
	free(ev->key_scratch);
	free(ev->tid);
	for (int i = 0; ev->costs && i < ev->n_patterns * ev->l->warps_per_block; i++)
		free(ev->costs[i]);
	free(ev->costs);
	lane_pattern_table_free(ev->patterns);
	split_memo_free(ev->split);
	free(ev->warp_range);
	free(ev->warp_range_known);
	free(ev->warp_shape);
	free(ev->fold_keep);
	free(ev->qthread_atoms);
	quasi_key_memo_free(ev->qkeys);
	clamp_memo_free(ev->clamps);
	block_footprint_shapes_free(ev);
	free(ev);
}

int block_evaluator_n_classes(const block_evaluator *ev)
{
	return ev->n_classes;
}

const block_class *block_evaluator_class(const block_evaluator *ev, int index)
{
	return ev->classes[index];
}

int block_evaluator_uses_boxes(const block_evaluator *ev)
{
	return ev->use_boxes;
}

const unsigned char *block_evaluator_boxed_groups(const block_evaluator *ev)
{
	return ev->boxed_groups;
}

wave_boxer *block_evaluator_boxer(block_evaluator *ev)
{
	return ev->boxer;
}

int block_evaluator_is_cached(const block_evaluator *ev)
{
	return ev->cached;
}

void block_evaluator_footprint_only(block_evaluator *ev, int on)
{
	ev->footprint_only = on;
}

/* Where the next check of the limits falls: at the work limit itself, so
 * that it is passed exactly where it was before deadlines existed, and at
 * least every DEADLINE_STRIDE units while a deadline is set. */
#define DEADLINE_STRIDE ((int64_t)1 << 16)
static void next_check(block_evaluator *ev)
{
	int64_t at = INT64_MAX;
	if (ev->deadline > 0)
		at = ev->work > INT64_MAX - DEADLINE_STRIDE ? INT64_MAX : ev->work + DEADLINE_STRIDE;
	if (ev->work_limit > 0 && ev->work_limit < at)
		at = ev->work_limit;
	ev->check_at = at;
}

void block_evaluator_set_work_limit(block_evaluator *ev, int64_t limit)
{
	ev->work_limit = limit;
	next_check(ev);
}

void block_evaluator_set_deadline(block_evaluator *ev, double deadline)
{
	ev->deadline = deadline;
	next_check(ev);
}

double block_evaluator_deadline(const block_evaluator *ev)
{
	return ev->deadline;
}

int block_evaluator_check_limits(block_evaluator *ev)
{
	if (ev->work_limit > 0 && ev->work > ev->work_limit)
		ev->over_limit = 1;
	else if (ev->deadline > 0 && clock_seconds() > ev->deadline)
		ev->over_limit = ev->timed_out = 1;
	next_check(ev);
	return ev->over_limit ? -1 : 0;
}

int block_evaluator_spend(block_evaluator *ev, int64_t units)
{
	return spend_units(ev, units);
}

int block_evaluator_exhaust(block_evaluator *ev)
{
	if (ev->work_limit <= 0)
		return 0;
	if (ev->work <= ev->work_limit)
		ev->work = ev->work_limit + 1;
	return block_evaluator_check_limits(ev);
}

int block_evaluator_poll(block_evaluator *ev)
{
	if (ev->over_limit)
		return -1;
	if (++ev->polls % 64 || ev->deadline <= 0)
		return 0;
	return block_evaluator_check_limits(ev);
}

int64_t block_evaluator_visits(const block_evaluator *ev)
{
	return ev->polls;
}

void block_evaluator_set_sample_cap(block_evaluator *ev, double visits)
{
	ev->sample_cap = visits;
}

double block_evaluator_sample_cap(const block_evaluator *ev)
{
	return ev->sample_cap;
}

void block_evaluator_set_iteration_cap(block_evaluator *ev, int64_t iterations)
{
	ev->iteration_cap = iterations;
}

int block_evaluator_iterations_sampled(const block_evaluator *ev)
{
	return ev->iterations_sampled;
}

const char *block_evaluator_stop_reason(const block_evaluator *ev)
{
	return ev->over_limit ? "stopped at the work or time limit" : "out of memory";
}

int block_evaluator_timed_out(const block_evaluator *ev)
{
	return ev->timed_out;
}

int64_t block_evaluator_work(const block_evaluator *ev)
{
	return ev->work;
}

int64_t block_evaluator_work_left(const block_evaluator *ev)
{
	if (ev->work_limit <= 0)
		return INT64_MAX;
	return ev->work < ev->work_limit ? ev->work_limit - ev->work : 0;
}

int block_evaluator_over_limit(const block_evaluator *ev)
{
	return ev->over_limit;
}

/* ---- block classes ---- */

static void block_offsets(const block_evaluator *ev, const int64_t *c, int64_t *offsets)
{
	for (int g = 0; g < ev->l->n_groups; g++) {
		offsets[g] = ev->group_coeff[g][0] * c[0] + ev->group_coeff[g][1] * c[1] +
			ev->group_coeff[g][2] * c[2];
		for (int i = 0; i < ev->l->atoms.n; i++)
			offsets[g] += ev->group_atom[g][i] * ev->atom_offset[i];
	}
}

/* Each entry is multiplied by its own odd constant and the products are
 * summed: the multiplies are independent, so the key hashes at the adds'
 * speed instead of one multiply's latency per entry (keys are 20-100 long
 * and hashed once per block). The sum is mixed at the end. */
static uint64_t hash_key(const int64_t *key, int n)
{
	uint64_t h = 0x9e3779b97f4a7c15ull;
	for (int i = 0; i < n; i++)
		h += ((uint64_t)key[i] ^ (0x9e3779b97f4a7c15ull * (uint64_t)(i + 1))) *
			(0xbf58476d1ce4e5b9ull + 2 * (uint64_t)i);
	h ^= h >> 31;
	h *= 0x94d049bb133111ebull;
	return h ^ (h >> 29);
}

const block_class *block_evaluator_get(block_evaluator *ev, int64_t id, int64_t *offsets)
{
	int64_t c[3];
	/* waves are visited in id order: step the coordinates, no divisions */
	const int *grid = ev->l->grid;
	int next = ev->last_id >= 0 && id == ev->last_id + 1;
	if (next && ev->last_c[0] + 1 < grid[0])
		c[0] = ev->last_c[0] + 1, c[1] = ev->last_c[1], c[2] = ev->last_c[2];
	else if (next && ev->last_c[1] + 1 < grid[1])
		c[0] = 0, c[1] = ev->last_c[1] + 1, c[2] = ev->last_c[2];
	else
		launch_block_coords(ev->l, id, c);
	ev->last_id = id;
	memcpy(ev->last_c, c, sizeof(c));
	/* thread-dependent clamps and quasi constraints key on every thread's
	 * atoms */
	if (ev->qthread_atoms && ev->has_thread_clamps) {
		if (!ev->clamps || !clamp_memo_get(ev->clamps, c, ev->atom_residue, ev->atom_offset,
		    ev->clamp_key)) {
			/* the threads are walked only where a clamp reads an atom
			 * that varies between them (or a quasi constraint needs
			 * each thread's atoms: quasi_thread_parts) */
			ev->thread_atoms_current = !quasi_atoms_block_keys(&ev->l->atoms, c, &ev->spans,
				ev->l->block, ev->atom_varies, ev->atoms_first, ev->atom_residue,
				ev->atom_offset, ev->clamp_key);
			if (ev->thread_atoms_current)
				quasi_atoms_block_threads(&ev->l->atoms, c, &ev->spans,
					(const int64_t (*)[3])ev->tid, ev->l->threads_per_block, ev->qthread_atoms,
					ev->atom_residue, ev->atom_offset, ev->clamp_key);
			if (ev->clamps)
				clamp_memo_put(ev->clamps, c, ev->atom_residue, ev->atom_offset, ev->clamp_key);
		}
	} else
		quasi_atoms_block(&ev->l->atoms, c, &ev->spans, ev->atom_residue, ev->atom_offset);
	block_offsets(ev, c, offsets);
	block_compute_key(ev, id, c, offsets);
	size_t key_bytes = (size_t)ev->key_len * sizeof(int64_t);
	if (ev->last && memcmp(ev->last->key, ev->key_scratch, key_bytes) == 0)
		return ev->last;
	/* n_slots is a power of two */
	uint64_t h = hash_key(ev->key_scratch, ev->key_len);
	int slot = (int)(h & (uint64_t)(ev->n_slots - 1));
	while (ev->slots[slot] >= 0) {
		block_class *cls = ev->classes[ev->slots[slot]];
		if (memcmp(cls->key, ev->key_scratch, key_bytes) == 0)
			return ev->last = cls;
		slot = (slot + 1) & (ev->n_slots - 1);
	}
	block_class *cls = block_class_evaluate(ev, id, c, offsets);
	if (cls)
		fold_reuse_apply(ev->l, ev->fold_keep, cls);
	if (!cls)
		return NULL;
	if (ev->n_classes == ev->cap_classes) {
		int cap = ev->cap_classes ? 2 * ev->cap_classes : 16;
		block_class **grown = realloc(ev->classes, (size_t)cap * sizeof(*grown));
		if (!grown) {
			block_class_free(cls, ev->l->n_groups);
			return NULL;
		}
		ev->classes = grown;
		ev->cap_classes = cap;
	}
	cls->index = ev->n_classes;
	ev->classes[ev->n_classes] = cls;
	ev->slots[slot] = ev->n_classes++;
	ev->last = cls;
	/* keep the table under half full */
	if (ev->n_classes * 2 > ev->n_slots) {
		int n = ev->n_slots * 2;
		int *slots = malloc((size_t)n * sizeof(int));
		if (!slots)
			return cls;
		memset(slots, -1, (size_t)n * sizeof(int));
		for (int i = 0; i < ev->n_classes; i++) {
			block_class *ci = ev->classes[i];
			int s = (int)(hash_key(ci->key, ci->key_len) & (uint64_t)(n - 1));
			while (slots[s] >= 0)
				s = (s + 1) & (n - 1);
			slots[s] = i;
		}
		free(ev->slots);
		ev->slots = slots;
		ev->n_slots = n;
	}
	return cls;
}
