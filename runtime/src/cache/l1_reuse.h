/* L1 reuse distances of one block's global loads (docs/model.md §5, "L1
 * argument"). The block's load warp-instructions are replayed in program
 * order (the access list's order, loops iterated as they nest; every warp
 * of the block at one instruction before the next); each sector requested
 * again gets the number of distinct 128 B lines, other than its own, the
 * block touched since that sector was last requested: its LRU stack
 * distance in a sectored cache (a touch of another sector of its line
 * keeps the line, not a sector already evicted with it). A repeated sector
 * then hits unless the lines of the resident blocks over that distance
 * exceed L1, instead of unless the blocks' whole allocations do. */
#ifndef WARPEST_L1_REUSE_H
#define WARPEST_L1_REUSE_H

#include <stdint.h>

#include "base/assumptions.h"
#include "launch/launch.h"

/* Distances are kept exactly below this many lines, in buckets of 1/64
 * octave above. */
#define L1_REUSE_EXACT 1024
#define L1_REUSE_BUCKETS (L1_REUSE_EXACT + 64 * 40)

typedef struct l1_reuse_profile {
	int64_t block;              /* the block replayed */
	double redundant;           /* sector requests of sectors requested before */
	double lane_evaluations;    /* work spent */
	double mean_distance_lines; /* over the redundant requests */
	int cut_loop;               /* the loop replayed in part (-1: none) */
	int64_t cut_iterations;     /* its first iterations replayed */
	double count[L1_REUSE_BUCKETS]; /* redundant requests per distance bucket */
} l1_reuse_profile;

/* Replays block `block`. Past `max_lanes` lane evaluations, only the first
 * iterations of the longest outermost loop of the loads (at least 16) are
 * replayed. Returns 0 with the profile; 1 when it does not
 * apply (a global load that is not affine, guarded by other than a
 * conjunction of affine constraints, repeated by `count`, or in a loop whose
 * trips vary; still more than `max_lanes` lane evaluations; the clock past
 * `deadline`, read every 2^16 lane evaluations, 0: none), with `why` set;
 * -1 when out of memory. */
int l1_reuse_profile_block(const launch *l, int64_t block, int64_t max_lanes, double deadline,
	l1_reuse_profile *out, const char **why);

/* The lane evaluations a replay may spend in an estimate under this work
 * limit (0: none) and the launch's time limit: 2^21, an eighth of the work
 * limit, or 8192 a millisecond of the time limit, whichever is smallest. */
int64_t l1_replay_lanes(const launch *l, int64_t work_limit);

/* The reasons `why` of a replay refused or stopped for want of budget
 * (lane evaluations, time), where a larger one would have given a profile:
 * the report states them as assumptions. */
extern const char l1_reuse_over_lanes[];
extern const char l1_reuse_over_time[];

/* A replay made when first needed (an estimate needs it only where the
 * allocation argument misses): set block, max_lanes and deadline; `profile`
 * is owned (free() it), NULL when there is none, with why in `none`. */
typedef struct l1_replay {
	int tried;
	int64_t block, max_lanes;
	double deadline;
	l1_reuse_profile *profile;
	const char *none;
} l1_replay;

/* Replays rp's block on the first call only. 0, or -1 when out of memory. */
int l1_reuse_once(const launch *l, l1_replay *rp);

/* States in `assumptions` where rp's hit rate rests on the first
 * iterations of a loop only, or on the allocation argument for want of
 * lane evaluations or time. */
void l1_replay_assume(const launch *l, const l1_replay *rp, assumption_list *assumptions);

/* Share of the profile's redundant requests that hit when `resident`
 * blocks share the L1 alike: 1 - mean of m1(resident * D * line / C1)
 * (hit_l1_redundant, the curve fitted for the allocation argument, whose
 * cyclic benchmark has D = the whole allocation). -1 when the profile has
 * no redundant request. */
double l1_reuse_hit_rate(const launch *l, const l1_reuse_profile *p, double resident);

#endif
