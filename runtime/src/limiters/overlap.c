/* The overlap model: limiters run concurrently when enough warps are
 * resident, one after another when too few are (docs/model.md §8). */
#include "limiters/overlap.h"

#include <math.h>

double overlap_factor(double resident_warps, double saturation_warps, double max_warps)
{
	double needed = fmin(saturation_warps, max_warps);
	if (needed <= 0 || resident_warps >= needed)
		return 1;
	/* to 9 digits: configurations whose phi differs only by rounding (a grid
	 * under one wave gives phi = V / (S R P T) whatever the block shape) tie
	 * exactly, so the ranking's tie-breaks on volumes apply */
	return resident_warps > 0 ? round(resident_warps / needed * 1e9) / 1e9 : 0;
}

double overlap_combine(const double limiter_seconds[warpest_n_limiters],
	const latency_result *latency, double phi, warpest_limiter *bottleneck)
{
	*bottleneck = warpest_limiter_l1;
	for (int i = 1; i < warpest_n_limiters; i++)
		if (limiter_seconds[i] > limiter_seconds[*bottleneck])
			*bottleneck = (warpest_limiter)i;
	double longest = limiter_seconds[*bottleneck];
	if (phi >= 1)
		return longest;
	/* L2 and DRAM carry the same requests one after the other: one pipeline,
	 * so only the larger counts; their latencies nest and are in `longest` */
	double parts[4] = { latency->peak_seconds[latency_l1],
		fmax(latency->peak_seconds[latency_l2], latency->peak_seconds[latency_dram]),
		limiter_seconds[warpest_limiter_compute], limiter_seconds[warpest_limiter_shared_atomic] };
	double sum = 0, largest = 0;
	for (int i = 0; i < 4; i++) {
		sum += parts[i];
		largest = fmax(largest, parts[i]);
	}
	return longest + (1 - phi) * (sum - largest);
}
