/* Volumes of accesses whose addresses are not known but assumed (see
 * assumed.h). The pattern of one warp-instruction with n active lanes (the
 * wave's average) is costed by the same warp cost as affine accesses:
 * - random: every lane on its own 128 B line, lanes on distinct banks (a
 *   large array read at random: no reuse in L1 or L2, each lane a sector
 *   from L2 and a fetch unit from DRAM);
 * - uniform: all lanes on one address (one sector from L2 and one fetch
 *   unit from DRAM per warp-instruction, no reuse assumed). */
#include "cache/assumed.h"

#include "cache/warp_cost.h"

#include <math.h>

int assumed_accesses_add(const launch *l, access_stats *access, memory_result *m,
	assumption_list *assumptions)
{
	const warpest_hw *hw = l->hw;
	int counted = 0;
	for (int i = 0; i < l->n_accesses; i++) {
		const bound_access *b = &l->accesses[i];
		const km_access *a = b->src;
		access_stats *s = &access[i];
		if (a->analysable || a->assume == km_assume_none)
			continue;
		counted++;
		assumption_add(assumptions, "access %d (%s%s%s): address not analysed (%s); assumed %s",
			launch_model_access(l, i),
			b->field->name, a->loc[0] ? " at " : "", a->loc, a->reason,
			a->assume == km_assume_random ? "random: each lane on its own line, no reuse"
						      : "warp-uniform: one address per warp-instruction, no reuse");
		if (s->instructions <= 0)
			continue;
		int n = (int)lround(s->lanes / s->instructions);
		n = n < 1 ? 1 : n > 32 ? 32 : n;
		int64_t addr[32];
		unsigned char active[32];
		for (int lane = 0; lane < 32; lane++) {
			active[lane] = lane < n;
			addr[lane] = a->assume == km_assume_random ? (int64_t)lane * 128 * 37 + lane * 4 : 0;
		}
		int global = b->field->space == km_space_global;
		warp_cost c;
		warp_access_cost(hw, warp_unit_of(b->field), a->bytes, addr, active, &c);
		double w = s->instructions;
		s->data_wavefronts += w * c.data_wavefronts;
		s->cycles += w * c.cycles;
		if (!global)
			continue;
		s->tag_wavefronts += w * c.tag_wavefronts;
		s->sectors += w * c.sectors;
		double sectors = w * c.sectors;
		double fetch = hw->dram_fetch_bytes.value > hw->sector_bytes.value ? hw->dram_fetch_bytes.value
										 : hw->sector_bytes.value;
		if (a->kind != km_store) {
			m->wave_requested_load_sectors += sectors;
			m->wave_unique_load_sectors += sectors;
			m->wave_load_units_bytes += sectors * fetch;
			m->wave_dram_load_bytes += sectors * fetch;
		}
		if (a->kind != km_load) {
			m->wave_store_sectors += sectors;
			m->wave_store_bytes += sectors * hw->sector_bytes.value;
		}
	}
	return counted;
}
