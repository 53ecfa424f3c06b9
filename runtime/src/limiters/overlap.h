/* How the limiter times combine into one prediction: the max when enough
 * warps are resident to overlap them, towards their sum when too few are
 * (docs/model.md §8). */
#ifndef WARPEST_OVERLAP_H
#define WARPEST_OVERLAP_H

#include "limiters/latency_model.h"
#include "warpest/warpest.h"

/* Overlap factor phi in [0, 1]: resident warps over the warps needed to
 * saturate the binding memory level, capped at full occupancy (phi = 1
 * whenever the SM is full). */
double overlap_factor(double resident_warps, double saturation_warps, double max_warps);

/* t = max_i limiter_i + (1 - phi) * (sum G - max G), where G are the
 * throughput parts that a warp performs one after another: L1 data-pipe,
 * memory (the larger of L2 and DRAM: one pipeline), compute, shared atomics.
 * Sets *bottleneck to the largest limiter. */
double overlap_combine(const double limiter_seconds[warpest_n_limiters],
	const latency_result *latency, double phi, warpest_limiter *bottleneck);

#endif
