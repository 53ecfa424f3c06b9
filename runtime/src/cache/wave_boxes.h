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

/* Whether wave_boxes_footprint applies to this launch: every group passes
 * (wave_boxes_groups; 0 also when memory runs out). */
int wave_boxes_applicable(const launch *l);

/* Per footprint group (launch.h: one field, one block offset), whether
 * boxes give its rows: boxed[g] (l->n_groups entries, caller's) is 1 where
 * every global access of group g passes, 0 where one does not. A launch
 * whose other groups' accesses are not affine (a tile index tid / 16) still
 * takes these groups' rows from boxes and the others' from lanes. Returns
 * the number of groups with a global access whose rows come from boxes. */
int wave_boxes_groups(const launch *l, unsigned char *boxed);

/* Appends the byte runs of global loads (and atomics) and of global stores
 * touched by blocks [first, first+count) to `loads` and `stores`; they are
 * not normalised. Returns 0, 1 when the runs would exceed `max_runs` (the
 * caller enumerates instead), 2 when the clock passed `deadline` (0: none)
 * first, or -1 on allocation failure. */
int wave_boxes_footprint(const launch *l, int64_t first, int64_t count, run_list *loads,
	run_list *stores, int64_t max_runs, double deadline);

/* The box forms of a launch's accesses, made once for its waves (their
 * slicing's scratch kept too). */
typedef struct wave_boxer wave_boxer;
/* For the accesses of the groups with boxed[g] set (NULL: every group):
 * 0 with *out set (the caller's, free with wave_boxer_free), 1 when an
 * access does not pass, -1 on allocation failure. `l` must outlive it. */
int wave_boxer_alloc(const launch *l, const unsigned char *boxed, wave_boxer **out);
void wave_boxer_free(wave_boxer *wb);
/* wave_boxes_footprint for those accesses, with the load runs rounded out
 * to units of `load_unit` bytes where that makes fewer (1: exact bytes). */
int wave_boxer_footprint(wave_boxer *wb, int64_t first, int64_t count, run_list *loads,
	run_list *stores, int64_t max_runs, double deadline, int64_t load_unit);

#endif
