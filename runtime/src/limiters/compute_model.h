/* The instruction-mix compute limiter (SPEC §5.6): result and stage. */
#ifndef WARPEST_COMPUTE_MODEL_H
#define WARPEST_COMPUTE_MODEL_H

#include "cache/block_eval.h"
#include "launch/launch.h"
#include "limiters/spill_model.h"

/* Warp schedulers per SM on every GPU the tables cover (Volta..Hopper), each
 * issuing one warp-instruction per cycle: the issue limit. */
#define SCHEDULERS_PER_SM 4

typedef struct compute_result {
	double ops[km_n_ops];           /* per launch, by km_op */
	double flops;
	double seconds;
	char dominant[16];
	double fma_share;
	double issue_seconds;
	double warp_instructions;       /* per launch: what the issue limit counts */
	int from_binary;                /* counted from the configuration's thread_instructions */
	uint32_t once_loops;            /* loops with varying bounds whose operations had no access
	                                 * to count them by: one iteration (bit per loop index) */
} compute_result;

/* A thread's dynamic operation count over its static one: each ops entry's
 * counts (one iteration of its loop nest's body) times the times it runs,
 * per active thread, over the counts summed once. 1 when the model has no
 * operations or fully unrolled code runs each entry once. */
double compute_dynamic_op_factor(const launch *l, const access_stats *access, double scale,
	double active_threads);

/* Fills `c` (zeroed by the caller) from the launch's operation counts for
 * `active_threads` threads and its memory instructions: `access` holds wave
 * figures, `scale` turns them into launch totals; `spill` (NULL: none) adds
 * the spill instructions to the LSU and issue counts. */
void compute_model_run(const launch *l, const access_stats *access, double scale,
	double active_threads, const spill_result *spill, compute_result *c);

/* The compute limiter's time for the operations and memory instructions of
 * one barrier phase (docs/model.md §8); spills and the configuration's
 * thread_instructions are shared out by the phase's share of the model's
 * warp-instructions. */
double compute_phase_seconds(const launch *l, const access_stats *access, double scale,
	double active_threads, const spill_result *spill, int phase);

#endif
