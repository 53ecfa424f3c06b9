/* The walk of one access over the warps of a block class: lane state,
 * the lane-by-lane walk of its loops (lane_walk.c) and the sampled walk
 * of a constant loop nest (sampled_walk.c). Internal to block_class_eval.c
 * and those two. */
#ifndef WARPEST_BLOCK_WALK_H
#define WARPEST_BLOCK_WALK_H

#include "cache/block_eval_impl.h"

/* A linear form by its nonzero terms: most of a form's 14 variables are
 * absent, and lanes that evaluate forms one by one spend their time there. */
typedef struct sparse_form {
	int n;
	unsigned char var[EXPR_N_VARYING];
	int64_t coeff[EXPR_N_VARYING];
	int64_t c0;
} sparse_form;

static inline void sparse_form_of(const linear_form *f, sparse_form *out)
{
	out->n = 0;
	out->c0 = f->c0;
	for (int i = 0; i < EXPR_N_VARYING; i++)
		if (f->coeff[i]) {
			out->var[out->n] = (unsigned char)i;
			out->coeff[out->n++] = f->coeff[i];
		}
}

static inline int64_t sparse_form_eval(const sparse_form *f, const int64_t *v)
{
	int64_t s = f->c0;
	for (int i = 0; i < f->n; i++)
		s += f->coeff[i] * v[f->var[i]];
	return s;
}

typedef struct lane_state {
	int64_t v[32][EXPR_N_VARYING];
	int64_t env[32][EXPR_MAX_SYMBOLS];
	unsigned char alive[32];   /* thread exists and passes loop bounds so far */
} lane_state;

/* Sampled loops one instruction may sit in (ev->iteration_cap). */
#define WALK_MAX_SAMPLED_LOOPS 4

#define WALK_MAX_CONJUNCTS 16

typedef struct walk {
	block_evaluator *ev;
	const launch *l;
	block_class *cls;
	const bound_access *b;
	const access_plan *plan;
	lane_state *lanes;
	int warp;
	/* atom values of each thread of the block when no atom uses a loop
	 * variable (NULL: evaluated per lane) */
	const int64_t *thread_atoms;
	/* else, where some atoms use loop variables: the others per thread, and
	 * the loop atoms this access needs, evaluated per lane (NULL: all per lane) */
	const int64_t *thread_part;
	uint32_t loop_mask;
	const int64_t *offsets;
	int64_t tuple_index;
	int global;
	warp_unit unit;
	int failed;
	int uniform_loops;       /* every loop's bounds are lane-uniform: lanes share loop values */
	/* the guard constraints lanes must test (linear guards): those the class
	 * key does not prove true for the whole block */
	int n_checks;
	int checks[COND_MAX_CONSTRAINTS];
	/* a disjunctive guard: true for the whole block (guard_true), or the
	 * terms lanes must test (those the class key does not rule out) */
	int guard_true;
	const linear_dnf *dnf;
	/* a quasi-affine guard: the constraints lanes must test */
	int n_qchecks;
	int qchecks[COND_MAX_CONSTRAINTS];
	int n_live;
	int live[DNF_MAX_TERMS];
	int footprint_only;      /* the class serves an earlier wave: no L1 costs */
	int64_t lane_weight;     /* work per lane: 1, more for large expressions */
	/* the last warp-instruction's lane pattern and cost: warps that repeat it
	 * shifted by whole 128 B lines cost the same */
	int memo_valid;
	/* tuples one emitted instruction stands for (walk_sampled; else 1) */
	int64_t repeat;
	unsigned char memo_active[32];
	int64_t memo_delta[32], memo_first;
	warp_cost memo_cost;
	/* loops whose iterations are sampled (ev->iteration_cap) around the
	 * current instruction: each one's variable (index into v), its step, and
	 * for each lane the iterations its current one stands for, [lo, hi] by
	 * iteration number, and the current one's number */
	int n_sampled;
	int sampled_var[WALK_MAX_SAMPLED_LOOPS];
	int64_t sampled_step[WALK_MAX_SAMPLED_LOOPS];
	int sampled_ring[WALK_MAX_SAMPLED_LOOPS]; /* the ring atom it moves (ring_atom), or -1 */
	int64_t sampled_lo[WALK_MAX_SAMPLED_LOOPS][32], sampled_hi[WALK_MAX_SAMPLED_LOOPS][32];
	int64_t sampled_at[WALK_MAX_SAMPLED_LOOPS][32];
	int64_t strided_normalized; /* runs left by the last merge of skipped trips' runs */
	/* the linear guard's checked constraints and the linear address with
	 * their nonzero terms only, for lanes that evaluate them one by one
	 * (built at the walk's first such instruction, into the caller's
	 * scratch: COND_MAX_CONSTRAINTS + 1 forms, the address last) */
	int sparse_ready;
	sparse_form *sparse;
	/* a guard evaluated as expressions, where lanes share their loops: its
	 * conjuncts that read no tid hold for every lane or none, and are
	 * evaluated once a warp-instruction (guard_split 1; -1: not split; 0:
	 * not looked at yet) */
	int guard_split;
	int n_uniform_conj, n_lane_conj;
	const expr *uniform_conj[WALK_MAX_CONJUNCTS], *lane_conj[WALK_MAX_CONJUNCTS];
	double iter_weight;        /* warp-instructions the current one stands for */
	double lane_iter_weight[32]; /* and each lane's instructions */
} walk;


/* The atom values of a lane: the thread's, kept per block, or evaluated
 * into `own` where atoms use loop variables. */
const int64_t *walk_lane_atoms(const walk *w, int lane, int64_t *own);
/* Costs one warp-instruction of the access at the lanes' current loop
 * values (standing for w->repeat tuples when that is above 1). */
void walk_emit_instruction(walk *w);
/* The work one trip of the access's outermost loop costs the walk: an
 * instruction (32 lanes at its lane weight) for each tuple of the loops
 * inside, where those all have constant trip counts and no iteration is
 * sampled; 0 where that is not known (or there is no work limit). */
int64_t walk_inner_unit(const walk *w);
/* The outermost loop's trips for the current warp: its longest lane's. */
int64_t walk_outer_trips(const walk *w);
/* Walks the loops of the access from `level` inwards, lane by lane. */
void walk_loops(walk *w, int level);
/* The sampled walk: 1 when it walked the access, 0 when the access is not
 * of its kind (the caller walks it with walk_loops). */
int walk_sampled(walk *w);

#endif
