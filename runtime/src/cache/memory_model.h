/* L2 -> L1 and DRAM -> L2 volumes of a launch from its wave classes (SPEC §5.2-5.4):
 * the result type and the stage that fills it. */
#ifndef WARPEST_MEMORY_MODEL_H
#define WARPEST_MEMORY_MODEL_H

#include "base/assumptions.h"
#include "cache/block_eval.h"
#include "launch/launch.h"

#define MAX_REUSE_DISTANCE 48
/* Evaluated waves listed in the report at most. */
#define MAX_WAVE_ENTRIES 32

/* One evaluated wave and how its DRAM volume was found (docs/model.md §1). */
typedef struct evaluated_wave {
	int64_t first, blocks;
	int64_t stands_for;  /* waves, those folded into it included */
	const char *how;     /* "walked" or "per thread" (docs/model.md §1) */
	int like;            /* the plan entry whose walk it used; -1 when walked */
} evaluated_wave;

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
	/* The average wave: launch totals (every wave class, weighted by the
	 * waves it stands for) divided by n_blocks / wave_blocks (by 1 when the
	 * grid is smaller than a wave). */
	int64_t wave_blocks;            /* blocks of the reported wave (below) */
	double wave_active_threads;
	double wave_load_units_bytes;   /* compulsory DRAM load volume */
	double wave_store_bytes;
	double wave_fill_bytes;         /* reads forced by partially written sectors */
	double wave_dram_load_bytes;    /* after reuse from earlier waves */
	double l2_duplication;          /* share of the wave's data held in both L2 segments */
	double l2_capacity_bytes;       /* L2 left for distinct data (capacity.c) */
	double wave_tlb_pages;          /* 2 MiB pages the wave touches (tlb.h; -1: out of memory) */
	/* The reported wave: the evaluated class standing for the most waves;
	 * its own volumes and its layer conditions. */
	int64_t rep_first;
	double rep_load_units_bytes, rep_store_bytes, rep_dram_load_bytes;
	int n_reuse;
	reuse_distance reuse[MAX_REUSE_DISTANCE];
	char plane_field[64];
	double plane_elements;
	/* L1 -> L2 (average wave; the oversubscription and hit rate are the
	 * reported wave's) */
	double wave_requested_load_sectors, wave_unique_load_sectors;
	double wave_l1_capacity_miss_sectors;
	double l1_oversubscription, l1_capacity_hit_rate;
	/* the hit rate from reuse distances (cache/l1_reuse.h): the block
	 * replayed and the mean distance of its repeated sectors in lines; -1
	 * and why not when the allocation argument (l1_oversubscription) gave
	 * it */
	int64_t l1_reuse_block;
	double l1_reuse_distance_lines;
	const char *l1_reuse_none;
	double wave_store_sectors;
	int n_classes;                  /* block classes */
	/* wave classes (launch/wave_classes.h) */
	int waves_evaluated;            /* distinct waves evaluated */
	int64_t waves_represented;      /* waves they stand for: every wave of the launch */
	int64_t wave_classes;           /* distinct wave classes found */
	int waves_sampled;              /* the evaluated classes are a stratified subset */
	int n_wave_entries;
	evaluated_wave wave_entry[MAX_WAVE_ENTRIES];
	/* block sampling (docs/model.md §1, "Sampled blocks"); sample_runs 0:
	 * every block of every evaluated wave was evaluated */
	int sample_runs;
	int64_t sample_run_blocks;      /* blocks per run */
	int64_t sample_blocks, sample_of; /* blocks evaluated of the (dominant) wave's */
	double sample_bound;            /* relative error bound, the largest of the waves' */
	int idle_subset;                /* failed: the stratified subset's waves were all idle */
} memory_result;

/* Evaluates one wave of every wave class of `l` (l->wave_plan) and the
 * earlier waves each reuses data from, and weights each class by the waves
 * it stands for. Adds the average wave's per-access statistics into `access`
 * (one entry per bound access, zeroed by the caller), fills `m`, sets
 * `*scale` to n_blocks / wave_blocks, at least 1 (average wave -> launch
 * totals) and
 * records what it had to assume.
 * `budget`: the evaluator's work limit (0: none). Where evaluating every
 * block one by one (no block classes) is projected past half of it, or
 * always when `force_sample` (and budget > 0), each wave is evaluated at a
 * block sample (block_sample.h) sized to a quarter of it.
 * Returns 0, or an error with a message in ctx. */
int memory_model_run(warpest_ctx *ctx, const launch *l, block_evaluator *ev,
	access_stats *access, memory_result *m, double *scale, assumption_list *assumptions,
	int64_t budget, int force_sample);

#endif
