/* Achievable bandwidth of one memory level (L1, L2, DRAM) at the launch's
 * resident warps: Little's law with the measured latencies of the hardware
 * table, capped smoothly by the level's peak (docs/model.md §8). */
#ifndef WARPEST_LATENCY_MODEL_H
#define WARPEST_LATENCY_MODEL_H

#include "base/assumptions.h"
#include "cache/block_eval.h"
#include "launch/launch.h"

/* Calibrated on the gpu-benches stream triad ramps of A100-40GB and H100-PCIe
 * (docs/model.md §8 says which data was held out). */
#define LATENCY_OVERHEAD_CYCLES 450.0 /* per warp lifetime besides the load latencies */
#define LATENCY_QUEUE_FACTOR 0.8      /* loaded latency = L (1 + k u), u = rate / peak */
#define LATENCY_CAP_EXPONENT 5.0      /* p of the p-norm that caps by the peak */

typedef enum latency_level { latency_l1, latency_l2, latency_dram, latency_n_levels } latency_level;

/* One level's work (bytes, or L1 data-pipe cycles), its peak rate (per
 * second), its load latency and the overhead (seconds). */
typedef struct level_demand {
	double work;
	double peak_rate;
	double latency_seconds;
	double overhead_seconds;
} level_demand;

/* Rate at which `in_flight` units of work (summed over all SMs) are moved
 * when each unit waits latency + overhead, the latency growing with the
 * level's utilisation, smoothly capped by the peak. `in_flight` <= 0 gives 0. */
double latency_achievable_rate(const level_demand *d, double in_flight);

/* Resident warps per SM at which the latency-bound rate reaches the peak,
 * for `work_per_warp` units in flight per warp. */
double latency_saturation_warps(const level_demand *d, double work_per_warp, double sm_count);

typedef struct latency_result {
	int applied;                          /* 0: the table has no latencies */
	double rounds;                        /* dependent load rounds per thread (global) */
	double round_latency_cycles;          /* mean over where the loads are served */
	double resident_warps;                /* per SM, what the launch can fill */
	double rate[latency_n_levels];        /* achievable, per second */
	double seconds[latency_n_levels];     /* work / achievable rate */
	double peak_seconds[latency_n_levels]; /* work / peak rate: the throughput part */
	double saturation_warps;              /* of the binding level (largest peak_seconds) */
} latency_result;

/* What the latency term needs of an estimate: each level's work (L1 data-pipe
 * cycles, L2 and DRAM bytes, loads + stores) and where the loads are served. */
typedef struct latency_inputs {
	double work[latency_n_levels];
	double requested_load_bytes;  /* sectors the load warp-instructions request, in bytes */
	double l2_load_bytes, dram_load_bytes;
	/* per access (wave figures, times `scale` for the launch): how often
	 * the loads of loops with varying bounds run (NULL: such loops count
	 * one iteration) */
	const access_stats *access;
	double scale;
} latency_inputs;

/* Fills `r` for the launch `l` from `in`. When the table has no latencies,
 * the rates are the peaks (the DRAM curve where the table has one) and an
 * assumption says so. */
void latency_model_run(const launch *l, const latency_inputs *in, latency_result *r,
	assumption_list *assumptions);

#endif
