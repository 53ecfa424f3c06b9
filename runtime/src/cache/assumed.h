/* Unanalysable accesses that carry an address assumption (`assume` in the
 * kernel model): their L1 cost and L2/DRAM volumes from the assumed lane
 * pattern, added to the representative wave's figures. */
#ifndef WARPEST_ASSUMED_H
#define WARPEST_ASSUMED_H

#include "base/assumptions.h"
#include "cache/memory_model.h"

/* For each such access of `l`: its warp-instructions and active lanes in
 * `access` (counted by the block evaluator) costed as one pattern per
 * warp-instruction, added into `access` and `m`. Returns how many accesses
 * it counted; each one's assumption goes to `assumptions`. */
int assumed_accesses_add(const launch *l, access_stats *access, memory_result *m,
	assumption_list *assumptions);

#endif
