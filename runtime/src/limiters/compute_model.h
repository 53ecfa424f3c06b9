/* The instruction-mix compute limiter (SPEC §5.6): result and stage. */
#ifndef WARPEST_COMPUTE_MODEL_H
#define WARPEST_COMPUTE_MODEL_H

#include "cache/block_eval.h"
#include "launch/launch.h"

typedef struct compute_result {
	double ops[10];                 /* per launch, by km_op */
	double flops;
	double seconds;
	char dominant[16];
	double fma_share;
	double issue_seconds;
} compute_result;

/* Fills `c` (zeroed by the caller) from the launch's operation counts for
 * `active_threads` threads and its memory instructions: `access` holds wave
 * figures, `scale` turns them into launch totals. */
void compute_model_run(const launch *l, const access_stats *access, double scale,
	double active_threads, compute_result *c);

#endif
