/* Volumes of accesses whose addresses are not known but assumed (see
 * assumed.h). The pattern of one warp-instruction with n active lanes (the
 * wave's average) is costed by the same warp cost as affine accesses:
 * - random: every lane on its own 128 B line, lanes on distinct banks (a
 *   large array read at random: no reuse in L1 or L2, each lane a sector
 *   from L2 and a fetch unit from DRAM);
 * - uniform: all lanes on one address (one sector from L2 and one fetch
 *   unit from DRAM per warp-instruction, no reuse assumed);
 * - lanes: the lanes' own offsets from a base the warp shares but which is
 *   unknown, averaged over every element-aligned position of that base in
 *   a 128 B line; no reuse between warp-instructions, and from DRAM the
 *   sectors alone where the pattern's sectors are contiguous (a row read in
 *   order: neighbouring rows share the fetch units), else a fetch unit
 *   each. */
#include "cache/assumed.h"

#include "cache/warp_cost.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

/* One warp-instruction's cost under the access's assumption, n lanes
 * active; averaged over the base's positions for "lanes". */
typedef struct average_cost {
	double data_wavefronts, tag_wavefronts, sectors, cycles;
	int contiguous; /* the sectors touched form one range */
} average_cost;

static void pattern_cost(const warpest_hw *hw, const bound_access *b, int n, average_cost *out)
{
	const km_access *a = b->src;
	int64_t addr[32], lo = INT64_MAX, hi = INT64_MIN;
	unsigned char active[32];
	for (int lane = 0; lane < 32; lane++) {
		active[lane] = lane < n;
		/* random: distinct lines, each lane at its own element-aligned
		 * place in its line (distinct banks where the width allows) */
		addr[lane] = a->assume == km_assume_random ?
			(int64_t)lane * 128 * 37 + (lane * (a->bytes > 4 ? a->bytes : 4)) % 128
			: a->assume == km_assume_lanes ? a->lane_offsets[lane] : 0;
		if (active[lane])
			lo = addr[lane] < lo ? addr[lane] : lo, hi = addr[lane] > hi ? addr[lane] : hi;
	}
	/* "lanes": lane 0 at every element-aligned place in a line */
	int positions = a->assume == km_assume_lanes ? 128 / a->bytes : 1;
	memset(out, 0, sizeof(*out));
	for (int p = 0; p < positions; p++) {
		int64_t at[32];
		for (int lane = 0; lane < 32; lane++)
			at[lane] = addr[lane] - lo + (int64_t)p * a->bytes;
		warp_cost c;
		warp_access_cost(hw, warp_unit_of(b->field), a->bytes, at, active, &c);
		out->data_wavefronts += (double)c.data_wavefronts / positions;
		out->tag_wavefronts += c.tag_wavefronts / positions;
		out->sectors += (double)c.sectors / positions;
		out->cycles += c.cycles / positions;
	}
	/* contiguous: the sectors touched cover the lanes' whole span (no
	 * sector skipped between lanes) */
	double sector = hw->sector_bytes.value;
	out->contiguous = a->assume == km_assume_lanes &&
		out->sectors * sector >= (double)(hi - lo + a->bytes);
}

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
			: a->assume == km_assume_uniform ? "warp-uniform: one address per warp-instruction, no reuse"
			: "the lanes' affine pattern at a base the warp shares, its alignment averaged, no "
			  "reuse between warp-instructions");
		if (s->instructions <= 0)
			continue;
		int n = (int)lround(s->lanes / s->instructions);
		n = n < 1 ? 1 : n > 32 ? 32 : n;
		average_cost c;
		pattern_cost(hw, b, n, &c);
		int global = b->field->space == km_space_global;
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
		if (c.contiguous)
			fetch = hw->sector_bytes.value;
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
