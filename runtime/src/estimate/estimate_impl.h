/* Everything one estimate computes, kept for the report writers. The
 * models below fill their parts; this struct only gathers them. */
#ifndef WARPEST_ESTIMATE_IMPL_H
#define WARPEST_ESTIMATE_IMPL_H

#include "base/assumptions.h"
#include "cache/block_eval.h"
#include "cache/memory_model.h"
#include "launch/launch.h"
#include "limiters/atomic_limiter.h"
#include "limiters/barrier_phases.h"
#include "limiters/compute_model.h"
#include "limiters/latency_model.h"
#include "limiters/spill_model.h"

struct warpest_estimate {
	const warpest_kernel *kernel;
	const warpest_hw *hw;
	warpest_config config;
	char variant[64];
	launch launch;
	access_stats *access;           /* per bound access, representative wave */
	/* per access of the model (kernel): its bound copies' statistics summed
	 * (they are the bound accesses themselves unless geometric loops were
	 * unrolled, launch.h) and its first copy, for the report */
	int n_rows;
	access_stats *rows;             /* owned */
	const bound_access **row_access; /* owned array */
	memory_result mem;
	compute_result compute;
	spill_result spill;             /* register spills; present 0: none given */
	latency_result latency;         /* the memory levels at the resident warps */
	double overlap;                 /* phi of the overlap model, 1: the max */
	barrier_result barriers;        /* the phases of one resident block in a row */
	atomic_result atomic;
	double scale;                   /* launch totals = wave figures * scale */
	warpest_summary summary;
	double limiter_utilisation[warpest_n_limiters];
	assumption_list assumptions;
	int64_t work;                   /* lane evaluations spent (the work limit's unit) */
	double started;                 /* clock_seconds() when it began (the time limit's origin) */
	/* neighbouring configurations predicted better, once searched */
	int neighbours_searched;
	int n_neighbours;
	struct {
		int block[3];
		char variant[64];
		double seconds, gain;
		warpest_limiter bottleneck;
	} neighbours[8];
};

#endif
