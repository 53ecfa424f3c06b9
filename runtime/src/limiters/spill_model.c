/* The register-spill term: ptxas's static spill bytes spread over the
 * thread's dynamic operations, as L1 wavefronts, LSU instructions and,
 * past L1's capacity, L2 traffic. Formulas: docs/model.md "Register
 * spills". */
#include "limiters/spill_model.h"

#include "cache/capacity.h"

/* Local memory is interleaved per lane: a warp's 4-byte spill access covers
 * 32 * 4 contiguous bytes, one 128 B wavefront of the data stage. */
#define LANES 32.0
#define WAVEFRONT_BYTES 128.0

/* Where the figures came from: the configuration gave those in
 * `from_config` (launch.h's bits), the model the others of `given`. */
static const char *spill_source(unsigned from_config, unsigned given)
{
	if (from_config == 0)
		return "model resources";
	return from_config == given ? "configuration" : "model resources and configuration";
}

int spill_model_applies(const launch *l)
{
	return l->spill_store_bytes > 0 || l->spill_load_bytes > 0;
}

void spill_model_run(const launch *l, double op_factor, double active_threads,
	int64_t wave_blocks, spill_result *s)
{
	double st = l->spill_store_bytes > 0 ? (double)l->spill_store_bytes : 0;
	double ld = l->spill_load_bytes > 0 ? (double)l->spill_load_bytes : 0;
	if (!spill_model_applies(l) || active_threads <= 0)
		return;
	s->present = 1;
	unsigned given = (l->spill_store_bytes >= 0 ? 1u : 0) | (l->spill_load_bytes >= 0 ? 2u : 0) |
		(l->stack_frame_bytes >= 0 ? 4u : 0);
	s->source = spill_source(l->spill_from_config, given);
	s->static_store_bytes = st;
	s->static_load_bytes = ld;
	s->stack_frame_bytes = l->stack_frame_bytes >= 0 ? (double)l->stack_frame_bytes : -1;
	s->op_factor = op_factor > 0 ? op_factor : 1;
	s->store_bytes = st * s->op_factor;
	s->load_bytes = ld * s->op_factor;
	double bytes = (s->store_bytes + s->load_bytes) * active_threads;
	s->wavefronts = bytes / WAVEFRONT_BYTES;
	s->lsu_lanes = bytes / SPILL_INSTRUCTION_BYTES;
	s->warp_instructions = s->lsu_lanes / LANES;
	/* each warp-instruction takes the larger of its data wavefront and
	 * the LSU issue limit, as in warp_cost.c */
	double issue = LANES * SPILL_INSTRUCTION_BYTES / l->hw->l1_bytes_per_cycle.value;
	s->l1_cycles = s->warp_instructions * (issue > 1 ? issue : 1);
	s->l1_left_bytes = l->l1_capacity_bytes;
	if (s->stack_frame_bytes <= 0)
		return;
	double resident = capacity_l1_resident_blocks(l, wave_blocks) * l->threads_per_block;
	s->footprint_bytes = s->stack_frame_bytes * resident;
	/* Reported, not charged: ptxas reloads a spilled value soon after it
	 * stored it (around the live range that overflows), so the spills in
	 * flight are a small part of the frames, and they hit L1 even when the
	 * frames of the resident threads exceed it (docs/model.md "Register
	 * spills": charging the excess to L2 made the convolution set's spilling
	 * configurations 5-10x too slow). */
	s->l2_share = 0;
}
