/* The DRAM footprint of a run of consecutive thread blocks as an isl set
 * (SPEC §4, §5.3, §9): the second way of computing what memory_model.c
 * computes by enumerating lanes, used to cross-check the enumeration
 * (test/unit/test_isl_wave.c) and, later, by an `--isl-check` option.
 *
 * Nothing here is part of the public API (warpest/warpest.h). */
#ifndef WARPEST_ISL_WAVE_H
#define WARPEST_ISL_WAVE_H

#include <stdint.h>

#include "launch/launch.h"

/* Counts, with isl, the distinct units of `unit` bytes touched by the global
 * accesses of blocks [first_block, first_block + n_blocks) (linear block ids,
 * x fastest; the range is clipped to the grid). stores = 0: accesses of kind
 * load, atomic and cas; stores = 1: stores. A unit is floor(addr / unit) of
 * every byte [addr, addr + bytes) of every active lane of every iteration of
 * the access's loops -- the same set memory_model.c measures with
 * run_list_to_units(), so with unit = dram_fetch_bytes (loads) or
 * sector_bytes (stores) the count equals wave_load_units_bytes / fetch and
 * wave_store_bytes / sector of the enumeration.
 *
 * The set is exact. The block range is cut into at most five boxes of
 * block coordinates (partial row, rows, planes, rows, partial row); per box
 * and access the lanes form a polytope over (ctaid, tid, loop iteration)
 * cut by the guard's linear constraints, with the unit as an output
 * dimension; accesses that differ only in their constant offset share one
 * polytope with an extra dimension over the offsets' arithmetic progression.
 * The images on the units, united per field, are coalesced and their
 * points enumerated disjunct by disjunct (duplicates removed by sorting):
 * the cost grows with the count, so keep it to wave-sized sets. Plain
 * isl_set_count_val gives the same number but first makes the disjuncts
 * disjoint, which is far slower for overlapping stencil neighbours.
 *
 * Unanalysable accesses are skipped (the enumeration skips them too), as are
 * shared and local fields and accesses of the other kind.
 *
 * Returns 0 with the count in *count_out; 1 ("not applicable", *count_out
 * untouched) when a counted access has an address that is not affine after
 * binding, a guard that is not a conjunction of linear constraints, or an
 * enclosing loop whose bounds vary per thread; a negative warpest_status
 * with a message in ctx on an isl failure or bad arguments. Owns nothing it
 * is given; every isl object lives in an isl_ctx private to the call. */
int isl_wave_units(warpest_ctx *ctx, const launch *l, int64_t first_block, int64_t n_blocks,
	int stores, int64_t unit, int64_t *count_out);

#endif
