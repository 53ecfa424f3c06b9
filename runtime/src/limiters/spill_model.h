/* Register spills (local memory) from ptxas's per-thread figures: the
 * dynamic spill bytes and the L1 data wavefronts and LSU instructions they
 * add; the resident threads' stack frames beside the L1 left are reported,
 * spills taken to hit L1 (docs/model.md "Register spills"). */
#ifndef WARPEST_SPILL_MODEL_H
#define WARPEST_SPILL_MODEL_H

#include "launch/launch.h"

/* Spill instructions are taken to move 4 bytes per lane (STL/LDL.32). */
#define SPILL_INSTRUCTION_BYTES 4.0

typedef struct spill_result {
	int present;               /* spill stores or loads given and not both 0 */
	const char *source;        /* "model resources", "configuration" or both */
	double static_store_bytes, static_load_bytes; /* per thread, ptxas's figures */
	double stack_frame_bytes;  /* per thread; -1: not given (no capacity term) */
	double op_factor;          /* dynamic / static operations per thread (ops entries) */
	double store_bytes, load_bytes; /* dynamic, per thread */
	double wavefronts;         /* L1 data wavefronts, per launch */
	double l1_cycles;          /* L1 data-pipe cycles, per launch */
	double lsu_lanes;          /* LSU lane operations, per launch */
	double warp_instructions;  /* per launch */
	double footprint_bytes;    /* stack frames of the threads resident on one SM */
	double l1_left_bytes;      /* L1 left by shared memory */
	double l2_share;           /* share of spill accesses served by L2: 0, they hit L1 */
} spill_result;

/* Whether launch `l` has spill bytes to model (spill_model_run then sets
 * `present`): the operation factor is only wanted then. */
int spill_model_applies(const launch *l);

/* Fills `s` (zeroed by the caller) for launch `l`: `op_factor` is the
 * thread's dynamic operation count over its static one
 * (compute_dynamic_op_factor), `active_threads` the launch's and
 * `wave_blocks` the blocks of one wave (fewer resident blocks when the grid
 * is smaller). Leaves s->present 0 when no spill bytes were given. */
void spill_model_run(const launch *l, double op_factor, double active_threads,
	int64_t wave_blocks, spill_result *s);

#endif
