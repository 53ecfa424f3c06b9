/* A kernel model bound to one launch configuration: block and grid sizes,
 * parameter values, occupancy, the wave classes, and every access's
 * address as a linear form where it is affine (SPEC §4). */
#ifndef WARPEST_LAUNCH_H
#define WARPEST_LAUNCH_H

#include "hardware/hw_table.h"
#include "kernel/kernel_model.h"
#include "kernel/guard_dnf.h"
#include "kernel/quasi_affine.h"
#include "launch/geometric_unroll.h"
#include "launch/wave_classes.h"

typedef enum occupancy_limit { occ_threads, occ_warps, occ_blocks, occ_registers,
	occ_shared } occupancy_limit;
extern const char *const occupancy_limit_names[];

typedef struct bound_loop {
	int constant;            /* bounds do not vary per thread */
	int block_uniform;       /* else: bounds vary with the block only (no tid, no loop) */
	/* bounds the same for every lane of a warp: they read no thread index,
	 * and only loops that are lane-uniform too */
	unsigned char lane_uniform;
	/* constant only by its bounds' ranges over the launch (they read
	 * threads, blocks or loops); bytes, so that the loop's size stays */
	unsigned char range_constant;
	int quasi;               /* else: bounds as quasi-affine forms over the launch's bound_atoms */
	int tid_used[3];         /* quasi: whether the bounds depend on tid.x, .y, .z */
	uint32_t atom_mask;      /* quasi: the bound atoms the bounds use */
	quasi_form q_lower, q_upper;
	int64_t lower, trips;    /* when constant */
	const km_loop *src;
} bound_loop;

/* Whether the model's figures take loop bl as one of constant bounds: its
 * bounds read no thread, block or loop. A loop constant only by its
 * bounds' ranges over the launch is evaluated as a constant one (box
 * footprints, lanes sharing its values) but modelled as before: operation
 * counts by warp-instructions, latency rounds by the warps' counts, the L1
 * argument of loops whose trips vary. */
static inline int loop_modelled_constant(const bound_loop *bl)
{
	return bl->constant && !bl->range_constant;
}

/* The first value and trip count of loop bl for a lane at varying
 * variables v (outer loops' values included); `atoms` is scratch for the
 * launch's bound_atoms. Only for loops with quasi bounds. */
static inline void bound_loop_trips(const bound_loop *bl, const quasi_atoms *bound_atoms,
	const int64_t *v, int64_t *atoms, int64_t *lower, int64_t *trips)
{
	quasi_atoms_eval_masked(bound_atoms, v, atoms, bl->atom_mask);
	*lower = quasi_form_eval(&bl->q_lower, bound_atoms->n, v, atoms);
	int64_t span = quasi_form_eval(&bl->q_upper, bound_atoms->n, v, atoms) - *lower;
	*trips = span <= 0 ? 0 : (span + bl->src->step - 1) / bl->src->step;
}

typedef struct bound_access {
	const km_access *src;
	int index;
	const km_field *field;
	int64_t field_base;      /* modelled base address of the field */
	int linear;              /* address affine after binding */
	linear_form addr;        /* byte address incl. field_base, when linear */
	int quasi;               /* else: quasi-affine after binding (floor/mod by constants) */
	quasi_form qaddr;        /* byte address incl. field_base over the launch's atoms */
	int guard_linear;        /* the combined guard is a conjunction of linear constraints */
	linear_cond guard;       /* kernel guard && access guard, when guard_linear */
	linear_dnf *guard_dnf;   /* else: the same as a disjunction, when it is one (owned) */
	int guard_quasi;         /* else: the same over quasi-affine forms (atoms in `atoms`) */
	quasi_cond qguard;
	int group;               /* footprint group: same field and same block coefficients
	                          * (and atom coefficients) */
} bound_access;

typedef struct launch {
	/* the model as bound: the caller's, or its copy with geometric loops
	 * unrolled (unroll.kernel), whose accesses fold back into `model`'s */
	const warpest_kernel *kernel;
	const warpest_kernel *model;
	geometric_unroll unroll;
	/* the kernel's accesses with those whose addresses rest on a broken
	 * power-of-two reading marked assumed (owned; NULL: none is) */
	km_access *bit_assumed;
	const warpest_hw *hw;
	int64_t env[EXPR_MAX_SYMBOLS]; /* values of params, ntid, nctaid */
	int block[3], grid[3];
	unsigned char grid_guessed[3]; /* grid[d] is the model's guess (no configuration grid) */
	int64_t n_blocks;
	/* blocks that may run an access (launch_busy_blocks; n_blocks until
	 * counted): the others retire at once, so residency and the work per
	 * warp are the busy blocks' (docs/model.md §8) */
	int64_t busy_blocks;
	int threads_per_block, warps_per_block;
	int registers, registers_assumed;
	/* ptxas's spill figures per thread (bytes; -1: not given) and which of
	 * them the configuration gave (bit 0 stores, 1 loads, 2 stack frame;
	 * the others are the model's) */
	int64_t spill_store_bytes, spill_load_bytes, stack_frame_bytes;
	unsigned spill_from_config;
	double thread_instructions;  /* the binary's count for a thread; 0: the model's */
	double time_limit_ms;        /* the configuration's (0: none): sizes the L1 replay */
	int64_t shared_per_block;    /* static + dynamic, before allocation rounding */
	const char *variant;
	/* occupancy */
	int blocks_per_sm, warps_per_sm;
	occupancy_limit limited_by;
	double l1_capacity_bytes;    /* unified minus the shared carveout in use */
	int wave_blocks;
	wave_plan wave_plan;         /* the wave classes evaluated, weighted (owned) */
	int64_t rep_wave_first;      /* first block of the class standing for the most waves */
	double waves;
	/* bound model */
	bound_loop loops[EXPR_MAX_LOOPS];
	int n_accesses;
	bound_access *accesses;
	int n_groups;
	quasi_atoms atoms;           /* the atoms of the quasi-affine addresses */
	quasi_atoms bound_atoms;     /* the atoms of loop bounds that vary */
	int kernel_guard_linear;
	linear_cond kernel_guard;
	int kernel_guard_quasi;      /* else: the kernel guard over quasi-affine forms */
	quasi_cond kernel_qguard;
	char missing[256];           /* parameters without a value, when any */
} launch;

/* Binds the model to a configuration. On error returns non-zero with a
 * message in ctx (unknown parameter, too many threads, no grid rule, ...). */
int launch_bind(warpest_ctx *ctx, const warpest_kernel *kernel, const warpest_hw *hw,
	const warpest_config *config, launch *out);
void launch_release(launch *l);
/* The reference path: quasi-affine addresses and disjunctive guards are
 * evaluated from their expressions lane by lane, and blocks are no longer
 * grouped by residues or by the constraints of disjunctions. */
/* Replaces the wave plan by k waves spread evenly over the launch, each
 * evaluated on its own (wave_plan_spread). Returns 0, or -1 when out of
 * memory. */
int launch_spread_waves(launch *l, int k);
/* Replaces the wave plan by k waves drawn from those whose blocks may run
 * an access, by the accesses' linear guards (busy_blocks.c,
 * wave_plan_busy). Returns 0, 1 when the launch has too many blocks to
 * test (the plan unchanged), or -1 when out of memory. */
int launch_busy_waves(launch *l, int k);
/* Counts the blocks that may run an access, by the same test, into
 * l->busy_blocks (all of them past 2^22 rows of blocks). Returns 0, or -1
 * when out of memory. */
int launch_busy_blocks(launch *l);
void launch_use_reference_path(launch *l);

/* The model's index of bound access i (they differ once geometric loops are
 * unrolled). */
static inline int launch_model_access(const launch *l, int i)
{
	return l->unroll.origin ? l->unroll.origin[i] : i;
}

/* Thread coordinates of a linear thread index in the block (x fastest). */
static inline void launch_thread_coords(const launch *l, int t, int64_t *c)
{
	c[0] = t % l->block[0];
	c[1] = (t / l->block[0]) % l->block[1];
	c[2] = t / (l->block[0] * l->block[1]);
}

/* Block coordinates of a linear block id (x fastest). */
static inline void launch_block_coords(const launch *l, int64_t id, int64_t *c)
{
	c[0] = id % l->grid[0];
	c[1] = (id / l->grid[0]) % l->grid[1];
	c[2] = id / ((int64_t)l->grid[0] * l->grid[1]);
}

#endif
