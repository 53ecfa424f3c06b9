/* Everything one estimate computes, kept for the report writers. */
#ifndef WARPEST_ESTIMATE_IMPL_H
#define WARPEST_ESTIMATE_IMPL_H

#include "block_eval.h"
#include "launch.h"

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

typedef struct compute_result {
	double ops[10];                 /* per launch, by km_op */
	double flops;
	double seconds;
	char dominant[16];
	double fma_share;
	double issue_seconds;
} compute_result;

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

struct warpest_estimate {
	const warpest_kernel *kernel;
	const warpest_hw *hw;
	warpest_config config;
	char variant[64];
	launch launch;
	access_stats *access;           /* per access, whole launch */
	memory_result mem;
	compute_result compute;
	atomic_result atomic;
	double scale;                   /* launch totals = wave figures * scale */
	warpest_summary summary;
	double limiter_utilisation[warpest_n_limiters];
	int n_assumptions;
	char assumptions[16][256];
	/* neighbouring configurations predicted better */
	int n_neighbours;
	struct {
		int block[3];
		char variant[64];
		double seconds, gain;
		warpest_limiter bottleneck;
	} neighbours[8];
};

void estimate_add_assumption(warpest_estimate *e, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

/* Stages of an estimate (memory_model.c, compute_model.c). */
int memory_model_run(warpest_ctx *ctx, warpest_estimate *e, block_evaluator *ev);
void compute_model_run(warpest_estimate *e);
void atomic_model_run(warpest_estimate *e);

#endif
