/* The shared-memory atomic limiter (SPEC §5.5): result and stage. */
#ifndef WARPEST_ATOMIC_LIMITER_H
#define WARPEST_ATOMIC_LIMITER_H

#include "base/assumptions.h"
#include "cache/block_eval.h"
#include "launch/launch.h"

typedef struct atomic_result {
	int present;
	double instructions_per_sm;     /* N */
	double resident_warps;          /* n */
	double active_lanes;            /* e */
	double cas_fraction;
	double service_cycles;          /* S */
	double busy_cycles_per_sm;      /* B */
	double seconds;
	double utilisation;
	int provisional;
	char assumption[160];
} atomic_result;

/* Fills `r` (zeroed by the caller) from the shared-memory atomics among the
 * wave figures `access`, scaled to the launch by `scale`. */
void atomic_model_run(const launch *l, const access_stats *access, double scale,
	atomic_result *r, assumption_list *assumptions);

#endif
