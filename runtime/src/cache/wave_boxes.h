/* Wave footprints from boxes. The blocks of a wave (consecutive linear ids)
 * form at most five boxes in the grid; when every global access depends on
 * the thread only through its global coordinates (ctaid*ntid + tid) and
 * its guards bound one coordinate at a time, an access maps each box to
 * rows of contiguous addresses. The footprint then costs one run per row
 * instead of one per lane, with the same result as lane enumeration. */
#ifndef WARPEST_WAVE_BOXES_H
#define WARPEST_WAVE_BOXES_H

#include "cache/footprint.h"
#include "launch/launch.h"

/* Whether wave_boxes_footprint applies to this launch. */
int wave_boxes_applicable(const launch *l);

/* Appends the byte runs of global loads (and atomics) and of global stores
 * touched by blocks [first, first+count) to `loads` and `stores`; they are
 * not normalised. Returns 0, 1 when the runs would exceed `max_runs` (the
 * caller enumerates instead), 2 when the clock passed `deadline` (0: none)
 * first, or -1 on allocation failure. */
int wave_boxes_footprint(const launch *l, int64_t first, int64_t count, run_list *loads,
	run_list *stores, int64_t max_runs, double deadline);

#endif
