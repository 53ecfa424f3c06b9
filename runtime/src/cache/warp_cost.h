/* The L1 cost of one warp-instruction (SPEC §5.1): data wavefronts from the
 * bank rules, tag wavefronts from the distinct 128 B lines, sectors per
 * request, the issue limit; and the tables that let warps which differ only
 * by a translation of whole lines share one cost (the three quantities do
 * not change under it). */
#ifndef WARPEST_WARP_COST_H
#define WARPEST_WARP_COST_H

#include <stdint.h>

#include "hardware/hw_table.h"
#include "kernel/kernel_model.h"

/* The unit that serves a warp-instruction: the L1 data stage with its tag
 * stage (global), the data stage alone (shared, local), or the constant
 * cache, which broadcasts one address and serialises distinct ones. */
typedef enum warp_unit { warp_unit_shared, warp_unit_global, warp_unit_constant } warp_unit;

static inline warp_unit warp_unit_of(const km_field *f)
{
	return f->space == km_space_global ? warp_unit_global
	       : f->space == km_space_constant ? warp_unit_constant : warp_unit_shared;
}

typedef struct warp_cost {
	int data_wavefronts;
	double tag_wavefronts;
	int lines, sectors;
	int same_address_ways;
	double cycles;
} warp_cost;

/* The cost of one warp-instruction of `bytes`-byte accesses at addr[lane]
 * for the active lanes in `unit`. For the constant cache, data_wavefronts
 * and cycles are its passes: one per distinct 4-byte word. */
void warp_access_cost(const warpest_hw *hw, warp_unit unit, int bytes, const int64_t *addr,
	const unsigned char *active, warp_cost *out);

/* Data-stage wavefronts of the L1 fills for `l2_load_bytes` read from L2:
 * the sectors returned from L2 are written into the L1 data array through
 * the same data stage the loads read it through, 128 B (one line) a
 * wavefront (docs/model.md "L1 cycles"). */
double l1_fill_wavefronts(const warpest_hw *hw, double l2_load_bytes);

/* The costs of one lane pattern by the first lane's address modulo 128,
 * filled in as residues are met. */
typedef struct residue_costs {
	warp_cost cost[128];
	unsigned char known[128];
} residue_costs;

/* Residue costs by lane pattern (bytes, space, active lanes, address deltas
 * from the first active lane), for warps whose patterns recur across
 * accesses and blocks. Bounded: past 256 patterns no new one is kept. */
typedef struct lane_pattern_table lane_pattern_table;
lane_pattern_table *lane_pattern_table_alloc(void);
void lane_pattern_table_free(lane_pattern_table *t);
/* The residue costs of the pattern of (addr, active), added when new; NULL
 * when t is NULL or full (the caller then costs the warp itself). */
residue_costs *lane_pattern_costs(lane_pattern_table *t, int bytes, warp_unit unit,
	const int64_t *addr, const unsigned char *active);
/* The cost of (addr, active) from `rc` at its first active lane's residue
 * modulo 128, costed and kept there on first use; costed into `scratch`
 * when rc is NULL. */
const warp_cost *residue_cost_lookup(residue_costs *rc, const warpest_hw *hw, warp_unit unit, int bytes,
	const int64_t *addr, const unsigned char *active, warp_cost *scratch);

#endif
