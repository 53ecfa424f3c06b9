/* Internals shared by the block evaluator's two halves: the class table
 * (block_eval.c) and the evaluation of one class (block_class_eval.c). */
#ifndef WARPEST_BLOCK_EVAL_IMPL_H
#define WARPEST_BLOCK_EVAL_IMPL_H

#include <string.h>

#include "cache/block_eval.h"

#define MAX_CONSTRAINTS 64
#define MAX_QCONSTRAINTS 32
/* Loop iterations whose warp-instructions are costed one by one; beyond
 * this, every s-th iteration is costed and weighted by s (the footprint
 * still takes every iteration). */
#define COSTED_ITERATIONS 128
/* Translates of one quasi-affine access evaluated together, at most. */
#define QUASI_GROUP_MAX 256

/* Split warps' lane pattern entries, by access pattern, warp and active
 * lanes (affine_warps.c). */
typedef struct split_memo split_memo;
void split_memo_free(split_memo *s);

typedef struct access_plan {
	/* per guard constraint: its index among the evaluator's constraints, or
	 * -1 when a class key says nothing about it (it uses a loop variable
	 * whose bounds vary per thread) */
	int constraint_id[COND_MAX_CONSTRAINTS];
	/* the same for each constraint of each term of a disjunctive guard */
	int dnf_id[DNF_MAX_TERMS][COND_MAX_CONSTRAINTS];
	/* the same for each constraint of a quasi-affine guard (among the
	 * evaluator's quasi constraints) */
	int qconstraint_id[COND_MAX_CONSTRAINTS];
	/* L1 costs are taken on every sample_stride-th tuple of a warp's loop
	 * tuples (from its first), each standing for the tuples up to the
	 * next or, where every loop is constant, to the warp's last:
	 * tuple_weight */
	double sample_stride;
	int64_t tuples;  /* a warp's loop tuples where every loop is constant, else 0 */
	int pattern; /* lane pattern of a linear access: same tid coefficients, bytes, space */
	/* quasi-affine accesses without loops: the first access this one is a
	 * translate of (same kind, bytes, guard and form but the constant); itself
	 * when none */
	int leader;
	/* a quasi-affine address whose atoms read no thread index (a clamp of
	 * the block's position, loop atoms): where lanes share the loops, they
	 * differ by the address's tid terms only */
	int atoms_tid_free;
} access_plan;

/* A form's thread-index terms at tid (or at a lane's varying variables,
 * whose first three are tid): where lanes differ only in tid, the rest of
 * the form is evaluated once a warp. */
static inline int64_t tid_part(const int64_t *coeff, const int64_t *tid)
{
	return coeff[0] * tid[0] + coeff[1] * tid[1] + coeff[2] * tid[2];
}

/* The tuples a costed tuple t (from a warp's first) stands for: to the next
 * costed one, or to the warp's last where the warp's tuples are known (a
 * varying loop around constant ones: the stride); 1 where every tuple is
 * costed. */
static inline double tuple_weight(const access_plan *p, int64_t t)
{
	int64_t s = (int64_t)p->sample_stride;
	if (s <= 1)
		return 1.0;
	if (p->tuples <= 0)
		return (double)s;
	return (double)(p->tuples - t < s ? p->tuples - t : s);
}

struct block_evaluator {
	const launch *l;
	int cached;              /* classes keyed by guards and alignment; else by block id */
	int has_varying_loops;   /* some loop's bounds are not constant */
	int has_tree_loops;      /* some such loop's bounds are evaluated from their trees */
	unsigned block_loops;    /* bit i: loop i's bounds see the block (loop_signature) */
	int has_thread_clamps;   /* some atom is a thread-dependent min or max */
	int use_boxes;           /* every group's footprint comes from wave_boxes.c */
	unsigned char *boxed_groups; /* per group: footprint from wave_boxes.c, not from
	                          * lanes (owned; NULL: none) */
	int boxed_loads;         /* some global load's group is boxed */
	struct wave_boxer *boxer; /* their accesses in box form (owned; NULL: none boxed) */
	int x_runs;              /* keys along a grid row change only where a linear
	                          * constraint's verdict does (block_evaluator_same_run) */
	int64_t x_period;        /* ... and repeat every x_period blocks in between */
	int use_residue_costs;   /* uniform warp-instructions costed by residue */
	int footprint_only;      /* new classes are for footprints only (earlier waves) */
	int64_t work, work_limit;/* lane evaluations so far, and the allowance (0: none) */
	int64_t check_at;        /* work past which the limits are checked next */
	double deadline;         /* clock_seconds() past which evaluation stops (0: none) */
	int64_t polls;           /* block_evaluator_poll calls: blocks visited */
	double sample_cap;       /* block visits a sample may make (0: no cap) */
	int64_t iteration_cap;   /* iterations a lane walks of a non-constant loop (0: all) */
	int iterations_sampled;  /* some walk sampled them */
	int over_limit;
	int timed_out;           /* over_limit came from the deadline */
	int n_constraints;
	linear_form constraints[MAX_CONSTRAINTS];
	unsigned char constraint_ne[MAX_CONSTRAINTS]; /* form != 0; else form >= 0 */
	/* each constraint's range over a block's threads and constant loops,
	 * less its value at the block's first thread: the same for every block */
	int64_t constraint_span[MAX_CONSTRAINTS][2];
	/* constraints of quasi-affine guards: keyed by their range over the
	 * block's threads (evaluated per thread at each lookup) */
	int n_qconstraints;
	quasi_form qconstraints[MAX_QCONSTRAINTS];
	unsigned char qconstraint_ne[MAX_QCONSTRAINTS];
	int kernel_qconstraint_id[COND_MAX_CONSTRAINTS];
	int64_t *qthread_atoms;  /* scratch: each thread's atoms at the block looked up */
	/* the quasi constraints' thread parts by atom residues, where no atom
	 * is a thread-dependent clamp (NULL: computed per block) */
	struct quasi_key_memo *qkeys;
	/* thread-dependent clamps without quasi constraints: their block
	 * outputs by the block coordinates they read (NULL: computed per block) */
	struct clamp_memo *clamps;
	access_plan *plans;
	double *fold_keep;       /* per access: share of its L1 requests left by register reuse */
	int64_t group_coeff[256][3];
	int64_t group_atom[256][QUASI_MAX_ATOMS]; /* atom coefficients of quasi-affine groups */
	/* the block being looked up: each atom's residue (part of the class key)
	 * and the part its threads add to the atom (part of the block offset) */
	int64_t atom_residue[QUASI_MAX_ATOMS], atom_offset[QUASI_MAX_ATOMS];
	int64_t clamp_key[2 * QUASI_MAX_ATOMS]; /* thread-dependent clamps' winners (0 else) */
	/* atoms and quasi constraints whose values differ between a block's
	 * threads (quasi_atoms_varying): the others' ranges over the threads
	 * lie at the block's corners, from the first thread's atoms */
	unsigned char atom_varies[QUASI_MAX_ATOMS], qconstraint_varies[MAX_QCONSTRAINTS];
	int64_t atoms_first[QUASI_MAX_ATOMS]; /* the atoms at the block's first thread */
	int thread_atoms_current;            /* qthread_atoms hold this block's threads */
	/* floor and mod atoms whose numerator reads threads and constant loops
	 * only, and the range that part spans (unsplit_atom_spans) */
	quasi_spans spans;
	/* each kernel guard constraint's index among the constraints, -1 when the
	 * class key does not decide it (not found, or it uses a loop variable) */
	int kernel_constraint_id[COND_MAX_CONSTRAINTS];
	/* range of each constraint's thread-index part over each warp, computed
	 * on first use: [constraint][warp] */
	int64_t (*warp_range)[32][2];
	unsigned char (*warp_range_known)[32];
	int64_t (*tid)[3];       /* thread coordinates of each thread of a block */
	int *warp_shape;         /* per warp: the first warp with the same lane deltas */
	int n_patterns;
	residue_costs **costs;   /* [pattern * warps + shape], allocated on first use */
	/* residue costs of quasi-affine warps, by lane pattern (bytes, space,
	 * active lanes and address deltas from the first active lane) */
	lane_pattern_table *patterns;
	split_memo *split;       /* split warps' entries in `patterns` (affine_warps.c) */
	int n_classes, cap_classes;
	block_class **classes;
	const block_class *last;  /* the class found last: neighbouring blocks mostly share it */
	int64_t last_id, last_c[3]; /* the block visited last and its coordinates (-1: none) */
	/* open-addressing hash over classes */
	int *slots;
	int n_slots;
	int64_t *key_scratch;
	int key_len;
	/* block footprints by shape (block_footprint.c), allocated on first use */
	struct footprint_shape *shapes;
	int n_shapes;
};

/* The varying variables of thread t of the block at ctaid c (loops at 0). */
static inline void thread_vars(const block_evaluator *ev, int t, const int64_t *c, int64_t *v)
{
	memset(v, 0, sizeof(int64_t) * EXPR_N_VARYING);
	v[0] = ev->tid[t][0], v[1] = ev->tid[t][1], v[2] = ev->tid[t][2];
	v[3] = c[0], v[4] = c[1], v[5] = c[2];
}

/* Counts one warp-instruction's 32 lane evaluations, `weight` each,
 * against the work limit and the deadline: -1 (and over_limit) once
 * either is passed. */
/* `units` of work (block_evaluator_spend's, inline for the walks). */
/* The key of block `id` at coordinates c with its groups' offsets into
 * ev->key_scratch (block_keys.c); the block's atoms (residue, offset,
 * clamp key) must be set. */
void block_compute_key(block_evaluator *ev, int64_t id, const int64_t *c, const int64_t *offsets);

/* Sets x_runs and x_period (block_runs.c), once the keys' parts are known. */
void block_runs_init(block_evaluator *ev);

/* Whether the access's footprint rows come from boxes (wave_boxes.c): its
 * lanes then push no runs. */
static inline int footprint_boxed(const block_evaluator *ev, const bound_access *b)
{
	return ev->boxed_groups && ev->boxed_groups[b->group];
}

static inline int spend_units(block_evaluator *ev, int64_t units)
{
	ev->work += units;
	return ev->work > ev->check_at ? block_evaluator_check_limits(ev) : 0;
}

static inline int spend_lanes(block_evaluator *ev, int64_t weight)
{
	return spend_units(ev, 32 * weight);
}

/* -1 (and over the limit, as if the work had been done up to it) when `n`
 * more steps of `unit` units each would pass the work limit: a loop that
 * cannot fit fails before it is walked, not after seconds of walking. */
static inline int would_pass_limit(block_evaluator *ev, int64_t n, int64_t unit)
{
	if (ev->work_limit <= 0 || n <= 0 || unit <= 0 || ev->work > ev->work_limit ||
	    n <= (ev->work_limit - ev->work) / unit)
		return 0;
	ev->work = ev->work_limit + 1; /* where walking would have stopped */
	return block_evaluator_check_limits(ev);
}

/* The class key's verdict on constraint `id` over the block being
 * evaluated: 0 true everywhere, 1 false everywhere, 2 open (lanes test it),
 * also when the key says nothing about it (id < 0, blocks not grouped). */
static inline int key_state(const block_evaluator *ev, int id)
{
	return ev->cached && id >= 0 ? (int)ev->key_scratch[2 * id] : 2;
}

/* The same for quasi constraint `id`, whose states follow every other
 * part of the key. */
static inline int qkey_state(const block_evaluator *ev, int id)
{
	return ev->cached && id >= 0 ? (int)ev->key_scratch[ev->key_len - 2 * ev->n_qconstraints + 2 * id] : 2;
}

/* Whether access i runs nowhere in the block being evaluated, by the class
 * key: a constraint of its guard false over the whole block, or every term
 * of a disjunctive guard out. */
static inline int access_never_runs(const block_evaluator *ev, int i)
{
	const bound_access *b = &ev->l->accesses[i];
	const access_plan *p = &ev->plans[i];
	for (int g = 0; b->guard_linear && g < b->guard.n; g++)
		if (key_state(ev, p->constraint_id[g]) == 1)
			return 1;
	if (!b->guard_linear && b->guard_dnf) {
		int dead_terms = 0;
		for (int t = 0; t < b->guard_dnf->n; t++) {
			int dead = 0;
			for (int g = 0; g < b->guard_dnf->term[t].n && !dead; g++)
				dead = key_state(ev, p->dnf_id[t][g]) == 1;
			dead_terms += dead;
		}
		if (dead_terms == b->guard_dnf->n)
			return 1;
	}
	for (int g = 0; b->guard_quasi && g < b->qguard.n; g++)
		if (qkey_state(ev, p->qconstraint_id[g]) == 1)
			return 1;
	return 0;
}

/* Adds `weight` executions of a warp-instruction of cost c to an access's
 * statistics (and, for global loads, to the block's requested sectors). */
static inline void add_cost(block_class *cls, access_stats *s, const warp_cost *c, double weight,
	int global_load)
{
	s->data_wavefronts += weight * c->data_wavefronts;
	s->tag_wavefronts += weight * c->tag_wavefronts;
	s->cycles += weight * c->cycles;
	s->sectors += weight * c->sectors;
	s->same_address_ways += weight * c->same_address_ways;
	if (global_load)
		cls->requested_load_sectors += weight * c->sectors;
}

/* The L1 statistics of an affine access whose loops have constant bounds,
 * a warp at a time (affine_warps.c); `checks` are the guard constraints
 * the class key leaves open. Returns -1 on allocation failure or at the
 * work limit. */
int affine_access_stats(block_evaluator *ev, block_class *cls, const bound_access *b,
	const int *checks, int n_checks, const int64_t *c, const int64_t *offsets);

/* The load footprint of the block at `id` (group offsets `offsets`, its
 * class key in key_scratch) from boxes, normal and absolute once moved by
 * *shift: blocks of one shape (keys alike but for residues) share one kept
 * by the evaluator (block_footprint.c); else built in `scratch`. NULL on
 * allocation failure. */
const run_list *block_footprint_loads(block_evaluator *ev, int64_t id, const int64_t *offsets,
	run_list *scratch, int64_t *shift);
/* Frees the evaluator's kept block footprints. */
void block_footprint_shapes_free(block_evaluator *ev);
/* Which groups' footprints come from boxes (boxed_groups, boxer, use_boxes,
 * boxed_loads; block_footprint.c): none where memory runs out. */
void block_footprint_boxes_init(block_evaluator *ev);

/* atom_keys.c: the loops' part of a form's range, the spans of the atoms
 * that a block's threads may not split, and the block coordinates the
 * atoms read. */
void block_loop_range(const launch *l, const int64_t *coeff, int64_t *lo, int64_t *hi);
void unsplit_atom_spans(block_evaluator *ev);
unsigned atoms_ctaid_mask(const quasi_atoms *atoms);

/* Frees a class and its per-group run lists. */
void block_class_free(block_class *c, int n_groups);
/* Evaluates the block at ctaid `c` (linear id `id`, group offsets
 * `offsets`) as the representative of a new class; NULL when out of memory
 * or over the work limit. */
block_class *block_class_evaluate(block_evaluator *ev, int64_t id, const int64_t *c,
	const int64_t *offsets);

#endif
