/* L2 -> L1 and DRAM -> L2 volumes of the representative wave (SPEC §5.2-5.4):
 * the result type and the stage that fills it. */
#ifndef WARPEST_MEMORY_MODEL_H
#define WARPEST_MEMORY_MODEL_H

#include "base/assumptions.h"
#include "cache/block_eval.h"
#include "launch/launch.h"

#define MAX_REUSE_DISTANCE 48

/* One earlier wave that current data was last touched in (SPEC §5.3). */
typedef struct reuse_distance {
	int waves_back;
	double reused_bytes;     /* current footprint last touched that many waves ago */
	double volume_bytes;     /* distinct data touched since: what must fit */
	double oversubscription; /* volume / effective L2 */
	double hit_rate;         /* hit_wave_overlap at that oversubscription */
	int fits;                /* volume <= effective L2: the layer condition holds */
	double max_plane;        /* largest plane (elements) for which it still fits */
} reuse_distance;

typedef struct memory_result {
	/* per representative wave */
	int64_t wave_blocks, wave_active_threads;
	double wave_load_units_bytes;   /* compulsory DRAM load volume of the wave */
	double wave_store_bytes;
	double wave_fill_bytes;         /* reads forced by partially written sectors */
	double wave_dram_load_bytes;    /* after reuse from earlier waves */
	double l2_duplication;          /* share of the wave's data held in both L2 segments */
	double l2_capacity_bytes;       /* L2 left for distinct data (capacity.c) */
	int n_reuse;
	reuse_distance reuse[MAX_REUSE_DISTANCE];
	char plane_field[64];
	double plane_elements;
	/* L1 -> L2 */
	double wave_requested_load_sectors, wave_unique_load_sectors;
	double wave_l1_capacity_miss_sectors;
	double l1_oversubscription, l1_capacity_hit_rate;
	double wave_store_sectors;
	int n_classes;
} memory_result;

/* Evaluates the representative wave of `l` and the earlier waves it reuses
 * data from. Adds the wave's per-access statistics into `access` (one entry
 * per bound access, zeroed by the caller), fills `m`, sets `*scale` to the
 * factor from wave to launch totals and records what it had to assume.
 * Returns 0, or an error with a message in ctx. */
int memory_model_run(warpest_ctx *ctx, const launch *l, block_evaluator *ev,
	access_stats *access, memory_result *m, double *scale, assumption_list *assumptions);

#endif
