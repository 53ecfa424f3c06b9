/* Capacity terms of the memory model: L1 oversubscription and capacity hit
 * rate, split-L2 duplication and the L2 capacity it leaves. The formulas
 * and why they are so: docs/model.md "Capacity". */
#include "cache/capacity.h"

#include <math.h>

double capacity_l1_resident_blocks(const launch *l, int64_t wave_blocks)
{
	/* a wave of n blocks spread over the SMs puts ceil(n / SMs) on each,
	 * never more than occupancy allows */
	double sms = l->hw->sm_count.value > 0 ? l->hw->sm_count.value : 1;
	double resident = ceil((double)wave_blocks / sms);
	if (resident > l->blocks_per_sm)
		resident = l->blocks_per_sm;
	return resident < 1 ? 1 : resident;
}

double capacity_l1_oversubscription(const launch *l, double lines_per_block, int64_t wave_blocks)
{
	if (l->l1_capacity_bytes <= 0)
		return 1e9;
	return lines_per_block * l->hw->l1_line_bytes.value * capacity_l1_resident_blocks(l, wave_blocks) /
		l->l1_capacity_bytes;
}

double capacity_l1_outer_iterations(const launch *l, const access_stats *access, double active_threads)
{
	int outer = -1, chosen = -1;
	for (int i = 0; i < l->n_accesses; i++) {
		const km_access *a = l->accesses[i].src;
		if (l->accesses[i].field->space != km_space_global || a->kind != km_load)
			continue;
		if (a->n_loops == 0 || (outer >= 0 && a->loops[0] != outer))
			return 1;
		outer = a->loops[0];
		/* the loop must stream: each iteration moves the block's accesses
		 * past everything the previous one touched (not a repeat loop, not
		 * a sliding window) */
		const bound_access *b = &l->accesses[i];
		/* `count` repeats of one address: where the repeats fall is unknown */
		if (!b->linear || a->count > 1)
			return 1;
		double span = a->bytes;
		for (int d = 0; d < 3; d++)
			span += fabs((double)b->addr.coeff[d]) * (double)(l->block[d] - 1);
		if (fabs((double)b->addr.coeff[6 + outer]) < span)
			return 1;
		if (chosen < 0 || a->n_loops < l->accesses[chosen].src->n_loops)
			chosen = i;
	}
	if (chosen < 0 || active_threads <= 0)
		return 1;
	const km_access *a = l->accesses[chosen].src;
	double inner = 1;
	for (int j = 1; j < a->n_loops; j++) {
		if (!loop_modelled_constant(&l->loops[a->loops[j]]))
			return 1;
		inner *= (double)l->loops[a->loops[j]].trips;
	}
	double iterations = access[chosen].lanes / active_threads / (inner > 0 ? inner : 1);
	return iterations > 1 ? iterations : 1;
}

double capacity_l1_hit(const warpest_hw *hw, double oversubscription)
{
	return hw_gompertz_hit(&hw->hit_l1_redundant, oversubscription);
}

/* A split L2 (l2_effective_bytes below l2_bytes) has two segments; a line
 * read from the far one is copied into the near one. A unit touched by r
 * blocks, each on either segment with probability 1/2 independently (the
 * block-to-SM placement is unknown), lies in one segment only with
 * probability 2 * 2^-r: duplicated with probability 1 - 2^(1-r). r is the
 * wave's mean number of blocks per distinct unit. */
double capacity_l2_duplication(const warpest_hw *hw, double block_bytes, double wave_bytes)
{
	if (hw->l2_effective_bytes.value >= hw->l2_bytes.value || wave_bytes <= 0)
		return 0;
	double r = block_bytes / wave_bytes;
	if (r <= 1)
		return 0;
	return 1.0 - pow(2.0, 1.0 - r);
}

double capacity_l2_bytes(const warpest_hw *hw, double duplication)
{
	double nominal = hw->l2_bytes.value, shared = hw->l2_effective_bytes.value;
	if (shared >= nominal)
		return shared;
	double d = duplication < 0 ? 0 : (duplication > 1 ? 1 : duplication);
	return nominal - d * (nominal - shared);
}
