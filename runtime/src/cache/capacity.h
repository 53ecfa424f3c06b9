/* Capacity terms of the memory model (SPEC §5.4, docs/model.md "Capacity"):
 * the L1 oversubscription of the resident blocks and its hit rate, and the
 * L2 capacity left for distinct data once a split L2 has copied shared
 * lines into both of its segments. */
#ifndef WARPEST_CAPACITY_H
#define WARPEST_CAPACITY_H

#include <stdint.h>

#include "hardware/hw_table.h"
#include "cache/block_eval.h"
#include "launch/launch.h"

/* Blocks resident on one SM while a wave of `wave_blocks` runs: ceil of
 * the wave over the SMs, at most occupancy's blocks per SM, at least 1. */
double capacity_l1_resident_blocks(const launch *l, int64_t wave_blocks);

/* Allocated bytes of the blocks resident on one SM over the L1 left by
 * shared memory. `lines_per_block`: 128 B lines one block allocates;
 * `wave_blocks`: blocks in the wave (a grid smaller than a full wave puts
 * fewer blocks on each SM than occupancy allows). */
double capacity_l1_oversubscription(const launch *l, double lines_per_block, int64_t wave_blocks);

/* Iterations per thread of the outermost loop that holds every global load
 * and streams (each iteration moves every load by at least the span of a
 * block's addresses: a grid-stride loop, not a repeat loop or a sliding
 * window), from the wave's lane counts; 1 when there is none, an address is
 * not affine or repeated (`count`), or the inner loops' trips vary per thread. Reuse in L1 is
 * taken to lie within one iteration of it: the lines allocated per
 * iteration, not over the whole loop, compete for L1. */
double capacity_l1_outer_iterations(const launch *l, const access_stats *access,
	double active_threads);

/* Share of the redundant L1 load volume that hits, at oversubscription o
 * (the table's hit_l1_redundant curve, fitted for this argument). */
double capacity_l1_hit(const warpest_hw *hw, double oversubscription);

/* Fraction of the wave's distinct data held twice in a split L2: 0 when
 * every unit is touched by one block, towards 1 when many blocks touch it.
 * `block_bytes`: the blocks' distinct load bytes summed block by block;
 * `wave_bytes`: the wave's distinct load bytes. 0 on an unsplit L2. */
double capacity_l2_duplication(const warpest_hw *hw, double block_bytes, double wave_bytes);

/* L2 bytes available to distinct data at that duplication: the nominal
 * size with none, l2_effective_bytes (the size for data every SM reads)
 * with full duplication, linear in between. */
double capacity_l2_bytes(const warpest_hw *hw, double duplication);

#endif
