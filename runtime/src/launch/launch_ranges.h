/* The launch's symbol ranges, the checked range of an expression over them,
 * and the binding of the kernel's loops to them (bind_loops.c; launch.c
 * uses them). Internal to launch/. */
#ifndef WARPEST_LAUNCH_RANGES_H
#define WARPEST_LAUNCH_RANGES_H

#include "launch/launch.h"

/* Where every symbol lies over the launch: parameters and sizes exactly,
 * threads and blocks over the block and grid, loop variables over their
 * iterations (filled in by bind_loops, outermost first). */
typedef struct launch_ranges {
	int64_t lo[EXPR_MAX_SYMBOLS], hi[EXPR_MAX_SYMBOLS];
} launch_ranges;

/* The range of `e` (a field of the model at `path`); an input error naming
 * it when some value over the launch leaves 64-bit headroom. */
int launch_range_of(warpest_ctx *ctx, const launch *l, const launch_ranges *r, const expr *e,
	const char *path, int64_t *lo, int64_t *hi);

/* Loop bounds and trip counts, checked; each loop variable's range for the
 * loops and accesses inside it; which loops are constant over the launch
 * and which lane-uniform. 0, or an input error. */
int launch_bind_loops(warpest_ctx *ctx, launch *l, launch_ranges *r);

#endif
