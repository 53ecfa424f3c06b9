/* Barrier phases: a block's threads cannot start a stretch of code between
 * two block-wide barriers before all of them have finished the one before.
 * With two or more blocks resident per SM, other blocks fill the SM while
 * one waits, and the limiters overlap over the whole launch; with one, the
 * block's phases run one after another (docs/model.md §8). */
#ifndef WARPEST_BARRIER_PHASES_H
#define WARPEST_BARRIER_PHASES_H

#include "base/assumptions.h"
#include "cache/block_eval.h"
#include "launch/launch.h"
#include "limiters/latency_model.h"
#include "limiters/spill_model.h"

typedef struct barrier_result {
	int phases;              /* distinct phases of the model (1: no barrier) */
	double resident_blocks;  /* per SM: min(occupancy, blocks / SMs) */
	double weight;           /* s = clamp(2 - resident_blocks, 0, 1); 0: not applied */
	double serial_seconds;   /* sum over phases of each phase's combined time */
} barrier_result;

/* What the phases are shared out from: the launch's totals as the estimate
 * computed them. */
typedef struct barrier_inputs {
	const access_stats *access;  /* per bound access, wave figures */
	double scale;                /* launch totals = wave figures * scale */
	double active_threads;
	const spill_result *spill;
	double l1_cycles;            /* all L1 data-pipe cycles, fills and spills included */
	double l2_load_bytes, l2_store_bytes, dram_load_bytes, dram_store_bytes;
	double limiter_seconds[warpest_n_limiters];
	const latency_result *latency;
	double phi;                  /* the overlap factor within a phase */
} barrier_inputs;

/* Fills `r`. When the weight is above 0 and the phases one after another
 * take longer than `overlapped` (the launch's combined time), returns
 * overlapped + s * (serial - overlapped) and adds an assumption; else
 * returns `overlapped`. */
double barrier_phases_apply(const launch *l, const barrier_inputs *in, double overlapped,
	barrier_result *r, assumption_list *assumptions);

#endif
