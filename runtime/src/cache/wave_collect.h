/* One wave's footprint and per-access statistics from the block evaluator:
 * every block, or the wave's block sample (block_sample.h). The memory
 * model (memory_model.c) calls it for the waves it evaluates and for the
 * earlier waves it walks back through. */
#ifndef WARPEST_WAVE_COLLECT_H
#define WARPEST_WAVE_COLLECT_H

#include "cache/block_sample.h"
#include "cache/memory_model.h"

typedef struct wave_footprint {
	run_list load_bytes;
	run_list store_bytes;
} wave_footprint;

/* How waves are collected in one estimate. */
typedef struct wave_collect_mode {
	block_sample sample; /* runs 0: every block */
} wave_collect_mode;

/* A wave's figures from its block sample, beyond the statistics. */
typedef struct sample_figures {
	int64_t sampled;                /* blocks evaluated (count when not sampled) */
	double load_scale, store_scale; /* the wave's distinct units / the runs' */
	double bound;                   /* relative error bound: 2 SE between runs */
	/* a sample ran no access: 1 the wave evaluated whole instead, 2 it
	 * did not fit the work left and counts as idle */
	int idle_sample;
} sample_figures;

/* Collects the byte footprint of blocks [first, first+count) into `fp`
 * (none when NULL) and, when `m` is given, adds their per-access statistics
 * into `m` and `access`. Unless `exact`, footprints may come rounded out to
 * fetch units and sectors (the same unit sets, fewer runs); the current
 * wave is collected exactly because partial sector writes are counted from
 * its bytes. When the mode's sample applies to a wave of `count` blocks,
 * only its runs are visited: `m` and `access` get the runs' statistics
 * times count/sampled, `fp` the runs' footprint, and `sf` the factors from
 * its measures to the wave's distinct units (sample_cover_estimate) and
 * the error bound; else `sf` has scales 1 and bound 0.
 * Returns 0, or an error in ctx (over the work limit: the evaluator says). */
int wave_collect(warpest_ctx *ctx, block_evaluator *ev, const launch *l,
	const wave_collect_mode *mode, int64_t first, int64_t count, wave_footprint *fp,
	memory_result *m, access_stats *access, int exact, sample_figures *sf);

#endif
